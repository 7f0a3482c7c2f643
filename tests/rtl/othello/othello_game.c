/*
 * othello_game.c - full games through src/drivers/othello_machine.c on one
 * backend (sdl: the C model; sim: the Verilated RTL): White plays random
 * legal moves, Black is the machine at its default search; every Black move
 * must be legal and every pass forced by oth_ref.c, an array board written
 * from the rules, and each game must end by two passes.  Also the driver's
 * refusals of bad input.  With `both`, one game on each backend from the
 * same seed: the Black answers (and their clocks) must be the same, the C
 * model and the RTL seen through the whole HAL.  Prints TAP.
 * Usage: othello_game sdl|sim [GAMES] | othello_game both
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/othello_machine.h"
#include "hal.h"
#include "oth_ref.h"

static int tap_n, tap_failed;

static void tap(int ok, const char *what)
{
    tap_n++;
    tap_failed += !ok;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", tap_n, what);
    fflush(stdout);
}

static uint64_t rng = 0x243F6A8885A308D3ull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* Black's answers of the first game: the byte and CYCLES of each. */
typedef struct game_record {
    int n;
    int answer[80];
    uint32_t cycles[80];
} game_record_t;

static int run_backend(const char *backend, int games, game_record_t *rec)
{
    char err[256];
    rng = 0x243F6A8885A308D3ull;
    rec->n = 0;
    hal_t h;
    hal_config_t cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.backend = backend;
    cfg.headless = 1;
    if (hal_open(&h, &cfg, err, sizeof err) != 0) {
        printf("# SKIP %s: %s\n", backend, err);
        return -1;
    }
    int ok_open = othello_machine_open(&h, err, sizeof err) == 0;
    tap(ok_open, "the ID register reads OTH1");
    if (!ok_open) {
        printf("# %s\n", err);
        hal_close(&h);
        return 1;
    }

    /* Bad input: refused, nothing sent. */
    othello_machine_reset();
    int pass, row, col;
    tap(othello_machine_send_white(0, 8, 0) == -1 && othello_machine_send_white(0, 0, -1) == -1 &&
            othello_machine_poll_black(&pass, &row, &col) == -1 &&
            othello_machine_set_search(11, 0) == -1,
        "bad input refused: square off the board, a poll with no White move, depth 11");

    for (int gi = 0; gi < games; gi++) {
        othello_machine_reset();
        oth_ref_t b;
        oth_ref_start(&b);
        int passes = 0, moves = 0, bad = 0, black_moves = 0;
        uint64_t cycles = 0;
        uint32_t max_cycles = 0;
        while (passes < 2 && moves < 130) {
            int mv[64];
            int n = oth_ref_moves(&b, OTH_REF_WHITE, mv);
            if (n) {
                int w = mv[rnd() % (uint32_t)n];
                oth_ref_play(&b, OTH_REF_WHITE, w / 8, w % 8);
                bad += othello_machine_send_white(0, w / 8, w % 8) != 0;
                passes = 0;
            } else {
                bad += othello_machine_send_white(1, 0, 0) != 0;
                passes++;
            }
            moves++;
            int r = othello_machine_wait_black(&pass, &row, &col, 0);
            if (r != 1) {
                printf("# %s\n", othello_machine_error());
                bad++;
                break;
            }
            uint32_t cyc = othello_machine_cycles();
            if (gi == 0 && rec->n < 80) {
                rec->answer[rec->n] = pass ? -1 : row * 8 + col;
                rec->cycles[rec->n++] = cyc;
            }
            if (pass) {
                bad += oth_ref_moves(&b, OTH_REF_BLACK, mv) != 0;
                passes++;
            } else {
                if (!oth_ref_play(&b, OTH_REF_BLACK, row, col)) {
                    printf("# illegal Black move row %d col %d\n", row, col);
                    bad++;
                }
                passes = 0;
                black_moves++;
                cycles += cyc;
                if (cyc > max_cycles)
                    max_cycles = cyc;
            }
            moves++;
        }
        int mvw[64], mvb[64];
        int over = passes >= 2 && oth_ref_moves(&b, OTH_REF_WHITE, mvw) == 0 &&
                   oth_ref_moves(&b, OTH_REF_BLACK, mvb) == 0;
        char msg[200];
        snprintf(msg, sizeof msg,
                 "%s game %d: %d plies, Black %d - White %d, every Black move legal, ended by two "
                 "passes (%d Black moves, mean %llu max %u clocks)",
                 backend, gi + 1, moves, oth_ref_count(&b, OTH_REF_BLACK),
                 oth_ref_count(&b, OTH_REF_WHITE), black_moves,
                 (unsigned long long)(black_moves ? cycles / (uint64_t)black_moves : 0), max_cycles);
        tap(bad == 0 && over, msg);
    }
    int rc = hal_close(&h);
    tap(rc == 0, "the backend closes cleanly");
    return 0;
}

int main(int argc, char **argv)
{
    const char *backend = argc > 1 ? argv[1] : "sdl";
    int games = argc > 2 ? atoi(argv[2]) : 1;
    static game_record_t a, b;
    if (!strcmp(backend, "both")) {
        int ra = run_backend("sdl", 1, &a), rb = run_backend("sim", 1, &b);
        if (ra < 0 || rb < 0) {
            printf("1..0 # SKIP a backend is missing\n");
            return 0;
        }
        int same = a.n == b.n && a.n > 0 &&
                   !memcmp(a.answer, b.answer, sizeof a.answer[0] * (size_t)a.n) &&
                   !memcmp(a.cycles, b.cycles, sizeof a.cycles[0] * (size_t)a.n);
        char msg[120];
        snprintf(msg, sizeof msg, "sdl and sim: the same %d Black answers with the same CYCLES", a.n);
        tap(same, msg);
    } else if (run_backend(backend, games, &a) < 0) {
        printf("1..0 # SKIP\n");
        return 0;
    }
    printf("1..%d\n", tap_n);
    return tap_failed ? 1 : 0;
}

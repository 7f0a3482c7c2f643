/*
 * bench_othello_machine.c - `tabletop bench othello-machine [--quick]`: seed 003's
 * Othello machine (rtl/othello/, docs/othello.md "The machine") on the
 * clock-exact C model (the othello-parity test holds the RTL to the same
 * clocks), White playing random legal moves:
 *
 *   othello_machine_cycles_mean / _max   clocks from taking White's move to
 *                                        BR low (CYCLES), default search
 *   othello_machine_us_at_50mhz_mean/_max the same as time on the board
 *   othello_machine_budget_cut_moves     moves the clock budget cut short
 *   othello_machine_depth_D_cycles_mean/_max  at depth D, no budget limit
 *   othello_machine_wins_vs_random       games Black won against random White
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "models/othello_model.h"

static uint64_t bo_rng = 0x5DEECE66Dull;

static uint32_t bo_rnd(void)
{
    bo_rng ^= bo_rng << 13;
    bo_rng ^= bo_rng >> 7;
    bo_rng ^= bo_rng << 17;
    return (uint32_t)(bo_rng >> 20);
}

static int bo_popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

typedef struct bo_stats {
    double sum;
    uint32_t max;
    long moves, cut, wins;
} bo_stats_t;

/* One game on the model; White random.  Black's discs and moves counted. */
static void bo_game(oth_model_t *m, uint32_t config, bo_stats_t *s)
{
    oth_model_write(m, OTH_REG_RESET, 1);
    oth_model_write(m, OTH_REG_WHITE, OTH_WHITE_WR);
    oth_model_write(m, OTH_REG_RESET, 0);
    if (config)
        oth_model_write(m, OTH_REG_CONFIG, config);
    uint32_t budget = (config >> 16 ? config >> 16 : OTH_DEFAULT_BUDGET_K) << 10;
    uint64_t b = (1ull << 28) | (1ull << 35), w = (1ull << 27) | (1ull << 36);
    int passes = 0;
    while (passes < 2) {
        uint64_t mv = oth_hw_moves(w, b);
        uint32_t byte = OTH_WHITE_PA;
        if (mv) {
            int k = (int)(bo_rnd() % (uint32_t)bo_popcount(mv));
            while (k--)
                mv &= mv - 1;
            uint64_t sq = mv & (~mv + 1);
            uint64_t f = oth_hw_flips(w, b, sq);
            w |= f | sq;
            b &= ~f;
            byte = 0;
            while (!(sq >> byte & 1))
                byte++;
            passes = 0;
        } else {
            passes++;
        }
        oth_model_write(m, OTH_REG_WHITE, byte);
        oth_model_write(m, OTH_REG_WHITE, byte | OTH_WHITE_WR);
        uint32_t r;
        while ((r = oth_model_read(m, OTH_REG_BLACK)) & OTH_BLACK_BR)
            oth_model_tick(m, 256);
        if (r & OTH_WHITE_PA) {
            passes++;
            continue;
        }
        uint32_t cyc = oth_model_read(m, OTH_REG_CYCLES);
        uint64_t sq = 1ull << (r & 63);
        uint64_t f = oth_hw_flips(b, w, sq);
        b |= f | sq;
        w &= ~f;
        passes = 0;
        s->sum += cyc;
        s->moves++;
        if (cyc > s->max)
            s->max = cyc;
        if (cyc > budget)
            s->cut++;
    }
    s->wins += bo_popcount(b) > bo_popcount(w);
}

int bench_othello_machine_run(int argc, char **argv)
{
    int quick = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else {
            fprintf(stderr, "bench othello-machine: unknown option '%s' (only --quick)\n", argv[i]);
            return 2;
        }
    }
    static oth_model_t m;
    oth_model_reset(&m);
    int games = quick ? 4 : 40;
    bo_stats_t s = {0};
    for (int g = 0; g < games; g++)
        bo_game(&m, 0, &s);
    double mean = s.moves ? s.sum / (double)s.moves : 0.0;
    bench_report("othello_machine_games", games, "games");
    bench_report("othello_machine_cycles_mean", mean, "clocks");
    bench_report("othello_machine_cycles_max", s.max, "clocks");
    bench_report("othello_machine_us_at_50mhz_mean", mean / 50.0, "us");
    bench_report("othello_machine_us_at_50mhz_max", s.max / 50.0, "us");
    bench_report("othello_machine_budget_cut_moves", (double)s.cut, "moves");
    bench_report("othello_machine_wins_vs_random", (double)s.wins, "games");
    int max_depth = quick ? 4 : 6;
    for (int d = 1; d <= max_depth; d++) {
        bo_stats_t t = {0};
        int n = quick ? 2 : (d <= 4 ? 20 : 8);
        for (int g = 0; g < n; g++)
            bo_game(&m, 0xFFFF0000u | (uint32_t)d, &t);
        char name[64];
        snprintf(name, sizeof name, "othello_machine_depth_%d_cycles_mean", d);
        bench_report(name, t.moves ? t.sum / (double)t.moves : 0.0, "clocks");
        snprintf(name, sizeof name, "othello_machine_depth_%d_cycles_max", d);
        bench_report(name, t.max, "clocks");
    }
    return 0;
}

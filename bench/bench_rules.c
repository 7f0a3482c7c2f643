/*
 * bench_rules.c - `tabletop bench rules [--quick]`: the go_rules peripheral
 * (seed 001's pruner and board updater, docs/go_rules.md).
 *
 *   rules_cycles_mean / _max        clocks from start to done per legal
 *                                   stone, on positions of random games
 *                                   (the cycle-exact C model; the
 *                                   go-rules-parity test holds the RTL to
 *                                   the same clocks)
 *   rules_cycles_chain_A_B          mean clocks when the longest chain on
 *                                   the board after the move has A..B stones
 *   rules_us_at_50mhz_mean          the mean clocks as time on the board
 *   rules_territory_cycles_mean/_max clocks of a territory count (two
 *                                   pruners on swapped boards) on the same
 *                                   positions
 *   rules_sw_decision_us            the software decider with the hardware's
 *                                   interface (points in, points out:
 *                                   go_rules_sw_decide, board.c underneath)
 *   rules_sw_live_decision_us       board.c's board_check + board_play on the
 *                                   live position (how the software rules
 *                                   run in the engine)
 *   rules_hw_decision_us_sdl / _sim a whole decision through the driver and
 *                                   the HAL: registers written, polled and
 *                                   read, on the C model and on the
 *                                   Verilated RTL
 */
#include <stdio.h>
#include <string.h>

#include "bench/bench.h"
#include "config.h"
#include "drivers/go_rules.h"
#include "games/go/board.h"
#include "games/go/rules.h"
#include "hal.h"
#include "models/go_rules_model.h"

enum { BR_MAX_POS = 20000 };

typedef struct br_pos {
    uint8_t board[GO_RULES_NPOINTS];
    uint8_t ko[GO_RULES_NPOINTS];
    uint8_t colour, point;
    uint8_t first; /* 1: the first move of a game */
} br_pos_t;

static br_pos_t br_pos[BR_MAX_POS];

static uint32_t br_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static void br_grid(const BoardState *b, uint8_t g[GO_RULES_NPOINTS])
{
    for (int p = 0; p < GO_RULES_NPOINTS; p++)
        g[p] = (uint8_t)board_get(b, p / 9, p % 9);
}

/* Legal stones of random 9x9 games, each with the ko board before it. */
static int br_positions(int want)
{
    static BoardState b;
    uint32_t seed = 15;
    int n = 0;
    while (n < want) {
        board_init(&b);
        uint8_t ko[GO_RULES_NPOINTS] = {0};
        for (int moves = 0; moves < 150 && n < want; moves++) {
            int legal[GO_RULES_NPOINTS], nl = 0;
            for (int p = 0; p < GO_RULES_NPOINTS; p++)
                if (board_check(&b, b.turn, p / 9, p % 9) == MOVE_OK)
                    legal[nl++] = p;
            if (!nl)
                break;
            int p = legal[br_rand(&seed) % (uint32_t)nl];
            br_pos_t *q = &br_pos[n++];
            q->first = moves == 0;
            br_grid(&b, q->board);
            memcpy(q->ko, ko, sizeof ko);
            q->colour = (uint8_t)b.turn;
            q->point = (uint8_t)p;
            memcpy(ko, q->board, sizeof ko);
            board_play(&b, b.turn, p / 9, p % 9);
        }
    }
    return n;
}

/* The largest group on g (stones). */
static int br_longest_chain(const uint8_t g[GO_RULES_NPOINTS])
{
    uint8_t seen[GO_RULES_NPOINTS] = {0};
    int best = 0;
    for (int p = 0; p < GO_RULES_NPOINTS; p++) {
        if (!g[p] || seen[p])
            continue;
        int stack[GO_RULES_NPOINTS], sp = 0, size = 0;
        stack[sp++] = p;
        seen[p] = 1;
        while (sp) {
            int q = stack[--sp];
            size++;
            int nb[4] = {q % 9 ? q - 1 : -1, q % 9 < 8 ? q + 1 : -1, q - 9, q + 9};
            for (int k = 0; k < 4; k++) {
                int r = nb[k];
                if (r >= 0 && r < GO_RULES_NPOINTS && !seen[r] && g[r] == g[p]) {
                    seen[r] = 1;
                    stack[sp++] = r;
                }
            }
        }
        if (size > best)
            best = size;
    }
    return best;
}

/* One decision on the model through its registers; returns the clocks. */
static uint32_t br_model_decide(go_rules_model_t *m, const br_pos_t *q, uint8_t after[81])
{
    for (unsigned base = 0; base < 2; base++) {
        const uint8_t *b = base ? q->ko : q->board;
        for (unsigned k = 0; k < GO_RULES_REG_BOARD_COUNT; k++) {
            uint32_t w = 0;
            for (unsigned i = 0; i < 16 && 16 * k + i < GO_RULES_POINTS; i++)
                w |= (uint32_t)b[16 * k + i] << (2 * i);
            go_rules_model_write(m, (base ? GO_RULES_REG_KO : GO_RULES_REG_BOARD) + 4 * k, w);
        }
    }
    go_rules_model_write(m, GO_RULES_REG_MOVE, (uint32_t)q->colour << 16 | q->point);
    go_rules_model_write(m, GO_RULES_REG_CTRL, GO_RULES_CTRL_MOVE);
    while (go_rules_model_read(m, GO_RULES_REG_STATUS) & GO_RULES_STATUS_BUSY)
        ;
    for (unsigned k = 0; k < GO_RULES_REG_BOARD_COUNT; k++) {
        uint32_t w = go_rules_model_read(m, GO_RULES_REG_RESULT + 4 * k);
        for (unsigned i = 0; i < 16 && 16 * k + i < GO_RULES_POINTS; i++)
            after[16 * k + i] = (uint8_t)((w >> (2 * i)) & 3u);
    }
    return go_rules_model_read(m, GO_RULES_REG_CYCLES);
}

static void br_territory(int n)
{
    static go_rules_model_t m;
    go_rules_model_reset(&m);
    double total = 0;
    uint32_t max = 0;
    for (int i = 0; i < n; i++) {
        for (unsigned k = 0; k < GO_RULES_REG_BOARD_COUNT; k++) {
            uint32_t w = 0;
            for (unsigned j = 0; j < 16 && 16 * k + j < GO_RULES_POINTS; j++)
                w |= (uint32_t)br_pos[i].board[16 * k + j] << (2 * j);
            go_rules_model_write(&m, GO_RULES_REG_BOARD + 4 * k, w);
        }
        go_rules_model_write(&m, GO_RULES_REG_CTRL, GO_RULES_CTRL_TERRITORY);
        while (go_rules_model_read(&m, GO_RULES_REG_STATUS) & GO_RULES_STATUS_TBUSY)
            ;
        uint32_t c = go_rules_model_read(&m, GO_RULES_REG_TCYCLES);
        total += c;
        if (c > max)
            max = c;
    }
    bench_report("rules_territory_cycles_mean", total / n, "clocks");
    bench_report("rules_territory_cycles_max", max, "clocks");
}

static void br_cycles(int n)
{
    static go_rules_model_t m;
    go_rules_model_reset(&m);
    static const int edges[] = {1, 3, 5, 9, 17, 33, 82};
    enum { NB = sizeof edges / sizeof edges[0] - 1 };
    double sum[NB] = {0};
    long count[NB] = {0};
    double total = 0;
    uint32_t max = 0;
    for (int i = 0; i < n; i++) {
        uint8_t after[81];
        uint32_t c = br_model_decide(&m, &br_pos[i], after);
        total += c;
        if (c > max)
            max = c;
        int chain = br_longest_chain(after);
        for (int k = 0; k < NB; k++)
            if (chain >= edges[k] && chain < edges[k + 1]) {
                sum[k] += c;
                count[k]++;
            }
    }
    bench_report("rules_decisions", n, "legal stones of random games");
    bench_report("rules_cycles_mean", total / n, "clocks");
    bench_report("rules_cycles_max", max, "clocks");
    bench_report("rules_us_at_50mhz_mean", total / n / 50.0, "us");
    for (int k = 0; k < NB; k++) {
        if (!count[k])
            continue;
        char name[64];
        snprintf(name, sizeof name, "rules_cycles_chain_%d_%d", edges[k], edges[k + 1] - 1);
        bench_report(name, sum[k] / (double)count[k], "clocks");
    }
}

static void br_sw_time(int n)
{
    double t0 = bench_cpu_now();
    long done = 0;
    int sink = 0;
    do {
        for (int i = 0; i < n; i++) {
            const br_pos_t *q = &br_pos[i];
            go_rules_decision_t d;
            char err[80];
            Move m = {q->point / 9, q->point % 9, 0};
            /* go_rules_sw_decide rebuilds the board from points: that is
             * what a rules engine fed the same registers would do. */
            go_rules_sw_decide(NULL, q->board, q->ko, (Stone)q->colour, m, &d, err, sizeof err);
            sink += d.captured;
        }
        done += n;
    } while (bench_cpu_now() - t0 < 1.0);
    double t = bench_cpu_now() - t0;
    (void)sink;
    bench_report("rules_sw_decision_us", t * 1e6 / (double)done, "us");
}

/* board.c on the live position (its incremental groups and liberties):
 * board_check then board_play, replaying the same games. */
static void br_sw_live_time(int n)
{
    static BoardState b;
    double t0 = bench_cpu_now();
    long done = 0;
    int sink = 0;
    do {
        for (int i = 0; i < n; i++) {
            const br_pos_t *q = &br_pos[i];
            if (q->first || i == 0)
                board_init(&b);
            sink += board_check(&b, (Stone)q->colour, q->point / 9, q->point % 9) == MOVE_OK;
            board_play(&b, (Stone)q->colour, q->point / 9, q->point % 9);
        }
        done += n;
    } while (bench_cpu_now() - t0 < 1.0);
    double t = bench_cpu_now() - t0;
    (void)sink;
    bench_report("rules_sw_live_decision_us", t * 1e6 / (double)done, "us");
}

static void br_hw_time(const char *backend, int n)
{
    hal_t h;
    hal_config_t cfg = {0};
    cfg.backend = backend;
    cfg.headless = 1;
    char err[256];
    if (hal_open(&h, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "bench rules: %s: %s\n", backend, err);
        return;
    }
    go_rules_hw_t hw;
    if (go_rules_hw_open(&hw, &h, err, sizeof err) != 0) {
        fprintf(stderr, "bench rules: %s\n", err);
        hal_close(&h);
        return;
    }
    double t0 = bench_now();
    long done = 0;
    do {
        for (int i = 0; i < n; i++) {
            go_rules_hw_answer_t a;
            if (go_rules_hw_decide(&hw, br_pos[i].board, br_pos[i].ko, br_pos[i].colour,
                                   br_pos[i].point, &a, err, sizeof err) != 0) {
                fprintf(stderr, "bench rules: %s\n", err);
                hal_close(&h);
                return;
            }
        }
        done += n;
    } while (bench_now() - t0 < 1.0);
    double t = bench_now() - t0;
    char name[64];
    snprintf(name, sizeof name, "rules_hw_decision_us_%s", backend);
    bench_report(name, t * 1e6 / (double)done, "us");
    hal_close(&h);
}

int bench_rules_run(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    int n = quick ? 2000 : BR_MAX_POS;
    n = br_positions(n);
    br_cycles(n);
    br_territory(n);
    br_sw_time(quick ? 500 : 2000);
    br_sw_live_time(n);
    br_hw_time("sdl", quick ? 200 : 1000);
#if HAVE_SIM
    br_hw_time("sim", quick ? 200 : 1000);
#endif
    return 0;
}

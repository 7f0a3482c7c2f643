/*
 * bench_othello.c - `tabletop bench othello [--quick] [--ffo-all]
 * [--ffo FIRST-LAST] [--table-bits N] [--threads N]`: the Othello rules and
 * engine (seed 003).  CPU seconds, so that a busy machine
 * bends the figures less, except the FFO set's, which runs on several
 * threads: wall seconds there, as Edax's published figures are, and the
 * CPU seconds beside them.
 *
 *   othello_perft_N_leaves_per_s   perft N from the start (bulk counting at
 *                                  the last ply), N = 10 (--quick) or 11
 *   othello_solve_ffoK_s           exact solve of FFO test position K (its
 *                                  empties in the name), the published score
 *                                  checked; goal: 20 empties under a second
 *   othello_solve_20_empties_mean_s  the mean over the 20-empty positions
 *   othello_perft_12_table_leaves_per_s  perft 12 with the transposition
 *                                  table (symmetric positions sharing entries)
 *   othello_ffoK_Ee_s, othello_ffoK_cpu_s, othello_ffoK_nodes
 *                                  the FFO endgame set #40-#59,
 *                                  each solved exactly (E empty squares; wall
 *                                  and CPU seconds) on --threads N threads
 *                                  (default one a processor, at most 8; the
 *                                  figure othello_ffo_threads) and its
 *                                  published score checked:
 *                                  #40-#42 by default, #40 with --quick, all
 *                                  twenty with --ffo-all (long: see
 *                                  docs/othello.md), FIRST..LAST alone (no
 *                                  perft, no levels) with --ffo
 *   othello.ffo40_59_total_s       the whole set's wall seconds (--ffo-all or
 *                                  --ffo 40-59), othello.ffo40_59_cpu_s its
 *                                  CPU seconds; othello_ffoF_L_total_s and
 *                                  _cpu_s for a part.  The solver's table has 2^22 entries
 *                                  (OTHELLO_TABLE_BITS_SOLVER), 2^N with
 *                                  --table-bits N
 *   othello_levelL_ms_per_move     a level's mean CPU time a move over the
 *                                  positions of a self-played game
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"

/* FFO endgame test positions 24..29 (public suite; tests/data/othello has
 * them with every move's score): squares a1..h8, side to move, best score. */
static const struct {
    int number;
    const char *squares;
    char side;
    int score;
} bench_ffo[] = {
    {24, "--O--O-----OOOX--X-XOXOO--XXXOOOXXXXOOOOXXXOXXOOXXXXXX--XOXX-O--", 'O', 0},
    {25, "----X------XXXO--OOOXXXXXOOOOXXO-XXOOXXOOOXOXXXXOOOXX---X-XXXX--", 'O', 0},
    {26, "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O", 'X', 0},
    {27, "--XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X-", 'X', -2},
    {28, "--O-------OOO--X-XOOOOXXXXXXOXOX-XXOXOOXXXOXOOXX-OOOOO-X---OOO--", 'X', 0},
    {29, "-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO-----------", 'X', 10},
};

/* The FFO endgame set #40-#59 (tests/data/othello/ffo-40-59.obf, from
 * Edax's public fforum-40-59.obf): squares, side to move, best score. */
static const struct {
    int number;
    const char *squares;
    char side;
    int score;
} bench_ffo40[] = {
    {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------", 'X', 38},
    {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O-", 'X', 0},
    {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO--", 'X', 6},
    {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX-", 'O', -12},
    {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX--", 'O', -14},
    {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO--", 'X', 6},
    {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O-", 'X', -8},
    {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX--", 'O', 4},
    {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX-", 'O', 28},
    {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O---", 'X', 16},
    {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O--", 'X', 10},
    {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO--", 'O', 6},
    {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X--------", 'O', 0},
    {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X--", 'X', -2},
    {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O----", 'X', -2},
    {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO---", 'O', 0},
    {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX----------", 'O', 2},
    {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO--", 'X', -10},
    {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX----------", 'X', 4},
    {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X", 'X', 64},
};

/* Solves FFO #first .. #last, printing each one's wall and CPU seconds and
 * the totals.  Returns 0, or 1 when a score differs from the published one. */
static int bench_ffo40_set(othello_engine_t *e, int first, int last)
{
    int status = 0;
    double total = 0, total_cpu = 0;
    char name[64];
    for (size_t i = 0; i < sizeof bench_ffo40 / sizeof bench_ffo40[0]; i++) {
        if (bench_ffo40[i].number < first || bench_ffo40[i].number > last)
            continue;
        othello_board_t p;
        othello_board_from_text(&p, bench_ffo40[i].squares,
                                bench_ffo40[i].side == 'X' ? OTHELLO_BLACK : OTHELLO_WHITE);
        othello_engine_clear(e);
        uint64_t nodes = 0;
        double t0 = bench_now(), c0 = bench_cpu_now();
        int score = othello_engine_solve(e, &p, NULL, &nodes);
        double dt = bench_now() - t0, dc = bench_cpu_now() - c0;
        total += dt;
        total_cpu += dc;
        snprintf(name, sizeof name, "othello_ffo%d_%de_s", bench_ffo40[i].number,
                 64 - othello_count(&p, 0) - othello_count(&p, 1));
        bench_report(name, dt, "s");
        snprintf(name, sizeof name, "othello_ffo%d_cpu_s", bench_ffo40[i].number);
        bench_report(name, dc, "s");
        snprintf(name, sizeof name, "othello_ffo%d_nodes", bench_ffo40[i].number);
        bench_report(name, (double)nodes, "nodes");
        if (score != bench_ffo40[i].score) {
            fprintf(stderr, "tabletop bench othello: FFO %d solved %+d, published %+d\n",
                    bench_ffo40[i].number, score, bench_ffo40[i].score);
            status = 1;
        }
        fflush(stdout);
    }
    if (first == 40 && last == 59)
        snprintf(name, sizeof name, "othello.ffo40_59_total_s");
    else
        snprintf(name, sizeof name, "othello_ffo%d_%d_total_s", first, last);
    bench_report(name, total, "s");
    if (first == 40 && last == 59)
        snprintf(name, sizeof name, "othello.ffo40_59_cpu_s");
    else
        snprintf(name, sizeof name, "othello_ffo%d_%d_cpu_s", first, last);
    bench_report(name, total_cpu, "s");
    return status;
}

/* "F-L" with 40 <= F <= L <= 59 into *first, *last; 0, or -1 (nothing set). */
static int parse_range(const char *text, int *first, int *last)
{
    char *end;
    long f = strtol(text, &end, 10);
    if (end == text || *end != '-')
        return -1;
    const char *second = end + 1;
    long l = strtol(second, &end, 10);
    if (end == second || *end || f < 40 || l > 59 || f > l)
        return -1;
    *first = (int)f;
    *last = (int)l;
    return 0;
}

/* An integer lo..hi into *out; 0, or -1 (nothing set). */
static int parse_int_in(const char *text, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* The engine for the FFO set: its table of 2^bits entries, the threads. */
static othello_engine_t *ffo_engine(int bits, int threads)
{
    othello_engine_t *e = othello_engine_new_sized(bits);
    if (!e || othello_engine_set_threads(e, threads) != 0) {
        othello_engine_free(e);
        fprintf(stderr, "tabletop bench othello: out of memory\n");
        return NULL;
    }
    bench_report("othello_ffo_threads", threads, "threads");
    return e;
}

int bench_othello_run(int argc, char **argv)
{
    int quick = 0, ffo_all = 0, ffo_first = 0, ffo_last = 0, bits = OTHELLO_TABLE_BITS_SOLVER;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[i], "--ffo-all")) {
            ffo_all = 1;
        } else if (i + 1 < argc &&
                   ((!strcmp(argv[i], "--ffo") &&
                     parse_range(argv[i + 1], &ffo_first, &ffo_last) == 0) ||
                    (!strcmp(argv[i], "--table-bits") &&
                     parse_int_in(argv[i + 1], 10, 28, &bits) == 0) ||
                    (!strcmp(argv[i], "--threads") &&
                     parse_int_in(argv[i + 1], 1, 8, &threads) == 0))) {
            i++; /* the option's value */
        } else {
            fprintf(stderr, "tabletop bench othello: bad option '%s' or its value (--quick, --ffo-all, "
                            "--ffo FIRST-LAST within 40-59, --table-bits 10-28, --threads 1-8)\n",
                    argv[i]);
            return 2;
        }
    }
    if (ffo_first) { /* only those FFO positions: the solver's own bench */
        othello_engine_t *e = ffo_engine(bits, threads);
        if (!e)
            return 1;
        int status = bench_ffo40_set(e, ffo_first, ffo_last);
        othello_engine_free(e);
        return status;
    }
    int status = 0;
    othello_board_t b;
    othello_board_start(&b);
    int depth = quick ? 10 : 11;
    double t0 = bench_cpu_now();
    uint64_t leaves = othello_perft(&b, depth);
    double dt = bench_cpu_now() - t0;
    char name[64];
    snprintf(name, sizeof name, "othello_perft_%d_leaves_per_s", depth);
    bench_report(name, (double)leaves / dt, "leaves/s");
    if (leaves != (depth == 10 ? 24571284ULL : 212258800ULL)) {
        fprintf(stderr, "tabletop bench othello: perft %d gave %llu, not the published count\n",
                depth, (unsigned long long)leaves);
        status = 1;
    }

    if (!quick) {
        t0 = bench_cpu_now();
        leaves = othello_perft_table(&b, 12, 20);
        dt = bench_cpu_now() - t0;
        bench_report("othello_perft_12_table_leaves_per_s", (double)leaves / dt, "leaves/s");
        if (leaves != 1939886636ULL) {
            fprintf(stderr, "tabletop bench othello: perft 12 gave %llu, not the published "
                            "count\n", (unsigned long long)leaves);
            status = 1;
        }
    }

    othello_engine_t *e = ffo_engine(bits, threads);
    if (!e)
        return 1;
    if (bench_ffo40_set(e, 40, ffo_all ? 59 : quick ? 40 : 42) != 0)
        status = 1;
    /* FFO 24-29 on one thread, comparable with docs/othello.md's table (CPU seconds). */
    othello_engine_set_threads(e, 1);
    double sum20 = 0;
    int n20 = 0;
    for (size_t i = 0; i < sizeof bench_ffo / sizeof bench_ffo[0]; i++) {
        if (quick && i >= 2)
            break;
        othello_board_t p;
        othello_board_from_text(&p, bench_ffo[i].squares,
                                bench_ffo[i].side == 'X' ? OTHELLO_BLACK : OTHELLO_WHITE);
        int empties = 64 - othello_count(&p, 0) - othello_count(&p, 1);
        othello_engine_clear(e);
        uint64_t nodes = 0;
        t0 = bench_cpu_now();
        int score = othello_engine_solve(e, &p, NULL, &nodes);
        dt = bench_cpu_now() - t0;
        snprintf(name, sizeof name, "othello_solve_ffo%d_%de_s", bench_ffo[i].number, empties);
        bench_report(name, dt, "s");
        snprintf(name, sizeof name, "othello_solve_ffo%d_nodes_per_s", bench_ffo[i].number);
        bench_report(name, (double)nodes / dt, "nodes/s");
        if (score != bench_ffo[i].score) {
            fprintf(stderr, "tabletop bench othello: FFO %d solved %+d, published %+d\n",
                    bench_ffo[i].number, score, bench_ffo[i].score);
            status = 1;
        }
        if (empties == 20) {
            sum20 += dt;
            n20++;
        }
    }
    if (n20)
        bench_report("othello_solve_20_empties_mean_s", sum20 / n20, "s");

    /* Move times: each level plays a whole game against itself, with the
     * engine the console and GTP use (its default, smaller tables). */
    othello_engine_free(e);
    e = othello_engine_new();
    if (!e) {
        fprintf(stderr, "tabletop bench othello: out of memory\n");
        return 1;
    }
    for (int level = OTHELLO_LEVEL_MIN; level <= OTHELLO_LEVEL_MAX; level++) {
        if (quick && level > 4)
            break;
        othello_board_start(&b);
        othello_engine_clear(e);
        othello_level_t cfg = othello_level_config(level);
        double cpu = 0, worst = 0;
        int moves = 0;
        while (!othello_game_over(&b)) {
            othello_result_t r;
            t0 = bench_cpu_now();
            othello_engine_think(e, &b, cfg, &r);
            dt = bench_cpu_now() - t0;
            cpu += dt;
            if (dt > worst)
                worst = dt;
            moves++;
            othello_play(&b, r.move);
        }
        snprintf(name, sizeof name, "othello_level%d_ms_per_move", level);
        bench_report(name, 1000.0 * cpu / moves, "ms");
        snprintf(name, sizeof name, "othello_level%d_ms_worst_move", level);
        bench_report(name, 1000.0 * worst, "ms");
    }
    othello_engine_free(e);
    return status;
}

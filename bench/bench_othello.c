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
 *
 * With --edax BINARY (or TABLETOP_PEER_EDAX=BINARY; tools/peers/build_edax.sh
 * builds it at a pinned commit), after the figures above, Edax beside our
 * solver on FFO #40-#44 (#40-#59 with --full; FIRST..LAST alone, nothing
 * else, with --ffo), one thread each, position by position, each from an
 * empty table, in the same run:
 *   othello_ffoK_1t_cpu_s, _1t_nodes   ours on one thread (CPU seconds)
 *   othello_ffoK_edax_cpu_s            Edax's CPU (wait4) less its start-up
 *                                      (the least of three runs with no
 *                                      position; a time inside the
 *                                      start-up's spread is said so instead)
 *   othello_ffoK_edax_s, _edax_nodes   its own clock and node count
 *   othello_ffoK_ours_over_edax        our CPU time over Edax's
 *   othello_ffo_ours_over_edax         the same over the positions run
 *   othello_ffo_edax_exact             positions where Edax's score, ours
 *                                      and the published one agree
 *   othello_ffo_1t_nodes_per_cpu_s, othello_ffo_edax_nodes_per_cpu_s
 *                                      each one's nodes a CPU second
 *   othello.edax_core_factor           a core of the Core i7-9700 against
 *                                      one here, from Edax's node rates
 *                                      (edax_scaled below)
 *   othello.ffo40_59_edaxV_scaled_Tt_s Edax V's published 8-thread set
 *                                      time scaled to T threads here (T:
 *                                      --threads), V = 455 and 44
 *   othello.ffo40_59_over_edaxV_scaled with --ffo-all: our set's wall time
 *                                      in this run over that
 * Edax runs `-solve` (one process a position, -n 1 -l 60 -book-usage off,
 * its default table of 2^22 entries like ours) with the eval.dat of
 * --edax-eval FILE, else the one tools/peers/ wrote beside its build.  That
 * one is flat (every weight zero: the trained weights are not reachable
 * here), and the bench says so: a flat Edax orders its moves worse than the
 * published Edax.  Edax's published 8-thread times for the set are printed
 * as a reference (othello.ffo40_59_edax_published_*), not measured.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/bench_peer.h"
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
static int bench_ffo40_set(othello_engine_t *e, int first, int last, double *wall)
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
    if (wall)
        *wall = total;
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

/* Edax beside our solver (--edax): the program, its evaluation file, the
 * scratch folder it runs in, and its start-up CPU. */
typedef struct edax_peer {
    const char *binary;
    char eval[4096];  /* absolute path of its eval.dat */
    int flat;         /* 1: every weight zero (tools/peers/build_edax.sh's stand-in) */
    char dir[BENCH_PEER_DIR_MAX]; /* the scratch folder: its working folder */
    double base_s;    /* the least CPU seconds of a run with no position */
    double spread_s;  /* the most such run less the least */
} edax_peer_t;

/* Edax's published times for the whole set, 8 threads, wall time (README of
 * okuhara/edax-reversi-AVX, Core i7-9700, Windows; docs/othello.md quotes
 * them): a reference, not measured here. */
static const struct {
    const char *name;
    const char *version; /* in the names of the scaled figures */
    double seconds;
} edax_published[] = {
    {"othello.ffo40_59_edax_published_8t_edax455_s", "edax455", 86.4},
    {"othello.ffo40_59_edax_published_8t_edax44_s", "edax44", 152.5},
};

/* The eval.dat for binary: FILE if given, else where tools/peers/ puts it
 * (DIR/eval.dat for DIR/src/bin/lEdax-*), else Edax's own data/ folder.
 * Fills e->eval and e->flat; 0, or -1 after a message. */
static int edax_find_eval(edax_peer_t *e, const char *given)
{
    char tries[3][4096];
    int n = 0;
    if (given) {
        snprintf(tries[n++], sizeof tries[0], "%s", given);
    } else {
        char bindir[4096];
        snprintf(bindir, sizeof bindir, "%s", e->binary);
        char *slash = strrchr(bindir, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(bindir, sizeof bindir, ".");
        snprintf(tries[n++], sizeof tries[0], "%.4000s/../../eval.dat", bindir);
        snprintf(tries[n++], sizeof tries[0], "%.4000s/../data/eval.dat", bindir);
    }
    for (int i = 0; i < n; i++) {
        FILE *f = fopen(tries[i], "rb");
        if (!f)
            continue;
        if (!realpath(tries[i], e->eval)) {
            fclose(f);
            continue;
        }
        /* Flat: the header (28 bytes) and then only zeros, as the build
         * script writes it when the trained file cannot be had. */
        unsigned char buf[65536];
        size_t got, total = 0;
        int zero = 1;
        while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
            for (size_t k = 0; k < got && zero; k++)
                if (total + k >= 28 && buf[k])
                    zero = 0;
            total += got;
        }
        fclose(f);
        e->flat = zero && total > 28;
        return 0;
    }
    fprintf(stderr, "tabletop bench othello: --edax %s: no eval.dat beside it (tried %s%s%s); "
                    "give --edax-eval FILE\n",
            e->binary, tries[0], n > 1 ? " and " : "", n > 1 ? tries[1] : "");
    return -1;
}

/* Edax -solve on one position file (a name in e->dir, "" for an empty
 * one), its report into e->dir/out.  Returns Edax's exit code or < 0 (see
 * bench_peer_run), its CPU seconds in *cpu_s. */
static int edax_run(const edax_peer_t *e, const char *problem, int timeout_ms, double *cpu_s)
{
    char out[512];
    snprintf(out, sizeof out, "%s/out", e->dir);
    char *const argv[] = {(char *)e->binary, (char *)"-eval-file", (char *)e->eval,
                          (char *)"-book-usage", (char *)"off", (char *)"-n", (char *)"1",
                          (char *)"-l", (char *)"60", (char *)"-solve", (char *)problem, NULL};
    return bench_peer_run("Edax", argv, e->dir, NULL, out, timeout_ms, cpu_s);
}

/* A time like "0:00.521" or "1:02:03.4" in seconds. */
static double edax_clock_s(const char *text)
{
    double s = 0.0;
    const char *p = text;
    for (;;) {
        char *end;
        double v = strtod(p, &end);
        if (end == p)
            break;
        s = s * 60.0 + v;
        if (*end != ':')
            break;
        p = end + 1;
    }
    return s;
}

/* Reads Edax's report in e->dir/out: 1 if it holds the table's header and
 * (want_row) one exact row, whose score, clock and nodes are filled. */
static int edax_read(const edax_peer_t *e, int want_row, int *score, double *clock_s,
                     double *nodes)
{
    char path[512], line[512];
    snprintf(path, sizeof path, "%s/out", e->dir);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int header = 0, row = 0;
    while (fgets(line, sizeof line, f)) {
        char depth[32], clock[32];
        unsigned long long n;
        int idx, sc;
        if (strstr(line, "depth|score|"))
            header = 1;
        else if (header && sscanf(line, " %d|%31s %d %31s %llu", &idx, depth, &sc, clock, &n) == 5 &&
                 !strchr(depth, '@')) {
            *score = sc;
            *clock_s = edax_clock_s(clock);
            *nodes = (double)n;
            row = 1;
        }
    }
    fclose(f);
    return header && (!want_row || row);
}

/* Starts the comparison: the scratch folder, the start-up measured three
 * times on an empty problem file.  0, or -1 after a message (and nothing
 * left behind). */
static int edax_open(edax_peer_t *e)
{
    if (bench_peer_scratch_make(e->dir, "edax") != 0)
        return -1;
    char empty[512];
    snprintf(empty, sizeof empty, "%s/none.obf", e->dir);
    FILE *f = fopen(empty, "w");
    if (!f || fclose(f) != 0) {
        fprintf(stderr, "tabletop bench othello: cannot write %s\n", empty);
        bench_peer_scratch_remove(e->dir);
        return -1;
    }
    double lo = 1e30, hi = 0.0;
    for (int k = 0; k < 3; k++) {
        double cpu = 0.0;
        int score;
        double clock, nodes;
        int rc = edax_run(e, "none.obf", 60000, &cpu);
        if (rc != 0 || !edax_read(e, 0, &score, &clock, &nodes)) {
            fprintf(stderr, "tabletop bench othello: --edax %s: does not answer as Edax -solve does (%s)\n",
                    e->binary,
                    rc == -2  ? "no end within 60 s"
                    : rc != 0 ? "it failed"
                              : "no table in its output");
            bench_peer_scratch_remove(e->dir);
            return -1;
        }
        lo = cpu < lo ? cpu : lo;
        hi = cpu > hi ? cpu : hi;
    }
    e->base_s = lo;
    e->spread_s = hi - lo;
    return 0;
}

/* Edax's published set times brought to this machine.  A core of this
 * machine against a core of the Core i7-9700 is taken as Edax's nodes a
 * second a thread there over its nodes a CPU second here:
 *   there: EDAX_SET_NODES over the 8-thread time of the nearest version
 *          with a published time (4.5.3, wEdax-x86-64, 90.9 s), a thread;
 *   here:  the nodes a CPU second of the Edax just run, one thread.
 * EDAX_SET_NODES is Edax 4.5.2's node count for the set (x64 build, the
 * benchmark page of Egaroucid 7.6.0).  A node of Edax costs about the same
 * with any evaluation (the last plies, which use none, are most of them),
 * so a flat Edax gives the rate here.  Each published time is then scaled
 * to `threads` threads here as if Edax's threads were all equally useful
 * (8 / threads): that is kind to Edax, whose 8 threads do not search 8
 * times as fast as one.  docs/othello.md says what the factor leaves out. */
#define EDAX_SET_NODES 27759979840.0
#define EDAX_453_8T_S 90.9

static void edax_scaled(double edax_nodes_per_s, int threads, double set_wall)
{
    bench_report("othello_ffo_edax_nodes_per_cpu_s", edax_nodes_per_s, "nodes/s");
    double there = EDAX_SET_NODES / EDAX_453_8T_S / 8.0;
    double factor = there / edax_nodes_per_s;
    bench_report("othello.edax_i7_9700_thread_nodes_per_s", there, "nodes/s");
    bench_report("othello.edax_core_factor", factor, "x");
    char name[96];
    for (size_t i = 0; i < sizeof edax_published / sizeof edax_published[0]; i++) {
        double scaled = edax_published[i].seconds * 8.0 / threads * factor;
        const char *version = edax_published[i].version;
        snprintf(name, sizeof name, "othello.ffo40_59_%s_scaled_%dt_s", version, threads);
        bench_report(name, scaled, "s");
        if (set_wall > 0.0) {
            snprintf(name, sizeof name, "othello.ffo40_59_over_%s_scaled", version);
            bench_report(name, set_wall / scaled, "x");
        }
    }
    printf("# scaled: Edax's published 8-thread set time x 8/%d threads x the core factor "
           "(docs/othello.md)%s\n",
           threads, set_wall > 0.0 ? "; over: our set's wall time in this run over it" : "");
}

/* FFO #first..#last: ours on one thread, then Edax, position by position.
 * Returns 0, 1 when a score differs from the published one, -1 when Edax
 * stopped answering. */
static int bench_ffo_edax(othello_engine_t *ours, edax_peer_t *e, int first, int last,
                          int threads, double set_wall)
{
    printf("# Edax %s with %s eval.dat %s%s\n", e->binary, e->flat ? "a FLAT" : "the given",
           e->eval,
           e->flat ? ": every weight zero (its trained weights are not reachable here), so its "
                     "move ordering is weaker than the published Edax's"
                   : "");
    printf("# one thread each, each position from an empty table; times are CPU seconds\n");
    bench_report("othello_ffo_edax_startup_ms", e->base_s * 1e3, "ms");
    for (size_t i = 0; i < sizeof edax_published / sizeof edax_published[0]; i++)
        bench_report(edax_published[i].name, edax_published[i].seconds, "s");
    printf("# the two published_8t lines: Edax 4.5.5 and 4.4 on 8 threads, Core i7-9700 (README "
           "of okuhara/edax-reversi-AVX), not measured here\n");
    othello_engine_set_threads(ours, 1);
    int status = 0, exact = 0, count = 0, told = 1;
    double ours_total = 0.0, edax_total = 0.0, ours_nodes = 0.0;
    double rate_nodes = 0.0, rate_cpu = 0.0; /* Edax's, over the positions told from start-up */
    char name[96];
    for (size_t i = 0; i < sizeof bench_ffo40 / sizeof bench_ffo40[0]; i++) {
        int k = bench_ffo40[i].number;
        if (k < first || k > last)
            continue;
        othello_board_t p;
        othello_board_from_text(&p, bench_ffo40[i].squares,
                                bench_ffo40[i].side == 'X' ? OTHELLO_BLACK : OTHELLO_WHITE);
        othello_engine_clear(ours);
        uint64_t nodes = 0;
        double c0 = bench_cpu_now();
        int score = othello_engine_solve(ours, &p, NULL, &nodes);
        double ours_s = bench_cpu_now() - c0;
        snprintf(name, sizeof name, "othello_ffo%d_1t_cpu_s", k);
        bench_report(name, ours_s, "s");
        snprintf(name, sizeof name, "othello_ffo%d_1t_nodes", k);
        bench_report(name, (double)nodes, "nodes");
        fflush(stdout);

        char path[512];
        snprintf(path, sizeof path, "%s/p.obf", e->dir);
        FILE *f = fopen(path, "w");
        int written = f && fprintf(f, "%s %c;\n", bench_ffo40[i].squares, bench_ffo40[i].side) > 0;
        if (f && fclose(f) != 0)
            written = 0;
        if (!written) {
            fprintf(stderr, "tabletop bench othello: cannot write %s\n", path);
            return -1;
        }
        double cpu = 0.0, clock = 0.0, edax_nodes = 0.0;
        int edax_score = 0;
        int rc = edax_run(e, "p.obf", 4 * 3600 * 1000, &cpu);
        if (rc != 0 || !edax_read(e, 1, &edax_score, &clock, &edax_nodes)) {
            fprintf(stderr, "tabletop bench othello: Edax gave no exact solve of FFO #%d (%s)\n", k,
                    rc == -2 ? "no end within 4 hours" : rc != 0 ? "it failed" : "no exact row");
            return -1;
        }
        double solving = cpu - e->base_s;
        snprintf(name, sizeof name, "othello_ffo%d_edax_s", k);
        bench_report(name, clock, "s");
        snprintf(name, sizeof name, "othello_ffo%d_edax_nodes", k);
        bench_report(name, edax_nodes, "nodes");
        if (solving > 10.0 * e->spread_s && solving > 0.0) {
            snprintf(name, sizeof name, "othello_ffo%d_edax_cpu_s", k);
            bench_report(name, solving, "s");
            snprintf(name, sizeof name, "othello_ffo%d_ours_over_edax", k);
            bench_report(name, ours_s / solving, "x");
            rate_nodes += edax_nodes;
            rate_cpu += solving;
        } else {
            printf("# othello_ffo%d_edax_cpu_s: not told apart from its start-up (%.3f s solving "
                   "against %.3f s of start-up spread)\n",
                   k, solving, e->spread_s);
            told = 0;
        }
        ours_total += ours_s;
        edax_total += solving;
        ours_nodes += (double)nodes;
        count++;
        if (score == bench_ffo40[i].score && edax_score == bench_ffo40[i].score)
            exact++;
        else {
            fprintf(stderr,
                    "tabletop bench othello: FFO #%d: ours %+d, Edax %+d, published %+d\n", k,
                    score, edax_score, bench_ffo40[i].score);
            status = 1;
        }
        fflush(stdout);
    }
    bench_report("othello_ffo_edax_positions", count, "positions");
    bench_report("othello_ffo_edax_exact", exact, "positions");
    snprintf(name, sizeof name, "othello_ffo%d_%d_1t_cpu_s", first, last);
    bench_report(name, ours_total, "s");
    snprintf(name, sizeof name, "othello_ffo%d_%d_edax_cpu_s", first, last);
    bench_report(name, edax_total, "s");
    if (edax_total > 0.0)
        bench_report("othello_ffo_ours_over_edax", ours_total / edax_total, "x");
    if (!told)
        printf("# othello_ffo_ours_over_edax: some positions were inside Edax's start-up spread\n");
    if (ours_total > 0.0)
        bench_report("othello_ffo_1t_nodes_per_cpu_s", ours_nodes / ours_total, "nodes/s");
    if (rate_cpu > 0.0) {
        if (!told)
            printf("# Edax's nodes a CPU second: over the positions told apart from its start-up\n");
        edax_scaled(rate_nodes / rate_cpu, threads, set_wall);
    }
    return status;
}

int bench_othello_run(int argc, char **argv)
{
    int quick = 0, ffo_all = 0, ffo_first = 0, ffo_last = 0, bits = OTHELLO_TABLE_BITS_SOLVER;
    int full = 0;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
    const char *edax = getenv("TABLETOP_PEER_EDAX"), *edax_eval = NULL;
    if (edax && !edax[0])
        edax = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[i], "--ffo-all")) {
            ffo_all = 1;
        } else if (!strcmp(argv[i], "--full")) {
            full = 1;
        } else if (!strcmp(argv[i], "--edax") && i + 1 < argc) {
            edax = argv[++i];
        } else if (!strcmp(argv[i], "--edax-eval") && i + 1 < argc) {
            edax_eval = argv[++i];
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
                            "--ffo FIRST-LAST within 40-59, --table-bits 10-28, --threads 1-8, "
                            "--edax BINARY, --edax-eval FILE, --full)\n",
                    argv[i]);
            return 2;
        }
    }
    edax_peer_t peer;
    memset(&peer, 0, sizeof peer);
    if (edax) {
        peer.binary = edax;
        if (bench_peer_check_binary("othello", "--edax", edax) != 0 ||
            edax_find_eval(&peer, edax_eval) != 0 || edax_open(&peer) != 0)
            return 1;
    }
    if (ffo_first) { /* only those FFO positions: the solver's own bench */
        othello_engine_t *e = edax ? othello_engine_new_sized(bits) : ffo_engine(bits, threads);
        int status = 1;
        if (e && edax)
            status = bench_ffo_edax(e, &peer, ffo_first, ffo_last, threads, 0.0) != 0;
        else if (e)
            status = bench_ffo40_set(e, ffo_first, ffo_last, NULL);
        else if (edax)
            fprintf(stderr, "tabletop bench othello: out of memory\n");
        othello_engine_free(e);
        if (edax)
            bench_peer_scratch_remove(peer.dir);
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
    if (!e) {
        if (edax)
            bench_peer_scratch_remove(peer.dir);
        return 1;
    }
    double set_wall = 0.0; /* the whole set's wall seconds, when it ran */
    if (bench_ffo40_set(e, 40, ffo_all ? 59 : quick ? 40 : 42, ffo_all ? &set_wall : NULL) != 0)
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
        if (edax)
            bench_peer_scratch_remove(peer.dir);
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
    if (edax) {
        e = othello_engine_new_sized(bits);
        if (!e) {
            fprintf(stderr, "tabletop bench othello: out of memory\n");
            status = 1;
        } else if (bench_ffo_edax(e, &peer, 40, full ? 59 : 44, threads, set_wall) != 0) {
            status = 1;
        }
        othello_engine_free(e);
        bench_peer_scratch_remove(peer.dir);
    }
    return status;
}

/*
 * bench_c4.c - `tabletop bench connect4 [--quick] [--full] [--sets DIR]` (alias
 * `c4`): the seed 004 Connect Four AI and the perfect level's solver.
 *
 *   c4_ai_decisions_per_s        C model decisions a second (one core)
 *   c4_mailbox_flag_to_move_*    clocks from the flag write to the answer
 *                                in the cycle-exact mailbox model (the
 *                                connect4-parity test holds the RTL to the
 *                                same clocks), and the time at 50 MHz
 *   c4_ai_compute                clocks the model's FSM spends computing a
 *                                move (1 + the AI's register stages)
 *   c4_vs_perfect_*              the AI against an exact solver from a set
 *                                of 12-ply openings, playing both sides
 *   connect4_book_*              the opening book (games/connect4/book.h):
 *                                positions, bytes, and the mean time of
 *                                Perfect's move on its positions
 *   connect4_perfect_move_*      Perfect's move (c4_perfect_move) under the
 *                                console's budget on random positions with
 *                                4-12 discs: mean wall time, and how many
 *                                ran out of the budget
 *   connect4_solve_SET_*         with --sets DIR (or TABLETOP_C4_SETS=DIR):
 *                                the solver (games/connect4/solver.h) on
 *                                Pascal Pons' public test sets, files
 *                                Test_L3_R1 ... Test_L1_R3 in DIR (public
 *                                data, not in the repository: see
 *                                docs/connect4.md): mean CPU time and
 *                                positions a solve, the count of exact
 *                                scores, and his published figures beside
 *                                (blog.gamesolver.org, part 12, strong
 *                                solver).  Each position starts from an
 *                                empty table; clearing it is not timed.
 *                                Test_L1_R3 (about 5 s a position) runs its
 *                                first 20 positions unless --full; --quick
 *                                runs the first 50 of the others and 2.
 *                                Without DIR, one line says it was skipped.
 *   connect4_solve_SET_pons_*    with --pons BINARY too (or
 *                                TABLETOP_PEER_PONS=BINARY): Pons' own
 *                                solver (tools/peers/build_pons.sh builds
 *                                it at a pinned commit) on the same
 *                                positions in the same run: its mean CPU
 *                                time, its exact scores, and our time over
 *                                its time.  One process a set, positions on
 *                                its standard input, no opening book; its
 *                                CPU time from wait4(), less that of a run
 *                                with no positions (its start-up and its
 *                                table's clearing).  His main() keeps the
 *                                table from one position to the next,
 *                                where ours starts each from an empty one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/bench_peer.h"
#include "games/connect4/book.h"
#include "games/connect4/c4_ai.h"
#include "games/connect4/c4_game.h"
#include "games/connect4/solver.h"
#include "models/connect4_model.h"

static uint32_t bench_c4_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Positions reached by random legal play, the AI to move in each. */
static int bench_c4_positions(uint16_t (*rows)[6], int want)
{
    uint32_t seed = 2024;
    int n = 0;
    while (n < want) {
        c4_game_t g;
        c4_game_init(&g);
        while (!c4_game_is_over(&g) && n < want) {
            c4_game_state_rows(&g, g.to_move, rows[n++]);
            int col;
            do
                col = (int)(bench_c4_rand(&seed) % 7);
            while (!c4_game_can_play(&g, col));
            c4_game_play(&g, col);
        }
    }
    return n;
}

static void bench_c4_speed(int quick)
{
    enum { N = 4096 };
    static uint16_t rows[N][6];
    bench_c4_positions(rows, N);
    uint32_t sink = 0;
    long done = 0;
    double t0 = bench_cpu_now(), t;
    do {
        for (int i = 0; i < N; i++)
            sink += c4_ai_decide(rows[i], NULL);
        done += N;
        t = bench_cpu_now() - t0;
    } while (t < (quick ? 0.2 : 1.0));
    bench_report("c4_ai_decisions_per_s", (double)done / t, "decisions/s");
    if (sink == 0xFFFFFFFFu)
        printf("# %u\n", sink); /* keeps the loop */

    /* The mailbox handshake, clock by clock, at every polling phase. */
    c4_model_t m;
    c4_model_reset(&m);
    int lo = 1 << 30, hi = 0;
    long sum = 0, count = 0;
    for (int i = 0; i < 300; i++) {
        c4_model_tick(&m, (uint64_t)(i % 5));
        for (int r = 0; r < 6; r++)
            c4_model_reg_write(&m, 4u * (1u + (unsigned)r), rows[i][r]);
        c4_model_reg_write(&m, 0, C4_FLAG_NEW);
        int n = 1;
        while (c4_model_reg_read(&m, 0) != C4_FLAG_DONE && n < 1000)
            n++;
        c4_model_reg_write(&m, 0, 0);
        lo = n < lo ? n : lo;
        hi = n > hi ? n : hi;
        sum += n;
        count++;
    }
    bench_report("c4_mailbox_flag_to_move_min", lo, "cycles");
    bench_report("c4_mailbox_flag_to_move_max", hi, "cycles");
    bench_report("c4_mailbox_flag_to_move_mean", (double)sum / (double)count, "cycles");
    bench_report("c4_mailbox_flag_to_move_mean_time", (double)sum / (double)count * 20.0, "ns");
    /* Clocks the model's FSM spent in its compute state per answer: the AI's
     * pipeline (rtl/connect4/connect4_ai.sv) as the model runs it. */
    bench_report("c4_ai_compute", m.answers ? (double)m.compute_clocks / (double)m.answers : 0.0,
                 "cycles");
}

/* One game from `opening` (columns 0-6), the AI playing side ai_side (1 or
 * 2), the solver the other.  Returns the winner (0 draw); counts AI moves
 * and those that kept the position's game-theoretic result. */
static int bench_c4_game(c4_solver_t *sv, const uint8_t *opening, int plies, int ai_side,
                         int *ai_moves, int *ai_keeps)
{
    c4_game_t g;
    c4_solver_pos_t p;
    c4_game_init(&g);
    c4_solver_pos_init(&p);
    for (int i = 0; i < plies; i++) {
        c4_game_play(&g, opening[i]);
        c4_solver_play(&p, opening[i]);
    }
    while (!c4_game_is_over(&g)) {
        int col;
        if (g.to_move == ai_side) {
            int before;
            c4_solver_best_move(sv, &p, &before);
            uint16_t rows[6];
            c4_game_state_rows(&g, ai_side, rows);
            col = (int)(c4_ai_decide(rows, NULL) & 7u);
            int after;
            if (c4_solver_is_winning_move(&p, col)) {
                after = 1;
            } else {
                c4_solver_pos_t q = p;
                c4_solver_play(&q, col);
                after = q.moves == 42 ? 0 : -c4_solver_solve(sv, &q);
            }
            (*ai_moves)++;
            if ((before > 0) == (after > 0) && (before < 0) == (after < 0))
                (*ai_keeps)++;
        } else {
            col = c4_solver_best_move(sv, &p, NULL);
        }
        if (c4_game_play(&g, col) != C4_OK)
            return -1;
        c4_solver_play(&p, col);
    }
    return g.winner;
}

static int bench_c4_strength(int quick)
{
    c4_solver_t *sv = c4_solver_new(C4_SOLVER_TABLE_LOG2);
    if (!sv) {
        fprintf(stderr, "bench c4: out of memory for the solver\n");
        return 1;
    }
    /* Openings: 12 random plies from a fixed seed, skipping any where a
     * side has a four or an immediate win (the AI should meet a real
     * middle game). */
    enum { PLIES = 12 };
    int want = quick ? 3 : 10;
    uint32_t seed = 4;
    int wins = 0, draws = 0, losses = 0, moves = 0, keeps = 0, games = 0;
    double t0 = bench_now();
    for (int o = 0; o < want;) {
        uint8_t opening[PLIES];
        c4_solver_pos_t p;
        c4_solver_pos_init(&p);
        int ok = 1;
        for (int i = 0; i < PLIES && ok; i++) {
            int col;
            do
                col = (int)(bench_c4_rand(&seed) % 7);
            while (!c4_solver_can_play(&p, col));
            for (int c = 0; c < 7; c++)
                if (c4_solver_can_play(&p, c) && c4_solver_is_winning_move(&p, c))
                    ok = 0;
            opening[i] = (uint8_t)col;
            c4_solver_play(&p, col);
        }
        if (!ok)
            continue;
        for (int side = 1; side <= 2; side++) {
            int w = bench_c4_game(sv, opening, PLIES, side, &moves, &keeps);
            games++;
            if (w == side)
                wins++;
            else if (w == 0)
                draws++;
            else
                losses++;
        }
        o++;
    }
    double t = bench_now() - t0;
    bench_report("c4_vs_perfect_games", games, "games");
    bench_report("c4_vs_perfect_ai_wins", wins, "games");
    bench_report("c4_vs_perfect_ai_draws", draws, "games");
    bench_report("c4_vs_perfect_ai_losses", losses, "games");
    bench_report("c4_vs_perfect_ai_moves_keeping_result", 100.0 * keeps / (moves ? moves : 1),
                 "%");
    bench_report("c4_vs_perfect_solver_nodes", (double)c4_solver_nodes(sv), "positions");
    bench_report("c4_vs_perfect_time", t, "s");
    c4_solver_free(sv);
    return 0;
}

/* Pons' sets and his published figures for his final strong solver (part
 * 12 of http://blog.gamesolver.org/solving-connect-four/, "Lower bound
 * transposition table": mean time in microseconds, mean positions).  He
 * published six sets; Test_L2_R3 (middle, hard) is not among them and is
 * run only if a file of that name is in DIR. */
static const struct bench_c4_set {
    const char *file, *name;
    double pons_us, pons_nodes; /* 0: none published */
} bench_c4_sets[] = {
    {"Test_L3_R1", "end_easy", 4.568, 51.28},
    {"Test_L2_R1", "middle_easy", 37.45, 449.6},
    {"Test_L2_R2", "middle_medium", 3212.0, 39900.0},
    {"Test_L2_R3", "middle_hard", 0.0, 0.0},
    {"Test_L1_R1", "begin_easy", 254.6, 3298.0},
    {"Test_L1_R2", "begin_medium", 96630.0, 1201000.0},
    {"Test_L1_R3", "begin_hard", 5490000.0, 65920000.0},
};

static void bench_c4_line(const struct bench_c4_set *set, const char *what, double v,
                          const char *unit)
{
    char name[128];
    snprintf(name, sizeof name, "connect4_solve_%s_%s", set->name, what);
    bench_report(name, v, unit);
}

/* Runs Pons' solver on the positions in `in` (a line each), its answers
 * into `out`, inside the scratch folder `dir` (at most timeout_ms, < 0: no
 * limit); returns its CPU seconds (user + system, from wait4) or -1 with a
 * message when it failed. */
static double bench_c4_pons_run(const char *binary, const char *dir, const char *in,
                                const char *out, int timeout_ms)
{
    char book[BENCH_PEER_DIR_MAX + 16];
    /* A book that does not exist: Pons' main() then solves every position. */
    snprintf(book, sizeof book, "%s/no.book", dir);
    char *const args[] = {(char *)binary, (char *)"-b", book, NULL};
    double cpu = 0.0;
    int rc = bench_peer_run("Pons' solver", args, dir, in, out, timeout_ms, &cpu);
    if (rc == -1)
        return -1.0;
    if (rc != 0) {
        fprintf(stderr, "bench connect4: Pons' solver %s failed (%s %d)\n", binary,
                rc == -2 ? "killed after ms:" : "exit code", rc == -2 ? timeout_ms : rc);
        return -1.0;
    }
    return cpu;
}

/* A position of Pons' sets (Test_L3_R1's kind: near the end), for the
 * check that --pons answers as his solver does. */
#define BENCH_C4_PONS_PROBE "2252576253462244111563365343671351441"

/* Refuses a --pons that does not answer one position as Pons' solver does
 * ("MOVES SCORE"), before anything runs: 0, or 1 after a one-line message
 * (its scratch folder removed). */
static int bench_c4_pons_check(const char *binary)
{
    char dir[BENCH_PEER_DIR_MAX];
    if (bench_peer_scratch_make(dir, "pons") != 0)
        return 1;
    char in[BENCH_PEER_DIR_MAX + 16], out[BENCH_PEER_DIR_MAX + 16];
    snprintf(in, sizeof in, "%s/probe", dir);
    snprintf(out, sizeof out, "%s/answer", dir);
    const char *why = NULL;
    FILE *f = fopen(in, "w");
    if (f)
        fprintf(f, "%s\n", BENCH_C4_PONS_PROBE);
    if (!f || fclose(f) != 0) {
        why = "cannot write its test position";
    } else {
        double cpu = 0.0;
        char *const args[] = {(char *)binary, (char *)"-b", (char *)"no.book", NULL};
        int rc = bench_peer_run("Pons' solver", args, dir, in, out, 30000, &cpu);
        char line[256] = "";
        FILE *a = rc == 0 ? fopen(out, "r") : NULL;
        size_t k = strlen(BENCH_C4_PONS_PROBE);
        int answered = 0;
        if (a && fgets(line, sizeof line, a) && !strncmp(line, BENCH_C4_PONS_PROBE " ", k + 1)) {
            char *end = NULL;
            (void)strtol(line + k + 1, &end, 10); /* the score: any integer */
            answered = end != line + k + 1;
        }
        if (a)
            fclose(a);
        why = rc == -2  ? "no answer within 30 s"
              : rc == 127 ? "it could not be executed"
              : rc != 0 ? "it failed"
              : !answered ? "no 'MOVES SCORE' line for a test position"
                          : NULL;
    }
    bench_peer_scratch_remove(dir);
    if (why) {
        fprintf(stderr, "tabletop bench connect4: --pons %s: not Pons' solver (%s)\n", binary, why);
        return 1;
    }
    return 0;
}

/* Pons' solver on the positions we solved (moves[i], published score
 * expected[i]), in a scratch folder of its own that is removed after:
 * prints his mean CPU time, his exact count and our time over his.
 * Returns 1 if a score of his differs from the published one. */
static int bench_c4_pons_set(const struct bench_c4_set *set, const char *binary,
                             char (*moves)[64], const int *expected, int n, double our_mean_us)
{
    char dir[BENCH_PEER_DIR_MAX];
    if (bench_peer_scratch_make(dir, "pons") != 0)
        return 0;
    char in[BENCH_PEER_DIR_MAX + 16], empty[BENCH_PEER_DIR_MAX + 16], out[BENCH_PEER_DIR_MAX + 16];
    snprintf(in, sizeof in, "%s/positions", dir);
    snprintf(empty, sizeof empty, "%s/none", dir);
    snprintf(out, sizeof out, "%s/answers", dir);
    int bad = 0;
    FILE *f = fopen(in, "w");
    FILE *e = fopen(empty, "w");
    if (f) {
        for (int i = 0; i < n; i++)
            fprintf(f, "%s\n", moves[i]);
    }
    int written = f && fclose(f) == 0;
    int made_empty = e && fclose(e) == 0;
    if (written && made_empty) {
        /* Its start-up, three times: the least is subtracted, the spread
         * says how small a time can be told from it. */
        double base = 1e30, spread_hi = 0.0;
        for (int k = 0; k < 3 && base >= 0.0; k++) {
            double b = bench_c4_pons_run(binary, dir, empty, out, -1);
            if (b < 0.0) {
                base = -1.0;
                break;
            }
            base = b < base ? b : base;
            spread_hi = b > spread_hi ? b : spread_hi;
        }
        double cpu = base >= 0.0 ? bench_c4_pons_run(binary, dir, in, out, -1) : -1.0;
        FILE *a = cpu >= 0.0 ? fopen(out, "r") : NULL;
        if (a) {
            char line[256], got[128];
            int score, i = 0, exact = 0;
            while (i < n && fgets(line, sizeof line, a)) {
                if (sscanf(line, "%127s %d", got, &score) != 2 || strcmp(got, moves[i]) != 0)
                    break;
                if (score == expected[i])
                    exact++;
                i++;
            }
            fclose(a);
            if (i != n)
                fprintf(stderr, "bench connect4: Pons' solver answered %d of %d positions of %s\n", i,
                        n, set->file);
            double solving = cpu - base, noise = spread_hi - base;
            bench_c4_line(set, "pons_here_exact", exact, "positions");
            bench_c4_line(set, "pons_here_startup", base * 1e3, "ms");
            if (n > 0 && solving > 10.0 * noise && solving > 0.0) {
                double mean_us = solving / n * 1e6;
                bench_c4_line(set, "pons_here_mean_time", mean_us, "us");
                bench_c4_line(set, "ours_over_pons_here", our_mean_us / mean_us, "x");
            } else {
                printf("# connect4_solve_%s_pons_here_mean_time: not told apart from its start-up "
                       "(%.3f ms solving against %.3f ms of start-up spread)\n",
                       set->name, solving * 1e3, noise * 1e3);
            }
            bad = exact != n;
        }
    } else {
        fprintf(stderr, "bench connect4: cannot write the positions for Pons' solver in %s\n", dir);
    }
    bench_peer_scratch_remove(dir);
    return bad;
}

/* Solves the first `limit` lines of a set from an empty table each
 * (clearing it is not timed).  Returns 1 if a score differs from the
 * published one, 0 otherwise (a missing file only says so). */
static int bench_c4_solve_set(c4_solver_t *sv, const char *dir, const struct bench_c4_set *set,
                              int limit, const char *pons)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, set->file);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("# connect4_solve_%s: no %s in %s (%s)\n", set->name, set->file, dir,
               set->pons_us > 0 ? "see docs/connect4.md for where the sets are"
                                : "Pons published no such set");
        return 0;
    }
    char line[256], moves[128];
    int expected, n = 0, exact = 0;
    double total = 0.0;
    uint64_t nodes = 0;
    /* The positions solved, for Pons' solver after ours. */
    char(*done)[64] = pons ? calloc((size_t)limit, sizeof *done) : NULL;
    int *done_score = pons ? calloc((size_t)limit, sizeof *done_score) : NULL;
    while (n < limit && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%127s %d", moves, &expected) != 2 || strlen(moves) >= 64)
            continue;
        c4_game_t g;
        char err[128];
        if (c4_game_parse(&g, moves, err, sizeof err) != C4_OK || c4_game_is_over(&g)) {
            fprintf(stderr, "bench connect4: %s: bad position '%s'\n", set->file, moves);
            continue;
        }
        c4_solver_pos_t p;
        c4_solver_pos_from_game(&p, &g);
        c4_solver_reset(sv);
        uint64_t before = c4_solver_nodes(sv);
        double t0 = bench_cpu_now();
        int score = c4_solver_solve(sv, &p);
        total += bench_cpu_now() - t0;
        nodes += c4_solver_nodes(sv) - before;
        if (score == expected)
            exact++;
        else
            fprintf(stderr, "bench connect4: %s %s: score %d, published %d\n", set->file, moves,
                    score, expected);
        if (done && done_score) {
            memcpy(done[n], moves, strlen(moves) + 1);
            done_score[n] = expected;
        }
        n++;
    }
    fclose(f);
    bench_c4_line(set, "positions", n, "positions");
    bench_c4_line(set, "exact", exact, "positions");
    bench_c4_line(set, "mean_time", n ? total / n * 1e6 : 0.0, "us");
    bench_c4_line(set, "mean_positions", n ? (double)nodes / n : 0.0, "positions");
    if (set->pons_us > 0) {
        bench_c4_line(set, "pons_mean_time", set->pons_us, "us");
        bench_c4_line(set, "pons_mean_positions", set->pons_nodes, "positions");
    }
    int pons_bad = 0;
    if (pons && (!done || !done_score))
        fprintf(stderr, "bench connect4: out of memory for Pons' positions\n");
    else if (pons && n > 0)
        pons_bad = bench_c4_pons_set(set, pons, done, done_score, n, total / n * 1e6);
    free(done);
    free(done_score);
    return (exact == n ? 0 : 1) | pons_bad;
}

static int bench_c4_solver_sets(const char *dir, int quick, int full, const char *pons)
{
    if (!dir) {
        printf("# connect4_solve: skipped - give --sets DIR, a folder with Pascal Pons' test sets "
               "(Test_L3_R1 ... Test_L1_R3, from "
               "http://blog.gamesolver.org/solving-connect-four/02-test-protocol/; "
               "docs/connect4.md says where to get them)\n");
        return 0;
    }
    c4_solver_t *sv = c4_solver_new(C4_SOLVER_TABLE_LOG2);
    if (!sv) {
        fprintf(stderr, "bench connect4: out of memory for the solver\n");
        return 1;
    }
    bench_report("connect4_solver_table_bytes", (double)c4_solver_memory_bytes(sv), "bytes");
    int bad = 0;
    for (size_t i = 0; i < sizeof bench_c4_sets / sizeof bench_c4_sets[0]; i++) {
        int hard = !strcmp(bench_c4_sets[i].file, "Test_L1_R3");
        int limit = quick ? (hard ? 2 : 50) : (hard && !full ? 20 : 1000);
        bad |= bench_c4_solve_set(sv, dir, &bench_c4_sets[i], limit, pons);
    }
    c4_solver_free(sv);
    return bad;
}

/* The perfect move as the console asks for it: the opening book's
 * positions (answered at once), then random positions with 4 to 12 discs,
 * each with a cold table and the console's budget (20 million positions,
 * C4S_PERFECT_BUDGET): the mean time, and how many ran out of the budget
 * (where the console lets the seed's AI move). */
static void bench_c4_perfect_move(int quick)
{
    c4_solver_t *sv = c4_solver_new(C4_SOLVER_TABLE_LOG2);
    if (!sv)
        return;
    bench_report("connect4_book_positions", (double)c4_book_count, "positions");
    bench_report("connect4_book_depth", c4_book_depth, "discs");
    bench_report("connect4_book_bytes", (double)(c4_book_count * sizeof c4_book_entries[0]),
                 "bytes");
    double t0 = bench_now();
    int n = 0;
    for (size_t i = 0; i < c4_book_count; i++) {
        c4_solver_pos_t p;
        int score;
        unsigned cols;
        c4_book_entry(i, &p, &score, &cols);
        n += c4_perfect_move(sv, &p, &score) >= 0;
    }
    double t = bench_now() - t0;
    bench_report("connect4_book_move_time", n ? t / n * 1e6 : 0.0, "us");

    c4_solver_set_budget(sv, 20000000u);
    uint32_t seed = 19;
    for (int discs = 4; discs <= 12; discs += 2) {
        int want = quick ? 2 : 6, done = 0, out = 0;
        double total = 0.0;
        while (done < want) {
            c4_solver_pos_t p;
            c4_solver_pos_init(&p);
            int ok = 1;
            while (ok && p.moves < discs) {
                int c = (int)(bench_c4_rand(&seed) % 7);
                if (!c4_solver_can_play(&p, c))
                    continue;
                ok = !c4_solver_is_winning_move(&p, c);
                c4_solver_play(&p, c);
            }
            if (!ok)
                continue;
            c4_solver_reset(sv);
            double t1 = bench_now();
            int col = c4_perfect_move(sv, &p, NULL);
            total += bench_now() - t1;
            out += col < 0;
            done++;
        }
        char name[96];
        snprintf(name, sizeof name, "connect4_perfect_move_%d_discs_mean_time", discs);
        bench_report(name, total / done * 1e3, "ms");
        snprintf(name, sizeof name, "connect4_perfect_move_%d_discs_over_budget", discs);
        bench_report(name, out, "positions");
        snprintf(name, sizeof name, "connect4_perfect_move_%d_discs_tried", discs);
        bench_report(name, done, "positions");
    }
    c4_solver_free(sv);
}

int bench_c4_run(int argc, char **argv)
{
    int quick = 0, full = 0;
    const char *dir = getenv("TABLETOP_C4_SETS");
    const char *pons = getenv("TABLETOP_PEER_PONS");
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[i], "--full")) {
            full = 1;
        } else if (!strcmp(argv[i], "--sets") && i + 1 < argc) {
            dir = argv[++i];
        } else if (!strcmp(argv[i], "--pons") && i + 1 < argc) {
            pons = argv[++i];
        } else {
            fprintf(stderr,
                    "tabletop bench connect4: unknown option '%s' (--quick, --full, --sets DIR, "
                    "--pons BINARY)\n",
                    argv[i]);
            return 2;
        }
    }
    if (pons && (bench_peer_check_binary("connect4", "--pons", pons) != 0 ||
                 bench_c4_pons_check(pons) != 0))
        return 1;
    bench_c4_speed(quick);
    bench_c4_perfect_move(quick);
    int r = bench_c4_strength(quick);
    return bench_c4_solver_sets(dir, quick, full, pons) | r;
}

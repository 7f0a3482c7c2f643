/*
 * bench_go.c - `tabletop bench go [--quick]`: the Go engine's figures
 * (docs/engine.md, "Benchmarks"), with GNU Go beside them where that makes sense.
 *
 *   go_playouts_per_s        reference-policy playouts from the empty 9x9
 *                            board, one core (the reference policy: uniform
 *                            random legal moves, no filling of one-point
 *                            eyes, simple ko, two passes end)
 *   go_playout_moves_mean    stones played per playout (passes excluded)
 *   go_playout_black_win_rate  Black's share of wins at komi 5.5
 *   go_l3_move_ms_200 / _10000  level-3 move on the empty board (CPU time)
 *   go_pool_bytes            the node pool of one ai_t
 *   go_l3_memory_bytes       the level-3 AI's heap as glibc counts it
 *                            (mallinfo2: the ai_t and its pool) after one
 *                            200-simulation move; seed 000 budgets the AI
 *                            "< 1 MB" on the board (docs/board.md)
 *   go_l3_board_pool_*       the board build's pool (200 simulations'
 *                            worst case, MCTS_BOARD_POOL_NODES)
 *   go_l3_timed_*            level 3 searching by time as under GTP's clock:
 *                            simulations a second on one and on two threads
 *                            (wall time), and the visits kept from the
 *                            previous move's tree
 *   gnugo_*                  /usr/games/gnugo genmove (CPU time), first moves of a
 *                            self-play game from the empty board
 */
#include "bench/bench.h"
#include "games/go/ai.h"
#include "games/go/board.h"
#include "games/go/board_private.h"
#include "games/go/mcts.h"
#include "games/go/pboard.h"
#include "games/go/playout.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <unistd.h>

#define GNUGO_PATH "/usr/games/gnugo"

/* The reference policy on the playout board (pboard.h), what level 3's
 * playouts run on: playouts/s on one core, plies (every ply, passes
 * included) and Black's share of wins, beside Don Dailey's reference bot
 * (111.03 plies, 0.4457 at komi 5.5). */
static void bench_go_pboard(long count)
{
    pboard_t start;
    pboard_init(&start, BOARD_DEFAULT_KOMI2);
    rng_t rng;
    rng_seed(&rng, 42);
    long black_wins = 0, plies = 0;
    double t0 = bench_cpu_now();
    for (long i = 0; i < count; i++) {
        pboard_t b = start;
        int n = 0;
        black_wins += pboard_playout(&b, 3 * 81, &rng, &n) > 0;
        plies += n;
    }
    double dt = bench_cpu_now() - t0;
    bench_report("go_playouts_per_s", (double)count / dt, "playouts/s");
    bench_report("go_playout_plies_mean", (double)plies / (double)count, "plies");
    bench_report("go_playout_black_win_rate", (double)black_wins / (double)count, "fraction");
}

/* The same policy on the full rules board (board.h: exact liberties, hash,
 * record), for comparison. */
static void bench_go_playouts(long count)
{
    BoardState start, b;
    board_init(&start);
    rng_t rng;
    rng_seed(&rng, 42);
    long black_wins = 0, moves = 0;
    double t0 = bench_cpu_now();
    for (long i = 0; i < count; i++) {
        board_copy(&b, &start);
        int margin = playout_run(&b, PLAYOUT_REFERENCE, 3 * 81, &rng, NULL, NULL);
        black_wins += margin > 0;
        moves += b.move_number;
    }
    double dt = bench_cpu_now() - t0;
    bench_report("go_board_playouts_per_s", (double)count / dt, "playouts/s");
    bench_report("go_board_playout_moves_mean", (double)moves / (double)count, "moves");
    bench_report("go_board_playout_black_win_rate", (double)black_wins / (double)count,
                 "fraction");
}

static void bench_go_level3(int sims, int repeats, const char *name)
{
    AiConfig cfg = {.level = AI_MCTS, .playouts = sims, .seed = 7};
    ai_t *ai = ai_create(&cfg);
    if (!ai) {
        fprintf(stderr, "bench go: cannot allocate the node pool\n");
        return;
    }
    BoardState b;
    board_init(&b);
    AiStats st = {0};
    double t0 = bench_cpu_now();
    for (int i = 0; i < repeats; i++)
        ai_choose(ai, &b);
    double dt = (bench_cpu_now() - t0) / repeats;
    ai_last_stats(ai, &st);
    char full[64];
    snprintf(full, sizeof full, "%s", name);
    bench_report(full, dt * 1000.0, "ms");
    snprintf(full, sizeof full, "%s_nodes", name);
    bench_report(full, st.nodes_used, "nodes");
    snprintf(full, sizeof full, "%s_sims_per_s", name);
    bench_report(full, sims / dt, "simulations/s");
    ai_destroy(ai);
}

/* Heap bytes in use, small blocks and mmap'd ones (glibc). */
static size_t bench_go_heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* The level-3 AI as the console makes it (the default pool of this build)
 * after one seed-000 move of 200 simulations. */
static void bench_go_l3_memory(void)
{
    size_t before = bench_go_heap_bytes();
    AiConfig cfg = {.level = AI_MCTS, .playouts = MCTS_SIMULATIONS, .seed = 7};
    ai_t *ai = ai_create(&cfg);
    if (!ai)
        return;
    BoardState b;
    board_init(&b);
    ai_choose(ai, &b);
    AiStats st = {0};
    ai_last_stats(ai, &st);
    bench_report("go_l3_memory_bytes", (double)(bench_go_heap_bytes() - before), "bytes");
    bench_report("go_l3_memory_budget_bytes", 1000000.0, "bytes");
    bench_report("go_l3_200_nodes_used", st.nodes_used, "nodes");
    bench_report("go_l3_board_pool_nodes", MCTS_BOARD_POOL_NODES, "nodes");
    bench_report("go_l3_board_pool_bytes", (double)MCTS_BOARD_POOL_NODES * sizeof(mcts_node_t),
                 "bytes");
    ai_destroy(ai);
}

/* Level 3 by time, as GTP runs it: simulations per wall second on 1 and 2
 * threads from the empty board, then the tree kept across a move and its
 * most searched reply. */
static void bench_go_timed(int ms)
{
    char name[64];
    double rate[3] = {0};
    for (int threads = 1; threads <= 2; threads++) {
        mcts_t m;
        if (mcts_init(&m, 0) != 0)
            return;
        m.params.threads = threads;
        m.params.reuse = 0;
        rng_t rng;
        rng_seed(&rng, 5);
        BoardState b;
        board_init(&b);
        mcts_search(&m, &b, 0, ms, &rng);
        rate[threads] = m.last_simulations * 1000.0 / ms;
        snprintf(name, sizeof name, "go_l3_timed_sims_per_s_%dthread%s", threads,
                 threads > 1 ? "s" : "");
        bench_report(name, rate[threads], "simulations/s");
        if (threads == 2) {
            /* Our move, the reply searched most, and the next search. */
            m.params.reuse = 1;
            int mine = mcts_search(&m, &b, 0, ms, &rng);
            int first = atomic_load(&m.pool[0].children), child = -1, reply = -1;
            for (int i = 0; first >= 0 && i < m.pool[0].n_children; i++)
                if (m.pool[first + i].move == mine)
                    child = first + i;
            int kf = child >= 0 ? atomic_load(&m.pool[child].children) : -1;
            for (int i = 0; kf >= 0 && i < m.pool[child].n_children; i++)
                if (reply < 0 ||
                    atomic_load(&m.pool[kf + i].visits) > atomic_load(&m.pool[reply].visits))
                    reply = kf + i;
            if (reply >= 0) {
                int rp = m.pool[reply].move;
                board_play(&b, b.turn, board_point_row(mine), board_point_col(mine));
                if (rp == BOARD_PASS_POINT)
                    board_pass(&b);
                else
                    board_play(&b, b.turn, board_point_row(rp), board_point_col(rp));
                mcts_search(&m, &b, 0, ms, &rng);
                bench_report("go_l3_timed_kept_visits", m.last_reused, "simulations");
                bench_report("go_l3_timed_nodes_used", mcts_pool_used(&m), "nodes");
            }
        }
        mcts_free(&m);
    }
    if (rate[1] > 0)
        bench_report("go_l3_timed_two_thread_speedup", rate[2] / rate[1], "x");
}

/* CPU seconds used so far by waited-for child processes (GNU Go). */
static double bench_child_cpu_now(void)
{
    struct rusage ru;
    getrusage(RUSAGE_CHILDREN, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* CPU time of one GNU Go session playing the first `moves` genmoves of a
 * self-play game from the empty 9x9 board, minus a session without them:
 * seconds per genmove. */
static double bench_gnugo_genmove(const char *flags, int moves)
{
    char cmd[512];
    double times[2];
    for (int pass = 0; pass < 2; pass++) {
        int n = pass ? moves : 0;
        char script[256] = "boardsize 9\\nclear_board\\n";
        for (int i = 0; i < n; i++)
            strcat(script, i % 2 ? "genmove w\\n" : "genmove b\\n");
        strcat(script, "quit\\n");
        snprintf(cmd, sizeof cmd, "printf '%s' | %s --mode gtp --chinese-rules %s", script,
                 GNUGO_PATH, flags);
        double t0 = bench_child_cpu_now();
        FILE *p = popen(cmd, "r");
        if (!p)
            return -1.0;
        char line[256];
        while (fgets(line, sizeof line, p))
            ;
        if (pclose(p) != 0)
            return -1.0;
        times[pass] = bench_child_cpu_now() - t0;
    }
    return (times[1] - times[0]) / moves;
}

/* `tabletop bench go [--quick]` (a row of bench_groups in bench.c). */
int bench_go_run(int argc, char **argv)
{
    int quick = 0;
    long only_playouts = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[i], "--playouts") && i + 1 < argc) {
            char *end;
            only_playouts = strtol(argv[++i], &end, 10);
            if (*end || only_playouts < 1 || only_playouts > 100000000) {
                fprintf(stderr, "tabletop bench go: --playouts wants a count from 1 to 10^8\n");
                return 2;
            }
        } else {
            fprintf(stderr,
                    "tabletop bench go: unknown option '%s' (try --quick or --playouts N)\n",
                    argv[i]);
            return 2;
        }
    }
    if (only_playouts) {
        /* Only the playout figures: for timing beside a peer (farm-bench). */
        bench_report("go_playouts", (double)only_playouts, "playouts");
        bench_go_pboard(only_playouts);
        return 0;
    }
    bench_report("go_playouts", quick ? 20000.0 : 1000000.0, "playouts");
    bench_go_pboard(quick ? 20000 : 1000000);
    bench_go_playouts(quick ? 20000 : 200000);
    bench_go_level3(200, quick ? 5 : 20, "go_l3_move_ms_200");
    bench_go_level3(10000, quick ? 1 : 3, "go_l3_move_ms_10000");
    bench_go_l3_memory();
    bench_go_timed(quick ? 200 : 1000);
    AiConfig cfg = {0};
    ai_t *ai = ai_create(&cfg);
    if (ai) {
        bench_report("go_pool_nodes", (double)(ai_pool_bytes(ai) / sizeof(mcts_node_t)), "nodes");
        bench_report("go_pool_bytes", (double)ai_pool_bytes(ai), "bytes");
        ai_destroy(ai);
    }
    if (access(GNUGO_PATH, X_OK) != 0) {
        printf("# gnugo: %s not found, GNU Go figures skipped\n", GNUGO_PATH);
        return 0;
    }
    int moves = quick ? 4 : 10;
    double mc = bench_gnugo_genmove("--monte-carlo", moves);
    double def = bench_gnugo_genmove("", moves);
    if (mc >= 0)
        bench_report("gnugo_montecarlo_genmove_ms", mc * 1000.0, "ms");
    if (def >= 0)
        bench_report("gnugo_default_genmove_ms", def * 1000.0, "ms");
    return 0;
}

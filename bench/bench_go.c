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
 *
 * With --pachi BINARY (or TABLETOP_PEER_PACHI=BINARY; Pachi 12.90, 9x9,
 * built by tools/peers/build_pachi.sh), in the same run, on one thread each:
 *   go_ours_genmove_playouts_per_s_POS   level 3's simulations a CPU second
 *                            in one genmove of --pachi-playouts simulations
 *                            from position POS (empty, mid20, mid30: the
 *                            empty board and a GNU Go self-play game after
 *                            20 and 30 moves, Black to move)
 *   go_pachi_genmove_playouts_per_s_POS  Pachi's, from the same position at a
 *                            fixed count (-t =N threads=1): its CPU time from
 *                            wait4() less the least of three runs that set
 *                            the position up and play a genmove of 500
 *                            playouts (its minimum: this covers its start-up
 *                            and its set-up at the first genmove), so
 *                            (N - 500) playouts over the difference; a time
 *                            within ten times the spread of those three runs
 *                            gets a '#' line instead of a figure
 *   go_pachi_reported_playouts_per_s_POS  the games/s Pachi itself prints (its
 *                            search's wall time, so a loaded machine lowers it)
 *   go_ours_over_pachi_playouts_POS  ours over Pachi's (above 1: ours run more)
 * With --games N too (default 0): a match of N games, ours (level 3) against
 * Pachi, each at --match-playouts simulations a move on one thread (default
 * 10000; Pachi's -t =N; both seeded by the game's number, though Pachi's
 * search does not repeat even so; ours at
 * --ours-playouts instead if given, e.g. for equal CPU time; ours resigns
 * as under GTP unless --no-resign), komi 5.5,
 * ours Black in the odd games; GNU Go (/usr/games/gnugo) scores a game that
 * ends on two passes (final_score); a loss of ours by more than 60 points
 * after passes is a collapse:
 *   go_pachi_match_playouts, _ours_playouts (a move, each side),
 *   go_pachi_match_games, _ours_wins, _ours_wins_black, _ours_wins_white,
 *   _collapses, _pachi_collapses, _ours_resigned, _errors,
 *   _ours_ms_per_move, _pachi_ms_per_move (CPU time; Pachi's includes one
 *   start-up a game)
 * Every peer runs inside a scratch folder the bench makes and removes.
 */
#include "bench/bench.h"
#include "bench/bench_peer.h"
#include "games/go/ai.h"
#include "games/go/board.h"
#include "games/go/internal/board_private.h"
#include "games/go/internal/mcts.h"
#include "games/go/internal/pboard.h"
#include "games/go/internal/playout.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <string.h>
#include <strings.h>
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

/* Heap bytes in use, small blocks and mmap'd ones (glibc; the web
 * build's dlmalloc has only the older mallinfo). */
static size_t bench_go_heap_bytes(void)
{
#if defined(__EMSCRIPTEN__)
    struct mallinfo mi = mallinfo();
    return (size_t)mi.uordblks + (size_t)mi.hblkhd;
#else
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
#endif
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

/* ---- Pachi beside ours (--pachi BINARY) ---- */

/* Pachi's least playout count (-t =N refuses less). */
#define BENCH_PACHI_BASE_PLAYOUTS 500
/* GTP answers: set-up commands, and a genmove (generous: a loaded machine). */
#define BENCH_PEER_SETUP_MS 30000
#define BENCH_PEER_GENMOVE_MS 600000

/* Positions both engines search: moves from the empty board, Black first
 * (GNU Go 3.8 level 5 playing itself, komi 5.5); Black to move in each. */
static const struct bench_go_position {
    const char *name;
    const char *moves;
} bench_go_positions[] = {
    {"empty", ""},
    {"mid20", "E5 D5 G7 D6 E4 C3 E2 D2 D3 C2 D8 E6 E7 F6 G4 G6 F7 H5 G2 C7"},
    {"mid30", "E5 D5 G7 D6 E4 C3 E2 D2 D3 C2 D8 E6 E7 F6 G4 G6 F7 H5 G2 C7 "
              "B8 B7 H4 H7 C8 G8 F8 H8 E9 D4"},
};

/* Plays a position's moves on b (from a fresh board).  Returns 0, or -1 if
 * one does not parse or is illegal (a slip in the table above). */
static int bench_go_setup(BoardState *b, const char *moves)
{
    board_init(b);
    char v[8];
    int n = 0;
    for (const char *s = moves; *s;) {
        while (*s == ' ')
            s++;
        size_t k = strcspn(s, " ");
        if (k == 0)
            break;
        if (k >= sizeof v)
            return -1;
        memcpy(v, s, k);
        v[k] = '\0';
        s += k;
        Move m;
        if (board_vertex_parse(9, v, &m) != 0 || m.pass)
            return -1;
        if (board_play(b, n % 2 ? WHITE : BLACK, m.row, m.col) != MOVE_OK)
            return -1;
        n++;
    }
    return 0;
}

/* Level 3's simulations a CPU second in one genmove of `sims` from pos. */
static double bench_go_ours_rate(const struct bench_go_position *pos, int sims)
{
    BoardState b;
    if (bench_go_setup(&b, pos->moves) != 0)
        return -1.0;
    AiConfig cfg = {.level = AI_MCTS, .playouts = sims, .seed = 7};
    ai_t *ai = ai_create(&cfg);
    if (!ai)
        return -1.0;
    double t0 = bench_cpu_now();
    ai_choose(ai, &b);
    double dt = bench_cpu_now() - t0;
    AiStats st = {0};
    ai_last_stats(ai, &st);
    ai_destroy(ai);
    return dt > 0.0 ? st.simulations / dt : -1.0;
}

/* Pachi at a fixed count of playouts on one thread, seeded. */
static int bench_pachi_start(bench_peer_t *p, const char *binary, const char *dir, int playouts,
                             int seed, const char *err_name)
{
    char t[32], s[32];
    snprintf(t, sizeof t, "=%d", playouts);
    snprintf(s, sizeof s, "%d", seed);
    char *const argv[] = {(char *)binary, (char *)"-t", t,     (char *)"-s",
                          s,              (char *)"threads=1", NULL};
    return bench_peer_start(p, argv, dir, err_name);
}

/* Sends the usual opening commands; 0 or -1 (p->error says why). */
static int bench_go_gtp_new_game(bench_peer_t *p)
{
    static const char *const cmds[] = {"boardsize 9", "clear_board", "komi 5.5"};
    char reply[256];
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        int r = bench_peer_gtp(p, cmds[i], BENCH_PEER_SETUP_MS, reply, sizeof reply);
        if (r != 0) {
            if (r > 0)
                snprintf(p->error, sizeof p->error, "refused '%s': %.100s", cmds[i], reply);
            return -1;
        }
    }
    return 0;
}

/* One Pachi process: the position, one genmove of `playouts`, its end.
 * Returns its CPU seconds (wait4) or -1 with a message on stderr; *reported
 * gets the games/s it printed on stderr (0 if none). */
static double bench_pachi_genmove(const char *binary, const char *dir,
                                  const struct bench_go_position *pos, int playouts,
                                  double *reported)
{
    bench_peer_t p;
    *reported = 0.0;
    if (bench_pachi_start(&p, binary, dir, playouts, 1, "pachi.err") != 0) {
        fprintf(stderr, "tabletop bench go: --pachi %s\n", p.error);
        return -1.0;
    }
    char cmd[64], reply[256];
    int ok = bench_go_gtp_new_game(&p) == 0;
    int n = 0;
    for (const char *s = pos->moves; ok && *s; n++) {
        size_t k = strcspn(s, " ");
        snprintf(cmd, sizeof cmd, "play %s %.*s", n % 2 ? "w" : "b", (int)k, s);
        s += k;
        while (*s == ' ')
            s++;
        int r = bench_peer_gtp(&p, cmd, BENCH_PEER_SETUP_MS, reply, sizeof reply);
        if (r > 0)
            snprintf(p.error, sizeof p.error, "refused '%.60s': %.100s", cmd, reply);
        ok = r == 0;
    }
    snprintf(cmd, sizeof cmd, "genmove %s", n % 2 ? "w" : "b");
    if (ok) {
        int r = bench_peer_gtp(&p, cmd, BENCH_PEER_GENMOVE_MS, reply, sizeof reply);
        if (r > 0)
            snprintf(p.error, sizeof p.error, "refused '%.60s': %.100s", cmd, reply);
        ok = r == 0;
    }
    char why[BENCH_PEER_ERROR_MAX];
    snprintf(why, sizeof why, "%s", p.error);
    double cpu = bench_peer_stop(&p, 30000);
    if (!ok || cpu < 0.0) {
        fprintf(stderr, "tabletop bench go: Pachi %s: %s\n", binary, ok ? p.error : why);
        return -1.0;
    }
    /* "genmove in 2.13s, mcts 2.09s (9650 games/s, 9650 games/s/thread)" */
    char path[BENCH_PEER_DIR_MAX + 32], line[512];
    snprintf(path, sizeof path, "%s/pachi.err", dir);
    FILE *f = fopen(path, "r");
    if (f) {
        while (fgets(line, sizeof line, f)) {
            const char *at = strstr(line, "genmove in ");
            const char *paren = at ? strchr(at, '(') : NULL;
            double rate;
            if (paren && sscanf(paren, "(%lf games/s", &rate) == 1)
                *reported = rate;
        }
        fclose(f);
    }
    return cpu;
}

/* Playouts a second, ours and Pachi's, from each position. */
static int bench_go_pachi_speed(const char *binary, const char *dir, int playouts)
{
    char name[96];
    bench_report("go_pachi_genmove_playouts", playouts, "playouts");
    for (size_t i = 0; i < sizeof bench_go_positions / sizeof bench_go_positions[0]; i++) {
        const struct bench_go_position *pos = &bench_go_positions[i];
        double ours = bench_go_ours_rate(pos, playouts);
        if (ours <= 0.0) {
            fprintf(stderr, "tabletop bench go: cannot set up position %s\n", pos->name);
            return 1;
        }
        double base = 1e30, spread_hi = 0.0, reported = 0.0;
        for (int k = 0; k < 3; k++) {
            double c = bench_pachi_genmove(binary, dir, pos, BENCH_PACHI_BASE_PLAYOUTS, &reported);
            if (c < 0.0)
                return 1;
            base = c < base ? c : base;
            spread_hi = c > spread_hi ? c : spread_hi;
        }
        double cpu = bench_pachi_genmove(binary, dir, pos, playouts, &reported);
        if (cpu < 0.0)
            return 1;
        snprintf(name, sizeof name, "go_ours_genmove_playouts_per_s_%s", pos->name);
        bench_report(name, ours, "playouts/s");
        snprintf(name, sizeof name, "go_pachi_base_ms_%s", pos->name);
        bench_report(name, base * 1e3, "ms");
        double searching = cpu - base, noise = spread_hi - base;
        if (searching > 10.0 * noise && searching > 0.0) {
            double pachi = (playouts - BENCH_PACHI_BASE_PLAYOUTS) / searching;
            snprintf(name, sizeof name, "go_pachi_genmove_playouts_per_s_%s", pos->name);
            bench_report(name, pachi, "playouts/s");
            if (reported > 0.0) {
                snprintf(name, sizeof name, "go_pachi_reported_playouts_per_s_%s", pos->name);
                bench_report(name, reported, "playouts/s");
            }
            snprintf(name, sizeof name, "go_ours_over_pachi_playouts_%s", pos->name);
            bench_report(name, ours / pachi, "x");
        } else {
            printf("# go_pachi_genmove_playouts_per_s_%s: not told apart from its start-up "
                   "(%.3f ms searching against %.3f ms of spread)\n",
                   pos->name, searching * 1e3, noise * 1e3);
        }
    }
    return 0;
}

/* "B+12.5" -> BLACK and 12.5; "W+R" -> WHITE and a huge margin; else EMPTY. */
static Stone bench_go_result(const char *text, double *margin)
{
    *margin = 0.0;
    if ((text[0] != 'B' && text[0] != 'W' && text[0] != 'b' && text[0] != 'w') || text[1] != '+')
        return EMPTY;
    if (text[2] == 'R' || text[2] == 'r')
        *margin = 1e9;
    else
        *margin = strtod(text + 2, NULL);
    return text[0] == 'B' || text[0] == 'b' ? BLACK : WHITE;
}

/* GNU Go's final_score of the moves (a fresh referee); 0, or -1. */
static int bench_go_referee(const char *dir, char (*moves)[8], int n, char *result, size_t len)
{
    bench_peer_t r;
    char *const argv[] = {(char *)GNUGO_PATH, (char *)"--mode", (char *)"gtp",
                          (char *)"--chinese-rules", NULL};
    if (bench_peer_start(&r, argv, dir, NULL) != 0) {
        fprintf(stderr, "tabletop bench go: referee: %s\n", r.error);
        return -1;
    }
    int ok = bench_go_gtp_new_game(&r) == 0;
    char cmd[32];
    for (int i = 0; ok && i < n; i++) {
        snprintf(cmd, sizeof cmd, "play %s %.7s", i % 2 ? "w" : "b", moves[i]);
        ok = bench_peer_gtp(&r, cmd, BENCH_PEER_SETUP_MS, result, len) == 0;
    }
    ok = ok && bench_peer_gtp(&r, "final_score", BENCH_PEER_GENMOVE_MS, result, len) == 0;
    if (!ok)
        fprintf(stderr, "tabletop bench go: referee: %s %s\n", r.error, result);
    bench_peer_stop(&r, 10000);
    return ok ? 0 : -1;
}

/* A fixed-count match, ours at level 3 against Pachi (see the top). */
static int bench_go_pachi_match(const char *binary, const char *dir, int games, int playouts,
                                int ours_playouts, int no_resign)
{
    enum { MAX_MOVES = 400 };
    static char moves[MAX_MOVES][8];
    AiConfig cfg = {.level = AI_MCTS, .playouts = ours_playouts, .seed = 1};
    ai_t *ai = ai_create(&cfg);
    if (!ai) {
        fprintf(stderr, "tabletop bench go: cannot allocate the node pool\n");
        return 1;
    }
    ai_set_resign(ai, !no_resign);
    int wins = 0, wins_black = 0, wins_white = 0, collapses = 0, pachi_collapses = 0;
    int resigned = 0, errors = 0, ours_moves = 0, pachi_moves = 0;
    double ours_cpu = 0.0, pachi_cpu = 0.0;
    bench_report("go_pachi_match_playouts", playouts, "playouts/move");
    bench_report("go_pachi_match_ours_playouts", ours_playouts, "playouts/move");
    for (int g = 0; g < games; g++) {
        Stone ours = g % 2 == 0 ? BLACK : WHITE;
        double t0 = bench_now();
        ai_set_seed(ai, (uint64_t)g + 1);
        bench_peer_t p;
        if (bench_pachi_start(&p, binary, dir, playouts, g + 1, NULL) != 0 ||
            bench_go_gtp_new_game(&p) != 0) {
            fprintf(stderr, "tabletop bench go: Pachi: %s\n", p.error);
            bench_peer_stop(&p, 10000);
            ai_destroy(ai);
            return 1;
        }
        BoardState b;
        board_init(&b);
        int n = 0, error = 0;
        char result[256] = "", how[16] = "passes", reply[256];
        while (n < MAX_MOVES && !b.game_over) {
            Stone turn = b.turn;
            const char *c = turn == BLACK ? "b" : "w";
            char cmd[32];
            Move m;
            if (turn == ours) {
                double c0 = bench_cpu_now();
                m = ai_choose(ai, &b);
                ours_cpu += bench_cpu_now() - c0;
                ours_moves++;
                AiStats st;
                ai_last_stats(ai, &st);
                if (st.resign) {
                    snprintf(result, sizeof result, "%s+R", ours == BLACK ? "W" : "B");
                    snprintf(how, sizeof how, "resign");
                    resigned++;
                    break;
                }
                board_vertex_format(9, m, moves[n], sizeof moves[n]);
                snprintf(cmd, sizeof cmd, "play %s %.7s", c, moves[n]);
                if (bench_peer_gtp(&p, cmd, BENCH_PEER_SETUP_MS, reply, sizeof reply) != 0) {
                    printf("# go_pachi_match game %d: Pachi refused '%s': %s %s\n", g + 1, cmd,
                           reply, p.error);
                    error = 1;
                    break;
                }
            } else {
                snprintf(cmd, sizeof cmd, "genmove %s", c);
                if (bench_peer_gtp(&p, cmd, BENCH_PEER_GENMOVE_MS, reply, sizeof reply) != 0) {
                    printf("# go_pachi_match game %d: '%s' failed: %s %s\n", g + 1, cmd, reply,
                           p.error);
                    error = 1;
                    break;
                }
                pachi_moves++;
                if (!strcasecmp(reply, "resign")) {
                    snprintf(result, sizeof result, "%s+R", ours == BLACK ? "B" : "W");
                    snprintf(how, sizeof how, "resign");
                    break;
                }
                if (board_vertex_parse(9, reply, &m) != 0 ||
                    (!m.pass && board_check(&b, turn, m.row, m.col) != MOVE_OK)) {
                    printf("# go_pachi_match game %d: Pachi's move '%s' is illegal here\n", g + 1,
                           reply);
                    error = 1;
                    break;
                }
                board_vertex_format(9, m, moves[n], sizeof moves[n]);
            }
            if (m.pass)
                board_pass_color(&b, turn);
            else
                board_play(&b, turn, m.row, m.col);
            n++;
        }
        double cpu = bench_peer_stop(&p, 30000);
        if (cpu > 0.0)
            pachi_cpu += cpu;
        if (!error && !result[0]) {
            if (n >= MAX_MOVES)
                snprintf(how, sizeof how, "cap");
            error = bench_go_referee(dir, moves, n, result, sizeof result) != 0;
        }
        if (error) {
            errors++;
            continue;
        }
        double margin;
        Stone winner = bench_go_result(result, &margin);
        int won = winner == ours;
        int collapse = !strcmp(how, "passes") && margin > 60.0;
        wins += won;
        wins_black += won && ours == BLACK;
        wins_white += won && ours == WHITE;
        collapses += collapse && !won;
        pachi_collapses += collapse && won;
        printf("# go_pachi_match game %d: ours %s, %d moves, %s (%s%s), ours %s, %.0f s\n", g + 1,
               ours == BLACK ? "Black" : "White", n, result, how, collapse ? ", a collapse" : "",
               won ? "won" : "lost", bench_now() - t0);
        fflush(stdout);
    }
    ai_destroy(ai);
    bench_report("go_pachi_match_games", games - errors, "games");
    bench_report("go_pachi_match_ours_wins", wins, "games");
    bench_report("go_pachi_match_ours_wins_black", wins_black, "games");
    bench_report("go_pachi_match_ours_wins_white", wins_white, "games");
    bench_report("go_pachi_match_collapses", collapses, "games");
    bench_report("go_pachi_match_pachi_collapses", pachi_collapses, "games");
    bench_report("go_pachi_match_ours_resigned", resigned, "games");
    bench_report("go_pachi_match_errors", errors, "games");
    if (ours_moves)
        bench_report("go_pachi_match_ours_ms_per_move", ours_cpu * 1e3 / ours_moves, "ms");
    if (pachi_moves)
        bench_report("go_pachi_match_pachi_ms_per_move", pachi_cpu * 1e3 / pachi_moves, "ms");
    return errors ? 1 : 0;
}

/* Refuses a --pachi that is not a 9x9 GTP engine before anything runs:
 * 0, or 1 with a one-line message. */
static int bench_go_pachi_check(const char *binary, const char *dir)
{
    bench_peer_t p;
    if (bench_pachi_start(&p, binary, dir, BENCH_PACHI_BASE_PLAYOUTS, 1, NULL) != 0) {
        fprintf(stderr, "tabletop bench go: --pachi %s\n", p.error);
        return 1;
    }
    char version[128] = "", reply[128];
    int r = bench_peer_gtp(&p, "version", BENCH_PEER_SETUP_MS, version, sizeof version);
    if (r == 0 && bench_go_gtp_new_game(&p) != 0)
        r = -1;
    if (r == 0 && bench_peer_gtp(&p, "play b E5", BENCH_PEER_SETUP_MS, reply, sizeof reply) != 0)
        r = -1, snprintf(p.error, sizeof p.error, "refused 'play b E5': %s", reply);
    char why[BENCH_PEER_ERROR_MAX];
    snprintf(why, sizeof why, "%s", p.error);
    double cpu = bench_peer_stop(&p, 10000);
    if (r != 0 || cpu < 0.0) {
        fprintf(stderr, "tabletop bench go: --pachi %s: not a 9x9 GTP engine (%s)\n", binary,
                r != 0 ? why : p.error);
        return 1;
    }
    printf("# pachi: %s, version %s\n", binary, version);
    return 0;
}

/* A count option's value: 0 and *value set, or 2 with a message. */
static int bench_go_count(const char *opt, const char *text, long lo, long hi, long *value)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "tabletop bench go: %s wants a count from %ld to %ld, not '%s'\n", opt, lo,
                hi, text);
        return 2;
    }
    *value = v;
    return 0;
}

/* `tabletop bench go [--quick] [--playouts N] [--pachi BINARY [--pachi-playouts N]
 * [--games N] [--match-playouts N] [--ours-playouts N] [--no-resign]]` (a row of bench_groups in bench.c). */
int bench_go_run(int argc, char **argv)
{
    int quick = 0;
    long only_playouts = 0, pachi_playouts = 0, games = 0, match_playouts = 10000;
    long ours_playouts = 0;
    int no_resign = 0;
    const char *pachi = getenv("TABLETOP_PEER_PACHI");
    if (pachi && !*pachi)
        pachi = NULL;
    for (int i = 1; i < argc; i++) {
        int bad = 0;
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else if (!strcmp(argv[i], "--playouts") && i + 1 < argc) {
            bad = bench_go_count("--playouts", argv[++i], 1, 100000000, &only_playouts);
        } else if (!strcmp(argv[i], "--pachi") && i + 1 < argc) {
            pachi = argv[++i];
        } else if (!strcmp(argv[i], "--pachi-playouts") && i + 1 < argc) {
            bad = bench_go_count("--pachi-playouts", argv[++i], BENCH_PACHI_BASE_PLAYOUTS * 4,
                                 10000000, &pachi_playouts);
        } else if (!strcmp(argv[i], "--games") && i + 1 < argc) {
            bad = bench_go_count("--games", argv[++i], 0, 10000, &games);
        } else if (!strcmp(argv[i], "--match-playouts") && i + 1 < argc) {
            bad = bench_go_count("--match-playouts", argv[++i], BENCH_PACHI_BASE_PLAYOUTS,
                                 10000000, &match_playouts);
        } else if (!strcmp(argv[i], "--no-resign")) {
            no_resign = 1;
        } else if (!strcmp(argv[i], "--ours-playouts") && i + 1 < argc) {
            bad = bench_go_count("--ours-playouts", argv[++i], 1, 10000000, &ours_playouts);
        } else {
            fprintf(stderr,
                    "tabletop bench go: unknown option '%s' (try --quick, --playouts N, "
                    "--pachi BINARY, --pachi-playouts N, --games N, --match-playouts N, "
                    "--ours-playouts N, --no-resign)\n",
                    argv[i]);
            return 2;
        }
        if (bad)
            return bad;
    }
    if (!pachi && (pachi_playouts || games || ours_playouts || no_resign)) {
        fprintf(stderr, "tabletop bench go: --pachi-playouts, --games, --ours-playouts and "
                        "--no-resign want --pachi BINARY (or TABLETOP_PEER_PACHI)\n");
        return 2;
    }
    if (games > 0 && access(GNUGO_PATH, X_OK) != 0) {
        fprintf(stderr, "tabletop bench go: --games wants GNU Go as the referee: %s: %s\n",
                GNUGO_PATH, strerror(errno));
        return 1;
    }
    if (only_playouts) {
        /* Only the playout figures: for timing beside a peer (farm-bench). */
        bench_report("go_playouts", (double)only_playouts, "playouts");
        bench_go_pboard(only_playouts);
        return 0;
    }
    /* The peer is checked before anything runs, in a scratch folder that
     * lives until the end. */
    char dir[BENCH_PEER_DIR_MAX];
    if (pachi) {
        if (bench_peer_scratch_make(dir, "pachi") != 0)
            return 1;
        if (bench_go_pachi_check(pachi, dir) != 0) {
            bench_peer_scratch_remove(dir);
            return 1;
        }
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
    int status = 0;
    if (access(GNUGO_PATH, X_OK) != 0) {
        printf("# gnugo: %s not found, GNU Go figures skipped\n", GNUGO_PATH);
    } else {
        int moves = quick ? 4 : 10;
        double mc = bench_gnugo_genmove("--monte-carlo", moves);
        double def = bench_gnugo_genmove("", moves);
        if (mc >= 0)
            bench_report("gnugo_montecarlo_genmove_ms", mc * 1000.0, "ms");
        if (def >= 0)
            bench_report("gnugo_default_genmove_ms", def * 1000.0, "ms");
    }
    if (pachi) {
        if (!pachi_playouts)
            pachi_playouts = quick ? 5000 : 20000;
        status = bench_go_pachi_speed(pachi, dir, (int)pachi_playouts);
        if (status == 0 && games > 0)
            status = bench_go_pachi_match(pachi, dir, (int)games, (int)match_playouts,
                                          (int)(ours_playouts ? ours_playouts : match_playouts),
                                          no_resign);
        bench_peer_scratch_remove(dir);
    }
    return status;
}

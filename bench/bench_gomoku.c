/*
 * bench_gomoku.c - `tabletop bench gomoku [--quick] [--games N] [--nodes N]
 * [--rapfi BINARY [--rapfi-config FILE] [--rapfi-games N] [--turn-ms MS]
 * [--rapfi-rule 0|1|4] [--rapfi-turn-ms MS]]`:
 * the Gomoku AI (seed 002), and Rapfi beside it.
 *
 *   gomoku_l3_nodes_per_s        level 3 positions visited a CPU second
 *   gomoku_l3_ms_per_move        CPU time of one level-3 move at the match budget
 *   gomoku_seed_l2_ms_per_move   CPU time of one level-2 move (the seed's
 *                                3-ply alpha-beta)
 *   gomoku_l3_vs_l2_*            a renju match, level 3 against the seed's
 *                                level 2, colours alternating, each game
 *                                from its own random two-stone opening
 *                                near the centre (the seed's AI is
 *                                deterministic, the opening makes the games
 *                                differ); goal: >= 90% wins
 *   gomoku_l3_vs_l1_win_rate     the same against level 1
 *
 * With --rapfi BINARY (or TABLETOP_PEER_RAPFI=BINARY; tools/peers/
 * build_rapfi.sh builds it at a pinned commit), then a match over the
 * Gomocup protocol between `tabletop pbrain` (this program run again: level
 * 3 under the manager's clock) and Rapfi, a manager written here: fresh
 * processes each game, each in its own folder inside a scratch folder
 * removed after; 15x15 renju (--rapfi-rule 4, the default; 0 freestyle, 1
 * standard: the protocol's INFO rule, our referee the same rule); --turn-ms
 * MS (1000) to both as INFO timeout_turn, or to ours only when
 * --rapfi-turn-ms MS gives Rapfi its own (time odds); --rapfi-games N (2)
 * from fixed three-stone openings, each played with both colours.  A side
 * that answers no free point, or nothing within the turn and a grace (half a
 * turn, at least a second), loses that game, and a "# " line says so.
 * Rapfi uses its built-in classical evaluation, or the config.toml of
 * --rapfi-config FILE.
 *   gomoku_rapfi_games, _ours_wins, _peer_wins, _draws
 *   gomoku_rapfi_ours_ms_per_move, _peer_ms_per_move   mean wall time from
 *                                the manager's request to the answer
 *   gomoku_rapfi_*_ms_worst_move, gomoku_rapfi_*_cpu_ms_per_move  the
 *                                slowest answer; each process's CPU (wait4)
 *                                over its moves
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/bench_peer.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"

static uint32_t bench_gomoku_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Black h8, then one random stone of White and one of Black within the
 * centre 5x5. */
static void bench_gomoku_opening(gomoku_t *g, uint32_t *seed)
{
    gomoku_init(g, GOMOKU_RULE_RENJU);
    gomoku_play(g, 7 * GOMOKU_SIZE + 7);
    while (g->moves < 3) {
        int r = 5 + (int)(bench_gomoku_rand(seed) % 5), c = 5 + (int)(bench_gomoku_rand(seed) % 5);
        int p = r * GOMOKU_SIZE + c;
        if (gomoku_can_play(g, p) && gomoku_forbidden(g, p) == GOMOKU_FORBID_NONE)
            gomoku_play(g, p);
    }
}

typedef struct match {
    int wins, losses, draws;
    long l3_nodes;
    double l3_cpu, other_cpu;
    int l3_moves, other_moves;
} match_t;

/* One game: level 3 plays colour l3 (BLACK or WHITE) against level other. */
static void bench_gomoku_game(match_t *m, int other, int l3, uint32_t *seed, long nodes)
{
    gomoku_t g;
    bench_gomoku_opening(&g, seed);
    while (!g.winner) {
        gomoku_ai_info_t info;
        int level = g.to_move == l3 ? 3 : other;
        gomoku_budget_t budget = {.max_nodes = level == 3 ? nodes : 0, .max_ms = 0};
        double t0 = bench_cpu_now();
        int p = gomoku_ai_move(&g, level, *seed + (uint32_t)g.moves, &budget, &info);
        double dt = bench_cpu_now() - t0;
        if (level == 3) {
            m->l3_cpu += dt;
            m->l3_nodes += info.nodes;
            m->l3_moves++;
        } else {
            m->other_cpu += dt;
            m->other_moves++;
        }
        if (p < 0 || gomoku_play(&g, p) != GOMOKU_OK)
            break;
    }
    if (g.winner == l3)
        m->wins++;
    else if (g.winner == GOMOKU_BLACK || g.winner == GOMOKU_WHITE)
        m->losses++;
    else
        m->draws++;
}

static match_t bench_gomoku_match(int other, int games, long nodes)
{
    match_t m;
    memset(&m, 0, sizeof m);
    uint32_t seed = 17;
    for (int i = 0; i < games; i++)
        bench_gomoku_game(&m, other, i % 2 ? GOMOKU_WHITE : GOMOKU_BLACK, &seed, nodes);
    return m;
}

/* ---- Rapfi beside level 3 over the Gomocup protocol (--rapfi) ---- */

/* Three-stone openings (Black, White, Black), in the protocol's x,y (y from
 * the top; 7,7 is h8): White's stone touches the centre, straight or
 * diagonally, and Black's second stone stands two lines away from both, so
 * that Black's first-move edge stays small; each is played with both
 * colours. */
static const int bench_rapfi_openings[][3][2] = {
    {{7, 7}, {7, 6}, {9, 9}},
    {{7, 7}, {8, 6}, {5, 9}},
    {{7, 7}, {7, 6}, {5, 9}},
    {{7, 7}, {8, 6}, {9, 9}},
    {{7, 7}, {8, 6}, {5, 5}},
};
enum { BENCH_RAPFI_OPENINGS = sizeof bench_rapfi_openings / sizeof bench_rapfi_openings[0] };

/* One side of the match: the program, its moves' wall time, its CPU. */
typedef struct rapfi_side {
    bench_peer_t proc;
    const char *name;   /* "tabletop pbrain" or "Rapfi" */
    const char *option; /* "--rapfi" for the peer (in its messages), NULL for ours */
    int colour;       /* GOMOKU_BLACK or GOMOKU_WHITE in the game being played */
    int turn_ms;      /* its INFO timeout_turn */
    int had_board;    /* the position went over once (BOARD); TURN after */
    int moves;
    double wall_ms, worst_ms, cpu_s;
    double answered; /* bench_now() at its last answer, 0 before the first */
} rapfi_side_t;

/* Rapfi clears its "thinking" flag just after it prints its move, and a
 * command read before that is taken as arriving mid-search and dropped
 * (its runProtocol(): `else if (thinking) return false;`): TURN went, and
 * its "x,y" came back as "ERROR Unknown command" when our side answered
 * at once.  So a side gets its next command no sooner than this after its
 * answer (outside both sides' move times). */
#define BENCH_RAPFI_PAUSE_S 0.05

static int rapfi_point(int x, int y)
{
    return (GOMOKU_SIZE - 1 - y) * GOMOKU_SIZE + x;
}

static void rapfi_xy(int p, int *x, int *y)
{
    *x = p % GOMOKU_SIZE;
    *y = GOMOKU_SIZE - 1 - p / GOMOKU_SIZE;
}

/* Lines that are no answer: the protocol's comments and logs. */
static int rapfi_is_chatter(const char *line)
{
    return !strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5) ||
           !strncmp(line, "INFO", 4) || !line[0];
}

/* Starts one side in its folder and sets the game up: START 15 answered
 * OK within 15 s, then the INFO lines.  0, or -1 after a one-line message. */
static int rapfi_side_start(rapfi_side_t *s, char *const argv[], const char *dir, int rule)
{
    s->had_board = 0;
    s->answered = 0;
    if (bench_peer_start(&s->proc, argv, dir, NULL) != 0) {
        if (s->option)
            fprintf(stderr, "tabletop bench gomoku: %s %s\n", s->option, s->proc.error);
        else
            fprintf(stderr, "tabletop bench gomoku: cannot start %s: %s\n", s->name, s->proc.error);
        return -1;
    }
    char line[1024];
    int r = bench_peer_send(&s->proc, "START %d", GOMOKU_SIZE) == 0 ? 1 : -1;
    while (r == 1 && (r = bench_peer_read_line(&s->proc, line, sizeof line, 15000)) == 1 &&
           rapfi_is_chatter(line))
        ;
    if (r != 1 || strcmp(line, "OK") != 0) {
        const char *why = r == 0 ? "nothing within 15 s" : r < 0 ? "it ended" : line;
        if (s->option)
            fprintf(stderr,
                    "tabletop bench gomoku: %s %s: %s does not answer START %d with OK (%s)\n",
                    s->option, argv[0], s->name, GOMOKU_SIZE, why);
        else
            fprintf(stderr,
                    "tabletop bench gomoku: %s (%s) does not answer START %d with OK (%s)\n",
                    s->name, argv[0], GOMOKU_SIZE, why);
        bench_peer_stop(&s->proc, 500);
        return -1;
    }
    /* Gomocup's settings: the turn's time, no match clock, its 350 MiB,
     * the rule, a game against another program. */
    bench_peer_send(&s->proc, "INFO timeout_turn %d", s->turn_ms);
    bench_peer_send(&s->proc, "INFO timeout_match 0");
    bench_peer_send(&s->proc, "INFO max_memory %d", 350 * 1024 * 1024);
    bench_peer_send(&s->proc, "INFO rule %d", rule);
    bench_peer_send(&s->proc, "INFO game_type 1");
    return 0;
}

static void rapfi_side_end(rapfi_side_t *s)
{
    bench_peer_send(&s->proc, "END");
    bench_peer_stop(&s->proc, 2000);
    s->cpu_s += s->proc.cpu_s;
}

/* Asks s for its move in g: BOARD the first time, TURN after.  Returns the
 * point, or -1 after saying why the move loses (printed as a "# " line). */
static int rapfi_ask(rapfi_side_t *s, const gomoku_t *g, int game)
{
    int grace_ms = s->turn_ms / 2 > 1000 ? s->turn_ms / 2 : 1000;
    double since = bench_now() - s->answered;
    if (s->answered > 0 && since < BENCH_RAPFI_PAUSE_S) {
        struct timespec nap = {0, (long)((BENCH_RAPFI_PAUSE_S - since) * 1e9)};
        nanosleep(&nap, NULL);
    }
    double t0 = bench_now();
    int sent;
    if (!s->had_board) {
        sent = bench_peer_send(&s->proc, "BOARD") == 0;
        for (int i = 0; i < g->moves && sent; i++) {
            int x, y, p = g->history[i];
            rapfi_xy(p, &x, &y);
            sent = bench_peer_send(&s->proc, "%d,%d,%d", x, y,
                                      gomoku_at(g, p) == s->colour ? 1 : 2) == 0;
        }
        sent = sent && bench_peer_send(&s->proc, "DONE") == 0;
        s->had_board = 1;
    } else {
        int x, y;
        rapfi_xy(g->history[g->moves - 1], &x, &y);
        sent = bench_peer_send(&s->proc, "TURN %d,%d", x, y) == 0;
    }
    const char *colour = s->colour == GOMOKU_BLACK ? "Black" : "White";
    char line[1024];
    int r = sent ? 1 : -1;
    for (;;) {
        if (r != 1)
            break;
        int left = s->turn_ms + grace_ms - (int)((bench_now() - t0) * 1e3);
        r = left > 0 ? bench_peer_read_line(&s->proc, line, sizeof line, left) : 0;
        if (r == 1 && !rapfi_is_chatter(line))
            break;
    }
    s->answered = bench_now();
    double ms = (s->answered - t0) * 1e3;
    if (r != 1) {
        printf("# gomoku_rapfi game %d: %s (%s) %s at move %d: a loss\n", game, s->name, colour,
               r == 0 ? "gave no move within the turn and its grace (a timeout)"
                      : "stopped answering",
               g->moves + 1);
        return -1;
    }
    int x, y, end = 0;
    if (sscanf(line, "%d,%d%n", &x, &y, &end) != 2 || line[end] || x < 0 || y < 0 ||
        x >= GOMOKU_SIZE || y >= GOMOKU_SIZE || !gomoku_can_play(g, rapfi_point(x, y))) {
        printf("# gomoku_rapfi game %d: %s (%s) answered '%.80s' at move %d, not a free point: "
               "a loss\n",
               game, s->name, colour, line, g->moves + 1);
        return -1;
    }
    s->moves++;
    s->wall_ms += ms;
    if (ms > s->worst_ms)
        s->worst_ms = ms;
    return rapfi_point(x, y);
}

/* Refuses a --rapfi that does not answer START as a Gomocup brain does,
 * before anything runs: 0, or 1 after a one-line message (its scratch
 * folder removed). */
static int bench_gomoku_rapfi_check(const char *rapfi, const char *config, int turn_ms, int rule)
{
    char dir[BENCH_PEER_DIR_MAX];
    if (bench_peer_scratch_make(dir, "rapfi") != 0)
        return 1;
    char *argv[] = {(char *)rapfi, config ? (char *)"--config" : NULL, (char *)config, NULL};
    rapfi_side_t s;
    memset(&s, 0, sizeof s);
    s.name = "Rapfi";
    s.option = "--rapfi";
    s.turn_ms = turn_ms;
    int r = rapfi_side_start(&s, argv, dir, rule);
    if (r == 0)
        rapfi_side_end(&s);
    bench_peer_scratch_remove(dir);
    return r == 0 ? 0 : 1;
}

/* The match: games games of ours (tabletop pbrain, this program run again)
 * against Rapfi, colours alternating, each in fresh processes inside one
 * scratch folder.  Returns 0, or 1 when a side could not be started. */
static int bench_gomoku_rapfi(const char *rapfi, const char *config, int games, int turn_ms,
                              int peer_turn_ms, int rule)
{
    /* This program again, through /proc/self/exe: the child's own link to
     * the same file, which holds even when a rebuild has replaced the file
     * at the path this one was started from. */
    char self[] = "/proc/self/exe";
    if (access(self, X_OK) != 0) {
        fprintf(stderr, "tabletop bench gomoku: cannot run this program again for its pbrain "
                        "(%s: %s)\n", self, strerror(errno));
        return 1;
    }
    char dir[BENCH_PEER_DIR_MAX];
    char ours_dir[BENCH_PEER_DIR_MAX + 16], peer_dir[BENCH_PEER_DIR_MAX + 16];
    if (bench_peer_scratch_make(dir, "rapfi") != 0)
        return 1;
    snprintf(ours_dir, sizeof ours_dir, "%s/ours", dir);
    snprintf(peer_dir, sizeof peer_dir, "%s/rapfi", dir);
    if (mkdir(ours_dir, 0700) != 0 || mkdir(peer_dir, 0700) != 0) {
        fprintf(stderr, "tabletop bench gomoku: cannot make folders in %s: %s\n", dir,
                strerror(errno));
        bench_peer_scratch_remove(dir);
        return 1;
    }
    char rule_text[4];
    snprintf(rule_text, sizeof rule_text, "%d", rule);
    char *ours_argv[] = {self, (char *)"pbrain", (char *)"--rule", rule_text, NULL};
    const char *rule_name = rule == GOMOKU_RULE_RENJU      ? "renju"
                            : rule == GOMOKU_RULE_STANDARD ? "standard (exactly five)"
                                                           : "freestyle";
    char *peer_argv[] = {(char *)rapfi, config ? (char *)"--config" : NULL, (char *)config, NULL};
    printf("# Rapfi %s, %s; 15x15 %s (INFO rule %d), a turn (INFO timeout_turn) of %d ms to ours "
           "and %d ms to Rapfi; a move later than its turn and half of it (at least 1000 ms) "
           "loses\n",
           rapfi, config ? config : "its built-in classical evaluation (no NNUE)", rule_name, rule,
           turn_ms, peer_turn_ms);
    rapfi_side_t ours, peer;
    memset(&ours, 0, sizeof ours);
    memset(&peer, 0, sizeof peer);
    ours.name = "tabletop pbrain";
    peer.name = "Rapfi";
    peer.option = "--rapfi";
    ours.turn_ms = turn_ms;
    peer.turn_ms = peer_turn_ms;
    int wins = 0, losses = 0, draws = 0, played = 0, status = 0;
    for (int game = 1; game <= games && !status; game++) {
        int o = ((game - 1) / 2) % BENCH_RAPFI_OPENINGS;
        ours.colour = game % 2 ? GOMOKU_BLACK : GOMOKU_WHITE;
        peer.colour = GOMOKU_BLACK + GOMOKU_WHITE - ours.colour;
        if (rapfi_side_start(&ours, ours_argv, ours_dir, rule) != 0) {
            status = 1;
            break;
        }
        if (rapfi_side_start(&peer, peer_argv, peer_dir, rule) != 0) {
            rapfi_side_end(&ours);
            status = 1;
            break;
        }
        gomoku_t g;
        gomoku_init(&g, rule);
        for (int i = 0; i < 3; i++)
            gomoku_play(&g, rapfi_point(bench_rapfi_openings[o][i][0], bench_rapfi_openings[o][i][1]));
        int loser = 0;
        while (!g.winner) {
            rapfi_side_t *s = g.to_move == ours.colour ? &ours : &peer;
            int p = rapfi_ask(s, &g, game);
            if (p < 0) {
                loser = s->colour;
                break;
            }
            gomoku_play(&g, p);
        }
        rapfi_side_end(&ours);
        rapfi_side_end(&peer);
        int winner = loser ? GOMOKU_BLACK + GOMOKU_WHITE - loser : g.winner;
        played++;
        if (winner == ours.colour)
            wins++;
        else if (winner == peer.colour)
            losses++;
        else
            draws++;
        printf("# gomoku_rapfi game %d: opening %d, ours %s: %s after %d moves\n", game, o + 1,
               ours.colour == GOMOKU_BLACK ? "Black" : "White",
               winner == GOMOKU_DRAW ? "a draw (the board filled)"
               : winner == ours.colour
                   ? (loser                              ? "ours won (Rapfi's move lost)"
                      : g.end == GOMOKU_END_FORBIDDEN ? "ours won (Rapfi's Black played a forbidden point)"
                                                        : "ours won by five")
                   : (loser                              ? "Rapfi won (our move lost)"
                      : g.end == GOMOKU_END_FORBIDDEN ? "Rapfi won (our Black played a forbidden point)"
                                                        : "Rapfi won by five"),
               g.moves);
        printf("# gomoku_rapfi game %d moves:", game);
        for (int i = 0; i < g.moves; i++) {
            char text[4];
            gomoku_point_format(g.history[i], text);
            printf(" %s", text);
        }
        printf("\n");
        fflush(stdout);
    }
    bench_peer_scratch_remove(dir);
    if (status)
        return 1;
    bench_report("gomoku_rapfi_rule", rule, "rule");
    bench_report("gomoku_rapfi_turn_ms", turn_ms, "ms");
    bench_report("gomoku_rapfi_peer_turn_ms", peer_turn_ms, "ms");
    bench_report("gomoku_rapfi_games", played, "games");
    bench_report("gomoku_rapfi_ours_wins", wins, "games");
    bench_report("gomoku_rapfi_peer_wins", losses, "games");
    bench_report("gomoku_rapfi_draws", draws, "games");
    bench_report("gomoku_rapfi_ours_ms_per_move", ours.moves ? ours.wall_ms / ours.moves : 0, "ms");
    bench_report("gomoku_rapfi_peer_ms_per_move", peer.moves ? peer.wall_ms / peer.moves : 0, "ms");
    bench_report("gomoku_rapfi_ours_ms_worst_move", ours.worst_ms, "ms");
    bench_report("gomoku_rapfi_peer_ms_worst_move", peer.worst_ms, "ms");
    bench_report("gomoku_rapfi_ours_cpu_ms_per_move",
                 ours.moves ? ours.cpu_s * 1e3 / ours.moves : 0, "ms");
    bench_report("gomoku_rapfi_peer_cpu_ms_per_move",
                 peer.moves ? peer.cpu_s * 1e3 / peer.moves : 0, "ms");
    return 0;
}

int bench_gomoku_run(int argc, char **argv)
{
    int quick = 0, games = 20, rapfi_games = 2, turn_ms = 1000, peer_turn_ms = 0;
    int rule = GOMOKU_RULE_RENJU;
    long nodes = 30000;
    const char *rapfi = getenv("TABLETOP_PEER_RAPFI"), *rapfi_config = NULL;
    if (rapfi && !rapfi[0])
        rapfi = NULL;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--rapfi") && i + 1 < argc)
            rapfi = argv[++i];
        else if (!strcmp(argv[i], "--rapfi-config") && i + 1 < argc)
            rapfi_config = argv[++i];
        else if (!strcmp(argv[i], "--rapfi-games") && i + 1 < argc &&
                 (rapfi_games = (int)strtol(argv[i + 1], &end, 10), *end == '\0') &&
                 rapfi_games >= 1 && rapfi_games <= 1000)
            i++;
        else if (!strcmp(argv[i], "--turn-ms") && i + 1 < argc &&
                 (turn_ms = (int)strtol(argv[i + 1], &end, 10), *end == '\0') && turn_ms >= 100 &&
                 turn_ms <= 600000)
            i++;
        else if (!strcmp(argv[i], "--rapfi-turn-ms") && i + 1 < argc &&
                 (peer_turn_ms = (int)strtol(argv[i + 1], &end, 10), *end == '\0') &&
                 peer_turn_ms >= 100 && peer_turn_ms <= 600000)
            i++;
        else if (!strcmp(argv[i], "--rapfi-rule") && i + 1 < argc &&
                 (rule = (int)strtol(argv[i + 1], &end, 10), *end == '\0') &&
                 (rule == GOMOKU_RULE_FREESTYLE || rule == GOMOKU_RULE_STANDARD ||
                  rule == GOMOKU_RULE_RENJU))
            i++;
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = (int)strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            nodes = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "tabletop bench gomoku: bad option '%s' or its value (try tabletop "
                            "bench gomoku --help)\n",
                    argv[i]);
            return 2;
        }
    }
    if (rapfi && bench_peer_check_binary("gomoku", "--rapfi", rapfi) != 0)
        return 1;
    char config_path[4096]; /* absolute: Rapfi runs in a folder of its own */
    if (rapfi_config) {
        if (access(rapfi_config, R_OK) != 0 || !realpath(rapfi_config, config_path)) {
            fprintf(stderr, "tabletop bench gomoku: --rapfi-config %s: %s\n", rapfi_config,
                    strerror(errno));
            return 1;
        }
        rapfi_config = config_path;
    }
    if (rapfi && bench_gomoku_rapfi_check(rapfi, rapfi_config,
                                           peer_turn_ms ? peer_turn_ms : turn_ms, rule) != 0)
        return 1;
    if (quick)
        games = 4;
    if (games < 1)
        games = 1;
    if (games > 10000)
        games = 10000;
    if (nodes < 100)
        nodes = 100;

    match_t m2 = bench_gomoku_match(2, games, nodes);
    bench_report("gomoku_l3_nodes_per_s", m2.l3_cpu > 0 ? (double)m2.l3_nodes / m2.l3_cpu : 0, "nodes/s");
    bench_report("gomoku_l3_nodes_budget", (double)nodes, "nodes");
    bench_report("gomoku_l3_ms_per_move", m2.l3_moves ? 1000.0 * m2.l3_cpu / m2.l3_moves : 0, "ms");
    bench_report("gomoku_seed_l2_ms_per_move", m2.other_moves ? 1000.0 * m2.other_cpu / m2.other_moves : 0, "ms");
    bench_report("gomoku_l3_vs_l2_games", games, "games");
    bench_report("gomoku_l3_vs_l2_wins", m2.wins, "games");
    bench_report("gomoku_l3_vs_l2_losses", m2.losses, "games");
    bench_report("gomoku_l3_vs_l2_draws", m2.draws, "games");
    bench_report("gomoku_l3_vs_l2_win_rate", 100.0 * m2.wins / games, "%");
    match_t m1 = bench_gomoku_match(1, games, nodes);
    bench_report("gomoku_l3_vs_l1_win_rate", 100.0 * m1.wins / games, "%");
    bench_report("gomoku_seed_l1_ms_per_move", m1.other_moves ? 1000.0 * m1.other_cpu / m1.other_moves : 0, "ms");
    if (rapfi)
        return bench_gomoku_rapfi(rapfi, rapfi_config, rapfi_games, turn_ms,
                                  peer_turn_ms ? peer_turn_ms : turn_ms, rule);
    return 0;
}

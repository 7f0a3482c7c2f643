/*
 * test_peer.c - THE REAL PEER: complete games (9x9, and one 13x13 for the
 * columns past J) between `tabletop gtp`
 * and GNU Go (`/usr/games/gnugo --mode gtp --chinese-rules`) through pipes,
 * with tabletop as Black and as White.  After every move both engines must
 * hold the same stones (list_stones) and prisoners (captures), and each
 * must accept the other's move.  At the end the final scores are reported
 * (they may differ: GNU Go removes dead stones, tabletop counts every stone
 * as alive) and the game record crosses over: tabletop's printsgf is loaded
 * by GNU Go, GNU Go's printsgf by tabletop, and the stones must agree.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/go/board.h"
#include "gtp_pipe.h"

#define GNUGO "/usr/games/gnugo"
/* Moves per board point before a game is cut short (9x9: 162). */
#define MOVE_CAP_PER_POINT 2
#define REPLY_MS 120000

typedef struct {
    gtp_pipe_t pipe;
    const char *name;
} peer_t;

static const char *tabletop_exe(void)
{
    const char *x = getenv("TABLETOP_EXE");
    cr_assert(x, "TABLETOP_EXE is not set (meson sets it)");
    return x;
}

/* Sends cmd; asserts a '=' answer; returns the body in a rotating buffer. */
static const char *must(peer_t *p, const char *cmd)
{
    static char bodies[4][16384];
    static int next;
    char *body = bodies[next++ % 4];
    int good = 0;
    int rc = gtp_pipe_command(&p->pipe, cmd, &good, body, sizeof bodies[0], REPLY_MS);
    cr_assert_eq(rc, 0, "%s did not answer '%s'", p->name, cmd);
    cr_assert(good, "%s refused '%s': %s", p->name, cmd, body);
    return body;
}

/* Upper-cases and sorts a list of vertices so that two answers compare. */
static void normalise_vertices(const char *list, char *out, size_t len)
{
    char tmp[2048];
    char *items[400];
    int n = 0;
    snprintf(tmp, sizeof tmp, "%s", list);
    char *save = NULL;
    for (char *t = strtok_r(tmp, " \n", &save); t && n < 400; t = strtok_r(NULL, " \n", &save)) {
        for (char *c = t; *c; c++)
            if (*c >= 'a' && *c <= 'z')
                *c = (char)(*c - 'a' + 'A');
        items[n++] = t;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(items[j - 1], items[j]) > 0; j--) {
            char *x = items[j];
            items[j] = items[j - 1];
            items[j - 1] = x;
        }
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strncat(out, items[i], len - strlen(out) - 1);
        if (i + 1 < n)
            strncat(out, " ", len - strlen(out) - 1);
    }
}

static void assert_same_position(peer_t *a, peer_t *b, int move)
{
    static const char *const queries[] = {"list_stones black", "list_stones white",
                                          "captures black", "captures white"};
    for (int q = 0; q < 4; q++) {
        char x[2048], y[2048];
        normalise_vertices(must(a, queries[q]), x, sizeof x);
        normalise_vertices(must(b, queries[q]), y, sizeof y);
        cr_assert_str_eq(x, y, "after move %d, '%s' differs:\n  %s: %s\n  %s: %s", move,
                         queries[q], a->name, x, b->name, y);
    }
}

/* Sets b (komi 5.5) from a peer's list_stones answers. */
static void board_from_peer(peer_t *p, BoardState *b, int size)
{
    board_reset(b, size, 11);
    for (int q = 0; q < 2; q++) {
        char list[2048];
        snprintf(list, sizeof list, "%s", must(p, q ? "list_stones white" : "list_stones black"));
        char *save = NULL;
        for (char *t = strtok_r(list, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
            Move m;
            cr_assert_eq(board_vertex_parse(size, t, &m), 0, "%s: bad vertex %s", p->name, t);
            cr_assert_eq(board_setup(b, q ? WHITE : BLACK, m.row, m.col), 0);
        }
    }
}

/* GNU Go's score must be area scoring of the final position once its own
 * dead stones are lifted: the scoring rules of both engines are the same. */
static void assert_same_scoring(peer_t *gg, const char *gg_score, int size)
{
    BoardState b;
    board_from_peer(gg, &b, size);
    char dead[2048];
    snprintf(dead, sizeof dead, "%s", must(gg, "final_status_list dead"));
    char *save = NULL;
    for (char *t = strtok_r(dead, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
        Move m;
        cr_assert_eq(board_vertex_parse(size, t, &m), 0);
        cr_assert_eq(board_setup(&b, EMPTY, m.row, m.col), 0);
    }
    char ours[32];
    board_result_string(&b, ours, sizeof ours);
    cr_assert_str_eq(ours, gg_score, "area score of GNU Go's final position without its dead "
                     "stones: board_score says %s, GNU Go %s", ours, gg_score);
}

static void start_peer(peer_t *p, const char *name, char *const argv[], int size)
{
    p->name = name;
    cr_assert_eq(gtp_pipe_start(&p->pipe, argv, NULL), 0, "cannot start %s", name);
    char cmd[32];
    snprintf(cmd, sizeof cmd, "boardsize %d", size);
    must(p, cmd);
    must(p, "clear_board");
    must(p, "komi 5.5");
}

/* Plays one game; tabletop_black says which side tabletop takes. */
static void play_game(int size, int tabletop_black, const char *level, const char *playouts,
                      const char *seed)
{
    const int move_cap = MOVE_CAP_PER_POINT * size * size;
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    /* --no-resign: the game goes on to two passes, where both engines'
     * scores can be compared (a resignation leaves an unfinished board). */
    char *tt_argv[] = {(char *)tabletop_exe(), "gtp", "--level", (char *)level, "--playouts",
                       (char *)playouts, "--seed", (char *)seed, "--no-resign", NULL};
    char *gg_argv[] = {GNUGO, "--mode", "gtp", "--chinese-rules", "--level", "1", "--seed",
                       (char *)seed, NULL};
    peer_t tt, gg;
    start_peer(&tt, "tabletop", tt_argv, size);
    start_peer(&gg, "gnugo", gg_argv, size);

    peer_t *black = tabletop_black ? &tt : &gg;
    peer_t *white = tabletop_black ? &gg : &tt;
    int passes = 0, moves = 0, resigned = 0;
    for (moves = 0; moves < move_cap && passes < 2; moves++) {
        int black_to_move = moves % 2 == 0;
        peer_t *mover = black_to_move ? black : white;
        peer_t *other = black_to_move ? white : black;
        const char *colour = black_to_move ? "black" : "white";
        char cmd[64], vertex[32];
        snprintf(cmd, sizeof cmd, "genmove %s", colour);
        snprintf(vertex, sizeof vertex, "%s", must(mover, cmd));
        if (!strcasecmp(vertex, "resign")) {
            resigned = 1;
            fprintf(stderr, "peer: %s (%s) resigns after %d moves\n", mover->name, colour,
                    moves);
            break;
        }
        passes = !strcasecmp(vertex, "pass") ? passes + 1 : 0;
        /* The other engine must accept the move as legal. */
        snprintf(cmd, sizeof cmd, "is_legal %s %s", colour, vertex);
        if (strcasecmp(vertex, "pass"))
            cr_assert_str_eq(must(other, cmd), "1", "%s thinks %s %s is illegal", other->name,
                             colour, vertex);
        snprintf(cmd, sizeof cmd, "play %s %s", colour, vertex);
        must(other, cmd);
        assert_same_position(&tt, &gg, moves + 1);
    }
    cr_assert(resigned || passes == 2 || moves == move_cap);

    char tt_score[64], gg_score[64];
    snprintf(tt_score, sizeof tt_score, "%s", must(&tt, "final_score"));
    snprintf(gg_score, sizeof gg_score, "%s", must(&gg, "final_score"));
    fprintf(stderr,
            "peer: %dx%d, tabletop (level %s, %s playouts) as %s vs GNU Go level 1, seed %s: "
            "%d moves%s; final_score tabletop %s, GNU Go %s\n",
            size, size, level, playouts, tabletop_black ? "Black" : "White", seed, moves,
            passes == 2 ? " to two passes" : "", tt_score, gg_score);
    cr_assert(tt_score[0] == 'B' || tt_score[0] == 'W' || !strcmp(tt_score, "0"), "%s",
              tt_score);
    /* Without dead stones both engines score alike: area scoring, same komi. */
    char tt_dead[2048], gg_dead[2048];
    normalise_vertices(must(&gg, "final_status_list dead"), gg_dead, sizeof gg_dead);
    normalise_vertices(must(&tt, "final_status_list dead"), tt_dead, sizeof tt_dead);
    fprintf(stderr, "peer: dead stones: tabletop [%s], GNU Go [%s]\n", tt_dead, gg_dead);
    assert_same_scoring(&gg, gg_score, size);

    /* The record crosses over both ways. */
    char dir[] = "/tmp/tabletop-peer-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[256], cmd[320];
    snprintf(path, sizeof path, "%s/tabletop.sgf", dir);
    snprintf(cmd, sizeof cmd, "printsgf %s", path);
    must(&tt, cmd);
    must(&gg, "clear_board");
    snprintf(cmd, sizeof cmd, "loadsgf %s", path);
    must(&gg, cmd);
    must(&tt, "undo"); /* tabletop: one move back and forth keeps its state honest */
    must(&tt, cmd);
    assert_same_position(&tt, &gg, moves);

    snprintf(path, sizeof path, "%s/gnugo.sgf", dir);
    snprintf(cmd, sizeof cmd, "printsgf %s", path);
    must(&gg, cmd);
    must(&tt, "clear_board");
    snprintf(cmd, sizeof cmd, "loadsgf %s", path);
    must(&tt, cmd);
    for (int q = 0; q < 2; q++) {
        const char *query = q ? "list_stones white" : "list_stones black";
        char x[2048], y[2048];
        normalise_vertices(must(&tt, query), x, sizeof x);
        normalise_vertices(must(&gg, query), y, sizeof y);
        cr_assert_str_eq(x, y, "GNU Go's printsgf read back by tabletop: '%s' differs", query);
    }
    unlink(path);
    snprintf(path, sizeof path, "%s/tabletop.sgf", dir);
    unlink(path);
    rmdir(dir);

    cr_assert_eq(gtp_pipe_stop(&tt.pipe, 1), 0, "tabletop did not exit cleanly after quit");
    gtp_pipe_stop(&gg.pipe, 1);
}

Test(gnugo_peer, tabletop_black_level3, .timeout = 150) { play_game(9, 1, "3", "200", "17"); }
Test(gnugo_peer, tabletop_white_level3, .timeout = 150) { play_game(9, 0, "3", "200", "23"); }
Test(gnugo_peer, tabletop_black_level2, .timeout = 150) { play_game(9, 1, "2", "200", "5"); }
Test(gnugo_peer, tabletop_white_level1, .timeout = 150) { play_game(9, 0, "1", "200", "9"); }
Test(gnugo_peer, tabletop_black_level2_13x13, .timeout = 150) { play_game(13, 1, "2", "200", "31"); }

/* fixed_handicap places the stones where GNU Go, GTP's reference
 * implementation, places them, and refuses the same counts. */
Test(gnugo_peer, fixed_handicap_matches_gnugo, .timeout = 60)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    char *tt_argv[] = {(char *)tabletop_exe(), "gtp", "--level", "1", NULL};
    char *gg_argv[] = {GNUGO, "--mode", "gtp", "--chinese-rules", NULL};
    static const int sizes[] = {7, 8, 9, 13, 19};
    peer_t tt, gg;
    start_peer(&tt, "tabletop", tt_argv, 9);
    start_peer(&gg, "gnugo", gg_argv, 9);
    for (int s = 0; s < 5; s++)
        for (int n = 1; n <= 10; n++) {
            char cmd[64], a[512], b[512];
            int ok_a, ok_b;
            snprintf(cmd, sizeof cmd, "boardsize %d", sizes[s]);
            must(&tt, cmd);
            must(&gg, cmd);
            snprintf(cmd, sizeof cmd, "fixed_handicap %d", n);
            cr_assert_eq(gtp_pipe_command(&tt.pipe, cmd, &ok_a, a, sizeof a, REPLY_MS), 0);
            cr_assert_eq(gtp_pipe_command(&gg.pipe, cmd, &ok_b, b, sizeof b, REPLY_MS), 0);
            cr_assert_eq(ok_a, ok_b, "%dx%d %s: tabletop '%s', GNU Go '%s'", sizes[s], sizes[s],
                         cmd, a, b);
            if (ok_a)
                cr_assert_str_eq(a, b, "%dx%d %s", sizes[s], sizes[s], cmd);
        }
    cr_assert_eq(gtp_pipe_stop(&tt.pipe, 1), 0);
    gtp_pipe_stop(&gg.pipe, 1);
}

/* Input GNU Go takes, so that a controller written for GNU Go works with
 * tabletop (docs/gtp.md): both engines must accept each line, and the
 * position must agree afterwards. */
Test(gnugo_peer, lenient_input_is_taken_as_gnugo_takes_it, .timeout = 60)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    char *tt_argv[] = {(char *)tabletop_exe(), "gtp", "--level", "1", NULL};
    char *gg_argv[] = {GNUGO, "--mode", "gtp", "--chinese-rules", NULL};
    peer_t tt, gg;
    start_peer(&tt, "tabletop", tt_argv, 9);
    start_peer(&gg, "gnugo", gg_argv, 9);
    static const char *const lines[] = {
        "komi -1000000", "time_settings 99999999999 1 1", "time_left b 99999999999 1",
        "play b e05",    "play w c03",                    "boardsize 9 9",
        "play b d4 d5",  "play w a01 extra",              "komi 6.5 points",
        "undo extra",    "play w g7"};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        char a[512], b[512];
        int ok_a, ok_b;
        cr_assert_eq(gtp_pipe_command(&gg.pipe, lines[i], &ok_b, b, sizeof b, REPLY_MS), 0);
        cr_assert_eq(gtp_pipe_command(&tt.pipe, lines[i], &ok_a, a, sizeof a, REPLY_MS), 0,
                     "tabletop gave no answer to '%s'", lines[i]);
        cr_assert(ok_b, "GNU Go refused '%s': %s", lines[i], b);
        cr_assert(ok_a, "'%s': GNU Go answers '= %s', tabletop '? %s'", lines[i], b, a);
    }
    char a[1024], b[1024];
    normalise_vertices(must(&tt, "list_stones black"), a, sizeof a);
    normalise_vertices(must(&gg, "list_stones black"), b, sizeof b);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, "D4");
    normalise_vertices(must(&tt, "list_stones white"), a, sizeof a);
    normalise_vertices(must(&gg, "list_stones white"), b, sizeof b);
    cr_assert_str_eq(a, b);
    cr_assert_str_eq(a, "G7");
    cr_assert_eq(gtp_pipe_stop(&tt.pipe, 1), 0);
    gtp_pipe_stop(&gg.pipe, 1);
}

/* loadsgf takes setup as given, as GNU Go does: the stones without liberties in
 * tests/data/sgf/setup_no_liberties.sgf load in both engines, the same
 * stones stand, GNU Go names White to move (PL[W]) as tabletop's showboard
 * does, and tabletop's printsgf of it loads in GNU Go to the same stones. */
Test(gnugo_peer, loadsgf_setup_without_liberties_matches_gnugo, .timeout = 60)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    const char *data = getenv("TABLETOP_TEST_DATA");
    cr_assert(data, "TABLETOP_TEST_DATA is not set (meson sets it)");
    char *tt_argv[] = {(char *)tabletop_exe(), "gtp", "--level", "1", NULL};
    char *gg_argv[] = {GNUGO, "--mode", "gtp", "--chinese-rules", NULL};
    peer_t tt, gg;
    start_peer(&tt, "tabletop", tt_argv, 9);
    start_peer(&gg, "gnugo", gg_argv, 9);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "loadsgf %s/sgf/setup_no_liberties.sgf", data);
    must(&tt, cmd);
    cr_assert_str_eq(must(&gg, cmd), "white");
    cr_assert(strstr(must(&tt, "showboard"), "white to move"));
    char a[1024], b[1024];
    for (int pass = 0; pass < 2; pass++) {
        static const char *const lists[] = {"list_stones black", "list_stones white"};
        for (int k = 0; k < 2; k++) {
            normalise_vertices(must(&tt, lists[k]), a, sizeof a);
            normalise_vertices(must(&gg, lists[k]), b, sizeof b);
            cr_assert_str_eq(a, b, "%s (pass %d)", lists[k], pass);
        }
        cr_assert_str_eq(must(&tt, "list_stones black"), "A9 J2 H1");
        if (pass == 0) {
            /* tabletop's record of it, into GNU Go. */
            char dir[] = "/tmp/tabletop-peer-XXXXXX";
            cr_assert(mkdtemp(dir));
            snprintf(cmd, sizeof cmd, "printsgf %s/setup.sgf", dir);
            must(&tt, cmd);
            must(&gg, "clear_board");
            snprintf(cmd, sizeof cmd, "loadsgf %s/setup.sgf", dir);
            cr_assert_str_eq(must(&gg, cmd), "white");
            snprintf(cmd, sizeof cmd, "%s/setup.sgf", dir);
            unlink(cmd);
            rmdir(dir);
        }
    }
    cr_assert_eq(gtp_pipe_stop(&tt.pipe, 1), 0);
    gtp_pipe_stop(&gg.pipe, 1);
}

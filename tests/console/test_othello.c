/*
 * test_othello.c - Othello on the console: the real program,
 * headless, driven by key scripts; saves and frames checked.
 *
 * Sources of truth: positions worked out with an array-based model written
 * apart from the engine (eight-direction scans; see the comments), the
 * rules' four first moves (d3, c4, f5, e6), and golden frames looked at by
 * eye (TABLETOP_UPDATE_GOLDEN=1 rewrites them).
 */
#include "test_go_util.h"
#include "tests/games/othello/array_model.h"

/* Runs `tabletop play --game othello` headless on a script given as text,
 * frames into dir, saves into dir/save, on the given backend. */
static run_t othello_run(const char *dir, const char *text, const char *backend)
{
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    free(save);
    const char *const othello[] = {"--game", "othello", "--backend", backend ? backend : "sdl",
                                   NULL};
    return play_in(dir, text, othello);
}

/* Appends to buf the keys that take the cursor from *cur to the square
 * named sq ("d3": column d, row 3 from the top) and press Enter. */
static void keys_to(char *buf, size_t len, int *cur, const char *sq)
{
    int to = (sq[1] - '1') * 8 + (sq[0] - 'a');
    int dr = to / 8 - *cur / 8, dc = to % 8 - *cur % 8;
    size_t n = strlen(buf);
    for (; dr < 0; dr++)
        n += (size_t)snprintf(buf + n, len - n, "up\n");
    for (; dr > 0; dr--)
        n += (size_t)snprintf(buf + n, len - n, "down\n");
    for (; dc < 0; dc++)
        n += (size_t)snprintf(buf + n, len - n, "left\n");
    for (; dc > 0; dc--)
        n += (size_t)snprintf(buf + n, len - n, "right\n");
    snprintf(buf + n, len - n, "enter\n");
    *cur = to;
}

/* The value of "key ..." in a save file's text ("" if absent). */
static void save_line(const char *text, const char *key, char *out, size_t len)
{
    out[0] = 0;
    size_t k = strlen(key);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (!strncmp(p, key, k) && p[k] == ' ') {
            const char *end = strchr(p, '\n');
            snprintf(out, len, "%.*s", (int)(end ? end - p - (long)k - 1 : (long)strlen(p + k + 1)),
                     p + k + 1);
            return;
        }
    }
}

/* One of the 228 shortest games (nine moves; found by exhaustive search
 * with an array-based model written apart from the engine): Black turns
 * every white disc and wins 13-0. */
static const char *const shortest[] = {"d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"};

Test(othello_console, two_players_play_the_shortest_game_to_its_end, .timeout = 120)
{
    char *dir = scratch("othello");
    char keys[4096];
    /* With --game othello the console opens the Othello title: its fourth
     * item is Two players. */
    snprintf(keys, sizeof keys, "snap othello_title\ndown\ndown\ndown\nenter\n");
    int cur = 2 * 8 + 3; /* the cursor starts on d3 */
    for (size_t i = 0; i < sizeof shortest / sizeof shortest[0]; i++) {
        keys_to(keys, sizeof keys, &cur, shortest[i]);
        if (i == 3)
            strcat(keys, "snap othello_two_players\n");
    }
    strcat(keys, "snap othello_over\n");
    run_t r = othello_run(dir, keys, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *last = read_all(path_join(dir, "save/othello-last.txt"), NULL);
    cr_assert(last, "the finished game is not kept in othello-last.txt");
    char v[256];
    save_line(last, "moves", v, sizeof v);
    cr_assert_str_eq(v, "d3 c3 b3 d2 e1 d6 d7 e3 f4");
    save_line(last, "result", v, sizeof v);
    cr_assert_str_eq(v, "black wins 13-0");
    save_line(last, "mode", v, sizeof v);
    cr_assert_str_eq(v, "two-players");
    cr_assert(!file_exists(path_join(dir, "save/othello.txt")), "nothing left to resume");
    check_golden(dir, "othello_title", "othello_title");
    check_golden(dir, "othello_two_players", "othello_two_players");
    check_golden(dir, "othello_over", "othello_over");
}

Test(othello_console, an_illegal_square_is_refused_and_changes_nothing, .timeout = 60)
{
    char *dir = scratch("othello");
    /* Two players; a1 turns nothing at the start. */
    run_t r = othello_run(dir,
                          "down\ndown\ndown\nenter\n"
                          "up\nup\nleft\nleft\nleft\nenter\nsnap othello_illegal\n",
                          NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!file_exists(path_join(dir, "save/othello.txt")), "no move was made");
    check_golden(dir, "othello_illegal", "othello_illegal");
}

/* You play Black against the engine: d3 (a legal opening), the computer
 * answers, the save holds both; undo takes both back. */
Test(othello_console, against_the_computer_moves_are_saved_and_undo_takes_two, .timeout = 120)
{
    char *dir = scratch("othello");
    run_t r = othello_run(dir, "down\nenter\nenter\nsnap othello_vs_computer\nescape\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *save = read_all(path_join(dir, "save/othello.txt"), NULL);
    cr_assert(save, "no autosave after two moves");
    char v[256];
    save_line(save, "mode", v, sizeof v);
    cr_assert_str_eq(v, "you-black");
    save_line(save, "moves", v, sizeof v);
    /* After d3 White's legal replies are c3, e3 and c5 (the array-based
     * model's answer; by hand: e5 is White's only disc left). */
    cr_assert(!strcmp(v, "d3 c3") || !strcmp(v, "d3 e3") || !strcmp(v, "d3 c5"),
              "moves '%s'", v);
    check_golden(dir, "othello_vs_computer", "othello_vs_computer");

    /* Resume (the title's last item, selected) and undo: both plies go. */
    r = othello_run(dir, "enter\nu\nsnap othello_undone\nescape\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!file_exists(path_join(dir, "save/othello.txt")),
              "back at the start: no save left");
}

/* Against the machine (the C model of the FPGA logic on sdl): the machine
 * opens as Black with one of the four legal first moves, the save says so,
 * and a resumed game is replayed into a reset machine without complaint. */
static void machine_opens(const char *backend)
{
    char *dir = scratch("othello");
    run_t r = othello_run(dir, "enter\nsnap othello_machine\nescape\n", backend);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *save = read_all(path_join(dir, "save/othello.txt"), NULL);
    cr_assert(save, "no autosave after the machine's first move (%s)", r.err);
    char v[256];
    save_line(save, "mode", v, sizeof v);
    cr_assert_str_eq(v, "machine");
    save_line(save, "moves", v, sizeof v);
    cr_assert(!strcmp(v, "d3") || !strcmp(v, "c4") || !strcmp(v, "f5") || !strcmp(v, "e6"),
              "the machine opened with '%s'", v);
    r = othello_run(dir, "enter\nsnap othello_machine_resumed\nescape\n", backend);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!strstr(r.err, "answered"), "replay disagreed: %s", r.err);
    char *again = read_all(path_join(dir, "save/othello.txt"), NULL);
    cr_assert(again && !strcmp(again, save), "the resumed game changed: %s", again);
}

Test(othello_console, the_machine_opens_and_a_resumed_game_replays, .timeout = 120)
{
    machine_opens("sdl");
}

#if OTHELLO_TEST_SIM
/* The same against the Verilated RTL (--backend sim). */
Test(othello_console, on_sim_the_rtl_machine_opens_and_a_resumed_game_replays, .timeout = 300)
{
    machine_opens("sim");
}
#endif

/* ---- the computer against the machine: a whole game, refereed ---- */

/* Replays a save's "moves" line; fails the test at the first ply the model
 * does not allow (a disc that turns nothing, a pass with a move left).
 * Returns the number of plies; *black / *white get the counts. */
static int arr_replay(const char *moves, int *black, int *white)
{
    arr_t a;
    arr_start(&a);
    char me = 'X';
    int plies = 0;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (!strcmp(t, "pass")) {
            cr_assert(!arr_has_move(&a, me), "ply %d: a pass with a move left", plies + 1);
        } else {
            int c = t[0] - 'a', r = t[1] - '1';
            cr_assert(c >= 0 && c < 8 && r >= 0 && r < 8 && !t[2], "ply %d: '%s'", plies + 1, t);
            cr_assert(arr_flips(&a, me, r, c, 1) > 0, "ply %d: %s turns nothing", plies + 1, t);
        }
        me = me == 'X' ? 'O' : 'X';
        plies++;
    }
    cr_assert(!arr_has_move(&a, 'X') && !arr_has_move(&a, 'O'), "the game is not over");
    *black = *white = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            *black += a.c[r][c] == 'X';
            *white += a.c[r][c] == 'O';
        }
    return plies;
}

/* The fifth item: the engine plays White against the machine; nobody
 * touches a key until the game is over.  Every ply of the kept record is
 * legal by the model, and the result line is the model's count. */
static void engine_against_machine(const char *backend, const char *snap)
{
    char *dir = scratch("othello");
    char script[128];
    snprintf(script, sizeof script, "down\ndown\ndown\ndown\nenter\nsnap %s\n", snap);
    run_t r = othello_run(dir, script, backend);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *last = read_all(path_join(dir, "save/othello-last.txt"), NULL);
    cr_assert(last, "the game did not end (%s)", r.err);
    char moves[1024], result[128], mode[64];
    save_line(last, "moves", moves, sizeof moves);
    save_line(last, "result", result, sizeof result);
    save_line(last, "mode", mode, sizeof mode);
    cr_assert_str_eq(mode, "computer-vs-machine");
    int b, w;
    int plies = arr_replay(moves, &b, &w);
    cr_assert_geq(plies, 9, "a game of %d plies", plies);
    char want[128];
    snprintf(want, sizeof want, "%s %d-%d", b > w ? "black wins" : w > b ? "white wins" : "draw",
             b, w);
    cr_assert_str_eq(result, want);
    cr_assert(!strstr(r.err, "stopped"), "%s", r.err);
}

Test(othello_console, the_computer_plays_the_machine_to_the_end_on_sdl, .timeout = 300)
{
    engine_against_machine("sdl", "othello_demo_over");
}

#if OTHELLO_TEST_SIM
Test(othello_console, the_computer_plays_the_machine_to_the_end_on_sim, .timeout = 600)
{
    engine_against_machine("sim", "othello_demo_over_sim");
}
#endif

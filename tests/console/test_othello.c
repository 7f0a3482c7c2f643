/*
 * test_othello.c - Othello on the console: the real program,
 * headless, driven by key scripts; saves and frames checked.
 *
 * Sources of truth: positions worked out with an array-based model written
 * apart from the engine (eight-direction scans; see the comments), the
 * rules' four first moves (d3, c4, f5, e6), the board's squares measured in
 * the frames themselves (the baize's colour), the console's clock as the
 * script lets it pass, and golden frames looked at by eye
 * (TABLETOP_UPDATE_GOLDEN=1 rewrites them).
 */
#include "test_go_util.h"
#include "test_gomoku_text.h"
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

/* ---- frames measured ---- */

typedef struct {
    uint16_t *px;
    int w, h;
} frame_t;

static frame_t frame_load(const char *dir, const char *name)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    frame_t f = {0};
    cr_assert_eq(frame_png_read(path, &f.px, &f.w, &f.h, err, sizeof err), 0, "%s", err);
    return f;
}

/* Where the squares are: the bounding box of the frame's most common
 * colour apart from the background (the corner's colour), which is the
 * baize between the grid lines.  Nothing of the screen's code is used. */
typedef struct {
    int x0, y0, x1, y1; /* inclusive */
    uint16_t baize;
} board_box_t;

static board_box_t board_measure(frame_t f)
{
    static unsigned counts[65536];
    memset(counts, 0, sizeof counts);
    for (long i = 0; i < (long)f.w * f.h; i++)
        counts[f.px[i]]++;
    uint16_t bg = f.px[0], best = 0;
    for (int c = 0; c < 65536; c++)
        if (c != bg && counts[c] > counts[best])
            best = (uint16_t)c;
    board_box_t b = {f.w, f.h, -1, -1, best};
    for (int y = 0; y < f.h; y++)
        for (int x = 0; x < f.w; x++)
            if (f.px[(long)y * f.w + x] == best) {
                b.x0 = x < b.x0 ? x : b.x0;
                b.y0 = y < b.y0 ? y : b.y0;
                b.x1 = x > b.x1 ? x : b.x1;
                b.y1 = y > b.y1 ? y : b.y1;
            }
    cr_assert(b.x1 > b.x0 + 100 && b.y1 > b.y0 + 100, "no board found in the frame");
    return b;
}

/* The discs on the board: squares whose centre is not the baize (the
 * squares are an eighth of the measured board each way). */
static int discs_in(const char *dir, const char *name)
{
    frame_t f = frame_load(dir, name);
    board_box_t b = board_measure(f);
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            int x = b.x0 + (2 * c + 1) * (b.x1 - b.x0 + 1) / 16;
            int y = b.y0 + (2 * r + 1) * (b.y1 - b.y0 + 1) / 16;
            n += f.px[(long)y * f.w + x] != b.baize;
        }
    free(f.px);
    return n;
}

/* with and without are the same screen but for a notice: the pixels that
 * differ are the notice's.  Asserts that there are some and that none is
 * on the board's squares (measured in the frame). */
static void notice_off_the_board(const char *dir, const char *with, const char *without)
{
    frame_t a = frame_load(dir, with), b = frame_load(dir, without);
    cr_assert(a.w == b.w && a.h == b.h);
    board_box_t box = board_measure(b);
    long differ = 0, on_board = 0;
    int fx = -1, fy = -1;
    for (int y = 0; y < a.h; y++)
        for (int x = 0; x < a.w; x++) {
            if (a.px[(long)y * a.w + x] == b.px[(long)y * a.w + x])
                continue;
            differ++;
            if (x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1) {
                if (!on_board++)
                    fx = x, fy = y;
            }
        }
    cr_assert_gt(differ, 50, "%s: no notice drawn", with);
    cr_assert_eq(on_board, 0,
                 "%s: %ld pixels of the notice on the board's squares (%d..%d x %d..%d), "
                 "first at (%d, %d)",
                 with, on_board, box.x0, box.x1, box.y0, box.y1, fx, fy);
    free(a.px);
    free(b.px);
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
    /* After four moves the right column says "Move 4": the moves played,
     * as Go's screen counts them (it said "Move 5", the move to come). */
    uint16_t *px;
    int w, h;
    char err[256];
    cr_assert_eq(frame_png_read(path_join(dir, "othello_two_players.png"), &px, &w, &h, err,
                                sizeof err),
                 0, "%s", err);
    int found4 = 0, found5 = 0;
    for (int x = w / 2; x < w - 30; x++) {
        found4 |= text_at(px, w, x, 40, "Move 4", 1);
        found5 |= text_at(px, w, x, 40, "Move 5", 1);
    }
    free(px);
    cr_assert(found4 && !found5, "the move number: Move 4 %d, Move 5 %d", found4, found5);
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

/* The shortest forced pass (exhaustive search with the array model): after
 * these eight plies Black has no legal move (its three discs are walled
 * in) and passes by itself.  The notice says so under the board; Escape
 * and Resume give the same screen without it, so the two frames differ in
 * the notice alone. */
static const char *const to_pass[] = {"d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1", NULL};

/* A two-player game: the moves placed, then `then` (keys that bring the
 * notice), a snap NAME, Escape, Resume and a snap NAME_resumed.  The saved
 * moves must be want_moves; the notice must be off the board and NAME
 * match its golden. */
static void notice_case(const char *const *moves, const char *then, const char *want_moves,
                        const char *name)
{
    char *dir = scratch("othello");
    char keys[4096];
    snprintf(keys, sizeof keys, "down\ndown\ndown\nenter\n");
    int cur = 2 * 8 + 3;
    for (size_t i = 0; moves[i]; i++)
        keys_to(keys, sizeof keys, &cur, moves[i]);
    size_t used = strlen(keys);
    snprintf(keys + used, sizeof keys - used, "%ssnap %s\nescape\nenter\nsnap %s_resumed\n",
             then, name, name);
    run_t r = othello_run(dir, keys, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *save = read_all(path_join(dir, "save/othello.txt"), NULL);
    cr_assert(save);
    char v[256], resumed[64];
    save_line(save, "moves", v, sizeof v);
    cr_assert_str_eq(v, want_moves);
    snprintf(resumed, sizeof resumed, "%s_resumed", name);
    notice_off_the_board(dir, name, resumed);
    check_golden(dir, name, name);
}

Test(othello_console, a_pass_is_said_under_the_board_not_on_it, .timeout = 120)
{
    notice_case(to_pass, "", "d3 c3 b3 b2 f5 a3 a1 c1 pass", "othello_pass");
}

/* "Took back 1 move" goes under the board as well. */
Test(othello_console, took_back_is_said_under_the_board_not_on_it, .timeout = 120)
{
    static const char *const two[] = {"d3", "c3", NULL};
    notice_case(two, "u\n", "d3", "othello_took_back");
}

/* One of the shortest games White wins (ten plies, exhaustive search with
 * the array model): the winner is named and its count comes first, on the
 * screen (golden) as in the record, and the counts are the model's. */
static const char *const white_wins[] = {"d3", "c3", "b3", "e3", "f5",
                                          "a3", "c4", "e6", "f4", "g4"};

Test(othello_console, screen_and_record_give_the_score_the_same_way, .timeout = 120)
{
    char *dir = scratch("othello");
    char keys[4096];
    snprintf(keys, sizeof keys, "down\ndown\ndown\nenter\n");
    int cur = 2 * 8 + 3;
    arr_t a;
    arr_start(&a);
    char me = 'X';
    for (size_t i = 0; i < sizeof white_wins / sizeof white_wins[0]; i++) {
        keys_to(keys, sizeof keys, &cur, white_wins[i]);
        cr_assert(arr_flips(&a, me, white_wins[i][1] - '1', white_wins[i][0] - 'a', 1) > 0);
        me = me == 'X' ? 'O' : 'X';
    }
    cr_assert(!arr_has_move(&a, 'X') && !arr_has_move(&a, 'O'), "the game is over");
    int b = 0, w = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            b += a.c[r][c] == 'X';
            w += a.c[r][c] == 'O';
        }
    cr_assert_gt(w, b);
    strcat(keys, "snap othello_white_wins\n");
    run_t r = othello_run(dir, keys, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *last = read_all(path_join(dir, "save/othello-last.txt"), NULL);
    cr_assert(last, "the finished game is not kept");
    char v[256], want[64];
    save_line(last, "result", v, sizeof v);
    snprintf(want, sizeof want, "white wins %d-%d", w, b);
    cr_assert_str_eq(v, want);
    /* The golden's status line reads "White wins 14-0. Enter: again", the
     * counts beside the discs 0 and 14. */
    check_golden(dir, "othello_white_wins", "othello_white_wins");
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
 * Returns the number of plies; *black / *white get the counts; to_end:
 * the game must be over. */
static int arr_replay(const char *moves, int *black, int *white, int to_end)
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
    cr_assert(!to_end || (!arr_has_move(&a, 'X') && !arr_has_move(&a, 'O')),
              "the game is not over");
    *black = *white = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            *black += a.c[r][c] == 'X';
            *white += a.c[r][c] == 'O';
        }
    return plies;
}

/* The fifth item: the engine plays White against the machine, stepped
 * move by move with n (no pace to wait for) until the game is over; n on
 * the finished game does nothing.  Every ply of the kept record is legal
 * by the model, and the result line is the model's count, the winner's
 * first. */
static void engine_against_machine(const char *backend, const char *snap)
{
    char *dir = scratch("othello");
    char script[512];
    snprintf(script, sizeof script, "down\ndown\ndown\ndown\nenter\n");
    for (int i = 0; i < 80; i++)
        strcat(script, "n\n");
    snprintf(script + strlen(script), sizeof script - strlen(script), "snap %s\n", snap);
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
    int plies = arr_replay(moves, &b, &w, 1);
    cr_assert_geq(plies, 9, "a game of %d plies", plies);
    char want[128];
    snprintf(want, sizeof want, "%s %d-%d", b > w ? "black wins" : w > b ? "white wins" : "draw",
             b > w ? b : w, b > w ? w : b);
    cr_assert_str_eq(result, want);
    cr_assert(!strstr(r.err, "stopped"), "%s", r.err);
    /* sdl and sim give the same picture of the same game. */
    check_golden(dir, snap, "othello_demo_over");
}

/* The computer against the machine runs at one move every 0.7 s of the
 * console's clock: no move before 0.7 s, one by 1.05 s, three by 2.45 s
 * (the machine's own thinking adds a few ms a move, the engine's none:
 * the clock stands still while it searches).  Space pauses it: 3 s pass
 * with no move; n plays one move at a time; Space runs it again (the
 * pause was longer than the pace: the next move at once, then 0.7 s).  The
 * discs are counted in the frames (the board measured by its colour), the
 * record says the same, every ply legal by the model. */
Test(othello_console, the_computer_against_the_machine_is_paced_paused_and_stepped,
     .timeout = 120)
{
    char *dir = scratch("othello");
    run_t r = othello_run(dir,
                          "down\ndown\ndown\ndown\nenter\nsnap d0\n"
                          "wait 350\nsnap d350\nwait 700\nsnap d1050\nwait 1400\nsnap d2450\n"
                          "space\nsnap othello_demo_paused\nwait 3000\nsnap d_paused\n"
                          "n\nsnap d_step1\nn\nsnap d_step2\nwait 3000\nsnap d_step2_later\n"
                          "space\nsnap othello_demo_running\nwait 1050\nsnap d_run\nescape\n",
                          NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    static const struct {
        const char *snap;
        int plies;
    } want[] = {{"d0", 0},           {"d350", 0},      {"d1050", 1},
                {"d2450", 3},        {"d_paused", 3},  {"othello_demo_paused", 3},
                {"d_step1", 4},      {"d_step2", 5},   {"d_step2_later", 5},
                {"othello_demo_running", 6}, {"d_run", 7}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_expect_eq(discs_in(dir, want[i].snap), 4 + want[i].plies, "%s: %d plies wanted",
                     want[i].snap, want[i].plies);
    char *save = read_all(path_join(dir, "save/othello.txt"), NULL);
    cr_assert(save, "the game is saved");
    char moves[1024];
    save_line(save, "moves", moves, sizeof moves);
    int b, w;
    cr_assert_eq(arr_replay(moves, &b, &w, 0), 7, "moves '%s'", moves);
    cr_assert(!strstr(moves, "pass"));
    check_golden(dir, "othello_demo_paused", "othello_demo_paused");
    check_golden(dir, "othello_demo_running", "othello_demo_running");
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

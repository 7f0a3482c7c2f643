/*
 * test_go_basics.c - the basics of a Go game on the console beyond
 * placing and passing: undo (Backspace or u; two plies against the
 * computer), resign (r, then Enter), choosing the colour and a handicap
 * against the computer, level names, and 13x13 / 19x19 for two players.
 *
 * Golden frames as in test_play.c (TABLETOP_UPDATE_GOLDEN=1).
 */
#include "test_go_util.h"

/* The main line of save/go.sgf (or go-last.sgf when last). */
static void saved_moves(const char *dir, int last, char *out, size_t len)
{
    sgf_moves(path_join(dir, last ? "save/go-last.sgf" : "save/go.sgf"), out, len);
}

static char *saved_text(const char *dir, const char *name)
{
    char *p = path_join(dir, name);
    char *text = read_all(p, NULL);
    cr_assert(text, "no %s", p);
    return text;
}

/* ---- undo ---- */

Test(go_basics, backspace_and_u_take_back_one_move_between_players)
{
    char *dir = scratch("go");
    /* B E5, W E6, B D6; Backspace, u: only B E5 is left. */
    run_t r = play_text(dir, "enter\nenter\nenter\nup\nenter\nleft\nenter\nbackspace\n"
                             "snap undo_one\nu\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "undo_one", "undo_one");
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
    /* And White plays again from there. */
    r = play_text(dir, "enter\nenter\nright\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[fe]");
}

Test(go_basics, undo_with_nothing_played_says_so_and_changes_nothing)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nbackspace\nsnap nothing_to_undo\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "nothing_to_undo", "nothing_to_undo");
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("place")));
}

Test(go_basics, undo_against_the_computer_takes_back_its_answer_too, .timeout = 60)
{
    char *dir = scratch("go");
    /* Level 1, B E5, the computer answers; undo; the same move again gets
     * the same answer (same seed, same position). */
    run_t r = play_text(dir, "enter\n2\n1\nenter\n", "7");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char first[256], moves[256];
    saved_moves(dir, 0, first, sizeof first);
    cr_assert(!strncmp(first, ";B[ee];W[", 9) && strlen(first) == 12, "%s", first);
    r = play_text(dir, "enter\nenter\nbackspace\nsnap pvc_undo\n", "7");
    cr_assert_eq(r.status, 0, "%s", r.err);
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, "", "two plies taken back: %s", moves);
    check_golden(dir, "pvc_undo", "pvc_undo");
}

Test(go_basics, undo_in_the_dead_stone_review_plays_on, .timeout = 60)
{
    char *dir = scratch("go");
    char *text = read_all(data_file("gameover.txt"), NULL);
    char *cut = strstr(text, "# two passes: the dead-stone review");
    cr_assert(cut);
    *cut = 0;
    char script[8192];
    snprintf(script, sizeof script, "%sbackspace\nsnap review_undone\n", text);
    run_t r = play_text(dir, script, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "review_undone", "review_undone");
    char moves[512];
    saved_moves(dir, 0, moves, sizeof moves);
    /* One ply back (two players): White's pass; Black's stays. */
    size_t n = strlen(moves);
    cr_assert(n > 10 && !strcmp(moves + n - 10, ";W[fi];B[]"), "%s", moves);
    cr_assert(!file_exists(path_join(dir, "save/go-last.sgf")), "the game is not over");
}

/* ---- resign ---- */

Test(go_basics, r_then_enter_resigns_for_the_side_to_move)
{
    char *dir = scratch("go");
    /* B E5, then White resigns. */
    run_t r = play_text(dir, "enter\nenter\nenter\nr\nsnap resign_ask\nenter\nsnap resigned\n"
                             "enter\nsnap after_resign\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "resign_ask", "resign_ask");
    check_golden(dir, "resigned", "resigned");
    check_golden(dir, "after_resign", "mode_menu");
    cr_assert(!file_exists(path_join(dir, "save/go.sgf")));
    char *rec = saved_text(dir, "save/go-last.sgf");
    cr_assert(strstr(rec, "RE[B+R]"), "%s", rec);
    cr_assert(!strstr(rec, "TB["), "a resigned game has no territory: %s", rec);
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("gameover")));
}

Test(go_basics, any_other_key_than_enter_takes_the_resign_back)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nr\nescape\nsnap resign_cancelled\nenter\nr\nright\n"
                             "enter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    /* Escape only closed the question: still the game, B E5 placed. */
    check_golden(dir, "resign_cancelled", "game_start");
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    /* r then Right: the question takes the Right; Enter then tries White on
     * E5, which is occupied: nothing changes. */
    cr_assert_str_eq(moves, ";B[ee]");
    cr_assert(!file_exists(path_join(dir, "save/go-last.sgf")));
}

Test(go_basics, the_human_resigns_against_the_computer, .timeout = 60)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\n2\n1\nenter\nr\nenter\n", "3");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rec = saved_text(dir, "save/go-last.sgf");
    cr_assert(strstr(rec, "RE[W+R]"), "%s", rec);
}

/* ---- colour, handicap and levels against the computer ---- */

Test(go_basics, the_level_menu_names_the_levels_and_offers_colour_and_handicap)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\n2\ndown\ndown\ndown\ndown\nright\ndown\nright\nright\n"
                             "snap level_options\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "level_options", "level_options");
}

Test(go_basics, playing_white_the_computer_opens_as_black, .timeout = 60)
{
    char *dir = scratch("go");
    /* Level menu: the colour row, White, back up to level 1, start. */
    run_t r = play_text(dir, "enter\n2\ndown\ndown\ndown\ndown\nright\nup\nup\nup\nup\nenter\n"
                             "snap pvc_white\n", "11");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "pvc_white", "pvc_white");
    char *rec = saved_text(dir, "save/go.sgf");
    cr_assert(strstr(rec, "PB[tabletop level 1]PW[Human]"), "%s", rec);
    cr_assert(strstr(rec, "GC[tabletop mode=pvc level=1 human=white]"), "%s", rec);
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert(!strncmp(moves, ";B[", 3) && strlen(moves) == 6, "%s", moves);
    /* Resumed, the human is still White: undo takes back nothing of the
     * computer's alone. */
    r = play_text(dir, "enter\nenter\nu\n", "11");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char again[256];
    saved_moves(dir, 0, again, sizeof again);
    cr_assert_str_eq(again, moves);
}

/* The points of the record's AB list as a sorted string of "xy" pairs. */
static void setup_points(const char *rec, char *out, size_t len)
{
    const char *p = strstr(rec, "AB");
    cr_assert(p, "no AB in %s", rec);
    char pts[32][3];
    int n = 0;
    for (p += 2; *p == '[' || *p == '\n'; p++)
        if (*p == '[') {
            cr_assert(n < 32);
            snprintf(pts[n++], 3, "%.2s", p + 1);
            p += 3;
        }
    qsort(pts, (size_t)n, 3, (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < n; i++)
        strncat(out, pts[i], len - strlen(out) - 1);
}

/* GNU Go's fixed_handicap n on 9x9, as sorted SGF points. */
static void gnugo_handicap(const char *dir, int n, char *out, size_t len)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    char cmd[512];
    snprintf(cmd, sizeof cmd, "printf 'boardsize 9\\nfixed_handicap %d\\nquit\\n' | "
             GNUGO " --mode gtp > '%s/gnugo.out'", n, dir);
    cr_assert_eq(system(cmd), 0);
    char *text = read_all(path_join(dir, "gnugo.out"), NULL);
    cr_assert(text);
    /* The second "= " answer holds the vertices. */
    char *a = strstr(text, "=");
    a = a ? strstr(a + 1, "=") : NULL;
    cr_assert(a, "%s", text);
    char *end = strstr(a, "\n\n");
    if (end)
        *end = 0;
    char pts[9][3];
    int k = 0;
    for (char *t = strtok(a + 1, " \n"); t && k < 9; t = strtok(NULL, " \n")) {
        int col = t[0] - 'A' - (t[0] > 'I'), row = 9 - atoi(t + 1);
        snprintf(pts[k++], 3, "%c%c", 'a' + col, 'a' + row);
    }
    qsort(pts, (size_t)k, 3, (int (*)(const void *, const void *))strcmp);
    out[0] = 0;
    for (int i = 0; i < k; i++)
        strncat(out, pts[i], len - strlen(out) - 1);
    free(text);
}

Test(go_basics, handicap_stones_stand_where_gnugo_puts_them, .timeout = 120)
{
    for (int n = 2; n <= 9; n++) {
        char *dir = scratch("go");
        /* Handicap row; n - 1 steps right from "none"; level 1. */
        char script[512] = "enter\n2\ndown\ndown\ndown\ndown\ndown\n";
        for (int i = 0; i < n - 1; i++)
            strcat(script, "right\n");
        strcat(script, "up\nup\nup\nup\nup\nenter\n");
        if (n == 4)
            strcat(script, "snap handicap_4\n");
        run_t r = play_text(dir, script, "2");
        cr_assert_eq(r.status, 0, "%s", r.err);
        char *rec = saved_text(dir, "save/go.sgf");
        cr_assert(strstr(rec, "KM[0.5]"), "handicap %d: komi 0.5: %s", n, rec);
        char ours[64], theirs[64];
        setup_points(rec, ours, sizeof ours);
        gnugo_handicap(dir, n, theirs, sizeof theirs);
        cr_assert_str_eq(ours, theirs, "handicap %d", n);
        /* White (the computer) moved first. */
        char moves[256];
        saved_moves(dir, 0, moves, sizeof moves);
        cr_assert(!strncmp(moves, ";W[", 3) && strlen(moves) == 6, "handicap %d: %s", n, moves);
        if (n == 4)
            check_golden(dir, "handicap_4", "handicap_4");
    }
}

/* ---- bigger boards for two players ---- */

Test(go_basics, two_players_on_13x13_and_19x19, .timeout = 60)
{
    static const struct {
        int rights;
        const char *size, *komi, *centre, *snap;
    } cases[] = {{1, "SZ[13]", "KM[7.5]", ";B[gg]", "pvp_13"},
                 {2, "SZ[19]", "KM[7.5]", ";B[jj]", "pvp_19"}};
    for (int i = 0; i < 2; i++) {
        char *dir = scratch("go");
        /* Mode menu: down to the board row, right, back up to PvP, start;
         * Black takes the centre, both pass, accept. */
        char script[512] = "enter\ndown\ndown\n";
        for (int k = 0; k < cases[i].rights; k++)
            strcat(script, "right\n");
        strcat(script, i == 0 ? "snap mode_menu_13\n" : "");
        strcat(script, "up\nup\nenter\nenter\nsnap ");
        strcat(script, cases[i].snap);
        strcat(script, "\nspace\nspace\nspace\n");
        run_t r = play_text(dir, script, NULL);
        cr_assert_eq(r.status, 0, "%s", r.err);
        check_golden(dir, cases[i].snap, cases[i].snap);
        if (i == 0)
            check_golden(dir, "mode_menu_13", "mode_menu_13");
        char *last = path_join(dir, "save/go-last.sgf");
        char *rec = read_all(last, NULL);
        cr_assert(rec, "the game did not finish");
        cr_assert(strstr(rec, cases[i].size) && strstr(rec, cases[i].komi), "%s", rec);
        char moves[256];
        sgf_moves(last, moves, sizeof moves);
        char want[64];
        snprintf(want, sizeof want, "%s;W[];B[]", cases[i].centre);
        cr_assert_str_eq(moves, want);
        /* Two passes and Space: counted and kept (GNU Go takes minutes to
         * score a nearly empty big board, so the count is checked on 9x9
         * in test_go_end.c). */
        cr_assert(strstr(rec, "RE[B+") || strstr(rec, "RE[W+"), "%s", rec);
    }
}

/* ---- the link game (docs/link.md) ---- */

/* The mode menu's last row opens the game against another console; started
 * without --link it says how to start one, and Escape comes back to Go. */
Test(go_basics, the_mode_menus_last_row_opens_the_link_game)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\ndown\ndown\ndown\nsnap mode_menu_link\nenter\n"
                             "snap link_no_spec\nescape\nsnap back\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "mode_menu_link", "mode_menu_link");
    check_golden(dir, "link_no_spec", "link_no_spec");
    check_golden(dir, "back", "title");
    /* Down stops at the last row: one more Down is still on it. */
    r = play_text(dir, "enter\ndown\ndown\ndown\ndown\nsnap still\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "still", "mode_menu_link");
}

/* ---- seed 001's skipping cursor (k) ---- */

/* Seed 001, "User IO": the cursor "is designed to skip over existing tiles if
 * directed to move across a tile", moving "to the closest position ... that
 * is a valid move"; past the edge "it resets to the cursor value".  With k,
 * Left from F5 over E5 lands on D5, Right from D5 over E5 F5 on G5, Left from
 * J5 over H5..D5 on C5, and Right from C5 (D5..J5 all taken) stays on C5. */
Test(go_basics, k_makes_the_cursor_jump_over_stones_and_stop_at_the_edge)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\n"
                             "enter\nright\nenter\n" /* B E5, W F5 */
                             "k\n"
                             "left\nenter\n"         /* B D5 (over E5) */
                             "right\nenter\n"        /* W G5 (over E5 F5) */
                             "right\nenter\n"        /* B H5 */
                             "right\nenter\n"        /* W J5 */
                             "left\nenter\n"         /* B C5 (over H5..D5) */
                             "right\nup\nenter\n",   /* nothing free to the right: W C6 */
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[fe];B[de];W[ge];B[he];W[ie];B[ce];W[cd]");
}

/* Off by default (and after a second k): the cursor steps onto stones. */
Test(go_basics, without_k_the_cursor_steps_onto_stones)
{
    char *dir = scratch("go");
    /* Left from F5 rests on E5: Enter there is illegal, nothing is added. */
    run_t r = play_text(dir, "enter\nenter\nenter\nright\nenter\nleft\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char moves[256];
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[fe]");
    /* Resumed (the cursor on E5), k twice: Right rests on F5, Enter is illegal. */
    r = play_text(dir, "enter\nenter\nk\nk\nright\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    saved_moves(dir, 0, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[fe]");
}

/* ---- level 4, the strongest ---- */

/* The computer's moves (W[..]) of the record at path, replayed with the
 * human's through GNU Go: every one of them legal. */
static void gnugo_replays(const char *dir, const char *path)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    char moves[4096];
    sgf_moves(path, moves, sizeof moves);
    char *cmds = path_join(dir, "replay.gtp");
    FILE *f = fopen(cmds, "w");
    cr_assert(f);
    fprintf(f, "boardsize 9\nclear_board\nkomi 5.5\n");
    int n = 0;
    for (const char *p = moves; (p = strchr(p, ';')) != NULL; p++) {
        char col = p[3], row = p[4];
        if (p[3] == ']') {
            fprintf(f, "play %c pass\n", p[1]);
        } else {
            int c = col - 'a';
            fprintf(f, "play %c %c%d\n", p[1], 'A' + c + (c >= 8), 9 - (row - 'a'));
        }
        n++;
    }
    fprintf(f, "quit\n");
    fclose(f);
    char command[8400], line[256];
    snprintf(command, sizeof command, GNUGO " --mode gtp --chinese-rules < '%s'", cmds);
    FILE *p = popen(command, "r");
    cr_assert(p);
    int answers = 0;
    while (fgets(line, sizeof line, p)) {
        cr_assert(line[0] != '?', "GNU Go refuses a move of %s: %s", moves, line);
        answers += line[0] == '=';
    }
    pclose(p);
    cr_assert_eq(answers, n + 4, "GNU Go answered %d of %d commands", answers, n + 4);
}

/* Issue 26: "4. Strongest: 1 s a move" is level 3's search by time, on two
 * threads, keeping its tree: the console's stderr logs each of its moves
 * as `tabletop gtp` logs a genmove, the moves are legal (GNU Go replays
 * them) and a later search starts from the subtree of the one before. */
Test(go_basics, level_4_answers_on_two_threads_and_keeps_its_tree, .timeout = 120)
{
    char *dir = scratch("go");
    /* Level 4, Black: E5, then E7, C7, C3, G3 (a point the computer took
     * already is refused and the next is tried). */
    run_t r = play_text(dir,
                        "enter\n2\n4\nenter\nup\nup\nenter\nleft\nleft\nenter\n"
                        "down\ndown\ndown\ndown\nenter\nright\nright\nright\nright\nenter\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rec = saved_text(dir, "save/go.sgf");
    cr_assert(strstr(rec, "GC[tabletop mode=pvc level=4]"), "%s", rec);
    cr_assert(strstr(rec, "PW[tabletop level 4]"), "%s", rec);
    gnugo_replays(dir, path_join(dir, "save/go.sgf"));
    char moves[512];
    saved_moves(dir, 0, moves, sizeof moves);
    int white = 0;
    for (const char *p = moves; (p = strstr(p, ";W[")) != NULL; p++)
        white++;
    /* One log line for each of the computer's moves. */
    int lines = 0, later_kept = 0;
    for (const char *p = r.err; (p = strstr(p, "(level 4, ")) != NULL; p++) {
        int playouts, kept, threads;
        cr_assert_eq(sscanf(p, "(level 4, %d playouts, %d kept, %d threads", &playouts, &kept,
                            &threads),
                     3, "%s", p);
        cr_assert_eq(threads, 2, "%s", r.err);
        cr_assert_gt(playouts, 200, "a search by count, not by time: %s", r.err);
        if (lines > 0 && kept > 0)
            later_kept = 1;
        lines++;
    }
    cr_assert_geq(white, 3, "%s", moves);
    cr_assert_eq(lines, white, "%d log lines for %d moves: %s", lines, white, r.err);
    cr_assert(later_kept, "no later search kept any of the tree: %s", r.err);
}

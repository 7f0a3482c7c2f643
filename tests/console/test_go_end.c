/*
 * test_go_end.c - the end of a Go game on the console: after two passes
 * the dead stones are proposed (the estimate GTP's final_status_list
 * gives), the players toggle whole groups, and the accepted count is the
 * area score with the dead stones off, recorded as RE[] with TB/TW.  The
 * score is checked against GNU Go's final_score on the same record.
 *
 * Golden frames as in test_play.c (TABLETOP_UPDATE_GOLDEN=1).
 */
#include "test_go_util.h"

/* The keys of dead_stone.txt up to and including its two final passes
 * (the review is then on screen, the cursor on White's B5). */
static char *walls_and_dead_stone(void)
{
    char *text = read_all(data_file("dead_stone.txt"), NULL);
    cr_assert(text, "no dead_stone.txt");
    char *cut = strstr(text, "snap review\n");
    cr_assert(cut, "dead_stone.txt has no 'snap review' line");
    *cut = 0;
    return text;
}

/* Plays dead_stone.txt's game, then `tail`; returns the finished record. */
static char *play_review(const char *dir, const char *tail)
{
    char *head = walls_and_dead_stone();
    char *text = malloc(strlen(head) + strlen(tail) + 1);
    sprintf(text, "%s%s", head, tail);
    run_t r = play_text(dir, text, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    free(head);
    free(text);
    char *rec = read_all(path_join(dir, "save/go-last.sgf"), NULL);
    cr_assert(rec, "the game did not finish: no go-last.sgf");
    return rec;
}

/* The number of points in the record's TB (or TW) list, -1 if absent. */
static int territory_count(const char *rec, const char *ident)
{
    const char *p = strstr(rec, ident);
    if (!p)
        return -1;
    p += 2;
    int n = 0;
    while (*p == '[' || *p == '\n') {
        if (*p == '[') {
            const char *end = strchr(p, ']');
            cr_assert(end && end - p == 3, "malformed %s list: %s", ident, rec);
            n++;
            p = end;
        }
        p++;
    }
    return n;
}

/* 1 if the record's TB (or TW) list holds the point "xy". */
static int territory_has(const char *rec, const char *ident, const char *point)
{
    const char *p = strstr(rec, ident);
    if (!p)
        return 0;
    char want[5];
    snprintf(want, sizeof want, "[%s]", point);
    for (p += 2; *p == '[' || *p == '\n'; p++) {
        if (*p == '[') {
            if (!strncmp(p, want, 4))
                return 1;
            p = strchr(p, ']');
        }
    }
    return 0;
}

Test(go_end, the_dead_stone_is_proposed_and_the_score_matches_gnugo, .timeout = 60)
{
    char *dir = scratch("go");
    run_t r = play(dir, data_file("dead_stone.txt"), NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "review", "review");
    check_golden(dir, "gameover_dead", "gameover_dead");
    check_golden(dir, "after_gameover_dead", "mode_menu");
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("gameover")));
    cr_assert(!file_exists(path_join(dir, "save/go.sgf")));
    char *last = path_join(dir, "save/go-last.sgf");
    char *rec = read_all(last, NULL);
    cr_assert(rec, "no go-last.sgf");
    /* Black 45 (the dead stone's point included), White 36 + 5.5. */
    cr_assert(strstr(rec, "RE[B+3.5]"), "%s", rec);
    char gnugo[64];
    gnugo_final_score(dir, last, gnugo, sizeof gnugo);
    cr_assert_str_eq(gnugo, "B+3.5", "GNU Go scores the record %s", gnugo);
    /* Territory: Black's 36 points left of the wall with the dead stone's
     * B5 ("be"), White's 27 right of its wall. */
    cr_assert_eq(territory_count(rec, "TB"), 36, "%s", rec);
    cr_assert_eq(territory_count(rec, "TW"), 27, "%s", rec);
    cr_assert(territory_has(rec, "TB", "be"), "%s", rec);
    cr_assert(!territory_has(rec, "TB", "ee"), "a living stone is not territory: %s", rec);
}

Test(go_end, enter_brings_a_proposed_dead_stone_back_to_life, .timeout = 60)
{
    char *dir = scratch("go");
    char *rec = play_review(dir, "enter\nsnap alive\nspace\n");
    /* Alive, B5 makes Black's whole area neutral: 9 against 37 + 5.5. */
    cr_assert(strstr(rec, "RE[W+33.5]"), "%s", rec);
    cr_assert(!territory_has(rec, "TB", "be"), "%s", rec);
}

Test(go_end, enter_toggles_a_whole_group, .timeout = 60)
{
    char *dir = scratch("go");
    /* From B5 to Black's wall on E5: all nine stones go, and White owns
     * the board (B5 stays dead): 0 against 81 + 5.5. */
    char *rec = play_review(dir, "right\nright\nright\nenter\nsnap wall_dead\nspace\n");
    cr_assert(strstr(rec, "RE[W+86.5]"), "%s", rec);
    cr_assert_eq(territory_count(rec, "TB"), -1, "%s", rec);
    cr_assert_eq(territory_count(rec, "TW"), 72, "%s", rec);
}

Test(go_end, empty_points_do_not_toggle, .timeout = 60)
{
    char *dir = scratch("go");
    char *rec = play_review(dir, "left\nenter\nspace\n");
    cr_assert(strstr(rec, "RE[B+3.5]"), "%s", rec);
}

Test(go_end, escape_during_the_review_keeps_the_game_and_resumes_there, .timeout = 60)
{
    char *dir = scratch("go");
    char *head = walls_and_dead_stone();
    char *text = malloc(strlen(head) + 64);
    sprintf(text, "%sescape\n", head);
    run_t r = play_text(dir, text, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(file_exists(path_join(dir, "save/go.sgf")));
    cr_assert(!file_exists(path_join(dir, "save/go-last.sgf")));
    /* A new start offers it; Enter resumes into the review; Space accepts. */
    r = play_text(dir, "enter\nenter\nsnap review_resumed\nspace\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "review_resumed", "review_resumed");
    char *rec = read_all(path_join(dir, "save/go-last.sgf"), NULL);
    cr_assert(rec, "the resumed review did not finish the game");
    cr_assert(strstr(rec, "RE[B+3.5]"), "%s", rec);
    free(head);
    free(text);
}

/* Level 3 resigns a hopeless game by itself.  The saved game is
 * tests/data/go/end_hopeless.txt as setup stones (GNU Go: W+50.5), the
 * computer Black to move against a human White who passes every time; the
 * computer's third hopeless move in a row is a resignation: the game is
 * over, "The computer resigned", RE[W+R] kept as the last record. */
Test(go_end, the_computer_resigns_a_hopeless_game, .timeout = 120)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    write_text(path_join(save, "go.sgf"),
               "(;GM[1]FF[4]SZ[9]KM[5.5]GC[tabletop mode=pvc level=3 human=white]"
               "AB[ba][ab][bb][bc][ad][bd][be][af][bf][bg][ah][bh][bi]"
               "AW[ca][fa][ia][cb][db][eb][fb][gb][hb][ib][cc][fc][ic][cd][dd][ed][fd][gd]"
               "[hd][id][ce][fe][ie][cf][df][ef][ff][gf][hf][if][cg][fg][ig][ch][dh][eh]"
               "[fh][gh][hh][ih][ci][fi][ii]PL[B])");
    run_t r = play_text(dir,
                        "enter\nenter\n"         /* title, resume */
                        "space\nspace\nspace\n"  /* White passes after each reply */
                        "snap computer_resigned\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rec = read_all(path_join(save, "go-last.sgf"), NULL);
    cr_assert(rec, "the game did not end: no go-last.sgf");
    cr_assert(strstr(rec, "RE[W+R]"), "%s", rec);
    cr_assert(!file_exists(path_join(save, "go.sgf")), "the autosave is cleared");
    check_golden(dir, "computer_resigned", "computer_resigned");
}

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
    char *dir = make_tmpdir();
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
    char *dir = make_tmpdir();
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
    char *dir = make_tmpdir();
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
    char *dir = make_tmpdir();
    char *text = read_all(data_file("gameover.txt"), NULL);
    char *cut = strstr(text, "snap gameover_review\n");
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
    char *dir = make_tmpdir();
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
    char *dir = make_tmpdir();
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
    char *dir = make_tmpdir();
    run_t r = play_text(dir, "enter\n2\n1\nenter\nr\nenter\n", "3");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *rec = saved_text(dir, "save/go-last.sgf");
    cr_assert(strstr(rec, "RE[W+R]"), "%s", rec);
}

/*
 * test_gomoku_rules.c - the board, five in a row and renju's forbidden points.
 *
 * Every position is hand-built from the RIF rule text (docs/gomoku.md quotes
 * the definitions); the reasoning that gives the expected answer is written
 * beside each one, so the source of truth is the rule, not the code.
 * Points are a1 bottom-left, h8 the centre.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "games/gomoku/gomoku.h"

static int pt(const char *s)
{
    int p = -1;
    cr_assert_eq(gomoku_point_parse(s, &p), GOMOKU_OK, "bad point %s", s);
    return p;
}

/* Puts stones of colour on the space-separated points of list. */
static void put(gomoku_t *g, int colour, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        cr_assert_eq(gomoku_set_stone(g, pt(t), colour), GOMOKU_OK);
}

static gomoku_t position(const char *black, const char *white)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    put(&g, GOMOKU_BLACK, black);
    put(&g, GOMOKU_WHITE, white);
    return g;
}

static gomoku_forbid_t forbid(const gomoku_t *g, const char *point)
{
    return gomoku_forbidden(g, pt(point));
}

/* ---- coordinates ---- */

Test(gomoku_points, a1_is_bottom_left_and_h8_the_centre)
{
    cr_assert_eq(pt("a1"), 0);
    cr_assert_eq(pt("o1"), 14);
    cr_assert_eq(pt("a15"), 14 * 15);
    cr_assert_eq(pt("h8"), 7 * 15 + 7);
    cr_assert_eq(pt("O15"), 224);
    char buf[4];
    gomoku_point_format(224, buf);
    cr_assert_str_eq(buf, "o15");
    gomoku_point_format(pt("h8"), buf);
    cr_assert_str_eq(buf, "h8");
    int p = 7;
    cr_assert_eq(gomoku_point_parse("p1", &p), GOMOKU_ERR_RANGE);
    cr_assert_eq(gomoku_point_parse("a16", &p), GOMOKU_ERR_RANGE);
    cr_assert_eq(gomoku_point_parse("a0", &p), GOMOKU_ERR_SYNTAX);
    cr_assert_eq(gomoku_point_parse("h08", &p), GOMOKU_ERR_SYNTAX);
    cr_assert_eq(gomoku_point_parse("h8x", &p), GOMOKU_ERR_SYNTAX);
    cr_assert_eq(gomoku_point_parse("8h", &p), GOMOKU_ERR_SYNTAX);
    cr_assert_eq(gomoku_point_parse("", &p), GOMOKU_ERR_SYNTAX);
    cr_assert_eq(p, 7, "a failed parse leaves the point alone");
}

/* ---- play, undo, five ---- */

Test(gomoku_play, five_in_a_row_wins_and_undo_takes_it_back)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_FREESTYLE);
    const char *moves[] = {"h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        cr_assert_eq(gomoku_play(&g, pt(moves[i])), GOMOKU_OK);
        cr_assert_eq(g.winner, 0);
    }
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_ERR_OCCUPIED);
    cr_assert_eq(gomoku_play(&g, 225), GOMOKU_ERR_RANGE);
    cr_assert_eq(g.moves, 8, "errors change nothing");
    cr_assert_eq(gomoku_play(&g, pt("l8")), GOMOKU_OK); /* h8-l8 */
    cr_assert_eq(g.winner, GOMOKU_BLACK);
    cr_assert_eq(g.end, GOMOKU_END_FIVE);
    cr_assert_eq(gomoku_play(&g, pt("a1")), GOMOKU_ERR_OVER);
    cr_assert_eq(gomoku_undo(&g), 0);
    cr_assert_eq(g.winner, 0);
    cr_assert_eq(g.to_move, GOMOKU_BLACK);
    cr_assert_eq(gomoku_at(&g, pt("l8")), GOMOKU_EMPTY);
    /* White can now win on the ninth row instead. */
    cr_assert_eq(gomoku_play(&g, pt("a1")), GOMOKU_OK);
    cr_assert_eq(gomoku_play(&g, pt("l9")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_WHITE);
    for (int i = 0; i < 10; i++)
        cr_assert_eq(gomoku_undo(&g), 0);
    cr_assert_eq(gomoku_undo(&g), -1);
    cr_assert_eq(g.stones, 0);
}

Test(gomoku_play, a_timed_out_turn_passes_and_undo_lifts_stones_only)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(gomoku_pass(&g), GOMOKU_OK); /* White's clock ran out */
    cr_assert_eq(g.to_move, GOMOKU_BLACK);
    cr_assert_eq(gomoku_play(&g, pt("i8")), GOMOKU_OK);
    cr_assert_eq(gomoku_at(&g, pt("i8")), GOMOKU_BLACK);
    cr_assert_eq(g.to_move, GOMOKU_WHITE);
    /* Undo lifts i8 and gives the turn back to its colour, Black. */
    cr_assert_eq(gomoku_undo(&g), 0);
    cr_assert_eq(g.to_move, GOMOKU_BLACK);
    cr_assert_eq(gomoku_at(&g, pt("i8")), GOMOKU_EMPTY);
    cr_assert_eq(gomoku_undo(&g), 0);
    cr_assert_eq(g.to_move, GOMOKU_BLACK);
    cr_assert_eq(g.stones, 0);
}

Test(gomoku_play, diagonal_five_at_the_edge)
{
    gomoku_t g = position("a1 b2 c3 d4", "a15 b14 c13 d12");
    gomoku_set_to_move(&g, GOMOKU_BLACK);
    cr_assert(gomoku_makes_five(&g, pt("e5"), GOMOKU_BLACK));
    cr_assert(!gomoku_makes_five(&g, pt("e5"), GOMOKU_WHITE));
    cr_assert(gomoku_makes_five(&g, pt("e11"), GOMOKU_WHITE)); /* anti-diagonal */
}

/* ---- overline: forbidden for Black, a win for White (renju) ---- */

Test(gomoku_renju, overline_is_forbidden_for_black)
{
    /* e8 f8 g8 _ i8 j8: h8 makes six in a row. */
    gomoku_t g = position("e8 f8 g8 i8 j8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_OVERLINE);
    /* Seven is an overline too. */
    g = position("e8 f8 g8 i8 j8 k8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_OVERLINE);
    /* Playing it loses: White wins (RIF: a forbidden move loses). */
    gomoku_set_to_move(&g, GOMOKU_BLACK);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_WHITE);
    cr_assert_eq(g.end, GOMOKU_END_FORBIDDEN);
    cr_assert_eq(g.forbid, GOMOKU_FORBID_OVERLINE);
}

Test(gomoku_renju, overline_wins_for_white)
{
    gomoku_t g = position("", "e8 f8 g8 i8 j8");
    gomoku_set_to_move(&g, GOMOKU_WHITE);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_WHITE);
    cr_assert_eq(g.end, GOMOKU_END_FIVE);
}

Test(gomoku_rules, overline_wins_nothing_under_standard_and_all_under_freestyle)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_STANDARD);
    put(&g, GOMOKU_WHITE, "e8 f8 g8 i8 j8");
    cr_assert(!gomoku_makes_five(&g, pt("h8"), GOMOKU_WHITE));
    gomoku_init(&g, GOMOKU_RULE_FREESTYLE);
    put(&g, GOMOKU_BLACK, "e8 f8 g8 i8 j8");
    cr_assert(gomoku_makes_five(&g, pt("h8"), GOMOKU_BLACK));
    /* Freestyle knows no forbidden move: the overline simply wins. */
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_BLACK);
}

/* ---- double four ---- */

Test(gomoku_renju, double_four_in_two_lines)
{
    /* h8 makes e8-h8 (four) and h5-h8 (four): two fours meet at h8. */
    gomoku_t g = position("e8 f8 g8 h5 h6 h7", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_FOUR);
    /* Blocked on one side each, they are still fours (one more stone makes
     * five): still forbidden. */
    g = position("e8 f8 g8 h5 h6 h7", "d8 h4");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_FOUR);
}

Test(gomoku_renju, double_four_in_one_line)
{
    /* e8 _ g8 [h8] i8 _ k8: f8 makes e8-i8 five, j8 makes g8-k8 five: two
     * fours on one line (RIF's example of B.BBB.B). */
    gomoku_t g = position("e8 g8 i8 k8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_FOUR);
    /* e8 f8 _ [h8] i8 _ k8 l8: g8 gives e8-i8, j8 gives h8-l8. */
    g = position("e8 f8 i8 k8 l8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_FOUR);
    /* A straight four (_ e8 f8 g8 [h8] _) is one four, not two. */
    g = position("e8 f8 g8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
}

Test(gomoku_renju, a_four_whose_five_would_be_an_overline_is_no_four)
{
    /* c8 _ e8 f8 g8 [h8]: d8 would give c8-h8, six; i8 is White.  So h8's
     * row makes no four at all, and with the column four h5-h8 there is only
     * one four: allowed. */
    gomoku_t g = position("c8 e8 f8 g8 h5 h6 h7", "i8");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
}

/* ---- double three ---- */

Test(gomoku_renju, double_three)
{
    /* f8 g8 [h8] with e8, i8 and beyond empty: i8 makes the straight four
     * f8-i8 (e8 and j8 both give five): a three.  Same on the column
     * h6 h7 [h8].  Two threes meet at h8. */
    gomoku_t g = position("f8 g8 h6 h7", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
    /* Split threes count too: g8 [h8] _ j8 (i8 gives g8-j8 straight) and
     * [h8] _ h10 h11 (h9 gives h8-h11 straight). */
    g = position("g8 j8 h10 h11", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
    /* Diagonals: f6 g7 [h8] and j6 i7 [h8]. */
    g = position("f6 g7 j6 i7", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
}

Test(gomoku_renju, a_blocked_three_is_no_three)
{
    /* White e8: f8 g8 [h8] can only become f8-i8 with one five point (j8),
     * never a straight four, so the row is no three; one three (column)
     * is allowed. */
    gomoku_t g = position("f8 g8 h6 h7", "e8");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    /* Room for exactly five (White e8 and k8): f8..j8 can never be a
     * straight four either. */
    g = position("g8 i8 h6 h7", "e8 k8");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    /* The edge blocks like a stone: a8 b8 [c8] can become a8-d8 at best,
     * whose only five point is e8. */
    g = position("a8 b8 c6 c7", "");
    cr_assert_eq(forbid(&g, "c8"), GOMOKU_FORBID_NONE);
    g = position("b8 c8 d6 d7", "");
    cr_assert_eq(forbid(&g, "d8"), GOMOKU_FORBID_DOUBLE_THREE);
}

Test(gomoku_renju, four_three_is_allowed)
{
    /* e8 f8 g8 [h8]: a four; h6 h7 [h8]: a three.  One of each is the
     * classic winning 4-3, allowed for Black. */
    gomoku_t g = position("e8 f8 g8 h6 h7", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
}

Test(gomoku_renju, four_three_three_is_a_double_three)
{
    /* e8 f8 g8 [h8] four, h6 h7 [h8] three, f6 g7 [h8] three: two threes
     * meet at h8 beside the four, so it is forbidden as a double three. */
    gomoku_t g = position("e8 f8 g8 h6 h7 f6 g7", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
}

/*
 * The recursive three.  h8 with f8 g8 (row) and h9 h10 (column); White j8
 * stops the row on the right, so the row can become a straight four only
 * by e8 (e8-h8, five points d8 and i8).  Is e8 itself forbidden with h8 on
 * the board?  e8 then makes:
 *   - the row e8-h8: a (straight) four;
 *   - the anti-diagonal g6 f7 [e8]: a three (d9 or h5 give a straight four);
 *   - the column e6 e7 [e8]: a three if e9 or e5 can make a straight four.
 * Four + three + three is forbidden (a double three); four + three is not.
 */
Test(gomoku_renju, recursive_three_one_level)
{
    /* Column e6 e7 [e8] open: e9 gives e6-e9 with e5 and e10 free, a
     * straight four.  So e8 is 4-3-3, forbidden; the row through h8 can
     * become a straight four only by a forbidden move: not a three.  h8
     * then makes one three (the column): allowed. */
    gomoku_t g = position("f8 g8 h9 h10 e6 e7 f7 g6", "j8");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    /* Control: without the anti-diagonal stones e8 is just four + three,
     * allowed, so the row is a real three and h8 is a double three. */
    g = position("f8 g8 h9 h10 e6 e7", "j8");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
}

Test(gomoku_renju, recursive_three_two_levels)
{
    /* As above, plus White e10: the column e6 e7 [e8] now becomes a
     * straight four only by e5 (e5-e8, five points e4 and e9); e9 would
     * give e6-e9 against White e10.  And e5 is forbidden: a5 b5 c5 d5 [e5]
     * f5 is an overline.  So e8's column is no three, e8 is four + three
     * (allowed), the row through h8 is a three after all, and h8 is a
     * double three again: three levels of the rule decide it. */
    gomoku_t g = position("f8 g8 h9 h10 e6 e7 f7 g6 a5 b5 c5 d5 f5", "j8 e10");
    cr_assert_eq(forbid(&g, "e5"), GOMOKU_FORBID_OVERLINE);
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_THREE);
    /* Without the overline row e5 is a fine move, e8 is 4-3-3 again and h8
     * is allowed. */
    g = position("f8 g8 h9 h10 e6 e7 f7 g6", "j8 e10");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
}

/* ---- five beats forbidden ---- */

Test(gomoku_renju, five_wins_even_with_a_double_four)
{
    /* d8 e8 f8 g8 [h8] is exactly five (c8, i8 empty); the same move makes
     * fours h8-h11 and h8-k11.  RIF: the five wins. */
    gomoku_t g = position("d8 e8 f8 g8 h9 h10 h11 i9 j10 k11", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    gomoku_set_to_move(&g, GOMOKU_BLACK);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_BLACK);
    cr_assert_eq(g.end, GOMOKU_END_FIVE);
    /* Control: without d8 the row is a four, and three fours are forbidden. */
    g = position("e8 f8 g8 h9 h10 h11 i9 j10 k11", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_DOUBLE_FOUR);
}

Test(gomoku_renju, five_wins_even_with_an_overline_elsewhere)
{
    /* Row d8-h8 exactly five; column h5 h6 h7 [h8] h9 h10 h11 is seven. */
    gomoku_t g = position("d8 e8 f8 g8 h5 h6 h7 h9 h10 h11", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    gomoku_set_to_move(&g, GOMOKU_BLACK);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, GOMOKU_BLACK);
}

Test(gomoku_renju, white_is_never_forbidden)
{
    /* White's double three, double four and overline are ordinary moves. */
    gomoku_t g = position("", "f8 g8 h6 h7");
    gomoku_set_to_move(&g, GOMOKU_WHITE);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, 0);
    g = position("", "e8 f8 g8 h5 h6 h7");
    gomoku_set_to_move(&g, GOMOKU_WHITE);
    cr_assert_eq(gomoku_play(&g, pt("h8")), GOMOKU_OK);
    cr_assert_eq(g.winner, 0);
}

Test(gomoku_renju, forbidden_points_need_an_empty_point)
{
    gomoku_t g = position("f8 g8 h6 h7 h8", "");
    cr_assert_eq(forbid(&g, "h8"), GOMOKU_FORBID_NONE);
    cr_assert_eq(gomoku_forbidden(&g, -1), GOMOKU_FORBID_NONE);
    cr_assert_eq(gomoku_forbidden(&g, 225), GOMOKU_FORBID_NONE);
    cr_assert_str_eq(gomoku_forbid_name(GOMOKU_FORBID_DOUBLE_THREE), "double-three");
    cr_assert_str_eq(gomoku_forbid_name(GOMOKU_FORBID_DOUBLE_FOUR), "double-four");
    cr_assert_str_eq(gomoku_forbid_name(GOMOKU_FORBID_OVERLINE), "overline");
}

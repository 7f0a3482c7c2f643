/*
 * test_gomoku_details.c - seed 002's small details on the console,
 * the real program run headless with key scripts (`--game gomoku`) and
 * checked through its save file (docs/farm.md).  What is expected comes
 * from the seed's main loop (its appendix), not from our code:
 *
 *   - `if (RxBuffer==0x76) { x_cur=7; y_cur=7; ... InitializeGame(...);
 *     status=PVP; }`: Escape on the board page starts a new game, the
 *     cursor on the centre, two players, whatever the mode was;
 *   - `if (x_cur<=0) x_cur=14; else x_cur--;` and its three siblings: the
 *     board's cursor wraps round every edge;
 *   - `cursor0--; if (cursor0 < 0) cursor0 = 4;` / `cursor0 = (cursor0+1)%5`:
 *     the farm menu's cursor wraps both ways;
 *   - `if (die == 1) die++; ... if (die == 3) { ... money = 0; hp = 5; ... }`
 *     (and the same for win0): after YOU DIE or YOU WIN the next key, any
 *     key, starts a new farm, and does nothing else.
 *
 * And what issue 26 adds to them: Escape asks first when it would drop a
 * game against the computer in progress; a purchase that would take the
 * money below zero asks for a second Enter (the seed's rule then applies:
 * money below zero loses); a new farm starts with an empty board.
 */
#include "test_gomoku_util.h"

/* 0x76: a game against the computer, four stones in, becomes an empty PVP
 * board with the cursor on the centre: Enter then plays Black on h8 (on
 * the farm page Enter would buy a pig instead).  The abandoned game is not
 * counted on the farm.  A game against the computer in progress is asked
 * about first: one Escape changes nothing, another key forgets the
 * question, a second Escape in a row drops the game. */
Test(gomoku_details, escape_on_the_board_starts_a_pvp_game)
{
    char *dir = scratch("gomoku-details");
    put_save(dir, 2, 5, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves b:h8 w:a1 b:h9 w:a2\n");
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "c\nescape\n"), 0);
    char *t = save_text(dir);
    cr_expect_str_eq(t, before, "one Escape dropped a game against the computer");
    free(t);
    cr_assert_eq(play(dir, "c\nescape\nright\nescape\n"), 0);
    t = save_text(dir);
    cr_expect_str_eq(t, before, "Escape, a key, Escape: the question was forgotten");
    free(t);
    free(before);
    cr_assert_eq(play(dir, "c\nescape\nescape\n"), 0);
    t = save_text(dir);
    expect_field(t, "mode", "pvp", "Escape on a PVC board");
    expect_field(t, "moves", "none", "Escape on a PVC board");
    expect_field(t, "to-move", "black", "Escape on a PVC board");
    expect_field(t, "games", "0", "Escape on a PVC board");
    free(t);

    /* A PVP game is dropped at once (nothing against the computer). */
    cr_assert_eq(play(dir, "c\nright\nright\nescape\nenter\n"), 0);
    t = save_text(dir);
    expect_field(t, "moves", "b:h8", "Escape, then Enter");
    expect_field(t, "money", "2", "Escape, then Enter (no pig bought)");
    expect_field(t, "pigs", "0", "Escape, then Enter (no pig bought)");
    free(t);

    /* From CVP too (the computer opens there, then Escape takes it back to
     * two players). */
    put_save(dir, 2, 5, 0, "none", 0, 0,
             "skin classic\nmode cvp\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "c\nescape\nescape\n"), 0);
    t = save_text(dir);
    expect_field(t, "mode", "pvp", "Escape on a CVP board");
    expect_field(t, "moves", "none", "Escape on a CVP board");
    free(t);
    cleanup(dir);
}

/* The board's cursor wraps: from h8, eight steps left reach o8, one right
 * from o8 is a8, eight up from a8 reach a1, one down from a1 is a15 (the
 * arrows and w a s d alike).  Each point is marked by a stone. */
Test(gomoku_details, the_board_cursor_wraps_round_every_edge)
{
    char *dir = scratch("gomoku-details");
    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin classic\nmode pvp\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "c\n"
                           "left\nleft\nleft\nleft\nleft\nleft\nleft\nleft\nenter\n"
                           "d\nenter\n"
                           "up\nup\nup\nw\nup\nup\nup\nup\nenter\n"
                           "s\nenter\n"),
                 0);
    char *t = save_text(dir);
    expect_field(t, "moves", "b:o8 w:a8 b:a1 w:a15", "walking off every edge");
    free(t);
    cleanup(dir);
}

/* The farm menu's cursor wraps both ways: up from BUY PIG is END GAME, down
 * from END GAME is BUY PIG again. */
Test(gomoku_details, the_menu_cursor_wraps_both_ways)
{
    char *dir = scratch("gomoku-details");
    put_save(dir, 34, 5, 5, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "w\ns\nenter\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "money", "32", "up, down, Enter: a pig bought");
    expect_field(t, "pigs", "1", "up, down, Enter: a pig bought");
    expect_field(t, "state", "playing", "up, down, Enter");
    free(t);
    cr_assert_eq(play(dir, "up\nenter\n"), 0);
    t = save_text(dir);
    expect_field(t, "state", "won", "up from the first item, Enter (END GAME with 32)");
    free(t);
    cleanup(dir);
}

/* After YOU DIE and after YOU WIN the next key, whatever it is, starts a
 * new farm (stamina 5, everything else 0) and does nothing more: Enter
 * does not also buy a pig, an arrow does not also move the cursor. */
Test(gomoku_details, any_key_after_the_end_starts_a_new_farm)
{
    static const char *const keys[] = {"x", "enter", "left", "space", "key 0x2d", "7"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char *dir = scratch("gomoku-details");
        char script[256];
        /* Eat with no coin (asked, then done): money -1, YOU DIE; then the
         * key. */
        snprintf(script, sizeof script, "down\ndown\nenter\nenter\n%s\n", keys[i]);
        cr_assert_eq(play(dir, script), 0);
        char *t = save_text(dir);
        expect_field(t, "state", "playing", keys[i]);
        expect_field(t, "money", "0", keys[i]);
        expect_field(t, "stamina", "5", keys[i]);
        expect_field(t, "pigs", "0", keys[i]);
        free(t);

        /* YOU WIN: END GAME with 31 coins; then the key. */
        put_save(dir, 31, 5, 0, "none", 0, 0,
                 "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
        snprintf(script, sizeof script, "up\nenter\n%s\n", keys[i]);
        cr_assert_eq(play(dir, script), 0);
        t = save_text(dir);
        expect_field(t, "state", "playing", keys[i]);
        expect_field(t, "money", "0", keys[i]);
        expect_field(t, "stamina", "5", keys[i]);
        free(t);

        /* The same, then Enter twice in the same run: the new farm's cursor
         * is on BUY PIG, so those Enters buy a pig with no coin (asked,
         * then done) and the farm dies at once (money -2).  Had the key
         * also acted, an Enter would land on a finished farm and restart
         * it (money 0). */
        put_save(dir, 31, 5, 0, "none", 0, 0,
                 "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
        snprintf(script, sizeof script, "up\nenter\n%s\nenter\nenter\n", keys[i]);
        cr_assert_eq(play(dir, script), 0);
        t = save_text(dir);
        expect_field(t, "money", "-2", keys[i]);
        expect_field(t, "state", "lost-money", keys[i]);
        free(t);
        cleanup(dir);
    }
}

/* A new farm (0 coins): the first Enter on BUY PIG spends nothing and
 * writes nothing; moving the cursor forgets the question; two Enters in a
 * row buy on credit and the seed's rule ends the farm (money -2).  With
 * the money there, one Enter buys. */
Test(gomoku_details, buying_on_credit_asks_for_a_second_enter)
{
    char *dir = scratch("gomoku-details");
    cr_assert_eq(play(dir, "enter\n"), 0);
    char *p = path_join(dir, "save/farm.txt");
    cr_expect(!file_exists(p), "one Enter with no coin saved a farm (something changed)");
    cr_assert_eq(play(dir, "enter\ndown\nup\nenter\n"), 0);
    cr_expect(!file_exists(p), "Enter, down, up, Enter bought on credit");
    cr_assert_eq(play(dir, "down\ndown\nenter\nspace\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "money", "-1", "eat on credit, Enter then space");
    expect_field(t, "state", "lost-money", "eat on credit");
    free(t);
    cleanup(dir);

    dir = scratch("gomoku-details");
    cr_assert_eq(play(dir, "enter\nenter\n"), 0);
    t = save_text(dir);
    expect_field(t, "money", "-2", "a pig on credit");
    expect_field(t, "pigs", "1", "a pig on credit");
    expect_field(t, "state", "lost-money", "a pig on credit");
    free(t);
    put_save(dir, 2, 5, 1, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "enter\n"), 0);
    t = save_text(dir);
    expect_field(t, "money", "0", "a pig with 2 coins and feed for it: no question");
    expect_field(t, "pigs", "1", "a pig with 2 coins");
    expect_field(t, "state", "playing", "a pig with 2 coins");
    free(t);
    free(p);
    cleanup(dir);
}

/* YOU DIE after a lost game, any key: the new farm's board is empty (the
 * lost game and its WIN go with the old farm), in the same mode. */
Test(gomoku_details, a_new_farm_starts_with_an_empty_board)
{
    char *dir = scratch("gomoku-details");
    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move white\n"
             "moves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n");
    cr_assert_eq(play(dir, "c\nenter\nx\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "state", "playing", "a new farm");
    expect_field(t, "moves", "none", "a new farm");
    expect_field(t, "to-move", "black", "a new farm");
    expect_field(t, "mode", "pvc", "a new farm");
    free(t);
    cleanup(dir);
}

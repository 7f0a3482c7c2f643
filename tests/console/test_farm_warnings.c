/*
 * test_farm_warnings.c - the farm warns before what the seed's rules make
 * fatal, and says afterwards what happened (issue 54, docs/farm.md): the
 * real program run headless on the sdl backend with key scripts, the
 * default (tiles) skin, checked through its save file and by reading the
 * words off the frames in the console's 5x7 font (test_gomoku_text.h: the
 * welcome page's cells are 4 px, so 4 px a font pixel), plus golden frames
 * (tests/data/gomoku/golden/warn_*.png, looked at when written).
 *
 * What must hold, from seed 002's rules (§2.2, §5) and the issue:
 *   - END GAME with 30 coins or fewer loses the farm: the first Enter only
 *     asks (nothing changes, nothing is saved), the second ends it, and
 *     YOU DIE says what was needed;
 *   - a pig bought with no feed for it starves after the next game: asked
 *     first; after the game the farm page says the pig starved;
 *   - a game at 1 stamina costs 2 and ends the farm won or lost: the first
 *     Enter on the board asks (the status column says HP?), the second
 *     plays; YOU DIE then says the game cost 2 and you had 1;
 *   - a lost game with no coin: YOU DIE says the lost game cost 1 coin.
 *
 * Regenerate the goldens (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-farm-warnings
 */
#include "test_gomoku_util.h"
#include "test_gomoku_text.h"

#define W 640
#define H 480

static uint16_t *snap_frame(const char *dir, const char *snap)
{
    char path[4200], err[256];
    snprintf(path, sizeof path, "%s/%s.png", dir, snap);
    uint16_t *f = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(path, &f, &w, &h, err, sizeof err), 0, "%s", err);
    cr_assert(w == W && h == H);
    return f;
}

/* The text is on the welcome page (4 px a font pixel). */
static void expect_words(const char *dir, const char *snap, const char *text)
{
    uint16_t *f = snap_frame(dir, snap);
    cr_expect(text_in_frame(f, W, H, text, 4), "%s: '%s' is not on the page", snap, text);
    free(f);
}

static void expect_no_words(const char *dir, const char *snap, const char *text)
{
    uint16_t *f = snap_frame(dir, snap);
    cr_expect(!text_in_frame(f, W, H, text, 4), "%s: '%s' is on the page", snap, text);
    free(f);
}

#define BOARD_TILES_PVC "skin tiles\nmode pvc\nlevel 1\nto-move black\nmoves none\n"

TestSuite(farm_warnings, .timeout = 120);

/* The endg.txt: on a fresh farm Up (the menu wraps to END GAME)
 * then Enter lost the farm at once.  Now it asks; a second Enter ends it. */
Test(farm_warnings, end_game_poor_asks_first)
{
    char *dir = scratch("farmwarn");
    cr_assert_eq(play(dir, "up\nenter\nsnap ask_end\n"), 0);
    char *p = path_join(dir, "save/farm.txt");
    cr_expect(!file_exists(p), "one Enter on END GAME with 0 coins changed the farm");
    expect_words(dir, "ask_end", "0 coins: 30 or fewer");
    expect_words(dir, "ask_end", "Enter: end");
    check_golden(dir, "ask_end", "warn_ask_end");
    /* Another key forgets the question; Enter then asks again. */
    cr_assert_eq(play(dir, "up\nenter\ndown\nup\nenter\n"), 0);
    cr_expect(!file_exists(p), "Enter, down, up, Enter ended the farm");
    free(p);

    put_save(dir, 12, 5, 0, "none", 0, 0, BOARD_TILES_PVC);
    cr_assert_eq(play(dir, "up\nenter\nsnap ask_12\nenter\nsnap dead_poor\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "state", "lost-poor", "END GAME with 12 coins, asked and answered");
    free(t);
    expect_words(dir, "ask_12", "12 coins: 30 or fewer");
    expect_words(dir, "dead_poor", "YOU NEEDED MORE THAN 30");
    check_golden(dir, "dead_poor", "warn_dead_poor");

    /* With 31 coins END GAME wins at once: nothing to ask. */
    put_save(dir, 31, 5, 0, "none", 0, 0, BOARD_TILES_PVC);
    cr_assert_eq(play(dir, "up\nenter\n"), 0);
    t = save_text(dir);
    expect_field(t, "state", "won", "END GAME with 31 coins");
    free(t);
    cleanup(dir);
}

/* A pig with no feed for it: asked; bought on the second Enter; after the
 * next game (won, one stone from five) the farm page says it starved. */
Test(farm_warnings, a_pig_with_no_feed_asks_and_its_death_is_told)
{
    char *dir = scratch("farmwarn");
    put_save(dir, 10, 5, 0, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "enter\nsnap ask_pig\n"), 0);
    char *t = save_text(dir);
    cr_expect_str_eq(t, before, "one Enter bought a pig with no feed");
    free(t);
    free(before);
    expect_words(dir, "ask_pig", "No feed for it: it starves");
    expect_words(dir, "ask_pig", "after a game. Enter: buy");
    check_golden(dir, "ask_pig", "warn_ask_pig");

    /* Feed for it: no question. */
    put_save(dir, 10, 5, 1, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    cr_assert_eq(play(dir, "enter\n"), 0);
    t = save_text(dir);
    expect_field(t, "pigs", "1", "a pig with feed for it");
    free(t);

    put_save(dir, 10, 5, 0, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    /* Buy (asked, then bought), then h12 wins (the cursor starts on a15:
     * right 7, down 3), then back to the farm page. */
    cr_assert_eq(play(dir, "enter\nenter\nc\nright\nright\nright\nright\nright\nright\nright\n"
                           "down\ndown\ndown\nenter\nc\nsnap starved\n"),
                 0);
    t = save_text(dir);
    expect_field(t, "pigs", "0", "the pig with no feed after a game");
    expect_field(t, "starved", "1", "the pig with no feed after a game");
    expect_field(t, "money", "13", "10 - 2 for the pig + 5 for the game");
    expect_field(t, "state", "playing", "a pig starved, the farm goes on");
    free(t);
    expect_words(dir, "starved", "Won: +5 coins, -2 stamina.");
    expect_words(dir, "starved", "1 pig starved: no feed");
    check_golden(dir, "starved", "warn_starved");
    cleanup(dir);
}

/* Stamina 1: the first stone of a game against the computer asks (HP? in
 * the tile menu's status column, the question on the status line of the
 * classic skin); another key forgets; a second Enter plays. */
Test(farm_warnings, a_game_at_1_stamina_asks_first)
{
    char *dir = scratch("farmwarn");
    put_save(dir, 2, 1, 0, "none", 0, 0, BOARD_TILES_PVC);
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "c\nenter\nsnap ask_hp\n"), 0);
    char *t = save_text(dir);
    cr_expect_str_eq(t, before, "one Enter at stamina 1 played");
    free(t);
    uint16_t *f = snap_frame(dir, "ask_hp");
    /* The status column's letters, 16 px a font pixel, one under the
     * other from menu row 7. */
    cr_expect(text_in_frame(f, W, H, "H", 16) && text_in_frame(f, W, H, "P", 16) &&
                  text_in_frame(f, W, H, "?", 16),
              "HP? in the tile menu's status column");
    free(f);
    check_golden(dir, "ask_hp", "warn_ask_hp");
    cr_assert_eq(play(dir, "c\nenter\nright\nenter\n"), 0);
    t = save_text(dir);
    cr_expect_str_eq(t, before, "Enter, right, Enter at stamina 1 played (the key forgot)");
    free(t);
    free(before);
    cr_assert_eq(play(dir, "c\nenter\nenter\n"), 0);
    t = save_text(dir);
    cr_expect(!strncmp(field(t, "moves"), "b:h8 w:", 7), "two Enters: h8 played, moves '%s'",
              field(t, "moves"));
    free(t);

    /* The classic skin says it in words on the status line. */
    put_save(dir, 2, 1, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "c\nenter\nsnap ask_hp_classic\n"), 0);
    f = snap_frame(dir, "ask_hp_classic");
    cr_expect(text_in_frame(f, W, H, "Stamina 1, a game costs 2: win or lose, the farm ends.", 1),
              "the question on the classic status line");
    free(f);
    cleanup(dir);
}

/* A fresh farm (0 coins): a lost first game would end it, so its first
 * stone asks too ($0? in the tile menu, the question on the classic status
 * line); a second Enter plays.  With a coin to lose, nothing is asked. */
Test(farm_warnings, a_game_at_0_coins_asks_first)
{
    char *dir = scratch("farmwarn");
    put_save(dir, 0, 5, 0, "none", 0, 0, BOARD_TILES_PVC);
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "c\nenter\nsnap ask_coins\n"), 0);
    char *t = save_text(dir);
    cr_expect_str_eq(t, before, "one Enter at 0 coins played");
    free(t);
    free(before);
    uint16_t *f = snap_frame(dir, "ask_coins");
    cr_expect(text_in_frame(f, W, H, "$", 16) && text_in_frame(f, W, H, "0", 16) &&
                  text_in_frame(f, W, H, "?", 16),
              "$0? in the tile menu's status column");
    free(f);
    cr_assert_eq(play(dir, "c\nenter\nenter\n"), 0);
    t = save_text(dir);
    cr_expect(!strncmp(field(t, "moves"), "b:h8 w:", 7), "two Enters: h8 played, moves '%s'",
              field(t, "moves"));
    free(t);

    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n");
    cr_assert_eq(play(dir, "c\nenter\nsnap ask_coins_classic\n"), 0);
    f = snap_frame(dir, "ask_coins_classic");
    cr_expect(text_in_frame(f, W, H, "0 coins: a lost game costs 1 and ends the farm.", 1),
              "the question on the classic status line");
    free(f);

    put_save(dir, 1, 5, 0, "none", 0, 0, BOARD_TILES_PVC);
    cr_assert_eq(play(dir, "c\nenter\n"), 0);
    t = save_text(dir);
    cr_expect(!strncmp(field(t, "moves"), "b:h8 w:", 7), "1 coin: one Enter plays, moves '%s'",
              field(t, "moves"));
    free(t);
    cleanup(dir);
}

/* Afterwards YOU DIE says what did it: a won game at 1 stamina (the game
 * cost 2, you had 1); a lost game with no coin (the lost game cost 1). */
Test(farm_warnings, you_die_says_what_did_it)
{
    char *dir = scratch("farmwarn");
    put_save(dir, 33, 1, 0, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    cr_assert_eq(play(dir, "c\nright\nright\nright\nright\nright\nright\nright\n"
                           "down\ndown\ndown\nenter\nc\nsnap dead_stamina\n"),
                 0);
    char *t = save_text(dir);
    expect_field(t, "state", "lost-stamina", "a won game at stamina 1");
    expect_field(t, "money", "38", "a won game at stamina 1");
    free(t);
    uint16_t *f = snap_frame(dir, "dead_stamina");
    cr_expect(text_in_frame(f, W, H, "YOU DIE", 8), "YOU DIE, 2 cells a font pixel");
    free(f);
    expect_words(dir, "dead_stamina", "STAMINA BELOW ZERO");
    expect_words(dir, "dead_stamina", "THE GAME COST 2, YOU HAD 1");
    check_golden(dir, "dead_stamina", "warn_dead_stamina");
    cleanup(dir);

    dir = scratch("farmwarn");
    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move white\n"
             "moves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n");
    cr_assert_eq(play(dir, "c\nc\nsnap dead_money\n"), 0);
    t = save_text(dir);
    expect_field(t, "state", "lost-money", "a lost game with 0 coins");
    free(t);
    expect_words(dir, "dead_money", "MONEY BELOW ZERO");
    expect_words(dir, "dead_money", "THE LOST GAME COST 1 COIN");
    check_golden(dir, "dead_money", "warn_dead_money");
    /* Resumed later, the reason alone (the run that saw it is gone). */
    cr_assert_eq(play(dir, "snap dead_resumed\n"), 0);
    expect_words(dir, "dead_resumed", "MONEY BELOW ZERO");
    expect_no_words(dir, "dead_resumed", "THE LOST GAME COST 1 COIN");
    cleanup(dir);
}

/*
 * test_farm_tile_skin.c - the tile skin says what happens (issue 54,
 * docs/tile_display.md), within seed 002's cell grid and four colours: the
 * real program run headless on the sdl backend (the tile display's C
 * model; console-farm-tiles holds sim to the same frames) with key
 * scripts, and what must be on screen read back from the frames' cells:
 *   - the board page's menu (10 x 30 cells of 16 px) read cell by cell; its
 *     status column decoded against the console's 5x7 font (words of up
 *     to three letters) and against this file's own copy of the 3x5
 *     letters docs/tile_display.md lists (four-letter words): a refused
 *     stone says why (USED, 3x3, 4x4, 6+: the glossary), not just NO;
 *   - the welcome page shows one line of key hints;
 *   - the cursor and the last stone blink, but never vanish together:
 *     snaps an eighth of the period apart, each shows the cursor red or
 *     the last stone in its colour;
 *   - after a game lost to the computer the board and the menu say LOST in
 *     red, not the computer's WIN (classic skin too: LOST in red stones).
 * Goldens in tests/data/gomoku/golden/skin_*.png (looked at when written).
 *
 * Regenerate the goldens (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-farm-tile-skin
 */
#include "test_gomoku_util.h"
#include "test_gomoku_text.h"

#define W 640
#define H 480

/* Table 3.2's bytes, RGB332, each channel scaled to 4 bits and rounded. */
static uint16_t seed_colour(int c)
{
    static const unsigned bytes[4] = {0xFF, 0x00, 0xDB, 0xE0};
    unsigned v = bytes[c];
    unsigned r = ((v >> 5) * 15 + 3) / 7, g = (((v >> 2) & 7) * 15 + 3) / 7, b = (v & 3) * 5;
    return (uint16_t)(r << 8 | g << 4 | b);
}
#define WHITE seed_colour(0)
#define BLACK seed_colour(1)
#define BLUE seed_colour(2)
#define RED seed_colour(3)

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

/* The colour of menu cell (x, y): its middle pixel (the first column is
 * 15 px wide, 481-495; the others 16 from 496). */
static uint16_t menu_cell(const uint16_t *f, int x, int y)
{
    return f[(16 * y + 8) * W + 480 + 16 * x + 8];
}

/* The 3x5 letters of the four-letter status words, rows top first, "X"
 * set: this file's own copy of docs/tile_display.md's glossary. */
static const struct {
    char c;
    const char *rows[5];
} letters3[] = {
    {'U', {"X.X", "X.X", "X.X", "X.X", "XXX"}}, {'S', {"XXX", "X..", "XXX", "..X", "XXX"}},
    {'E', {"XXX", "X..", "XX.", "X..", "XXX"}}, {'D', {"XX.", "X.X", "X.X", "X.X", "XX."}},
    {'L', {"X..", "X..", "X..", "X..", "XXX"}}, {'O', {"XXX", "X.X", "X.X", "X.X", "XXX"}},
    {'T', {"XXX", ".X.", ".X.", ".X.", ".X."}},
};

/* The status column (menu columns 0-4, rows 7-29) read as a word in
 * colour c: letters of the 5x7 font 8 rows apart from row 7, or 3x5
 * letters (columns 1-3) 6 rows apart; every cell of the column must be
 * explained (a letter's ink c, everything else not c).  "" if none,
 * "?" if the cells are no word. */
static const char *status_word(const uint16_t *f, uint16_t c)
{
    static char word[8];
    int ink[30][5];
    int any = 0;
    for (int y = 7; y < 30; y++)
        for (int x = 0; x < 5; x++)
            any |= ink[y][x] = menu_cell(f, x, y) == c;
    word[0] = 0;
    if (!any)
        return word;
    /* 5x7, up to three letters. */
    int n = 0, ok = 1;
    for (int k = 0; k < 3 && ok; k++) {
        int y0 = 7 + 8 * k, found = -1, blank = 1;
        for (int y = y0; y < y0 + 8 && y < 30; y++)
            for (int x = 0; x < 5; x++)
                blank &= !ink[y][x];
        if (blank)
            break;
        for (int g = 1; g < FONT_GLYPHS && found < 0; g++) {
            int match = 1;
            for (int y = 0; y < 8 && match && y0 + y < 30; y++)
                for (int x = 0; x < 5; x++) {
                    int set = y < 7 && (font_5x7[g][y] >> (4 - x) & 1);
                    match &= set == ink[y0 + y][x];
                }
            if (match)
                found = g;
        }
        if (found < 0)
            ok = 0;
        else
            word[n++] = (char)(FONT_FIRST + found);
    }
    word[n] = 0;
    if (ok)
        return word;
    /* 3x5, up to four letters. */
    n = 0;
    for (int k = 0; k < 4; k++) {
        int y0 = 7 + 6 * k, found = -1;
        for (size_t g = 0; g < sizeof letters3 / sizeof letters3[0] && found < 0; g++) {
            int match = 1;
            for (int y = 0; y < 6 && match && y0 + y < 30; y++)
                for (int x = 0; x < 5; x++) {
                    int set = y < 5 && x >= 1 && x <= 3 && letters3[g].rows[y][x - 1] == 'X';
                    match &= set == ink[y0 + y][x];
                }
            if (match)
                found = (int)g;
        }
        if (found < 0) {
            int blank = 1;
            for (int y = y0; y < y0 + 6 && y < 30; y++)
                for (int x = 0; x < 5; x++)
                    blank &= !ink[y][x];
            if (!blank)
                return "?";
            break;
        }
        word[n++] = letters3[found].c;
    }
    word[n] = 0;
    return word;
}

/* Board point (column 0-14 from a, row 1-15 from the bottom): the colour
 * of its disc (inside it, off the lines). */
static uint16_t disc(const uint16_t *f, int col, int row)
{
    return f[(32 * (15 - row) + 16 + 9) * W + 32 * col + 16 + 9];
}

static void expect_status(const char *dir, const char *snap, const char *want, uint16_t c)
{
    uint16_t *f = snap_frame(dir, snap);
    cr_expect_str_eq(status_word(f, c), want, "%s: the status column says '%s', want '%s'", snap,
                     status_word(f, c), want);
    free(f);
}

TestSuite(farm_tile_skin, .timeout = 120);

#define PVP_TILES "skin tiles\nmode pvp\nlevel 1\nto-move black\n"

/* A refused stone says why in the status column, in red: the glossary's
 * USED (taken), 3x3, 4x4 and 6+ (renju's forbidden shapes), never NO. */
Test(farm_tile_skin, a_refused_stone_says_why)
{
    char *dir = scratch("farmskin");
    /* Taken: the cursor starts on the last stone. */
    put_save(dir, 0, 5, 0, "none", 0, 0, PVP_TILES "moves b:h8 w:a1\n");
    cr_assert_eq(play(dir, "c\nenter\nsnap taken\nleft\nsnap seen\n"), 0);
    expect_status(dir, "taken", "USED", RED);
    expect_status(dir, "seen", "", RED);
    check_golden(dir, "taken", "skin_taken");

    /* Double three at h8 (f8 g8 h6 h7); the cursor from a7: right 7, up 1. */
    put_save(dir, 0, 5, 0, "none", 0, 0,
             PVP_TILES "moves b:f8 w:a1 b:g8 w:a3 b:h6 w:a5 b:h7 w:a7\n");
    cr_assert_eq(play(dir, "c\nright\nright\nright\nright\nright\nright\nright\nup\nenter\n"
                           "snap three\n"),
                 0);
    expect_status(dir, "three", "3x3", RED);
    check_golden(dir, "three", "skin_double_three");

    /* Double four at h8 (e8 f8 g8, h5 h6 h7); from a11: right 7, down 3. */
    put_save(dir, 0, 5, 0, "none", 0, 0,
             PVP_TILES "moves b:e8 w:a1 b:f8 w:a3 b:g8 w:a5 b:h5 w:a7 b:h6 w:a9 b:h7 w:a11\n");
    cr_assert_eq(play(dir, "c\nright\nright\nright\nright\nright\nright\nright\n"
                           "down\ndown\ndown\nenter\nsnap four\n"),
                 0);
    expect_status(dir, "four", "4x4", RED);

    /* Overline at d8 (a8 b8 c8, e8 f8 g8: seven); from a11: right 3, down 3. */
    put_save(dir, 0, 5, 0, "none", 0, 0,
             PVP_TILES "moves b:a8 w:a1 b:b8 w:a3 b:c8 w:a5 b:e8 w:a7 b:f8 w:a9 b:g8 w:a11\n");
    cr_assert_eq(play(dir, "c\nright\nright\nright\ndown\ndown\ndown\nenter\nsnap long\n"), 0);
    expect_status(dir, "long", "6+", RED);
    char *t = save_text(dir);
    cr_expect(!strstr(field(t, "moves"), "b:d8"), "the overline was played: %s", field(t, "moves"));
    free(t);
    cleanup(dir);
}

/* The first page shows one line of key hints: c the board, h the help. */
Test(farm_tile_skin, the_welcome_page_shows_the_keys)
{
    char *dir = scratch("farmskin");
    cr_assert_eq(play(dir, "snap welcome\n"), 0);
    uint16_t *f = snap_frame(dir, "welcome");
    cr_expect(text_in_frame(f, W, H, "c: board  t: skin  h: help", 4),
              "the key hints on the welcome page, 4 px a font pixel");
    cr_expect(text_in_frame(f, W, H, "WELCOME TO THE FARM", 4), "the seed's line stays");
    free(f);
    check_golden(dir, "welcome", "skin_welcome");
    cleanup(dir);
}

/* The cursor on an older stone (h8) and the last stone (a1) elsewhere:
 * over a second of snaps an eighth apart, every frame shows the cursor
 * (red) or the last stone (white); both blink.  The cursor on the last
 * stone itself: red or white, never an empty point. */
Test(farm_tile_skin, the_cursor_and_the_last_stone_never_vanish_together)
{
    char *dir = scratch("farmskin");
    put_save(dir, 0, 5, 0, "none", 0, 0, PVP_TILES "moves b:h8 w:a1\n");
    char script[1024] = "c\nsnap same_0\n";
    for (int i = 1; i < 8; i++)
        snprintf(script + strlen(script), sizeof script - strlen(script),
                 "wait 125\nsnap same_%d\n", i);
    strcat(script, "right\nright\nright\nright\nright\nright\nright\n"
                   "up\nup\nup\nup\nup\nup\nup\nsnap apart_0\n");
    for (int i = 1; i < 8; i++)
        snprintf(script + strlen(script), sizeof script - strlen(script),
                 "wait 125\nsnap apart_%d\n", i);
    cr_assert_eq(play(dir, script), 0);
    int red = 0, black = 0, white = 0, blank = 0;
    for (int i = 0; i < 8; i++) {
        char name[16];
        snprintf(name, sizeof name, "apart_%d", i);
        uint16_t *f = snap_frame(dir, name);
        uint16_t cur = disc(f, 7, 8), last = disc(f, 0, 1);
        cr_expect(cur == RED || cur == BLACK, "%s: h8 red (the cursor) or black", name);
        cr_expect(last == WHITE || last == BLUE, "%s: a1 white or blank", name);
        cr_expect(cur == RED || last == WHITE,
                  "%s: neither the cursor (h8 shows its black stone) nor the last stone (a1 "
                  "blank)",
                  name);
        red += cur == RED, black += cur == BLACK, white += last == WHITE, blank += last == BLUE;
        free(f);
        snprintf(name, sizeof name, "same_%d", i);
        f = snap_frame(dir, name);
        cr_expect(disc(f, 0, 1) == RED || disc(f, 0, 1) == WHITE,
                  "%s: the cursor on the last stone: red or white", name);
        free(f);
    }
    cr_expect(red && black && white && blank,
              "both blink: cursor red %d, its stone %d; last stone %d, blank %d", red, black, white,
              blank);
    cleanup(dir);
}

/* "LOST" in stones, 15 points wide and 5 high, on the board's rows 10-6
 * (the rows of the seed's WIN, fig 3.10): this file's own copy. */
static const char *const lost_rows[5] = {
    "X...XXX.XXX.XXX",
    "X...X.X.X....X.",
    "X...X.X.XXX..X.",
    "X...X.X...X..X.",
    "XXX.XXX.XXX..X.",
};

/* The computer (White, level 1) completes its four on entering the board:
 * the player has lost.  On a fresh farm (0 coins) that also ends the farm,
 * the case. */
#define LOST_GAME(skin)                                                                    \
    "skin " skin "\nmode pvc\nlevel 1\nto-move white\n"                                    \
    "moves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n"

/* After a lost game the board says LOST in red stones and the menu LOST
 * in red: no WIN, no white stones, nothing of the computer's victory
 * dressed as the player's. */
Test(farm_tile_skin, a_lost_game_says_lost_in_red)
{
    char *dir = scratch("farmskin");
    put_save(dir, 0, 5, 0, "none", 0, 0, LOST_GAME("tiles"));
    cr_assert_eq(play(dir, "c\nsnap lost\nenter\nsnap dead\n"), 0);
    char *t = save_text(dir);
    const char *moves = field(t, "moves");
    cr_expect(strstr(moves, "w:h12") || strstr(moves, "w:h7"), "the computer's five: %s", moves);
    expect_field(t, "state", "lost-money", "a lost first game");
    free(t);
    uint16_t *f = snap_frame(dir, "lost");
    long bad = 0;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 15; c++) {
            uint16_t want = lost_rows[r][c] == 'X' ? RED : BLUE;
            bad += disc(f, c, 10 - r) != want;
        }
    for (int r = 1; r <= 15; r++)
        for (int c = 0; c < 15; c++)
            if (r > 10 || r < 6)
                bad += disc(f, c, r) != BLUE;
    cr_expect_eq(bad, 0, "lost: %ld points off LOST in red stones", bad);
    cr_expect_str_eq(status_word(f, RED), "LOST", "the menu's status column");
    cr_expect_str_eq(status_word(f, BLACK), "", "nothing in black in the status column");
    free(f);
    check_golden(dir, "lost", "skin_lost");
    /* Any key: the farm page, YOU DIE. */
    f = snap_frame(dir, "dead");
    cr_expect(text_in_frame(f, W, H, "YOU DIE", 8), "YOU DIE after the lost game");
    free(f);
    cleanup(dir);

    /* With coins to lose the farm goes on; v shows the final position,
     * the computer's five in white, LOST still in the menu. */
    dir = scratch("farmskin");
    put_save(dir, 3, 5, 0, "none", 0, 0, LOST_GAME("tiles"));
    cr_assert_eq(play(dir, "c\nv\nsnap position\n"), 0);
    f = snap_frame(dir, "position");
    for (int r = 8; r <= 11; r++)
        cr_expect_eq(disc(f, 7, r), WHITE, "position: the computer's h%d", r);
    cr_expect_str_eq(status_word(f, RED), "LOST", "position: the menu still says LOST");
    free(f);
    cleanup(dir);

    /* A won game against the computer: WIN in the player's black stones,
     * WIN in black in the menu (not the colour of a loss). */
    dir = scratch("farmskin");
    put_save(dir, 2, 5, 0, "none", 0, 0,
             "skin tiles\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    cr_assert_eq(play(dir, "c\nright\nright\nright\nright\nright\nright\nright\n"
                           "down\ndown\ndown\nenter\nsnap won\n"),
                 0);
    f = snap_frame(dir, "won");
    cr_expect_str_eq(status_word(f, BLACK), "WIN", "the menu says WIN in black");
    cr_expect_str_eq(status_word(f, RED), "", "no red in the status column after a win");
    cr_expect_eq(disc(f, 0, 10), BLACK, "WIN's first stone, black");
    free(f);
    cleanup(dir);
}

/* The classic skin: LOST in red stones where the computer's WIN was, and
 * the status line says the player lost, in the warning colour. */
Test(farm_tile_skin, classic_a_lost_game_says_lost)
{
    char *dir = scratch("farmskin");
    put_save(dir, 3, 5, 0, "none", 0, 0, LOST_GAME("classic"));
    cr_assert_eq(play(dir, "c\nsnap lost\n"), 0);
    uint16_t *f = snap_frame(dir, "lost");
    /* The classic board: 30 px a point from (36, 22), row 15 at the top;
     * a stone's disc at +6 px from its intersection, off the lines. */
    long bad = 0;
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 15; c++) {
            uint16_t v = f[(22 + (5 + r) * 30 + 6) * W + 36 + c * 30 + 6];
            unsigned red = v >> 8, green = v >> 4 & 15, blue = v & 15;
            int is_red = red >= 12 && green * 2 < red && blue * 2 < red;
            bad += is_red != (lost_rows[r][c] == 'X');
        }
    cr_expect_eq(bad, 0, "classic: %ld points off LOST in red stones", bad);
    cr_expect(text_in_frame(f, W, H, "You lose: the computer has five.", 1),
              "the status line says the player lost");
    cr_expect(!text_in_frame(f, W, H, "The computer wins.", 1), "no 'The computer wins.'");
    free(f);
    check_golden(dir, "lost", "skin_classic_lost");
    cleanup(dir);
}

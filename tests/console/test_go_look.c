/*
 * test_go_look.c - seed 001's look as a Go option: `l` in a game
 * draws the board the way seed 001's display module does - "the color of
 * the background (yellow as chosen for the project), the grid (black), a
 * tile (white or black), and the cursor", each stone a tile whose width is
 * "slightly less than the space between intersections", the cursor
 * "registered as a game tile with the color green" - and `l` again gives
 * our look back.
 *
 * The pixels checked come from that description and from seed 000's layout
 * (docs/play.md: intersections at (128 + 48 col, 20 + 48 row), 9x9, stones
 * of radius 20), not from the drawing code: a square tile covers the corner
 * of its cell where a round stone does not.  The goldens
 * (tests/data/console/golden/look_001*.png) hold the rest of the frame.
 */
#include "test_go_util.h"

/* An intersection's pixel position: column 0-8 from the left, row 1-9 from
 * the bottom (E5 is column 4, row 5). */
static int px_x(int col) { return 128 + 48 * col; }
static int px_y(int row) { return 20 + 48 * (9 - row); }

typedef struct {
    uint16_t *px;
    int w, h;
} frame_t;

static frame_t load(const char *dir, const char *snap)
{
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/%s.png", dir, snap);
    frame_t f = {0};
    cr_assert_eq(frame_png_read(path, &f.px, &f.w, &f.h, err, sizeof err), 0, "%s", err);
    cr_assert(f.w == 640 && f.h == 480);
    return f;
}

/* RGB444 channels of a pixel. */
static int red(frame_t f, int x, int y) { return (f.px[y * f.w + x] >> 8) & 15; }
static int green(frame_t f, int x, int y) { return (f.px[y * f.w + x] >> 4) & 15; }
static int blue(frame_t f, int x, int y) { return f.px[y * f.w + x] & 15; }

static int is_yellow(frame_t f, int x, int y)
{
    return red(f, x, y) >= 14 && green(f, x, y) >= 14 && blue(f, x, y) <= 1;
}
static int is_green(frame_t f, int x, int y)
{
    return red(f, x, y) <= 1 && green(f, x, y) >= 14 && blue(f, x, y) <= 1;
}
static int is_dark(frame_t f, int x, int y)
{
    return red(f, x, y) <= 2 && green(f, x, y) <= 2 && blue(f, x, y) <= 2;
}
static int is_light(frame_t f, int x, int y)
{
    return red(f, x, y) >= 13 && green(f, x, y) >= 13 && blue(f, x, y) >= 13;
}

Test(go_look, l_draws_seed_001s_yellow_board_square_tiles_and_green_cursor)
{
    char *dir = scratch("go");
    /* Two players: B E5, W F5; the cursor up to F6 (empty); l; snap; the
     * cursor down onto F5's stone; snap; l again; snap. */
    run_t r = play_text(dir, "enter\nenter\nenter\nright\nenter\nup\nsnap classic\n"
                             "l\nsnap look_001\ndown\nsnap look_001_on_stone\nl\nup\n"
                             "snap classic_again\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);

    frame_t classic = load(dir, "classic"), look = load(dir, "look_001"),
            on_stone = load(dir, "look_001_on_stone"), again = load(dir, "classic_again");
    int e5x = px_x(4), e5y = px_y(5), f5x = px_x(5), f6y = px_y(6);

    /* The board between the lines is yellow; the lines stay black. */
    cr_expect(is_yellow(look, e5x + 24, e5y + 24), "the board is not yellow");
    cr_expect(is_yellow(look, px_x(0) + 10, px_y(9) + 10), "the board's corner is not yellow");
    cr_expect(!is_yellow(classic, e5x + 24, e5y + 24), "our own board should not be yellow");
    cr_expect(is_dark(look, e5x + 24, px_y(7)), "a grid line is not black");
    cr_expect(is_dark(look, px_x(2), e5y + 30), "a grid line is not black");

    /* Stones are square tiles: the corner 18 px off the centre (outside a
     * radius-20 circle: 25.5 px away) has the stone's colour. */
    cr_expect(is_dark(look, e5x + 18, e5y + 18), "Black's E5 is not a square tile");
    cr_expect(is_dark(look, e5x - 18, e5y - 18), "Black's E5 is not a square tile");
    cr_expect(is_light(look, f5x + 18, e5y - 18), "White's F5 is not a square tile");
    cr_expect(!is_dark(classic, e5x + 18, e5y + 18), "our stones are round");
    /* Slightly less than the spacing: the gap between E5 and F5 shows. */
    cr_expect(is_yellow(look, e5x + 24, e5y + 10), "tiles should not touch");

    /* The cursor on F6 (empty) is a green tile, filled, square. */
    cr_expect(is_green(look, f5x, f6y), "the cursor tile is not green in its centre");
    cr_expect(is_green(look, f5x - 18, f6y + 18), "the cursor is not a square tile");
    cr_expect(is_green(look, f5x + 18, f6y - 18), "the cursor is not a square tile");
    cr_expect(!is_green(classic, f5x - 18, f6y + 18), "our cursor is a ring");
    cr_expect(!is_green(classic, f5x, f6y), "our cursor is a ring");

    /* On a stone the green square frames it, and the stone still shows. */
    cr_expect(is_green(on_stone, f5x + 22, e5y + 22), "no green square round F5");
    cr_expect(is_light(on_stone, f5x, e5y), "F5's stone hidden by the cursor");
    cr_expect(is_light(on_stone, f5x + 18, e5y + 18), "F5 is not a square tile");

    /* l again: our look, exactly as before (above the status line, which
     * says what l did). */
    long diff = 0;
    for (long i = 0; i < 640L * 450; i++)
        diff += classic.px[i] != again.px[i];
    cr_expect_eq(diff, 0, "l twice left %ld pixels changed", diff);

    check_golden(dir, "look_001", "look_001");
    check_golden(dir, "look_001_on_stone", "look_001_on_stone");
    free(classic.px);
    free(look.px);
    free(on_stone.px);
    free(again.px);
}

/* The look stays through the dead-stone review and the game-over box (the
 * help screen's golden, help_go, names the key). */
Test(go_look, the_look_holds_through_the_review_and_the_game_over_box)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\nl\nspace\nspace\nsnap review\nspace\n"
                             "snap over\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    frame_t review = load(dir, "review"), over = load(dir, "over");
    int e5x = px_x(4), e5y = px_y(5);
    cr_expect(is_yellow(review, e5x + 24, e5y + 24), "review: the board is not yellow");
    cr_expect(is_dark(review, e5x + 18, e5y + 18), "review: E5 is not a square tile");
    cr_expect(is_yellow(over, px_x(0) + 10, px_y(9) + 10), "game over: the board is not yellow");
    free(review.px);
    free(over.px);
}

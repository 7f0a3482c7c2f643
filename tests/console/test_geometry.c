/*
 * test_geometry.c - the Go board's geometry and colours checked against
 * seed 000's numbers, not against the renderer (the golden
 * frames are snapshots of the program's own output, so they would bless a
 * wrong radius or origin).  The real program plays a short script headless;
 * this file reads the PNG with its own libpng code and looks at pixels
 * whose positions and colours come from the seed's text, copied here as
 * literals (not from src/console/render.h).
 *
 * Seed 000 §3.3, "Board Rendering Algorithm (Software)":
 *
 *   Display layout (640x480): Board area is 384x384 pixels (8 gaps x 48 px
 *   per cell, 9 intersection lines), top-left corner at (128, 20). Each grid
 *   cell is 48x48 px. Intersections at (128 + col*48, 20 + row*48). Stone
 *   radius: 20 px. [...]
 *   #define COLOR_BG      0x2104 // dark gray
 *   #define COLOR_BOARD   0xDEA0 // burlywood (RGB 5:6:5)
 *   #define COLOR_BLACK   0x1082 // near-black
 *   #define COLOR_WHITE   0xEF7D // near-white
 *   #define COLOR_CURSOR  0x07E0 // green
 *   render_fill_rect(0, 0, 640, 480, COLOR_BG);
 *   // 9 vertical + 9 horizontal grid lines
 *   for i in 0..8:
 *       render_fill_rect(BOARD_LEFT + i*CELL_SIZE, BOARD_TOP, 1, BOARD_SIZE, COLOR_LINE);
 *       render_fill_rect(BOARD_LEFT, BOARD_TOP + i*CELL_SIZE, BOARD_SIZE, 1, COLOR_LINE);
 *   // Star points (hoshi)
 *   for each (sr, sc) in [(2,2),(2,6),(6,2),(6,6),(4,4)]:
 *       render_circle(BOARD_LEFT + sc*CELL_SIZE, BOARD_TOP + sr*CELL_SIZE, 3, COLOR_LINE, filled=true);
 *   [stones: render_circle(..., STONE_RADIUS, color, filled=true)]
 *   // Cursor ring
 *   render_circle(BOARD_LEFT+cursor_col*CELL_SIZE, BOARD_TOP+cursor_row*CELL_SIZE,
 *       STONE_RADIUS+2, COLOR_CURSOR, filled=false);
 *
 * Where the project departs from the seed, documented in docs/play.md
 * ("The screen layout"): the board colour is real burlywood 0xDDD0, not the
 * seed's 0xDEA0 (a saturated yellow); COLOR_LINE, which the seed leaves
 * without a value, is black 0x0000.
 *
 * ARCHITECTURE.md, "Frames and parity": the VGA output is RGB444, the top
 * four bits of each RGB565 channel, and a PNG frame stores each 4-bit value
 * v as v * 17.
 */
#include <png.h>

#include "console_test_util.h"

/* Seed 000 §3.3, as literals on purpose (see the top of the file). */
#define SEED_LEFT 128
#define SEED_TOP 20
#define SEED_CELL 48
#define SEED_STONE_RADIUS 20
#define SEED_CURSOR_RADIUS (20 + 2)
#define SEED_HOSHI_RADIUS 3
#define SEED_COLOR_BG 0x2104
#define SEED_COLOR_BLACK 0x1082
#define SEED_COLOR_WHITE 0xEF7D
#define SEED_COLOR_CURSOR 0x07E0
/* docs/play.md's departures from the seed. */
#define DOC_COLOR_BOARD 0xDDD0
#define DOC_COLOR_LINE 0x0000

#define WIDTH 640
#define HEIGHT 480

typedef struct {
    unsigned char r, g, b;
} rgb_t;

typedef struct {
    int row, col;
    uint16_t color;
} stone_t;

/* The position the script below leaves: no two stones touch, the stones
 * sit away from the free hoshi, and the cursor ends on an empty point. */
static const stone_t stones[] = {
    {4, 4, SEED_COLOR_BLACK}, /* E5, on the centre hoshi */
    {2, 3, SEED_COLOR_WHITE}, /* D7 */
    {6, 5, SEED_COLOR_BLACK}, /* F3 */
    {3, 6, SEED_COLOR_WHITE}, /* G6 */
    {0, 0, SEED_COLOR_BLACK}, /* A9, a corner */
    {8, 8, SEED_COLOR_WHITE}, /* J1, the other corner; the last move */
};
#define N_STONES (int)(sizeof stones / sizeof stones[0])
#define CURSOR_ROW 7
#define CURSOR_COL 1

/* Player vs Player from the Go title screen (with an empty --save-dir: the
 * menu then has no resume item), the cursor starting at the centre. */
static const char script[] = "enter\n"
                             "enter\n"
                             "# B E5\n"
                             "enter\n"
                             "# W D7\n"
                             "up\nup\nleft\nenter\n"
                             "# B F3\n"
                             "down\ndown\ndown\ndown\nright\nright\nenter\n"
                             "# W G6\n"
                             "up\nup\nup\nright\nenter\n"
                             "# B A9\n"
                             "up\nup\nup\nleft\nleft\nleft\nleft\nleft\nleft\nenter\n"
                             "# W J1\n"
                             "down\ndown\ndown\ndown\ndown\ndown\ndown\ndown\n"
                             "right\nright\nright\nright\nright\nright\nright\nright\nenter\n"
                             "# the cursor to B2\n"
                             "up\nleft\nleft\nleft\nleft\nleft\nleft\nleft\n"
                             "snap geometry\n";

static rgb_t frame[HEIGHT][WIDTH];

/* ARCHITECTURE.md: RGB565 -> the top four bits of each channel -> v * 17. */
static rgb_t vga_color(uint16_t c)
{
    rgb_t v = {(unsigned char)(((c >> 12) & 0xF) * 17), (unsigned char)(((c >> 7) & 0xF) * 17),
               (unsigned char)(((c >> 1) & 0xF) * 17)};
    return v;
}

static int same(rgb_t a, rgb_t b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

static rgb_t at(int x, int y)
{
    cr_assert(x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT, "(%d, %d) is off the screen", x, y);
    return frame[y][x];
}

static int point_x(int col) { return SEED_LEFT + SEED_CELL * col; }
static int point_y(int row) { return SEED_TOP + SEED_CELL * row; }

static void expect_color(int x, int y, uint16_t c565, const char *what)
{
    rgb_t want = vga_color(c565), got = at(x, y);
    cr_expect(same(got, want), "%s: pixel (%d, %d) is (%d, %d, %d), want (%d, %d, %d) from 0x%04X",
              what, x, y, got.r, got.g, got.b, want.r, want.g, want.b, c565);
}

static void expect_not_color(int x, int y, uint16_t c565, const char *what)
{
    rgb_t got = at(x, y);
    cr_expect(!same(got, vga_color(c565)), "%s: pixel (%d, %d) is 0x%04X's colour (%d, %d, %d)",
              what, x, y, c565, got.r, got.g, got.b);
}

/* Reads a 640x480 PNG into frame with libpng's simplified API. */
static void read_png(const char *path)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_file(&img, path), "%s: %s", path, img.message);
    cr_assert(img.width == WIDTH && img.height == HEIGHT, "%s is %ux%u, want 640x480", path,
              img.width, img.height);
    img.format = PNG_FORMAT_RGB;
    cr_assert(png_image_finish_read(&img, NULL, frame, WIDTH * 3, NULL), "%s: %s", path,
              img.message);
}

/* Plays the script with the real program headless and loads its frame. */
static void play_script(void)
{
    char *dir = scratch("geometry"), *wav = path_join(dir, "out.wav");
    const char *const go[] = {"--game", "go", "--seed", "1", "--wav", wav, NULL};
    run_t r = play_in(dir, script, go);
    cr_assert_eq(r.status, 0, "tabletop play failed (status %d): %s", r.status, r.err);
    char *png = path_join(dir, "geometry.png");
    read_png(png);
    free(png);
    free(wav);
    /* The scratch folder goes; the frame is in memory now. */
    cleanup(dir);
}

static int is_stone(int row, int col)
{
    for (int i = 0; i < N_STONES; i++)
        if (stones[i].row == row && stones[i].col == col)
            return 1;
    return 0;
}

static int is_hoshi(int row, int col)
{
    return (row == 2 || row == 6) && (col == 2 || col == 6);
}

TestSuite(geometry, .init = play_script);

Test(geometry, stones_are_discs_of_radius_20_at_the_seed_intersections)
{
    for (int i = 0; i < N_STONES; i++) {
        int cx = point_x(stones[i].col), cy = point_y(stones[i].row);
        uint16_t c = stones[i].color;
        char what[64];
        snprintf(what, sizeof what, "stone at row %d col %d", stones[i].row, stones[i].col);
        expect_color(cx, cy, c, what);
        /* The four points at exactly the radius belong to the disc. */
        expect_color(cx + SEED_STONE_RADIUS, cy, c, what);
        expect_color(cx - SEED_STONE_RADIUS, cy, c, what);
        expect_color(cx, cy + SEED_STONE_RADIUS, c, what);
        if (cy - SEED_STONE_RADIUS >= 0)
            expect_color(cx, cy - SEED_STONE_RADIUS, c, what);
        /* Every pixel within radius 19 is the stone's colour, except the
         * last-move mark (our addition, docs/play.md: rings of radius 6
         * and 7 on the last stone): 0..4 and 9..19 px out are checked. */
        int last = i == N_STONES - 1;
        for (int dy = -19; dy <= 19; dy++)
            for (int dx = -19; dx <= 19; dx++) {
                int d2 = dx * dx + dy * dy;
                if (d2 > 19 * 19 || cy + dy < 0)
                    continue;
                if (last && d2 > 4 * 4 && d2 < 9 * 9)
                    continue;
                expect_color(cx + dx, cy + dy, c, what);
            }
    }
}

Test(geometry, nothing_of_a_stone_beyond_radius_20)
{
    /* The ring from 21 to 22 px around each stone away from the edges is
     * the board (or a grid line crossing it), never the stone. */
    for (int i = 0; i < N_STONES; i++) {
        int cx = point_x(stones[i].col), cy = point_y(stones[i].row);
        char what[64];
        snprintf(what, sizeof what, "around the stone at row %d col %d", stones[i].row,
                 stones[i].col);
        for (int dy = -22; dy <= 22; dy++)
            for (int dx = -22; dx <= 22; dx++) {
                int d2 = dx * dx + dy * dy;
                if (d2 < 21 * 21 || d2 > 22 * 22 || cx + dx < 0 || cy + dy < 0)
                    continue;
                expect_not_color(cx + dx, cy + dy, stones[i].color, what);
                if (stones[i].row > 0 && stones[i].row < 8 && stones[i].col > 0 &&
                    stones[i].col < 8 && dx != 0 && dy != 0)
                    expect_color(cx + dx, cy + dy, DOC_COLOR_BOARD, what);
            }
    }
}

Test(geometry, grid_lines_one_pixel_wide_every_48_px)
{
    /* Half-way between two intersections (24 px from each, beyond any
     * stone or ring) every line is one pixel of line colour with board on
     * both sides. */
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 8; j++) {
            int x = point_x(i), y = point_y(j) + SEED_CELL / 2;
            expect_color(x, y, DOC_COLOR_LINE, "vertical line");
            expect_color(x - 1, y, DOC_COLOR_BOARD, "left of a vertical line");
            expect_color(x + 1, y, DOC_COLOR_BOARD, "right of a vertical line");
            x = point_x(j) + SEED_CELL / 2;
            y = point_y(i);
            expect_color(x, y, DOC_COLOR_LINE, "horizontal line");
            expect_color(x, y - 1, DOC_COLOR_BOARD, "above a horizontal line");
            expect_color(x, y + 1, DOC_COLOR_BOARD, "below a horizontal line");
        }
}

Test(geometry, empty_intersections_and_hoshi)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (is_stone(r, c))
                continue;
            int x = point_x(c), y = point_y(r);
            char what[64];
            snprintf(what, sizeof what, "empty point row %d col %d", r, c);
            expect_color(x, y, DOC_COLOR_LINE, what);
            /* The four quarters of the cell around the crossing. */
            int in = is_hoshi(r, c) ? 4 : 2;
            expect_color(x + in, y + in, DOC_COLOR_BOARD, what);
            expect_color(x - in, y + in, DOC_COLOR_BOARD, what);
            expect_color(x + in, y - in, DOC_COLOR_BOARD, what);
            expect_color(x - in, y - in, DOC_COLOR_BOARD, what);
            if (is_hoshi(r, c)) {
                /* A filled disc of radius 3: (2, 2) is 2.8 px out. */
                expect_color(x + 2, y + 2, DOC_COLOR_LINE, "hoshi");
                expect_color(x - 2, y - 2, DOC_COLOR_LINE, "hoshi");
                expect_color(x + SEED_HOSHI_RADIUS, y, DOC_COLOR_LINE, "hoshi");
                expect_color(x + 3, y + 3, DOC_COLOR_BOARD, "beyond the hoshi");
            } else {
                expect_color(x + 1, y + 1, DOC_COLOR_BOARD, "no hoshi here");
            }
        }
}

Test(geometry, cursor_ring_of_radius_22_in_green)
{
    int x = point_x(CURSOR_COL), y = point_y(CURSOR_ROW);
    expect_color(x + SEED_CURSOR_RADIUS, y, SEED_COLOR_CURSOR, "cursor ring");
    expect_color(x - SEED_CURSOR_RADIUS, y, SEED_COLOR_CURSOR, "cursor ring");
    expect_color(x, y + SEED_CURSOR_RADIUS, SEED_COLOR_CURSOR, "cursor ring");
    expect_color(x, y - SEED_CURSOR_RADIUS, SEED_COLOR_CURSOR, "cursor ring");
    /* Nothing beyond radius 22: one pixel further out along the axes is
     * the grid line again. */
    expect_color(x + SEED_CURSOR_RADIUS + 1, y, DOC_COLOR_LINE, "just outside the cursor ring");
    expect_color(x - SEED_CURSOR_RADIUS - 1, y, DOC_COLOR_LINE, "just outside the cursor ring");
    expect_color(x, y + SEED_CURSOR_RADIUS + 1, DOC_COLOR_LINE, "just outside the cursor ring");
    expect_color(x, y - SEED_CURSOR_RADIUS - 1, DOC_COLOR_LINE, "just outside the cursor ring");
    /* Unfilled (docs/play.md draws it two pixels thick, 21 and 22). */
    expect_color(x, y, DOC_COLOR_LINE, "inside the cursor ring");
    expect_color(x + 10, y + 10, DOC_COLOR_BOARD, "inside the cursor ring");
    expect_color(x + 17, y + 17, DOC_COLOR_BOARD, "outside the cursor ring");
    expect_color(x + SEED_CURSOR_RADIUS + 2, y + 3, DOC_COLOR_BOARD, "outside the cursor ring");
}

Test(geometry, background_outside_the_board)
{
    /* Left of the wood and right of it, below the side texts. */
    expect_color(40, 300, SEED_COLOR_BG, "background");
    expect_color(600, 300, SEED_COLOR_BG, "background");
    expect_color(2, 240, SEED_COLOR_BG, "background");
    expect_color(637, 240, SEED_COLOR_BG, "background");
}

/*
 * test_farm_tiles.c - the farm on seed 002's tile display
 * (docs/tile_display.md): `tabletop play --game farm` run headless with the
 * same scripts on the sdl backend (the C model) and the sim backend (the
 * Verilated RTL, frames sampled from its own VGA pins).  Every frame must
 * be the same on both, pixel for pixel, equal its golden
 * (tests/data/gomoku/golden/tiles_*.png, looked at when written), and agree
 * with an independent reading of the seed's pictures:
 *   - only table 3.2's four colours, each exact (from its RGB332 byte);
 *   - the welcome page is made of 4x4-pixel cells (§3.4.2), white ground,
 *     the cursor blue on the right (fig 3.7, §5 "右边蓝色光标"), "WELCOME TO
 *     THE FARM" red at the bottom;
 *   - the board page: lines on 16 mod 32 and at x = 480, stones round on
 *     the intersections of the saved points, the winner's "WIN" in stones
 *     (LOST in red stones when the computer beat the player, issue 54);
 *   - YOU DIE in red (appendix: drawDie(0,0,3,2)); YOU WIN in black: the
 *     seed's drawWin(0,0,2,2) is blue on white, about 1.3:1 (issue 26);
 *   - what the issue asks of the pages (issue 26): the prices beside the
 *     farm's choices, a purchase on credit asked first, the cursor shown on
 *     a stone and the last stone marked (a cell is one disc, so both blink:
 *     snaps a quarter of a second apart see both states), a status column
 *     in the menu for a refused stone, a turn lost on the clock, Escape's
 *     question and the result, and a new farm's board without the old WIN.
 *
 * Regenerate the goldens (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-farm-tiles
 */
#include "console_test_util.h"
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

/* Runs the script on one backend in dir/BACKEND (frames) with its own save
 * folder dir/BACKEND/save, seeded with save_text if not NULL. */
static void play(const char *dir, const char *backend, const char *save_text, const char *script)
{
    char *sub = path_join(dir, backend), *save = path_join(sub, "save");
    cr_assert(mkdir(sub, 0755) == 0 && mkdir(save, 0755) == 0);
    if (save_text) {
        char *path = path_join(save, "farm.txt");
        write_text(path, save_text);
        free(path);
    }
    const char *const farm[] = {"--game", "farm", "--backend", backend, "--seed", "7", NULL};
    run_t r = play_in(sub, script, farm);
    cr_assert(r.status == 0, "%s backend: exit %d", backend, r.status);
    free(sub);
    free(save);
}

static uint16_t *load(const char *dir, const char *backend, const char *snap)
{
    char path[4300], err[256];
    snprintf(path, sizeof path, "%s/%s/%s.png", dir, backend, snap);
    uint16_t *f = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(path, &f, &w, &h, err, sizeof err), 0, "%s", err);
    cr_assert(w == W && h == H);
    return f;
}

/* The frame of both backends: equal pixel for pixel, equal to the golden. */
static uint16_t *frame(const char *dir, const char *snap)
{
    uint16_t *a = load(dir, "sdl", snap), *b = load(dir, "sim", snap);
    long diff = 0;
    for (int i = 0; i < W * H; i++)
        diff += a[i] != b[i];
    cr_expect_eq(diff, 0, "%s: %ld pixels differ between sdl and sim", snap, diff);
    char got_path[4096], want_path[4096];
    snprintf(got_path, sizeof got_path, "%s/sim/%s.png", dir, snap);
    snprintf(want_path, sizeof want_path, "%s/golden/tiles_%s.png", data_dir(), snap);
    check_golden_file(got_path, want_path, update_golden(), snap);
    free(a);
    return b;
}

/* Both backends' frame, equal pixel for pixel (no golden: the blink's
 * series). */
static uint16_t *frame_nogolden(const char *dir, const char *snap)
{
    uint16_t *a = load(dir, "sdl", snap), *b = load(dir, "sim", snap);
    long diff = 0;
    for (int i = 0; i < W * H; i++)
        diff += a[i] != b[i];
    cr_expect_eq(diff, 0, "%s: %ld pixels differ between sdl and sim", snap, diff);
    free(a);
    return b;
}

static long count(const uint16_t *f, uint16_t c, int x0, int y0, int x1, int y1)
{
    long n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            n += f[y * W + x] == c;
    return n;
}

static void only_seed_colours(const uint16_t *f, const char *what)
{
    long other = 0;
    for (int i = 0; i < W * H; i++)
        other += f[i] != WHITE && f[i] != BLACK && f[i] != BLUE && f[i] != RED;
    cr_expect_eq(other, 0, "%s: %ld pixels in none of the seed's four colours", what, other);
}

/* The welcome page: every 4x4 block one colour. */
static void welcome_cells(const uint16_t *f, const char *what)
{
    long bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            bad += f[y * W + x] != f[(y & ~3) * W + (x & ~3)];
    cr_expect_eq(bad, 0, "%s: %ld pixels differ from their 4x4 cell", what, bad);
}

/* The bounding box of colour c. */
static void bbox(const uint16_t *f, uint16_t c, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = W, *y0 = H, *x1 = -1, *y1 = -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (f[y * W + x] == c) {
                if (x < *x0) *x0 = x;
                if (y < *y0) *y0 = y;
                if (x > *x1) *x1 = x;
                if (y > *y1) *y1 = y;
            }
}

/* Board point (column 0-14 from a, row 1-15 from the bottom) to its
 * intersection on the screen: the seed's board[x + y*15], y from the top,
 * 32-pixel cells, the lines through their centres. */
static int px(int col) { return 32 * col + 16; }
static int py(int row) { return 32 * (15 - row) + 16; }

/* A stone of colour c on the point: inside the disc (d^2 < 196) off the
 * lines c, just outside it the ground or a line. */
static void expect_stone(const uint16_t *f, int col, int row, uint16_t c, const char *what)
{
    int x = px(col), y = py(row);
    cr_expect_eq(f[(y + 9) * W + x + 9], c, "%s: inside the disc", what);
    cr_expect_eq(f[(y - 9) * W + x - 9], c, "%s: inside the disc", what);
    cr_expect_eq(f[y * W + x], c, "%s: the stone covers the crossing", what);
    cr_expect_eq(f[(y + 11) * W + x + 11], BLUE, "%s: outside the disc (d^2 = 242)", what);
    cr_expect_eq(f[(y + 14) * W + x], BLACK, "%s: the line leaves the disc", what);
}

/* Lines at 16 mod 32 and at x = 480 wherever no stone is (the cells of the
 * listed points excepted). */
static void expect_lines(const uint16_t *f, const int *cols, const int *rows, int n,
                         const char *what)
{
    long bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x <= 480; x++) {
            int skip = 0;
            for (int i = 0; i < n; i++)
                if (x / 32 == cols[i] && y / 32 == 15 - rows[i])
                    skip = 1;
            if (skip)
                continue;
            int line = x == 480 || x % 32 == 16 || y % 32 == 16;
            bad += f[y * W + x] != (line ? BLACK : BLUE);
        }
    cr_expect_eq(bad, 0, "%s: %ld board pixels off the lines-and-ground pattern", what, bad);
}

TestSuite(farm_tiles, .timeout = 120);

/* Only h8 (7, 8) and the computer's stone are on the board in the first
 * test: a point is empty unless it is h8. */
static int gk_point_empty(int col, int row) { return col >= 0 && !(col == 7 && row == 8); }

/* The colour of the intersection's disc (inside it, off the lines). */
static uint16_t disc(const uint16_t *f, int col, int row)
{
    return f[(py(row) + 9) * W + px(col) + 9];
}

/* The menu's status column (left of its middle, below the clock): red
 * pixels there. */
static long status_red(const uint16_t *f)
{
    return count(f, RED, 481, 7 * 16, 481 + 5 * 16, H);
}

/* A fresh farm: the welcome page with the prices, the cursor moving, a
 * Gomoku move on the board page (the cursor blinking on the computer's
 * stone, then the last stone blinking), then spending with no money: asked
 * first, then YOU DIE. */
Test(farm_tiles, welcome_board_and_you_die)
{
    char *dir = scratch("farmtiles");
    const char *script = "snap welcome\ndown\nsnap welcome_down\nc\nenter\nsnap ask_coins\n"
                         "enter\nsnap board\n"
                         "wait 250\nsnap on_1\nwait 250\nsnap on_2\nwait 250\nsnap on_3\n"
                         /* 60 ms on: the snaps fall inside the quarters, not on
                          * their edges, where sdl and sim can be a frame apart. */
                         "left\nwait 60\nsnap last_0\nwait 125\nsnap last_1\nwait 125\n"
                         "snap last_2\n"
                         "wait 125\nsnap last_3\nwait 125\nsnap last_4\nwait 125\nsnap last_5\n"
                         "wait 125\nsnap last_6\nwait 125\nsnap last_7\n"
                         "c\ndown\nenter\nsnap ask\nenter\nsnap you_die\n";
    play(dir, "sdl", NULL, script);
    play(dir, "sim", NULL, script);

    uint16_t *f = frame(dir, "welcome");
    only_seed_colours(f, "welcome");
    welcome_cells(f, "welcome");
    cr_expect_gt(count(f, WHITE, 0, 0, W, H), W * H / 2, "the welcome page's ground is white");
    int x0, y0, x1, y1;
    bbox(f, BLUE, &x0, &y0, &x1, &y1);
    cr_expect(x0 > W * 2 / 5 && x1 == W - 1 && y1 - y0 < 60,
              "one blue cursor bar on the right (%d,%d)-(%d,%d)", x0, y0, x1, y1);
    int first_bar = y0;
    cr_expect_gt(count(f, RED, 0, 440, W, H), 500, "WELCOME TO THE FARM in red at the bottom");
    cr_expect_gt(count(f, BLACK, 0, 40, W, 440), 2000, "black text in between");
    /* The prices, right of the choices' names (which end before x = 530):
     * red on each of the five rows (fig 3.7 has the rows 60 px apart). */
    for (int i = 0; i < 5; i++) {
        int y = (12 + 15 * i + 4) * 4;
        cr_expect_gt(count(f, RED, 540, y, W, y + 28), 20, "a price on row %d", i);
    }
    free(f);

    f = frame(dir, "welcome_down");
    welcome_cells(f, "welcome_down");
    bbox(f, BLUE, &x0, &y0, &x1, &y1);
    cr_expect(x0 > W * 2 / 5 && y0 > first_bar && y0 - first_bar == 60,
              "down moves the cursor bar one item (60 px) down: %d -> %d", first_bar, y0);
    free(f);

    /* The board page: Black (the player) on h8, the computer's stone read
     * from the save. */
    f = frame(dir, "board");
    only_seed_colours(f, "board");
    expect_stone(f, 7, 8, BLACK, "h8 black");
    char path[4300];
    snprintf(path, sizeof path, "%s/sdl/save/farm.txt", dir);
    FILE *sf = fopen(path, "r");
    cr_assert(sf);
    char line[512], wpt[8] = "";
    while (fgets(line, sizeof line, sf))
        if (!strncmp(line, "moves ", 6))
            sscanf(line, "moves b:h8 w:%7s", wpt);
    fclose(sf);
    cr_assert(wpt[0] >= 'a' && wpt[0] <= 'o', "the computer's move in the save: '%s'", wpt);
    int wc = wpt[0] - 'a', wr = atoi(wpt + 1);
    int cols[2] = {7, wc}, rows[2] = {8, wr};
    expect_lines(f, cols, rows, 2, "board");
    cr_expect_gt(count(f, BLACK, 481, 0, W, H), 300, "the menu's digits and letters right of the line");
    cr_expect_eq(status_red(f), 0, "nothing to say in the status column");
    free(f);
    /* The cursor sits on the computer's stone: over a second of snaps a
     * quarter apart the point shows the red cursor and the white stone,
     * and nothing else (round discs both). */
    static const char *const on[4] = {"board", "on_1", "on_2", "on_3"};
    int red = 0, white = 0;
    for (int i = 0; i < 4; i++) {
        f = frame_nogolden(dir, on[i]);
        uint16_t c = disc(f, wc, wr);
        if (c == RED)
            expect_stone(f, wc, wr, RED, "the cursor on the stone"), red++;
        else
            expect_stone(f, wc, wr, WHITE, "the computer's white stone"), white++;
        expect_stone(f, 7, 8, BLACK, "h8 stays black");
        free(f);
    }
    cr_expect(red > 0 && white > 0, "the cursor on the computer's stone: red %d, white %d", red,
              white);
    /* The cursor moved off: the last stone (the computer's) blinks to an
     * empty point for a quarter, never red; the cursor is red one left. */
    int blank = 0, stone = 0;
    for (int i = 0; i < 8; i++) {
        char name[16];
        snprintf(name, sizeof name, "last_%d", i);
        f = frame_nogolden(dir, name);
        uint16_t c = disc(f, wc, wr);
        cr_expect(c == WHITE || c == BLUE, "%s: the last stone white or blank", name);
        blank += c == BLUE;
        stone += c == WHITE;
        if (gk_point_empty(wc - 1, wr))
            cr_expect_eq(disc(f, wc - 1, wr), RED, "%s: the cursor left of it", name);
        expect_stone(f, 7, 8, BLACK, "h8 stays black");
        free(f);
    }
    cr_expect(blank > 0 && stone > blank, "the last stone: blank %d, white %d", blank, stone);

    /* Eating with no coin asks first (red notice); nothing is spent. */
    f = frame(dir, "ask");
    only_seed_colours(f, "ask");
    cr_expect(text_in_frame(f, W, H, "Enter: buy", 4), "the question: Enter again buys");
    cr_expect(text_in_frame(f, W, H, "-1", 4), "EAT's price");
    free(f);

    f = frame(dir, "you_die");
    only_seed_colours(f, "you_die");
    welcome_cells(f, "you_die");
    cr_expect_gt(count(f, RED, 0, 0, W, H), 2000, "YOU DIE in red");
    cr_expect(text_in_frame(f, W, H, "MONEY BELOW ZERO", 4) &&
                  text_in_frame(f, W, H, "A MEAL COSTS 1, YOU HAD 0", 4),
              "YOU DIE says why and what did it (issue 54)");
    cr_expect_eq(count(f, BLUE, 0, 0, W, H), 0, "no blue on YOU DIE");
    free(f);
    cleanup(dir);
}

/* A rich farm with a two-player game one stone from five: Black's five
 * shows WIN in black stones; then END GAME with 40 coins: YOU WIN. */
Test(farm_tiles, win_in_stones_and_you_win)
{
    char *dir = scratch("farmtiles");
    const char *save = "money 40\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\n"
                       "starved 0\nstate playing\nskin tiles\nmode pvp\nlevel 1\n"
                       "to-move black\nmoves b:d8 w:d2 b:e8 w:e2 b:f8 w:f2 b:g8 w:g2\n";
    /* The cursor starts on the last stone, g2: up 6 rows and right 1 is h8. */
    const char *script = "c\nsnap four\nup\nup\nup\nup\nup\nup\nright\nenter\nsnap win_stones\n"
                         "c\nup\nenter\nsnap you_win\n";
    play(dir, "sdl", save, script);
    play(dir, "sim", save, script);

    uint16_t *f = frame(dir, "four");
    int cols[8] = {3, 3, 4, 4, 5, 5, 6, 6}, rows[8] = {8, 2, 8, 2, 8, 2, 8, 2};
    /* The cursor starts on the last stone, g2: it blinks red there. */
    for (int i = 0; i < 8; i++)
        expect_stone(f, cols[i], rows[i],
                     i == 7 && disc(f, 6, 2) == RED ? RED : i % 2 ? WHITE : BLACK,
                     "the saved stones");
    expect_lines(f, cols, rows, 8, "four");
    free(f);

    f = frame(dir, "win_stones");
    only_seed_colours(f, "win_stones");
    cr_expect_eq(count(f, WHITE, 0, 0, 480, H), 0, "WIN is in the winner's colour only");
    cr_expect_eq(count(f, RED, 0, 0, 480, H), 0, "no cursor after the game");
    /* Black stones: count the intersections that carry one. */
    int stones = 0, top = 15, bottom = 0;
    for (int r = 1; r <= 15; r++)
        for (int c = 0; c < 15; c++)
            if (f[(py(r) + 9) * W + px(c) + 9] == BLACK) {
                stones++;
                if (r < top) top = r;
                if (r > bottom) bottom = r;
            }
    cr_expect(stones >= 20 && bottom - top == 4,
              "WIN spelt in black stones on five rows (%d stones, rows %d-%d)", stones, top,
              bottom);
    /* The menu gives the result: the winner's square (black) where the
     * clock was, and WIN in red in the status column. */
    cr_expect_gt(count(f, BLACK, 481, 7 * 16, 481 + 5 * 16, H), 200,
                 "WIN in black in the status column");
    cr_expect_eq(status_red(f), 0, "a win is not in the colour of a loss (issue 54)");
    cr_expect(text_in_frame(f, W, H, "W", 16), "the status column's W (16 px a font pixel)");
    cr_expect_eq(f[(2 * 16 + 8) * W + 481 + 40], BLACK, "the winner's square, black");
    free(f);

    f = frame(dir, "you_win");
    only_seed_colours(f, "you_win");
    welcome_cells(f, "you_win");
    /* YOU WIN at twice the letters' size (rows 30-43 of cells) in black on
     * white: contrast 21:1, where the seed's blue gives 1.3:1. */
    cr_expect(text_in_frame(f, W, H, "YOU WIN", 8), "YOU WIN, 2 cells a font pixel");
    cr_expect_gt(count(f, BLACK, 0, 120, W, 176), 1500, "YOU WIN in black");
    cr_expect_eq(count(f, BLUE, 0, 0, W, H), 0, "no low-contrast blue on YOU WIN");
    cr_expect_eq(count(f, RED, 0, 0, W, H), 0, "no red on YOU WIN");
    free(f);
    cleanup(dir);
}

/* t: our classic drawing; the tile display gives the pins back (the frame
 * is go_peripheral's, with colours outside the seed's four). */
Test(farm_tiles, t_gives_the_pins_back)
{
    char *dir = scratch("farmtiles");
    play(dir, "sdl", NULL, "t\nsnap classic\n");
    play(dir, "sim", NULL, "t\nsnap classic\n");
    uint16_t *a = load(dir, "sdl", "classic"), *b = load(dir, "sim", "classic");
    long diff = 0, other = 0;
    for (int i = 0; i < W * H; i++) {
        diff += a[i] != b[i];
        other += a[i] != WHITE && a[i] != BLACK && a[i] != BLUE && a[i] != RED;
    }
    cr_expect_eq(diff, 0, "classic: %ld pixels differ between sdl and sim", diff);
    cr_expect_gt(other, 10000, "classic is the framebuffer's richer drawing");
    free(a);
    free(b);
    cleanup(dir);
}

/* The status column says what happened: a refused (forbidden) stone,
 * Escape's question in a game against the computer (one Escape changes
 * nothing, a second starts the seed's PVP game), a turn lost on the clock
 * (through the computer's reply). */
/* The turn lost waits 30 s of board time, every clock of it simulated on
 * sim (about 45 s of CPU on the 2-core CI machine): a longer timeout. */
Test(farm_tiles, the_status_column_says_what_happens, .timeout = 400)
{
    char *dir = scratch("farmtiles");
    /* Black's double three at h8 (f8 g8 h6 h7, docs/gomoku.md); the
     * cursor starts on the last stone, a7: right 7, up 1. */
    const char *save = "money 0\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\n"
                       "starved 0\nstate playing\nskin tiles\nmode pvp\nlevel 1\n"
                       "to-move black\nmoves b:f8 w:a1 b:g8 w:a3 b:h6 w:a5 b:h7 w:a7\n";
    const char *script = "c\nright\nright\nright\nright\nright\nright\nright\nup\nsnap before\n"
                         "enter\nsnap refused\nleft\nsnap moved\n";
    play(dir, "sdl", save, script);
    play(dir, "sim", save, script);
    uint16_t *f = frame(dir, "before");
    cr_expect_eq(status_red(f), 0, "before: nothing said");
    free(f);
    f = frame(dir, "refused");
    only_seed_colours(f, "refused");
    cr_expect_gt(status_red(f), 100, "refused: the status column says NO");
    free(f);
    f = frame_nogolden(dir, "moved");
    cr_expect_eq(status_red(f), 0, "the next key: said and seen");
    free(f);
    cleanup(dir);

    dir = scratch("farmtiles");
    save = "money 0\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\n"
           "starved 0\nstate playing\nskin tiles\nmode pvc\nlevel 1\n"
           "to-move black\nmoves none\n";
    script = "c\nwait 30000\nsnap time_lost\nescape\nsnap ask_escape\nescape\nsnap pvp\n";
    play(dir, "sdl", save, script);
    play(dir, "sim", save, script);
    f = frame(dir, "time_lost");
    only_seed_colours(f, "time_lost");
    cr_expect_gt(status_red(f), 200, "time lost: the status column says OUT");
    free(f);
    f = frame(dir, "ask_escape");
    cr_expect_gt(status_red(f), 200, "Escape asks (ESC)");
    free(f);
    f = frame(dir, "pvp");
    cr_expect_eq(status_red(f), 0, "the new PVP game: nothing said");
    free(f);
    char path[4300];
    snprintf(path, sizeof path, "%s/sdl/save/farm.txt", dir);
    char *t = read_all(path, NULL);
    cr_assert(t);
    cr_expect(strstr(t, "\nmode pvp\n") && strstr(t, "\nmoves none\n"), "two Escapes: %s", t);
    free(t);
    cleanup(dir);
}

/* A farm lost on a lost game (no coin left) shows LOST on the board;
 * after YOU DIE and a new farm the board is empty again. */
Test(farm_tiles, a_new_farm_clears_the_old_win)
{
    char *dir = scratch("farmtiles");
    /* The computer (White, level 1) completes its four on entering. */
    const char *save = "money 0\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\n"
                       "starved 0\nstate playing\nskin tiles\nmode pvc\nlevel 1\n"
                       "to-move white\nmoves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n";
    const char *script = "c\nsnap lost_win\nenter\nx\nc\nsnap new_board\n";
    play(dir, "sdl", save, script);
    play(dir, "sim", save, script);
    uint16_t *f = frame(dir, "lost_win");
    /* Issue 54: not the computer's WIN in white stones, which read as the
     * player's; LOST in red stones (the letters: test_farm_tile_skin.c). */
    cr_expect_eq(count(f, WHITE, 0, 0, 480, H), 0, "no white stone: not the computer's WIN");
    cr_expect_gt(count(f, RED, 0, 0, 480, H), 5000, "LOST in red stones");
    cr_expect_gt(status_red(f), 200, "LOST in red in the status column");
    free(f);
    f = frame(dir, "new_board");
    only_seed_colours(f, "new_board");
    expect_lines(f, (const int[]){7}, (const int[]){8}, 1, "a new farm's board: empty");
    cr_expect_eq(count(f, WHITE, 0, 0, 480, H), 0, "no stone of the old WIN");
    cr_expect_eq(disc(f, 7, 8), RED, "the cursor on the centre");
    free(f);
    cleanup(dir);
}

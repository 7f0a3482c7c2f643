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

/* ---- the keys on screen: help, side column (issue 26) ---- */

/* Lowercase copy. */
static void lower(char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            *s = (char)(*s - 'A' + 'a');
}

/* Splits a list of key names ("Up / Down", "1, 2, 3, 4", "Backspace or U",
 * "Backspace, u", "Bksp/U") into lowercase words, NUL-separated in out;
 * returns how many. */
static int key_words(const char *keys, char out[][16], int max)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", keys);
    lower(buf);
    int n = 0;
    for (char *t = strtok(buf, " ,/"); t && n < max; t = strtok(NULL, " ,/"))
        if (strcmp(t, "or") != 0)
            snprintf(out[n++], 16, "%.15s", t);
    return n;
}

/* The first column of every row of docs/play.md's Go key table. */
static int docs_go_keys(char rows[][64], int max)
{
    char *path = path_join(data_dir(), "../../../docs/play.md");
    char *text = read_all(path, NULL);
    cr_assert(text, "cannot read %s", path);
    char *p = strstr(text, "\n### Go\n");
    cr_assert(p, "docs/play.md has no '### Go' section");
    p = strstr(p, "\n|");
    cr_assert(p, "no table in docs/play.md's Go section");
    int n = 0, line = 0;
    while (p && p[0] == '\n' && p[1] == '|') {
        p++;
        char *end = strchr(p, '\n');
        char *cell_end = strchr(p + 1, '|');
        /* Row 0 is the header, row 1 the |---| line. */
        if (line++ >= 2 && cell_end && n < max) {
            snprintf(rows[n], 64, "%.*s", (int)(cell_end - p - 1), p + 1);
            n++;
        }
        p = end;
    }
    free(text);
    free(path);
    return n;
}

/* Every key docs/play.md's Go table names is on the help screen (h): its
 * key column, read off the frame.  "Arrows" there names the four arrow
 * keys. */
Test(go_look, the_help_screen_names_every_key_of_the_docs_go_table)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "h\nsnap help_go\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "help_go", "help_go");
    char *png = path_join(dir, "help_go.png");
    char help[16][16];
    int n_help = 0;
    /* The help screen's lines: keys at x 40, scale 2, from y 76, 24 apart;
     * the key column is 15 cells wide (the text beside it starts at 220). */
    for (int i = 0; i < 10; i++) {
        char line[64];
        frame_read_text(png, 40, 76 + 24 * i, 2, line, sizeof line);
        line[15] = 0;
        char words[8][16];
        int k = key_words(line, words, 8);
        for (int j = 0; j < k && n_help < 16; j++)
            snprintf(help[n_help++], 16, "%.15s", words[j]);
    }
    cr_assert_gt(n_help, 8, "the help frame has hardly any key");
    char rows[24][64];
    int n_rows = docs_go_keys(rows, 24);
    cr_assert_gt(n_rows, 8, "docs/play.md's Go table has hardly any row");
    for (int i = 0; i < n_rows; i++) {
        char words[8][16];
        int k = key_words(rows[i], words, 8);
        for (int j = 0; j < k; j++) {
            int arrow = !strcmp(words[j], "up") || !strcmp(words[j], "down") ||
                        !strcmp(words[j], "left") || !strcmp(words[j], "right");
            int found = 0;
            for (int h = 0; h < n_help; h++)
                found |= !strcmp(help[h], words[j]) || (arrow && !strcmp(help[h], "arrows"));
            cr_expect(found, "docs/play.md names the key '%s' (row '%s'); the help does not",
                      words[j], rows[i]);
        }
    }
}

/* The first word of each row of the left side column (x 6, from y 40,
 * 16 apart), read off the frame, as one " A B C " string. */
static void side_keys(const char *dir, const char *snap, char *out, size_t len)
{
    char *png = path_join(dir, snap);
    snprintf(out, len, " ");
    for (int i = 0; i < 12; i++) {
        char line[64];
        frame_read_text(png, 6, 40 + 16 * i, 1, line, sizeof line);
        line[strcspn(line, " ")] = 0;
        if (line[0])
            snprintf(out + strlen(out), len - strlen(out), "%s ", line);
    }
    free(png);
}

/* The side column lists every key of the phase on screen (docs/play.md's
 * table, a column a phase): in play R, K and L too; in the review what
 * works there; at the game over v and the rest. */
Test(go_look, the_side_column_lists_every_key_of_the_phase, .timeout = 60)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\nsnap play\nspace\nspace\nsnap review\n"
                             "space\nsnap over\nv\nsnap over_board\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    static const struct {
        const char *snap;
        const char *keys[9];
    } want[] = {
        {"play.png", {"Arrows", "Enter", "Space", "Bksp/U", "R", "K", "L", "Esc", NULL}},
        {"review.png", {"Arrows", "Enter", "Space", "Bksp/U", "L", "Esc", NULL}},
        {"over.png", {"V", "L", "Enter", "Esc", NULL}},
        {"over_board.png", {"V", "L", "Enter", "Esc", NULL}},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char got[256];
        side_keys(dir, want[i].snap, got, sizeof got);
        for (int k = 0; want[i].keys[k]; k++) {
            char word[32];
            snprintf(word, sizeof word, " %s ", want[i].keys[k]);
            cr_expect(strstr(got, word), "%s: the side column lacks %s:%s", want[i].snap,
                      want[i].keys[k], got);
        }
    }
}

/* v at the game over hides the box over rows 4-6 and shows the final
 * position whole; v again brings the box back, as it was.  Black's E5
 * (under the box) then looks like Black's E9 (clear of it). */
Test(go_look, v_shows_the_final_position_under_the_game_over_box, .timeout = 60)
{
    char *dir = scratch("go");
    char *text = read_all(data_file("gameover.txt"), NULL);
    cr_assert(text);
    char *cut = strstr(text, "snap gameover\n");
    cr_assert(cut, "gameover.txt has no 'snap gameover' line");
    *cut = 0;
    char *script = malloc(strlen(text) + 128);
    sprintf(script, "%ssnap gameover\nv\nsnap gameover_board\nv\nsnap gameover_again\n", text);
    run_t r = play_text(dir, script, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "gameover", "gameover");
    check_golden(dir, "gameover_board", "gameover_board");
    same_frames(path_join(dir, "gameover.png"), path_join(dir, "gameover_again.png"));
    frame_t box = load(dir, "gameover"), board = load(dir, "gameover_board");
    int e = px_x(4);
    cr_expect(is_dark(board, e + 12, px_y(5) + 12), "E5 is not a black stone with the box hidden");
    cr_expect_eq(board.px[(px_y(5) + 12) * 640 + e + 12], board.px[(px_y(9) + 12) * 640 + e + 12],
                 "E5 and E9 differ with the box hidden");
    cr_expect_neq(box.px[(px_y(5) + 12) * 640 + e + 12], box.px[(px_y(9) + 12) * 640 + e + 12],
                  "the box does not cover E5");
    free(box.px);
    free(board.px);
    free(script);
    free(text);
}

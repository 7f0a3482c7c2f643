/* render.c - RGB565 primitives, text and Go drawing; see render.h. */
#include "render.h"

#include <stdio.h>
#include <string.h>

#include "font.h"

static uint16_t *target;

void render_init(void *fb_vaddr)
{
    target = fb_vaddr;
}

void render_pixel(int x, int y, uint16_t color)
{
    if ((unsigned)x < RENDER_WIDTH && (unsigned)y < RENDER_HEIGHT)
        target[y * RENDER_WIDTH + x] = color;
}

void render_fill_rect(int x, int y, int w, int h, uint16_t color)
{
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > RENDER_WIDTH ? RENDER_WIDTH : x + w;
    int y1 = y + h > RENDER_HEIGHT ? RENDER_HEIGHT : y + h;
    for (int yy = y0; yy < y1; yy++) {
        uint16_t *row = target + yy * RENDER_WIDTH;
        for (int xx = x0; xx < x1; xx++)
            row[xx] = color;
    }
}

void render_shade_rect(int x, int y, int w, int h)
{
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > RENDER_WIDTH ? RENDER_WIDTH : x + w;
    int y1 = y + h > RENDER_HEIGHT ? RENDER_HEIGHT : y + h;
    for (int yy = y0; yy < y1; yy++)
        for (int xx = x0; xx < x1; xx++) {
            uint16_t *p = target + yy * RENDER_WIDTH + xx;
            /* A quarter of each channel: shift, then drop the bits that
             * crossed into the channel below. */
            *p = (uint16_t)((*p >> 2) & 0x39E7);
        }
}

void render_rect(int x, int y, int w, int h, uint16_t color)
{
    render_fill_rect(x, y, w, 1, color);
    render_fill_rect(x, y + h - 1, w, 1, color);
    render_fill_rect(x, y, 1, h, color);
    render_fill_rect(x + w - 1, y, 1, h, color);
}

static void hspan(int x0, int x1, int y, uint16_t color)
{
    render_fill_rect(x0, y, x1 - x0 + 1, 1, color);
}

void render_circle(int cx, int cy, int r, uint16_t color, int filled)
{
    if (r < 0)
        return;
    /* Midpoint circle: walk one octant, mirror it eight ways. */
    int x = r, y = 0, d = 1 - r;
    while (x >= y) {
        if (filled) {
            hspan(cx - x, cx + x, cy + y, color);
            hspan(cx - x, cx + x, cy - y, color);
            hspan(cx - y, cx + y, cy + x, color);
            hspan(cx - y, cx + y, cy - x, color);
        } else {
            render_pixel(cx + x, cy + y, color);
            render_pixel(cx - x, cy + y, color);
            render_pixel(cx + x, cy - y, color);
            render_pixel(cx - x, cy - y, color);
            render_pixel(cx + y, cy + x, color);
            render_pixel(cx - y, cy + x, color);
            render_pixel(cx + y, cy - x, color);
            render_pixel(cx - y, cy - x, color);
        }
        y++;
        if (d < 0) {
            d += 2 * y + 1;
        } else {
            x--;
            d += 2 * (y - x) + 1;
        }
    }
}

void render_string_scaled(int x, int y, const char *s, uint16_t color, int scale)
{
    for (; *s; s++, x += FONT_ADVANCE * scale) {
        unsigned c = (unsigned char)*s;
        if (c < FONT_FIRST || c >= FONT_FIRST + FONT_GLYPHS)
            c = '?';
        const uint8_t *g = font_5x7[c - FONT_FIRST];
        for (int row = 0; row < FONT_H; row++)
            for (int col = 0; col < FONT_W; col++)
                if (g[row] & (0x10 >> col))
                    render_fill_rect(x + col * scale, y + row * scale, scale, scale, color);
    }
}

void render_string(int x, int y, const char *s, uint16_t color)
{
    render_string_scaled(x, y, s, color, 1);
}

int render_text_width(const char *s, int scale)
{
    size_t n = strlen(s);
    return n ? (int)(n * FONT_ADVANCE - 1) * scale : 0;
}

void render_string_centered(int y, const char *s, uint16_t color, int scale)
{
    render_string_scaled((RENDER_WIDTH - render_text_width(s, scale)) / 2, y, s, color, scale);
}

render_geom_t render_geometry(int size)
{
    render_geom_t g;
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
        size = BOARD_DEFAULT_SIZE;
    g.size = size;
    /* The widest whole spacing, up to the seed's 48, whose grid fits the
     * seed's 384 px square, centred in it: 48 on 9x9, 32 on 13x13, 21 on
     * 19x19. */
    g.cell = BOARD_SIZE / (size - 1);
    if (g.cell > CELL_SIZE)
        g.cell = CELL_SIZE; /* 5x5..8x8: the seed's spacing, the grid centred */
    int span = g.cell * (size - 1);
    g.left = BOARD_LEFT + (BOARD_SIZE - span) / 2;
    g.top = BOARD_TOP + (BOARD_SIZE - span) / 2;
    /* The seed's 20 px stones on 48 px; closer grids keep a 2 px gap. */
    g.stone_r = g.cell >= CELL_SIZE ? g.cell * STONE_RADIUS / CELL_SIZE : g.cell / 2 - 1;
    g.margin = g.stone_r;
    return g;
}

/* The geometry of the board being drawn (render_board sets it). */
static render_geom_t geom = {9, BOARD_LEFT, BOARD_TOP, CELL_SIZE, STONE_RADIUS, BOARD_MARGIN};

static int point_x(int col) { return geom.left + col * geom.cell; }
static int point_y(int row) { return geom.top + row * geom.cell; }

/* The star points of the usual sizes: 3-3 (or 4-4 from 13x13) and the
 * centre; on 19x19 also the sides. */
static void draw_hoshi(int n)
{
    if (n < 9 || !(n & 1))
        return;
    int e = n >= 13 ? 3 : 2, lines[3] = {e, n / 2, n - 1 - e};
    int r = n >= 19 ? HOSHI_RADIUS - 1 : HOSHI_RADIUS;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int side = (i == 1) != (j == 1); /* the middle of an edge */
            if ((i == 1 && j == 1) || (!side && i != 1) || (side && n >= 19))
                render_circle(point_x(lines[j]), point_y(lines[i]), r, COLOR_LINE, 1);
        }
}

void render_board(const BoardState *b, int cursor_row, int cursor_col)
{
    int n = b->size;
    geom = render_geometry(n);
    int span = (n - 1) * geom.cell; /* 384 on 9x9 */
    int m = geom.margin;
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    /* The wood: the seed's square plus a margin, with a darker edge. */
    render_fill_rect(geom.left - m - 2, geom.top - m - 2, span + 2 * m + 5, span + 2 * m + 5,
                     COLOR_BOARD_EDGE);
    render_fill_rect(geom.left - m, geom.top - m, span + 2 * m + 1, span + 2 * m + 1,
                     COLOR_BOARD);
    /* Lines are span + 1 px long so that the last one meets the corner. */
    for (int i = 0; i < n; i++) {
        render_fill_rect(point_x(i), geom.top, 1, span + 1, COLOR_LINE);
        render_fill_rect(geom.left, point_y(i), span + 1, 1, COLOR_LINE);
    }
    draw_hoshi(n);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            Stone s = board_get(b, r, c);
            if (s != EMPTY)
                render_circle(point_x(c), point_y(r), geom.stone_r,
                              s == BLACK ? COLOR_BLACK : COLOR_WHITE, 1);
        }
    if (cursor_row >= 0 && cursor_col >= 0) {
        /* Two pixels thick (radius 22 and 21 on 9x9) so it reads at a glance. */
        render_circle(point_x(cursor_col), point_y(cursor_row), geom.stone_r + 2, COLOR_CURSOR, 0);
        render_circle(point_x(cursor_col), point_y(cursor_row), geom.stone_r + 1, COLOR_CURSOR, 0);
    }
}

void render_coordinates(int size)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRST";
    geom = render_geometry(size);
    int n = geom.size;
    int span = (n - 1) * geom.cell;
    int below = geom.top + span + geom.margin + 4; /* just under the wood */
    for (int i = 0; i < n; i++) {
        char t[2] = {letters[i], 0};
        render_string(point_x(i) - 2, below, t, COLOR_DIM);
        char num[12];
        snprintf(num, sizeof num, "%d", n - i);
        int w = render_text_width(num, 1);
        render_string(geom.left - geom.margin - 7 - w, point_y(i) - 3, num, COLOR_DIM);
        render_string(geom.left + span + geom.margin + 8, point_y(i) - 3, num, COLOR_DIM);
    }
}

void render_board_coordinates(void)
{
    render_coordinates(BOARD_DEFAULT_SIZE);
}

void render_last_move(const BoardState *b)
{
    Move m = b->last_move;
    if (m.pass || m.row < 0)
        return;
    Stone s = board_get(b, m.row, m.col);
    if (s == EMPTY)
        return;
    uint16_t c = s == BLACK ? COLOR_WHITE : COLOR_BLACK;
    int r = geom.stone_r * 7 / STONE_RADIUS; /* 7 on 9x9 */
    render_circle(point_x(m.col), point_y(m.row), r, c, 0);
    render_circle(point_x(m.col), point_y(m.row), r - 1, c, 0);
}

void render_territory(const BoardState *b)
{
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(b, owner);
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++)
            if (board_get(b, r, c) == EMPTY && owner[r][c] != EMPTY) {
                int h = geom.stone_r * 6 / STONE_RADIUS; /* a 13 px square on 9x9 */
                render_fill_rect(point_x(c) - h, point_y(r) - h, 2 * h + 1, 2 * h + 1,
                                 owner[r][c] == BLACK ? COLOR_BLACK : COLOR_WHITE);
            }
}

void render_dead_stones(const BoardState *b, const unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE])
{
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            Stone s = board_get(b, r, c);
            if (s == EMPTY || !dead[r][c])
                continue;
            uint16_t ring = s == BLACK ? COLOR_BLACK : COLOR_WHITE;
            int sr = geom.stone_r;
            render_circle(point_x(c), point_y(r), sr, COLOR_BOARD, 1);
            /* The grid shows through the emptied point, as after a capture. */
            int x0 = c > 0 ? point_x(c) - sr : point_x(c);
            int x1 = c < b->size - 1 ? point_x(c) + sr : point_x(c);
            int y0 = r > 0 ? point_y(r) - sr : point_y(r);
            int y1 = r < b->size - 1 ? point_y(r) + sr : point_y(r);
            render_fill_rect(x0, point_y(r), x1 - x0 + 1, 1, COLOR_LINE);
            render_fill_rect(point_x(c), y0, 1, y1 - y0 + 1, COLOR_LINE);
            for (int k = 0; k < 3 && k < sr; k++)
                render_circle(point_x(c), point_y(r), sr - k, ring, 0);
        }
}

/* One side of the score panel: stone, name, prisoners, optional score. */
static void panel_side(int x, Stone side, int score, int captures, int to_move)
{
    char line[48];
    int y = PANEL_TOP + 22;
    render_circle(x + 8, y + 3, 8, side == BLACK ? COLOR_BLACK : COLOR_WHITE, 1);
    if (side == BLACK)
        render_circle(x + 8, y + 3, 8, COLOR_DIM, 0);
    if (score >= 0)
        snprintf(line, sizeof line, "%s %d   captures %d", side == BLACK ? "Black" : "White",
                 score, captures);
    else
        snprintf(line, sizeof line, "%s   captures %d", side == BLACK ? "Black" : "White",
                 captures);
    render_string_scaled(x + 22, y - 3, line, to_move ? COLOR_TEXT : COLOR_DIM, 2);
    if (to_move)
        render_fill_rect(x + 22, y + 13, render_text_width(line, 2), 2, COLOR_CURSOR);
}

void render_score_panel(int black_score, int white_score, int cap_black, int cap_white, Stone turn)
{
    render_fill_rect(0, PANEL_TOP + 16, RENDER_WIDTH, PANEL_BOTTOM - PANEL_TOP - 16, COLOR_BG);
    panel_side(24, BLACK, black_score, cap_black, turn == BLACK);
    panel_side(336, WHITE, white_score, cap_white, turn == WHITE);
}

void render_game_over(int black_score, int white_score)
{
    char line[64];
    int margin2 = 2 * (black_score - white_score) - BOARD_DEFAULT_KOMI2;
    render_fill_rect(150, 170, 340, 120, COLOR_BG);
    render_rect(150, 170, 340, 120, COLOR_TEXT);
    render_string_centered(186, "Game over", COLOR_TEXT, 3);
    snprintf(line, sizeof line, "Black %d  White %d + 5.5", black_score, white_score);
    render_string_centered(224, line, COLOR_TEXT, 2);
    snprintf(line, sizeof line, "%s+%d.%d", margin2 > 0 ? "B" : "W", (margin2 > 0 ? margin2 : -margin2) / 2,
             (margin2 & 1) ? 5 : 0);
    render_string_centered(252, line, COLOR_CURSOR, 2);
}

void render_menu_list(const char *title, const char *const *items, int count, int selected,
                      const char *hint)
{
    render_menu_list_at(title, items, count, selected, hint, 170, 52);
}

void render_menu_list_at(const char *title, const char *const *items, int count, int selected,
                         const char *hint, int y0, int step)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(70, title, COLOR_BOARD, 4);
    int y = y0;
    for (int i = 0; i < count; i++, y += step) {
        int w = render_text_width(items[i], 3);
        int x = (RENDER_WIDTH - w) / 2;
        if (i == selected) {
            render_fill_rect(x - 40, y - 12, w + 80, 45, COLOR_SELECT_BG);
            render_circle(x - 22, y + 10, 7, COLOR_CURSOR, 1);
        }
        render_string_scaled(x, y, items[i], i == selected ? COLOR_TEXT : COLOR_DIM, 3);
    }
    if (hint)
        render_string_centered(440, hint, COLOR_DIM, 1);
}

void render_menu(int selected_item)
{
    static const char *const items[] = {"1. Player vs Player", "2. Player vs Computer"};
    render_menu_list("Go 9x9", items, 2, selected_item,
                     "Up/Down choose   Enter select   Escape back");
}

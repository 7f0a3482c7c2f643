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

uint16_t *render_target(void)
{
    return target;
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

static int point_x(int col) { return BOARD_LEFT + col * CELL_SIZE; }
static int point_y(int row) { return BOARD_TOP + row * CELL_SIZE; }

void render_board(const BoardState *b, int cursor_row, int cursor_col)
{
    int n = b->size;
    int span = (n - 1) * CELL_SIZE; /* 384 on 9x9 */
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    /* The wood: the seed's square plus a margin, with a darker edge. */
    render_fill_rect(BOARD_LEFT - BOARD_MARGIN - 2, BOARD_TOP - BOARD_MARGIN - 2,
                     span + 2 * BOARD_MARGIN + 5, span + 2 * BOARD_MARGIN + 5, COLOR_BOARD_EDGE);
    render_fill_rect(BOARD_LEFT - BOARD_MARGIN, BOARD_TOP - BOARD_MARGIN,
                     span + 2 * BOARD_MARGIN + 1, span + 2 * BOARD_MARGIN + 1, COLOR_BOARD);
    /* Lines are span + 1 px long so that the last one meets the corner. */
    for (int i = 0; i < n; i++) {
        render_fill_rect(point_x(i), BOARD_TOP, 1, span + 1, COLOR_LINE);
        render_fill_rect(BOARD_LEFT, point_y(i), span + 1, 1, COLOR_LINE);
    }
    if (n == 9) {
        static const int hoshi[5][2] = {{2, 2}, {2, 6}, {6, 2}, {6, 6}, {4, 4}};
        for (int i = 0; i < 5; i++)
            render_circle(point_x(hoshi[i][1]), point_y(hoshi[i][0]), HOSHI_RADIUS, COLOR_LINE, 1);
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            Stone s = board_get(b, r, c);
            if (s != EMPTY)
                render_circle(point_x(c), point_y(r), STONE_RADIUS,
                              s == BLACK ? COLOR_BLACK : COLOR_WHITE, 1);
        }
    if (cursor_row >= 0 && cursor_col >= 0) {
        /* Two pixels thick (radius 22 and 21) so it reads at a glance. */
        render_circle(point_x(cursor_col), point_y(cursor_row), CURSOR_RADIUS, COLOR_CURSOR, 0);
        render_circle(point_x(cursor_col), point_y(cursor_row), CURSOR_RADIUS - 1, COLOR_CURSOR, 0);
    }
}

void render_board_coordinates(void)
{
    static const char letters[] = "ABCDEFGHJKLMNOPQRST";
    int span = 8 * CELL_SIZE;
    int below = BOARD_TOP + span + BOARD_MARGIN + 4; /* just under the wood */
    for (int i = 0; i < 9; i++) {
        char t[2] = {letters[i], 0};
        render_string(point_x(i) - 2, below, t, COLOR_DIM);
        char num[3];
        snprintf(num, sizeof num, "%d", 9 - i);
        render_string(BOARD_LEFT - BOARD_MARGIN - 12, point_y(i) - 3, num, COLOR_DIM);
        render_string(BOARD_LEFT + span + BOARD_MARGIN + 8, point_y(i) - 3, num, COLOR_DIM);
    }
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
    render_circle(point_x(m.col), point_y(m.row), 7, c, 0);
    render_circle(point_x(m.col), point_y(m.row), 6, c, 0);
}

void render_territory(const BoardState *b)
{
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(b, owner);
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++)
            if (board_get(b, r, c) == EMPTY && owner[r][c] != EMPTY)
                render_fill_rect(point_x(c) - 6, point_y(r) - 6, 13, 13,
                                 owner[r][c] == BLACK ? COLOR_BLACK : COLOR_WHITE);
}

void render_dead_stones(const BoardState *b, const unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE])
{
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            Stone s = board_get(b, r, c);
            if (s == EMPTY || !dead[r][c])
                continue;
            uint16_t ring = s == BLACK ? COLOR_BLACK : COLOR_WHITE;
            render_circle(point_x(c), point_y(r), STONE_RADIUS, COLOR_BOARD, 1);
            /* The grid shows through the emptied point, as after a capture. */
            int x0 = c > 0 ? point_x(c) - STONE_RADIUS : point_x(c);
            int x1 = c < b->size - 1 ? point_x(c) + STONE_RADIUS : point_x(c);
            int y0 = r > 0 ? point_y(r) - STONE_RADIUS : point_y(r);
            int y1 = r < b->size - 1 ? point_y(r) + STONE_RADIUS : point_y(r);
            render_fill_rect(x0, point_y(r), x1 - x0 + 1, 1, COLOR_LINE);
            render_fill_rect(point_x(c), y0, 1, y1 - y0 + 1, COLOR_LINE);
            for (int k = 0; k < 3; k++)
                render_circle(point_x(c), point_y(r), STONE_RADIUS - k, ring, 0);
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
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(70, title, COLOR_BOARD, 4);
    int y = 170;
    for (int i = 0; i < count; i++, y += 52) {
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

/*
 * screens/gomoku_tiles.c - the Gomoku screen's pages for seed 002's tile
 * display (§3.4; docs/tile_display.md).  The tiles skin (the default)
 * composes the seed's pages in its four colours; the console writes them
 * to the peripheral, which draws the board lines and the round stones
 * itself and takes the VGA pins.
 */
#include <stdio.h>
#include <string.h>

#include "console/font.h"
#include "gomoku_screen.h"

/* 3x5 digits and the mode letters for the board page's menu (the seed draws
 * its numbers in 3x6 cells, §3.4.3): rows top first, bit 2 the left column. */
static const char gk_glyph3_chars[] = "0123456789-PVCUSEDLOT";
static const uint8_t gk_glyph3[][5] = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
    {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
    {0, 0, 7, 0, 0}, {7, 5, 7, 4, 4}, {5, 5, 5, 5, 2}, {7, 4, 4, 4, 7},
    /* The letters of the status column's four-letter words (USED, LOST). */
    {5, 5, 5, 5, 7}, {7, 4, 7, 1, 7}, {7, 4, 6, 4, 7}, {6, 5, 5, 5, 6}, {4, 4, 4, 4, 7},
    {7, 5, 5, 5, 7}, {7, 2, 2, 2, 2},
};

static void gk_tile_fill(uint8_t *cells, int w, int h, int x, int y, int rw, int rh, int colour)
{
    for (int j = y; j < y + rh; j++)
        for (int i = x; i < x + rw; i++)
            if (i >= 0 && j >= 0 && i < w && j < h)
                cells[j * w + i] = (uint8_t)colour;
}

static void gk_tile_glyph3(uint8_t *cells, int w, int h, int x, int y, char c, int colour)
{
    const char *at = strchr(gk_glyph3_chars, c);
    if (!at || !c)
        return;
    const uint8_t *g = gk_glyph3[at - gk_glyph3_chars];
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 3; col++)
            if (g[row] >> (2 - col) & 1)
                gk_tile_fill(cells, w, h, x + col, y + row, 1, 1, colour);
}

/* Text in the console's 5x7 font, one cell a font pixel times scale, 6
 * cells a letter (the seed's letters are 6x8, §3.4.3). */
static void gk_tile_text(uint8_t *cells, int w, int h, int x, int y, const char *t, int colour,
                         int scale)
{
    for (; *t; t++, x += 6 * scale) {
        int c = (unsigned char)*t;
        if (c < FONT_FIRST || c >= FONT_FIRST + FONT_GLYPHS)
            c = '?';
        for (int row = 0; row < 7; row++)
            for (int col = 0; col < 5; col++)
                if (font_5x7[c - FONT_FIRST][row] >> (4 - col) & 1)
                    gk_tile_fill(cells, w, h, x + col * scale, y + row * scale, scale, scale,
                                 colour);
    }
}

static void gk_tile_text_centered(uint8_t *cells, int y, const char *t, int colour, int scale)
{
    int width = (int)strlen(t) * 6 * scale - scale;
    gk_tile_text(cells, TILE_WELCOME_W, TILE_WELCOME_H, (TILE_WELCOME_W - width) / 2, y, t,
                 colour, scale);
}

/* Capitals for the YOU DIE page's lines. */
static void gk_tile_upper(char *t)
{
    for (; *t; t++)
        if (*t >= 'a' && *t <= 'z')
            *t = (char)(*t - 'a' + 'A');
}

/* The welcome page (160 x 120 cells of 4 px): fig 3.7's farm, figs 5.6 and
 * 5.11's endings.  White ground, black text, the blue cursor, red text. */
static void gk_tiles_compose_farm(gk_screen_t *s)
{
    uint8_t *c = s->tile_welcome;
    const int w = TILE_WELCOME_W, h = TILE_WELCOME_H;
    char line[40];
    memset(c, TILE_WHITE, sizeof s->tile_welcome);
    if (s->gs.farm.state != FARM_PLAYING) {
        int lost = s->gs.farm.state == FARM_LOST;
        /* drawDie(..., 3, ...) in red; the seed's drawWin(..., 2, ...) is
         * blue on white (#DDDDFF, 1.3:1, hardly seen): black here. */
        gk_tile_text_centered(c, 30, lost ? "YOU DIE" : "YOU WIN", lost ? TILE_RED : TILE_BLACK, 2);
        const char *why = !lost                            ? "MORE THAN 30 COINS"
                          : s->gs.farm.why == FARM_WHY_STAMINA ? "STAMINA BELOW ZERO"
                          : s->gs.farm.why == FARM_WHY_MONEY   ? "MONEY BELOW ZERO"
                                                            : "30 COINS OR FEWER";
        gk_tile_text_centered(c, 56, why, TILE_BLACK, 1);
        /* What did it, when this run saw it (farm_notice.c), in capitals
         * as the reason; the pigs that starved in red. */
        int y = 66;
        if (lost && gk_farm_end_detail(s, line, sizeof line)) {
            gk_tile_upper(line);
            gk_tile_text_centered(c, y, line, TILE_BLACK, 1);
            y += 9;
        }
        if (lost && gk_farm_starved_line(s, line, sizeof line)) {
            gk_tile_upper(line);
            gk_tile_text_centered(c, y, line, TILE_RED, 1);
            y += 9;
        }
        snprintf(line, sizeof line, "MONEY %d", s->gs.farm.money);
        gk_tile_text_centered(c, y + 4, line, TILE_BLACK, 1);
        gk_tile_text_centered(c, 100, "ANY KEY: A NEW FARM", TILE_BLACK, 1);
        return;
    }
    gk_tile_text_centered(c, 2, "CHESS CLUB DREAM", TILE_RED, 1);
    static const char *const labels[5] = {"PIGS", "FEED", "STAMINA", "MONEY", "GROWN"};
    static const char *const items[FARM_ACTIONS] = {"BUY PIG", "SELL PIG", "EAT", "BUY FEED",
                                                    "END GAME"};
    /* What each choice does to the money (docs/farm.md); END GAME wins
     * with more than 30. */
    static const char *const prices[FARM_ACTIONS] = {"-2", "+12", "-1", "-1", ">30"};
    int values[5] = {s->gs.farm.pigs, s->gs.farm.feed, s->gs.farm.stamina, s->gs.farm.money,
                     farm_grown(&s->gs.farm)};
    for (int i = 0; i < 5; i++) {
        int y = 12 + 15 * i;
        gk_tile_text(c, w, h, 3, y + 4, labels[i], TILE_BLACK, 1);
        snprintf(line, sizeof line, "%d", values[i]);
        gk_tile_text(c, w, h, 51, y + 4, line, TILE_RED, 1);
        if (i == s->menu_sel)
            gk_tile_fill(c, w, h, 76, y + 1, w - 76, 13, TILE_BLUE);
        gk_tile_text(c, w, h, 82, y + 4, items[i], TILE_BLACK, 1);
        gk_tile_text(c, w, h, w - 1 - 6 * (int)strlen(prices[i]), y + 4, prices[i], TILE_RED, 1);
    }
    if (s->saves.failed) {
        gk_tile_text_centered(c, 88, "AUTOSAVE FAILED", TILE_RED, 1);
    } else if (s->notice[0]) {
        /* The last notice as written (a file's name keeps its case), on two
         * lines of 26 letters, cut between words; the notices are written
         * to fit, and one that does not ends in "..." rather than mid-word. */
        char part[2][27];
        const char *t = s->notice;
        for (int l = 0; l < 2; l++) {
            size_t n = strlen(t), cut = n;
            if (n > 26) {
                for (cut = 26; cut > 0 && t[cut] != ' '; cut--)
                    ;
                if (cut == 0)
                    cut = 26;
            }
            memcpy(part[l], t, cut);
            part[l][cut] = 0;
            t += cut;
            while (*t == ' ')
                t++;
            if (l == 1 && *t) {
                size_t k = cut > 23 ? 23 : cut;
                memcpy(part[l] + k, "...", 4);
            }
            gk_tile_text_centered(c, 88 + 8 * l, part[l], s->notice_warn ? TILE_RED : TILE_BLACK,
                                  1);
        }
    }
    /* One line of keys: the board, the skin, the console's help. */
    gk_tile_text_centered(c, 104, "c: board  t: skin  h: help", TILE_BLACK, 1);
    gk_tile_text_centered(c, 112, "WELCOME TO THE FARM", TILE_RED, 1);
}

/* The board array's cell of a Gomoku point (rows count up from the bottom). */
static int gk_tile_point(int p)
{
    return (GOMOKU_SIZE - 1 - p / GOMOKU_SIZE) * TILE_BOARD_N + p % GOMOKU_SIZE;
}

/* The mode, one 3x5 letter under the other, from menu row y. */
static void gk_tile_column(uint8_t *m, int x, int y, const char *word, int colour)
{
    for (; *word; word++, y += 6)
        gk_tile_glyph3(m, TILE_MENU_W, TILE_MENU_H, x, y, *word, colour);
}

/* A status word, one letter under the other from menu row 7: up to three
 * letters in the 5x7 font (M and W cannot be told from H in 3x5), four
 * (USED, LOST) in the 3x5 letters, 6 rows a letter, the mode's rows. */
static void gk_tile_status(uint8_t *m, const char *word, int colour)
{
    int small = strlen(word) > 3;
    for (int y = 7; *word; word++, y += small ? 6 : 8) {
        char letter[2] = {*word, 0};
        if (small)
            gk_tile_glyph3(m, TILE_MENU_W, TILE_MENU_H, 1, y, *word, colour);
        else
            gk_tile_text(m, TILE_MENU_W, TILE_MENU_H, 0, y, letter, colour, 1);
    }
}

/* The board page: the 15x15 board (the peripheral draws lines and stones)
 * and the 10x30 menu: the move clock, the side to move, the level, the mode
 * (PVP, PVC, CVP, one letter under the other). */
static void gk_tiles_compose_board(gk_screen_t *s)
{
    uint8_t *b = s->tile_board, *m = s->tile_menu;
    const int mw = TILE_MENU_W, mh = TILE_MENU_H;
    memset(b, TILE_BLUE, sizeof s->tile_board);
    memset(m, TILE_BLUE, sizeof s->tile_menu);
    int lost = gk_player_lost(s);
    if (gomoku_session_over(&s->gs) && s->show_win) {
        /* Fig 3.10: the board cleared, WIN in the winner's stones; when the
         * computer beat the player, LOST in red stones (issue 54: the
         * computer's WIN read as the player's). */
        const char *const *rows = lost ? gk_lost_rows : gk_win_rows;
        int colour = lost                                ? TILE_RED
                     : s->gs.game.winner == GOMOKU_BLACK ? TILE_BLACK
                                                         : TILE_WHITE;
        for (int row = 0; row < 5; row++)
            for (int col = 0; col < 15; col++)
                if (rows[row][col] == 'X')
                    b[(5 + row) * TILE_BOARD_N + col] = (uint8_t)colour;
    } else {
        for (int p = 0; p < GOMOKU_CELLS; p++) {
            int c = gomoku_at(&s->gs.game, p);
            int x = p % GOMOKU_SIZE, y = GOMOKU_SIZE - 1 - p / GOMOKU_SIZE;
            if (c != GOMOKU_EMPTY)
                b[y * TILE_BOARD_N + x] = c == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE;
        }
        /* A cell is one disc of one colour, so the marks blink, in quarters
         * of GK_BLINK_US: the seed's cursor, a red stone (DrawChess(x_cur,
         * y_cur, CURSOR)), stays red on an empty point and on a stone is
         * red for quarters 0 and 1 (the seed's hides the stone for good);
         * the last stone goes blank in quarter 1, while the cursor shows,
         * so the two never vanish together (issue 54). */
        int last = s->gs.game.moves ? s->gs.game.history[s->gs.game.moves - 1] : -1;
        int on_stone = gomoku_at(&s->gs.game, s->cursor) != GOMOKU_EMPTY;
        int cursor = !gomoku_session_over(&s->gs);
        if (last >= 0 && s->blink == 1 && !(cursor && s->cursor == last))
            b[gk_tile_point(last)] = TILE_BLUE;
        if (cursor && (!on_stone || s->blink < 2))
            b[gk_tile_point(s->cursor)] = TILE_RED;
    }
    char clock[3] = "--";
    int clock_colour = TILE_BLACK;
    if (!gomoku_session_over(&s->gs) && !gomoku_session_ai_turn(&s->gs)) {
        int secs = s->secs_shown >= 0 ? s->secs_shown : 30;
        clock[0] = (char)('0' + secs / 10 % 10);
        clock[1] = (char)('0' + secs % 10);
        if (secs <= 5)
            clock_colour = TILE_RED;
    }
    int over = gomoku_session_over(&s->gs);
    if (over && s->gs.game.winner != GOMOKU_DRAW && !lost) {
        /* The clock's place: the winner's colour, a square. */
        gk_tile_fill(m, mw, mh, 1, 1, 4, 4,
                     s->gs.game.winner == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE);
    } else {
        gk_tile_glyph3(m, mw, mh, 1, 1, clock[0], clock_colour);
        gk_tile_glyph3(m, mw, mh, 5, 1, clock[1], clock_colour);
    }
    /* The status column, left (from the first column, beside the board's
     * edge line), rows 7-29: what just happened, in red, in the words of
     * docs/tile_display.md's glossary (a stone refused: USED, 3x3, 4x4,
     * 6+; OUT: a turn lost on the clock; ESC: Escape asks; HP?: a game
     * that ends the farm asks; $0?: a game whose loss ends it asks), or the result (WIN under the winner's
     * square, TIE); else the side to move's square. */
    static const char *const said[] = {"",    "USED", "OUT", "ESC", "HP?",
                                       "3x3", "4x4",  "6+",  "$0?"};
    if (over) {
        /* LOST in red against the computer; WIN (under the winner's
         * square) and TIE in black. */
        gk_tile_status(m, lost ? "LOST" : s->gs.game.winner == GOMOKU_DRAW ? "TIE" : "WIN",
                       lost ? TILE_RED : TILE_BLACK);
    } else if (s->flash != GK_FLASH_NONE) {
        gk_tile_status(m, said[s->flash], TILE_RED);
    } else {
        gk_tile_fill(m, mw, mh, 1, 8, 2, 2,
                     s->gs.game.to_move == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE);
    }
    /* The right column: the level, then the mode at the lower right (fig 5.2). */
    if (s->gs.mode != GOMOKU_MODE_PVP)
        gk_tile_glyph3(m, mw, mh, 6, 7, (char)('0' + s->gs.level), TILE_BLACK);
    gk_tile_column(m, 6, 13, gk_mode_labels[s->gs.mode], TILE_BLACK);
}

void gk_tiles_reset(gk_screen_t *s)
{
    memset(s->tile_board, TILE_BLUE, sizeof s->tile_board);
    memset(s->tile_menu, TILE_BLUE, sizeof s->tile_menu);
    memset(s->tile_welcome, TILE_WHITE, sizeof s->tile_welcome);
}

int gk_tiles_on(const gk_screen_t *s)
{
    return s->gs.skin == GOMOKU_SKIN_TILES;
}

void gk_tiles_compose(gk_screen_t *s)
{
    if (s->page == GK_PAGE_FARM)
        gk_tiles_compose_farm(s);
    else
        gk_tiles_compose_board(s);
}

/* Only the page on screen is handed over: the other keeps what the
 * display already holds. */
void gk_output(void *p, console_output_t *out)
{
    gk_screen_t *s = p;
    if (!gk_tiles_on(s))
        return; /* tiles_on 0: the framebuffer has the pins */
    out->tiles_on = 1;
    if (s->page == GK_PAGE_FARM) {
        out->tiles_page = TILE_PAGE_WELCOME;
        out->tile_welcome = s->tile_welcome;
    } else {
        out->tiles_page = TILE_PAGE_BOARD;
        out->tile_board = s->tile_board;
        out->tile_menu = s->tile_menu;
    }
}

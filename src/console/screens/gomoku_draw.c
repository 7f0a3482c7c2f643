/*
 * screens/gomoku_draw.c - the Gomoku screen's pictures in the framebuffer
 * (gomoku_screen.h): the farm page and the board page, in our richer skin
 * or in the seed's four tile colours.  The framebuffer holds the drawing
 * of the current skin even while the tile display has the VGA pins: it is
 * what shows when the console draws over the game (help, the quit
 * question) and what a frame dump on the board backend reads.
 */
#include <stdio.h>

#include "console/render.h"
#include "gomoku_screen.h"

/* The board: 15 lines 30 px apart, the panel right of it (the seed's
 * 480 px board and 160 px menu, §3.4.2). */
#define GK_CELL 30
#define GK_LEFT 36
#define GK_TOP 22
#define GK_SPAN (14 * GK_CELL) /* 420 */
#define GK_MARGIN 16
#define GK_STONE_R 13
#define GK_PANEL_X 484
#define GK_STATUS_Y 466

/* The colours of a skin. */
typedef struct gk_palette {
    uint16_t bg, wood, line, black, white, cursor, text, dim, warn, select_bg;
} gk_palette_t;

/* Ours, and the seed's four tile colours (table 3.2: white 0xFF, black 0x00,
 * "blue" 0xDB = RGB332 (6,6,3), red 0xE0): the board page on blue with a red
 * cursor, the farm page on white with a blue cursor and red text. */
static const gk_palette_t gk_palettes[GOMOKU_SKINS] = {
    {COLOR_BG, COLOR_BOARD, COLOR_LINE, COLOR_BLACK, COLOR_WHITE, COLOR_CURSOR, COLOR_TEXT,
     COLOR_DIM, COLOR_WARN, COLOR_SELECT_BG},
    {0xDEDF, 0xDEDF, 0x0000, 0x0000, 0xFFFF, 0xF800, 0x0000, 0x0000, 0xF800, 0xDEDF},
};
/* The tile skin's farm page: white ground, black text, blue cursor. */
#define GK_TILE_PAPER 0xFFFF

const char *const gk_win_rows[5] = {
    "X...X.XXX.X...X",
    "X...X..X..XX..X",
    "X.X.X..X..X.X.X",
    "XX.XX..X..X..XX",
    "X...X.XXX.X...X",
};

const char *const gk_lost_rows[5] = {
    "X...XXX.XXX.XXX",
    "X...X.X.X....X.",
    "X...X.X.XXX..X.",
    "X...X.X...X..X.",
    "XXX.XXX.XXX..X.",
};

const char *const gk_mode_labels[GOMOKU_MODES] = {"PVP", "PVC", "CVP"};

static const gk_palette_t *gk_pal(const gk_screen_t *s) { return &gk_palettes[s->gs.skin]; }

static int gk_x(int point) { return GK_LEFT + (point % GOMOKU_SIZE) * GK_CELL; }
static int gk_y(int point) { return GK_TOP + (GOMOKU_SIZE - 1 - point / GOMOKU_SIZE) * GK_CELL; }

static void gk_stone(const gk_palette_t *pal, int x, int y, int r, int color)
{
    render_circle(x, y, r, color == GOMOKU_BLACK ? pal->black : pal->white, 1);
    if (color == GOMOKU_WHITE)
        render_circle(x, y, r, pal->line, 0); /* white on a light ground needs an edge */
}

/* "WIN" in stones of color, 15 x 5 points, centred at (cx, cy). */
static void gk_draw_win_stones(const gk_palette_t *pal, int cx, int cy, int step, int r, int color)
{
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 15; col++)
            if (gk_win_rows[row][col] == 'X')
                gk_stone(pal, cx + (col - 7) * step, cy + (row - 2) * step, r, color);
}

static void gk_draw_board(const gk_screen_t *s)
{
    const gk_palette_t *pal = gk_pal(s);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, pal->bg);
    render_fill_rect(GK_LEFT - GK_MARGIN, GK_TOP - GK_MARGIN, GK_SPAN + 2 * GK_MARGIN + 1,
                     GK_SPAN + 2 * GK_MARGIN + 1, pal->wood);
    int winning = gomoku_session_over(&s->gs) && s->show_win;
    if (!winning) {
        for (int i = 0; i < GOMOKU_SIZE; i++) {
            render_fill_rect(GK_LEFT, GK_TOP + i * GK_CELL, GK_SPAN + 1, 1, pal->line);
            render_fill_rect(GK_LEFT + i * GK_CELL, GK_TOP, 1, GK_SPAN + 1, pal->line);
        }
        /* The renju board's five marked points: h8 and the four 4-4 points. */
        static const int stars[5] = {112, 48, 56, 168, 176};
        for (int i = 0; i < 5; i++)
            render_circle(gk_x(stars[i]), gk_y(stars[i]), 3, pal->line, 1);
        for (int p = 0; p < GOMOKU_CELLS; p++) {
            int c = gomoku_at(&s->gs.game, p);
            if (c != GOMOKU_EMPTY)
                gk_stone(pal, gk_x(p), gk_y(p), GK_STONE_R, c);
        }
        if (s->gs.game.moves) {
            int last = s->gs.game.history[s->gs.game.moves - 1];
            render_circle(gk_x(last), gk_y(last), 4, s->gs.skin ? pal->cursor : COLOR_LAST_MOVE, 1);
        }
        if (!gomoku_session_over(&s->gs)) {
            for (int d = 0; d < 2; d++)
                render_circle(gk_x(s->cursor), gk_y(s->cursor), GK_STONE_R + 1 + d, pal->cursor,
                              0);
        }
    } else {
        /* Seed fig 5.3: the board cleared, "WIN" in the winner's stones. */
        for (int i = 0; i < GOMOKU_SIZE; i++) {
            render_fill_rect(GK_LEFT, GK_TOP + i * GK_CELL, GK_SPAN + 1, 1, pal->line);
            render_fill_rect(GK_LEFT + i * GK_CELL, GK_TOP, 1, GK_SPAN + 1, pal->line);
        }
        if (gk_player_lost(s)) {
            /* The computer beat the player: LOST in red stones. */
            for (int row = 0; row < 5; row++)
                for (int col = 0; col < 15; col++)
                    if (gk_lost_rows[row][col] == 'X')
                        render_circle(GK_LEFT + col * GK_CELL, GK_TOP + (5 + row) * GK_CELL,
                                      GK_STONE_R, pal->warn, 1);
        } else {
            gk_draw_win_stones(pal, GK_LEFT + 7 * GK_CELL, GK_TOP + 7 * GK_CELL, GK_CELL,
                               GK_STONE_R, s->gs.game.winner);
        }
    }

    /* The panel (the seed's menu column). */
    int x = GK_PANEL_X;
    char line[40];
    render_string_scaled(x, 14, "GOMOKU", pal->text, 3);
    render_string_scaled(x, 48, gk_mode_labels[s->gs.mode], pal->cursor, 4);
    snprintf(line, sizeof line, "LEVEL %d", s->gs.level);
    render_string_scaled(x, 90, s->gs.mode == GOMOKU_MODE_PVP ? "2 PLAYERS" : line, pal->text, 2);
    render_string_scaled(x, 124, "TIME", pal->dim, 2);
    if (!gomoku_session_over(&s->gs) && !gomoku_session_ai_turn(&s->gs)) {
        int secs = s->secs_shown >= 0 ? s->secs_shown : 30;
        snprintf(line, sizeof line, "%d", secs);
        render_string_scaled(x, 146, line, secs <= 5 ? pal->warn : pal->text, 6);
    } else {
        render_string_scaled(x, 146, "--", pal->dim, 6);
    }
    if (!gomoku_session_over(&s->gs)) {
        gk_stone(pal, x + 14, 222, 12, s->gs.game.to_move);
        const char *who = !gomoku_session_ai_color(&s->gs)      ? "TO MOVE"
                          : gomoku_session_ai_turn(&s->gs)      ? "COMPUTER"
                                               : "YOU";
        render_string_scaled(x + 34, 215, who, pal->text, 2);
    }
    snprintf(line, sizeof line, "MONEY %d", s->gs.farm.money);
    render_string_scaled(x, 256, line, pal->text, 2);
    snprintf(line, sizeof line, "STAMINA %d", s->gs.farm.stamina);
    render_string_scaled(x, 280, line, s->gs.farm.stamina < FARM_GAME_STAMINA ? pal->warn : pal->text,
                         2);
    static const char *const keys[] = {"Enter  play",   "Space  mode",  "1-3    level",
                                       "- u    undo",   "n      new game", "c      the farm",
                                       "t      skin",   "h      help"};
    for (int i = 0; i < 8; i++)
        render_string(x, 318 + i * 14, keys[i], pal->dim);
    render_string(GK_LEFT - GK_MARGIN, GK_STATUS_Y, s->status, s->status_warn ? pal->warn : pal->text);
    if (s->saves.failed)
        render_string(GK_PANEL_X, GK_STATUS_Y, "AUTOSAVE FAILED", pal->warn);
}

static void gk_draw_farm(const gk_screen_t *s)
{
    const gk_palette_t *pal = gk_pal(s);
    int tiles = s->gs.skin == GOMOKU_SKIN_TILES;
    uint16_t paper = tiles ? GK_TILE_PAPER : pal->bg;
    uint16_t ink = tiles ? 0x0000 : pal->text;
    uint16_t red = tiles ? 0xF800 : pal->warn;
    uint16_t sel_bg = tiles ? 0xDEDF : pal->select_bg;
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, paper);
    char line[48];
    if (s->gs.farm.state == FARM_LOST) {
        /* Fig 5.6: "YOU DIE" in red. */
        render_string_centered(120, "YOU DIE", 0xF800, 10);
        const char *why = s->gs.farm.why == FARM_WHY_STAMINA ? "Your stamina fell below zero."
                          : s->gs.farm.why == FARM_WHY_MONEY ? "Your money fell below zero."
                                                          : "You ended the game with 30 coins "
                                                            "or fewer.";
        render_string_centered(240, why, ink, 2);
        /* What did it, when this run saw it (farm_notice.c). */
        int y = 270;
        if (gk_farm_end_detail(s, line, sizeof line)) {
            render_string_centered(y, line, ink, 2);
            y += 30;
        }
        if (gk_farm_starved_line(s, line, sizeof line)) {
            render_string_centered(y, line, red, 2);
            y += 30;
        }
        snprintf(line, sizeof line, "Money %d, stamina %d, %d game%s", s->gs.farm.money,
                 s->gs.farm.stamina, s->gs.farm.games, s->gs.farm.games == 1 ? "" : "s");
        render_string_centered(y, line, ink, 2);
        render_string_centered(420, "Any key: a new farm", tiles ? 0x0000 : pal->dim, 2);
        return;
    }
    if (s->gs.farm.state == FARM_WON) {
        /* Fig 5.11: "YOU WIN", WIN in stones (fig 3.10). */
        render_string_centered(40, "YOU", ink, 8);
        gk_palette_t stones = *pal;
        if (!tiles)
            stones.line = COLOR_LINE;
        render_fill_rect(60, 130, 520, 180, tiles ? 0xDEDF : COLOR_BOARD);
        gk_draw_win_stones(&stones, 320, 220, 34, 15, GOMOKU_BLACK);
        snprintf(line, sizeof line, "You ended the game with %d coins", s->gs.farm.money);
        render_string_centered(340, line, ink, 2);
        render_string_centered(420, "Any key: a new farm", tiles ? 0x0000 : pal->dim, 2);
        return;
    }
    render_string_centered(14, "CHESS CLUB DREAM", tiles ? red : COLOR_BOARD, 4);
    /* Fig 3.7: the values on the left, top to bottom. */
    static const char *const labels[5] = {"PIGS", "FEED", "STAMINA", "MONEY", "GROWN PIGS"};
    int values[5] = {s->gs.farm.pigs, s->gs.farm.feed, s->gs.farm.stamina, s->gs.farm.money,
                     farm_grown(&s->gs.farm)};
    for (int i = 0; i < 5; i++) {
        int y = 86 + i * 54;
        render_string_scaled(30, y, labels[i], tiles ? 0x0000 : pal->dim, 2);
        snprintf(line, sizeof line, "%d", values[i]);
        render_string_scaled(30, y + 18, line, ink, 3);
    }
    /* The five choices on the right, the cursor on one. */
    static const char *const items[FARM_ACTIONS] = {"BUY A PIG", "SELL A PIG", "EAT", "BUY FEED",
                                                    "END GAME"};
    static const char *const prices[FARM_ACTIONS] = {"2 coins", "a grown pig: +12 coins",
                                                     "1 coin: +5 stamina", "1 coin: +5 feed",
                                                     "win with more than 30 coins"};
    for (int i = 0; i < FARM_ACTIONS; i++) {
        int y = 86 + i * 54;
        if (i == s->menu_sel) {
            render_fill_rect(236, y - 8, 380, 50, sel_bg);
            render_circle(254, y + 10, 7, tiles ? 0x0000 : COLOR_CURSOR, 1);
        }
        render_string_scaled(272, y, items[i], i == s->menu_sel || tiles ? ink : pal->dim, 3);
        render_string(272, y + 26, prices[i], tiles ? red : pal->dim);
    }
    if (s->notice[0])
        render_string_centered(362, s->notice, s->notice_warn ? red : ink, 2);
    render_string_centered(392, "Up/Down, Enter: choose   c: play Gomoku   Esc: back",
                           tiles ? 0x0000 : pal->dim, 1);
    if (s->saves.failed)
        render_string_centered(406, s->saves.error, red, 1);
    render_string_centered(430, "WELCOME TO THE FARM", red, 4);
}

void gk_render(void *p, uint16_t *fb)
{
    gk_screen_t *s = p;
    render_init(fb);
    if (s->page == GK_PAGE_FARM)
        gk_draw_farm(s);
    else
        gk_draw_board(s);
    if (gk_tiles_on(s))
        gk_tiles_compose(s);
    s->dirty = 0;
}

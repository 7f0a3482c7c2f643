/*
 * render.h - the framebuffer renderer (seed 000 §3.3, §4.3): RGB565
 * primitives, the 5x7 bitmap font, and the Go screens' building blocks.
 *
 * Like the seed's render.c, drawing goes to one target at a time:
 * render_init(back_buffer) before drawing a frame.  The target is a
 * 640x480 RGB565 buffer, rows of 640 pixels; everything is clipped to it.
 * The seed's functions keep their signatures; the rest are additions.
 */
#ifndef TABLETOP_RENDER_H
#define TABLETOP_RENDER_H

#include <stdint.h>

#include "games/go/board.h"

#define RENDER_WIDTH 640
#define RENDER_HEIGHT 480

/* Seed §3.3 layout and colours. */
#define CELL_SIZE 48
#define BOARD_LEFT 128
#define BOARD_TOP 20
#define BOARD_SIZE 384 /* 8 gaps of 48 px; the lines span 385 px (docs/play.md) */
#define STONE_RADIUS 20
#define CURSOR_RADIUS (STONE_RADIUS + 2)
#define HOSHI_RADIUS 3
#define PANEL_TOP 420
#define PANEL_BOTTOM 470
#define COLOR_BG 0x2104     /* dark gray */
#define COLOR_BOARD 0xDDD0  /* burlywood (222,184,135); the seed's 0xDEA0 is yellow: docs/play.md */
#define COLOR_BLACK 0x1082  /* near-black */
#define COLOR_WHITE 0xEF7D  /* near-white */
#define COLOR_CURSOR 0x07E0 /* green */
/* Our additions (docs/play.md). */
#define COLOR_LINE 0x0000       /* grid lines and hoshi */
#define COLOR_BOARD_EDGE 0x9A60 /* darker wood around the playing surface */
#define COLOR_TEXT 0xFFFF
#define COLOR_DIM 0x8C51
#define COLOR_WARN 0xFB08
#define COLOR_LAST_MOVE 0xF800
#define COLOR_SELECT_BG 0x4A69

/* The wood around the grid: 20 px beyond the outer lines so edge stones
 * sit on the board (the seed's 384x384 square is the grid itself). */
#define BOARD_MARGIN 20

#define FONT_W 5
#define FONT_H 7
#define FONT_ADVANCE 6 /* glyph width + 1 px spacing */

/* Sets the buffer (640x480 RGB565) that the other functions draw into. */
void render_init(void *fb_vaddr);

/* One pixel; ignored outside the screen. */
void render_pixel(int x, int y, uint16_t color);
/* A filled w x h rectangle with its top-left corner at (x, y), clipped. */
void render_fill_rect(int x, int y, int w, int h, uint16_t color);
/* Darkens a rectangle to a quarter of its brightness (see-through boxes). */
void render_shade_rect(int x, int y, int w, int h);
/* A 1-pixel rectangle outline. */
void render_rect(int x, int y, int w, int h, uint16_t color);

/* Midpoint (Bresenham) circle of radius r around (cx, cy); filled or a
 * 1-pixel outline. */
void render_circle(int cx, int cy, int r, uint16_t color, int filled);

/* 5x7 text at (x, y) = top-left of the first glyph, 6 px per character.
 * Characters outside 32..126 draw as '?'. */
void render_string(int x, int y, const char *s, uint16_t color);
/* Text with every font pixel drawn as a scale x scale square. */
void render_string_scaled(int x, int y, const char *s, uint16_t color, int scale);
/* Width in pixels of s at the given scale (no trailing spacing). */
int render_text_width(const char *s, int scale);
/* Text centred horizontally on the screen at row y. */
void render_string_centered(int y, const char *s, uint16_t color, int scale);

/* Where a board of a given size is drawn (docs/play.md): the grid fits
 * the seed's 384 px square at (128, 20) with the widest whole spacing
 * (48 px on 9x9: the seed's layout exactly; 32 on 13x13; 21 on 19x19). */
typedef struct render_geom {
    int size;    /* lines per side */
    int left;    /* x of column 0 */
    int top;     /* y of row 0 */
    int cell;    /* px between lines */
    int stone_r; /* stone radius (20 on 9x9) */
    int margin;  /* wood beyond the outer lines */
} render_geom_t;

/* The geometry for size (5..19; anything else gives 9x9's). */
render_geom_t render_geometry(int size);

/* Seed §3.3: background, board, grid, hoshi, stones and the cursor ring
 * (cursor_row < 0: no cursor), in the geometry of b->size.  The board
 * functions below draw in the geometry of the last board drawn. */
void render_board(const BoardState *b, int cursor_row, int cursor_col);

/* Coordinates A-T (no I) below a board of the given size and its row
 * numbers on both sides. */
void render_coordinates(int size);

/* Coordinates A-J (no I) below the board and 9-1 on both sides. */
void render_board_coordinates(void);

/* Marks the last move (a ring in the opposite colour on its stone). */
void render_last_move(const BoardState *b);

/* Small squares showing the area-scoring owner of every empty point. */
void render_territory(const BoardState *b);

/* Stones marked dead (dead[row][col] != 0) drawn hollow: a ring in their
 * colour on the wood, so the territory mark drawn after shows through. */
void render_dead_stones(const BoardState *b, const unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE]);

/* Seed §4.3: the panel at y 420..470: each side's stone, name and
 * prisoners; an arrow at the side to move (turn EMPTY: none).  The
 * scores are drawn when >= 0. */
void render_score_panel(int black_score, int white_score, int cap_black, int cap_white, Stone turn);

/* Seed §4.3: the game-over box with the area scores, komi 5.5. */
void render_game_over(int black_score, int white_score);

/* Seed §4.3: the Go mode menu with item selected_item (0-based)
 * highlighted. */
void render_menu(int selected_item);

/* A titled list of items, one highlighted; used by every menu screen. */
void render_menu_list(const char *title, const char *const *items, int count, int selected,
                      const char *hint);
/* The same, the first item at y0 and one every `step` pixels (a menu of
 * five rows leaves the notice line at 398 free with 160 and 46). */
void render_menu_list_at(const char *title, const char *const *items, int count, int selected,
                         const char *hint, int y0, int step);

#endif

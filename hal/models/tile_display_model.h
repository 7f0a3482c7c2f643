/*
 * models/tile_display_model.h - the C model of seed 002's tile display
 * (rtl/tile_display/, LW 0x6000 = TILE_DISPLAY_BASE; docs/tile_display.md): the
 * three cell arrays, the registers, the clear, and the picture on the VGA
 * pins rendered from the arrays as the spec describes it (lines, round
 * stones, the four colours), written apart from the RTL.  The sdl backend
 * answers the peripheral with it and takes its frames when it drives VGA;
 * tests/rtl/tile_display holds it to the Verilated RTL, read by read and
 * frame by frame.
 */
#ifndef TABLETOP_MODEL_TILE_DISPLAY_H
#define TABLETOP_MODEL_TILE_DISPLAY_H

#include <stdint.h>

#include "periph.h"
#include "rtl/tile_display_regs.h"

/* Registers: TILE_DISPLAY_REG_* byte offsets (rtl/tile_display/tile_display_regs.def). */

/* The page field of a cell word (the seed's [16:23]). */
#define TD_PAGE_BOARD 0
#define TD_PAGE_MENU 1
#define TD_PAGE_WELCOME 2

/* The seed's colours (table 3.2). */
#define TD_WHITE 0
#define TD_BLACK 1
#define TD_BLUE 2
#define TD_RED 3

#define TD_BOARD_N 15
#define TD_MENU_W 10
#define TD_MENU_H 30
#define TD_WELCOME_W 160
#define TD_WELCOME_H 120
#define TD_FRAME_W 640
#define TD_FRAME_H 480
/* Clocks of the clear that follows reset (the largest array, 160 x 120). */
#define TD_RESET_CLEAR_CLOCKS (TD_WELCOME_W * TD_WELCOME_H)

/* The cell word: the seed's x [0:7], y [8:15], page [16:23], colour [24:31]
 * with MicroBlaze's bit 0 the most significant, i.e. bits 31:24, 23:16,
 * 15:8, 7:0 (its own C: (x << 24) + (y << 16) + (page << 8) + colour). */
static inline uint32_t td_cell_word(unsigned x, unsigned y, unsigned page, unsigned colour)
{
    return (x & 0xFFu) << 24 | (y & 0xFFu) << 16 | (page & 0xFFu) << 8 | (colour & 0xFFu);
}

typedef struct td_model {
    uint8_t board[TD_BOARD_N][TD_BOARD_N];       /* [y][x] */
    uint8_t menu[TD_MENU_H][TD_MENU_W];          /* [y][x] */
    uint8_t welcome[TD_WELCOME_H][TD_WELCOME_W]; /* [y][x] */
    uint32_t last_cell;
    uint32_t ctrl;
    uint16_t refused;
    /* The clear in progress: cells [next, end) of `pages` still to fill. */
    int busy;
    unsigned pages; /* bit p: page p (TD_PAGE_*) */
    unsigned next, end;
    uint8_t fill[3]; /* colour per page */
    /* Moves whenever the picture may have changed (windows redraw on it). */
    uint32_t changes;
} td_model_t;

/* Reset: CTRL 0, REFUSED 0, the reset clear started (board and menu to
 * blue, welcome to white, TD_RESET_CLEAR_CLOCKS clocks). */
void td_model_reset(td_model_t *m);
/* n clocks without a bus access. */
void td_model_tick(td_model_t *m, uint64_t n);
/* One bus clock each, as the Avalon slave (word = byte offset / 4). */
uint32_t td_model_read(td_model_t *m, uint32_t offset);
void td_model_write(td_model_t *m, uint32_t offset, uint32_t value);
/* The 640x480 picture on the pins (RGB444, 0x0RGB), whether or not the
 * peripheral drives VGA. */
void td_model_frame(const td_model_t *m, uint16_t *rgb444);
/* The seed's colour c (0-3) as RGB444. */
uint16_t td_colour_rgb444(unsigned c);

/* The model in the shape the bus hosts (hal/periph.h), as the sdl
 * backend's binding at TILE_DISPLAY_BASE, and its VGA output. */
extern const periph_model_t td_model;
extern const periph_binding_t td_model_binding;
extern const periph_vga_source_t td_model_vga_source;

#endif

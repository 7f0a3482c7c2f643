/*
 * drivers/tile_display.h - seed 002's tile display at LW 0x6000
 * (TILE_DISPLAY_BASE; docs/tile_display.md) through the HAL: sdl answers with
 * hal/models/tile_display_model.c, sim with rtl/tile_display Verilated, the board
 * with the FPGA (whose top level hands it the VGA pins while it is enabled).
 *
 *   tile_driver_t td;
 *   if (tile_open(&td, hal) == 0) {             the ID answered; all pages cleared
 *       tile_cell(&td, TILE_PAGE_BOARD, 7, 7, TILE_BLACK);     one stone
 *       tile_sync(&td, TILE_PAGE_WELCOME, cells);   a whole page: only the
 *                                                   cells that differ are written
 *       tile_show(&td, TILE_PAGE_WELCOME, 1);       the welcome page on the pins
 *   }
 *
 * The driver keeps a copy of what the arrays hold, so a page redrawn every
 * frame costs a bus write per changed cell only.
 */
#ifndef TABLETOP_TILE_DISPLAY_DRIVER_H
#define TABLETOP_TILE_DISPLAY_DRIVER_H

#include <stdint.h>

#include "common/tiles.h"
#include "hal.h"
#include "rtl/tile_display_regs.h"

/* Registers: TILE_DISPLAY_BASE + TILE_DISPLAY_REG_* (rtl/tile_display/tile_display_regs.def). */
/* Pages, their sizes and the four colours: common/tiles.h. */

typedef struct tile_driver {
    hal_t *hal;
    uint32_t ctrl; /* the last CTRL written */
    uint8_t board[TILE_BOARD_N * TILE_BOARD_N];        /* what the arrays hold, x + y * width */
    uint8_t menu[TILE_MENU_W * TILE_MENU_H];
    uint8_t welcome[TILE_WELCOME_W * TILE_WELCOME_H];
    unsigned long writes; /* cell words written since CTRL was last written */
} tile_driver_t;

/* The seed's cell word: x [31:24], y [23:16], page [15:8], colour [7:0]. */
uint32_t tile_word(int x, int y, int page, int colour);
/* Checks for the peripheral (its ID), disables it, and clears the three
 * pages to the seed's reset colours (board and menu blue, welcome white).
 * Returns 0, or -1 if no tile display answers (nothing written). */
int tile_open(tile_driver_t *d, hal_t *hal);
/* One cell; written only if it differs from what the array holds.
 * Returns 0, or -1 (nothing written) for a page, cell or colour out of range. */
int tile_cell(tile_driver_t *d, int page, int x, int y, int colour);
/* A whole page, cells[x + y * width]: the cells that differ are written.
 * Returns the number written, or -1 (nothing written) for a bad page or colour. */
int tile_sync(tile_driver_t *d, int page, const uint8_t *cells);
/* Fills a page with one colour in the peripheral (CLEAR) and waits for it.
 * Returns 0, or -1 for a bad page or colour, or if it never finished. */
int tile_clear(tile_driver_t *d, int page, int colour);
/* Shows a page (TILE_PAGE_WELCOME, or the board page for the other two) and
 * gives the VGA pins to the tile display (enable 1) or back to
 * go_peripheral (0).  Written only when it changes. */
void tile_show(tile_driver_t *d, int page, int enable);
/* 1 while the tile display drives VGA (by the last tile_show). */
int tile_enabled(const tile_driver_t *d);

#endif

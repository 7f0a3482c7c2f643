/* drivers/tile_display.c - seed 002's tile display through the HAL (tile_display.h). */
#include "tile_display.h"

#include <string.h>

/* A clear of the largest page takes 19,200 clocks (384 us); poll every
 * 100 us of backend time, give up after 100 ms. */
#define TILE_POLL_US 100
#define TILE_POLL_MAX 1000

static const int tile_w[3] = {TILE_BOARD_N, TILE_MENU_W, TILE_WELCOME_W};
static const int tile_h[3] = {TILE_BOARD_N, TILE_MENU_H, TILE_WELCOME_H};

static uint8_t *shadow(tile_driver_t *d, int page)
{
    return page == TILE_PAGE_BOARD ? d->board : page == TILE_PAGE_MENU ? d->menu : d->welcome;
}

uint32_t tile_word(int x, int y, int page, int colour)
{
    return REG_FIELD_PUT(x, TILE_DISPLAY_CELL_X) | REG_FIELD_PUT(y, TILE_DISPLAY_CELL_Y) |
           REG_FIELD_PUT(page, TILE_DISPLAY_CELL_PAGE) | REG_FIELD_PUT(colour, TILE_DISPLAY_CELL_COLOUR);
}

int tile_open(tile_driver_t *d, hal_t *hal)
{
    memset(d, 0, sizeof *d);
    d->hal = hal;
    if (hal_read(hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_ID) != TILE_DISPLAY_ID_VALUE)
        return -1;
    hal_write(hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CTRL, 0);
    if (tile_clear(d, TILE_PAGE_BOARD, TILE_BLUE) != 0 ||
        tile_clear(d, TILE_PAGE_MENU, TILE_BLUE) != 0 ||
        tile_clear(d, TILE_PAGE_WELCOME, TILE_WHITE) != 0)
        return -1;
    hal_write(hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_STATUS, 0); /* REFUSED from 0 */
    return 0;
}

int tile_cell(tile_driver_t *d, int page, int x, int y, int colour)
{
    if (page < 0 || page > 2 || x < 0 || y < 0 || x >= tile_w[page] || y >= tile_h[page] ||
        colour < 0 || colour > 3)
        return -1;
    uint8_t *s = &shadow(d, page)[x + y * tile_w[page]];
    if (*s != colour) {
        hal_write(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CELL, tile_word(x, y, page, colour));
        *s = (uint8_t)colour;
        d->writes++;
    }
    return 0;
}

int tile_sync(tile_driver_t *d, int page, const uint8_t *cells)
{
    if (page < 0 || page > 2)
        return -1;
    int n = tile_w[page] * tile_h[page];
    for (int i = 0; i < n; i++)
        if (cells[i] > 3)
            return -1;
    int written = 0;
    uint8_t *s = shadow(d, page);
    for (int i = 0; i < n; i++)
        if (s[i] != cells[i]) {
            hal_write(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CELL, tile_word(i % tile_w[page], i / tile_w[page], page,
                                                       cells[i]));
            s[i] = cells[i];
            written++;
        }
    d->writes += (unsigned long)written;
    return written;
}

int tile_clear(tile_driver_t *d, int page, int colour)
{
    if (page < 0 || page > 2 || colour < 0 || colour > 3)
        return -1;
    for (int i = 0; (hal_read(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_STATUS) & TILE_DISPLAY_STATUS_BUSY); i++) {
        if (i == TILE_POLL_MAX)
            return -1;
        hal_advance(d->hal, TILE_POLL_US);
    }
    hal_write(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CLEAR, REG_FIELD_PUT(page, TILE_DISPLAY_CLEAR_PAGE) |
                                                         REG_FIELD_PUT(colour, TILE_DISPLAY_CLEAR_COLOUR));
    for (int i = 0; (hal_read(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_STATUS) & TILE_DISPLAY_STATUS_BUSY); i++) {
        if (i == TILE_POLL_MAX)
            return -1;
        hal_advance(d->hal, TILE_POLL_US);
    }
    memset(shadow(d, page), colour, (size_t)tile_w[page] * (size_t)tile_h[page]);
    return 0;
}

void tile_show(tile_driver_t *d, int page, int enable)
{
    uint32_t ctrl = (enable ? TILE_DISPLAY_CTRL_ENABLE : 0u) |
                    (page == TILE_PAGE_WELCOME ? TILE_DISPLAY_CTRL_WELCOME : 0u);
    /* A cell word shows its own page (the seed's behaviour): CTRL is
     * written whenever it may differ from what the driver last set. */
    if (ctrl != d->ctrl || d->writes) {
        hal_write(d->hal, TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CTRL, ctrl);
        d->ctrl = ctrl;
        d->writes = 0;
    }
}

int tile_enabled(const tile_driver_t *d)
{
    return (d->ctrl & TILE_DISPLAY_CTRL_ENABLE) != 0;
}

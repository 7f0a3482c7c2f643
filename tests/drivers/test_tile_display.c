/*
 * test_tile_display.c - drivers/tile_display.c through the sdl backend (and
 * sim when built): the cell word built as seed 002's own C builds it, bad
 * arguments refused before anything reaches the bus, only changed cells
 * written, CLEAR, and the picture on the VGA output (hal_read_frame) while
 * the tile display drives it and after it gives the pins back.  The
 * expected colours are table 3.2's RGB332 bytes scaled to 4 bits.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/tile_display.h"
#include "hal.h"

static uint16_t seed_colour(int c)
{
    static const unsigned bytes[4] = {0xFF, 0x00, 0xDB, 0xE0};
    unsigned v = bytes[c];
    unsigned r = ((v >> 5) * 15 + 3) / 7, g = (((v >> 2) & 7) * 15 + 3) / 7, b = (v & 3) * 5;
    return (uint16_t)(r << 8 | g << 4 | b);
}

static void open_backend(hal_t *h, const char *backend)
{
    char err[256];
    hal_config_t cfg = {.backend = backend, .headless = 1};
    cr_assert_eq(hal_open(h, &cfg, err, sizeof err), 0, "%s: %s", backend, err);
}

static void check_driver(const char *backend)
{
    hal_t h;
    open_backend(&h, backend);
    tile_driver_t *d = malloc(sizeof *d);
    uint16_t *frame = malloc(HAL_FB_BYTES);
    cr_assert(d && frame);
    cr_assert_eq(tile_open(d, &h), 0, "%s: no tile display", backend);
    cr_expect_eq(hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CTRL)), 0, "%s: tile_open leaves the pins to go_peripheral",
                 backend);

    /* The seed's drawPixel: (x << 24) + (y << 16) + (page << 8) + turn. */
    cr_expect_eq(tile_word(5, 2, 2, 3), (5u << 24) + (2u << 16) + (2u << 8) + 3u);
    cr_expect_eq(tile_word(14, 14, 0, 1), (14u << 24) + (14u << 16) + 1u);

    /* Bad arguments: refused, nothing on the bus. */
    uint32_t last = hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CELL));
    cr_expect_eq(tile_cell(d, 3, 0, 0, 1), -1);
    cr_expect_eq(tile_cell(d, TILE_PAGE_BOARD, 15, 0, 1), -1);
    cr_expect_eq(tile_cell(d, TILE_PAGE_MENU, 0, 30, 1), -1);
    cr_expect_eq(tile_cell(d, TILE_PAGE_WELCOME, 160, 0, 1), -1);
    cr_expect_eq(tile_cell(d, TILE_PAGE_WELCOME, 0, 0, 4), -1);
    cr_expect_eq(tile_clear(d, TILE_PAGE_MENU, 7), -1);
    uint8_t *cells = calloc(TILE_WELCOME_W * TILE_WELCOME_H, 1);
    cells[100] = 9;
    cr_expect_eq(tile_sync(d, TILE_PAGE_WELCOME, cells), -1);
    cr_expect_eq(hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CELL)), last, "%s: a refused call wrote a word", backend);
    cr_expect_eq(hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_STATUS)) >> 16, 0, "%s: the peripheral refused a word",
                 backend);

    /* Only changed cells are written. */
    cr_expect_eq(tile_cell(d, TILE_PAGE_BOARD, 7, 7, TILE_BLACK), 0);
    cr_expect_eq(hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CELL)), tile_word(7, 7, 0, TILE_BLACK));
    unsigned long w = d->writes;
    cr_expect_eq(tile_cell(d, TILE_PAGE_BOARD, 7, 7, TILE_BLACK), 0);
    cr_expect_eq(d->writes, w, "%s: an unchanged cell was written again", backend);

    /* A welcome page: a red diagonal, a blue block, the rest white. */
    for (int i = 0; i < TILE_WELCOME_W * TILE_WELCOME_H; i++)
        cells[i] = TILE_WHITE;
    for (int i = 0; i < 100; i++)
        cells[i * TILE_WELCOME_W + i] = TILE_RED;
    for (int y = 50; y < 60; y++)
        for (int x = 120; x < 140; x++)
            cells[y * TILE_WELCOME_W + x] = TILE_BLUE;
    cr_expect_eq(tile_sync(d, TILE_PAGE_WELCOME, cells), 100 + 200);
    cr_expect_eq(tile_sync(d, TILE_PAGE_WELCOME, cells), 0, "%s: a second sync wrote", backend);
    tile_show(d, TILE_PAGE_WELCOME, 1);
    cr_expect_eq(hal_read(&h, (TILE_DISPLAY_BASE + TILE_DISPLAY_REG_CTRL)), 3u);
    cr_assert_eq(hal_read_frame(&h, frame), 0);
    long bad = 0;
    for (int y = 0; y < 480; y++)
        for (int x = 0; x < 640; x++)
            bad += frame[y * 640 + x] != seed_colour(cells[(y / 4) * TILE_WELCOME_W + x / 4]);
    cr_expect_eq(bad, 0, "%s: %ld pixels are not their 4x4 cell's colour", backend, bad);

    /* CLEAR. */
    cr_expect_eq(tile_clear(d, TILE_PAGE_WELCOME, TILE_RED), 0);
    cr_assert_eq(hal_read_frame(&h, frame), 0);
    bad = 0;
    for (int i = 0; i < 640 * 480; i++)
        bad += frame[i] != seed_colour(TILE_RED);
    cr_expect_eq(bad, 0, "%s: after CLEAR %ld pixels are not red", backend, bad);

    /* The pins back to go_peripheral: its (black, never drawn) framebuffer. */
    tile_show(d, TILE_PAGE_WELCOME, 0);
    cr_expect_eq(tile_enabled(d), 0);
    cr_assert_eq(hal_read_frame(&h, frame), 0);
    long red = 0;
    for (int i = 0; i < 640 * 480; i++)
        red += frame[i] == seed_colour(TILE_RED);
    cr_expect_eq(red, 0, "%s: the tile display still shows after enable 0", backend);

    free(cells);
    free(frame);
    free(d);
    hal_close(&h);
}

Test(tile_display_driver, through_the_sdl_backend)
{
    check_driver("sdl");
}

#if TD_TEST_SIM
Test(tile_display_driver, through_the_sim_backend, .timeout = 120)
{
    check_driver("sim");
}
#endif

/*
 * models/tile_display_model.c - seed 002's tile display as a C model
 * (tile_display.h; the spec is docs/tile_display.md).  The picture is
 * painted the way a person reads the seed: the page's ground, then the
 * board lines, then a disc for each stone, then the menu's squares; the RTL
 * decides each pixel on the fly instead.  tests/rtl/tile_display compares
 * the two.
 */
#include "tile_display_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Table 3.2's RGB332 bytes: white, black, "blue", red. */
static const uint8_t td_rgb332[4] = {0xFF, 0x00, 0xDB, 0xE0};

uint16_t td_colour_rgb444(unsigned c)
{
    unsigned v = td_rgb332[c & 3u];
    unsigned r3 = v >> 5, g3 = (v >> 2) & 7u, b2 = v & 3u;
    /* 3 bits to 4: the top bit repeated below; 2 bits to 4: repeated. */
    unsigned r = r3 << 1 | r3 >> 2, g = g3 << 1 | g3 >> 2, b = b2 << 2 | b2;
    return (uint16_t)(r << 8 | g << 4 | b);
}

static unsigned page_cells(unsigned page)
{
    return page == TD_PAGE_BOARD  ? TD_BOARD_N * TD_BOARD_N
           : page == TD_PAGE_MENU ? TD_MENU_W * TD_MENU_H
                                  : TD_WELCOME_W * TD_WELCOME_H;
}

/* Cell i (x + y * width) of a page. */
static uint8_t *page_cell(td_model_t *m, unsigned page, unsigned i)
{
    if (page == TD_PAGE_BOARD)
        return &m->board[i / TD_BOARD_N][i % TD_BOARD_N];
    if (page == TD_PAGE_MENU)
        return &m->menu[i / TD_MENU_W][i % TD_MENU_W];
    return &m->welcome[i / TD_WELCOME_W][i % TD_WELCOME_W];
}

void td_model_reset(td_model_t *m)
{
    memset(m, 0, sizeof *m);
    m->busy = 1;
    m->pages = 7u;
    m->next = 0;
    m->end = TD_RESET_CLEAR_CLOCKS;
    m->fill[TD_PAGE_BOARD] = TD_BLUE;
    m->fill[TD_PAGE_MENU] = TD_BLUE;
    m->fill[TD_PAGE_WELCOME] = TD_WHITE;
}

/* One clock of the clear: cell `next` of every page being cleared that has it. */
static void clear_step(td_model_t *m)
{
    for (unsigned p = 0; p < 3; p++)
        if ((m->pages >> p & 1u) && m->next < page_cells(p))
            *page_cell(m, p, m->next) = m->fill[p];
    if (++m->next == m->end)
        m->busy = 0;
    m->changes++;
}

void td_model_tick(td_model_t *m, uint64_t n)
{
    while (n-- && m->busy)
        clear_step(m);
}

uint32_t td_model_read(td_model_t *m, uint32_t offset)
{
    uint32_t v = 0;
    switch (offset) {
    case TILE_DISPLAY_REG_CELL:
        v = m->last_cell;
        break;
    case TILE_DISPLAY_REG_CTRL:
        v = m->ctrl;
        break;
    case TILE_DISPLAY_REG_STATUS:
        v = REG_FIELD_PUT(m->refused, TILE_DISPLAY_STATUS_REFUSED) |
            (m->busy ? TILE_DISPLAY_STATUS_BUSY : 0u);
        break;
    case TILE_DISPLAY_REG_ID:
        v = TILE_DISPLAY_ID_VALUE;
        break;
    default:
        break;
    }
    td_model_tick(m, 1);
    return v;
}

/* The page and cell index a cell word names, or -1 if a field is out of range. */
static int cell_index(uint32_t w, unsigned *page, unsigned *index)
{
    unsigned x = REG_FIELD_GET(w, TILE_DISPLAY_CELL_X), y = REG_FIELD_GET(w, TILE_DISPLAY_CELL_Y);
    unsigned p = REG_FIELD_GET(w, TILE_DISPLAY_CELL_PAGE), c = REG_FIELD_GET(w, TILE_DISPLAY_CELL_COLOUR);
    static const unsigned width[3] = {TD_BOARD_N, TD_MENU_W, TD_WELCOME_W};
    static const unsigned height[3] = {TD_BOARD_N, TD_MENU_H, TD_WELCOME_H};
    if (c > 3 || p > 2 || x >= width[p] || y >= height[p])
        return -1;
    *page = p;
    *index = x + y * width[p];
    return 0;
}

void td_model_write(td_model_t *m, uint32_t offset, uint32_t value)
{
    int was_busy = m->busy;
    unsigned page, index;
    unsigned colour = REG_FIELD_GET(value, TILE_DISPLAY_CELL_COLOUR);
    unsigned vpage = REG_FIELD_GET(value, TILE_DISPLAY_CLEAR_PAGE);
    switch (offset) {
    case TILE_DISPLAY_REG_CELL:
        m->last_cell = value;
        if (was_busy || cell_index(value, &page, &index) != 0) {
            m->refused++;
            break;
        }
        *page_cell(m, page, index) = (uint8_t)colour;
        m->ctrl = (m->ctrl & ~TILE_DISPLAY_CTRL_WELCOME) | (page == TD_PAGE_WELCOME ? TILE_DISPLAY_CTRL_WELCOME : 0u);
        m->changes++;
        break;
    case TILE_DISPLAY_REG_CTRL:
        m->ctrl = value & (TILE_DISPLAY_CTRL_ENABLE | TILE_DISPLAY_CTRL_WELCOME);
        m->changes++;
        break;
    case TILE_DISPLAY_REG_CLEAR:
        if (was_busy || colour > 3 || vpage > 2) {
            m->refused++;
            break;
        }
        m->busy = 1;
        m->pages = 1u << vpage;
        m->next = 0;
        m->end = page_cells(vpage);
        m->fill[vpage] = (uint8_t)colour;
        break;
    case TILE_DISPLAY_REG_STATUS:
        m->refused = 0;
        break;
    default:
        break;
    }
    if (was_busy)
        clear_step(m);
}

/* ---- the picture ---- */

static void fill_rect(uint16_t *f, int x0, int y0, int w, int h, uint16_t c)
{
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            f[y * TD_FRAME_W + x] = c;
}

/* The board page: the 480x480 board of 32-pixel cells, lines through the
 * cells' centres (x or y = 16 mod 32) and one at x = 480, discs of radius
 * under 14 (d^2 < 196) for stones; the menu's 16-pixel squares on the right,
 * right of the line (its first column is the 15 pixels 481..495). */
static void paint_board_page(const td_model_t *m, uint16_t *f)
{
    fill_rect(f, 0, 0, 480, 480, td_colour_rgb444(TD_BLUE));
    uint16_t ink = td_colour_rgb444(TD_BLACK);
    for (int i = 0; i < TD_BOARD_N; i++) {
        fill_rect(f, 32 * i + 16, 0, 1, 480, ink);
        fill_rect(f, 0, 32 * i + 16, 480, 1, ink);
    }
    fill_rect(f, 480, 0, 1, 480, ink);
    for (int by = 0; by < TD_BOARD_N; by++)
        for (int bx = 0; bx < TD_BOARD_N; bx++) {
            unsigned c = m->board[by][bx];
            if (c == TD_BLUE)
                continue; /* an empty point */
            int cx = 32 * bx + 16, cy = 32 * by + 16;
            for (int y = cy - 16; y < cy + 16; y++)
                for (int x = cx - 16; x < cx + 16; x++)
                    if ((x - cx) * (x - cx) + (y - cy) * (y - cy) < 196)
                        f[y * TD_FRAME_W + x] = td_colour_rgb444(c);
        }
    for (int my = 0; my < TD_MENU_H; my++)
        for (int mx = 0; mx < TD_MENU_W; mx++) {
            int x0 = mx == 0 ? 481 : 480 + 16 * mx;
            fill_rect(f, x0, 16 * my, 480 + 16 * (mx + 1) - x0, 16,
                      td_colour_rgb444(m->menu[my][mx]));
        }
}

static void paint_welcome_page(const td_model_t *m, uint16_t *f)
{
    for (int y = 0; y < TD_WELCOME_H; y++)
        for (int x = 0; x < TD_WELCOME_W; x++)
            fill_rect(f, 4 * x, 4 * y, 4, 4, td_colour_rgb444(m->welcome[y][x]));
}

void td_model_frame(const td_model_t *m, uint16_t *rgb444)
{
    if (m->ctrl & TILE_DISPLAY_CTRL_WELCOME)
        paint_welcome_page(m, rgb444);
    else
        paint_board_page(m, rgb444);
}

/* ---- the shape the bus hosts (hal/periph.h) ---- */

static void td_op_reset(void *m) { td_model_reset(m); }
static void td_op_run(void *m, uint64_t n) { td_model_tick(m, n); }
static uint32_t td_op_read(void *m, uint32_t offset) { return td_model_read(m, offset); }
static void td_op_write(void *m, uint32_t offset, uint32_t value) { td_model_write(m, offset, value); }

const periph_model_t td_model = {
    .size = sizeof(td_model_t),
    .what = "the tile display model",
    .reset = td_op_reset,
    .run = td_op_run,
    .read = td_op_read,
    .write = td_op_write,
    /* The FPGA comes out of reset long before the program runs: the reset
     * clear is over at clock 0. */
    .settle = TD_RESET_CLEAR_CLOCKS,
    /* td_model_read and _write run their own clock. */
    .access_takes_clock = 1,
};

PERIPH_MODEL_BINDING(td_model_binding, PERIPH_TILE_DISPLAY, td_model);

static int binding_scan_frame(void *inst, uint64_t now, uint16_t *rgb444)
{
    td_model_t *m = periph_model_at(inst, now);
    if (!(m->ctrl & TILE_DISPLAY_CTRL_ENABLE))
        return 0;
    /* As the sim backend's scan: a clear in progress ends first. */
    td_model_tick(m, TD_RESET_CLEAR_CLOCKS);
    td_model_frame(m, rgb444);
    return 1;
}

static uint32_t binding_changes(void *inst)
{
    const td_model_t *m = periph_model_at(inst, 0);
    return m->changes;
}

const periph_vga_source_t td_model_vga_source = {
    .id = PERIPH_TILE_DISPLAY,
    .scan_frame = binding_scan_frame,
    .changes = binding_changes,
};

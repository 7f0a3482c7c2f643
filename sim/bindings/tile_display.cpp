/* bindings/tile_display.cpp - the Verilated tile display and a sampler of its VGA pins (tile_display.h). */
#include "tile_display.h"

#include <cstring>
#include <memory>
#include <vector>

#include "Vtile_display.h"
#include "bus_slave.h"
#include "rtl/tile_display_regs.h"

namespace {

constexpr unsigned FRAME_W = 640, FRAME_H = 480;
/* One frame: 800 x 525 pixels, two clocks each. */
constexpr uint64_t FRAME_CLOCKS = 800ull * 525 * 2;
/* The longest clear (160 x 120 cells, one a clock), and a margin: after
 * that many idle clocks nothing in the registers changes any more. */
constexpr uint64_t CATCH_UP_CAP = 160 * 120 + 4;

} // namespace

struct sim_td : sim_bus_slave<Vtile_display, TILE_DISPLAY_ADDR_BITS> {
    uint32_t changes = 0;
    uint64_t clear_until = 0; /* a clear may run until this caller's clock */
    /* The last frame scanned, valid while changes == frame_changes. */
    std::vector<uint16_t> frame;
    uint32_t frame_changes = 0;
    bool have_frame = false;

    void catch_up(uint64_t now)
    {
        if (now <= cycle)
            return;
        uint64_t n = now - cycle;
        if (n > CATCH_UP_CAP)
            n = CATCH_UP_CAP;
        for (uint64_t i = 0; i < n; i++)
            tick();
        if (cycle < clear_until)
            changes++; /* a clear may have moved on */
        cycle = now;
    }
};

static sim_td_t *make(uint64_t settle)
{
    sim_td_t *s = sim_new<sim_td>("tile_display", 2);
    for (uint64_t i = 0; i < settle; i++)
        s->tick();
    return s;
}

sim_td_t *sim_td_new(void)
{
    /* The FPGA leaves reset long before the program runs: the reset clear
     * is over at clock 0, as in the C model's binding. */
    return make(CATCH_UP_CAP);
}

sim_td_t *sim_td_new_raw(void)
{
    return make(0);
}

void sim_td_free(sim_td_t *s)
{
    sim_free(s);
}

void sim_td_tick(sim_td_t *s, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        s->tick();
}

uint32_t sim_td_reg_read(sim_td_t *s, uint32_t word)
{
    return s->bus_read(word);
}

void sim_td_reg_write(sim_td_t *s, uint32_t word, uint32_t value)
{
    s->bus_write(word, value);
    s->changes++;
}

int sim_td_drives(sim_td_t *s)
{
    return s->top->vga_drive;
}

uint64_t sim_td_clocks(const sim_td_t *s)
{
    return s->run;
}

/* The sampler: on every rising vga_clk, the pins as the DAC latches them.
 * A frame starts at a falling vsync; its 480 active lines are the runs of
 * blank_n high; it ends at the next falling vsync (which gives v_total). */
int sim_td_sample_frame(sim_td_t *s, uint16_t *rgb444, sim_td_timing_t *timing)
{
    Vtile_display *t = s->top.get();
    sim_td_timing_t tm;
    memset(&tm, 0, sizeof tm);
    bool prev_clk = t->vga_clk, prev_hs = t->vga_hs, prev_vs = t->vga_vs, prev_bl = t->vga_blank_n;
    bool started = false;
    unsigned x = 0, y = 0, pix = 0, hs_fall = 0, hs_falls = 0, hs_falls_vs_low = 0;
    bool have_hs_fall = false;
    for (uint64_t i = 0; i < 3 * FRAME_CLOCKS; i++) {
        s->tick();
        const bool c = t->vga_clk;
        const bool rise = c && !prev_clk;
        prev_clk = c;
        if (!rise)
            continue;
        pix++;
        const bool hs = t->vga_hs, vs = t->vga_vs, bl = t->vga_blank_n;
        const uint16_t rgb = (uint16_t)((t->vga_r & 0xF) << 8 | (t->vga_g & 0xF) << 4 | (t->vga_b & 0xF));
        if (prev_vs && !vs) {
            if (started) {
                tm.v_total = hs_falls;
                tm.v_sync = hs_falls_vs_low;
                tm.lines = y;
                if (timing)
                    *timing = tm;
                return y == FRAME_H ? 0 : -1;
            }
            started = true;
            hs_falls = 0;
            hs_falls_vs_low = 0;
            y = 0;
        }
        if (prev_hs && !hs) {
            if (have_hs_fall)
                tm.h_total = pix - hs_fall;
            hs_fall = pix;
            have_hs_fall = true;
            hs_falls++;
            if (!vs)
                hs_falls_vs_low++;
        }
        if (!prev_hs && hs && have_hs_fall)
            tm.h_sync = pix - hs_fall;
        if (started) {
            if (bl) {
                if (!prev_bl)
                    x = 0;
                if (x < FRAME_W && y < FRAME_H)
                    rgb444[y * FRAME_W + x] = rgb;
                x++;
            } else {
                if (prev_bl) {
                    if (x != FRAME_W)
                        tm.bad_lines++;
                    y++;
                }
                if (rgb)
                    tm.rgb_in_blank++;
            }
        }
        prev_hs = hs;
        prev_vs = vs;
        prev_bl = bl;
    }
    if (timing)
        *timing = tm;
    return -1;
}

namespace {

/* A write at now; a clear changes the picture for a while. */
void binding_write_word(sim_td_t *s, uint64_t now, uint32_t word, uint32_t value)
{
    sim_write_at(s, now, word, value);
    s->changes++;
    if (word == TILE_DISPLAY_REG_CLEAR / 4)
        s->clear_until = s->cycle + CATCH_UP_CAP;
}

/* The pins are a function of the cell arrays and CTRL alone (nothing else
 * moves with time once a clear is over), so a frame scanned since the last
 * change is the frame the pins carry now. */
int binding_scan_frame(void *inst, uint64_t now, uint16_t *rgb444)
{
    sim_td_t *s = static_cast<sim_td_t *>(inst);
    s->catch_up(now);
    if (!s->top->vga_drive)
        return 0;
    if (!s->have_frame || s->frame_changes != s->changes) {
        s->frame.assign(FRAME_W * FRAME_H, 0);
        /* Let a clear in progress end first, then scan a whole frame. */
        sim_td_tick(s, CATCH_UP_CAP);
        if (sim_td_sample_frame(s, s->frame.data(), nullptr) != 0)
            return 0;
        s->frame_changes = s->changes;
        s->have_frame = true;
    }
    memcpy(rgb444, s->frame.data(), sizeof(uint16_t) * FRAME_W * FRAME_H);
    return 1;
}

uint32_t binding_changes(void *inst)
{
    return static_cast<sim_td_t *>(inst)->changes;
}

} // namespace

const periph_binding_t sim_td_binding =
    sim_bus_binding<sim_td_t, sim_td_new, sim_td_free,
                    sim_read_at<sim_td>, binding_write_word>::row(PERIPH_TILE_DISPLAY);

const periph_vga_source_t sim_td_vga_source = {PERIPH_TILE_DISPLAY, binding_scan_frame,
                                               binding_changes};

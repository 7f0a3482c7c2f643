/* bindings/tile_display_bind.cpp - the Verilated tile display and a sampler of its VGA pins (tile_display.h). */
#include "tile_display_bind.h"

#include <cstring>
#include <memory>
#include <vector>

#include "Vtile_display.h"
#include "bus_slave.h"
#include "rtl/tile_display_regs.h"
#include "verilated_save.h"

namespace {

constexpr unsigned FRAME_W = 640, FRAME_H = 480;
/* One frame: 800 x 525 pixels, two clocks each. */
constexpr uint64_t FRAME_CLOCKS = 800ull * 525 * 2;
/* The longest clear (160 x 120 cells, one a clock), and a margin: after
 * that many idle clocks nothing in the registers changes any more. */
constexpr uint64_t CATCH_UP_CAP = 160 * 120 + 4;

/* The model's whole state, through Verilator's own save (--savable), into
 * memory: what VerilatedSave writes to a file (call flush() when done). */
class state_bytes final : public VerilatedSerialize {
  public:
    std::vector<uint8_t> bytes;
    state_bytes() { m_isOpen = true; }
    void flush() override
    {
        bytes.insert(bytes.end(), m_bufp, m_cp);
        m_cp = m_bufp;
    }
};

} // namespace

/* While the model drives VGA every clock is simulated and its pins are
 * sampled into frames, as go_peripheral's are (docs/sim.md).  The one skip,
 * exact by construction: when the model's whole state (Verilator's save) at
 * a vsync equals its state at the vsync before, and no bus access came in
 * between, the model is in a cycle of that period with constant inputs, so
 * whole periods are passed over until the next access: every frame in them
 * is the one sampled last, and the state after them is the state before. */
struct sim_td : sim_bus_slave<Vtile_display, TILE_DISPLAY_ADDR_BITS> {
    /* Times below are the model's own clock (run): a scan may clock it
     * ahead of the caller's (cycle), as the board's DAC sees frames the
     * program does not wait for. */
    uint32_t changes = 0;     /* writes and frames sampled: the window redraws */
    uint64_t clear_until = 0; /* a clear may run until then */
    uint64_t accesses = 0;    /* bus transactions so far */
    uint64_t last_write = 0;  /* the clock after the last write */

    /* the sampler, while vga_drive is high */
    bool sampling = false, frame_ok = false;
    bool prev_clk = false, prev_hs = true, prev_vs = true, prev_bl = false;
    unsigned x = 0, y = 0;
    std::vector<uint16_t> cur, done;
    uint64_t frames_done = 0, cur_start = 0, done_start = 0;

    /* the skip */
    bool skip = true;         /* sim_td_set_skip */
    std::vector<uint8_t> snap; /* the state at the last vsync */
    uint64_t snap_cycle = 0, snap_accesses = ~0ull;
    uint64_t period = 0;      /* nonzero: steady, with this period */
    uint64_t skipped = 0;     /* frames passed over */

    /* One clock of the model, the pins sampled. */
    void step()
    {
        tick();
        const bool c = top->vga_clk;
        if (sampling && c && !prev_clk)
            sample();
        prev_clk = c;
    }

    void sample()
    {
        const bool hs = top->vga_hs, vs = top->vga_vs, bl = top->vga_blank_n;
        if (bl) {
            if (!prev_bl)
                x = 0;
            if (x < FRAME_W && y < FRAME_H)
                cur[y * FRAME_W + x] = (uint16_t)((top->vga_r & 0xF) << 8 |
                                                  (top->vga_g & 0xF) << 4 | (top->vga_b & 0xF));
            x++;
        } else if (prev_bl) {
            y++;
            if (y == FRAME_H && frame_ok) {
                done.swap(cur);
                done_start = cur_start;
                frames_done++;
                changes++;
            }
        }
        if (prev_vs && !vs)
            at_vsync();
        prev_hs = hs;
        prev_vs = vs;
        prev_bl = bl;
    }

    /* A frame begins: the state is compared with the last vsync's. */
    void at_vsync()
    {
        y = 0;
        frame_ok = true;
        cur_start = run;
        state_bytes now;
        now << *top;
        now.flush();
        period = (skip && accesses == snap_accesses && now.bytes == snap) ? run - snap_cycle : 0;
        snap.swap(now.bytes);
        snap_cycle = run;
        snap_accesses = accesses;
    }

    /* Starts or stops the sampler as vga_drive says; started, it waits for
     * a vsync before it builds a frame. */
    void follow_drive()
    {
        const bool on = top->vga_drive;
        if (on == sampling)
            return;
        sampling = on;
        frame_ok = false;
        period = 0;
        snap_accesses = ~0ull;
        y = FRAME_H;
        prev_clk = top->vga_clk;
        prev_hs = top->vga_hs;
        prev_vs = top->vga_vs;
        prev_bl = top->vga_blank_n;
        if (on && cur.empty()) {
            cur.assign(FRAME_W * FRAME_H, 0);
            done.assign(FRAME_W * FRAME_H, 0);
        }
    }

    void catch_up(uint64_t now)
    {
        if (now <= cycle)
            return;
        follow_drive();
        if (!sampling) {
            /* Nobody sees the pins: only the registers matter. */
            uint64_t n = now - cycle;
            if (n > CATCH_UP_CAP)
                n = CATCH_UP_CAP;
            if (run < clear_until)
                changes++; /* a clear may have moved on */
            for (uint64_t i = 0; i < n; i++)
                tick();
            cycle = now;
            return;
        }
        while (cycle < now) {
            if (period && accesses == snap_accesses && now - cycle >= period) {
                const uint64_t k = (now - cycle) / period, d = k * period;
                cycle += d;
                run += d;
                snap_cycle += d;
                cur_start += d;
                done_start += d;
                frames_done += k;
                skipped += k;
                changes += (uint32_t)k;
                continue;
            }
            step();
            cycle++;
        }
    }

    uint32_t read(uint64_t now, uint32_t offset)
    {
        catch_up(now);
        accesses++;
        top->avs_address = word_address(offset);
        top->avs_read = 1;
        step();
        cycle++;
        top->avs_read = 0;
        return top->avs_readdata;
    }

    void write(uint64_t now, uint32_t offset, uint32_t value)
    {
        catch_up(now);
        accesses++;
        top->avs_address = word_address(offset);
        top->avs_writedata = value;
        top->avs_write = 1;
        step();
        cycle++;
        top->avs_write = 0;
        last_write = run;
        changes++;
        if (offset == TILE_DISPLAY_REG_CLEAR)
            clear_until = run + CATCH_UP_CAP;
        follow_drive();
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

uint32_t sim_td_reg_read(sim_td_t *s, uint32_t offset)
{
    return s->bus_read(offset);
}

void sim_td_reg_write(sim_td_t *s, uint32_t offset, uint32_t value)
{
    s->bus_write(offset, value);
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

uint32_t binding_read(sim_td_t *s, uint64_t now, uint32_t offset)
{
    return s->read(now, offset);
}

void binding_write(sim_td_t *s, uint64_t now, uint32_t offset, uint32_t value)
{
    s->write(now, offset, value);
}

/* The last frame sampled from the pins, once one has begun after the last
 * write and after any clear it started (clocking on, ahead of the caller's
 * clock, for at most three frames until there is one). */
int binding_scan_frame(void *inst, uint64_t now, uint16_t *rgb444)
{
    sim_td_t *s = static_cast<sim_td_t *>(inst);
    s->catch_up(now);
    s->follow_drive();
    if (!s->sampling)
        return 0;
    const uint64_t fresh = s->last_write > s->clear_until ? s->last_write : s->clear_until;
    for (uint64_t i = 0; i < 3 * FRAME_CLOCKS && !(s->frames_done && s->done_start >= fresh); i++)
        s->step();
    if (!s->frames_done || s->done_start < fresh)
        return 0;
    memcpy(rgb444, s->done.data(), sizeof(uint16_t) * FRAME_W * FRAME_H);
    return 1;
}

uint32_t binding_changes(void *inst)
{
    return static_cast<sim_td_t *>(inst)->changes;
}

} // namespace

void sim_td_set_skip(sim_td_t *s, int on)
{
    s->skip = on != 0;
    if (!s->skip)
        s->period = 0;
}

uint64_t sim_td_skipped_frames(const sim_td_t *s)
{
    return s->skipped;
}

const periph_binding_t sim_td_binding =
    sim_bus_binding<sim_td_t, sim_td_new, sim_td_free,
                    binding_read, binding_write>::row(PERIPH_TILE_DISPLAY);

const periph_vga_source_t sim_td_vga_source = {PERIPH_TILE_DISPLAY, binding_scan_frame,
                                               binding_changes};

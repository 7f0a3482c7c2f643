/*
 * test_rtl.cpp - testbenches for rtl/go_peripheral.sv, run on the Verilated
 * model through the harness (sim/sim_harness.h).  Each checks against the
 * spec (seed 000 §3.4, §4.1; docs/registers.md), not against a recording.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "Vgo_peripheral.h"
#include "sim_harness.h"
#include "tb_util.h"

extern "C" {
#include "hal.h"
}

namespace {

constexpr uint64_t LINE_CYCLES = 800 * 2;
constexpr uint64_t FRAME_CYCLES = 525 * LINE_CYCLES;
constexpr uint32_t FB1_MASTER = 0x01000000; /* FB_ADDR_HI 0xC1 */

uint16_t *fb(sim_harness_t *s, uint32_t master_addr)
{
    return reinterpret_cast<uint16_t *>(sim_harness_sdram(s, master_addr, HAL_FB_BYTES));
}

void fill_random(uint16_t *px, uint32_t seed)
{
    lcg_t r{seed};
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        px[i] = (uint16_t)r.next();
}

uint16_t to444(uint16_t p)
{
    return (uint16_t)(((p >> 12) & 0xF) << 8 | ((p >> 7) & 0xF) << 4 | ((p >> 1) & 0xF));
}

/* Number of pixels where the sampled frame differs from memory; the first
 * difference is described in where. */
int frame_diff(const uint16_t *frame, const uint16_t *mem, char *where, size_t len)
{
    int bad = 0;
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++) {
        if (frame[i] != to444(mem[i])) {
            if (!bad)
                snprintf(where, len, "(%d,%d): got %03x, want %03x", i % HAL_FB_WIDTH,
                         i / HAL_FB_WIDTH, frame[i], to444(mem[i]));
            bad++;
        }
    }
    return bad;
}

/* Runs one clock at a time until VGA_STATUS[0] (vblank) reads want. */
void run_until_vblank(sim_harness_t *s, int want)
{
    for (uint64_t i = 0; i < 2 * FRAME_CYCLES; i++)
        if ((int)(sim_harness_reg_read(s, GP_REG_VGA_STATUS) & 1) == want)
            return;
    cr_assert_fail("VGA_STATUS[0] never became %d", want);
}

/* Plays until busy drops (bounded); returns the samples of each channel. */
void collect_clip(sim_harness_t *s, std::vector<int16_t> *l, std::vector<int16_t> *r,
                  std::vector<uint64_t> *cyc, uint64_t *busy_end,
                  std::vector<uint64_t> *rcyc = nullptr)
{
    const uint64_t limit = sim_harness_cycles(s) + 13000ull * 6250 + 100000;
    while (sim_harness_reg_read(s, GP_REG_AUDIO_STATUS) & 1) {
        cr_assert_lt(sim_harness_cycles(s), limit, "busy never dropped");
        sim_harness_run(s, 97);
    }
    /* Busy was read 0 within the last 98 clocks; find when it fell more
     * precisely from the last accepted sample below. */
    *busy_end = sim_harness_cycles(s);
    sim_harness_take_audio(s, l, r, cyc, rcyc);
}

} // namespace

Test(rtl, sync_timing_and_totals)
{
    sim_harness_t *s = harness();
    cr_assert_eq(sim_harness_run_frames(s, 3), 3u);
    const sim_vga_timing_t *t = sim_harness_timing(s);
    struct {
        const char *name;
        const sim_span_t *sp;
        uint64_t want;
    } spans[] = {
        {"h_total", &t->h_total, 800},      {"h_active", &t->h_active, 640},
        {"h_front", &t->h_front, 16},       {"h_sync (low)", &t->h_sync, 96},
        {"h_back", &t->h_back, 48},         {"v_total", &t->v_total, 525 * 800},
        {"v_active lines", &t->v_active, 480}, {"v_front", &t->v_front, (1 + 10) * 800},
        {"v_sync (low)", &t->v_sync, 2 * 800}, {"v_back", &t->v_back, 33 * 800},
    };
    for (auto &sp : spans) {
        cr_assert_gt(sp.sp->count, 0, "%s never measured", sp.name);
        cr_expect_eq(sp.sp->min, sp.want, "%s min %llu, want %llu", sp.name,
                     (unsigned long long)sp.sp->min, (unsigned long long)sp.want);
        cr_expect_eq(sp.sp->max, sp.want, "%s max %llu, want %llu", sp.name,
                     (unsigned long long)sp.sp->max, (unsigned long long)sp.want);
    }
    cr_expect_eq(t->bad_lines, 0);
    cr_expect_eq(t->hs_in_active, 0);
    /* A frame is 800 x 525 pixels of 2 clocks: 59.52 Hz at 50 MHz. */
    const uint64_t c0 = sim_harness_frame_start_cycle(s);
    sim_harness_run_frames(s, 1);
    cr_expect_eq(sim_harness_frame_start_cycle(s) - c0, FRAME_CYCLES);
    sim_harness_free(s);
}

Test(rtl, vga_clk_is_25mhz_and_sync_n_low)
{
    sim_harness_t *s = harness();
    Vgo_peripheral *m = sim_harness_model(s);
    int rises = 0, prev = m->vga_clk;
    for (int i = 0; i < 1000; i++) {
        sim_harness_run(s, 1);
        cr_assert_eq(m->vga_sync_n, 0);
        if (m->vga_clk && !prev)
            rises++;
        prev = m->vga_clk;
    }
    cr_expect_eq(rises, 500);
    sim_harness_free(s);
}

static void check_random_frame(const sim_bus_config_t *bus, uint32_t seed)
{
    sim_harness_t *s = harness();
    if (bus)
        sim_harness_set_bus(s, bus);
    uint16_t *mem = fb(s, 0);
    fill_random(mem, seed);
    cr_assert_eq(sim_harness_run_frames(s, 2), 2u);
    char where[128] = "";
    int bad = frame_diff(sim_harness_frame(s), mem, where, sizeof where);
    cr_expect_eq(bad, 0, "%d pixels differ, first at %s", bad, where);

    /* Exactly one read per word: 480 lines x 320 words between two vsyncs
     * (no fetch runs across vsync, which is in line 490). */
    const uint64_t v0 = sim_harness_vsyncs(s);
    while (sim_harness_vsyncs(s) == v0)
        sim_harness_run(s, 1);
    const uint64_t w0 = sim_harness_words_read(s);
    const uint64_t v1 = sim_harness_vsyncs(s);
    while (sim_harness_vsyncs(s) == v1)
        sim_harness_run(s, 1);
    cr_expect_eq(sim_harness_words_read(s) - w0, 480u * 320u);
    cr_expect_eq(sim_harness_model(s)->vga_underrun, 0,
                 "a line fetch overran its line");
    cr_expect_eq(sim_harness_bad_reads(s), 0);

    /* Change memory: the next frame scanned shows it. */
    fill_random(mem, seed + 1);
    sim_harness_run_frames(s, 2);
    bad = frame_diff(sim_harness_frame(s), mem, where, sizeof where);
    cr_expect_eq(bad, 0, "after rewrite %d pixels differ, first at %s", bad, where);
    sim_harness_free(s);
}

Test(rtl, random_frame_no_wait_states)
{
    check_random_frame(nullptr, 1);
}

Test(rtl, random_frame_under_wait_states)
{
    /* Irregular waitrequest (about 40%), gaps in readdatavalid (about 30%)
     * and a 9-clock read latency: every pixel must still land once. */
    sim_bus_config_t bus;
    bus.read_latency = 9;
    lcg_t r{7};
    for (int i = 0; i < 997; i++)
        bus.waitreq.push_back(r.next() % 10 < 4);
    for (int i = 0; i < 1009; i++)
        bus.gaps.push_back(r.next() % 10 < 3);
    check_random_frame(&bus, 2);
}

Test(rtl, burst_requests_are_16_pixels)
{
    sim_harness_t *s = harness();
    Vgo_peripheral *m = sim_harness_model(s);
    sim_bus_config_t bus;
    bus.waitreq = {1, 1, 0, 1, 0};
    sim_harness_set_bus(s, &bus);
    int requests = 0;
    uint32_t last = 0;
    for (uint64_t i = 0; i < 2 * LINE_CYCLES * 3; i++) {
        sim_harness_run(s, 1);
        if (m->avm_read) {
            cr_assert_eq(m->avm_burstcount, 8, "burstcount %u", m->avm_burstcount);
            cr_assert_eq(m->avm_address % 32, 0, "address %08x not burst aligned",
                         m->avm_address);
            if (m->avm_address != last)
                requests++;
            last = m->avm_address;
        }
    }
    cr_expect_geq(requests, 40, "only %d burst requests in 6 lines", requests);
    sim_harness_free(s);
}

Test(rtl, fb_addr_hi_selects_buffer)
{
    sim_harness_t *s = harness();
    uint16_t *a = fb(s, 0), *b = fb(s, FB1_MASTER);
    fill_random(a, 11);
    fill_random(b, 12);
    cr_assert_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC0C0u, "reset value");
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xC1);
    /* Written but not shown until a swap. */
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC0C1u);
    sim_harness_run_frames(s, 2);
    char where[128];
    cr_expect_eq(frame_diff(sim_harness_frame(s), a, where, sizeof where), 0,
                 "before the swap: %s", where);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    sim_harness_run_frames(s, 2);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC1C1u);
    cr_expect_eq(frame_diff(sim_harness_frame(s), b, where, sizeof where), 0,
                 "after the swap to 0xC1: %s", where);
    /* And back. */
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xC0);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    sim_harness_run_frames(s, 2);
    cr_expect_eq(frame_diff(sim_harness_frame(s), a, where, sizeof where), 0,
                 "after the swap back to 0xC0: %s", where);
    cr_expect_eq(sim_harness_bad_reads(s), 0);
    sim_harness_free(s);
}

Test(rtl, fb_addr_outside_sdram_reads_bus_zero)
{
    /* Bad input: FB_ADDR_HI naming no SDRAM.  The master reads where it is
     * told (the harness answers 0 and counts it); nothing else changes. */
    sim_harness_t *s = harness();
    fill_random(fb(s, 0), 5);
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0x10);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    sim_harness_run_frames(s, 2);
    cr_expect_gt(sim_harness_bad_reads(s), 0);
    const uint16_t *f = sim_harness_frame(s);
    int nonzero = 0;
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        nonzero += f[i] != 0;
    cr_expect_eq(nonzero, 0);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0x1010u);
    sim_harness_free(s);
}

Test(rtl, swap_only_at_vblank_start)
{
    sim_harness_t *s = harness();
    uint16_t *a = fb(s, 0), *b = fb(s, FB1_MASTER);
    fill_random(a, 21);
    fill_random(b, 22);
    sim_harness_run_frames(s, 1);
    /* Request during active video (bad timing for a swap: it must wait). */
    run_until_vblank(s, 0);
    sim_harness_run(s, 100 * LINE_CYCLES);
    cr_assert_eq(sim_harness_reg_read(s, GP_REG_VGA_STATUS) & 1, 0u);
    const uint64_t frames0 = sim_harness_frames_done(s);
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xC1);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    /* A second request while one is pending changes nothing. */
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    /* Poll every clock: pending must clear exactly when vblank begins. */
    uint32_t ctrl = 1, status = 0;
    uint64_t polls = 0;
    for (;;) {
        ctrl = sim_harness_reg_read(s, GP_REG_VGA_CTRL);
        const uint32_t st = sim_harness_reg_read(s, GP_REG_VGA_STATUS);
        polls++;
        cr_assert_lt(polls, FRAME_CYCLES, "swap never taken");
        if (!(ctrl & 1)) {
            cr_expect_eq(st & 1, 1u, "swap taken outside vblank");
            cr_expect_eq(status & 1, 0u, "swap taken late: vblank had already begun");
            cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC1C1u);
            break;
        }
        cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI) >> 8, 0xC0u,
                     "buffer changed before the swap");
        status = st;
    }
    /* The frame that was being scanned finished from buffer a; the next is b. */
    while (sim_harness_frames_done(s) == frames0)
        sim_harness_run(s, 1000);
    char where[128];
    cr_expect_eq(frame_diff(sim_harness_frame(s), a, where, sizeof where), 0,
                 "frame during the request tore: %s", where);
    sim_harness_run_frames(s, 1);
    cr_expect_eq(frame_diff(sim_harness_frame(s), b, where, sizeof where), 0,
                 "frame after the swap: %s", where);

    /* A request made during vblank waits for the next start of vblank. */
    run_until_vblank(s, 1);
    sim_harness_run(s, 5 * LINE_CYCLES);
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xC0);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    sim_harness_run(s, 20 * LINE_CYCLES); /* still in this blanking period */
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL) & 1, 1u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC1C0u);
    run_until_vblank(s, 0);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL) & 1, 1u, "taken during active video");
    run_until_vblank(s, 1);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL) & 1, 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC0C0u);
    sim_harness_free(s);
}

Test(rtl, vga_status_vblank_lines_and_frame_counter)
{
    sim_harness_t *s = harness();
    /* From reset (line 0): active for 480 lines, blank for 45. */
    uint64_t active = 0, blank = 0;
    for (uint64_t c = 0; c < FRAME_CYCLES; c += 100) {
        if (sim_harness_reg_read(s, GP_REG_VGA_STATUS) & 1)
            blank++;
        else
            active++;
        sim_harness_run(s, 99);
    }
    cr_expect(active >= 480 * LINE_CYCLES / 100 - 2 && active <= 480 * LINE_CYCLES / 100 + 2,
              "active polls %llu", (unsigned long long)active);
    cr_expect(blank >= 45 * LINE_CYCLES / 100 - 2 && blank <= 45 * LINE_CYCLES / 100 + 2,
              "blank polls %llu", (unsigned long long)blank);
    const uint32_t n0 = sim_harness_reg_read(s, GP_REG_VGA_STATUS) >> 16;
    sim_harness_run(s, 3 * FRAME_CYCLES);
    const uint32_t n1 = sim_harness_reg_read(s, GP_REG_VGA_STATUS) >> 16;
    cr_expect_eq((n1 - n0) & 0xFFFF, 3u);
    sim_harness_free(s);
}

Test(rtl, register_reset_values_and_readback)
{
    sim_harness_t *s = harness();
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_CMD), 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL), 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_STATUS) & 0xFFFEu, 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC0C0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_RESERVED), 0u);
    /* Only FB_ADDR_HI[7:0] is stored. */
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xABCD12C1u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_FB_ADDR_HI), 0xC0C1u);
    /* AUDIO_CMD reads back the clip playing. */
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_CAPTURE);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_CMD), (uint32_t)AUDIO_CAPTURE);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 1u);
    /* VGA_CTRL reads the pending bit. */
    run_until_vblank(s, 0);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL), 1u);
    sim_harness_reg_write(s, GP_REG_VGA_CTRL, 0); /* 0 does nothing */
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL), 1u);
    sim_harness_free(s);
}

Test(rtl, unmapped_and_reserved_writes_change_nothing)
{
    sim_harness_t *s = harness();
    sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, 0xC1);
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_ILLEGAL);
    const uint32_t offs[] = {GP_REG_AUDIO_CMD, GP_REG_AUDIO_STATUS, GP_REG_VGA_CTRL, GP_REG_FB_ADDR_HI,
                             GP_REG_RESERVED, 0x18, 0x1C, 0x40, 0x7C};
    uint32_t before[9];
    for (int i = 0; i < 9; i++)
        before[i] = sim_harness_reg_read(s, offs[i]);
    const uint32_t bad[] = {GP_REG_RESERVED, 0x18, 0x1C, 0x20, 0x44, 0x7C};
    for (uint32_t off : bad)
        sim_harness_reg_write(s, off, 0xFFFFFFFFu);
    for (int i = 0; i < 9; i++)
        cr_expect_eq(sim_harness_reg_read(s, offs[i]), before[i], "offset 0x%02x changed",
                     offs[i]);
    for (int i = 4; i < 9; i++)
        cr_expect_eq(before[i], 0u, "unmapped offset 0x%02x reads %08x", offs[i], before[i]);
    /* No swap was requested by the stray writes. */
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_VGA_CTRL), 0u);
    sim_harness_free(s);
}

static void check_clip(int cmd, const char *name, const sim_bus_config_t *bus)
{
    sim_harness_t *s = harness();
    if (bus)
        sim_harness_set_bus(s, bus);
    const std::vector<int16_t> rom = load_clip(name);
    cr_assert_gt(rom.size(), 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 0u);
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, (uint32_t)cmd);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 1u);
    std::vector<int16_t> l, r;
    std::vector<uint64_t> cyc, rcyc;
    uint64_t end;
    collect_clip(s, &l, &r, &cyc, &end, &rcyc);
    cr_assert(!cyc.empty() && !rcyc.empty(), "%s: nothing streamed", name);
    cr_expect_eq(l.size(), rom.size(), "%s: %zu left samples, ROM has %zu", name, l.size(),
                 rom.size());
    cr_expect_eq(r.size(), rom.size(), "%s: %zu right samples", name, r.size());
    cr_expect(l == rom, "%s: left samples differ from the ROM", name);
    cr_expect(r == rom, "%s: right samples differ from the ROM", name);
    if (!bus) {
        for (size_t i = 1; i < cyc.size(); i++)
            cr_assert_eq(cyc[i] - cyc[i - 1], 6250u, "%s: sample %zu came %llu clocks later",
                         name, i, (unsigned long long)(cyc[i] - cyc[i - 1]));
    }
    /* Busy dropped within a poll step of the last sample's acceptance on
     * the slower channel, and not before it. */
    const uint64_t last = cyc.back() > rcyc.back() ? cyc.back() : rcyc.back();
    cr_expect(end - last <= 100, "%s: busy stayed %llu clocks after the last sample", name,
              (unsigned long long)(end - last));
    /* Idle: nothing more is streamed. */
    sim_harness_run(s, 3 * 6250);
    l.clear();
    sim_harness_take_audio(s, &l, nullptr, nullptr);
    cr_expect_eq(l.size(), 0u);
    cr_expect_eq(sim_harness_model(s)->aso_left_valid, 0);
    sim_harness_free(s);
}

Test(rtl, audio_place_exact_period_6250, .timeout = 60)
{
    check_clip(AUDIO_PLACE, "place", nullptr);
}

Test(rtl, audio_capture_exact, .timeout = 60)
{
    check_clip(AUDIO_CAPTURE, "capture", nullptr);
}

Test(rtl, audio_illegal_exact, .timeout = 60)
{
    check_clip(AUDIO_ILLEGAL, "illegal", nullptr);
}

Test(rtl, audio_gameover_exact, .timeout = 120)
{
    check_clip(AUDIO_GAME_OVER, "gameover", nullptr);
}

Test(rtl, audio_backpressure_keeps_every_sample, .timeout = 60)
{
    /* The audio core's FIFO is full for long stretches, longer than a
     * sample period, and differently on each channel: each channel still
     * gets every sample exactly once, in order, and busy lasts until the
     * slower channel has taken the last one. */
    sim_bus_config_t bus;
    for (int i = 0; i < 40000; i++) {
        const bool lr = (i % 20000) < 3000, rr = ((i + 7000) % 13000) < 500;
        bus.ready.push_back((uint8_t)((lr ? 1 : 0) | (rr ? 2 : 0)));
    }
    check_clip(AUDIO_ILLEGAL, "illegal", &bus);
}

Test(rtl, audio_first_sample_and_period)
{
    /* Sample 0 is taken one period after the write, then one per period
     * (the C model behind the sdl backend does the same). */
    sim_harness_t *s = harness();
    const uint64_t write_edge = sim_harness_cycles(s);
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    sim_harness_run(s, 6250 * 4 + 10);
    std::vector<int16_t> l;
    std::vector<uint64_t> cyc;
    sim_harness_take_audio(s, &l, nullptr, &cyc);
    cr_assert_eq(l.size(), 4u, "%zu samples in 4 periods", l.size());
    cr_expect_eq(cyc[0] - write_edge, 6250u, "first sample %llu clocks after the command",
                 (unsigned long long)(cyc[0] - write_edge));
    cr_expect_eq(cyc[3] - cyc[0], 3 * 6250u);
    sim_harness_free(s);
}

Test(rtl, audio_back_to_back_commands)
{
    /* Two AUDIO_CMD writes on consecutive clocks: the second wins, and its
     * clip plays whole from its first sample. */
    sim_harness_t *s = harness();
    const std::vector<int16_t> illegal = load_clip("illegal");
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_GAME_OVER);
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_ILLEGAL);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_CMD), (uint32_t)AUDIO_ILLEGAL);
    std::vector<int16_t> l, r;
    std::vector<uint64_t> cyc;
    uint64_t end;
    collect_clip(s, &l, &r, &cyc, &end);
    cr_expect(l == illegal, "left: %zu samples, not the illegal clip", l.size());
    cr_expect(r == illegal, "right: %zu samples, not the illegal clip", r.size());
    sim_harness_free(s);
}

Test(rtl, audio_restart_cuts_short_and_stop)
{
    sim_harness_t *s = harness();
    const std::vector<int16_t> place = load_clip("place");
    const std::vector<int16_t> capture = load_clip("capture");
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    sim_harness_run(s, 6250 * 100 + 3000); /* 100 samples taken */
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_CAPTURE);
    std::vector<int16_t> l, r;
    std::vector<uint64_t> cyc;
    uint64_t end;
    collect_clip(s, &l, &r, &cyc, &end);
    std::vector<int16_t> want(place.begin(), place.begin() + 100);
    want.insert(want.end(), capture.begin(), capture.end());
    cr_expect_eq(l.size(), want.size());
    cr_expect(l == want, "a cut clip then the whole new clip");
    cr_expect(r == want);

    /* 5-7 change nothing, even while playing; 0 stops at once. */
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_GAME_OVER);
    sim_harness_run(s, 6250 * 10);
    for (uint32_t bad = 5; bad <= 7; bad++) {
        sim_harness_reg_write(s, GP_REG_AUDIO_CMD, bad);
        cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_CMD), (uint32_t)AUDIO_GAME_OVER);
        cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 1u);
    }
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, AUDIO_NONE);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 0u);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_CMD), 0u);
    l.clear();
    sim_harness_take_audio(s, &l, nullptr, nullptr);
    sim_harness_run(s, 6250 * 3);
    l.clear();
    sim_harness_take_audio(s, &l, nullptr, nullptr);
    cr_expect_eq(l.size(), 0u, "samples after stop");
    /* 5-7 while idle: still idle. */
    sim_harness_reg_write(s, GP_REG_AUDIO_CMD, 6);
    cr_expect_eq(sim_harness_reg_read(s, GP_REG_AUDIO_STATUS), 0u);
    sim_harness_free(s);
}

Test(rtl, trace_file_is_written)
{
    char path[] = "/tmp/tabletop_trace_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    char err[256];
    sim_harness_t *s = sim_harness_new(path, err, sizeof err);
    cr_assert_not_null(s, "%s", err);
    sim_harness_run(s, 20000);
    sim_harness_free(s);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fclose(f);
    unlink(path);
    cr_expect_gt(size, 1000, "FST trace only %ld bytes", size);
    /* An unwritable trace path is a clear error, not a crash. */
    s = sim_harness_new("/nonexistent-dir/x.fst", err, sizeof err);
    cr_expect_null(s);
    cr_expect(strstr(err, "/nonexistent-dir/x.fst") != nullptr, "message: %s", err);
}

Test(rtl, sampler_switched_off_mid_frame_builds_only_whole_frames)
{
    /* The sim backend switches the sampler off between frames it needs;
     * switched back on mid-frame it must not finish a half-seen frame. */
    sim_harness_t *s = harness();
    uint16_t *mem = fb(s, 0);
    fill_random(mem, 31);
    sim_harness_run_frames(s, 1);
    /* Off at line 400 (400 lines seen), on again at line 100 a frame
     * later: 80 more lines would make a bogus "frame" of 480. */
    sim_harness_run(s, (45 + 400) * LINE_CYCLES);
    sim_harness_set_sampling(s, 0);
    fill_random(mem, 32);
    sim_harness_run(s, FRAME_CYCLES + 225 * LINE_CYCLES);
    const uint64_t on_at = sim_harness_cycles(s), frames = sim_harness_frames_done(s);
    sim_harness_set_sampling(s, 1);
    while (sim_harness_frames_done(s) == frames)
        sim_harness_run(s, 1000);
    cr_expect_geq(sim_harness_frame_start_cycle(s), on_at, "a frame begun before sampling");
    char where[128];
    cr_expect_eq(frame_diff(sim_harness_frame(s), mem, where, sizeof where), 0, "%s", where);
    const sim_vga_timing_t *t = sim_harness_timing(s);
    cr_expect_eq(t->h_total.max, 800u, "no interval measured across the gap");
    cr_expect_eq(t->v_total.max, 525u * 800u, "no interval measured across the gap");
    sim_harness_free(s);
}

/*
 * test_fast_forward.cpp - the harness's frame skipping and one-eval clock
 * (docs/sim.md "Skipping frames") against plain clocking.
 *
 * Two harnesses get the same random sequence of operations: clock runs of
 * every length (many frames long, a few clocks, across checkpoints), memory
 * changed while frames are being skipped, swaps, sounds, register reads,
 * the sampler switched on and off.  One clocks every cycle, the other skips
 * what it can.  After every operation they must agree on everything a user
 * of the harness can see: register reads, the sampled frames and when they
 * began, the sync timing measured on the pins, the audio samples and their
 * clocks, words read; and at the end on the model's entire state and, clock
 * by clock, on every pin.  The source of truth is the plain run.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vector>

#include "Vgo_peripheral.h"
#include "Vgo_peripheral___024root.h"
#include "sim_harness.h"

extern "C" {
#include "hal.h"
}

namespace {

constexpr uint64_t FRAME_CYCLES = 525ull * 800 * 2;
constexpr uint32_t FB1_MASTER = 0x01000000; /* FB_ADDR_HI 0xC1 */

struct lcg_t {
    uint32_t state;
    uint32_t next()
    {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    }
};

sim_harness_t *harness(const char *trace = nullptr)
{
    char err[256] = "";
    sim_harness_t *s = sim_harness_new(trace, err, sizeof err);
    cr_assert_not_null(s, "sim_harness_new: %s", err);
    return s;
}

uint16_t *fb(sim_harness_t *s, uint32_t addr)
{
    return reinterpret_cast<uint16_t *>(sim_harness_sdram(s, addr, HAL_FB_BYTES));
}

/* Every pin of the model, packed. */
struct pins_t {
    uint32_t vga, avm_address, avs_readdata, audio;
    bool operator==(const pins_t &o) const
    {
        return vga == o.vga && avm_address == o.avm_address && avs_readdata == o.avs_readdata &&
               audio == o.audio;
    }
};

pins_t pins(Vgo_peripheral *m)
{
    return pins_t{(uint32_t)m->vga_r | (uint32_t)m->vga_g << 4 | (uint32_t)m->vga_b << 8 |
                      (uint32_t)m->vga_hs << 12 | (uint32_t)m->vga_vs << 13 |
                      (uint32_t)m->vga_blank_n << 14 | (uint32_t)m->vga_sync_n << 15 |
                      (uint32_t)m->vga_clk << 16 | (uint32_t)m->avm_read << 17 |
                      (uint32_t)m->avm_burstcount << 18,
                  m->avm_address, m->avs_readdata,
                  (uint32_t)m->aso_left_data | (uint32_t)m->aso_left_valid << 16 |
                      (uint32_t)m->aso_right_valid << 17};
}

void expect_same_timing(const sim_vga_timing_t *a, const sim_vga_timing_t *b, const char *when)
{
    const sim_span_t *sa = &a->h_total, *sb = &b->h_total;
    for (int i = 0; i < 10; i++) {
        cr_expect_eq(sa[i].min, sb[i].min, "%s: span %d min", when, i);
        cr_expect_eq(sa[i].max, sb[i].max, "%s: span %d max", when, i);
        cr_expect_eq(sa[i].count, sb[i].count, "%s: span %d count %llu vs %llu", when, i,
                     (unsigned long long)sa[i].count, (unsigned long long)sb[i].count);
    }
    cr_expect_eq(a->bad_lines, b->bad_lines, "%s: bad lines", when);
    cr_expect_eq(a->hs_in_active, b->hs_in_active, "%s", when);
}

/* Everything observable, compared; step names the operation for messages. */
void expect_same(sim_harness_t *plain, sim_harness_t *fast, int step)
{
    char when[64];
    snprintf(when, sizeof when, "after step %d", step);
    cr_assert_eq(sim_harness_cycles(plain), sim_harness_cycles(fast), "%s: clocks", when);
    std::vector<int16_t> la, ra, lb, rb;
    std::vector<uint64_t> ca, cb, rca, rcb;
    sim_harness_take_audio(plain, &la, &ra, &ca, &rca);
    sim_harness_take_audio(fast, &lb, &rb, &cb, &rcb);
    cr_expect(la == lb && ra == rb && ca == cb && rca == rcb, "%s: audio (%zu vs %zu samples)",
              when, la.size(), lb.size());
    cr_expect_eq(sim_harness_frames_done(plain), sim_harness_frames_done(fast), "%s: frames",
                 when);
    cr_expect_eq(sim_harness_frame_start_cycle(plain), sim_harness_frame_start_cycle(fast),
                 "%s: frame start", when);
    cr_expect_eq(sim_harness_vsyncs(plain), sim_harness_vsyncs(fast), "%s: vsyncs", when);
    cr_expect_eq(sim_harness_words_read(plain), sim_harness_words_read(fast), "%s: words",
                 when);
    cr_expect_eq(sim_harness_bad_reads(plain), sim_harness_bad_reads(fast), "%s", when);
    const uint16_t *fa = sim_harness_frame(plain), *fbb = sim_harness_frame(fast);
    cr_expect((fa == nullptr) == (fbb == nullptr), "%s: frame presence", when);
    if (fa && fbb)
        cr_expect(memcmp(fa, fbb, 2 * HAL_FB_WIDTH * HAL_FB_HEIGHT) == 0, "%s: frame pixels",
                  when);
    expect_same_timing(sim_harness_timing(plain), sim_harness_timing(fast), when);
}

/* The model's state: every register and memory of the design, by name
 * (the padding between Verilator's members holds nothing and differs from
 * one object to another, so the two are not compared as bytes). */
void expect_same_state(sim_harness_t *a, sim_harness_t *b)
{
    Vgo_peripheral___024root *x = sim_harness_model(a)->rootp, *y = sim_harness_model(b)->rootp;
#define SAME(m) cr_expect_eq(x->m, y->m, "state: %s differs", #m)
    SAME(go_peripheral__DOT__fb_addr_hi);
    SAME(go_peripheral__DOT__swap_pending);
    SAME(go_peripheral__DOT__vga_underrun);
    SAME(go_peripheral__DOT__fb_shown_hi);
    SAME(go_peripheral__DOT__audio_playing);
    SAME(go_peripheral__DOT__frame_count);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__pix_ce);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__h);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__v);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__fetching);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__bursts_left);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__words_got);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__fetch_bank);
    SAME(go_peripheral__DOT__vga_controller_inst__DOT__rd_data);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__all_sent);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__index);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__timer);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__q_place);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__q_capture);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__q_illegal);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__q_gameover);
    SAME(avs_readdata);
    SAME(avm_address);
    SAME(avm_read);
    SAME(aso_left_data);
    SAME(aso_left_valid);
    SAME(aso_right_data);
    SAME(aso_right_valid);
    SAME(vga_r);
    SAME(vga_g);
    SAME(vga_b);
    SAME(vga_hs);
    SAME(vga_vs);
    SAME(vga_blank_n);
    SAME(vga_clk);
#undef SAME
    for (int i = 0; i < 640; i++)
        cr_expect_eq(x->go_peripheral__DOT__vga_controller_inst__DOT__line_buffer_inst__DOT__mem[i],
                     y->go_peripheral__DOT__vga_controller_inst__DOT__line_buffer_inst__DOT__mem[i],
                     "state: line buffer word %d differs", i);
}

/* Runs the same random sequence on both; returns the frames skipped. */
uint64_t run_script(uint32_t seed, int steps, bool sampling)
{
    sim_harness_t *plain = harness(), *fast = harness();
    cr_assert_eq(sim_harness_set_fast_forward(fast, 1), 0);
    sim_harness_set_sampling(plain, sampling);
    sim_harness_set_sampling(fast, sampling);
    lcg_t r{seed};
    for (uint32_t addr : {0u, FB1_MASTER}) {
        lcg_t fill{seed + addr};
        uint16_t *a = fb(plain, addr), *b = fb(fast, addr);
        for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
            a[i] = b[i] = (uint16_t)fill.next();
    }
    int front = 0;
    for (int step = 0; step < steps; step++) {
        const uint32_t what = r.next() % 100;
        if (what < 45) {
            /* Clock runs: long ones (several frames), odd lengths, the
             * console's own steps (1, 4, 10 ms). */
            static const uint64_t lens[] = {1, 7, 50000, 200000, 500000, FRAME_CYCLES,
                                            3 * FRAME_CYCLES + 12345, 7 * FRAME_CYCLES};
            uint64_t n = lens[r.next() % 8];
            const int times = 1 + (int)(r.next() % 6);
            for (int i = 0; i < times; i++) {
                sim_harness_run(plain, n);
                sim_harness_run(fast, n);
            }
        } else if (what < 55) {
            /* Memory changed between runs: a few pixels of either buffer,
             * the one on screen included, sometimes set to what they were. */
            const uint32_t addr = (r.next() & 1) ? FB1_MASTER : 0;
            const int at = (int)(r.next() % (HAL_FB_WIDTH * HAL_FB_HEIGHT - 64));
            const uint16_t v = (uint16_t)r.next();
            const bool same = r.next() % 4 == 0;
            for (int i = 0; i < 64; i++) {
                uint16_t *a = fb(plain, addr) + at + i, *b = fb(fast, addr) + at + i;
                if (!same)
                    *a = *b = (uint16_t)(v + i);
            }
        } else if (what < 63) {
            /* A swap, as the driver does it. */
            front ^= 1;
            for (sim_harness_t *s : {plain, fast}) {
                sim_harness_reg_write(s, REG_FB_ADDR_HI, front ? 0xC1 : 0xC0);
                sim_harness_reg_write(s, REG_VGA_CTRL, 1);
            }
        } else if (what < 68) {
            const uint32_t clip = r.next() % 5; /* stop, or one of the four */
            sim_harness_reg_write(plain, REG_AUDIO_CMD, clip);
            sim_harness_reg_write(fast, REG_AUDIO_CMD, clip);
        } else if (what < 85) {
            static const uint32_t regs[] = {REG_AUDIO_CMD, REG_AUDIO_STATUS, REG_VGA_CTRL,
                                            REG_VGA_STATUS, REG_FB_ADDR_HI};
            const uint32_t off = regs[r.next() % 5];
            cr_expect_eq(sim_harness_reg_read(plain, off), sim_harness_reg_read(fast, off),
                         "step %d: register 0x%02x", step, off);
        } else if (what < 88) {
            sampling = !sampling;
            sim_harness_set_sampling(plain, sampling);
            sim_harness_set_sampling(fast, sampling);
        } else {
            expect_same(plain, fast, step);
        }
    }
    expect_same(plain, fast, steps);
    expect_same_state(plain, fast);
    /* And from here on, clock for clock, every pin (sim_harness_model pays
     * any skipped time before the pins are read). */
    for (uint64_t i = 0; i < FRAME_CYCLES + 5000; i++) {
        sim_harness_run(plain, 1);
        sim_harness_run(fast, 1);
        if (!(pins(sim_harness_model(plain)) == pins(sim_harness_model(fast))))
            cr_assert_fail("pins differ %llu clocks after the script", (unsigned long long)i);
    }
    const uint64_t skipped = sim_harness_skipped_frames(fast);
    cr_expect_eq(sim_harness_skipped_frames(plain), 0u);
    sim_harness_free(plain);
    sim_harness_free(fast);
    return skipped;
}

} // namespace

Test(fast_forward, matches_plain_run_sampler_on, .timeout = 300)
{
    const uint64_t skipped = run_script(11, 100, true);
    /* A test of skipping that skipped nothing would prove nothing. */
    cr_expect_gt(skipped, 20u, "only %llu frames skipped", (unsigned long long)skipped);
}

Test(fast_forward, matches_plain_run_sampler_off, .timeout = 300)
{
    const uint64_t skipped = run_script(12, 100, false);
    cr_expect_gt(skipped, 20u, "only %llu frames skipped", (unsigned long long)skipped);
}

Test(fast_forward, still_screen_is_skipped_and_exact)
{
    /* A still picture and nothing else: after two clocked frames every
     * later one is skipped, and the frame counter still counts them. */
    sim_harness_t *plain = harness(), *fast = harness();
    sim_harness_set_fast_forward(fast, 1);
    uint16_t *a = fb(plain, 0), *b = fb(fast, 0);
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        a[i] = b[i] = (uint16_t)(i * 2654435761u >> 16);
    for (int i = 0; i < 100; i++) {
        sim_harness_run(plain, FRAME_CYCLES / 3);
        sim_harness_run(fast, FRAME_CYCLES / 3);
    }
    cr_expect_geq(sim_harness_skipped_frames(fast), 29u);
    cr_expect_eq(sim_harness_reg_read(plain, REG_VGA_STATUS),
                 sim_harness_reg_read(fast, REG_VGA_STATUS));
    expect_same(plain, fast, 0);
    expect_same_state(plain, fast);
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, memory_changed_while_skipping_shows_on_the_next_frame)
{
    /* The picture on screen changes while frames are being skipped: the
     * frame scanned after the change shows it, as on the plain run; and a
     * change undone within a frame still shows on the frame it lasted for. */
    sim_harness_t *plain = harness(), *fast = harness();
    sim_harness_set_fast_forward(fast, 1);
    uint16_t *a = fb(plain, 0), *b = fb(fast, 0);
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        a[i] = b[i] = (uint16_t)(i * 40503u);
    for (sim_harness_t *s : {plain, fast})
        sim_harness_run(s, 5 * FRAME_CYCLES + 1234);
    cr_assert_gt(sim_harness_skipped_frames(fast), 0u, "nothing skipped before the change");
    for (int round = 0; round < 2; round++) {
        const int at = 200 * HAL_FB_WIDTH + 300;
        for (int i = 0; i < 64; i++)
            a[at + i] = b[at + i] = (uint16_t)(0xF800 + i + round);
        for (sim_harness_t *s : {plain, fast})
            sim_harness_run(s, round == 0 ? 2 * FRAME_CYCLES + 777 : FRAME_CYCLES / 2);
        if (round == 1) {
            /* undone half a frame later, then two frames on */
            for (int i = 0; i < 64; i++)
                a[at + i] = b[at + i] = (uint16_t)((at + i) * 40503u);
            for (sim_harness_t *s : {plain, fast})
                sim_harness_run(s, 2 * FRAME_CYCLES);
        }
        expect_same(plain, fast, round);
        const uint16_t *f = sim_harness_frame(fast);
        cr_assert_not_null(f);
        const uint16_t want = round == 0 ? 0xF800 : (uint16_t)(at * 40503u);
        cr_expect_eq(f[at], (uint16_t)(((want >> 12) & 0xF) << 8 | ((want >> 7) & 0xF) << 4 |
                                       ((want >> 1) & 0xF)),
                     "round %d: pixel %03x", round, f[at]);
    }
    expect_same_state(plain, fast);
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, sound_playing_is_never_skipped)
{
    sim_harness_t *s = harness();
    sim_harness_set_fast_forward(s, 1);
    sim_harness_run(s, 3 * FRAME_CYCLES);
    sim_harness_reg_write(s, REG_AUDIO_CMD, 4); /* game over: 1.5 s */
    const uint64_t before = sim_harness_skipped_frames(s);
    for (int i = 0; i < 60; i++)
        sim_harness_run(s, FRAME_CYCLES);
    cr_expect_eq(sim_harness_skipped_frames(s), before, "frames skipped while a clip played");
    sim_harness_free(s);
}

Test(fast_forward, refused_on_a_traced_harness)
{
    char dir[] = "/tmp/tabletop_ff_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/t.fst", dir);
    sim_harness_t *s = harness(path);
    cr_expect_eq(sim_harness_set_fast_forward(s, 1), -1);
    cr_expect_eq(sim_harness_one_eval(s), 0, "a traced run shows both clock phases");
    sim_harness_free(s);
    unlink(path);
    rmdir(dir);
}

Test(one_eval, same_pins_as_two_phase_clock, .timeout = 120)
{
    /* The untraced harness clocks with one eval a cycle; a traced one with
     * two (clk low, clk high).  The same inputs must give the same pins on
     * every clock: a frame with line fetches, a swap, a sound, register
     * reads. */
    char dir[] = "/tmp/tabletop_ff_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/t.fst", dir);
    sim_harness_t *one = harness(), *two = harness(path);
    cr_assert_eq(sim_harness_one_eval(one), 1, "the fast clock is not in use");
    cr_assert_eq(sim_harness_one_eval(two), 0);
    for (uint32_t addr : {0u, FB1_MASTER}) {
        lcg_t fill{addr + 5};
        uint16_t *a = fb(one, addr), *b = fb(two, addr);
        for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
            a[i] = b[i] = (uint16_t)fill.next();
    }
    Vgo_peripheral *ma = sim_harness_model(one), *mb = sim_harness_model(two);
    for (uint64_t i = 0; i < FRAME_CYCLES + 40000; i++) {
        if (i == 1000 || i == 300000) {
            for (sim_harness_t *s : {one, two}) {
                sim_harness_reg_write(s, REG_AUDIO_CMD, 1);
                sim_harness_reg_write(s, REG_FB_ADDR_HI, 0xC1);
                sim_harness_reg_write(s, REG_VGA_CTRL, 1);
            }
        }
        if (i % 9973 == 0)
            cr_assert_eq(sim_harness_reg_read(one, REG_VGA_STATUS),
                         sim_harness_reg_read(two, REG_VGA_STATUS));
        sim_harness_run(one, 1);
        sim_harness_run(two, 1);
        if (!(pins(ma) == pins(mb)))
            cr_assert_fail("pins differ at clock %llu", (unsigned long long)i);
    }
    expect_same(one, two, 0);
    sim_harness_free(one);
    sim_harness_free(two);
    unlink(path);
    rmdir(dir);
}

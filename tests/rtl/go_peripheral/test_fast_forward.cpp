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

/* The same two different pictures in both harnesses' buffers (0xC0 and
 * 0xC1), from seed. */
void two_pictures(sim_harness_t *x, sim_harness_t *y, uint32_t seed)
{
    for (uint32_t addr : {0u, FB1_MASTER}) {
        lcg_t fill{seed + (addr ? 0x9E3779B9u : 0u)}; /* seeds apart in the low bits */
        uint16_t *a = fb(x, addr), *b = fb(y, addr);
        for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
            a[i] = b[i] = (uint16_t)fill.next();
    }
}

/* What a window shows of the skipping harness, without paying its debt,
 * against the plain run's last frame. */
void expect_same_peek(sim_harness_t *plain, sim_harness_t *fast, int step)
{
    uint64_t n = 0;
    const uint16_t *f = sim_harness_peek_frame(fast, &n);
    cr_expect_leq(n, sim_harness_frames_done(plain), "step %d: frames completed, peeked", step);
    const uint16_t *g = sim_harness_frame(plain);
    cr_expect((f == nullptr) == (g == nullptr), "step %d: frame presence, peeked", step);
    if (f && g)
        cr_expect(memcmp(f, g, 2 * HAL_FB_WIDTH * HAL_FB_HEIGHT) == 0, "step %d: frame peeked", step);
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

/* Everything observable, compared; step names the operation for messages.
 * The fast harness's samples and their clocks are appended to heard and
 * heard_at when given. */
void expect_same(sim_harness_t *plain, sim_harness_t *fast, int step,
                 std::vector<int16_t> *heard = nullptr, std::vector<uint64_t> *heard_at = nullptr)
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
    if (heard)
        heard->insert(heard->end(), lb.begin(), lb.end());
    if (heard_at)
        heard_at->insert(heard_at->end(), cb.begin(), cb.end());
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
    SAME(go_peripheral__DOT__swap_request);   /* combinational: the last write's */
    SAME(go_peripheral__DOT__audio_cmd_valid);
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
    /* and the signals Verilator keeps that derive from the audio registers */
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__due);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__offer);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__left_free);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__right_free);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__start);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__sample);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT__clip_len);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT____Vcellinp__place_rom_inst__addr);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT____Vcellinp__capture_rom_inst__addr);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT____Vcellinp__illegal_rom_inst__addr);
    SAME(go_peripheral__DOT__audio_controller_inst__DOT____Vcellinp__gameover_rom_inst__addr);
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
uint64_t run_script(uint32_t seed, int steps, bool sampling, bool backpressure = false)
{
    sim_harness_t *plain = harness(), *fast = harness();
    cr_assert_eq(sim_harness_set_fast_forward(fast, 1), 0);
    if (backpressure) {
        /* the sinks not always ready: the audio path is clocked */
        sim_bus_config_t cfg;
        cfg.ready = {3, 3, 1, 3, 2, 0, 3};
        sim_harness_set_bus(plain, &cfg);
        sim_harness_set_bus(fast, &cfg);
    }
    sim_harness_set_sampling(plain, sampling);
    sim_harness_set_sampling(fast, sampling);
    lcg_t r{seed};
    two_pictures(plain, fast, seed);
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
            expect_same_state(plain, fast);
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

Test(fast_forward, matches_plain_run_sinks_not_always_ready, .timeout = 300)
{
    const uint64_t skipped = run_script(13, 70, true, true);
    cr_expect_gt(skipped, 10u, "only %llu frames skipped", (unsigned long long)skipped);
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

Test(fast_forward, new_picture_is_skipped_and_exact, .timeout = 300)
{
    /* A new picture on screen, as a move makes one: a swap to the other
     * buffer (a different picture), or pixels of the buffer on screen
     * changed.  The frames after it show the new picture without being
     * clocked (docs/sim.md "A new picture"), and a debt paid at any point
     * of them, the first frame of the new picture included, leaves the
     * model, its pins and the frames as the plain run has them. */
    sim_harness_t *plain = harness(), *fast = harness();
    cr_assert_eq(sim_harness_set_fast_forward(fast, 1), 0);
    two_pictures(plain, fast, 77);
    for (sim_harness_t *s : {plain, fast})
        sim_harness_run(s, 3 * FRAME_CYCLES);
    lcg_t r{5};
    int front = 0;
    uint64_t want = 0, got = 0;
    for (int k = 0; k < 24; k++) {
        if (k % 2 == 0) {
            front ^= 1;
            for (sim_harness_t *s : {plain, fast}) {
                sim_harness_reg_write(s, REG_FB_ADDR_HI, front ? 0xC1 : 0xC0);
                sim_harness_reg_write(s, REG_VGA_CTRL, 1);
            }
        } else {
            const int at = (int)(r.next() % (HAL_FB_WIDTH * HAL_FB_HEIGHT - 640));
            const uint16_t v = (uint16_t)r.next();
            uint16_t *a = fb(plain, front ? FB1_MASTER : 0), *b = fb(fast, front ? FB1_MASTER : 0);
            for (int i = 0; i < 640; i++)
                a[at + i] = b[at + i] = (uint16_t)(v + 3 * i);
        }
        /* On to a point of the first to third frame after the change's:
         * a line or two past one of the harness's phases (pixel 700 of
         * every 33rd line from line 500), where what a phase holds of the
         * picture still shows; or just past a checkpoint, where the line
         * buffer holds the last two lines of the frame before. */
        const uint64_t now = sim_harness_cycles(plain);
        const uint64_t cp0 = 4 + 500ull * 800 * 2;
        const uint64_t next_cp = cp0 + ((now - cp0) / FRAME_CYCLES + 1) * FRAME_CYCLES;
        const uint64_t phase = k % 8 == 0 ? 0 : (uint64_t)(k % 15 + 1); /* 0: the checkpoint */
        const uint64_t n = next_cp + FRAME_CYCLES * (uint64_t)(k % 3) + phase * 33 * 1600 +
                           (phase ? 1401 : 0) + (k % 4 == 2 ? 100u + k : (uint64_t)(k * 397) % 3000) -
                           now;
        const uint64_t skipped = sim_harness_skipped_frames(fast);
        sim_harness_run(plain, n);
        sim_harness_run(fast, n);
        /* every whole frame after the change's is skipped */
        want += (uint64_t)(k % 3);
        got += sim_harness_skipped_frames(fast) - skipped;
        expect_same_peek(plain, fast, k);
        expect_same(plain, fast, k);
        expect_same_state(plain, fast);
        /* and the frame this ended in, once scanned (line 480), on to line
         * 510, so that the next swap is taken at the next vertical blank */
        const uint64_t into = (sim_harness_cycles(plain) - cp0) % FRAME_CYCLES;
        const uint64_t m = FRAME_CYCLES - into + 10 * 1600;
        sim_harness_run(plain, m);
        sim_harness_run(fast, m);
        expect_same(plain, fast, k);
    }
    /* Pin for pin, a frame on from the last. */
    for (uint64_t i = 0; i < FRAME_CYCLES; i++) {
        sim_harness_run(plain, 1);
        sim_harness_run(fast, 1);
        if (!(pins(sim_harness_model(plain)) == pins(sim_harness_model(fast))))
            cr_assert_fail("pins differ %llu clocks on", (unsigned long long)i);
    }
    cr_expect_geq(got, want, "%llu of the %llu whole frames after a change skipped",
                  (unsigned long long)got, (unsigned long long)want);
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, writes_while_owing_are_exact, .timeout = 300)
{
    /* Moves as the console makes them while frames are owed: a sound, the
     * buffer to show, a swap, the swap polled until taken, then time on
     * (docs/sim.md "Writes while owing").  After each, and sometimes right
     * on the write's clock, the skipping harness must agree with the plain
     * one on registers read, samples, frames and the whole state. */
    sim_harness_t *plain = harness(), *fast = harness();
    cr_assert_eq(sim_harness_set_fast_forward(fast, 1), 0);
    two_pictures(plain, fast, 91);
    for (sim_harness_t *s : {plain, fast})
        sim_harness_run(s, 3 * FRAME_CYCLES);
    lcg_t r{17};
    int front = 0;
    const uint64_t skipped0 = sim_harness_skipped_frames(fast);
    uint64_t total = 0;
    for (int k = 0; k < 40; k++) {
        /* a move: drawn into the buffer not shown, then written */
        const int at = (int)(r.next() % (HAL_FB_WIDTH * HAL_FB_HEIGHT - 64));
        uint16_t *a = fb(plain, front ? 0 : FB1_MASTER), *b = fb(fast, front ? 0 : FB1_MASTER);
        for (int i = 0; i < 64; i++)
            a[at + i] = b[at + i] = (uint16_t)r.next();
        const uint32_t clip = r.next() % 6; /* 5: ignored */
        front ^= 1;
        for (sim_harness_t *s : {plain, fast}) {
            if (k % 3 != 2)
                sim_harness_reg_write(s, REG_AUDIO_CMD, clip);
        }
        if (k % 5 == 1 && k % 3 != 2) {
            /* looked at on the sound's clock */
            expect_same(plain, fast, k);
            expect_same_state(plain, fast);
        }
        for (sim_harness_t *s : {plain, fast}) {
            sim_harness_reg_write(s, REG_FB_ADDR_HI, front ? 0xC1 : 0xC0);
            sim_harness_reg_write(s, REG_VGA_CTRL, 1);
        }
        if (k % 5 == 0) {
            /* looked at on the write's clock */
            expect_same(plain, fast, k);
            expect_same_state(plain, fast);
        }
        /* polled as the console does, until taken */
        for (int p = 0; p < 40; p++) {
            const uint64_t step = 50000 + r.next() % 7;
            sim_harness_run(plain, step);
            sim_harness_run(fast, step);
            total += step;
            const uint32_t va = sim_harness_reg_read(plain, REG_VGA_CTRL);
            const uint32_t vb = sim_harness_reg_read(fast, REG_VGA_CTRL);
            cr_expect_eq(va, vb, "move %d poll %d: VGA_CTRL", k, p);
            cr_expect_eq(sim_harness_reg_read(plain, REG_FB_ADDR_HI),
                         sim_harness_reg_read(fast, REG_FB_ADDR_HI), "move %d poll %d: FB_ADDR_HI", k, p);
            expect_same_peek(plain, fast, k);
            if (va == 0)
                break;
        }
        const uint64_t n = (uint64_t)(r.next() % 4) * FRAME_CYCLES + r.next() % FRAME_CYCLES;
        sim_harness_run(plain, n);
        sim_harness_run(fast, n);
        total += n;
        expect_same_peek(plain, fast, k);
        if (k % 4 == 0 || k == 39) {
            expect_same(plain, fast, k);
            expect_same_state(plain, fast);
        }
    }
    const uint64_t skipped = sim_harness_skipped_frames(fast) - skipped0;
    /* all but the frames looked at mid-way are skipped */
    cr_expect_geq(skipped + 40, total / FRAME_CYCLES, "%llu of %llu frames skipped",
                  (unsigned long long)skipped, (unsigned long long)(total / FRAME_CYCLES));
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, debt_paid_mid_frame_after_a_change_mid_scan)
{
    /* Rows already scanned change mid-frame, so the frame before the first
     * steady one shows the old rows; frames are skipped; then a write late
     * in a frame pays the debt from a kept phase of the steady frame: the
     * frame finished after it must show the new rows throughout, as the
     * plain run's. Then the same at every phase of a frame. */
    sim_harness_t *plain = harness(), *fast = harness();
    sim_harness_set_fast_forward(fast, 1);
    uint16_t *a = fb(plain, 0), *b = fb(fast, 0);
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        a[i] = b[i] = (uint16_t)(i * 2654435761u >> 16);
    const uint64_t line = 1600;
    auto run_to = [&](uint64_t c) {
        for (sim_harness_t *s : {plain, fast})
            sim_harness_run(s, c - sim_harness_cycles(s));
    };
    for (int k = 15; k >= 0; k--) {
        /* rows 0-49 changed while line 300 is scanned */
        const uint64_t f0 = (sim_harness_cycles(fast) - 4) / FRAME_CYCLES + 2;
        run_to(4 + f0 * FRAME_CYCLES + 300 * line);
        for (int i = 0; i < 50 * HAL_FB_WIDTH; i++)
            a[i] = b[i] = (uint16_t)~a[i];
        /* 4 frames on, then a write at phase k (and a bit) of a frame */
        const uint64_t f = f0 + 4;
        const uint64_t before = sim_harness_skipped_frames(fast);
        run_to(4 + f * FRAME_CYCLES + 500 * line + (uint64_t)k * (FRAME_CYCLES / 16) + 777);
        cr_expect_gt(sim_harness_skipped_frames(fast), before, "phase %d: nothing skipped", k);
        for (sim_harness_t *s : {plain, fast})
            sim_harness_reg_write(s, REG_RESERVED, 0);
        /* the frame being scanned when the debt was paid, once complete */
        const uint64_t done = sim_harness_frames_done(plain);
        while (sim_harness_frames_done(plain) == done)
            run_to(sim_harness_cycles(plain) + 10000);
        expect_same(plain, fast, k);
        for (sim_harness_t *s : {plain, fast})
            sim_harness_run(s, FRAME_CYCLES);
        expect_same(plain, fast, k);
    }
    expect_same_state(plain, fast);
    sim_harness_free(plain);
    sim_harness_free(fast);
}

/* A clip's words from its ROM image (tools/wav2vh.py: one 4-digit hex
 * word a line), read here independently of the model. */
std::vector<int16_t> clip_words(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.vh", sim_harness_sound_dir(), name);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot read %s", path);
    std::vector<int16_t> w;
    unsigned v;
    while (fscanf(f, "%x", &v) == 1)
        w.push_back((int16_t)(uint16_t)v);
    fclose(f);
    return w;
}

/* Both harnesses clocked n cycles in the console's 4 ms steps (and a
 * remainder). */
void run_both(sim_harness_t *plain, sim_harness_t *fast, uint64_t n, uint64_t step = 200000)
{
    while (n > 0) {
        const uint64_t k = n < step ? n : step;
        sim_harness_run(plain, k);
        sim_harness_run(fast, k);
        n -= k;
    }
}

Test(fast_forward, sound_playing_is_skipped_and_exact, .timeout = 300)
{
    /* A still screen while sounds play: a clip started, cut short by the
     * next, another stopped mid-clip, one that plays out while a swap is
     * requested.  The skipping harness must skip most of those frames
     * and still agree with the plain one on every sample (value and
     * clock), every frame, every register, the whole state, and then
     * every pin clock by clock; and what it played must be the ROM
     * images' words, one every 6,250 clocks. */
    sim_harness_t *plain = harness(), *fast = harness();
    cr_assert_eq(sim_harness_set_fast_forward(fast, 1), 0);
    two_pictures(plain, fast, 77);
    std::vector<int16_t> heard;
    std::vector<uint64_t> heard_at;
    struct cmd_t {
        uint64_t cycle;
        uint32_t clip;
    };
    std::vector<cmd_t> cmds;
    auto command = [&](uint32_t clip) {
        cmds.push_back(cmd_t{sim_harness_cycles(fast), clip});
        sim_harness_reg_write(plain, REG_AUDIO_CMD, clip);
        sim_harness_reg_write(fast, REG_AUDIO_CMD, clip);
    };
    int step = 0;
    run_both(plain, fast, 3 * FRAME_CYCLES);
    const uint64_t skipped0 = sim_harness_skipped_frames(fast);

    command(4); /* game over, 1.5 s */
    run_both(plain, fast, 20 * FRAME_CYCLES + 4321);
    cr_expect_geq(sim_harness_skipped_frames(fast) - skipped0, 15u,
                  "only %llu of 20 frames skipped while the clip played",
                  (unsigned long long)(sim_harness_skipped_frames(fast) - skipped0));
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);

    command(2); /* capture cuts it short, mid-clip, while skipping */
    run_both(plain, fast, 9 * FRAME_CYCLES, 123457);
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);
    cr_expect_eq(sim_harness_reg_read(plain, REG_AUDIO_STATUS),
                 sim_harness_reg_read(fast, REG_AUDIO_STATUS));

    command(0); /* stopped mid-clip */
    run_both(plain, fast, 4 * FRAME_CYCLES + 17, 50000);
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);

    command(3); /* illegal, 0.15 s, interrupted by nothing */
    run_both(plain, fast, 2 * FRAME_CYCLES + 999);
    for (sim_harness_t *s : {plain, fast}) { /* a swap while it plays */
        sim_harness_reg_write(s, REG_FB_ADDR_HI, 0xC1);
        sim_harness_reg_write(s, REG_VGA_CTRL, 1);
    }
    cr_expect_eq(sim_harness_reg_read(plain, REG_VGA_CTRL), sim_harness_reg_read(fast, REG_VGA_CTRL));
    run_both(plain, fast, 5 * FRAME_CYCLES, 1000000);
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);
    cr_expect_eq(sim_harness_reg_read(plain, REG_AUDIO_CMD),
                 sim_harness_reg_read(fast, REG_AUDIO_CMD), "the clip playing");
    run_both(plain, fast, 10 * FRAME_CYCLES + 5); /* past its end */
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);

    /* A clip waited out by polling AUDIO_STATUS every 1 ms, as the console
     * does before it quits, with a VGA_STATUS read now and then: reads
     * neither stop the skipping nor change what is heard. */
    run_both(plain, fast, 3 * FRAME_CYCLES);
    command(1);
    const uint64_t skipped1 = sim_harness_skipped_frames(fast);
    for (int i = 0; i < 3000; i++) {
        const uint32_t busy = sim_harness_reg_read(plain, REG_AUDIO_STATUS);
        cr_assert_eq(sim_harness_reg_read(fast, REG_AUDIO_STATUS), busy, "poll %d", i);
        if (i % 97 == 50)
            cr_assert_eq(sim_harness_reg_read(plain, REG_VGA_STATUS),
                         sim_harness_reg_read(fast, REG_VGA_STATUS), "poll %d", i);
        if (!(busy & 1))
            break;
        run_both(plain, fast, 50000);
    }
    cr_expect_geq(sim_harness_skipped_frames(fast) - skipped1, 5u,
                  "only %llu frames skipped while polling a 0.2 s clip",
                  (unsigned long long)(sim_harness_skipped_frames(fast) - skipped1));
    expect_same_state(plain, fast); /* avs_readdata holds the last poll's answer */
    for (sim_harness_t *s : {plain, fast})
        sim_harness_reg_write(s, REG_RESERVED, 0); /* a write: the debt is paid */
    expect_same(plain, fast, step++, &heard, &heard_at);
    expect_same_state(plain, fast);
    cr_expect_eq(sim_harness_reg_read(plain, REG_AUDIO_STATUS), 0u, "still busy after the clip");
    cr_expect_eq(sim_harness_reg_read(fast, REG_AUDIO_STATUS), 0u, "still busy after the clip");
    cr_expect_eq(sim_harness_reg_read(plain, REG_VGA_STATUS),
                 sim_harness_reg_read(fast, REG_VGA_STATUS));
    expect_same_state(plain, fast);

    /* What was heard, against the ROM images: each command's samples are
     * a prefix of its clip (the whole clip for the last), the first taken
     * 6,250 clocks after the command's write, one every 6,250 after. */
    static const char *const names[] = {"", "place", "capture", "illegal", "gameover"};
    size_t at = 0;
    for (size_t c = 0; c < cmds.size(); c++) {
        const uint64_t end = c + 1 < cmds.size() ? cmds[c + 1].cycle : UINT64_MAX;
        size_t n = 0;
        while (at + n < heard.size() && heard_at[at + n] < end)
            n++;
        if (cmds[c].clip == 0) {
            cr_expect_eq(n, 0u, "samples after a stop");
        } else {
            const std::vector<int16_t> w = clip_words(names[cmds[c].clip]);
            cr_expect(n <= w.size() && n > 0, "command %zu: %zu samples", c, n);
            if (c + 1 == cmds.size())
                cr_expect_eq(n, w.size(), "the last clip is played whole");
            for (size_t i = 0; i < n && i < w.size(); i++) {
                cr_expect_eq(heard[at + i], w[i], "command %zu: sample %zu", c, i);
                cr_expect_eq(heard_at[at + i], cmds[c].cycle + 6250 * (i + 1),
                             "command %zu: sample %zu at clock %llu", c, i,
                             (unsigned long long)heard_at[at + i]);
            }
        }
        at += n;
    }
    cr_expect_eq(at, heard.size());

    for (uint64_t i = 0; i < FRAME_CYCLES + 5000; i++) {
        sim_harness_run(plain, 1);
        sim_harness_run(fast, 1);
        if (!(pins(sim_harness_model(plain)) == pins(sim_harness_model(fast))))
            cr_assert_fail("pins differ %llu clocks after the sounds", (unsigned long long)i);
    }
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, sound_state_exact_at_every_phase_of_a_sample, .timeout = 300)
{
    /* The model's audio registers, and the signals Verilator derives from
     * them, as the skip leaves them, on each clock around a sample being
     * taken (the timer at 6,246..6,249, 0..3): looked at while a debt runs. */
    sim_harness_t *plain = harness(), *fast = harness();
    sim_harness_set_fast_forward(fast, 1);
    run_both(plain, fast, 3 * FRAME_CYCLES);
    const uint64_t c0 = sim_harness_cycles(fast);
    for (sim_harness_t *s : {plain, fast})
        sim_harness_reg_write(s, REG_AUDIO_CMD, 4); /* 1.5 s */
    for (int d = -4; d <= 4; d++) {
        run_both(plain, fast, 3 * FRAME_CYCLES);
        const uint64_t now = sim_harness_cycles(fast);
        const uint64_t k = (now - c0) / 6250 + 2 + 140; /* over a frame on */
        const uint64_t target = c0 + 6250 * k + (uint64_t)(int64_t)d;
        const uint64_t skipped = sim_harness_skipped_frames(fast);
        run_both(plain, fast, target - now, 70001);
        cr_expect_gt(sim_harness_skipped_frames(fast), skipped, "phase %d: nothing skipped", d);
        expect_same(plain, fast, d);
        expect_same_state(plain, fast);
    }
    sim_harness_free(plain);
    sim_harness_free(fast);
}

Test(fast_forward, sound_with_sinks_not_always_ready_is_clocked)
{
    /* With a ready pattern the audio path depends on the clock: it is
     * clocked, and the frames it plays over are not skipped. */
    sim_harness_t *s = harness();
    sim_harness_set_fast_forward(s, 1);
    sim_bus_config_t cfg;
    cfg.ready = {3, 3, 0, 1, 3, 2};
    sim_harness_set_bus(s, &cfg);
    sim_harness_run(s, 3 * FRAME_CYCLES);
    sim_harness_reg_write(s, REG_AUDIO_CMD, 4); /* game over: 1.5 s */
    const uint64_t before = sim_harness_skipped_frames(s);
    for (int i = 0; i < 30; i++)
        sim_harness_run(s, FRAME_CYCLES);
    cr_expect_eq(sim_harness_skipped_frames(s), before, "frames skipped under back-pressure");
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
    two_pictures(one, two, 5);
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

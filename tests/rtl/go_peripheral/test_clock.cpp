/*
 * test_clock.cpp - the harness's one-eval clock (sim/rtl/sim_go_peripheral.sv,
 * docs/sim.md "The clock") against a plain two-phase clock.
 *
 * An untraced harness gives each clock as one change of the wrapper's tick
 * input (one eval); a traced one toggles its plain clk (two evals, clk low
 * then high), the textbook way.  Given the same inputs, every pin must be
 * the same after every clock: frames with line fetches, swaps, sounds,
 * register reads and writes, and bus wait states.  The source of truth is
 * the two-phase clock.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vector>

#include "Vgo_peripheral.h"
#include "sim_harness.h"
#include "tb_util.h"

extern "C" {
#include "hal.h"
}

namespace {

constexpr uint64_t FRAME_CYCLES = 525ull * 800 * 2;
constexpr uint32_t FB1_MASTER = 0x01000000; /* FB_ADDR_HI 0xC1 */

/* The same two different pictures in both harnesses' buffers (0xC0, 0xC1). */
void two_pictures(sim_harness_t *x, sim_harness_t *y, uint32_t seed)
{
    for (uint32_t addr : {0u, FB1_MASTER}) {
        lcg_t fill{seed + (addr ? 0x9E3779B9u : 0u)};
        uint16_t *a = reinterpret_cast<uint16_t *>(sim_harness_sdram(x, addr, HAL_FB_BYTES));
        uint16_t *b = reinterpret_cast<uint16_t *>(sim_harness_sdram(y, addr, HAL_FB_BYTES));
        for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
            a[i] = b[i] = (uint16_t)fill.next();
    }
}

/* Every output pin of the model, packed. */
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
                      (uint32_t)m->avm_burstcount << 18 | (uint32_t)m->vga_underrun << 22,
                  m->avm_address, m->avs_readdata,
                  (uint32_t)m->aso_left_data | (uint32_t)m->aso_left_valid << 16 |
                      (uint32_t)m->aso_right_valid << 17 | (uint32_t)m->aso_right_data << 18};
}

/* Runs both harnesses clock by clock through n clocks of random register
 * traffic, checking every pin after every clock. */
void lockstep(sim_harness_t *one, sim_harness_t *two, uint64_t n, uint32_t seed)
{
    Vgo_peripheral *ma = sim_harness_model(one), *mb = sim_harness_model(two);
    lcg_t r{seed};
    for (uint64_t i = 0; i < n; i++) {
        const uint32_t op = r.next() % 4000;
        if (op < 3) {
            const uint32_t cmd = r.next() % 8, hi = (r.next() & 1) ? 0xC1 : 0xC0;
            for (sim_harness_t *s : {one, two}) {
                sim_harness_reg_write(s, GP_REG_AUDIO_CMD, cmd);
                sim_harness_reg_write(s, GP_REG_FB_ADDR_HI, hi);
                sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);
            }
        } else if (op < 20) {
            const uint32_t off = 4 * (r.next() % 8);
            cr_assert_eq(sim_harness_reg_read(one, off), sim_harness_reg_read(two, off),
                         "read of 0x%02x at clock %llu", off, (unsigned long long)i);
        }
        sim_harness_run(one, 1);
        sim_harness_run(two, 1);
        if (!(pins(ma) == pins(mb)))
            cr_assert_fail("pins differ at clock %llu", (unsigned long long)i);
    }
    cr_assert_eq(sim_harness_cycles(one), sim_harness_cycles(two));
    std::vector<int16_t> la, lb;
    std::vector<uint64_t> ca, cb;
    sim_harness_take_audio(one, &la, nullptr, &ca);
    sim_harness_take_audio(two, &lb, nullptr, &cb);
    cr_expect(la == lb && ca == cb, "audio: %zu vs %zu samples", la.size(), lb.size());
    cr_expect_eq(sim_harness_frames_done(one), sim_harness_frames_done(two));
    if (sim_harness_frames_done(one))
        cr_expect(memcmp(sim_harness_frame(one), sim_harness_frame(two),
                         2 * HAL_FB_WIDTH * HAL_FB_HEIGHT) == 0,
                  "the last frames differ");
}

/* A traced harness in a scratch folder of its own. */
struct traced_t {
    char dir[32] = "/tmp/tabletop_clock_XXXXXX";
    char path[64] = "";
    sim_harness_t *s = nullptr;
    traced_t()
    {
        cr_assert_not_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/t.fst", dir);
        s = harness(path);
    }
    ~traced_t()
    {
        sim_harness_free(s);
        unlink(path);
        rmdir(dir);
    }
};

} // namespace

Test(clock, one_eval_gives_the_pins_of_a_two_phase_clock, .timeout = 300)
{
    sim_harness_t *one = harness();
    traced_t two;
    cr_assert_eq(sim_harness_traced(one), 0);
    cr_assert_eq(sim_harness_traced(two.s), 1);
    two_pictures(one, two.s, 5);
    lockstep(one, two.s, FRAME_CYCLES + 40000, 11);
    sim_harness_free(one);
}

Test(clock, one_eval_gives_the_pins_of_a_two_phase_clock_under_wait_states, .timeout = 300)
{
    sim_harness_t *one = harness();
    traced_t two;
    sim_bus_config_t bus;
    bus.read_latency = 5;
    lcg_t r{3};
    for (int i = 0; i < 211; i++)
        bus.waitreq.push_back(r.next() % 10 < 3);
    for (int i = 0; i < 307; i++)
        bus.gaps.push_back(r.next() % 10 < 2);
    for (int i = 0; i < 13; i++)
        bus.ready.push_back((uint8_t)(r.next() % 4));
    sim_harness_set_bus(one, &bus);
    sim_harness_set_bus(two.s, &bus);
    two_pictures(one, two.s, 9);
    lockstep(one, two.s, FRAME_CYCLES / 2, 17);
    sim_harness_free(one);
}

// ss_parity.cpp - the seven-segment display: a testbench of the RTL
// (rtl/seven_seg, Verilated) against the register map of docs/seven_seg.md
// and the DE1-SoC's pin convention, then the C model of the sdl backend
// (hal/models/seven_seg_model.c) against the RTL over random register writes and
// reads: every read word and all 42 pins after every access.  Prints TAP.
//
// usage: ss_parity [ACCESSES] [SEED]
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "Vseven_seg.h"
#include "verilated.h"

extern "C" {
#include "models/seven_seg_model.h"
}

static Vseven_seg *dut;
static ss_model_t model;
static int n_test, n_fail;

static void ok(int cond, const char *what)
{
    n_test++;
    if (!cond)
        n_fail++;
    printf("%s %d - %s\n", cond ? "ok" : "not ok", n_test, what);
}

static void tick()
{
    dut->clk = 0;
    dut->eval();
    dut->clk = 1;
    dut->eval();
}

static void wr(int word, uint32_t v)
{
    dut->avs_address = word;
    dut->avs_writedata = v;
    dut->avs_write = 1;
    tick();
    dut->avs_write = 0;
    ss_model_write(&model, 4u * (uint32_t)word, v);
}

static uint32_t rd(int word)
{
    dut->avs_address = word;
    dut->avs_read = 1;
    tick();
    dut->avs_read = 0;
    return dut->avs_readdata;
}

static void rtl_pins(uint8_t p[6])
{
    p[0] = dut->hex0_n;
    p[1] = dut->hex1_n;
    p[2] = dut->hex2_n;
    p[3] = dut->hex3_n;
    p[4] = dut->hex4_n;
    p[5] = dut->hex5_n;
}

// A small xorshift: the same sequence on every machine.
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

int main(int argc, char **argv)
{
    long accesses = argc > 1 ? atol(argv[1]) : 100000;
    if (argc > 2)
        rng_state ^= (uint64_t)atoll(argv[2]);
    VerilatedContext ctx;
    dut = new Vseven_seg(&ctx, "seven_seg");
    dut->rst = 1;
    tick();
    tick();
    dut->rst = 0;
    ss_model_reset(&model);

    // ---- testbench: the register map and the pins, from docs/seven_seg.md
    uint8_t p[6];
    rtl_pins(p);
    int dark = 1;
    for (int i = 0; i < 6; i++)
        dark &= p[i] == 0x7F;
    ok(dark, "after reset every HEX pin is high: all 42 segments dark (active low)");
    // DE1-SoC convention: HEXn[k] is segment k, a..g = 0..6, lit when low.
    // "0" lights a..f: every pin low but HEXn[6] (g).
    for (int i = 0; i < 6; i++)
        wr(i, 0x3F);
    rtl_pins(p);
    int zero = 1;
    for (int i = 0; i < 6; i++)
        zero &= p[i] == 0x40;
    ok(zero, "DIGITn = 0x3F (a..f lit) leaves only HEXn[6] (g) high on each digit");
    wr(2, 0xFFFFFF40);
    rtl_pins(p);
    ok(p[2] == 0x3F && rd(2) == 0x40, "DIGIT2 keeps [6:0] only: bit 7 and up ignored, read 0");
    wr(6, 0x01020408);
    rtl_pins(p);
    ok(p[0] == (0x7F & ~0x08) && p[1] == (0x7F & ~0x04) && p[2] == (0x7F & ~0x02) &&
           p[3] == (0x7F & ~0x01) && p[4] == 0x40 && p[5] == 0x40,
       "HEX3_HEX0 sets HEX0..HEX3 from its four bytes and leaves HEX4/HEX5");
    ok(rd(6) == 0x01020408 && rd(0) == 0x08 && rd(3) == 0x01,
       "HEX3_HEX0 reads back, and so do the digits it wrote");
    wr(7, 0xFFFF8081);
    rtl_pins(p);
    ok(p[4] == 0x7E && p[5] == 0x7F && rd(7) == 0x0001 && rd(4) == 0x01 && rd(5) == 0x00,
       "HEX5_HEX4 sets HEX4 and HEX5 from bytes 0 and 1, bit 7 of each ignored");
    ok(rd(1) == 0x04 && rd(6) == 0x01020408, "HEX5_HEX4 leaves HEX0..HEX3 alone");

    // ---- parity: the model against the RTL, random accesses
    long mismatches = 0, first = -1;
    for (long n = 0; n < accesses; n++) {
        int word = (int)(rnd() & 7);
        if (rnd() & 1) {
            uint32_t v = rnd() << 16 ^ rnd();
            wr(word, v);
        } else {
            uint32_t r = rd(word), m = ss_model_read(&model, 4u * (uint32_t)word);
            if (r != m && mismatches++ == 0)
                first = n;
        }
        uint8_t mp[6];
        rtl_pins(p);
        ss_model_pins(&model, mp);
        for (int i = 0; i < 6; i++)
            if (p[i] != mp[i] && mismatches++ == 0)
                first = n;
    }
    char what[160];
    snprintf(what, sizeof what,
             "model = RTL over %ld random accesses (reads and 42 pins after each)%s", accesses,
             mismatches ? ": MISMATCH" : "");
    ok(mismatches == 0, what);
    if (mismatches)
        printf("# %ld mismatches, the first at access %ld\n", mismatches, first);
    dut->final();
    delete dut;
    printf("1..%d\n", n_test);
    return n_fail ? 1 : 0;
}

// lu_parity.cpp - the C model of the link UART (hal/models/link_uart_model.c, the
// sdl backend) against the RTL (rtl/link_uart, Verilated): the same register
// operations on both, compared once every byte has had time to cross (the
// model is exact per byte, not per clock: docs/link.md).  Prints TAP.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "Vlink_uart.h"
#include "verilated.h"

extern "C" {
#include "models/link_uart_model.h"
}

static Vlink_uart *dut;
static uint64_t now; // the shared system clock
static lu_model_t model;

static void tick()
{
    dut->uart_rx = 1;
    dut->clk = 0;
    dut->eval();
    dut->clk = 1;
    dut->eval();
    now++;
}

static void run(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        tick();
    lu_model_run(&model, now);
}

static void wr(int word, uint32_t v)
{
    dut->avs_address = word;
    dut->avs_writedata = v;
    dut->avs_write = 1;
    lu_model_run(&model, now);
    lu_model_write(&model, 4u * (uint32_t)word, v);
    tick();
    dut->avs_write = 0;
}

// Reads both; returns 1 if they agree (mask: the bits compared).
static int rd_both(int word, uint32_t mask, uint32_t *rtl, uint32_t *mdl)
{
    dut->avs_address = word;
    dut->avs_read = 1;
    lu_model_run(&model, now);
    *mdl = lu_model_read(&model, 4u * (uint32_t)word);
    tick();
    dut->avs_read = 0;
    *rtl = dut->avs_readdata;
    return ((*rtl ^ *mdl) & mask) == 0;
}

static int n_test, n_fail;
static void check(bool ok, const char *name)
{
    n_test++;
    n_fail += !ok;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", n_test, name);
}

// Drains DATA on both; 1 if every read agrees.
static int drain_same(const char *what)
{
    for (int i = 0; i < 40; i++) {
        uint32_t a, b;
        if (!rd_both(0, 0x1FF, &a, &b)) {
            printf("# %s: DATA read %d: RTL 0x%03X, model 0x%03X\n", what, i, a, b);
            return 0;
        }
        if (!(a & 0x100))
            return 1;
    }
    return 1;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    dut = new Vlink_uart;
    dut->rst = 1;
    for (int i = 0; i < 4; i++)
        tick();
    dut->rst = 0;
    lu_model_reset(&model);
    run(6000);
    uint32_t a, b;
    const uint32_t BYTE = 160u * 326u + 200u; // one byte on the line, and some

    check(rd_both(2, ~0u, &a, &b) && rd_both(3, ~0u, &a, &b) && rd_both(1, ~0u, &a, &b),
          "reset: DIVISOR, CONTROL and STATUS agree");

    // Loopback, 5 bytes: after they cross, the same FIFO, counts and flags.
    wr(3, 1);
    for (int i = 0; i < 5; i++)
        wr(0, (uint32_t)(0x30 + i));
    run(6 * BYTE);
    check(rd_both(1, ~0u, &a, &b), "loopback, 5 bytes: STATUS agrees once they crossed");
    check(drain_same("loopback 5"), "loopback, 5 bytes: DATA reads agree, byte for byte");

    // 20 bytes at once: the TX FIFO takes 16 plus the one in the shifter,
    // the RX FIFO keeps 16 and flags the overrun.
    for (int i = 0; i < 20; i++)
        wr(0, (uint32_t)(0x60 + i));
    run(22 * BYTE);
    check(rd_both(1, ~0u, &a, &b), "20 bytes into full FIFOs: STATUS (counts, overrun) agrees");
    if (a != b)
        printf("# RTL 0x%08X model 0x%08X\n", a, b);
    check(drain_same("overrun"), "20 bytes: the 16 kept agree");
    wr(1, 0x18);
    check(rd_both(1, ~0u, &a, &b), "sticky bits cleared on both");

    // Another divisor: 115200 baud.
    wr(2, 27);
    check(rd_both(2, ~0u, &a, &b), "DIVISOR 27 reads back on both");
    for (int i = 0; i < 8; i++)
        wr(0, (uint32_t)(0xA0 + i));
    run(10 * (160u * 27u + 50u));
    check(rd_both(1, ~0u, &a, &b) && drain_same("div 27"), "8 bytes at DIVISOR 27 agree");

    printf("1..%d\n", n_test);
    dut->final();
    delete dut;
    return n_fail ? 1 : 0;
}

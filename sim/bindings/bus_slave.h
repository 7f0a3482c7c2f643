/*
 * bindings/bus_slave.h - the clock-and-bus block every Verilated
 * peripheral of the sim backend shares: one model in its own context, the
 * two-phase clock, reset, and one Avalon-MM slave transaction per access
 * (read latency 1, the slave never waits), word addressed on an
 * ADDR_BITS-wide avs_address.  Each binding holds one and adds its own
 * catch-up rule (what an idle gap may skip) and its pins.
 *
 *   sim_bus_slave<Vgo_rules, GO_RULES_ADDR_BITS> s;
 *   s.make("go_rules"); s.reset(4);  four clocks of reset
 *   v = s.bus_read(word);            one clock
 *   s.close();
 */
#ifndef TABLETOP_SIM_BUS_SLAVE_H
#define TABLETOP_SIM_BUS_SLAVE_H

#include <stdint.h>

#include <memory>

#include "verilated.h"

template <class Top, unsigned ADDR_BITS> struct sim_bus_slave {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Top> top;
    uint64_t cycle = 0; /* the caller's clock this model has reached */
    uint64_t run = 0;   /* clocks simulated since it was made */

    /* Builds the model with its bus idle (then set its other inputs). */
    void make(const char *name)
    {
        ctx.reset(new VerilatedContext());
        top.reset(new Top(ctx.get(), name));
        top->avs_address = 0;
        top->avs_read = 0;
        top->avs_write = 0;
        top->avs_writedata = 0;
    }

    /* Holds rst high for n clocks. */
    void reset(int n)
    {
        top->rst = 1;
        for (int i = 0; i < n; i++)
            tick();
        top->rst = 0;
    }

    void close() { top->final(); }

    /* One clock: inputs settle while clk is low, then the rising edge. */
    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        run++;
    }

    /* One read transaction: the word's value, valid the clock after avs_read. */
    uint32_t bus_read(uint32_t word)
    {
        top->avs_address = word & ((1u << ADDR_BITS) - 1u);
        top->avs_read = 1;
        tick();
        top->avs_read = 0;
        return top->avs_readdata;
    }

    /* One write transaction. */
    void bus_write(uint32_t word, uint32_t value)
    {
        top->avs_address = word & ((1u << ADDR_BITS) - 1u);
        top->avs_writedata = value;
        top->avs_write = 1;
        tick();
        top->avs_write = 0;
    }
};

#endif

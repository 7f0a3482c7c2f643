/*
 * bindings/bus_slave.h - the clock-and-bus block every Verilated
 * peripheral of the sim backend shares: one model in its own context, the
 * two-phase clock, reset, and one Avalon-MM slave transaction per access
 * (read latency 1, the slave never waits) at a byte offset inside the
 * peripheral's span, as the C models take it, put on the ADDR_BITS-wide
 * word address avs_address.  Each binding holds one and adds its own
 * catch-up rule (what an idle gap may skip) and its pins.
 *
 *   sim_bus_slave<Vgo_rules, GO_RULES_ADDR_BITS> s;
 *   s.make("go_rules"); s.reset(4);  four clocks of reset
 *   v = s.bus_read(GO_RULES_REG_STATUS);  one clock
 *   s.close();
 *
 * A binding type S derives from it and may replace catch_up(now) (the
 * default: nothing moves between accesses), and may drive and watch its
 * own pins around every clock edge (pins_in, pins_out: the link UART's).  The templates below are its
 * C API's bodies: sim_read_at/sim_write_at (catch up to now, one bus
 * transaction, the clock it took), sim_run_for (n clocks, counted),
 * sim_new, sim_free; SIM_BUS_BINDING defines its periph_binding_t row.
 */
#ifndef TABLETOP_SIM_BUS_SLAVE_H
#define TABLETOP_SIM_BUS_SLAVE_H

#include <stddef.h>
#include <stdint.h>

#include <memory>

#include "periph.h"
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

    virtual ~sim_bus_slave() = default;
    /* The binding's pins around every clock: inputs set while clk is low,
     * outputs seen after the edge (none by default). */
    virtual void pins_in() {}
    virtual void pins_out() {}

    /* Brings the model to the caller's clock now (a binding's own rule
     * hides this one): nothing moves with time, so nothing to run. */
    void catch_up(uint64_t) {}

    /* One clock: inputs settle while clk is low, then the rising edge. */
    void tick()
    {
        pins_in();
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        run++;
        pins_out();
    }

    /* The word address of a byte offset, as the slave decodes it. */
    static uint32_t word_address(uint32_t offset) { return (offset >> 2) & ((1u << ADDR_BITS) - 1u); }

    /* One read transaction: the word's value, valid the clock after avs_read. */
    uint32_t bus_read(uint32_t offset)
    {
        top->avs_address = word_address(offset);
        top->avs_read = 1;
        tick();
        top->avs_read = 0;
        return top->avs_readdata;
    }

    /* One write transaction. */
    void bus_write(uint32_t offset, uint32_t value)
    {
        top->avs_address = word_address(offset);
        top->avs_writedata = value;
        top->avs_write = 1;
        tick();
        top->avs_write = 0;
    }
};

/* One read at the caller's clock now: catch up, the transaction, its clock. */
template <class S> uint32_t sim_read_at(S *s, uint64_t now, uint32_t offset)
{
    s->catch_up(now);
    uint32_t v = s->bus_read(offset);
    s->cycle++;
    return v;
}

/* One write at the caller's clock now: catch up, the transaction, its clock. */
template <class S> void sim_write_at(S *s, uint64_t now, uint32_t offset, uint32_t value)
{
    s->catch_up(now);
    s->bus_write(offset, value);
    s->cycle++;
}

/* Runs n clocks, each counted on the caller's clock. */
template <class S> void sim_run_for(S *s, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        s->tick();
        s->cycle++;
    }
}

/* A new S, made as name and held in reset for reset_clocks. */
template <class S> S *sim_new(const char *name, int reset_clocks)
{
    S *s = new S();
    s->make(name);
    s->reset(reset_clocks);
    return s;
}

/* Closes and deletes s (NULL: nothing). */
template <class S> void sim_free(S *s)
{
    if (!s)
        return;
    s->close();
    delete s;
}

/* The four functions of a periph_binding_t row for binding type T: open is
 * New(), close Free(inst), and read and write call Read(inst, now, offset)
 * and Write(inst, now, offset, value) with the byte offset (the
 * sim backend's counterpart of PERIPH_MODEL_BINDING in periph.h):
 *
 *   const periph_binding_t sim_x_binding =
 *       sim_bus_binding<sim_x_t, sim_x_new, sim_x_free, sim_x_reg_read, sim_x_reg_write>::row(ID);
 */
template <class T, T *(*New)(), void (*Free)(T *), uint32_t (*Read)(T *, uint64_t, uint32_t),
          void (*Write)(T *, uint64_t, uint32_t, uint32_t)>
struct sim_bus_binding {
    static void *open(char *, size_t) { return New(); }
    static void close(void *inst) { Free(static_cast<T *>(inst)); }
    static uint32_t read(void *inst, uint64_t now, uint32_t offset)
    {
        return Read(static_cast<T *>(inst), now, offset);
    }
    static void write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
    {
        Write(static_cast<T *>(inst), now, offset, value);
    }
    static constexpr periph_binding_t row(periph_id_t id) noexcept
    {
        return {id, open, close, read, write, nullptr};
    }
};

#endif

/* bindings/othello.cpp - the Verilated Othello machine, clocked lazily (othello.h). */
#include "othello.h"

#include "Vothello_machine.h"
#include "bus_slave.h"
#include "rtl/othello_regs.h"

struct sim_oth : sim_bus_slave<Vothello_machine, OTH_ADDR_BITS> {
    void idle(uint64_t n)
    {
        while (n && top->active) {
            tick();
            n--;
        }
    }

    void catch_up(uint64_t now)
    {
        if (cycle < now)
            idle(now - cycle);
        if (cycle < now)
            cycle = now;
    }

};

sim_oth_t *sim_oth_new(void)
{
    sim_oth_t *o = new sim_oth();
    o->make("othello_machine");
    o->reset(4);
    return o;
}

void sim_oth_free(sim_oth_t *o)
{
    if (!o)
        return;
    o->close();
    delete o;
}

uint32_t sim_oth_reg_read(sim_oth_t *o, uint64_t now, uint32_t offset)
{
    o->catch_up(now);
    uint32_t v = o->bus_read(offset >> 2);
    o->cycle++;
    return v;
}

void sim_oth_reg_write(sim_oth_t *o, uint64_t now, uint32_t offset, uint32_t value)
{
    o->catch_up(now);
    o->bus_write(offset >> 2, value);
    o->cycle++;
}

void sim_oth_tick(sim_oth_t *o, uint64_t n)
{
    o->idle(n);
    o->cycle += n;
}

namespace {

void *binding_open(char *, size_t)
{
    return sim_oth_new();
}

void binding_close(void *inst)
{
    sim_oth_free(static_cast<sim_oth_t *>(inst));
}

uint32_t binding_read(void *inst, uint64_t now, uint32_t offset)
{
    return sim_oth_reg_read(static_cast<sim_oth_t *>(inst), now, offset);
}

void binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_oth_reg_write(static_cast<sim_oth_t *>(inst), now, offset, value);
}

} // namespace

const periph_binding_t sim_oth_binding = {
    PERIPH_OTHELLO, binding_open, binding_close, binding_read, binding_write, nullptr,
};

/* bindings/othello.cpp - the Verilated Othello machine, clocked lazily (othello.h). */
#include "othello.h"

#include <memory>

#include "Vothello_machine.h"
#include "verilated.h"

struct sim_oth {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vothello_machine> top;
    uint64_t cycle = 0; /* the caller's clock this model has reached */

    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
    }

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

    uint32_t access(int read, int write, uint32_t offset, uint32_t value)
    {
        top->avs_address = (offset >> 2) & 7u;
        top->avs_read = (uint8_t)read;
        top->avs_write = (uint8_t)write;
        top->avs_writedata = value;
        tick();
        top->avs_read = 0;
        top->avs_write = 0;
        cycle++;
        return top->avs_readdata;
    }
};

sim_oth_t *sim_oth_new(void)
{
    sim_oth_t *o = new sim_oth();
    o->ctx.reset(new VerilatedContext());
    o->top.reset(new Vothello_machine(o->ctx.get(), "othello_machine"));
    Vothello_machine *t = o->top.get();
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->rst = 1;
    for (int i = 0; i < 4; i++)
        o->tick();
    t->rst = 0;
    return o;
}

void sim_oth_free(sim_oth_t *o)
{
    if (!o)
        return;
    o->top->final();
    delete o;
}

uint32_t sim_oth_reg_read(sim_oth_t *o, uint64_t now, uint32_t offset)
{
    o->catch_up(now);
    return o->access(1, 0, offset, 0);
}

void sim_oth_reg_write(sim_oth_t *o, uint64_t now, uint32_t offset, uint32_t value)
{
    o->catch_up(now);
    o->access(0, 1, offset, value);
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
    PERIPH_OTHELLO, binding_open, binding_close, binding_read, binding_write,
};

/* bindings/go_rules.cpp - the Verilated go_rules peripheral, clocked lazily (go_rules.h). */
#include "go_rules.h"

#include <memory>

#include "Vgo_rules.h"
#include "verilated.h"

struct sim_go_rules {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgo_rules> top;
    uint64_t cycle = 0; /* the caller's clock this model has reached */

    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
    }

    /* Brings the model to the caller's clock now: clocks while busy, then
     * nothing changes until the next access. */
    void catch_up(uint64_t now)
    {
        while (cycle < now && top->busy) {
            tick();
            cycle++;
        }
        if (cycle < now)
            cycle = now;
    }
};

sim_go_rules_t *sim_go_rules_new(void)
{
    sim_go_rules_t *g = new sim_go_rules();
    g->ctx.reset(new VerilatedContext());
    g->top.reset(new Vgo_rules(g->ctx.get(), "go_rules"));
    Vgo_rules *t = g->top.get();
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->rst = 1;
    for (int i = 0; i < 4; i++)
        g->tick();
    t->rst = 0;
    return g;
}

void sim_go_rules_free(sim_go_rules_t *g)
{
    if (!g)
        return;
    g->top->final();
    delete g;
}

uint32_t sim_go_rules_reg_read(sim_go_rules_t *g, uint64_t now, uint32_t word)
{
    g->catch_up(now);
    Vgo_rules *t = g->top.get();
    t->avs_address = word & 63;
    t->avs_read = 1;
    g->tick();
    t->avs_read = 0;
    g->cycle++;
    return t->avs_readdata; /* read latency 1 */
}

void sim_go_rules_reg_write(sim_go_rules_t *g, uint64_t now, uint32_t word, uint32_t value)
{
    g->catch_up(now);
    Vgo_rules *t = g->top.get();
    t->avs_address = word & 63;
    t->avs_writedata = value;
    t->avs_write = 1;
    g->tick();
    t->avs_write = 0;
    g->cycle++;
}

void sim_go_rules_tick(sim_go_rules_t *g, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++) {
        g->tick();
        g->cycle++;
    }
}

namespace {

void *binding_open(char *, size_t)
{
    return sim_go_rules_new();
}

void binding_close(void *inst)
{
    sim_go_rules_free(static_cast<sim_go_rules_t *>(inst));
}

uint32_t binding_read(void *inst, uint64_t now, uint32_t offset)
{
    return sim_go_rules_reg_read(static_cast<sim_go_rules_t *>(inst), now, offset >> 2);
}

void binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_go_rules_reg_write(static_cast<sim_go_rules_t *>(inst), now, offset >> 2, value);
}

} // namespace

const periph_binding_t sim_go_rules_binding = {
    PERIPH_GO_RULES, binding_open, binding_close, binding_read, binding_write,
};

/* bindings/go_rules.cpp - the Verilated go_rules peripheral, clocked lazily (go_rules.h). */
#include "go_rules.h"

#include "Vgo_rules.h"
#include "bus_slave.h"
#include "rtl/go_rules_regs.h"

struct sim_go_rules : sim_bus_slave<Vgo_rules, GO_RULES_ADDR_BITS> {
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
    g->make("go_rules");
    g->reset(4);
    return g;
}

void sim_go_rules_free(sim_go_rules_t *g)
{
    if (!g)
        return;
    g->close();
    delete g;
}

uint32_t sim_go_rules_reg_read(sim_go_rules_t *g, uint64_t now, uint32_t word)
{
    g->catch_up(now);
    uint32_t v = g->bus_read(word);
    g->cycle++;
    return v;
}

void sim_go_rules_reg_write(sim_go_rules_t *g, uint64_t now, uint32_t word, uint32_t value)
{
    g->catch_up(now);
    g->bus_write(word, value);
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
    PERIPH_GO_RULES, binding_open, binding_close, binding_read, binding_write, nullptr,
};

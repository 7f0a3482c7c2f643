/* bindings/go_rules_bind.cpp - the Verilated go_rules peripheral, clocked lazily (go_rules.h). */
#include "go_rules_bind.h"

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
    return sim_new<sim_go_rules>("go_rules", 4);
}

void sim_go_rules_free(sim_go_rules_t *g)
{
    sim_free(g);
}

uint32_t sim_go_rules_reg_read(sim_go_rules_t *g, uint64_t now, uint32_t offset)
{
    return sim_read_at(g, now, offset);
}

void sim_go_rules_reg_write(sim_go_rules_t *g, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_write_at(g, now, offset, value);
}

void sim_go_rules_tick(sim_go_rules_t *g, uint64_t n)
{
    sim_run_for(g, n);
}

const periph_binding_t sim_go_rules_binding =
    sim_bus_binding<sim_go_rules_t, sim_go_rules_new, sim_go_rules_free,
                    sim_go_rules_reg_read, sim_go_rules_reg_write>::row(PERIPH_GO_RULES);

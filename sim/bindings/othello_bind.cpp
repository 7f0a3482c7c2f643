/* bindings/othello_bind.cpp - the Verilated Othello machine, clocked lazily (othello.h). */
#include "othello_bind.h"

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
    return sim_new<sim_oth>("othello_machine", 4);
}

void sim_oth_free(sim_oth_t *o)
{
    sim_free(o);
}

uint32_t sim_oth_reg_read(sim_oth_t *o, uint64_t now, uint32_t offset)
{
    return sim_read_at(o, now, offset);
}

void sim_oth_reg_write(sim_oth_t *o, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_write_at(o, now, offset, value);
}

void sim_oth_tick(sim_oth_t *o, uint64_t n)
{
    o->idle(n);
    o->cycle += n;
}

const periph_binding_t sim_oth_binding =
    sim_bus_binding<sim_oth_t, sim_oth_new, sim_oth_free,
                    sim_read_at<sim_oth>, sim_write_at<sim_oth>>::row(PERIPH_OTHELLO);

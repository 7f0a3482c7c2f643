/* bindings/connect4_bind.cpp - the Verilated Connect Four mailbox, clocked lazily (connect4.h). */
#include "connect4_bind.h"

#include "Vconnect4_mailbox.h"
#include "bus_slave.h"
#include "rtl/connect4_regs.h"

struct sim_c4 : sim_bus_slave<Vconnect4_mailbox, C4_ADDR_BITS> {
    uint32_t pio = 0; /* the reset PIO beside the mailbox (C4_REG_RESET_PIO) */

    /* Brings the model to the caller's clock now. */
    void catch_up(uint64_t now)
    {
        if (now <= cycle)
            return;
        uint64_t n = now - cycle;
        /* Any computation ends within 38 clocks; after 64 the FSM
         * is in its 3-clock polling loop. */
        if (n > 64)
            n = 64 + (n - 64) % 3;
        for (uint64_t i = 0; i < n; i++)
            tick();
        cycle = now;
    }
};

sim_c4_t *sim_c4_new(void)
{
    sim_c4_t *c = new sim_c4();
    c->make("connect4_mailbox");
    c->top->ai_rst = 0;
    c->reset(4);
    return c;
}

void sim_c4_free(sim_c4_t *c)
{
    sim_free(c);
}

uint32_t sim_c4_reg_read(sim_c4_t *c, uint64_t now, uint32_t offset)
{
    if (offset < C4_REG_RESET_PIO)
        return sim_read_at(c, now, offset);
    c->catch_up(now);
    if (offset == C4_REG_RESET_PIO) /* the reset PIO: its output register reads back */
        return c->pio;
    return 0;
}

void sim_c4_reg_write(sim_c4_t *c, uint64_t now, uint32_t offset, uint32_t value)
{
    if (offset < C4_REG_RESET_PIO) {
        sim_write_at(c, now, offset, value);
        return;
    }
    c->catch_up(now);
    if (offset == C4_REG_RESET_PIO) { /* the reset PIO drives the mailbox's ai_rst */
        c->pio = value & C4_RESET_PIO_HOLD;
        c->top->ai_rst = (c->pio & C4_RESET_PIO_HOLD) != 0;
    }
}

uint64_t sim_c4_clocks_run(const sim_c4_t *c)
{
    return c->run;
}

const periph_binding_t sim_c4_binding =
    sim_bus_binding<sim_c4_t, sim_c4_new, sim_c4_free,
                    sim_c4_reg_read, sim_c4_reg_write>::row(PERIPH_CONNECT4);

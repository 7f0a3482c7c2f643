/* bindings/connect4.cpp - the Verilated Connect Four mailbox, clocked lazily (connect4.h). */
#include "connect4.h"

#include "Vconnect4_mailbox.h"
#include "bus_slave.h"
#include "rtl/connect4_regs.h"

struct sim_c4 : sim_bus_slave<Vconnect4_mailbox, C4_ADDR_BITS> {
    uint32_t pio = 0; /* the reset PIO beside the mailbox (word 8) */

    /* Brings the model to the caller's clock now. */
    void catch_up(uint64_t now)
    {
        if (now <= cycle)
            return;
        uint64_t n = now - cycle;
        /* Any computation ends within about 25 clocks; after 64 the FSM
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
    if (!c)
        return;
    c->close();
    delete c;
}

uint32_t sim_c4_reg_read(sim_c4_t *c, uint64_t now, uint32_t word)
{
    c->catch_up(now);
    if (word == C4_REG_RESET_PIO / 4) /* the reset PIO: its output register reads back */
        return c->pio;
    if (word > C4_REG_RESET_PIO / 4)
        return 0;
    uint32_t v = c->bus_read(word);
    c->cycle++;
    return v;
}

void sim_c4_reg_write(sim_c4_t *c, uint64_t now, uint32_t word, uint32_t value)
{
    c->catch_up(now);
    if (word == C4_REG_RESET_PIO / 4) { /* the reset PIO drives the mailbox's ai_rst */
        c->pio = value & C4_RESET_PIO_HOLD;
        c->top->ai_rst = c->pio & 1u;
        return;
    }
    if (word > C4_REG_RESET_PIO / 4)
        return;
    c->bus_write(word, value);
    c->cycle++;
}

uint64_t sim_c4_clocks_run(const sim_c4_t *c)
{
    return c->run;
}

namespace {

void *binding_open(char *, size_t)
{
    return sim_c4_new();
}

void binding_close(void *inst)
{
    sim_c4_free(static_cast<sim_c4_t *>(inst));
}

uint32_t binding_read(void *inst, uint64_t now, uint32_t offset)
{
    return sim_c4_reg_read(static_cast<sim_c4_t *>(inst), now, offset >> 2);
}

void binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_c4_reg_write(static_cast<sim_c4_t *>(inst), now, offset >> 2, value);
}

} // namespace

const periph_binding_t sim_c4_binding = {
    PERIPH_CONNECT4, binding_open, binding_close, binding_read, binding_write, nullptr,
};

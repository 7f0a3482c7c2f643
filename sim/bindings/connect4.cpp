/* bindings/connect4.cpp - the Verilated Connect Four mailbox, clocked lazily (connect4.h). */
#include "connect4.h"

#include <memory>

#include "Vconnect4_mailbox.h"
#include "verilated.h"

struct sim_c4 {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vconnect4_mailbox> top;
    uint64_t cycle = 0; /* the caller's clock this model has reached */
    uint64_t run = 0;   /* clocks actually simulated */
    uint32_t pio = 0;   /* the reset PIO beside the mailbox (word 8) */

    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        run++;
    }

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
    c->ctx.reset(new VerilatedContext());
    c->top.reset(new Vconnect4_mailbox(c->ctx.get(), "connect4_mailbox"));
    Vconnect4_mailbox *t = c->top.get();
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->ai_rst = 0;
    t->rst = 1;
    for (int i = 0; i < 4; i++)
        c->tick();
    t->rst = 0;
    return c;
}

void sim_c4_free(sim_c4_t *c)
{
    if (!c)
        return;
    c->top->final();
    delete c;
}

uint32_t sim_c4_reg_read(sim_c4_t *c, uint64_t now, uint32_t word)
{
    c->catch_up(now);
    Vconnect4_mailbox *t = c->top.get();
    if (word == 8) /* the reset PIO: its output register reads back */
        return c->pio;
    if (word > 8)
        return 0;
    t->avs_address = word & 7;
    t->avs_read = 1;
    c->tick();
    t->avs_read = 0;
    c->cycle++;
    return t->avs_readdata; /* read latency 1 */
}

void sim_c4_reg_write(sim_c4_t *c, uint64_t now, uint32_t word, uint32_t value)
{
    c->catch_up(now);
    Vconnect4_mailbox *t = c->top.get();
    if (word == 8) { /* the reset PIO drives the mailbox's ai_rst */
        c->pio = value & 1u;
        t->ai_rst = c->pio & 1u;
        return;
    }
    if (word > 8)
        return;
    t->avs_address = word & 7;
    t->avs_writedata = value;
    t->avs_write = 1;
    c->tick();
    t->avs_write = 0;
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
    PERIPH_CONNECT4, binding_open, binding_close, binding_read, binding_write,
};

/* bindings/seven_seg.cpp - the Verilated seven-segment display (seven_seg.h). */
#include "seven_seg.h"

#include <memory>

#include "Vseven_seg.h"
#include "verilated.h"

struct sim_ss {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vseven_seg> top;

    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
    }
};

sim_ss_t *sim_ss_new(void)
{
    sim_ss_t *s = new sim_ss();
    s->ctx.reset(new VerilatedContext());
    s->top.reset(new Vseven_seg(s->ctx.get(), "seven_seg"));
    Vseven_seg *t = s->top.get();
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->rst = 1;
    for (int i = 0; i < 2; i++)
        s->tick();
    t->rst = 0;
    return s;
}

void sim_ss_free(sim_ss_t *s)
{
    if (!s)
        return;
    s->top->final();
    delete s;
}

uint32_t sim_ss_reg_read(sim_ss_t *s, uint32_t word)
{
    Vseven_seg *t = s->top.get();
    t->avs_address = word & 7;
    t->avs_read = 1;
    s->tick();
    t->avs_read = 0;
    return t->avs_readdata; /* read latency 1 */
}

void sim_ss_reg_write(sim_ss_t *s, uint32_t word, uint32_t value)
{
    Vseven_seg *t = s->top.get();
    t->avs_address = word & 7;
    t->avs_writedata = value;
    t->avs_write = 1;
    s->tick();
    t->avs_write = 0;
}

void sim_ss_pins(sim_ss_t *s, uint8_t hex_n[6])
{
    Vseven_seg *t = s->top.get();
    hex_n[0] = t->hex0_n;
    hex_n[1] = t->hex1_n;
    hex_n[2] = t->hex2_n;
    hex_n[3] = t->hex3_n;
    hex_n[4] = t->hex4_n;
    hex_n[5] = t->hex5_n;
}

namespace {

void *binding_open(char *, size_t)
{
    return sim_ss_new();
}

void binding_close(void *inst)
{
    sim_ss_free(static_cast<sim_ss_t *>(inst));
}

uint32_t binding_read(void *inst, uint64_t, uint32_t offset)
{
    return sim_ss_reg_read(static_cast<sim_ss_t *>(inst), offset >> 2);
}

void binding_write(void *inst, uint64_t, uint32_t offset, uint32_t value)
{
    sim_ss_reg_write(static_cast<sim_ss_t *>(inst), offset >> 2, value);
}

void binding_hex_pins(void *inst, uint64_t, uint8_t hex_n[6])
{
    sim_ss_pins(static_cast<sim_ss_t *>(inst), hex_n);
}

} // namespace

const periph_binding_t sim_ss_binding = {
    PERIPH_SEVEN_SEG, binding_open, binding_close, binding_read, binding_write,
};

const periph_hex_source_t sim_ss_hex_source = {PERIPH_SEVEN_SEG, binding_hex_pins};

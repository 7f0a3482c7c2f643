/* bindings/seven_seg_bind.cpp - the Verilated seven-segment display (seven_seg.h). */
#include "seven_seg_bind.h"

#include "Vseven_seg.h"
#include "bus_slave.h"
#include "rtl/seven_seg_regs.h"

/* Nothing in it moves with time: clocked only at accesses. */
struct sim_ss : sim_bus_slave<Vseven_seg, SEVEN_SEG_ADDR_BITS> {};

sim_ss_t *sim_ss_new(void)
{
    return sim_new<sim_ss>("seven_seg", 2);
}

void sim_ss_free(sim_ss_t *s)
{
    sim_free(s);
}

uint32_t sim_ss_reg_read(sim_ss_t *s, uint32_t offset)
{
    return s->bus_read(offset);
}

void sim_ss_reg_write(sim_ss_t *s, uint32_t offset, uint32_t value)
{
    s->bus_write(offset, value);
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

void binding_hex_pins(void *inst, uint64_t, uint8_t hex_n[6])
{
    sim_ss_pins(static_cast<sim_ss_t *>(inst), hex_n);
}

} // namespace

/* The display ignores now (sim_bus_slave's catch_up: nothing to run). */
const periph_binding_t sim_ss_binding =
    sim_bus_binding<sim_ss_t, sim_ss_new, sim_ss_free,
                    sim_read_at<sim_ss>, sim_write_at<sim_ss>>::row(PERIPH_SEVEN_SEG);

const periph_hex_source_t sim_ss_hex_source = {PERIPH_SEVEN_SEG, binding_hex_pins};

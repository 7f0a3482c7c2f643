/* models/seven_seg.c - rtl/seven_seg/seven_seg.sv register by register (seven_seg.h). */
#include "seven_seg.h"

#include <string.h>

void ss_model_reset(ss_model_t *m)
{
    memset(m, 0, sizeof *m);
}

uint32_t ss_model_read(const ss_model_t *m, uint32_t word)
{
    switch (word & 7u) {
    case SS_REG_HEX3_HEX0:
        return (uint32_t)m->seg[0] | (uint32_t)m->seg[1] << 8 | (uint32_t)m->seg[2] << 16 |
               (uint32_t)m->seg[3] << 24;
    case SS_REG_HEX5_HEX4:
        return (uint32_t)m->seg[4] | (uint32_t)m->seg[5] << 8;
    default:
        return m->seg[word & 7u];
    }
}

void ss_model_write(ss_model_t *m, uint32_t word, uint32_t value)
{
    switch (word & 7u) {
    case SS_REG_HEX3_HEX0:
        for (int i = 0; i < 4; i++)
            m->seg[i] = (uint8_t)((value >> (8 * i)) & 0x7Fu);
        break;
    case SS_REG_HEX5_HEX4:
        m->seg[4] = (uint8_t)(value & 0x7Fu);
        m->seg[5] = (uint8_t)((value >> 8) & 0x7Fu);
        break;
    default:
        m->seg[word & 7u] = (uint8_t)(value & 0x7Fu);
        break;
    }
}

void ss_model_pins(const ss_model_t *m, uint8_t hex_n[6])
{
    for (int i = 0; i < 6; i++)
        hex_n[i] = (uint8_t)(~m->seg[i] & 0x7Fu);
}

/* The shape the bus hosts: nothing in the peripheral moves with time, so
 * it has no run. */
static void ss_op_reset(void *m) { ss_model_reset(m); }
static uint32_t ss_op_read(void *m, uint32_t offset) { return ss_model_read(m, offset >> 2); }
static void ss_op_write(void *m, uint32_t offset, uint32_t value) { ss_model_write(m, offset >> 2, value); }

const periph_model_t ss_model = {
    .size = sizeof(ss_model_t),
    .what = "the seven-segment model",
    .reset = ss_op_reset,
    .read = ss_op_read,
    .write = ss_op_write,
};

PERIPH_MODEL_BINDING(ss_model_binding, PERIPH_SEVEN_SEG, ss_model);

static void binding_hex_pins(void *inst, uint64_t now, uint8_t hex_n[6])
{
    ss_model_pins(periph_model_at(inst, now), hex_n);
}

const periph_hex_source_t ss_model_hex_source = {
    .id = PERIPH_SEVEN_SEG,
    .hex_pins = binding_hex_pins,
};

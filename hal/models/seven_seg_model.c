/* models/seven_seg_model.c - rtl/seven_seg/seven_seg.sv register by register (seven_seg.h). */
#include "seven_seg_model.h"

#include <string.h>

void ss_model_reset(ss_model_t *m)
{
    memset(m, 0, sizeof *m);
}

/* Digit i's segments placed in a packed word (HEX3_HEX0, HEX5_HEX4). */
static uint32_t ss_packed(const ss_model_t *m, int first, int n)
{
    uint32_t w = 0;
    for (int i = 0; i < n; i++)
        w |= (uint32_t)m->seg[first + i] << (SEVEN_SEG_DIGIT_STRIDE * i);
    return w;
}

static void ss_unpack(ss_model_t *m, int first, int n, uint32_t value)
{
    for (int i = 0; i < n; i++)
        m->seg[first + i] =
            (uint8_t)((value >> (SEVEN_SEG_DIGIT_STRIDE * i)) & SEVEN_SEG_DIGIT_SEGMENTS_MASK);
}

uint32_t ss_model_read(const ss_model_t *m, uint32_t offset)
{
    switch (offset) {
    case SEVEN_SEG_REG_HEX3_HEX0:
        return ss_packed(m, 0, SEVEN_SEG_LOW_DIGITS);
    case SEVEN_SEG_REG_HEX5_HEX4:
        return ss_packed(m, SEVEN_SEG_LOW_DIGITS, SEVEN_SEG_REG_DIGIT_COUNT - SEVEN_SEG_LOW_DIGITS);
    default:
        return m->seg[(offset - SEVEN_SEG_REG_DIGIT) >> 2];
    }
}

void ss_model_write(ss_model_t *m, uint32_t offset, uint32_t value)
{
    switch (offset) {
    case SEVEN_SEG_REG_HEX3_HEX0:
        ss_unpack(m, 0, SEVEN_SEG_LOW_DIGITS, value);
        break;
    case SEVEN_SEG_REG_HEX5_HEX4:
        ss_unpack(m, SEVEN_SEG_LOW_DIGITS, SEVEN_SEG_REG_DIGIT_COUNT - SEVEN_SEG_LOW_DIGITS, value);
        break;
    default:
        ss_unpack(m, (int)((offset - SEVEN_SEG_REG_DIGIT) >> 2), 1, value);
        break;
    }
}

void ss_model_pins(const ss_model_t *m, uint8_t hex_n[6])
{
    for (int i = 0; i < 6; i++)
        hex_n[i] = (uint8_t)(~m->seg[i] & SEVEN_SEG_DIGIT_SEGMENTS_MASK);
}

/* The shape the bus hosts: nothing in the peripheral moves with time, so
 * it has no run. */
static void ss_op_reset(void *m) { ss_model_reset(m); }
static uint32_t ss_op_read(void *m, uint32_t offset) { return ss_model_read(m, offset); }
static void ss_op_write(void *m, uint32_t offset, uint32_t value) { ss_model_write(m, offset, value); }

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

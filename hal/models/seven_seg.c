/* models/seven_seg.c - rtl/seven_seg/seven_seg.sv register by register (seven_seg.h). */
#include "seven_seg.h"

#include <stdio.h>
#include <stdlib.h>
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

static void *binding_open(char *err, size_t errlen)
{
    ss_model_t *m = malloc(sizeof *m);
    if (!m) {
        snprintf(err, errlen, "%s", "out of memory for the seven-segment model");
        return NULL;
    }
    ss_model_reset(m);
    return m;
}

static void binding_close(void *inst)
{
    free(inst);
}

static uint32_t binding_read(void *inst, uint64_t now, uint32_t offset)
{
    (void)now; /* nothing in the peripheral moves with time */
    return ss_model_read(inst, offset >> 2);
}

static void binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    (void)now;
    ss_model_write(inst, offset >> 2, value);
}

static void binding_hex_pins(void *inst, uint64_t now, uint8_t hex_n[6])
{
    (void)now;
    ss_model_pins(inst, hex_n);
}

const periph_binding_t ss_model_binding = {
    .id = PERIPH_SEVEN_SEG,
    .open = binding_open,
    .close = binding_close,
    .read = binding_read,
    .write = binding_write,
};

const periph_hex_source_t ss_model_hex_source = {
    .id = PERIPH_SEVEN_SEG,
    .hex_pins = binding_hex_pins,
};

/*
 * models/seven_seg_model.h - the C model of rtl/seven_seg/seven_seg.sv: the
 * DE1-SoC's six seven-segment digits HEX5..HEX0 at LW 0x5000
 * (SEVEN_SEG_BASE; registers in docs/seven_seg.md).  The sdl backend
 * answers the peripheral with it and reads its pins for the window's digit
 * strip; tests/rtl/seven_seg holds it to the Verilated RTL, register by
 * register and pin by pin.
 */
#ifndef TABLETOP_MODEL_SEVEN_SEG_H
#define TABLETOP_MODEL_SEVEN_SEG_H

#include <stdint.h>

#include "periph.h"
#include "rtl/seven_seg_regs.h"

/* Registers: SEVEN_SEG_REG_* byte offsets (rtl/seven_seg/seven_seg_regs.def). */

typedef struct ss_model {
    uint8_t seg[6]; /* lit segments of HEX0..HEX5, 7 bits each (1 = lit) */
} ss_model_t;

void ss_model_reset(ss_model_t *m);
uint32_t ss_model_read(const ss_model_t *m, uint32_t offset);
void ss_model_write(ss_model_t *m, uint32_t offset, uint32_t value);
/* The board's pins: hex_n[i] = HEXi[6:0], active low. */
void ss_model_pins(const ss_model_t *m, uint8_t hex_n[6]);

/* The model in the shape the bus hosts (hal/periph.h), and as the sdl
 * backend's binding at SEVEN_SEG_BASE. */
extern const periph_model_t ss_model;
extern const periph_binding_t ss_model_binding;
/* Its pins, for the window's digit strip. */
extern const periph_hex_source_t ss_model_hex_source;

#endif

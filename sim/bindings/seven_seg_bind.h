/*
 * bindings/seven_seg_bind.h - the seven-segment display (rtl/seven_seg/, issue
 * 15) Verilated.  Nothing in it moves with time, so it is clocked only at
 * register accesses; the window's digit strip reads its HEX pins.
 */
#ifndef TABLETOP_SIM_SEVEN_SEG_H
#define TABLETOP_SIM_SEVEN_SEG_H

#include <stdint.h>

typedef struct sim_ss sim_ss_t;

sim_ss_t *sim_ss_new(void);
void sim_ss_free(sim_ss_t *s);
uint32_t sim_ss_reg_read(sim_ss_t *s, uint32_t offset);
void sim_ss_reg_write(sim_ss_t *s, uint32_t offset, uint32_t value);
/* The RTL's output pins: hex_n[i] = HEXi[6:0], active low. */
void sim_ss_pins(sim_ss_t *s, uint8_t hex_n[6]);

extern "C" {
#include "periph.h"
}
extern const periph_binding_t sim_ss_binding;
extern const periph_hex_source_t sim_ss_hex_source; /* its HEX pins */

#endif

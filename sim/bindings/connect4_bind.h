/*
 * bindings/connect4_bind.h - the Connect Four mailbox (rtl/connect4/, seed 004)
 * Verilated beside go_peripheral, for the sim backend's LW offsets
 * 0x1000-0x101F.
 *
 * The two peripherals share the 50 MHz clock but no signal, so this model
 * is clocked lazily: each access first catches it up to the caller's clock.
 * A long idle gap is shortened without changing the result: once any
 * computation has finished, the mailbox FSM only polls the flag in a
 * 3-clock loop, so running 64 clocks and then the gap's remainder modulo 3
 * leaves it in exactly the state the whole gap would.
 *
 *   sim_c4_t *c = sim_c4_new();
 *   sim_c4_reg_write(c, now, C4_REG_ROW, row0);   ... FLAG = C4_FLAG_NEW, poll FLAG for C4_FLAG_DONE
 *   sim_c4_free(c);
 */
#ifndef TABLETOP_SIM_C4_H
#define TABLETOP_SIM_C4_H

#include <stdint.h>

#define SIM_C4_SPAN 0x20u /* eight 32-bit words */

typedef struct sim_c4 sim_c4_t;

/* Builds and resets the model (its clock 0 is the caller's clock 0). */
sim_c4_t *sim_c4_new(void);
void sim_c4_free(sim_c4_t *c);

/* One Avalon-MM transaction at the caller's clock now (in 50 MHz cycles;
 * the transaction takes that clock, so the caller advances its own clock
 * by one too).  offset is a byte offset (C4_REG_*). */
uint32_t sim_c4_reg_read(sim_c4_t *c, uint64_t now, uint32_t offset);
void sim_c4_reg_write(sim_c4_t *c, uint64_t now, uint32_t offset, uint32_t value);

/* Clocks the model has actually been run (for tests of the shortcut). */
uint64_t sim_c4_clocks_run(const sim_c4_t *c);

/* The model as the sim backend's binding at C4_BASE (hal/periph.h). */
extern "C" {
#include "periph.h"
}
extern const periph_binding_t sim_c4_binding;

#endif

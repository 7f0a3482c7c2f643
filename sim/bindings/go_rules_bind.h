/*
 * bindings/go_rules_bind.h - the Go rules peripheral (rtl/go_rules/, seed 001)
 * Verilated beside go_peripheral, for the sim backend's LW offsets
 * 0x4000-0x40FF.
 *
 * Clocked lazily like the Connect Four mailbox: each access first catches
 * the model up to the caller's clock, running it only while its `busy`
 * output is 1 (once both FSMs are idle no register changes until the bus
 * writes, so the rest of an idle gap is skipped without changing the
 * result).
 *
 *   sim_go_rules_t *g = sim_go_rules_new();
 *   sim_go_rules_reg_write(g, now, offset, value);  ... CTRL = 1, poll STATUS
 *   sim_go_rules_free(g);
 */
#ifndef TABLETOP_SIM_GO_RULES_H
#define TABLETOP_SIM_GO_RULES_H

#include <stdint.h>

typedef struct sim_go_rules sim_go_rules_t;

/* Builds and resets the model (its clock 0 is the caller's clock 0). */
sim_go_rules_t *sim_go_rules_new(void);
void sim_go_rules_free(sim_go_rules_t *g);

/* One Avalon-MM transaction at the caller's clock now (50 MHz cycles; the
 * transaction takes that clock).  offset is a byte offset (GO_RULES_REG_*). */
uint32_t sim_go_rules_reg_read(sim_go_rules_t *g, uint64_t now, uint32_t offset);
void sim_go_rules_reg_write(sim_go_rules_t *g, uint64_t now, uint32_t offset, uint32_t value);

/* Runs n clocks with the bus idle, whatever the caller's clock says (for
 * the parity tests, which keep their own count). */
void sim_go_rules_tick(sim_go_rules_t *g, uint64_t n);

/* The model as the sim backend's binding at GO_RULES_BASE (hal/periph.h). */
extern "C" {
#include "periph.h"
}
extern const periph_binding_t sim_go_rules_binding;

#endif

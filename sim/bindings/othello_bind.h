/*
 * bindings/othello_bind.h - the Othello machine of seed 003 (rtl/othello/)
 * Verilated and clocked lazily: every clock while it is active
 * (thinking, a WR edge or BR to settle, a reset to apply), nothing while it
 * waits for White.  Register map: rtl/othello/othello_regs.def (the
 * generated rtl/othello_regs.h), docs/othello.md.  The sim backend reaches it
 * through sim_oth_binding; the functions below take byte offsets.
 *
 * Usage (given uint64_t now, uint32_t white):
 *   sim_oth_t *o = sim_oth_new();
 *   sim_oth_reg_write(o, now, 0x10, white);   // WHITE: the player's move, WR low
 *   sim_oth_tick(o, 1000);                    // the machine thinks
 *   uint32_t black = sim_oth_reg_read(o, now + 1001, 0x14);   // BLACK: BR low when answered
 *   sim_oth_free(o);
 */
#ifndef TABLETOP_SIM_OTHELLO_H
#define TABLETOP_SIM_OTHELLO_H

#include <stdint.h>

typedef struct sim_oth sim_oth_t;

sim_oth_t *sim_oth_new(void);
void sim_oth_free(sim_oth_t *o);
/* One bus clock each (read latency 1, as the C model); offsets in bytes. */
uint32_t sim_oth_reg_read(sim_oth_t *o, uint64_t now, uint32_t offset);
void sim_oth_reg_write(sim_oth_t *o, uint64_t now, uint32_t offset, uint32_t value);
/* n clocks with no access (an idle machine skips them). */
void sim_oth_tick(sim_oth_t *o, uint64_t n);

extern "C" {
#include "periph.h"
}
extern const periph_binding_t sim_oth_binding;

#endif

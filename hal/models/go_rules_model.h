/*
 * models/go_rules_model.h - clock-exact C model of rtl/go_rules/ (go_rules.sv,
 * go_board_updater.sv, go_territory.sv, go_pruner.sv): seed 001's pruner,
 * board updater and territory counter at LW bridge offset 0x4000
 * (GO_RULES_BASE).  The sdl backend answers the peripheral with it; the
 * parity tests hold it to the Verilated RTL register by register and clock
 * by clock.  Register map: docs/go_rules.md.
 *
 * A register access is one bus clock, as on the RTL's Avalon slave (read
 * latency 1): a read returns the word as it was before that clock, a write
 * is seen by the logic at that clock's edge.
 */
#ifndef TABLETOP_GO_RULES_MODEL_H
#define TABLETOP_GO_RULES_MODEL_H

#include <stdint.h>

#include "periph.h"
#include "rtl/go_rules_regs.h"

#define GO_RULES_POINTS 81

/* The model's short names for the byte offsets and bits of
 * rtl/go_rules/go_rules_regs.def (GO_RULES_REG_*, GO_RULES_STATUS_*). */

/* STATUS[6:4]. */
enum {
    GO_RULES_LEGAL = 0,
    GO_RULES_OCCUPIED = 1,
    GO_RULES_SUICIDE = 2,
    GO_RULES_KO_REPEAT = 3,
    GO_RULES_BAD_MOVE = 4,
};

#define GO_RULES_H_WIRES 72 /* (r,c)-(r,c+1): index r*8+c */
#define GO_RULES_V_WIRES 72 /* (r,c)-(r+1,c): index r*9+c */

/* go_pruner.sv's registers. */
typedef struct go_rules_pruner {
    uint8_t prop;                    /* 1 while propagating */
    uint8_t ready;                   /* the registered one-clock pulse */
    uint8_t h[GO_RULES_H_WIRES];     /* wire latches */
    uint8_t v[GO_RULES_V_WIRES];
} go_rules_pruner_t;

typedef struct go_rules_model {
    /* go_rules.sv */
    uint8_t board[GO_RULES_POINTS];  /* 0 empty, 1 black, 2 white */
    uint8_t ko[GO_RULES_POINTS];
    uint8_t point, pass, colour;     /* MOVE */
    uint32_t readdata;               /* avs_readdata */
    /* go_board_updater.sv */
    uint8_t ustate;
    uint8_t work[GO_RULES_POINTS];
    uint8_t done, legal, reason, captured;
    uint8_t result[GO_RULES_POINTS];
    uint32_t cycles;
    go_rules_pruner_t pu;
    /* go_territory.sv */
    uint8_t running, got_b, got_w, tdone, tblack, twhite;
    uint32_t tcycles;
    go_rules_pruner_t pb, pw;
    uint64_t clocks;                 /* clocks since reset */
} go_rules_model_t;

/* Synchronous reset: everything 0, both FSMs idle. */
void go_rules_model_reset(go_rules_model_t *m);

/* Reads the word at byte offset (0x00..0xFC) during one clock. */
uint32_t go_rules_model_read(go_rules_model_t *m, uint32_t offset);

/* Writes the word at byte offset during one clock. */
void go_rules_model_write(go_rules_model_t *m, uint32_t offset, uint32_t value);

/* Runs n clocks with the bus idle. */
void go_rules_model_tick(go_rules_model_t *m, uint64_t n);

/* 1 while a decision or a count runs (go_rules.sv's busy). */
int go_rules_model_busy(const go_rules_model_t *m);

/* The model in the shape the bus hosts (hal/periph.h), and as the sdl
 * backend's binding at GO_RULES_BASE. */
extern const periph_model_t go_rules_model;
extern const periph_binding_t go_rules_model_binding;

#endif

/*
 * drivers/go_rules.h - the driver of the go_rules peripheral (seed 001's
 * pruner, board updater and territory counter, rtl/go_rules/) at LW offset
 * 0x4000 (GO_RULES_BASE), through hal.h only: sdl answers with
 * hal/models/go_rules_model.c, sim with the Verilated RTL, board with the FPGA.
 * Register map and protocol: docs/go_rules.md.
 *
 *   go_rules_hw_t hw;
 *   if (go_rules_hw_open(&hw, hal, err, sizeof err) != 0) ... not there
 *   go_rules_t rules = go_rules_hw_rules(&hw);   the seam of games/go/rules.h
 */
#ifndef TABLETOP_GO_RULES_DRIVER_H
#define TABLETOP_GO_RULES_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "games/go/rules.h"
#include "hal.h"
#include "rtl/go_rules_regs.h"

/* STATUS polls before the driver gives up (a decision takes < 200 clocks). */
#define GO_RULES_HW_MAX_POLLS 100000

/* The peripheral's raw answer. */
typedef struct go_rules_hw_answer {
    int legal;                          /* 1 legal */
    int reason;                         /* 0 legal, 1 occupied, 2 suicide, 3 ko, 4 bad move */
    uint8_t board[GO_RULES_NPOINTS];    /* RESULT */
    int captured;                       /* CAPTURED */
    uint32_t cycles;                    /* CYCLES */
} go_rules_hw_answer_t;

typedef struct go_rules_hw {
    hal_t *hal;
} go_rules_hw_t;

/* Checks the ID register.  Returns 0, or -1 with a one-line message. */
int go_rules_hw_open(go_rules_hw_t *hw, hal_t *hal, char *err, size_t errlen);

/* One decision: writes BOARD, KO and MOVE (point -1: a pass), starts, polls
 * STATUS, reads the answer.  colour is 1 black, 2 white.  Returns 0, or -1
 * with a message (no answer). */
int go_rules_hw_decide(go_rules_hw_t *hw, const uint8_t board[GO_RULES_NPOINTS],
                       const uint8_t ko[GO_RULES_NPOINTS], int colour, int point,
                       go_rules_hw_answer_t *a, char *err, size_t errlen);

/* One territory count of board.  Returns 0, or -1 with a message. */
int go_rules_hw_territory(go_rules_hw_t *hw, const uint8_t board[GO_RULES_NPOINTS], int *black,
                          int *white, uint32_t *cycles, char *err, size_t errlen);

/* The seam of games/go/rules.h answered by this peripheral. */
go_rules_t go_rules_hw_rules(go_rules_hw_t *hw);

#endif

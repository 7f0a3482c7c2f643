/*
 * drivers/othello_machine.h - the driver of seed 003's Othello machine
 * (rtl/othello/, LW offset 0x2000, OTH_BASE) through hal.h only:
 * sdl answers with hal/models/othello_model.c, sim with the Verilated RTL, board
 * with the FPGA.  The PC plays White, the machine Black; protocol and
 * registers: docs/othello.md, "The machine".
 *
 *   othello_machine_open(hal, err, sizeof err);      attach, check the ID
 *   othello_machine_reset();                          before each game
 *   othello_machine_send_white(0, 5, 3);              White d6 (row 5, col 3)
 *   while ((r = othello_machine_poll_black(&pass, &row, &col)) == 0)
 *       hal_advance(hal, 10);                         (or othello_machine_wait_black)
 *
 * The machine waits for White's move first (the seed's protocol opens with
 * it); to let Black open, as in tournament Othello, send a White pass first.
 * Rows count from 0 at the top, columns from 0 at the left.
 */
#ifndef TABLETOP_OTHELLO_MACHINE_DRIVER_H
#define TABLETOP_OTHELLO_MACHINE_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "rtl/othello_regs.h"

/* Backend time othello_machine_wait_black waits by default (the default
 * search takes at most about 21 ms). */
#define OTHELLO_MACHINE_TIMEOUT_US 2000000u

/* Attaches the driver to a backend and checks the ID register.  Returns 0,
 * or -1 with a one-line message (no machine there). */
int othello_machine_open(hal_t *h, char *err, size_t errlen);
/* Attaches without checking (NULL detaches). */
void othello_machine_attach(hal_t *h);

/* Pulses the global reset (seed port 0x303) with the White port idle:
 * the machine restores its board to the start and waits for White.  0 ok,
 * -1 error (no backend attached). */
int othello_machine_reset(void);
/* White's move: the byte with D7 = 0, then the same bits with D7 = 1.
 * pass 1 ignores row and col.  0 ok, -1 error (bad square, no backend). */
int othello_machine_send_white(int pass, int row, int col);
/* 1 = BR low and Black's move read (pass 1, or row and col), 0 = not yet,
 * -1 error (no White move waiting for an answer, a malformed byte, no
 * backend).  Each White move is answered once. */
int othello_machine_poll_black(int *pass, int *row, int *col);
/* Polls every 10 us of backend time for up to timeout_us (0: the default).
 * 1 as poll_black, -1 on a time-out or an error. */
int othello_machine_wait_black(int *pass, int *row, int *col, uint32_t timeout_us);

/* Search depth in plies (0: the machine's default, 6; at most 10) and clock
 * budget in units of 1024 clocks (0: the default, 1024).  Cleared by the
 * reset: set it after othello_machine_reset.  0 ok, -1 error. */
int othello_machine_set_search(int depth, unsigned budget_k);
/* Clocks the machine spent on its last move (the CYCLES register). */
uint32_t othello_machine_cycles(void);
/* The last error's message ("" if none). */
const char *othello_machine_error(void);

#endif

/*
 * drivers/connect4_mailbox.h - the one driver for the Connect Four AI in FPGA logic: writes
 * the position into the mailbox at LW offset 0x1000 (C4_BASE) through
 * the HAL and reads the AI's move back.  Every backend answers: sdl with
 * hal/c4_model.c, sim with the Verilated RTL, board with the FPGA.
 *
 * Protocol (docs/connect4.md): write words 1-6 (rows, bottom first), write
 * word 0 = 1, poll word 0 until it reads 2, read word 7, write word 0 = 0.
 */
#ifndef TABLETOP_C4_DRIVER_H
#define TABLETOP_C4_DRIVER_H

#include <stddef.h>
#include <stdint.h>

#include "games/connect4/c4_game.h"
#include "hal.h"
#include "rtl/connect4_regs.h"

/* Backend time the driver waits for an answer before giving up. */
#define C4_DRIVER_TIMEOUT_US 100000u

typedef enum c4_driver_status {
    C4_DRIVER_OK = 0,
    C4_DRIVER_TIMEOUT,  /* the mailbox never raised its flag */
    C4_DRIVER_ILLEGAL,  /* the hardware answered a column that cannot be played */
    C4_DRIVER_NO_MOVE   /* the position has no move to ask for (game over) */
} c4_driver_status_t;

/* Resets the AI logic through seed 004's PIO (C4_BASE + C4_REG_RESET_PIO, LW
 * 0x1020): bit 0 high for C4_DRIVER_RESET_US of backend time, then low.
 * The mailbox's words read 0 and its FSM polls the flag afterwards.  The
 * console does it before each game, `tabletop connect4 move` before it
 * asks, as the seed's HPS program does before its first move. */
#define C4_DRIVER_RESET_US 1u
void c4_driver_reset_ai(hal_t *h);

/* Asks the FPGA AI for a move in g, the AI playing as the side to move.
 * On C4_DRIVER_OK *col is a legal column (0-6) and *word the raw move word;
 * the game is never changed.  Otherwise err holds a one-line message.
 * timeout_us 0 means C4_DRIVER_TIMEOUT_US. */
c4_driver_status_t c4_driver_request_move(hal_t *h, const c4_game_t *g, uint32_t timeout_us,
                                          int *col, uint32_t *word, char *err, size_t errlen);

#endif

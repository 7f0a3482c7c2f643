/*
 * opponents.h - the hardware opponents the console core builds from the
 * command line and hands to the screens through console_env_t.  Each
 * speaks to its peripheral through its driver and the HAL; a screen sees
 * only the opponent_t seam (opponent.h).
 */
#ifndef TABLETOP_CONSOLE_OPPONENTS_H
#define TABLETOP_CONSOLE_OPPONENTS_H

#include <stddef.h>

#include "hal.h"
#include "opponent.h"

/* Seed 004's AI in logic, behind the Connect Four mailbox (opponent_c4.c).
 * Returns the opponent, or NULL with why in err. */
opponent_t *opponent_connect4_ai_new(hal_t *hal, char *err, size_t errlen);

/* Seed 003's Othello machine, behind its ports (opponent_othello.c).
 * Returns the opponent, or NULL with why in err. */
opponent_t *opponent_othello_machine_new(hal_t *hal, char *err, size_t errlen);

#endif

/*
 * opponents.h - the constructors of the console's computer players, each
 * an opponent_t (opponent.h).  The hardware ones the console core builds
 * from the command line and hands to the screens through console_env_t;
 * each speaks to its peripheral through its driver and the HAL.  The
 * software ones a screen's opponents_t makes when first asked for
 * (opponent.c); their searches run on the think thread.
 */
#ifndef TABLETOP_CONSOLE_OPPONENTS_H
#define TABLETOP_CONSOLE_OPPONENTS_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "opponent_set.h"

/* Seed 004's AI in logic, behind the Connect Four mailbox (opponent_c4.c).
 * Returns the opponent, or NULL with why in err. */
opponent_t *opponent_connect4_ai_new(hal_t *hal, char *err, size_t errlen);

/* Seed 003's Othello machine, behind its ports (opponent_othello.c).
 * Returns the opponent, or NULL with why in err. */
opponent_t *opponent_othello_machine_new(hal_t *hal, char *err, size_t errlen);

/* The software players; each returns NULL when out of memory. */

/* Go's computer, levels 1-4 (opponent_go.c, games/go/ai.h), seeded with
 * seed at each new game. */
opponent_t *opponent_go_new(uint64_t seed);
/* Connect Four's Perfect: the opening book, then the exact solver within
 * C4_SESSION_PERFECT_BUDGET positions; past it, it gives up
 * (opponent_c4_perfect.c). */
opponent_t *opponent_connect4_perfect_new(void);
/* The Othello engine at the console's level, depth-limited without a
 * clock so that a game is the same on every machine
 * (opponent_othello_engine.c). */
opponent_t *opponent_othello_engine_new(void);
/* The Gomoku AI at the session's level; level 3 searches at most 5 s in a
 * window, without a clock when headless (opponent_gomoku.c). */
opponent_t *opponent_gomoku_new(uint64_t seed, int headless);

#endif

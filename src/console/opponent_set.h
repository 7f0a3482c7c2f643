/*
 * opponent_set.h - a screen's computer players, by kind: the console's
 * hardware opponents (console_env_t) and the software ones made for the
 * screen when first asked for (opponents.h), each an opponent_t
 * (opponent.h) that the screen asks through think.h.
 *
 * Usage (given const console_env_t *env):
 *   opponents_t set;
 *   opponents_init(&set, env);
 *   opponent_t *o = opponents_get(&set, OPPONENT_GO);   // NULL: not on this console
 *   opponents_free(&set);
 */
#ifndef TABLETOP_CONSOLE_OPPONENT_SET_H
#define TABLETOP_CONSOLE_OPPONENT_SET_H

#include "console_game.h"
#include "opponent.h"

/* The computer players a screen may ask for.  The session's mode or level
 * says which one plays; the screen never sees what stands behind it. */
typedef enum opponent_kind {
    OPPONENT_GO,               /* Go: levels 1-4 (games/go/ai.h) */
    OPPONENT_CONNECT4_SEED_AI, /* seed 004's AI (the console's, in logic) */
    OPPONENT_CONNECT4_PERFECT, /* the opening book and exact solver; gives up past its budget */
    OPPONENT_OTHELLO_MACHINE,  /* seed 003's machine (the console's, in logic) */
    OPPONENT_OTHELLO_ENGINE,   /* the engine at the console's level */
    OPPONENT_GOMOKU,           /* the Gomoku AI at the session's level */
    OPPONENT_KINDS
} opponent_kind_t;

/* A screen's players: the console's own and the ones made for it. */
typedef struct opponents {
    console_env_t env;             /* seed, headless, the console's hardware opponents */
    opponent_t *made[OPPONENT_KINDS]; /* software players made so far */
} opponents_t;

/* An empty set over the console's env. */
void opponents_init(opponents_t *set, const console_env_t *env);
/* The player of kind: the console's, or one made now.  NULL when this
 * console has none (no hardware) or memory ran out. */
opponent_t *opponents_get(opponents_t *set, opponent_kind_t kind);
/* Frees the players made (stop their searches first: think_destroy). */
void opponents_free(opponents_t *set);

#endif

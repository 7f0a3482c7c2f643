/*
 * playout.h - private to src/games/go: random games to the end (Monte Carlo
 * playouts) for level 3 and the benchmarks.
 *
 * The reference policy (docs/engine.md, "Benchmarks"): the side to move plays a
 * uniformly random legal move that does not fill its own one-point eye
 * (board_is_eye); with none it passes; two passes end the playout, and so
 * does the cap of max_moves moves.
 */
#ifndef TABLETOP_GO_PLAYOUT_H
#define TABLETOP_GO_PLAYOUT_H

#include "../board.h"
#include "rng.h"

typedef enum {
    PLAYOUT_REFERENCE = 0, /* uniform random, no eye filling (benchmark policy) */
    PLAYOUT_HEURISTIC = 1, /* captures/escapes near the last move, then MoGo 3x3
                            * shapes near it or near the mover's previous
                            * stone; else random without self-atari
                            * (playout_safe) */
} playout_policy_t;

/* A uniformly random reference-policy move for color on b: a point, or
 * BOARD_PASS_POINT when none is left.  Reorders b->empty_list only. */
int playout_pick_reference(BoardState *b, Stone color, rng_t *rng);

/* The heuristic policy's rule for a legal move of color at empty p that is
 * not its own eye: 1 unless it is a self-atari of two or more stones that
 * is no nakade (playout.c). */
int playout_safe(const BoardState *b, Stone color, int p);

/* Plays b (changed in place) to the end under policy.  If moves is not
 * NULL, the points played are appended there (colour in bit 15: set for
 * White) and *n_moves counts them, for AMAF.  Returns the final margin in
 * half points, Black minus White minus komi (> 0: Black wins). */
int playout_run(BoardState *b, playout_policy_t policy, int max_moves, rng_t *rng,
                uint16_t *moves, int *n_moves);

#endif

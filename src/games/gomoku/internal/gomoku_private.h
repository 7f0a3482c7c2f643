/* gomoku_private.h - the rule engine's internals shared inside games/gomoku/
 * (the AI works on its own padded board). */
#ifndef TABLETOP_GOMOKU_PRIVATE_H
#define TABLETOP_GOMOKU_PRIVATE_H

#include <stdint.h>

#include "../gomoku.h"

/* Black's forbidden shape at the empty padded index idx of the padded board
 * b (renju); b is changed while it runs and restored before it returns. */
gomoku_forbid_t gomoku_forbid_padded(uint8_t *b, int idx);

/* Level 1-2: seed 002's alpha-beta, plies deep (gomoku_ai_seed.c). */
int gomoku_ai_seed_move(const gomoku_t *g, int plies, long max_nodes, double deadline,
                        long *nodes, int *score, int *out_of_budget);

/* Level 3 (gomoku_ai.c). */
double gomoku_ai_now(void);

#endif

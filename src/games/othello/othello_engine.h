/*
 * othello_engine.h - the Othello computer player: negascout with
 * iterative deepening and a transposition table over an evaluation of
 * corners, edges, mobility, potential mobility and parity, and an exact
 * endgame solver (fastest-first ordering, parity in the last empties).
 *
 * Usage (given othello_board_t board, int level):
 *     othello_engine_t *e = othello_engine_new();
 *     othello_result_t r;
 *     othello_engine_think(e, &board, othello_level_config(level), &r);
 *     othello_play(&board, r.move);
 *     othello_engine_free(e);
 *
 * Scores are from the side to move's point of view, in hundredths of a disc:
 * an exact result is 100 * (own discs - opponent discs) at the end, the
 * empty squares going to the winner.
 */
#ifndef TABLETOP_GAMES_OTHELLO_ENGINE_H
#define TABLETOP_GAMES_OTHELLO_ENGINE_H

#include <stdint.h>

#include "othello.h"

#define OTHELLO_LEVEL_MIN 1
#define OTHELLO_LEVEL_MAX 7 /* the strongest, the default */

/* What a level searches. */
typedef struct othello_level {
    int depth;          /* midgame depth in plies (iterative deepening to it) */
    int exact_empties;  /* solve exactly from this many empty squares */
    double time_limit;  /* seconds a move at most (0: no limit) */
} othello_level_t;

/* The search of one level (1..OTHELLO_LEVEL_MAX; others are clamped). */
othello_level_t othello_level_config(int level);

typedef struct othello_result {
    int move;          /* 0..63, OTHELLO_PASS, or OTHELLO_NO_MOVE if the game is over */
    int score;         /* hundredths of a disc, side to move's view */
    int depth;         /* the deepest midgame iteration finished (0: solved) */
    int exact;         /* 1 when score is the exact final disc difference * 100 */
    uint64_t nodes;    /* positions visited */
    double seconds;    /* wall time */
} othello_result_t;

typedef struct othello_engine othello_engine_t;

/* The solver table's size, log2 of its entries (24 bytes each): the
 * default engine's (12 MiB, plus 12 MiB for the midgame table) and the
 * exact solver's for 20-34 empties (`othello solve`, the bench: 96 MiB). */
#define OTHELLO_TABLE_BITS_DEFAULT 19
#define OTHELLO_TABLE_BITS_SOLVER 22

/* A new engine with its own transposition tables; NULL if out of memory. */
othello_engine_t *othello_engine_new(void);
/* The same with a solver table of 2^end_bits entries (10..28). */
othello_engine_t *othello_engine_new_sized(int end_bits);
void othello_engine_free(othello_engine_t *e);
/* The exact solver's threads, 1 (the default) .. 8: 0, or -1 when out of
 * range or out of memory (each thread has its own 12 MiB midgame table;
 * they share the solver table).  With more than one the score is the same,
 * the nodes and which of several best moves may differ from run to run. */
int othello_engine_set_threads(othello_engine_t *e, int threads);
/* Forgets the transposition table (a new game). */
void othello_engine_clear(othello_engine_t *e);

/* Chooses the move for b's side to move.  Returns 0, or -1 when the game
 * is over (r->move = OTHELLO_NO_MOVE). */
int othello_engine_think(othello_engine_t *e, const othello_board_t *b, othello_level_t level,
                         othello_result_t *r);

/* The exact final disc difference (own - opponent, empties to the winner)
 * with perfect play from b, side to move's view; *best gets a best move
 * (or OTHELLO_PASS / OTHELLO_NO_MOVE) when best is not NULL. */
int othello_engine_solve(othello_engine_t *e, const othello_board_t *b, int *best,
                         uint64_t *nodes);

#endif

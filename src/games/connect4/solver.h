/*
 * solver.h - a perfect Connect Four player: an exact 6x7 solver.
 *
 * Technique (docs/connect4.md, "The perfect level"): bitboards (bit 7c + r,
 * one spare bit a column), negamax with alpha-beta, a transposition table
 * holding upper and lower bounds, moves that hand the opponent an immediate
 * win never explored, move ordering by the threats a move creates (centre
 * first on ties), and the score found by null-window searches that close
 * in on it (a binary search on the score).
 *
 * Scores follow Pascal Pons' benchmark convention
 * (http://blog.gamesolver.org/solving-connect-four/02-test-protocol/):
 * 0 a draw; positive when the side to move wins, 22 minus the stones the
 * winner has played when it wins (the sooner, the larger); negative when it
 * loses, the same count with the sign turned.  A position's score is
 * (43 - discs on the board at the win) / 2 for the winner.
 *
 * Usage (given const c4_game_t *game):
 *     c4_solver_t *s = c4_solver_new(C4_SOLVER_TABLE_LOG2);
 *     c4_solver_pos_t p;
 *     c4_solver_pos_from_game(&p, game);      // or c4_solver_pos_init + _play
 *     int score = c4_solver_solve(s, &p);
 *     int col = c4_solver_best_move(s, &p, &score);
 *     c4_solver_free(s);
 * A solver keeps its table between calls (later positions of the same game
 * are found faster); it is not thread-safe.
 */
#ifndef TABLETOP_C4_SOLVER_H
#define TABLETOP_C4_SOLVER_H

#include <stdint.h>

#include "c4_game.h"

/* The default table: 2^24 slots of 4 bytes (64 MB); Pons' blog has 2^24
 * too.  c4_solver_new takes 24..28. */
#define C4_SOLVER_TABLE_LOG2 24

/* Scores reachable from a position nobody has won (6x7): -18..18 once a
 * move has been played; 21 would be a win with the first stone. */
#define C4_SOLVER_MIN_SCORE (-(C4_CELLS) / 2 + 3) /* -18 */
#define C4_SOLVER_MAX_SCORE ((C4_CELLS + 1) / 2 - 3) /* 18 */

typedef struct c4_solver c4_solver_t;

/* A position: the side to move's discs and all discs, bit 7c + r. */
typedef struct c4_solver_pos {
    uint64_t current; /* discs of the side to move */
    uint64_t mask;    /* all discs */
    int moves;        /* discs on the board (0..42) */
} c4_solver_pos_t;

/* Creates a solver with a transposition table of 2^table_log2 slots of 4
 * bytes (table_log2 24..28), and a 1 MB table for positions near the end.
 * Returns NULL when out of memory or out of range. */
c4_solver_t *c4_solver_new(int table_log2);
void c4_solver_free(c4_solver_t *s);

/* Forgets every position the tables hold (timings start cold). */
void c4_solver_reset(c4_solver_t *s);

/* Bytes the solver holds (its two tables). */
uint64_t c4_solver_memory_bytes(const c4_solver_t *s);

/* Empty board. */
void c4_solver_pos_init(c4_solver_pos_t *p);

/* The same position as a game (the side to move of g moves next). */
void c4_solver_pos_from_game(c4_solver_pos_t *p, const c4_game_t *g);

/* 1 if column col (0-6) is not full. */
int c4_solver_can_play(const c4_solver_pos_t *p, int col);

/* 1 if the side to move connects four by playing col. */
int c4_solver_is_winning_move(const c4_solver_pos_t *p, int col);

/* Plays col for the side to move (col must be playable). */
void c4_solver_play(c4_solver_pos_t *p, int col);

/* The exact score of a position that nobody has won and that is not full
 * (Pons' convention, above). */
int c4_solver_solve(c4_solver_t *s, const c4_solver_pos_t *p);

/* The result only: 1 the side to move wins, 0 draw, -1 it loses (faster). */
int c4_solver_solve_weak(c4_solver_t *s, const c4_solver_pos_t *p);

/* The score of each column (scores[c]; C4_SOLVER_NO_MOVE for a full
 * column) for the side to move of a position nobody has won. */
#define C4_SOLVER_NO_MOVE (-100)
void c4_solver_column_scores(c4_solver_t *s, const c4_solver_pos_t *p, int scores[C4_COLS]);

/* A best column (0-6) for the side to move and its score in *score (may
 * be NULL): the highest score, ties to the centre first, then outwards,
 * left first (columns 3, 2, 4, 1, 5, 0, 6).  -1 if the board is full or
 * the budget ran out. */
int c4_solver_best_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score);

/* Every column that keeps the position's score (bit c for column c) and
 * the score in *score (may be NULL), for a position nobody has won that is
 * not full: one solve, then one null window a column.  0 when the budget
 * ran out. */
unsigned c4_solver_best_columns(c4_solver_t *s, const c4_solver_pos_t *p, int *score);

/* Limits each later call (solve, solve_weak, column_scores per column,
 * best_move's solve and its check of the columns) to about `positions`
 * positions searched; 0 removes the limit (the default).  A call that runs
 * out returns a meaningless score (best_move: -1) and sets
 * c4_solver_aborted(); what the table holds stays exact. */
void c4_solver_set_budget(c4_solver_t *s, uint64_t positions);

/* 1 if the last call ran out of its budget. */
int c4_solver_aborted(const c4_solver_t *s);

/* Positions searched since creation. */
uint64_t c4_solver_nodes(const c4_solver_t *s);

#endif

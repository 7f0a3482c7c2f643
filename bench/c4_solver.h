/*
 * c4_solver.h - an exact Connect Four 6x7 solver for the benchmarks: bitboard
 * negamax with alpha-beta, a transposition table, threat-based move
 * ordering and iterative null-window search.  Scores follow the usual
 * convention: 0 a draw, positive when the side to move wins
 * ((43 - discs at the win) / 2, the sooner the larger), negative when it loses.
 */
#ifndef TABLETOP_C4_SOLVER_H
#define TABLETOP_C4_SOLVER_H

#include <stdint.h>

typedef struct c4_solver c4_solver_t;

/* A position: the side to move's discs and all discs, bit 7c + r. */
typedef struct c4_solver_pos {
    uint64_t current; /* discs of the side to move */
    uint64_t mask;    /* all discs */
    int moves;        /* discs on the board */
} c4_solver_pos_t;

/* Creates a solver with a 2^table_log2-entry transposition table (about
 * 5 bytes an entry).  Returns NULL when out of memory. */
c4_solver_t *c4_solver_new(int table_log2);
void c4_solver_free(c4_solver_t *s);

/* Empty board. */
void c4_solver_pos_init(c4_solver_pos_t *p);

/* 1 if column col (0-6) is not full. */
int c4_solver_can_play(const c4_solver_pos_t *p, int col);

/* 1 if the side to move connects four by playing col. */
int c4_solver_is_winning_move(const c4_solver_pos_t *p, int col);

/* Plays col for the side to move (col must be playable). */
void c4_solver_play(c4_solver_pos_t *p, int col);

/* The exact score of a position that nobody has won yet. */
int c4_solver_solve(c4_solver_t *s, const c4_solver_pos_t *p);

/* The best column for the side to move (ties: centre first, then
 * outwards) and its score in *score. */
int c4_solver_best_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score);

/* Positions searched since creation. */
uint64_t c4_solver_nodes(const c4_solver_t *s);

#endif

/*
 * book.h - the perfect level's opening book: positions of the
 * early game solved beforehand by the solver itself (tools/c4_book.c
 * writes book_data.c), so that Perfect answers them at once.
 *
 * An entry holds a position (the solver's 49-bit key, a position and its
 * mirror image sharing one entry), its exact score in Pascal Pons'
 * convention (solver.h) and the set of columns that keep that score.  The
 * positions are those Perfect meets when it follows the book, playing first
 * or second, against any replies, up to the depth the book was generated
 * to (docs/connect4.md, "The opening book").
 */
#ifndef TABLETOP_C4_BOOK_H
#define TABLETOP_C4_BOOK_H

#include <stddef.h>
#include <stdint.h>

#include "solver.h"

/* One packed entry: key << 15 | (score + 64) << 7 | best-column mask
 * (bit c for column c, 0-6).  Sorted by key. */
#define C4_BOOK_KEY_SHIFT 15

/* The generated table (book_data.c) and what it covers. */
extern const uint64_t c4_book_entries[];
extern const size_t c4_book_count;
extern const int c4_book_depth; /* positions with at most this many discs */

/* The book's key of a position: the solver's key (discs of the side to
 * move + all discs), the smaller of the position's and its mirror's;
 * *mirrored (may be NULL) tells whether the mirror's was taken. */
uint64_t c4_book_key(const c4_solver_pos_t *p, int *mirrored);

/* Packs an entry (used by the generator). */
uint64_t c4_book_pack(uint64_t key, int score, unsigned cols);

/* Unpacks entry i (0 .. c4_book_count - 1) into its position, score and
 * best columns (in the orientation of the position returned). */
void c4_book_entry(size_t i, c4_solver_pos_t *p, int *score, unsigned *cols);

/* Looks p up: 1 and its score and best columns (bit c for column c, in
 * p's own orientation) if the book holds it, else 0. */
int c4_book_lookup(const c4_solver_pos_t *p, int *score, unsigned *cols);

/* The first column of a set in the solver's tie order (the centre, then
 * outwards, left first: 4, 3, 5, 2, 6, 1, 7), or -1 for an empty set. */
int c4_book_first_col(unsigned cols);

/* Perfect's move: from the book when it holds p, else from the solver
 * (c4_solver_best_move, under the solver's budget).  The column (0-6) and
 * its score in *score (may be NULL); -1 when the board is full or the
 * solver's budget ran out. */
int c4_perfect_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score);

#endif

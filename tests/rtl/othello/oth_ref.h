/*
 * oth_ref.h - an independent Othello reference for the machine's tests:
 * an 8x8 array and an eight-direction scan, written from the rules, with
 * nothing of the bitboard code of rtl/othello or hal/models/othello_model.c.  It
 * also scores positions by docs/othello.md's table (weights, mobility,
 * finished games) and searches them by plain minimax, no pruning, to check
 * the machine's alpha-beta choice.  Row 0 is the top, column 0 the left.
 */
#ifndef TABLETOP_TEST_OTH_REF_H
#define TABLETOP_TEST_OTH_REF_H

#define OTH_REF_EMPTY 0
#define OTH_REF_BLACK 1
#define OTH_REF_WHITE 2

typedef struct oth_ref {
    int sq[8][8]; /* OTH_REF_* */
} oth_ref_t;

/* d4 e5 White, e4 d5 Black (rows 3-4, columns 3-4). */
void oth_ref_start(oth_ref_t *b);
/* The discs colour would turn over by playing (r, c): 0 means illegal. */
int oth_ref_flips(const oth_ref_t *b, int colour, int r, int c);
/* Plays a legal move; returns the discs turned, 0 (nothing changed) if illegal. */
int oth_ref_play(oth_ref_t *b, int colour, int r, int c);
/* colour's legal moves as r*8+c in square order; returns how many. */
int oth_ref_moves(const oth_ref_t *b, int colour, int out[64]);
int oth_ref_count(const oth_ref_t *b, int colour);
/* docs/othello.md's evaluation from colour's side. */
int oth_ref_eval(const oth_ref_t *b, int colour);
/* The move plain minimax to depth plies chooses for colour, first in the
 * documented order among equals (r*8+c), or -1: colour must pass. */
int oth_ref_search(const oth_ref_t *b, int colour, int depth);

#endif

/*
 * pattern3.h - private to src/games/go: the 3x3 shape patterns of MoGo's
 * playouts (Gelly, Wang, Munos, Teytaud, "Modification of UCT with Patterns
 * in Monte-Carlo Go", INRIA RR-6062, 2006): hane, cut and edge shapes around
 * an empty point.  A point whose eight neighbours form one of them (in any
 * of the eight symmetries, with either colour as X) is a good local reply;
 * the heuristic playout policy and the tree's priors look for them next to
 * the last move.
 *
 * The neighbourhood is read from BoardState.color (EMPTY, BLACK, WHITE, 3 =
 * off board) as a 16-bit code, two bits per neighbour, and looked up in a
 * 65,536-bit table built once (pattern3_init, thread-safe).
 */
#ifndef TABLETOP_GO_PATTERN3_H
#define TABLETOP_GO_PATTERN3_H

#include <stdint.h>

#include "../board.h"

/* Builds the table; every caller may call it, only the first builds. */
void pattern3_init(void);

extern uint8_t pattern3_table[65536 / 8];

/* The code of point p's eight neighbours, row by row from the upper left:
 * NW N NE W E SW S SE, neighbour i in bits 2i and 2i+1. */
static inline unsigned pattern3_code(const uint8_t *color, int p)
{
    return (unsigned)color[p - BOARD_STRIDE - 1] | (unsigned)color[p - BOARD_STRIDE] << 2 |
           (unsigned)color[p - BOARD_STRIDE + 1] << 4 | (unsigned)color[p - 1] << 6 |
           (unsigned)color[p + 1] << 8 | (unsigned)color[p + BOARD_STRIDE - 1] << 10 |
           (unsigned)color[p + BOARD_STRIDE] << 12 | (unsigned)color[p + BOARD_STRIDE + 1] << 14;
}

/* 1 if the empty point p is the centre of one of the patterns (after
 * pattern3_init). */
static inline int pattern3_match(const uint8_t *color, int p)
{
    unsigned code = pattern3_code(color, p);
    return (pattern3_table[code >> 3] >> (code & 7)) & 1;
}

/* The same test on a code given directly (tests build neighbourhoods). */
static inline int pattern3_match_code(unsigned code)
{
    return (pattern3_table[(code & 0xFFFF) >> 3] >> (code & 7)) & 1;
}

#endif

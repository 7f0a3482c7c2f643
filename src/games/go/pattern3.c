/*
 * pattern3.c - the MoGo 3x3 patterns as a lookup table (see pattern3.h).
 *
 * Each pattern is three rows of three cells around the empty centre:
 *   X, O  a stone of one colour / of the other (both assignments are tried)
 *   x, o  not X (empty or O) / not O (empty or X); never off board
 *   .     empty        #  off board        ?  anything, off board included
 * The shapes are the ones the MoGo report draws (its figure of hane, cut
 * and edge patterns); the table holds every neighbourhood that matches one
 * of them under the eight symmetries of the square.
 */
#include "internal/pattern3.h"

#include <pthread.h>

uint8_t pattern3_table[65536 / 8];

static const char *const pattern3_shapes[][3] = {
    {"XOX", "...", "???"}, /* hane: enclosing hane */
    {"XO.", "...", "?.?"}, /* hane: non-cutting hane */
    {"XO?", "X..", "x.?"}, /* hane: magari */
    {".O.", "X..", "..."}, /* katatsuke, diagonal attachment */
    {"XO?", "O.o", "?o?"}, /* cut 1: unprotected cut */
    {"XO?", "O.X", "???"}, /* cut 1: peeped cut */
    {"?X?", "O.O", "ooo"}, /* cut 2 */
    {"OX?", "o.O", "???"}, /* cut keima */
    {"X.?", "O.?", "###"}, /* edge: chase */
    {"OX?", "X.O", "###"}, /* edge: block side cut */
    {"?X?", "x.O", "###"}, /* edge: block side connection */
    {"?XO", "x.x", "###"}, /* edge: sagari */
    {"?OX", "X.O", "###"}, /* edge: cut */
};

#define N_SHAPES (sizeof pattern3_shapes / sizeof pattern3_shapes[0])

/* Cell values: the colour codes of BoardState.color. */
enum { P3_EMPTY = 0, P3_BLACK = 1, P3_WHITE = 2, P3_EDGE = 3 };

/* The values a pattern cell allows, as a 4-bit set, with X = x_colour. */
static unsigned pattern3_allowed(char cell, int x_colour)
{
    int o_colour = 3 - x_colour;
    switch (cell) {
    case 'X':
        return 1u << x_colour;
    case 'O':
        return 1u << o_colour;
    case 'x':
        return 1u << P3_EMPTY | 1u << o_colour;
    case 'o':
        return 1u << P3_EMPTY | 1u << x_colour;
    case '.':
        return 1u << P3_EMPTY;
    case '#':
        return 1u << P3_EDGE;
    default: /* '?' */
        return 0xFu;
    }
}

/* Sets the table bit of every code whose neighbour i takes a value of
 * allowed[i], for neighbours i >= from (code holds the ones before). */
static void pattern3_fill(const unsigned allowed[8], int from, unsigned code)
{
    if (from == 8) {
        pattern3_table[code >> 3] |= (uint8_t)(1u << (code & 7));
        return;
    }
    for (unsigned v = 0; v < 4; v++)
        if (allowed[from] >> v & 1u)
            pattern3_fill(allowed, from + 1, code | v << (2 * from));
}

static void pattern3_build(void)
{
    /* The eight neighbours in code order, as (row, col) of the 3x3 grid. */
    static const int cell_rc[8][2] = {{0, 0}, {0, 1}, {0, 2}, {1, 0},
                                      {1, 2}, {2, 0}, {2, 1}, {2, 2}};
    for (unsigned s = 0; s < N_SHAPES; s++)
        for (int sym = 0; sym < 8; sym++)
            for (int x_colour = P3_BLACK; x_colour <= P3_WHITE; x_colour++) {
                unsigned allowed[8];
                for (int i = 0; i < 8; i++) {
                    int r = cell_rc[i][0], c = cell_rc[i][1];
                    /* Where neighbour i sits in the shape under symmetry sym:
                     * bit 0 flips rows, bit 1 flips columns, bit 2 transposes. */
                    if (sym & 4) {
                        int t = r;
                        r = c;
                        c = t;
                    }
                    if (sym & 1)
                        r = 2 - r;
                    if (sym & 2)
                        c = 2 - c;
                    allowed[i] = pattern3_allowed(pattern3_shapes[s][r][c], x_colour);
                }
                pattern3_fill(allowed, 0, 0);
            }
}

static pthread_once_t pattern3_once = PTHREAD_ONCE_INIT;

void pattern3_init(void) { (void)pthread_once(&pattern3_once, pattern3_build); }

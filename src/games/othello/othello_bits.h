/*
 * othello_bits.h - the bitboard kernels shared by the rules, perft and the
 * engine (inline: they run hundreds of millions of times a second).
 *
 * Shifts: +1 is one column right (east), +8 one row down (south).  A shift
 * east must not wrap from col 7 to col 0 of the next row, so the moving set
 * is masked with OTHELLO_INNER_COLS where a diagonal or horizontal shift
 * wraps.
 */
#ifndef TABLETOP_GAMES_OTHELLO_BITS_H
#define TABLETOP_GAMES_OTHELLO_BITS_H

#include <stdint.h>

#define OTHELLO_INNER_COLS 0x7E7E7E7E7E7E7E7EULL /* cols b..g of every row */

static inline int othello_popcount(uint64_t x)
{
    return __builtin_popcountll(x);
}

static inline int othello_first_square(uint64_t x) /* x != 0 */
{
    return __builtin_ctzll(x);
}

/* Moves of p against o in one direction pair (shift s both ways); m is o
 * masked so that a shift in this direction cannot wrap.  The parallel
 * prefix runs of up to 6 opponent discs in 3 steps each way. */
static inline uint64_t othello_moves_dir(uint64_t p, uint64_t m, int s)
{
    uint64_t fl = m & (p << s), fr = m & (p >> s);
    fl |= m & (fl << s);
    fr |= m & (fr >> s);
    uint64_t pl = m & (m << s), pr = pl >> s;
    fl |= pl & (fl << (2 * s));
    fr |= pr & (fr >> (2 * s));
    fl |= pl & (fl << (2 * s));
    fr |= pr & (fr >> (2 * s));
    return (fl << s) | (fr >> s);
}

static inline uint64_t othello_moves_fast(uint64_t p, uint64_t o)
{
    uint64_t m = o & OTHELLO_INNER_COLS;
    uint64_t moves = othello_moves_dir(p, m, 1) | othello_moves_dir(p, o, 8) |
                     othello_moves_dir(p, m, 7) | othello_moves_dir(p, m, 9);
    return moves & ~(p | o);
}

/* The flip kernel's tables (othello.c), filled once by othello_tables_init().
 * A line through a square is read as a byte, bit k its place k: a row's
 * places are its columns, a column's its rows, a diagonal's its columns
 * (its squares lie in distinct columns; places off the board read empty). */
typedef struct othello_tables {
    uint64_t diag9[64];        /* the a1-h8 diagonal through each square */
    uint64_t diag7[64];        /* the h1-a8 diagonal through each square */
    uint64_t col_of_byte[256]; /* bit k of a byte to row k of column a */
    /* outflank[i][o]: the places just past a run of at least one opponent's
     * disc that starts next to place i, either way, when o holds the
     * opponent's discs on the line (none where the run reaches the end). */
    uint8_t outflank[8][256];
    /* between[i][m]: the places strictly between place i and each place of m. */
    uint8_t between[8][256];
} othello_tables_t;

extern othello_tables_t othello_tables;
void othello_tables_init(void); /* once; safe from any thread */

/* The byte of column c of b (bit k: row k): each row's bit lands in its own
 * bit of the product's top byte, so no sum carries. */
static inline unsigned othello_column_byte(uint64_t b, unsigned c)
{
    return (unsigned)((((b >> c) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
}

/* The byte of diagonal d of b (bit k: column k): the product sums the
 * rows into the top byte, and the diagonal has one square a column. */
static inline unsigned othello_diagonal_byte(uint64_t b, uint64_t d)
{
    return (unsigned)(((b & d) * 0x0101010101010101ULL) >> 56);
}

/* The places a move at place i flips on a line of p's and o's bytes: those
 * between i and each outflanking disc of p. */
static inline unsigned othello_line_flips(unsigned i, unsigned p, unsigned o)
{
    return othello_tables.between[i][othello_tables.outflank[i][o] & p];
}

/* The discs p's move at the empty square sq flips: each of the four lines
 * through sq read as a byte, its flips looked up and put back on the board.
 * Half the time of eight rays walked each way (issue 30, docs/othello.md). */
static inline uint64_t othello_flips_fast(uint64_t p, uint64_t o, int sq)
{
    const unsigned r = (unsigned)sq >> 3, c = (unsigned)sq & 7;
    const uint64_t d9 = othello_tables.diag9[sq & 63], d7 = othello_tables.diag7[sq & 63];
    uint64_t f = (uint64_t)othello_line_flips(c, (unsigned)(p >> (8 * r)) & 0xFF,
                                              (unsigned)(o >> (8 * r)) & 0xFF)
                 << (8 * r);
    f |= othello_tables.col_of_byte[othello_line_flips(r, othello_column_byte(p, c),
                                                       othello_column_byte(o, c))]
         << c;
    f |= (othello_line_flips(c, othello_diagonal_byte(p, d9), othello_diagonal_byte(o, d9)) *
          0x0101010101010101ULL) &
         d9;
    f |= (othello_line_flips(c, othello_diagonal_byte(p, d7), othello_diagonal_byte(o, d7)) *
          0x0101010101010101ULL) &
         d7;
    return f;
}

#endif

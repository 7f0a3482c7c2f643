/*
 * othello_bits.h - the bitboard kernels shared by the rules, perft and the
 * engine (inline: they run hundreds of millions of times a second).
 *
 * Shifts: +1 is one column right (east), +8 one row down (south).  A shift
 * east must not wrap from col 7 to col 0 of the next row, so the moving set
 * is masked with OTHELLO_NOT_A/_H where a diagonal or horizontal shift wraps.
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

/* Rays from each square in the 8 directions (excluding the square): the
 * first four grow towards higher bits (E, S, SE, SW), the last four towards
 * lower bits (W, N, NW, NE).  Filled by othello_rays_init(). */
extern uint64_t othello_rays[64][8];
void othello_rays_init(void);

/* One direction towards higher bits: the nearest non-opponent square is the
 * lowest set bit; the run before it flips when it is the mover's.
 * Branch-free: whether a direction flips is as good as random. */
#define OTHELLO_FLIPS_UP(ray)                                                          \
    do {                                                                              \
        uint64_t stop_ = ~o & (ray), first_ = stop_ & (0 - stop_);                    \
        flips |= (ray) & (first_ - 1) & (0 - (uint64_t)((first_ & p) != 0));          \
    } while (0)
/* Towards lower bits: the nearest is the highest set bit. */
#define OTHELLO_FLIPS_DOWN(ray)                                                        \
    do {                                                                              \
        uint64_t stop_ = ~o & (ray);                                                  \
        uint64_t first_ = 1ULL << (63 - __builtin_clzll(stop_ | 1));                  \
        flips |= (ray) & ~((first_ << 1) - 1) & (0 - (uint64_t)((first_ & p & stop_) != 0)); \
    } while (0)

static inline uint64_t othello_flips_fast(uint64_t p, uint64_t o, int sq)
{
    const uint64_t *ray = othello_rays[sq];
    uint64_t flips = 0;
    OTHELLO_FLIPS_UP(ray[0]);
    OTHELLO_FLIPS_UP(ray[1]);
    OTHELLO_FLIPS_UP(ray[2]);
    OTHELLO_FLIPS_UP(ray[3]);
    OTHELLO_FLIPS_DOWN(ray[4]);
    OTHELLO_FLIPS_DOWN(ray[5]);
    OTHELLO_FLIPS_DOWN(ray[6]);
    OTHELLO_FLIPS_DOWN(ray[7]);
    return flips;
}

#endif

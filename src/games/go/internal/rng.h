/*
 * rng.h - the engine's private random generator: PCG32 (XSH RR output of a
 * 64-bit LCG).  Small, fast on a Cortex-A9, and the same sequence on every
 * machine, so a seed fixes every move of levels 1-3.
 */
#ifndef TABLETOP_GO_RNG_H
#define TABLETOP_GO_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t state; /* LCG state */
} rng_t;

/* Seeds the generator; every seed (0 included) gives a distinct stream. */
static inline void rng_seed(rng_t *r, uint64_t seed)
{
    /* splitmix64 so that nearby seeds give unrelated streams */
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    r->state = z ^ (z >> 31);
}

/* Next 32 random bits. */
static inline uint32_t rng_next(rng_t *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + 1442695040888963407ULL;
    uint32_t x = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (x >> rot) | (x << ((-rot) & 31));
}

/* Uniform integer in [0, n) for 0 < n < 2^16 (multiply-shift; the bias of
 * at most n / 2^32 is far below anything a playout can notice). */
static inline int rng_below(rng_t *r, int n)
{
    return (int)(((uint64_t)rng_next(r) * (uint32_t)n) >> 32);
}

#endif

/*
 * othello_pattern.c - the pattern evaluation (othello_pattern.h).
 *
 * Each shape is listed once, in canonical square order; its instances are
 * the shape under the board's 8 symmetries, one per distinct square set.  A
 * shape's weights are indexed canonically (digit j, base 3, is the state of
 * canonical square j: 0 empty, 1 the mover's, 2 the opponent's), and the
 * trainer's data covers the 8 symmetries of every position, so the weights
 * do not depend on which way round an instance reads its squares.
 *
 * At run time an instance's index is read in the order of its squares' bit
 * numbers (one PEXT a colour on an x86-64 processor with BMI2, chosen when
 * the tables are built; a loop elsewhere), and each
 * instance has its own copy of its shape's weights permuted to that order,
 * built once: an evaluation is 46 table reads.
 */
#include "othello_pattern.h"

#include <pthread.h>
#include <stdlib.h>

#include "othello_bits.h"


#define MAX_SQUARES 10

typedef struct shape {
    int n;
    int sq[MAX_SQUARES]; /* canonical order; sq = row * 8 + col, a1 = 0 */
} shape_t;

/* a1 = 0, h1 = 7, a2 = 8: row 0 is the board's first row. */
static const shape_t shapes[] = {
    {9, {0, 1, 2, 8, 9, 10, 16, 17, 18}},      /* corner 3x3 */
    {10, {0, 1, 2, 3, 4, 8, 9, 10, 11, 12}},   /* corner 2x5 */
    {10, {9, 0, 1, 2, 3, 4, 5, 6, 7, 14}},     /* edge and its X squares */
    {8, {8, 9, 10, 11, 12, 13, 14, 15}},       /* row 2 */
    {8, {16, 17, 18, 19, 20, 21, 22, 23}},     /* row 3 */
    {8, {24, 25, 26, 27, 28, 29, 30, 31}},     /* row 4 */
    {8, {0, 9, 18, 27, 36, 45, 54, 63}},       /* diagonal of 8 */
    {7, {1, 10, 19, 28, 37, 46, 55}},          /* diagonal of 7 */
    {6, {2, 11, 20, 29, 38, 47}},              /* of 6 */
    {5, {3, 12, 21, 30, 39}},                  /* of 5 */
    {4, {4, 13, 22, 31}},                      /* of 4 */
};
#define SHAPES ((int)(sizeof shapes / sizeof shapes[0]))

typedef struct instance {
    uint64_t mask;       /* its squares */
    int n;
    int sq[MAX_SQUARES]; /* ascending: the order an index is read in */
    int shape;
    uint32_t *to_canon;  /* read index -> the shape's canonical index */
    uint32_t offset;     /* of the shape's weights in a phase's set */
} instance_t;

static instance_t inst[OTHELLO_PATTERN_INSTANCES];
static uint32_t shape_offset[SHAPES + 1];
static uint32_t mob_offset; /* two tables of MOBILITY_CAP + 1, then 64 for the empties */
static uint32_t per_phase;
static uint32_t pow3[MAX_SQUARES + 1];
static uint16_t bits_to_base3[1 << MAX_SQUARES]; /* bit j -> 3^j */
/* Run-time tables: phase, instance, read index (the weights permuted). */
static int16_t *run_w[OTHELLO_PATTERN_PHASES][OTHELLO_PATTERN_INSTANCES];
static int16_t *run_block;
#if defined(__x86_64__) && defined(__GNUC__)
static int use_pext; /* the processor has BMI2's PEXT */
#endif
static pthread_once_t shapes_once = PTHREAD_ONCE_INIT, weights_once = PTHREAD_ONCE_INIT;

static int transform(int sq, int s)
{
    int r = sq / 8, c = sq % 8;
    if (s & 1)
        c = 7 - c;
    if (s & 2)
        r = 7 - r;
    if (s & 4) {
        int t = r;
        r = c;
        c = t;
    }
    return r * 8 + c;
}

static void build_instances(void)
{
    pow3[0] = 1;
    for (int j = 1; j <= MAX_SQUARES; j++)
        pow3[j] = pow3[j - 1] * 3;
    for (unsigned b = 0; b < (1u << MAX_SQUARES); b++) {
        unsigned v = 0;
        for (int j = 0; j < MAX_SQUARES; j++)
            if (b >> j & 1)
                v += pow3[j];
        bits_to_base3[b] = (uint16_t)v;
    }
    uint32_t off = 0;
    for (int s = 0; s < SHAPES; s++) {
        shape_offset[s] = off;
        off += pow3[shapes[s].n];
    }
    shape_offset[SHAPES] = off;
    mob_offset = off;
    per_phase = off + 2 * (OTHELLO_PATTERN_MOBILITY_CAP + 1) + 64;

    int k = 0;
    for (int s = 0; s < SHAPES; s++) {
        for (int sym = 0; sym < 8; sym++) {
            int canon[MAX_SQUARES];
            uint64_t mask = 0;
            for (int j = 0; j < shapes[s].n; j++) {
                canon[j] = transform(shapes[s].sq[j], sym);
                mask |= 1ULL << canon[j];
            }
            int seen = 0;
            for (int i = 0; i < k; i++)
                if (inst[i].mask == mask)
                    seen = 1;
            if (seen)
                continue;
            instance_t *in = &inst[k++];
            in->mask = mask;
            in->n = shapes[s].n;
            in->shape = s;
            in->offset = shape_offset[s];
            int m = 0;
            for (uint64_t b = mask; b; b &= b - 1)
                in->sq[m++] = othello_first_square(b);
            /* Read digit r is square in->sq[r]; canonical digit j is
             * square canon[j]. */
            int rank_of[MAX_SQUARES];
            for (int j = 0; j < in->n; j++)
                for (int r = 0; r < in->n; r++)
                    if (in->sq[r] == canon[j])
                        rank_of[j] = r;
            uint32_t size = pow3[in->n];
            in->to_canon = malloc(size * sizeof *in->to_canon);
            if (!in->to_canon)
                abort();
            for (uint32_t idx = 0; idx < size; idx++) {
                uint32_t c = 0;
                for (int j = 0; j < in->n; j++)
                    c += (idx / pow3[rank_of[j]] % 3) * pow3[j];
                in->to_canon[idx] = c;
            }
        }
    }
    if (k != OTHELLO_PATTERN_INSTANCES)
        abort(); /* the shape list and the header disagree */
}

static void build(void)
{
    (void)pthread_once(&shapes_once, build_instances);
#if defined(__x86_64__) && defined(__GNUC__)
    __builtin_cpu_init();
    use_pext = __builtin_cpu_supports("bmi2");
#endif
    size_t total = 0;
    for (int k = 0; k < OTHELLO_PATTERN_INSTANCES; k++)
        total += pow3[inst[k].n];
    if (othello_pattern_weights_count != (size_t)OTHELLO_PATTERN_PHASES * per_phase)
        abort(); /* weights generated for other shapes */
    run_block = malloc(total * OTHELLO_PATTERN_PHASES * sizeof *run_block);
    if (!run_block)
        abort();
    int16_t *w = run_block;
    for (int ph = 0; ph < OTHELLO_PATTERN_PHASES; ph++) {
        const int16_t *set = othello_pattern_weights + (size_t)ph * per_phase;
        for (int k = 0; k < OTHELLO_PATTERN_INSTANCES; k++) {
            uint32_t size = pow3[inst[k].n];
            run_w[ph][k] = w;
            for (uint32_t idx = 0; idx < size; idx++)
                w[idx] = set[inst[k].offset + inst[k].to_canon[idx]];
            w += size;
        }
    }
}

/* The shapes and instances (all the trainer needs). */
static void init_shapes(void)
{
    (void)pthread_once(&shapes_once, build_instances);
}

/* And the run-time tables from the weights compiled in. */
static void init(void)
{
    (void)pthread_once(&weights_once, build);
}

int othello_pattern_phase(int empties)
{
    if (empties <= 17)
        return 0;
    if (empties >= 42)
        return OTHELLO_PATTERN_PHASES - 1;
    return (empties - 12) / 6; /* 18-23: 1, 24-29: 2, 30-35: 3, 36-41: 4 */
}

size_t othello_pattern_weights_per_phase(void)
{
    init_shapes();
    return per_phase;
}

/* The squares of in->mask in b, in ascending order, packed into the low bits. */
static inline unsigned gather(uint64_t b, const instance_t *in)
{
    unsigned v = 0;
    for (int r = 0; r < in->n; r++)
        v |= (unsigned)(b >> in->sq[r] & 1) << r;
    return v;
}

static inline uint32_t read_index(uint64_t p, uint64_t o, const instance_t *in)
{
    return (uint32_t)bits_to_base3[gather(p, in)] + 2u * bits_to_base3[gather(o, in)];
}

static inline int capped(int moves)
{
    return moves > OTHELLO_PATTERN_MOBILITY_CAP ? OTHELLO_PATTERN_MOBILITY_CAP : moves;
}

int othello_pattern_features(uint64_t p, uint64_t o, uint32_t *index)
{
    init_shapes();
    for (int k = 0; k < OTHELLO_PATTERN_INSTANCES; k++)
        index[k] = inst[k].offset + inst[k].to_canon[read_index(p, o, &inst[k])];
    int mp = othello_popcount(othello_moves_fast(p, o));
    int mo = othello_popcount(othello_moves_fast(o, p));
    int empties = 64 - othello_popcount(p | o);
    index[OTHELLO_PATTERN_INSTANCES] = mob_offset + (uint32_t)capped(mp);
    index[OTHELLO_PATTERN_INSTANCES + 1] =
        mob_offset + OTHELLO_PATTERN_MOBILITY_CAP + 1 + (uint32_t)capped(mo);
    index[OTHELLO_PATTERN_INSTANCES + 2] =
        mob_offset + 2 * (OTHELLO_PATTERN_MOBILITY_CAP + 1) + (uint32_t)empties;
    return othello_pattern_phase(empties);
}

void othello_pattern_symmetrize(float *set)
{
    init_shapes();
    for (int s = 0; s < SHAPES; s++) {
        const shape_t *sh = &shapes[s];
        /* The shape's own symmetries: canonical square j goes to j'. */
        int perm[8][MAX_SQUARES], nperm = 0;
        for (int sym = 0; sym < 8; sym++) {
            int ok = 1;
            for (int j = 0; j < sh->n && ok; j++) {
                int t = transform(sh->sq[j], sym), found = -1;
                for (int k = 0; k < sh->n; k++)
                    if (sh->sq[k] == t)
                        found = k;
                perm[nperm][j] = found;
                ok = found >= 0;
            }
            if (ok)
                nperm++;
        }
        float *w = set + shape_offset[s];
        for (uint32_t idx = 0; idx < pow3[sh->n]; idx++) {
            uint32_t image[8];
            float sum = 0;
            for (int q = 0; q < nperm; q++) {
                uint32_t c = 0;
                for (int j = 0; j < sh->n; j++)
                    c += (idx / pow3[j] % 3) * pow3[perm[q][j]];
                image[q] = c;
                sum += w[c];
            }
            /* Each orbit is set once, from its smallest index. */
            int smallest = 1;
            for (int q = 0; q < nperm; q++)
                if (image[q] < idx)
                    smallest = 0;
            if (smallest)
                for (int q = 0; q < nperm; q++)
                    w[image[q]] = sum / (float)nperm;
        }
    }
}

/* The pattern part of the evaluation: the sum of the instances' weights. */
static int patterns_portable(int16_t *const *w, uint64_t p, uint64_t o)
{
    int score = 0;
    for (int k = 0; k < OTHELLO_PATTERN_INSTANCES; k++)
        score += w[k][read_index(p, o, &inst[k])];
    return score;
}

#if defined(__x86_64__) && defined(__GNUC__)
#define HAVE_PEXT_PATH 1
__attribute__((target("bmi2"))) static int patterns_pext(int16_t *const *w, uint64_t p,
                                                          uint64_t o)
{
    int score = 0;
    for (int k = 0; k < OTHELLO_PATTERN_INSTANCES; k++) {
        uint64_t m = inst[k].mask;
        score += w[k][bits_to_base3[__builtin_ia32_pext_di(p, m)] +
                      2u * bits_to_base3[__builtin_ia32_pext_di(o, m)]];
    }
    return score;
}
#endif

/* The move counts' and the empties' weights. */
static int others(int ph, uint64_t p, uint64_t o, int empties)
{
    const int16_t *set = othello_pattern_weights + (size_t)ph * per_phase + mob_offset;
    int mp = othello_popcount(othello_moves_fast(p, o));
    int mo = othello_popcount(othello_moves_fast(o, p));
    return set[capped(mp)] + set[OTHELLO_PATTERN_MOBILITY_CAP + 1 + capped(mo)] +
           set[2 * (OTHELLO_PATTERN_MOBILITY_CAP + 1) + empties];
}

int othello_pattern_eval(uint64_t p, uint64_t o)
{
    init();
    int empties = 64 - othello_popcount(p | o);
    int ph = othello_pattern_phase(empties);
#ifdef HAVE_PEXT_PATH
    if (use_pext)
        return patterns_pext(run_w[ph], p, o) + others(ph, p, o, empties);
#endif
    return patterns_portable(run_w[ph], p, o) + others(ph, p, o, empties);
}

int othello_pattern_eval_portable(uint64_t p, uint64_t o)
{
    init();
    int empties = 64 - othello_popcount(p | o);
    int ph = othello_pattern_phase(empties);
    return patterns_portable(run_w[ph], p, o) + others(ph, p, o, empties);
}

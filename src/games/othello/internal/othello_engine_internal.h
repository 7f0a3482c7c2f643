/*
 * othello_engine_internal.h - what the engine's three parts share: the
 * midgame search (othello_search.c), the exact solver (othello_solve.c)
 * and the solver's threads (othello_split.c), put together by
 * othello_engine.c behind othello_engine.h.  Not for use outside them.
 *
 * Inside the search a position is (p, o): the discs of the side to move and
 * of its opponent, so every score is the mover's and a child's is negated.
 * The small helpers every node calls are static inline here, so splitting
 * the engine into files costs no call at a node.
 */
#ifndef TABLETOP_GAMES_OTHELLO_ENGINE_INTERNAL_H
#define TABLETOP_GAMES_OTHELLO_ENGINE_INTERNAL_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "../othello_bits.h"
#include "../othello_engine.h"

#define SCORE_INF 30000
#define EVAL_MAX 6300 /* a heuristic score stays inside (-64..64 discs) */
#define TT_BITS 19 /* the midgame table: 2^19 entries of 24 bytes */
#define TT_SIZE (1u << TT_BITS)
#define SOLVE_TT_MIN_EMPTIES 9  /* the solver's table from this many empties */
/* Fastest-first ordering from this many empties; parity alone below.  From
 * 7 the nodes grow (FFO #45-47 by 3-17%) but each costs less: with the
 * flip tables, #45-47 and #48 in 0.96 of the time of 6 (4 and 3 pairs), 8
 * 1.03 times 7; #40-44 the same. */
#define SOLVE_SORT_MIN_EMPTIES 7
#define SOLVE_ETC_MIN_EMPTIES 10 /* enhanced transposition cut-off from this many */
#define SOLVE_SEARCH_ORDER_EMPTIES 12 /* a shallow search's score in the order from this many */
#define ORDER_SEARCH_MAX_DEPTH 6      /* and its depth at most */
/* Selective passes (ProbCut) before the exact search of a root of this many
 * empties or more fill the table with good moves (othello_solve.c, at
 * pass_sel); the levels solve from at most 20 empties, so their play is
 * unchanged. */
#define SOLVE_PASS_MIN_EMPTIES 24
#define SOLVE_PROBCUT_MIN_EMPTIES 14 /* in a pass a node may be cut from this many */
#define SEL_EXACT 7 /* the selectivity of an exact search; a pass's is 0..6 */
/* A solver entry's depth field: its empties and the selectivity of the
 * search that stored it (deeper, then more exact, sorts higher). */
#define SOLVE_DEPTH(empties, sel) (8 * (empties) + (sel))
#define SOLVE_SEL(depth) ((depth) & 7)
#define MAX_MOVES 40 /* more than the most legal moves an Othello position has (33) */

/* A table entry: the position's two bitboards, each XOR the data word
 * (bounds, move, depth), so a torn read does not match (othello_solve.c). */
typedef struct tt_entry {
    uint64_t pk, ok, data;
} tt_entry_t;

typedef struct tt_data {
    int lo, hi; /* score bounds */
    int move;   /* best move found, -1 none */
    int depth;  /* plies searched (midgame), or 8 * empties + selectivity (solver) */
} tt_data_t;

#define MAX_THREADS 8

typedef struct split split_t;

/* One thread's search state.  The midgame table is the thread's own (the
 * solver's move order searches with it); the solver table is shared. */
typedef struct worker {
    struct othello_engine *e;
    tt_entry_t *mid;
    uint64_t nodes;
    split_t *sp; /* the innermost split point this thread works under */
} worker_t;

/* A worker alone in 128 bytes: its node count changes at every node, and
 * sharing a cache line with another thread's count, or with the fields
 * every thread reads at every node, would bounce the line between cores. */
#define LINE_PAD 128
typedef union worker_slot {
    worker_t w;
    char pad[LINE_PAD];
} worker_slot_t;

struct othello_engine {
    tt_entry_t *end; /* solver table: disc differences, exact or a pass's (shared) */
    int end_bits;    /* it has 2^end_bits entries */
    double deadline; /* monotonic seconds; 0 none */
    int aborted;     /* the deadline passed (atomic) */
    int threads;     /* the solver's threads, 1..MAX_THREADS */
    int sel;         /* the solver's selectivity: SEL_EXACT, or a pass's (atomic) */
    char gap[LINE_PAD]; /* the fields above, read at every node, apart from the slots */
    worker_slot_t slot[MAX_THREADS]; /* slot[0] the caller's; its midgame table the engine's */
    /* The thread pool of one solve (othello_solve_root). */
    pthread_mutex_t lock;
    pthread_cond_t wake;
    split_t *open;   /* split points with moves left to take, newest first */
    int idle;        /* threads waiting for work (atomic reads outside the lock) */
    int quit;
};

static inline int load_int(const int *x)
{
    return __atomic_load_n(x, __ATOMIC_RELAXED);
}

static inline void store_int(int *x, int v)
{
    __atomic_store_n(x, v, __ATOMIC_RELAXED);
}

/* Monotonic seconds. */
static inline double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A table of 2^bits entries is 2^(bits-1) buckets of two. */
static inline tt_entry_t *tt_bucket(tt_entry_t *table, int bits, uint64_t p, uint64_t o)
{
    uint64_t h = p * 0x9E3779B97F4A7C15ULL ^ (o + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    return &table[(h >> (64 - bits)) & ~(uint64_t)1];
}

static inline uint64_t tt_pack(int lo, int hi, int move, int depth)
{
    /* Built 16 bits at a time in a 64-bit variable: clang's analyzer takes
     * a shift of a cast from uint16_t for a 16-bit one. */
    uint64_t d = (uint16_t)depth;
    d = d << 16 | (uint16_t)move;
    d = d << 16 | (uint16_t)hi;
    return d << 16 | (uint16_t)lo;
}

static inline tt_data_t tt_unpack(uint64_t d)
{
    tt_data_t t = {(int16_t)d, (int16_t)(d >> 16), (int16_t)(d >> 32), (int16_t)(d >> 48)};
    return t;
}

/* 1 and entry t's data word when t holds (p, o) whole; an empty entry (all
 * zero) holds no position of a game. */
static inline int tt_read(const tt_entry_t *t, uint64_t p, uint64_t o, uint64_t *data)
{
    uint64_t d = __atomic_load_n(&t->data, __ATOMIC_RELAXED);
    uint64_t pk = __atomic_load_n(&t->pk, __ATOMIC_RELAXED);
    uint64_t ok = __atomic_load_n(&t->ok, __ATOMIC_RELAXED);
    if ((pk ^ d) != p || (ok ^ d) != o)
        return 0;
    *data = d;
    return 1;
}

static inline void tt_write(tt_entry_t *t, uint64_t p, uint64_t o, uint64_t d)
{
    __atomic_store_n(&t->data, d, __ATOMIC_RELAXED);
    __atomic_store_n(&t->pk, p ^ d, __ATOMIC_RELAXED);
    __atomic_store_n(&t->ok, o ^ d, __ATOMIC_RELAXED);
}

/* The bounds, move and depth stored for (p, o); 0 when none. */
static inline int tt_probe(tt_entry_t *table, int bits, uint64_t p, uint64_t o, tt_data_t *out)
{
    const tt_entry_t *t = tt_bucket(table, bits, p, o);
    uint64_t d;
    if (tt_read(&t[0], p, o, &d) || tt_read(&t[1], p, o, &d)) {
        *out = tt_unpack(d);
        return 1;
    }
    return 0;
}

/* 1 and *score when t's bounds settle a search of window (alpha, beta):
 * a lower bound at beta or above, an upper bound at alpha or below, or an
 * exact score. */
static inline int tt_decides(const tt_data_t *t, int alpha, int beta, int *score)
{
    if (t->lo >= beta || t->lo == t->hi) {
        *score = t->lo;
        return 1;
    }
    if (t->hi <= alpha) {
        *score = t->hi;
        return 1;
    }
    return 0;
}

/* The depth an entry's data word holds (whatever position it is of: for
 * choosing which entry of a bucket a new position replaces). */
static inline int tt_slot_depth(const tt_entry_t *t)
{
    uint64_t d = __atomic_load_n(&t->data, __ATOMIC_RELAXED);
    return (int16_t)(d >> 48);
}

/* Stores bounds from a search of window (alpha, beta) that returned score. */
static inline void tt_store(tt_entry_t *table, int bits, uint64_t p, uint64_t o, int depth,
                            int alpha, int beta, int score, int move)
{
    tt_entry_t *t = tt_bucket(table, bits, p, o);
    uint64_t d;
    tt_data_t old;
    if (tt_read(&t[0], p, o, &d)) {
        old = tt_unpack(d);
    } else if (tt_read(&t[1], p, o, &d)) {
        t++;
        old = tt_unpack(d);
    } else {
        /* A new position takes the shallower of the two entries (the
         * second on a tie): deep results cost the most to find again. */
        if (tt_slot_depth(&t[0]) >= tt_slot_depth(&t[1]))
            t++;
        old.lo = -SCORE_INF;
        old.hi = SCORE_INF;
        old.move = -1;
        old.depth = depth;
    }
    if (old.depth > depth)
        return;
    if (old.depth < depth) {
        old.lo = -SCORE_INF;
        old.hi = SCORE_INF;
    }
    if (score > alpha && score < beta) {
        old.lo = old.hi = score;
    } else if (score >= beta) {
        if (score > old.lo)
            old.lo = score;
    } else if (score < old.hi) {
        old.hi = score;
    }
    if (old.lo > old.hi) /* contradictions from replaced entries: trust the new one */
        old.lo = old.hi = score;
    if (move >= 0)
        old.move = move;
    tt_write(t, p, o, tt_pack(old.lo, old.hi, old.move, depth));
}

/* Final disc difference for the mover, empties to the winner. */
static inline int final_discs(uint64_t p, uint64_t o)
{
    int np = othello_popcount(p), no = othello_popcount(o);
    int diff = np - no, empties = 64 - np - no;
    if (diff > 0)
        diff += empties;
    else if (diff < 0)
        diff -= empties;
    return diff;
}

#define CORNERS 0x8100000000000081ULL

/* The squares next to a disc of b (8 directions), b itself left out. */
static inline uint64_t neighbours(uint64_t b)
{
    uint64_t e = (b << 1) & 0xFEFEFEFEFEFEFEFEULL, wv = (b >> 1) & 0x7F7F7F7F7F7F7F7FULL;
    uint64_t h = b | e | wv;
    return (h | (h << 8) | (h >> 8)) & ~b;
}

/* ---- move lists ------------------------------------------------------- */

typedef struct move_entry {
    uint64_t flips;
    int sq;
    int key; /* ordering: higher first */
} move_entry_t;

/* The bit of square sq (0..63). */
static inline uint64_t square_bit(int sq)
{
    return 1ULL << ((unsigned)sq & 63u);
}

/* Sorts m[0..n-1] by key, highest first; equal keys keep their order. */
static inline void sort_moves(move_entry_t *m, int n)
{
    for (int i = 1; i < n; i++) { /* insertion sort: lists are short */
        move_entry_t x = m[i];
        int j = i - 1;
        while (j >= 0 && m[j].key < x.key) {
            m[j + 1] = m[j];
            j--;
        }
        m[j + 1] = x;
    }
}

/* The ordering weight of a square on its own (corners first, X last). */
static const int square_order[64] = {
    20, -4, 6, 4, 4, 6, -4, 20,  -4, -10, 0, 0, 0, 0, -10, -4,
    6,  0,  2, 1, 1, 2, 0,  6,   4,  0,   1, 0, 0, 1, 0,   4,
    4,  0,  1, 0, 0, 1, 0,  4,   6,  0,   2, 1, 1, 2, 0,   6,
    -4, -10, 0, 0, 0, 0, -10, -4, 20, -4, 6, 4, 4, 6, -4, 20,
};

static inline void check_time(worker_t *w)
{
    othello_engine_t *e = w->e;
    if ((w->nodes & 4095) == 0 && e->deadline > 0 && now_seconds() > e->deadline)
        store_int(&e->aborted, 1);
}

/* ---- the solver's threads (othello_split.c) --------------------------- */

#define SPLIT_MIN_EMPTIES 12 /* a node splits from this many empties */

/* A node whose other moves idle threads may take (Young Brothers Wait). */
struct split {
    split_t *parent;    /* the owner's split point when it opened this one */
    split_t *next_open; /* the next in e->open */
    int in_open;        /* it is in e->open (moves left to take) */
    const move_entry_t *list;
    int n, next;        /* moves, the next one to take */
    uint64_t p, o;
    int alpha, beta;    /* the window; alpha rises as moves come back */
    int best, best_move;
    int working;        /* threads searching one of its moves */
    int stop;           /* a cut-off here: every thread below stops (atomic) */
};

/* The deadline passed, or a split point above w's work was cut off: the
 * search's result is worthless and is thrown away. */
static inline int stopped(const worker_t *w)
{
    if (load_int(&w->e->aborted))
        return 1;
    for (const split_t *s = w->sp; s; s = s->parent)
        if (load_int(&s->stop))
            return 1;
    return 0;
}

/* ---- across the files -------------------------------------------------- */

/* The static evaluation of (p, o) for p, in hundredths of a disc. */
int othello_eval_pair(uint64_t p, uint64_t o);

/* Negascout to depth plies over the thread's midgame table (othello_search.c). */
int othello_search(worker_t *w, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                   int passed);

/* Fills the solver's tables of lines and neighbourhoods (once; idempotent). */
void othello_solver_init(void);

/* The disc difference of (p, o) in the window (alpha, beta) at the engine's
 * selectivity (e->sel): exact and fail-soft at SEL_EXACT; in a selective
 * pass a ProbCut cut returns alpha or beta.  *best_sq gets the best move at
 * the root (best_sq not NULL). */
int othello_solve(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int passed,
                  int *best_sq);

/* The exact score of (p, o) on e->threads threads, and a best move in *move. */
int othello_solve_root(othello_engine_t *e, uint64_t p, uint64_t o, int *move);

/* Opens sp to idle threads and searches its moves with them; returns when
 * every move is searched or a cut-off stopped them (othello_split.c). */
void othello_split_run(worker_t *w, split_t *sp);

/* A helper thread's body (pthread_create): takes moves of open split
 * points until the solve ends (e->quit). */
void *othello_split_helper(void *arg);

#endif

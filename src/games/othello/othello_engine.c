/*
 * othello_engine.c - negascout + transposition table + evaluation, and the
 * exact endgame solver (othello_engine.h).
 *
 * Inside the search a position is (p, o): the discs of the side to move and
 * of its opponent, so every score is the mover's and a child's is negated.
 *
 * The exact solver can run on several threads (othello_engine_set_threads):
 * Young Brothers Wait.  A node far enough from the end searches its first
 * move alone; then, when a thread is idle, it opens a split point and the
 * idle threads take its other moves one at a time.  A cut-off there stops
 * every thread below it.  A thread waiting at its own split point for the
 * others helps only at split points below it (in the moves it waits for).
 * The solver table is shared without locks: an entry's key words are
 * stored XOR its data word, so a read torn by another thread's write does
 * not match and is a miss; every bound in the table is a proved fact about
 * its position, so a lost update costs time, never a wrong score.
 */
#include "othello_engine.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "othello_bits.h"
#include "othello_pattern.h"

#define SCORE_INF 30000
#define EVAL_MAX 6300 /* a heuristic score stays inside (-64..64 discs) */
#define TT_BITS 19 /* the midgame table: 2^19 entries of 24 bytes */
#define TT_SIZE (1u << TT_BITS)
#define SOLVE_TT_MIN_EMPTIES 9  /* the solver's table from this many empties */
#define SOLVE_SORT_MIN_EMPTIES 6 /* fastest-first ordering from this many (7: FFO 40-42 12% more nodes) */
#define SOLVE_ETC_MIN_EMPTIES 10 /* enhanced transposition cut-off from this many */
#define SOLVE_SEARCH_ORDER_EMPTIES 12 /* a shallow search's score in the order from this many */
#define ORDER_SEARCH_MAX_DEPTH 6      /* and its depth at most */
#define MAX_MOVES 40 /* more than the most legal moves an Othello position has (33) */

/* A table entry: the position's two bitboards, each XOR the data word
 * (bounds, move, depth), so a torn read does not match (the header). */
typedef struct tt_entry {
    uint64_t pk, ok, data;
} tt_entry_t;

typedef struct tt_data {
    int lo, hi; /* score bounds */
    int move;   /* best move found, -1 none */
    int depth;  /* plies searched (midgame) or empties (solver) */
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
    tt_entry_t *end; /* solver table: exact disc differences (shared) */
    int end_bits;    /* it has 2^end_bits entries */
    double deadline; /* monotonic seconds; 0 none */
    int patterns;    /* search() scores with the pattern evaluation (the solver's ordering) */
    int aborted;     /* the deadline passed (atomic) */
    int threads;     /* the solver's threads, 1..MAX_THREADS */
    char gap[LINE_PAD]; /* the fields above, read at every node, apart from the slots */
    worker_slot_t slot[MAX_THREADS]; /* slot[0] the caller's; its midgame table the engine's */
    /* The thread pool of one solve (solve_root). */
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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

othello_level_t othello_level_config(int level)
{
    static const othello_level_t levels[OTHELLO_LEVEL_MAX] = {
        {1, 4, 0},   {2, 8, 0},    {3, 10, 0},   {4, 12, 0},
        {6, 14, 0},  {8, 16, 0},   {11, 20, 0},
    };
    if (level < OTHELLO_LEVEL_MIN)
        level = OTHELLO_LEVEL_MIN;
    if (level > OTHELLO_LEVEL_MAX)
        level = OTHELLO_LEVEL_MAX;
    return levels[level - 1];
}

static void diagonals_init(void);

othello_engine_t *othello_engine_new(void)
{
    return othello_engine_new_sized(OTHELLO_TABLE_BITS_DEFAULT);
}

othello_engine_t *othello_engine_new_sized(int end_bits)
{
    othello_rays_init();
    diagonals_init();
    if (end_bits < 10 || end_bits > 28)
        return NULL;
    othello_engine_t *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->end_bits = end_bits;
    e->threads = 1;
    for (int i = 0; i < MAX_THREADS; i++)
        e->slot[i].w.e = e;
    /* calloc: zero pages come from the system as they are first touched,
     * so a small solve with the 96 MiB table does not pay for all of it. */
    e->slot[0].w.mid = calloc(TT_SIZE, sizeof *e->slot[0].w.mid);
    e->end = calloc((size_t)1 << end_bits, sizeof *e->end);
    int locked = e->slot[0].w.mid && e->end && pthread_mutex_init(&e->lock, NULL) == 0;
    if (locked && pthread_cond_init(&e->wake, NULL) == 0)
        return e;
    if (locked)
        pthread_mutex_destroy(&e->lock);
    free(e->slot[0].w.mid);
    free(e->end);
    free(e);
    return NULL;
}

int othello_engine_set_threads(othello_engine_t *e, int threads)
{
    if (threads < 1 || threads > MAX_THREADS)
        return -1;
    for (int i = 1; i < threads; i++) {
        if (!e->slot[i].w.mid && !(e->slot[i].w.mid = calloc(TT_SIZE, sizeof *e->slot[i].w.mid)))
            return -1;
    }
    e->threads = threads;
    return 0;
}

void othello_engine_free(othello_engine_t *e)
{
    if (!e)
        return;
    for (int i = 0; i < MAX_THREADS; i++)
        free(e->slot[i].w.mid);
    free(e->end);
    pthread_cond_destroy(&e->wake);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

void othello_engine_clear(othello_engine_t *e)
{
    /* p = o = 0 is no position of a game: an empty slot. */
    for (int i = 0; i < MAX_THREADS; i++)
        if (e->slot[i].w.mid)
            memset(e->slot[i].w.mid, 0, TT_SIZE * sizeof *e->slot[i].w.mid);
    memset(e->end, 0, ((size_t)1 << e->end_bits) * sizeof *e->end);
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
    return (uint64_t)(uint16_t)lo | (uint64_t)(uint16_t)hi << 16 |
           (uint64_t)(uint16_t)move << 32 | (uint64_t)(uint16_t)depth << 48;
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

/* ---- evaluation ------------------------------------------------------- */

#define CORNERS 0x8100000000000081ULL
/* Square groups of the classic weight table (a1 top left). */
#define W_EDGE_A 0x3C0081818181003CULL /* edge squares c..f and 3..6 */
#define W_RING 0x003C424242423C00ULL   /* the second ring, no X squares */
static const uint64_t x_square[4] = {1ULL << 9, 1ULL << 14, 1ULL << 49, 1ULL << 54};
static const uint64_t c_squares[4] = {(1ULL << 1) | (1ULL << 8), (1ULL << 6) | (1ULL << 15),
                                      (1ULL << 48) | (1ULL << 57), (1ULL << 55) | (1ULL << 62)};
static const uint64_t corner_sq[4] = {1ULL << 0, 1ULL << 7, 1ULL << 56, 1ULL << 63};

/* The squares next to a disc of b (8 directions), b itself left out. */
static inline uint64_t neighbours(uint64_t b)
{
    uint64_t e = (b << 1) & 0xFEFEFEFEFEFEFEFEULL, wv = (b >> 1) & 0x7F7F7F7F7F7F7F7FULL;
    uint64_t h = b | e | wv;
    return (h | (h << 8) | (h >> 8)) & ~b;
}

static int evaluate_pair(uint64_t p, uint64_t o)
{
    uint64_t empty = ~(p | o);
    int empties = othello_popcount(empty);
    int score = 0;

    /* Corners and their neighbours: an X or C square next to an empty
     * corner hands the corner over; next to a taken corner it is harmless. */
    score += 800 * (othello_popcount(p & CORNERS) - othello_popcount(o & CORNERS));
    for (int k = 0; k < 4; k++) {
        if (corner_sq[k] & empty) {
            score -= 300 * ((p & x_square[k]) != 0) - 300 * ((o & x_square[k]) != 0);
            score -= 100 * othello_popcount(p & c_squares[k]) -
                     100 * othello_popcount(o & c_squares[k]);
        } else {
            uint64_t own = (corner_sq[k] & p) ? p : o;
            int sign = (own == p) ? 1 : -1;
            score += sign * 60 * othello_popcount(own & c_squares[k]);
        }
    }
    score += 40 * (othello_popcount(p & W_EDGE_A) - othello_popcount(o & W_EDGE_A));
    score -= 10 * (othello_popcount(p & W_RING) - othello_popcount(o & W_RING));

    /* Mobility and potential mobility (empty squares next to the opponent). */
    int mp = othello_popcount(othello_moves_fast(p, o));
    int mo = othello_popcount(othello_moves_fast(o, p));
    score += 120 * (mp - mo) * 10 / (mp + mo + 6);
    if (mp == 0)
        score -= 150; /* having to pass */
    int pot_p = othello_popcount(neighbours(o) & empty);
    int pot_o = othello_popcount(neighbours(p) & empty);
    score += 25 * (pot_p - pot_o);

    /* Late: discs start to count, and who plays last (parity). */
    if (empties < 20) {
        score += (20 - empties) * 4 * (othello_popcount(p) - othello_popcount(o));
        score += (empties & 1) ? 150 : -150;
    }
    if (score > EVAL_MAX)
        score = EVAL_MAX;
    if (score < -EVAL_MAX)
        score = -EVAL_MAX;
    return score;
}

int othello_evaluate(const othello_board_t *b)
{
    othello_rays_init();
    return evaluate_pair(b->disc[b->to_move], b->disc[!b->to_move]);
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

static void sort_moves(move_entry_t *m, int n)
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

/* ---- midgame search --------------------------------------------------- */

static int search(worker_t *w, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                  int passed)
{
    othello_engine_t *e = w->e;
    w->nodes++;
    check_time(w);
    if (load_int(&e->aborted))
        return 0;
    if (depth <= 0)
        return e->patterns ? othello_pattern_eval(p, o) : evaluate_pair(p, o);
    uint64_t moves = othello_moves_fast(p, o);
    if (!moves) {
        if (passed || !othello_moves_fast(o, p))
            return 100 * final_discs(p, o);
        return -search(w, o, p, depth, -beta, -alpha, 1);
    }
    int tt_move = -1;
    tt_data_t t;
    if (tt_probe(w->mid, TT_BITS, p, o, &t)) {
        tt_move = t.move;
        int score;
        if (t.depth >= depth && tt_decides(&t, alpha, beta, &score))
            return score;
    }
    move_entry_t list[MAX_MOVES];
    int n = 0;
    while (moves) {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        uint64_t f = othello_flips_fast(p, o, sq);
        list[n].flips = f;
        list[n].sq = sq;
        if (sq == tt_move)
            list[n].key = 1 << 20;
        else if (depth >= 3) {
            uint64_t np = p | f | (1ULL << sq), no = o & ~f;
            list[n].key = -16 * othello_popcount(othello_moves_fast(no, np)) +
                          4 * square_order[sq] -
                          othello_popcount(neighbours(np) & ~(np | no) & ~neighbours(no));
        } else
            list[n].key = square_order[sq];
        n++;
    }
    sort_moves(list, n);
    int best = -SCORE_INF, best_move = -1, a = alpha;
    for (int i = 0; i < n; i++) {
        uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
        int s;
        if (i == 0) {
            s = -search(w, no, np, depth - 1, -beta, -a, 0);
        } else {
            s = -search(w, no, np, depth - 1, -a - 1, -a, 0);
            if (s > a && s < beta)
                s = -search(w, no, np, depth - 1, -beta, -s, 0);
        }
        if (load_int(&e->aborted))
            return 0;
        if (s > best) {
            best = s;
            best_move = list[i].sq;
            if (s > a)
                a = s;
            if (a >= beta)
                break;
        }
    }
    tt_store(w->mid, TT_BITS, p, o, depth, alpha, beta, best, best_move);
    return best;
}

/* ---- exact endgame solver --------------------------------------------- */

/* ---- stable discs ------------------------------------------------------ */

#define COL_A 0x0101010101010101ULL
#define COL_H 0x8080808080808080ULL
#define ROW_1 0x00000000000000FFULL
#define ROW_8 0xFF00000000000000ULL
#define EDGES (COL_A | COL_H | ROW_1 | ROW_8)

/* The 15 + 15 diagonals (a1-h8 direction, then a8-h1 direction). */
static uint64_t diag9[15], diag7[15];
/* The squares around each square. */
static uint64_t around[64];

static void diagonals_init(void)
{
    if (diag9[0])
        return;
    for (int sq = 0; sq < 64; sq++) {
        int r = sq / 8, c = sq % 8;
        diag9[c - r + 7] |= 1ULL << sq;
        diag7[c + r] |= 1ULL << sq;
        around[sq] = neighbours(1ULL << sq);
    }
}

/* Discs of o that no sequence of moves can flip: along each of the four
 * lines through it, the line is full, or the disc touches the board's edge
 * or a stable disc of its colour.  A subset of the truly stable discs. */
static uint64_t stable_discs(uint64_t p, uint64_t o)
{
    uint64_t occ = p | o;
    uint64_t h = occ & (occ >> 1);
    h &= h >> 2;
    h &= h >> 4;
    uint64_t full_h = (h & COL_A) * 0xFF;
    uint64_t v = occ & (occ >> 8);
    v &= v >> 16;
    v &= v >> 32;
    uint64_t full_v = (v & ROW_1) * COL_A;
    uint64_t full_9 = 0, full_7 = 0;
    for (int k = 0; k < 15; k++) {
        if ((occ & diag9[k]) == diag9[k])
            full_9 |= diag9[k];
        if ((occ & diag7[k]) == diag7[k])
            full_7 |= diag7[k];
    }
    uint64_t s = 0, old;
    do {
        old = s;
        uint64_t ok_h = full_h | COL_A | COL_H | ((s << 1) & ~COL_A) | ((s >> 1) & ~COL_H);
        uint64_t ok_v = full_v | ROW_1 | ROW_8 | (s << 8) | (s >> 8);
        uint64_t ok_9 = full_9 | EDGES | ((s << 9) & ~COL_A) | ((s >> 9) & ~COL_H);
        uint64_t ok_7 = full_7 | EDGES | ((s << 7) & ~COL_H) | ((s >> 7) & ~COL_A);
        s = o & ok_h & ok_v & ok_9 & ok_7;
    } while (s != old);
    return s;
}

/* The last empty square sq: the mover plays it, or else the opponent. */
static inline int solve_last(uint64_t p, uint64_t o, int sq)
{
    int np = othello_popcount(p);
    uint64_t f = othello_flips_fast(p, o, sq);
    if (f)
        return 2 * (np + othello_popcount(f) + 1) - 64;
    f = othello_flips_fast(o, p, sq);
    if (f)
        return 2 * (np - othello_popcount(f)) - 64;
    int diff = 2 * np - 63; /* 63 discs: never a draw */
    return diff > 0 ? diff + 1 : diff - 1;
}

static const uint64_t quadrant[4] = {0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL,
                                     0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL};

/* Two empties x1, x2: the mover plays either (each answered by the last
 * square), else the opponent does, else the game ends. */
static int solve_2(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int x1,
                   int x2)
{
    w->nodes++;
    int best = -SCORE_INF;
    uint64_t f = othello_flips_fast(p, o, x1);
    if (f) {
        w->nodes++;
        best = -solve_last(o & ~f, p | f | square_bit(x1), x2);
        if (best >= beta)
            return best;
    }
    f = othello_flips_fast(p, o, x2);
    if (f) {
        w->nodes++;
        int s = -solve_last(o & ~f, p | f | square_bit(x2), x1);
        return s > best ? s : best;
    }
    if (best > -SCORE_INF)
        return best;
    /* The mover passes: the opponent minimises the mover's score. */
    int worst = SCORE_INF;
    f = othello_flips_fast(o, p, x1);
    if (f) {
        w->nodes++;
        worst = solve_last(p & ~f, o | f | square_bit(x1), x2);
        if (worst <= alpha)
            return worst;
    }
    f = othello_flips_fast(o, p, x2);
    if (f) {
        w->nodes++;
        int s = solve_last(p & ~f, o | f | square_bit(x2), x1);
        return s < worst ? s : worst;
    }
    return worst < SCORE_INF ? worst : final_discs(p, o);
}

/* The quadrant (0..3, as quadrant[]) of square sq. */
static inline int quad_of(int sq)
{
    return ((sq >> 4) & 2) | ((sq >> 2) & 1);
}

/* Three to SOLVE_SORT_MIN_EMPTIES - 1 empties sq[0..n-1]: no move generation; the squares in
 * quadrants with an odd number of empties first (parity: bit k of `odd`
 * for quadrant k), a square tried only when an opponent's disc touches it.
 * The child's squares keep their order; playing one flips its quadrant's
 * parity bit. */
static int solve_few(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, const int *sq,
                     int n, unsigned odd, int passed)
{
    w->nodes++;
    int order[SOLVE_SORT_MIN_EMPTIES], k = 0;
    for (int i = 0; i < n; i++)
        if (odd >> quad_of(sq[i]) & 1)
            order[k++] = i;
    for (int i = 0; i < n; i++)
        if (!(odd >> quad_of(sq[i]) & 1))
            order[k++] = i;
    int best = -SCORE_INF;
    for (int j = 0; j < n; j++) {
        int i = order[j], x = sq[i];
        if (!(around[x] & o))
            continue;
        uint64_t f = othello_flips_fast(p, o, x);
        if (!f)
            continue;
        int rest[SOLVE_SORT_MIN_EMPTIES];
        for (int r = 0, q = 0; r < n; r++)
            if (r != i)
                rest[q++] = sq[r];
        uint64_t np = p | f | square_bit(x), no = o & ~f;
        int s = n == 3 ? -solve_2(w, no, np, -beta, -alpha, rest[0], rest[1])
                       : -solve_few(w, no, np, -beta, -alpha, rest, n - 1,
                                    odd ^ (1u << quad_of(x)), 0);
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (alpha >= beta)
                    return best;
            }
        }
    }
    if (best == -SCORE_INF) { /* no move */
        if (passed)
            return final_discs(p, o);
        return -solve_few(w, o, p, -beta, -alpha, sq, n, odd, 1);
    }
    return best;
}

/* Fewer than SOLVE_SORT_MIN_EMPTIES empties: the empty squares listed
 * once, then solve_few, solve_2 or solve_last. */
static int solve_shallow(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta,
                         int passed)
{
    uint64_t empty = ~(p | o);
    if (!empty) {
        w->nodes++;
        return final_discs(p, o);
    }
    int sq[SOLVE_SORT_MIN_EMPTIES], n = 0;
    unsigned odd = 0;
    while (empty && n < SOLVE_SORT_MIN_EMPTIES) {
        int x = othello_first_square(empty);
        empty &= empty - 1;
        sq[n++] = x;
        odd ^= 1u << quad_of(x);
    }
    if (n == 1) {
        w->nodes++;
        return solve_last(p, o, sq[0]);
    }
    if (n == 2)
        return solve_2(w, p, o, alpha, beta, sq[0], sq[1]);
    return solve_few(w, p, o, alpha, beta, sq, n, odd, passed);
}

/* 1 when sq's quadrant has an odd number of empty squares: playing there
 * tends to leave the last move of that region to the mover (parity). */
static inline int parity_odd(uint64_t empty, int sq)
{
    for (int k = 0; k < 4; k++)
        if (quadrant[k] >> sq & 1)
            return othello_popcount(empty & quadrant[k]) & 1;
    return 0;
}

/* ---- the solver's threads --------------------------------------------- */

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

static int solve(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int passed,
                 int *best_sq);

/* Takes sp off the list of open split points (e->lock held). */
static void split_unlink(othello_engine_t *e, split_t *sp)
{
    split_t **q = &e->open;
    while (*q != sp)
        q = &(*q)->next_open;
    *q = sp->next_open;
    sp->in_open = 0;
}

/* Takes sp's next move and searches it (e->lock held; released meanwhile). */
static void split_take(worker_t *w, split_t *sp)
{
    othello_engine_t *e = w->e;
    int i = sp->next++;
    if (sp->next == sp->n && sp->in_open) /* no more to take: off the list */
        split_unlink(e, sp);
    int a = sp->alpha, beta = sp->beta;
    sp->working++;
    split_t *saved = w->sp;
    w->sp = sp;
    pthread_mutex_unlock(&e->lock);
    uint64_t np = sp->p | sp->list[i].flips | square_bit(sp->list[i].sq);
    uint64_t no = sp->o & ~sp->list[i].flips;
    int s = -solve(w, no, np, -a - 1, -a, 0, NULL);
    if (s > a && s < beta && !stopped(w))
        s = -solve(w, no, np, -beta, -s, 0, NULL);
    int lost = stopped(w);
    pthread_mutex_lock(&e->lock);
    w->sp = saved;
    if (!lost && s > sp->best) {
        sp->best = s;
        sp->best_move = sp->list[i].sq;
        if (s > sp->alpha)
            sp->alpha = s;
        if (sp->alpha >= sp->beta)
            store_int(&sp->stop, 1);
    }
    if (--sp->working == 0 || load_int(&sp->stop))
        pthread_cond_broadcast(&e->wake);
}

/* An open split point below mine (its chain passes through mine), or any
 * open one when mine is NULL; e->lock held. */
static split_t *split_find(othello_engine_t *e, const split_t *mine)
{
    for (split_t *h = e->open; h; h = h->next_open) {
        if (load_int(&h->stop) || h->next >= h->n)
            continue;
        if (!mine)
            return h;
        for (const split_t *c = h->parent; c; c = c->parent)
            if (c == mine)
                return h;
    }
    return NULL;
}

/* Takes a move of an open split point below `mine` (any when NULL), or
 * else waits, counted idle, until something changes (e->lock held). */
static void help_or_wait(worker_t *w, const split_t *mine)
{
    othello_engine_t *e = w->e;
    split_t *h = split_find(e, mine);
    if (h) {
        split_take(w, h);
    } else {
        __atomic_add_fetch(&e->idle, 1, __ATOMIC_RELAXED);
        pthread_cond_wait(&e->wake, &e->lock);
        __atomic_sub_fetch(&e->idle, 1, __ATOMIC_RELAXED);
    }
}

/* The owner's part of a split point: its moves, then, while others still
 * search some, their split points below it; returns when none works on it. */
static void split_run(worker_t *w, split_t *sp)
{
    othello_engine_t *e = w->e;
    pthread_mutex_lock(&e->lock);
    sp->parent = w->sp;
    sp->next_open = e->open;
    sp->in_open = 1;
    e->open = sp;
    pthread_cond_broadcast(&e->wake);
    while (!load_int(&sp->stop) && sp->next < sp->n)
        split_take(w, sp);
    if (sp->in_open) /* cut off with moves left */
        split_unlink(e, sp);
    while (sp->working > 0)
        help_or_wait(w, sp);
    pthread_mutex_unlock(&e->lock);
}

/* A helper thread: takes moves of open split points until the solve ends. */
static void *helper_main(void *arg)
{
    worker_t *w = arg;
    othello_engine_t *e = w->e;
    pthread_mutex_lock(&e->lock);
    while (!e->quit)
        help_or_wait(w, NULL);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* ---- the solver ------------------------------------------------------- */

static int solve(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int passed,
                 int *best_sq)
{
    othello_engine_t *e = w->e;
    int empties = 64 - othello_popcount(p | o);
    if (empties < SOLVE_SORT_MIN_EMPTIES && !best_sq)
        return solve_shallow(w, p, o, alpha, beta, passed);
    w->nodes++;
    check_time(w);
    if (stopped(w))
        return 0;
    uint64_t moves = othello_moves_fast(p, o);
    if (!moves) {
        if (passed || !othello_moves_fast(o, p)) {
            if (best_sq)
                *best_sq = OTHELLO_NO_MOVE;
            return final_discs(p, o);
        }
        if (best_sq)
            *best_sq = OTHELLO_PASS;
        return -solve(w, o, p, -beta, -alpha, 1, NULL);
    }
    /* Stability: the opponent's stable discs stay his, so the mover ends
     * with at most 64 - 2 * stable; the mover's own give a floor, used when
     * beta is low (FFO 40-46: 0.1% fewer nodes; rarely low enough). */
    if (!best_sq && alpha >= 8) {
        int top = 64 - 2 * othello_popcount(stable_discs(p, o));
        if (top <= alpha)
            return top;
        if (top < beta)
            beta = top;
    }
    if (!best_sq && beta <= -8) {
        int floor = 2 * othello_popcount(stable_discs(o, p)) - 64;
        if (floor >= beta)
            return floor;
        if (floor > alpha)
            alpha = floor;
    }
    int tt_move = -1;
    const int use_tt = empties >= SOLVE_TT_MIN_EMPTIES;
    if (use_tt) {
        tt_data_t t;
        if (tt_probe(e->end, e->end_bits, p, o, &t)) {
            tt_move = t.move;
            int score;
            if (!best_sq) {
                if (tt_decides(&t, alpha, beta, &score))
                    return score;
                if (t.lo > alpha)
                    alpha = t.lo;
                if (t.hi < beta)
                    beta = t.hi;
            }
        }
    }
    move_entry_t list[MAX_MOVES];
    int n = 0, first = -1;
    const int etc = use_tt && !best_sq && empties >= SOLVE_ETC_MIN_EMPTIES;
    while (moves) {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        uint64_t f = othello_flips_fast(p, o, sq);
        list[n].flips = f;
        list[n].sq = sq;
        if (sq == tt_move)
            first = n;
        /* The child's bucket, read below: all of them asked of memory at
         * once rather than one miss after another (the probes waited on
         * memory for a fifth of this function's time). */
        if (etc)
            __builtin_prefetch(tt_bucket(e->end, e->end_bits, o & ~f, p | f | square_bit(sq)));
        n++;
    }
    /* Enhanced transposition cut-off: a child whose upper bound (its own
     * view) is already low enough proves a cut without a search. */
    if (etc) {
        for (int i = 0; i < n; i++) {
            uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
            tt_data_t c;
            if (tt_probe(e->end, e->end_bits, no, np, &c) && -c.hi >= beta)
                return -c.hi;
        }
    }
    int best = -SCORE_INF, best_move = list[0].sq, a = alpha, i0 = 0;
    /* The table's move first, before the others are ordered: when it cuts
     * off (as it mostly does in the null-window searches that repeat a
     * position), their ordering searches are saved. */
    if (first >= 0) {
        move_entry_t m = list[first];
        list[first] = list[0];
        list[0] = m;
        uint64_t np = p | m.flips | square_bit(m.sq), no = o & ~m.flips;
        best = -solve(w, no, np, -beta, -a, 0, NULL);
        if (stopped(w))
            return 0;
        best_move = m.sq;
        if (best > a)
            a = best;
        i0 = 1;
    }
    if (a < beta) {
        for (int i = i0; i < n; i++) {
            uint64_t f = list[i].flips;
            int sq = list[i].sq;
            uint64_t np = p | f | square_bit(sq), no = o & ~f;
            /* Fastest first: the fewer replies, the sooner a cut-off. */
            uint64_t replies = othello_moves_fast(no, np);
            /* (A square weight, corners first and X squares last, was
             * tried here too: FFO 40-44 took 1.5 times the nodes.) */
            list[i].key = -16 * (othello_popcount(replies) + othello_popcount(replies & CORNERS)) -
                          2 * othello_popcount(neighbours(np) & ~(np | no)) +
                          8 * parity_odd(~(p | o), sq);
            /* From 12 empties a shallow search of the pattern evaluation
             * joins the key: the child's own score at 12-13 empties, one
             * ply more every 2 empties, at most ORDER_SEARCH_MAX_DEPTH.  A
             * disc of that score weighs 6.25 in the key, an opponent's
             * reply 16: a reply is worth about 2.5 discs (the weights
             * measured: docs/othello.md). */
            if (empties >= SOLVE_SEARCH_ORDER_EMPTIES) {
                int d = (empties - SOLVE_SEARCH_ORDER_EMPTIES) / 2;
                if (d > ORDER_SEARCH_MAX_DEPTH)
                    d = ORDER_SEARCH_MAX_DEPTH;
                list[i].key -= search(w, no, np, d, -SCORE_INF, SCORE_INF, 0) / 16;
            }
        }
        sort_moves(list + i0, n - i0);
    }
    for (int i = i0; i < n && a < beta; i++) {
        if (i > 0 && n - i >= 2 && empties >= SPLIT_MIN_EMPTIES && e->threads > 1 &&
            load_int(&e->idle) > 0) {
            /* The first move is searched and did not cut: the others may
             * go to idle threads. */
            split_t sp = {.list = list, .n = n, .next = i, .p = p, .o = o, .alpha = a,
                          .beta = beta, .best = best, .best_move = best_move};
            split_run(w, &sp);
            if (stopped(w))
                return 0;
            best = sp.best;
            best_move = sp.best_move;
            break;
        }
        uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
        int s;
        if (i == 0) {
            s = -solve(w, no, np, -beta, -a, 0, NULL);
        } else {
            s = -solve(w, no, np, -a - 1, -a, 0, NULL);
            if (s > a && s < beta)
                s = -solve(w, no, np, -beta, -s, 0, NULL);
        }
        if (stopped(w))
            return 0;
        if (s > best) {
            best = s;
            best_move = list[i].sq;
            if (s > a)
                a = s;
        }
    }
    if (use_tt)
        tt_store(e->end, e->end_bits, p, o, empties, alpha, beta, best, best_move);
    if (best_sq)
        *best_sq = best_move;
    return best;
}

/* The exact score of (p, o) and a best move.  Aspiration: most positions
 * are close; a narrow window around 0 is cheap.  A score outside it is then
 * found by null-window searches (MTD(f)): each asks "at least b?" and the
 * fail-soft answer moves the bound it proves, until the bounds meet (FFO
 * 40-46: 7% fewer nodes than one wide re-search; 43 and 44 more, 45 and 46
 * fewer).  The move comes from a search that failed high: it is proved to
 * reach the lower bound, which is the score at the end.  (A guess from a
 * short midgame search as the first window's centre was tried: FFO 41 and
 * 42 took 1.2-1.5 times the nodes, the hand-made evaluation guessing too
 * far off.) */
static int solve_mtd(worker_t *w, uint64_t p, uint64_t o, int *move)
{
    int score = solve(w, p, o, -3, 3, 0, move);
    if (score > -3 && score < 3)
        return score;
    int lower = score >= 3 ? score : -64, upper = score <= -3 ? score : 64; /* the range of a score */
    int g = score;
    while (lower < upper && !load_int(&w->e->aborted)) {
        int b = g > lower ? g : lower + 1;
        int m = OTHELLO_NO_MOVE;
        g = solve(w, p, o, b - 1, b, 0, &m);
        if (g < b) {
            upper = g;
        } else {
            lower = g;
            *move = m;
        }
    }
    return lower;
}

/* The solver on e->threads threads (the caller's is w[0]); the nodes of
 * all of them are added to w[0]'s. */
static int solve_root(othello_engine_t *e, uint64_t p, uint64_t o, int *move)
{
    pthread_t th[MAX_THREADS];
    int started = 1;
    e->patterns = 1;
    e->quit = 0;
    e->open = NULL;
    e->idle = 0;
    for (int i = 1; i < e->threads; i++) {
        e->slot[i].w.nodes = 0;
        e->slot[i].w.sp = NULL;
        if (pthread_create(&th[i], NULL, helper_main, &e->slot[i].w) != 0)
            break; /* fewer threads: the search is the same, only slower */
        started++;
    }
    e->slot[0].w.sp = NULL;
    int score = solve_mtd(&e->slot[0].w, p, o, move);
    pthread_mutex_lock(&e->lock);
    e->quit = 1;
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    for (int i = 1; i < started; i++) {
        pthread_join(th[i], NULL);
        e->slot[0].w.nodes += e->slot[i].w.nodes;
    }
    e->patterns = 0;
    return score;
}

int othello_engine_solve(othello_engine_t *e, const othello_board_t *b, int *best,
                         uint64_t *nodes)
{
    uint64_t p = b->disc[b->to_move], o = b->disc[!b->to_move];
    int move = OTHELLO_NO_MOVE;
    e->aborted = 0;
    e->deadline = 0;
    e->slot[0].w.nodes = 0;
    int score = solve_root(e, p, o, &move);
    if (best)
        *best = move;
    if (nodes)
        *nodes = e->slot[0].w.nodes;
    return score;
}

/* ---- the root --------------------------------------------------------- */

int othello_engine_think(othello_engine_t *e, const othello_board_t *b, othello_level_t level,
                         othello_result_t *r)
{
    double t0 = now_seconds();
    memset(r, 0, sizeof *r);
    r->move = OTHELLO_NO_MOVE;
    if (othello_game_over(b))
        return -1;
    uint64_t p = b->disc[b->to_move], o = b->disc[!b->to_move];
    uint64_t moves = othello_moves_fast(p, o);
    e->slot[0].w.nodes = 0;
    e->aborted = 0;
    e->deadline = level.time_limit > 0 ? t0 + level.time_limit : 0;
    if (!moves) {
        r->move = OTHELLO_PASS;
        r->score = -evaluate_pair(o, p);
        r->seconds = now_seconds() - t0;
        return 0;
    }
    int empties = 64 - othello_popcount(p | o);
    move_entry_t list[MAX_MOVES];
    int n = 0;
    while (moves) {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        list[n].flips = othello_flips_fast(p, o, sq);
        list[n].sq = sq;
        list[n].key = square_order[sq];
        n++;
    }
    sort_moves(list, n);
    r->move = list[0].sq;
    r->score = 0;
    int max_depth = level.depth < empties ? level.depth : empties;
    if (empties <= level.exact_empties && max_depth > 6)
        max_depth = 6; /* only to order the solver's root */
    for (int depth = 1; depth <= max_depth; depth++) {
        int alpha = -SCORE_INF, beta = SCORE_INF, best = -SCORE_INF, best_i = 0;
        for (int i = 0; i < n; i++) {
            uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
            int s;
            if (i == 0) {
                s = -search(&e->slot[0].w, no, np, depth - 1, -beta, -alpha, 0);
            } else {
                s = -search(&e->slot[0].w, no, np, depth - 1, -alpha - 1, -alpha, 0);
                if (s > alpha)
                    s = -search(&e->slot[0].w, no, np, depth - 1, -beta, -s, 0);
            }
            if (load_int(&e->aborted))
                break;
            list[i].key = s;
            if (s > best) {
                best = s;
                best_i = i;
                if (s > alpha)
                    alpha = s;
            } else {
                list[i].key = -SCORE_INF + i; /* keep the order of the rest */
            }
        }
        if (load_int(&e->aborted))
            break;
        move_entry_t top = list[best_i];
        memmove(&list[1], &list[0], (size_t)best_i * sizeof list[0]);
        list[0] = top;
        r->move = top.sq;
        r->score = best;
        r->depth = depth;
    }
    if (!load_int(&e->aborted) && empties <= level.exact_empties) {
        int best_sq = list[0].sq;
        int best = solve_root(e, p, o, &best_sq);
        if (!load_int(&e->aborted)) {
            r->move = best_sq;
            r->score = 100 * best;
            r->exact = 1;
            r->depth = 0;
        }
    }
    r->nodes = e->slot[0].w.nodes;
    r->seconds = now_seconds() - t0;
    return 0;
}

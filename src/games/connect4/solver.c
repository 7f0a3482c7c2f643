/* solver.c - the perfect Connect Four player (see solver.h). */
#include "solver.h"

#include <stdlib.h>
#include <string.h>

#define W C4_COLS
#define H C4_ROWS
#define CELLS C4_CELLS

/* Table values: 0 empty; an upper bound u is stored as u - TT_MIN + 1
 * (1..43), a lower bound l as l - TT_MIN + TT_SPAN + 2 (44..86).  The
 * range -21..21 covers every window negamax can meet, the empty board's
 * included. */
#define TT_MIN (-21)
#define TT_MAX 21
#define TT_SPAN (TT_MAX - TT_MIN) /* 42 */
#define TT_UPPER(v) ((v) - TT_MIN + 1)
#define TT_LOWER(v) ((v) - TT_MIN + TT_SPAN + 2)
#define TT_IS_LOWER(e) ((e) > (unsigned)TT_UPPER(TT_MAX)) /* 0 (empty) is not */
#define TT_UPPER_OF(e) ((int)(e) + TT_MIN - 1)
#define TT_LOWER_OF(e) ((int)(e) + TT_MIN - TT_SPAN - 2)

/* The table is indexed by a bijective hash of the 49-bit key: h = key *
 * an odd constant mod 2^49.  Its top table_log2 bits choose the slot and
 * the other 49 - table_log2 bits (at most 25) are stored there, so a slot
 * names its key exactly (no modulo on the hot path; no false hits).  A slot
 * is one 32-bit word, tag << 7 | value, so a probe touches one cache line
 * (two arrays, tags and values, cost two misses: 1.24x slower on Pons'
 * Test_L1_R3). */
#define KEY_BITS 49
#define KEY_MASK ((1ull << KEY_BITS) - 1)
#define KEY_MULT 0x9E3779B97F4A7C15ull /* odd */

/* Positions with NEAR_FROM discs or more use a second, small table of
 * 2^NEAR_LOG2 slots (1 MB) that stays in the caches: they are most of the
 * nodes and their subtrees are small, so a probe of the 64 MB table cost
 * them a miss to memory each for little work saved.  A near slot holds the
 * whole key (key << 7 | value), so it too names its position exactly.  On
 * four positions of Test_L1_R3 this took 0.63 of the time (7% more
 * positions searched, 1.6 times as many a second); from 22 to 26 discs and
 * 2^16 to 2^17 slots the gain was the same within the noise. */
#define NEAR_FROM 24
#define NEAR_LOG2 17
#define NEAR_SLOTS ((size_t)1 << NEAR_LOG2)

struct c4_solver {
    uint32_t *slots; /* tag << 7 | value (TT_UPPER / TT_LOWER; 0: empty) */
    uint64_t *near;  /* key << 7 | value, positions of NEAR_FROM discs or more */
    uint64_t size;   /* 2^table_log2 slots */
    int shift;       /* 49 - table_log2 */
    uint64_t nodes;
    uint64_t budget;  /* positions a call may search (0: no limit) */
    uint64_t stop_at; /* nodes at which the current call gives up */
    int aborted;      /* the last call ran out of budget */
};

/* Column order for move generation and ties: centre first, then outwards. */
static const int solver_order[W] = {3, 2, 4, 1, 5, 0, 6};

static const uint64_t bottom_mask = 0x0040810204081ull; /* bit 7c of each column */
static const uint64_t board_mask = 0x0040810204081ull * 0x3Full;

static uint64_t top_mask_col(int c) { return 1ull << (H - 1 + c * (H + 1)); }
static uint64_t bottom_mask_col(int c) { return 1ull << (c * (H + 1)); }
static uint64_t column_mask(int c) { return ((1ull << H) - 1) << (c * (H + 1)); }

static int popcount64(uint64_t x) { return __builtin_popcountll(x); }

/* Empty cells where one more disc would complete four for `pos`: the
 * vertical case and, along each of the three other directions, a gap at
 * either end of three or inside a broken line. */
static uint64_t winning_cells(uint64_t pos, uint64_t mask)
{
    uint64_t r = (pos << 1) & (pos << 2) & (pos << 3);
    static const int dirs[3] = {H + 1, H, H + 2}; /* horizontal, both diagonals */
    for (int i = 0; i < 3; i++) {
        int d = dirs[i];
        uint64_t p = (pos << d) & (pos << 2 * d);
        r |= p & (pos << 3 * d);
        r |= p & (pos >> d);
        p = (pos >> d) & (pos >> 2 * d);
        r |= p & (pos << d);
        r |= p & (pos >> 3 * d);
    }
    return r & (board_mask ^ mask);
}

static uint64_t possible(const c4_solver_pos_t *p) { return (p->mask + bottom_mask) & board_mask; }

static int can_win_next(const c4_solver_pos_t *p)
{
    return (winning_cells(p->current, p->mask) & possible(p)) != 0;
}

/* Playable cells that do not let the opponent connect four at once:
 * a single opponent threat must be blocked, two cannot be, and a cell just
 * under an opponent threat would open it. */
static uint64_t non_losing_moves(const c4_solver_pos_t *p)
{
    uint64_t poss = possible(p);
    uint64_t opp = winning_cells(p->current ^ p->mask, p->mask);
    uint64_t forced = poss & opp;
    if (forced) {
        if (forced & (forced - 1))
            return 0;
        poss = forced;
    }
    return poss & ~(opp >> 1);
}

/* A unique 49-bit key: the mask plus the side to move's discs. */
static uint64_t pos_key(const c4_solver_pos_t *p) { return p->current + p->mask; }

static void play_cell(c4_solver_pos_t *p, uint64_t cell)
{
    p->current ^= p->mask;
    p->mask |= cell;
    p->moves++;
}

void c4_solver_pos_init(c4_solver_pos_t *p) { memset(p, 0, sizeof *p); }

void c4_solver_pos_from_game(c4_solver_pos_t *p, const c4_game_t *g)
{
    p->mask = g->bits[C4_P1] | g->bits[C4_P2];
    p->current = g->bits[g->to_move];
    p->moves = g->moves;
}

int c4_solver_can_play(const c4_solver_pos_t *p, int col)
{
    return col >= 0 && col < W && !(p->mask & top_mask_col(col));
}

int c4_solver_is_winning_move(const c4_solver_pos_t *p, int col)
{
    return (winning_cells(p->current, p->mask) & possible(p) & column_mask(col)) != 0;
}

void c4_solver_play(c4_solver_pos_t *p, int col)
{
    play_cell(p, (p->mask + bottom_mask_col(col)) & column_mask(col));
}

static uint64_t tt_hash(uint64_t key) { return (key * KEY_MULT) & KEY_MASK; }

static unsigned tt_get(const c4_solver_t *s, uint64_t key)
{
    uint64_t h = tt_hash(key);
    uint32_t e = s->slots[h >> s->shift];
    uint32_t tag = (uint32_t)(h & ((1ull << s->shift) - 1));
    return (e >> 7) == tag ? (e & 0x7Fu) : 0u;
}

static void tt_put(c4_solver_t *s, uint64_t key, int v)
{
    uint64_t h = tt_hash(key);
    s->slots[h >> s->shift] = (uint32_t)(h & ((1ull << s->shift) - 1)) << 7 | (uint32_t)v;
}

static uint64_t *near_slot(const c4_solver_t *s, uint64_t key)
{
    return &s->near[tt_hash(key) >> (KEY_BITS - NEAR_LOG2)];
}

/* The value stored for p (whose key is key); 0 when none. */
static unsigned table_get(const c4_solver_t *s, const c4_solver_pos_t *p, uint64_t key)
{
    if (p->moves < NEAR_FROM)
        return tt_get(s, key);
    uint64_t e = *near_slot(s, key);
    return (e >> 7) == key ? (unsigned)(e & 0x7Fu) : 0u;
}

static void table_put(c4_solver_t *s, const c4_solver_pos_t *p, uint64_t key, int v)
{
    if (p->moves < NEAR_FROM)
        tt_put(s, key, v);
    else
        *near_slot(s, key) = key << 7 | (uint64_t)v;
}

/* The score within [alpha, beta] (fail-soft outside it) of a position
 * where the side to move cannot win at once and the board is not full. */
static int negamax(c4_solver_t *s, const c4_solver_pos_t *p, int alpha, int beta)
{
    if (++s->nodes > s->stop_at && s->budget) {
        s->aborted = 1;
        return 0; /* meaningless: the caller throws the search away */
    }
    uint64_t next = non_losing_moves(p);
    if (!next) /* the opponent wins with its next stone */
        return -(CELLS - p->moves) / 2;
    if (p->moves >= CELLS - 2) /* neither side can win with the last two */
        return 0;
    int min = -(CELLS - 2 - p->moves) / 2; /* the opponent cannot win next */
    if (alpha < min) {
        alpha = min;
        if (alpha >= beta)
            return alpha;
    }
    int max = (CELLS - 1 - p->moves) / 2; /* we cannot win with this stone */
    if (beta > max) {
        beta = max;
        if (alpha >= beta)
            return beta;
    }
    uint64_t key = pos_key(p);
    unsigned v = table_get(s, p, key);
    if (TT_IS_LOWER(v)) {
        int lower = TT_LOWER_OF(v);
        if (alpha < lower) {
            alpha = lower;
            if (alpha >= beta)
                return alpha;
        }
    } else if (v) {
        int upper = TT_UPPER_OF(v);
        if (beta > upper) {
            beta = upper;
            if (alpha >= beta)
                return beta;
        }
    }

    /* Order: the move that leaves the most threats of ours first, the
     * centre first among equals (insertion sort, stable). */
    uint64_t cells[W] = {0};
    int scores[W] = {0}, n = 0;
    for (int i = 0; i < W; i++) {
        uint64_t cell = next & column_mask(solver_order[i]);
        if (!cell)
            continue;
        /* The child's table slot, fetched now: the table is 64 MB, so a
         * probe nearly always misses the caches, and the children's misses
         * then overlap one another and the ordering instead of each
         * stalling its own node (0.58x the time on Test_L1_R3).  The near
         * table needs no fetch. */
        if (p->moves + 1 < NEAR_FROM)
            __builtin_prefetch(&s->slots[tt_hash((p->current ^ p->mask) + (p->mask | cell)) >> s->shift]);
        int sc = popcount64(winning_cells(p->current | cell, p->mask));
        int j = n++;
        for (; j > 0 && scores[j - 1] < sc; j--) {
            cells[j] = cells[j - 1];
            scores[j] = scores[j - 1];
        }
        cells[j] = cell;
        scores[j] = sc;
    }
    /* Enhanced transposition cut-off: a child whose stored upper bound is
     * already low enough proves the cut without a search.  Its slot was
     * fetched above, so the read rarely waits (0.80 of the time, 17% fewer
     * positions searched, on four positions of Test_L1_R3). */
    for (int i = 0; i < n; i++) {
        c4_solver_pos_t q = *p;
        play_cell(&q, cells[i]);
        unsigned cv = table_get(s, &q, pos_key(&q));
        if (cv && !TT_IS_LOWER(cv)) {
            int score = -TT_UPPER_OF(cv);
            if (score >= beta) {
                table_put(s, p, key, TT_LOWER(score));
                return score;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        c4_solver_pos_t q = *p;
        play_cell(&q, cells[i]);
        int score = -negamax(s, &q, -beta, -alpha);
        if (s->aborted)
            return 0;
        if (score >= beta) {
            table_put(s, p, key, TT_LOWER(score));
            return score;
        }
        if (score > alpha)
            alpha = score;
    }
    table_put(s, p, key, TT_UPPER(alpha));
    return alpha;
}

void c4_solver_set_budget(c4_solver_t *s, uint64_t positions) { s->budget = positions; }

int c4_solver_aborted(const c4_solver_t *s) { return s->aborted; }

/* Starts a call under the budget. */
static void search_begin(c4_solver_t *s)
{
    s->aborted = 0;
    s->stop_at = s->nodes + s->budget;
}

/* Closes in on the score in [min, max] with null-window searches, trying
 * the middle first but leaning towards 0 (most positions are near it). */
static int solve_between(c4_solver_t *s, const c4_solver_pos_t *p, int min, int max)
{
    while (min < max) {
        int med = min + (max - min) / 2;
        if (med <= 0 && min / 2 < med)
            med = min / 2;
        else if (med >= 0 && max / 2 > med)
            med = max / 2;
        int r = negamax(s, p, med, med + 1);
        if (s->aborted)
            return 0;
        if (r <= med)
            max = r;
        else
            min = r;
    }
    return min;
}

int c4_solver_solve(c4_solver_t *s, const c4_solver_pos_t *p)
{
    search_begin(s);
    if (p->moves >= CELLS)
        return 0;
    if (can_win_next(p))
        return (CELLS + 1 - p->moves) / 2;
    return solve_between(s, p, -(CELLS - p->moves) / 2, (CELLS + 1 - p->moves) / 2);
}

int c4_solver_solve_weak(c4_solver_t *s, const c4_solver_pos_t *p)
{
    search_begin(s);
    if (p->moves >= CELLS)
        return 0;
    if (can_win_next(p))
        return 1;
    int r = solve_between(s, p, -1, 1);
    return r > 0 ? 1 : r < 0 ? -1 : 0;
}

/* The score of playing col (playable) for the side to move of p. */
static int move_score(c4_solver_t *s, const c4_solver_pos_t *p, int col)
{
    if (c4_solver_is_winning_move(p, col))
        return (CELLS + 1 - p->moves) / 2;
    c4_solver_pos_t q = *p;
    c4_solver_play(&q, col);
    return q.moves == CELLS ? 0 : -c4_solver_solve(s, &q);
}

void c4_solver_column_scores(c4_solver_t *s, const c4_solver_pos_t *p, int scores[C4_COLS])
{
    int aborted = 0;
    for (int c = 0; c < W; c++) {
        scores[c] = c4_solver_can_play(p, c) ? move_score(s, p, c) : C4_SOLVER_NO_MOVE;
        aborted |= s->aborted;
    }
    s->aborted = aborted;
}

/* 1 when playing column c (not a winning move) leaves the opponent no
 * better than -best, i.e. c keeps the position's score best: one null
 * window around the reply. */
static int keeps_score(c4_solver_t *s, const c4_solver_pos_t *p, int c, int best)
{
    c4_solver_pos_t q = *p;
    c4_solver_play(&q, c);
    if (q.moves == CELLS)
        return 0 >= best;
    if (can_win_next(&q))
        return -((CELLS + 1 - q.moves) / 2) >= best;
    return negamax(s, &q, -best, -best + 1) <= -best;
}

int c4_solver_best_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score)
{
    int first = -1;
    s->aborted = 0;
    for (int k = 0; k < W; k++) {
        int c = solver_order[k];
        if (!c4_solver_can_play(p, c))
            continue;
        if (first < 0)
            first = c;
        if (c4_solver_is_winning_move(p, c)) {
            if (score)
                *score = (CELLS + 1 - p->moves) / 2;
            return c;
        }
    }
    if (first < 0)
        return -1;
    /* The position's score, then the first column (in tie order) whose
     * reply cannot do better than minus it: one null window a column. */
    int best = c4_solver_solve(s, p);
    if (s->aborted)
        return -1;
    for (int k = 0; k < W; k++) {
        int c = solver_order[k];
        if (!c4_solver_can_play(p, c))
            continue;
        const int ok = keeps_score(s, p, c, best);
        if (s->aborted)
            return -1;
        if (ok) {
            if (score)
                *score = best;
            return c;
        }
    }
    /* Not reached when the search is exact; keep a legal answer anyway. */
    if (score)
        *score = best;
    return first;
}

unsigned c4_solver_best_columns(c4_solver_t *s, const c4_solver_pos_t *p, int *score)
{
    int best = c4_solver_solve(s, p);
    if (s->aborted)
        return 0;
    if (score)
        *score = best;
    unsigned cols = 0;
    for (int c = 0; c < W; c++) {
        if (!c4_solver_can_play(p, c))
            continue;
        const int ok = c4_solver_is_winning_move(p, c) ? (CELLS + 1 - p->moves) / 2 >= best
                                                       : keeps_score(s, p, c, best);
        if (s->aborted)
            return 0;
        if (ok)
            cols |= 1u << c;
    }
    return cols;
}

c4_solver_t *c4_solver_new(int table_log2)
{
    /* Below 2^24 slots the stored part of the key and the 7-bit value would
     * no longer fit one 32-bit slot. */
    if (table_log2 < 24 || table_log2 > 28)
        return NULL;
    c4_solver_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    uint64_t size = 1ull << table_log2;
    s->size = size;
    s->shift = KEY_BITS - table_log2;
    s->slots = calloc(size, sizeof *s->slots);
    s->near = calloc(NEAR_SLOTS, sizeof *s->near);
    if (!s->slots || !s->near) {
        c4_solver_free(s);
        return NULL;
    }
    return s;
}

void c4_solver_reset(c4_solver_t *s)
{
    memset(s->slots, 0, s->size * sizeof *s->slots);
    memset(s->near, 0, NEAR_SLOTS * sizeof *s->near);
}

uint64_t c4_solver_memory_bytes(const c4_solver_t *s)
{
    return s->size * sizeof *s->slots + (uint64_t)NEAR_SLOTS * sizeof *s->near + sizeof *s;
}

void c4_solver_free(c4_solver_t *s)
{
    if (!s)
        return;
    free(s->slots);
    free(s->near);
    free(s);
}

uint64_t c4_solver_nodes(const c4_solver_t *s) { return s->nodes; }

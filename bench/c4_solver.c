/* c4_solver.c - exact Connect Four solver (see c4_solver.h). */
#include "bench/c4_solver.h"

#include <stdlib.h>
#include <string.h>

#define W 7
#define H 6
#define MIN_SCORE (-(W * H) / 2 + 3) /* -18 */
#define MAX_SCORE ((W * H + 1) / 2 - 3) /* 18 */

struct c4_solver {
    uint32_t *keys;   /* low 32 bits of the key */
    int8_t *values;   /* upper bound - MIN_SCORE + 1, 0 = empty */
    uint64_t size;    /* a prime near 2^table_log2: key % size and the low 32
                       * bits together identify a 49-bit key */
    uint64_t nodes;
};

static const uint64_t bottom_mask = 0x0040810204081ull; /* bit 7c of each column */
static const uint64_t board_mask = 0x0040810204081ull * 0x3Full;

static uint64_t top_mask_col(int c) { return 1ull << (H - 1 + c * (H + 1)); }
static uint64_t bottom_mask_col(int c) { return 1ull << (c * (H + 1)); }
static uint64_t column_mask(int c) { return ((1ull << H) - 1) << (c * (H + 1)); }

static int popcount64(uint64_t x) { return __builtin_popcountll(x); }

/* Empty cells that would complete four for the discs in `pos`. */
static uint64_t winning_cells(uint64_t pos, uint64_t mask)
{
    /* vertical */
    uint64_t r = (pos << 1) & (pos << 2) & (pos << 3);
    /* horizontal */
    uint64_t p = (pos << (H + 1)) & (pos << 2 * (H + 1));
    r |= p & (pos << 3 * (H + 1));
    r |= p & (pos >> (H + 1));
    p = (pos >> (H + 1)) & (pos >> 2 * (H + 1));
    r |= p & (pos << (H + 1));
    r |= p & (pos >> 3 * (H + 1));
    /* diagonal 1 */
    p = (pos << H) & (pos << 2 * H);
    r |= p & (pos << 3 * H);
    r |= p & (pos >> H);
    p = (pos >> H) & (pos >> 2 * H);
    r |= p & (pos << H);
    r |= p & (pos >> 3 * H);
    /* diagonal 2 */
    p = (pos << (H + 2)) & (pos << 2 * (H + 2));
    r |= p & (pos << 3 * (H + 2));
    r |= p & (pos >> (H + 2));
    p = (pos >> (H + 2)) & (pos >> 2 * (H + 2));
    r |= p & (pos << (H + 2));
    r |= p & (pos >> 3 * (H + 2));
    return r & (board_mask ^ mask);
}

static uint64_t possible(const c4_solver_pos_t *p) { return (p->mask + bottom_mask) & board_mask; }

static uint64_t opponent_winning(const c4_solver_pos_t *p)
{
    return winning_cells(p->current ^ p->mask, p->mask);
}

/* Playable cells that do not let the opponent win at once. */
static uint64_t non_losing_moves(const c4_solver_pos_t *p)
{
    uint64_t poss = possible(p);
    uint64_t opp = opponent_winning(p);
    uint64_t forced = poss & opp;
    if (forced) {
        if (forced & (forced - 1))
            return 0; /* two threats: lost */
        poss = forced;
    }
    return poss & ~(opp >> 1); /* never play under an opponent's threat */
}

static int can_win_next(const c4_solver_pos_t *p)
{
    return (winning_cells(p->current, p->mask) & possible(p)) != 0;
}

static uint64_t pos_key(const c4_solver_pos_t *p) { return p->current + p->mask; }

static void play_cell(c4_solver_pos_t *p, uint64_t cell)
{
    p->current ^= p->mask;
    p->mask |= cell;
    p->moves++;
}

void c4_solver_pos_init(c4_solver_pos_t *p) { memset(p, 0, sizeof *p); }

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

static const int column_order[W] = {3, 2, 4, 1, 5, 0, 6};

static int tt_get(const c4_solver_t *s, uint64_t key)
{
    uint64_t i = key % s->size;
    return s->keys[i] == (uint32_t)key ? s->values[i] : 0;
}

static void tt_put(c4_solver_t *s, uint64_t key, int v)
{
    uint64_t i = key % s->size;
    s->keys[i] = (uint32_t)key;
    s->values[i] = (int8_t)v;
}

static int negamax(c4_solver_t *s, const c4_solver_pos_t *p, int alpha, int beta)
{
    s->nodes++;
    uint64_t next = non_losing_moves(p);
    if (!next)
        return -(W * H - p->moves) / 2;
    if (p->moves >= W * H - 2)
        return 0;
    int min = -(W * H - 2 - p->moves) / 2;
    if (alpha < min) {
        alpha = min;
        if (alpha >= beta)
            return alpha;
    }
    int max = (W * H - 1 - p->moves) / 2;
    int v = tt_get(s, pos_key(p));
    if (v)
        max = v + MIN_SCORE - 1;
    if (beta > max) {
        beta = max;
        if (alpha >= beta)
            return beta;
    }
    /* Order: more threats after the move first, centre first on ties. */
    uint64_t cells[W];
    int scores[W], n = 0;
    for (int i = W - 1; i >= 0; i--) {
        uint64_t cell = next & column_mask(column_order[i]);
        if (!cell)
            continue;
        int sc = popcount64(winning_cells(p->current | cell, p->mask));
        int j = n++;
        for (; j > 0 && scores[j - 1] > sc; j--) {
            cells[j] = cells[j - 1];
            scores[j] = scores[j - 1];
        }
        cells[j] = cell;
        scores[j] = sc;
    }
    for (int i = n - 1; i >= 0; i--) {
        c4_solver_pos_t q = *p;
        play_cell(&q, cells[i]);
        int score = -negamax(s, &q, -beta, -alpha);
        if (score >= beta)
            return score;
        if (score > alpha)
            alpha = score;
    }
    tt_put(s, pos_key(p), alpha - MIN_SCORE + 1);
    return alpha;
}

int c4_solver_solve(c4_solver_t *s, const c4_solver_pos_t *p)
{
    if (can_win_next(p))
        return (W * H + 1 - p->moves) / 2;
    int min = -(W * H - p->moves) / 2;
    int max = (W * H + 1 - p->moves) / 2;
    while (min < max) {
        int med = min + (max - min) / 2;
        if (med <= 0 && min / 2 < med)
            med = min / 2;
        else if (med >= 0 && max / 2 > med)
            med = max / 2;
        int r = negamax(s, p, med, med + 1);
        if (r <= med)
            max = r;
        else
            min = r;
    }
    return min;
}

int c4_solver_best_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score)
{
    int best = -1, best_score = -1000;
    for (int k = 0; k < W; k++) {
        int c = column_order[k];
        if (!c4_solver_can_play(p, c))
            continue;
        int sc;
        if (c4_solver_is_winning_move(p, c)) {
            sc = (W * H + 1 - p->moves) / 2;
        } else {
            c4_solver_pos_t q = *p;
            c4_solver_play(&q, c);
            sc = q.moves == W * H ? 0 : -c4_solver_solve(s, &q);
        }
        if (sc > best_score) {
            best_score = sc;
            best = c;
        }
    }
    if (score)
        *score = best_score;
    return best;
}

static int is_prime(uint64_t n)
{
    if (n < 2)
        return 0;
    for (uint64_t d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

c4_solver_t *c4_solver_new(int table_log2)
{
    c4_solver_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    uint64_t size = (1ull << table_log2) + 1;
    while (!is_prime(size))
        size++;
    s->size = size;
    s->keys = calloc(size, sizeof *s->keys);
    s->values = calloc(size, sizeof *s->values);
    if (!s->keys || !s->values) {
        c4_solver_free(s);
        return NULL;
    }
    return s;
}

void c4_solver_free(c4_solver_t *s)
{
    if (!s)
        return;
    free(s->keys);
    free(s->values);
    free(s);
}

uint64_t c4_solver_nodes(const c4_solver_t *s) { return s->nodes; }

/*
 * pboard.c - the 9x9 playout board (see pboard.h for the representation).
 */
#include "internal/pboard.h"
#include "internal/board_private.h"
#include "internal/pattern3.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* One neighbour of colour col in the packed counts (border: both colours). */
#define NB_ONE(col) (1u << (4 * (col)))

static inline int is_board_point(int p)
{
    return p > PB_W && p < (PB_SIZE + 1) * PB_W && p % PB_W != 0;
}

/* One pseudo-liberty at point p, packed as pboard_t.lib. */
#define PB_LIB(p) (1u | ((uint64_t)(p) << 8) | ((uint64_t)(p) * (uint64_t)(p) << 24))
#define PB_LIB_ROW(r)                                                                           \
    PB_LIB((r)*10 + 0), PB_LIB((r)*10 + 1), PB_LIB((r)*10 + 2), PB_LIB((r)*10 + 3),          \
        PB_LIB((r)*10 + 4), PB_LIB((r)*10 + 5), PB_LIB((r)*10 + 6), PB_LIB((r)*10 + 7),      \
        PB_LIB((r)*10 + 8), PB_LIB((r)*10 + 9)

/* PB_LIB of every point, one load instead of a multiply. */
static const uint64_t pb_libv[PB_PTS] = {
    PB_LIB_ROW(0), PB_LIB_ROW(1), PB_LIB_ROW(2), PB_LIB_ROW(3), PB_LIB_ROW(4),  PB_LIB_ROW(5),
    PB_LIB_ROW(6), PB_LIB_ROW(7), PB_LIB_ROW(8), PB_LIB_ROW(9), PB_LIB_ROW(10), PB_LIB(110),
    PB_LIB(111),
};

/* Offsets of the four neighbours (and, fifth, of the point itself) and of
 * the four diagonals.  Written as p + offset[i] in unrolled loops, they
 * fold into the addressing; arrays of points built on the stack were
 * vectorised by the compiler and read back through the store buffer. */
static const long pb_nbr[5] = {-1, 1, -PB_W, PB_W, 0};
static const long pb_diag[4] = {-PB_W - 1, -PB_W + 1, PB_W - 1, PB_W + 1};

static inline void lib_add(pboard_t *b, int r, int p) { b->lib[r] += pb_libv[p]; }

/* The eight neighbours in pattern3_code's order (NW N NE W E SW S SE), and
 * where a point's colour sits in each one's code: the neighbour at offset
 * i sees the point in direction 7 - i, the opposite one. */
static const long pb_ring[8] = {-PB_W - 1, -PB_W, -PB_W + 1, -1, 1, PB_W - 1, PB_W, PB_W + 1};
static const uint8_t pb_ring_shift[8] = {14, 12, 10, 8, 6, 4, 2, 0};

static inline unsigned pb_code_of(const uint8_t *c, long q)
{
    unsigned code = 0;
    for (int i = 0; i < 8; i++)
        code |= (unsigned)c[q + pb_ring[i]] << (2 * i);
    return code;
}

/* Point p's colour went up by delta (a stone placed: its colour; removed:
 * minus it): the codes of its eight neighbours move by as much in p's
 * field (no field borrows: each stays a colour 0-3), and each neighbour's
 * shape byte follows.  p's own shape byte is the caller's. */
static inline void pb_ring_update(pboard_t *b, long p, int delta)
{
    for (int i = 0; i < 8; i++) {
        long q = p + pb_ring[i];
        /* unsigned arithmetic: a removal's negative delta wraps, and the
         * true code is back in 0..0xFFFF after the mask */
        unsigned code = (b->code[q] + ((unsigned)delta << pb_ring_shift[i])) & 0xFFFFu;
        b->code[q] = (uint16_t)code;
        b->shape[q] = (uint8_t)(pattern3_match_code(code) & (b->color[q] == EMPTY));
    }
}

/* The empty list keeps each point's position (epos): the heuristic
 * policy's rules name a point, not a position, and a search of the list
 * for it cost a misprediction a move.  Captured points go to the end. */
static inline void empty_add(pboard_t *b, int p)
{
    b->epos[p] = b->n_empty;
    b->empty[b->n_empty++] = (uint8_t)p;
}

/* Derives every incremental structure from color[] alone: the reference
 * that pboard_check compares against, and the way a BoardState is read. */
static void pb_rebuild(pboard_t *b)
{
    static const int d[4] = {-1, 1, -PB_W, PB_W};
    for (int p = 0; p < PB_PTS; p++)
        b->chain[p] = (uint8_t)p;
    memset(b->next, 0, sizeof b->next);
    memset(b->lib, 0, sizeof b->lib);
    memset(b->stones, 0, sizeof b->stones);
    b->sdiff = 0;
    memset(b->nbc, 0, sizeof b->nbc);
    memset(b->code, 0, sizeof b->code);
    memset(b->shape, 0, sizeof b->shape);
    b->shapes = 1;
    b->n_empty = 0;
    pattern3_init();
    for (int p = 0; p < PB_PTS; p++) {
        if (!is_board_point(p))
            continue;
        b->code[p] = (uint16_t)pb_code_of(b->color, p);
        b->shape[p] = (uint8_t)(b->color[p] == EMPTY && pattern3_match_code(b->code[p]));
        for (int i = 0; i < 4; i++) {
            int col = b->color[p + d[i]];
            b->nbc[p] = (uint16_t)(b->nbc[p] + (col == 3 ? NB_ONE(BLACK) + NB_ONE(WHITE)
                                                          : NB_ONE(col)));
        }
        if (b->color[p] == EMPTY)
            empty_add(b, p);
        b->sdiff = (int16_t)(b->sdiff + (b->color[p] == BLACK) - (b->color[p] == WHITE));
    }
    /* Chains by flood fill from each unlabelled stone. */
    uint8_t done[PB_PTS] = {0};
    for (int p = 0; p < PB_PTS; p++) {
        int col = b->color[p];
        if ((col != BLACK && col != WHITE) || done[p])
            continue;
        done[p] = 1;
        uint8_t stack[PB_SIZE * PB_SIZE];
        int top = 0, prev = p;
        b->chain[p] = (uint8_t)p;
        b->next[p] = (uint8_t)p;
        stack[top++] = (uint8_t)p;
        b->stones[p] = 1;
        while (top > 0) {
            int s = stack[--top];
            for (int i = 0; i < 4; i++) {
                int q = s + d[i];
                if (b->color[q] == EMPTY) {
                    lib_add(b, p, q);
                } else if (b->color[q] == col && !done[q]) {
                    done[q] = 1;
                    b->chain[q] = (uint8_t)p;
                    /* append q after prev in the circle */
                    b->next[q] = b->next[prev];
                    b->next[prev] = (uint8_t)q;
                    prev = q;
                    b->stones[p]++;
                    stack[top++] = (uint8_t)q;
                }
            }
        }
    }
}

/* Borders all round, no state beyond color[]; the caller fills the
 * points and rebuilds. */
static void pb_clear(pboard_t *b, int komi2)
{
    memset(b, 0, sizeof *b);
    memset(b->color, 3, sizeof b->color);
    b->turn = BLACK;
    b->komi2 = (int16_t)komi2;
}

void pboard_init(pboard_t *b, int komi2)
{
    pb_clear(b, komi2);
    for (int r = 0; r < PB_SIZE; r++)
        for (int c = 0; c < PB_SIZE; c++)
            b->color[pb_point(r, c)] = EMPTY;
    pb_rebuild(b);
}

int pboard_from_board(pboard_t *b, const BoardState *src)
{
    if (src->size != PB_SIZE)
        return -1;
    pb_clear(b, src->komi2);
    for (int r = 0; r < PB_SIZE; r++)
        for (int c = 0; c < PB_SIZE; c++)
            b->color[pb_point(r, c)] = src->color[board_point(r, c)];
    pb_rebuild(b);
    if (src->ko_point) {
        b->ko = (uint8_t)pb_point(board_point_row(src->ko_point), board_point_col(src->ko_point));
        b->ko_color = src->ko_color;
    }
    b->turn = (uint8_t)src->turn;
    b->passes = (uint8_t)(src->consecutive_passes > 2 ? 2 : src->consecutive_passes);
    return 0;
}

/* Whether a stone of color at p, a point with no empty neighbour, is
 * legal: some chain of ours around keeps a liberty besides p, or some enemy
 * chain around has p as its last (and so is captured), and p is not the ko
 * point.  Branch-free over the four neighbours: a chain has p as its only
 * liberty exactly when its packed word is count times p's (equal sums and
 * sums of squares leave a zero variance); border and empty neighbours are
 * neither colour and drop out whatever their scratch slot holds. */
static inline int pb_tight_legal(const pboard_t *b, int color, long p)
{
    const uint64_t lp = pb_libv[p];
    int ok = 0;
    for (int i = 0; i < 4; i++) {
        long q = p + pb_nbr[i];
        unsigned cq = b->color[q];
        uint64_t w = b->lib[b->chain[q]];
        int only_p = w == (w & 0xFFu) * lp;
        /* a stone (colour 1 or 2): ours and not only p, or theirs and only p */
        ok |= (cq - 1u < 2u) & ((cq == (unsigned)color) ^ only_p);
    }
    return ok & !((p == b->ko) & (color == b->ko_color));
}

static inline int pb_legal(const pboard_t *b, int color, long p)
{
    if (p == b->ko && color == b->ko_color)
        return 0;
    if (b->nbc[p] & PB_NB_EMPTY_MASK)
        return 1;
    return pb_tight_legal(b, color, p);
}

/* Diagonals of an eye: on the edge none of the enemy's, else at most one;
 * with border a 0/1 flag that is enemy + border <= 1. */
static inline int pb_eye_diagonals(const pboard_t *b, int color, long p)
{
    int opp = 3 - color, enemy = 0, border = 0;
    for (int i = 0; i < 4; i++) {
        int col = b->color[p + pb_diag[i]];
        enemy += col == opp;
        border |= col == 3;
    }
    return enemy + border <= 1;
}

static inline int pb_is_eye(const pboard_t *b, int color, long p)
{
    if (((b->nbc[p] >> (4 * color)) & 0xFu) != 4)
        return 0;
    return pb_eye_diagonals(b, color, p);
}

int pboard_legal(const pboard_t *b, int color, int p) { return pb_legal(b, color, p); }

int pboard_is_eye(const pboard_t *b, int color, int p) { return pb_is_eye(b, color, p); }

/* Joins chains a and r (the smaller is relabelled); returns the root that
 * stays. */
static long pb_merge(pboard_t *b, long a, long r)
{
    if (b->stones[r] > b->stones[a]) {
        long t = a;
        a = r;
        r = t;
    }
    long s = r;
    do {
        b->chain[s] = (uint8_t)a;
        s = b->next[s];
    } while (s != r);
    uint8_t na = b->next[a];
    b->next[a] = b->next[r];
    b->next[r] = na;
    b->stones[a] = (uint8_t)(b->stones[a] + b->stones[r]);
    b->lib[a] += b->lib[r];
    return a;
}

/* Removes chain r (colour col); the stones of the other colour around it
 * gain the freed points as liberties.  Returns the stones removed.  One
 * pass and no test of the neighbour's colour: a freed point is added to
 * the lib[] slot of whatever chain[] names at each neighbour, which is the
 * right chain for a stone of the other colour and a scratch slot for
 * everything else (an empty or border point, a stone of r already freed,
 * or r's own root, freed too by the end). */
static int pb_remove_chain(pboard_t *b, long r, int col, int shapes)
{
    const unsigned delta = NB_ONE(EMPTY) - NB_ONE(col);
    long s = r;
    int n = 0, ne = b->n_empty;
    do {
        long nx = b->next[s];
        b->color[s] = EMPTY;
        b->chain[s] = (uint8_t)s;
        b->epos[s] = (uint8_t)ne;
        b->empty[ne++] = (uint8_t)s;
        if (shapes) {
            b->shape[s] = (uint8_t)pattern3_match_code(b->code[s]);
            pb_ring_update(b, s, -col);
        }
        const uint64_t ls = pb_libv[s];
        for (int i = 0; i < 4; i++) {
            long q = s + pb_nbr[i];
            b->nbc[q] = (uint16_t)(b->nbc[q] + delta);
            b->lib[b->chain[q]] += ls;
        }
        n++;
        s = nx;
    } while (s != r);
    b->n_empty = (uint8_t)ne;
    b->sdiff = (int16_t)(b->sdiff + (col == BLACK ? -n : n));
    return n;
}

/* Plays color at p, the point at position at of the empty list. */
static inline int pb_play_k(pboard_t *b, int color, long p, long at, int shapes)
{
    int opp = 3 - color;
    const unsigned delta = NB_ONE(color) - NB_ONE(EMPTY);
    const uint64_t lp = pb_libv[p];

    {
        uint8_t moved = b->empty[--b->n_empty];
        b->empty[at] = moved;
        b->epos[moved] = (uint8_t)at;
    }
    b->color[p] = (uint8_t)color;
    if (shapes) {
        b->shape[p] = 0;
        pb_ring_update(b, p, color);
    }
    b->sdiff = (int16_t)(b->sdiff + (color == BLACK ? 1 : -1));

    /* Every neighbour: counts change, and p stops being a liberty of the
     * chain there (an empty or border point updates its own scratch slot).
     * The new stone's own pseudo-liberties are its empty neighbours; own
     * marks the neighbours of our colour. */
    uint64_t lib = 0;
    unsigned own = 0, cap = 0;
    for (int i = 0; i < 4; i++) {
        long q = p + pb_nbr[i];
        int cq = b->color[q];
        int rq = b->chain[q];
        uint64_t w = b->lib[rq];
        b->nbc[q] = (uint16_t)(b->nbc[q] + delta);
        b->lib[rq] = w - lp;
        lib += pb_libv[q] & (0 - (uint64_t)(cq == EMPTY));
        own |= (unsigned)(cq == color) << i;
        /* an enemy chain whose pseudo-liberties are all p is captured (a
         * chain seen twice gives the same answer both times) */
        cap |= (unsigned)((cq == opp) & (w == (w & 0xFFu) * lp)) << i;
    }

    /* Joins: p goes into the first chain of ours around it (no relabelling
     * but its own), and any other chain of ours there is merged.  With no
     * chain of ours around, the "first chain" is p itself, made an empty
     * one-point chain first so that the same stores make it a chain of one
     * stone: no branch on whether p touches a friend. */
    b->next[p] = (uint8_t)p;
    b->stones[p] = 0;
    b->lib[p] = 0;
    long root = b->chain[p + pb_nbr[__builtin_ctz(own | 16u)]];
    own &= own - 1;
    b->chain[p] = (uint8_t)root;
    b->next[p] = b->next[root];
    b->next[root] = (uint8_t)p;
    b->stones[root]++;
    b->lib[root] += lib;
    while (own) {
        long r = b->chain[p + pb_nbr[__builtin_ctz(own)]];
        own &= own - 1;
        if (r != root)
            root = pb_merge(b, root, r);
    }

    /* Captures: the enemy chains left with no pseudo-liberty, found
     * branch-free above (cap), so the common case costs no misprediction. */
    int captured = 0;
    long cap_point = 0;
    if (cap) {
        for (int i = 0; i < 4; i++) {
            long q = p + pb_nbr[i];
            /* a chain touching p twice is removed at the first touch */
            if (((cap >> i) & 1u) && b->color[q] == opp) {
                captured += pb_remove_chain(b, b->chain[q], opp, shapes);
                cap_point = q;
            }
        }
    }
    if (captured == 1 && b->stones[root] == 1 && PB_LIB_COUNT(b->lib[root]) == 1) {
        b->ko = (uint8_t)cap_point;
        b->ko_color = (uint8_t)opp;
    } else {
        b->ko = 0;
        b->ko_color = 0;
    }
    b->turn = (uint8_t)opp;
    b->passes = 0;
    return captured;
}

/* Plays color at p, the point at position at of the empty list, keeping
 * the 3x3 codes and shapes (the heuristic policy) or not (pb_play_k's
 * shapes is a constant at each call, so each copy has only its half). */
static inline int pb_play(pboard_t *b, int color, long p, long at)
{
    return pb_play_k(b, color, p, at, 1);
}

static inline int pb_play_bare(pboard_t *b, int color, long p, long at)
{
    return pb_play_k(b, color, p, at, 0);
}

/* A copy of b to read on that keeps no 3x3 codes (a ladder read): the
 * arrays of them, last in pboard_t, are not copied. */
static inline void pb_copy_bare(pboard_t *c, const pboard_t *b)
{
    memcpy(c, b, offsetof(pboard_t, code));
    c->shapes = 0;
}

int pboard_play(pboard_t *b, int color, int p)
{
    return b->shapes ? pb_play(b, color, p, b->epos[p]) : pb_play_bare(b, color, p, b->epos[p]);
}

void pboard_pass(pboard_t *b)
{
    b->ko = 0;
    b->ko_color = 0;
    if (b->passes < 2)
        b->passes++;
    b->turn = (uint8_t)(3 - b->turn);
}

/* A draw in [0, n) from the engine's generator (rng.h), advanced by the
 * same LCG step, but read from the high half of the old state instead of
 * through PCG's output permutation: a multiply-shift draw only looks at
 * the top bits, and the top bits of a 2^64 LCG are its good ones (the
 * lowest used has period 2^33).  Shorter to compute on the path from the
 * draw to the point's load. */
static inline int pb_below(rng_t *r, int n)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)(((old >> 32) * (uint32_t)n) >> 32);
}

/* The position in the empty list of a uniformly random candidate, or -1
 * for a pass: draws without replacement, a rejected point swapped behind
 * the part still drawn from. */
static inline int pb_pick(pboard_t *b, int color, rng_t *rng)
{
    int k = b->n_empty;
    while (k > 0) {
        long i = pb_below(rng, k);
        long p = b->empty[i];
        /* An empty neighbour: neither an eye nor suicide, and never the
         * ko point (whose neighbours are all stones or border). */
        if (b->nbc[p] & PB_NB_EMPTY_MASK)
            return (int)i;
        if (!pb_is_eye(b, color, p) && pb_tight_legal(b, color, p))
            return (int)i;
        k--;
        b->empty[i] = b->empty[k];
        b->epos[b->empty[i]] = (uint8_t)i;
        b->empty[k] = (uint8_t)p;
        b->epos[p] = (uint8_t)k;
    }
    return -1;
}

int pboard_pick(pboard_t *b, int color, rng_t *rng)
{
    int i = pb_pick(b, color, rng);
    return i < 0 ? PB_PASS : b->empty[i];
}

/* The stones are counted as the game goes (sdiff); an empty point needs
 * its packed neighbour counts only.  With E empty, B black-or-border and W
 * white-or-border neighbours, k = B + W + E - 4 of them are border, so it
 * has a black neighbour when B > k, that is W + E < 4, and a white one
 * when B + E < 4; it counts for Black when only the first holds, for
 * White when only the second does: (W + E < 4) - (B + E < 4). */
int pboard_score(const pboard_t *b)
{
    int score = b->sdiff;
    for (int i = 0; i < b->n_empty; i++) {
        unsigned nb = b->nbc[b->empty[i]];
        unsigned e = nb & 0xFu, bk = (nb >> 4) & 0xFu, wt = nb >> 8;
        score += (int)(wt + e < 4) - (int)(bk + e < 4);
    }
    return 2 * score - b->komi2;
}

/* One ply of the reference policy for color. */
static inline void pb_ply(pboard_t *b, int color, rng_t *rng)
{
    int i = pb_pick(b, color, rng);
    if (i >= 0)
        pb_play_bare(b, color, b->empty[i], i);
    else
        pboard_pass(b);
}

int pboard_playout(pboard_t *b, int max_plies, rng_t *rng, int *plies)
{
    int n = 0;
    b->shapes = 0; /* pb_ply plays bare */
    while (b->passes < 2 && n < max_plies) {
        /* one copy of the ply per colour, so that every shift and mask by
         * colour is a constant */
        if (b->turn == BLACK)
            pb_ply(b, BLACK, rng);
        else
            pb_ply(b, WHITE, rng);
        n++;
    }
    if (plies)
        *plies = n;
    return pboard_score(b);
}

/* ---- the heuristic policy (playout.h's PLAYOUT_HEURISTIC) --------------
 *
 * The same rules in the same order as playout.c plays them on the full
 * board, read off the pseudo-liberties: a chain is in atari exactly when
 * all its pseudo-liberties are one point (count * sumsq == sum * sum),
 * which is then sum / count; and the liberties of a chain besides a point
 * t next to it are counted up to two exactly (pb_libs_besides). */

static inline int pb_is_stone(int col) { return (unsigned)col - 1u < 2u; }

static inline int pb_atari(const pboard_t *b, long root)
{
    uint64_t w = b->lib[root];
    uint64_t c = w & 0xFFu, sum = (w >> 8) & 0xFFFFu, sq = w >> 24;
    return c * sq == sum * sum;
}

/* The one liberty of a chain in atari. */
static inline long pb_atari_lib(const pboard_t *b, long root)
{
    uint64_t w = b->lib[root];
    return (long)(((w >> 8) & 0xFFFFu) / (w & 0xFFu));
}

/* The liberties of the chain at root other than t (a point next to it or
 * not): 0, 1 (then *x is it) or 2 for two or more.  The chain's n_t stones
 * next to t give the pseudo-liberties at t; the other k are at points l
 * with d = l - t != 0, and by Cauchy-Schwarz (sum d)^2 == k * sum d^2
 * exactly when every such d is the same, that is when they are one point. */
static int pb_libs_besides(const pboard_t *b, long root, long t, long *x)
{
    int n_t = 0;
    for (int i = 0; i < 4; i++)
        n_t += b->chain[t + pb_nbr[i]] == root && pb_is_stone(b->color[t + pb_nbr[i]]);
    uint64_t w = b->lib[root];
    int64_t c = (int64_t)(w & 0xFFu), sum = (int64_t)((w >> 8) & 0xFFFFu), sq = (int64_t)(w >> 24);
    int64_t k = c - n_t;
    if (k <= 0)
        return 0;
    int64_t d1 = sum - c * t, d2 = sq - 2 * t * sum + c * t * t;
    if (d1 * d1 != k * d2)
        return 2;
    *x = t + (long)(d1 / k);
    return 1;
}

/* board_libs_after on the playout board: the liberties color's chain at p
 * would have after playing there, 0, 1 or 2 (two or more, or a capture);
 * *stones gets the chain's size when the answer is below 2. */
static int pb_libs_after(const pboard_t *b, int color, long p, int *stones)
{
    int opp = 3 - color;
    long libs[2] = {0, 0};
    int nl = 0, n_stones = 1;
    for (int i = 0; i < 4; i++) {
        long q = p + pb_nbr[i];
        int cq = b->color[q];
        if (cq == EMPTY) {
            if (nl == 1)
                return 2; /* two different empty neighbours */
            libs[nl++] = q;
        } else if (cq == opp && pb_atari(b, b->chain[q])) {
            return 2;
        }
    }
    long done[4] = {0, 0, 0, 0};
    int nd = 0;
    for (int i = 0; i < 4; i++) {
        long q = p + pb_nbr[i];
        if (b->color[q] != color)
            continue;
        long r = b->chain[q];
        int dup = 0;
        for (int k = 0; k < nd; k++)
            dup |= done[k] == r;
        if (dup)
            continue;
        done[nd++] = r;
        long x = 0;
        int more = pb_libs_besides(b, r, p, &x);
        if (more == 2)
            return 2;
        n_stones += b->stones[r];
        if (more == 1 && !(nl == 1 && libs[0] == x)) {
            if (nl == 1)
                return 2;
            libs[nl++] = x;
        }
    }
    if (stones)
        *stones = n_stones;
    return nl;
}

/* Whether the chain color makes at p, of two to five stones (stones), is
 * a nakade (board_nakade_throw_in); gathers its stones. */
static int pb_nakade(const pboard_t *b, int color, long p, int stones)
{
    if (stones > 5)
        return 0;
    int pts[5], k = 0;
    long seen[4] = {0};
    int n_seen = 0;
    pts[k++] = (int)p;
    for (int i = 0; i < 4; i++) {
        long q = p + pb_nbr[i];
        if (b->color[q] != color)
            continue;
        long g = b->chain[q];
        int dup = 0;
        for (int j = 0; j < n_seen; j++)
            dup |= seen[j] == g;
        if (dup)
            continue;
        seen[n_seen++] = g;
        long s = g;
        do {
            if (k == 5)
                return 0;
            pts[k++] = (int)s;
            s = b->next[s];
        } while (s != g);
    }
    return board_nakade_throw_in(b->color, PB_W, color, (int)p, pts, k);
}

/* Whether color at p is not a self-atari of two or more stones, unless
 * those stones are a nakade (pb_nakade: a throw-in that kills an eye
 * space); playout.c's playout_safe is the same rule. */
static inline int pb_safe(const pboard_t *b, int color, long p)
{
    int stones = 1;
    return pb_libs_after(b, color, p, &stones) >= 2 || stones < 2 ||
           pb_nakade(b, color, p, stones);
}

/* The liberties of the chain at root, up to max (exact below max): a walk
 * over its stones collecting distinct empty neighbours. */
static int pb_count_libs(const pboard_t *b, long root, int max, long *libs)
{
    int n = 0;
    long s = root;
    do {
        for (int i = 0; i < 4; i++) {
            long t = s + pb_nbr[i];
            if (b->color[t] != EMPTY)
                continue;
            int seen = 0;
            for (int k = 0; k < n; k++)
                seen |= libs[k] == t;
            if (!seen) {
                libs[n++] = t;
                if (n >= max)
                    return n;
            }
        }
        s = b->next[s];
    } while (s != root);
    return n;
}

#define PB_LADDER_DEPTH 24
#define PB_LADDER_PLAYS 64 /* the enemy's ataris read in all, over both branches */

static int pb_ladder_escapes(const pboard_t *b, long stone, int depth, int *budget);

/* Whether the chain at stone, with exactly two liberties and its enemy to
 * move, is taken by a ladder: the enemy puts it in atari on one of the two
 * (with a stone that is not itself left in atari) and every escape leads to
 * the same again, until the chain is down to one liberty after its
 * extension. */
static int pb_ladder_taken(const pboard_t *b, long stone, int depth, int *budget)
{
    int def = b->color[stone], att = 3 - def;
    long libs[3];
    if (pb_count_libs(b, b->chain[stone], 3, libs) != 2)
        return 0;
    for (int i = 0; i < 2; i++) {
        if (!pb_legal(b, att, libs[i]))
            continue;
        pboard_t c;
        pb_copy_bare(&c, b);
        pb_play_bare(&c, att, libs[i], c.epos[libs[i]]);
        long mine[3];
        if (pb_count_libs(&c, c.chain[libs[i]], 2, mine) < 2)
            continue; /* the atari stone could be taken at once */
        if (!pb_ladder_escapes(&c, stone, depth + 1, budget))
            return 1;
    }
    return 0;
}

/* Whether the chain at stone, in atari with its own side to move, gets out:
 * by taking an enemy chain in atari next to it, or by extending on its
 * liberty to three or more, or to two that the ladder above cannot take.
 * Past PB_LADDER_DEPTH steps, or past PB_LADDER_PLAYS ataris read in all
 * (both of the enemy's tries at each step), it is taken to escape. */
static int pb_ladder_escapes(const pboard_t *b, long stone, int depth, int *budget)
{
    int def = b->color[stone], att = 3 - def;
    long root = b->chain[stone], s = root;
    do {
        for (int i = 0; i < 4; i++) {
            long t = s + pb_nbr[i];
            if (b->color[t] == att && pb_atari(b, b->chain[t]))
                return 1;
        }
        s = b->next[s];
    } while (s != root);
    if (depth >= PB_LADDER_DEPTH || --*budget < 0)
        return 1;
    long lib = pb_atari_lib(b, root);
    if (!pb_legal(b, def, lib))
        return 0;
    pboard_t c;
    pb_copy_bare(&c, b);
    pb_play_bare(&c, def, lib, c.epos[lib]);
    long libs[3];
    int n = pb_count_libs(&c, c.chain[stone], 3, libs);
    if (n >= 3)
        return 1;
    if (n <= 1)
        return 0;
    return !pb_ladder_taken(&c, stone, depth, budget);
}

/* Whether color's chain at stone, in atari, extended to t is still taken
 * by a ladder. */
static int pb_extension_laddered(const pboard_t *b, int color, long stone, long t)
{
    if ((b->nbc[t] & PB_NB_EMPTY_MASK) >= 3)
        return 0; /* three liberties at least */
    /* An extension that captures is not read; pb_ladder_taken reads only a
     * chain left with exactly two liberties. */
    for (int i = 0; i < 4; i++) {
        long q = t + pb_nbr[i];
        if (b->color[q] == 3 - color && pb_atari(b, b->chain[q]))
            return 0;
    }
    pboard_t c;
    pb_copy_bare(&c, b);
    pb_play_bare(&c, color, t, c.epos[t]);
    int budget = PB_LADDER_PLAYS;
    return pb_ladder_taken(&c, stone, 0, &budget);
}

/* The tactical answer to the last stone (playout.c's): capture its chain if
 * it is in atari; for a chain of ours next to it in atari, capture an enemy
 * chain in atari touching it, or extend where that gives two or more
 * liberties by playout.c's count (the empty neighbours, plus each other
 * chain of ours there with its liberties less one). */
static long pb_pick_tactical(const pboard_t *b, int color, long last, rng_t *rng)
{
    if (!last)
        return 0;
    int opp = 3 - color;
    long cands[8];
    int n = 0;
    if (b->color[last] == opp && pb_atari(b, b->chain[last])) {
        long lib = pb_atari_lib(b, b->chain[last]);
        if (pb_legal(b, color, lib))
            cands[n++] = lib;
    }
    for (int i = 0; i < 4; i++) {
        long q = last + pb_nbr[i];
        if (b->color[q] != color || !pb_atari(b, b->chain[q]))
            continue;
        long g = b->chain[q], s = g;
        do {
            for (int j = 0; j < 4 && n < 8; j++) {
                long t = s + pb_nbr[j];
                int ct = b->color[t];
                if (ct == EMPTY) {
                    int libs = 0;
                    for (int k = 0; k < 4; k++) {
                        long u = t + pb_nbr[k];
                        long x;
                        if (b->color[u] == EMPTY)
                            libs++;
                        else if (b->color[u] == color && b->chain[u] != g)
                            libs += pb_libs_besides(b, b->chain[u], t, &x);
                    }
                    if (libs >= 2 && pb_legal(b, color, t) && !pb_extension_laddered(b, color, q, t))
                        cands[n++] = t;
                } else if (ct == opp && pb_atari(b, b->chain[t])) {
                    long lib = pb_atari_lib(b, b->chain[t]);
                    if (pb_legal(b, color, lib))
                        cands[n++] = lib;
                }
            }
            s = b->next[s];
        } while (s != g && n < 8);
    }
    return n ? cands[pb_below(rng, n)] : 0;
}

/* A MoGo shape next to the last stone or next to color's own previous
 * stone `mine` (playout.c's): one of their empty neighbours (each counted
 * once) whose 3x3 neighbourhood is a shape, legal, not our eye and safe
 * (pb_safe).  None after a pass.  The shape bytes of the sixteen points
 * are read first into a mask, branch-free; only the shapes found are
 * tested further, in the same order as the points. */
static long pb_pick_pattern(const pboard_t *b, int color, long last, long mine, rng_t *rng)
{
    if (!last)
        return 0;
    unsigned hits = 0;
    for (int i = 0; i < 8; i++)
        hits |= (unsigned)b->shape[last + pb_ring[i]] << i;
    if (mine)
        for (int i = 0; i < 8; i++)
            hits |= (unsigned)b->shape[mine + pb_ring[i]] << (8 + i);
    long cands[16];
    int n = 0;
    while (hits) {
        int k = __builtin_ctz(hits);
        hits &= hits - 1;
        long q = (k < 8 ? last : mine) + pb_ring[k & 7];
        int seen = 0;
        for (int j = 0; j < n; j++)
            seen |= cands[j] == q;
        if (!seen && !pb_is_eye(b, color, q) && pb_legal(b, color, q) && pb_safe(b, color, q))
            cands[n++] = q;
    }
    return n ? cands[pb_below(rng, n)] : 0;
}

/* A capture of a chain in atari (playout.c's): anywhere during a
 * playout's first two plies, else next to color's own previous stone. */
static long pb_pick_capture(const pboard_t *b, int color, int whole_board, long mine, rng_t *rng)
{
    int opp = 3 - color;
    long cands[16];
    int n = 0;
    if (whole_board) {
        for (int i = 0; i < b->n_empty && n < 16; i++) {
            long p = b->empty[i];
            for (int j = 0; j < 4; j++) {
                long q = p + pb_nbr[j];
                if (b->color[q] == opp && pb_atari(b, b->chain[q])) {
                    cands[n++] = p;
                    break;
                }
            }
        }
    } else if (mine && b->color[mine] == color) {
        for (int i = 0; i < 4; i++) {
            long q = mine + pb_nbr[i];
            if (b->color[q] == opp && pb_atari(b, b->chain[q]))
                cands[n++] = pb_atari_lib(b, b->chain[q]);
        }
    }
    while (n > 0) {
        int i = pb_below(rng, n);
        if (pb_legal(b, color, cands[i]))
            return cands[i];
        cands[i] = cands[--n];
    }
    return 0;
}

/* A uniformly random candidate of the reference policy that is also safe
 * (pb_safe): its position in the empty list, or -1. */
static inline int pb_pick_safe(pboard_t *b, int color, rng_t *rng)
{
    int k = b->n_empty;
    while (k > 0) {
        long i = pb_below(rng, k);
        long p = b->empty[i];
        int ok = (b->nbc[p] & PB_NB_EMPTY_MASK) ? 1
                                                : !pb_is_eye(b, color, p) && pb_tight_legal(b, color, p);
        if (ok && pb_safe(b, color, p))
            return (int)i;
        k--;
        b->empty[i] = b->empty[k];
        b->epos[b->empty[i]] = (uint8_t)i;
        b->empty[k] = (uint8_t)p;
        b->epos[p] = (uint8_t)k;
    }
    return -1;
}

int pboard_libs_after(const pboard_t *b, int color, int p, int *stones)
{
    return pb_libs_after(b, color, p, stones);
}

int pboard_extension_laddered(const pboard_t *b, int color, int stone, int t)
{
    return pb_extension_laddered(b, color, stone, t);
}

int pboard_safe(const pboard_t *b, int color, int p) { return pb_safe(b, color, p); }

int pboard_atari_lib(const pboard_t *b, int p)
{
    if (!pb_is_stone(b->color[p]) || !pb_atari(b, b->chain[p]))
        return 0;
    return (int)pb_atari_lib(b, b->chain[p]);
}

int pboard_last_stone(const BoardState *src)
{
    if (src->size != PB_SIZE || src->last_move.pass || src->last_move.row < 0)
        return 0;
    return pb_point(src->last_move.row, src->last_move.col);
}

/* The heuristic policy reads the 3x3 shapes: a board that played without
 * them (a reference playout) recounts them first. */
static void pb_need_shapes(pboard_t *b)
{
    if (!b->shapes)
        pb_rebuild(b);
}

int pboard_pick_heuristic(pboard_t *b, int color, int last, int mine, int first_plies,
                          rng_t *rng)
{
    pb_need_shapes(b);
    long p = pb_pick_tactical(b, color, last, rng);
    if (!p)
        p = pb_pick_pattern(b, color, last, mine, rng);
    if (!p)
        p = pb_pick_capture(b, color, first_plies, mine, rng);
    if (p)
        return (int)p;
    int i = pb_pick_safe(b, color, rng);
    return i < 0 ? PB_PASS : b->empty[i];
}

int pboard_playout_heuristic(pboard_t *b, int last, int max_plies, rng_t *rng, uint16_t *moves,
                             int *n_moves)
{
    pb_need_shapes(b);
    long mine = 0; /* the stone the side to move played a ply ago */
    for (int n = 0; b->passes < 2 && n < max_plies; n++) {
        int color = b->turn;
        long p = pb_pick_tactical(b, color, last, rng);
        if (!p)
            p = pb_pick_pattern(b, color, last, mine, rng);
        if (!p)
            p = pb_pick_capture(b, color, n < 2, mine, rng);
        long at = -1;
        if (p) {
            at = b->epos[p];
        } else {
            at = pb_pick_safe(b, color, rng);
            p = at < 0 ? 0 : b->empty[at];
        }
        mine = last;
        last = p;
        if (!p) {
            pboard_pass(b);
            continue;
        }
        pb_play(b, color, p, at);
        if (moves)
            moves[(*n_moves)++] =
                (uint16_t)(board_point(pb_row((int)p), pb_col((int)p)) | (color == WHITE ? 0x8000 : 0));
    }
    return pboard_score(b);
}

int pboard_check(const pboard_t *b, char *err, int errlen)
{
    pboard_t ref;
    memcpy(ref.color, b->color, sizeof ref.color);
    pb_rebuild(&ref);
    /* The empty list: empty board points, each once (with the count
     * compared below, every empty point is there). */
    uint8_t listed[PB_PTS] = {0};
    for (int j = 0; j < b->n_empty; j++) {
        int p = b->empty[j];
        if (p >= PB_PTS || !is_board_point(p) || b->color[p] != EMPTY || listed[p] ||
            b->epos[p] != j) {
            snprintf(err, (size_t)errlen, "empty list entry %d: point %d (colour %d, %s, kept at %d)",
                     j, p, p < PB_PTS ? b->color[p] : -1, p < PB_PTS && listed[p] ? "twice" : "once",
                     p < PB_PTS ? b->epos[p] : -1);
            return -1;
        }
        listed[p] = 1;
    }
    for (int p = 0; p < PB_PTS; p++) {
        int want = is_board_point(p) ? -1 : 3;
        if (want == 3 && b->color[p] != 3) {
            snprintf(err, (size_t)errlen, "border point %d holds colour %d", p, b->color[p]);
            return -1;
        }
        if (!is_board_point(p))
            continue;
        if (b->color[p] > WHITE) {
            snprintf(err, (size_t)errlen, "point %d holds colour %d", p, b->color[p]);
            return -1;
        }
        if (b->nbc[p] != ref.nbc[p]) {
            snprintf(err, (size_t)errlen, "point %d: neighbour counts 0x%03x, recount 0x%03x", p,
                     b->nbc[p], ref.nbc[p]);
            return -1;
        }
        if (b->shapes && (b->code[p] != ref.code[p] || b->shape[p] != ref.shape[p])) {
            snprintf(err, (size_t)errlen, "point %d: 3x3 code 0x%04x shape %d, recount 0x%04x %d", p,
                     b->code[p], b->shape[p], ref.code[p], ref.shape[p]);
            return -1;
        }
        if (b->color[p] == EMPTY) {
            if (b->chain[p] != p) {
                snprintf(err, (size_t)errlen, "empty point %d names chain %d", p, b->chain[p]);
                return -1;
            }
            if (!listed[p]) {
                snprintf(err, (size_t)errlen, "empty point %d is not in the empty list", p);
                return -1;
            }
            continue;
        }
        /* p and its recounted chain: same partition, same liberty sums. */
        int r = b->chain[p], rr = ref.chain[p];
        if (b->color[r] != b->color[p] || b->chain[r] != r) {
            snprintf(err, (size_t)errlen, "stone %d names chain %d, not a root of its colour", p, r);
            return -1;
        }
        int n = 0, s = r, seen_p = 0;
        do {
            if (ref.chain[s] != rr) {
                snprintf(err, (size_t)errlen, "chain %d holds %d, which is not connected to %d", r, s,
                         p);
                return -1;
            }
            seen_p |= s == p;
            s = b->next[s];
        } while (s != r && ++n <= PB_SIZE * PB_SIZE);
        if (!seen_p || n + 1 != ref.stones[rr] || b->stones[r] != ref.stones[rr]) {
            snprintf(err, (size_t)errlen, "chain %d of %d: %d stones counted, %d listed, %d by flood fill",
                     r, p, b->stones[r], n + 1, ref.stones[rr]);
            return -1;
        }
        uint64_t cl = b->lib[r], rl = ref.lib[rr];
        if (cl != rl) {
            snprintf(err, (size_t)errlen,
                     "chain %d: pseudo-liberties %u/%u/%llu, recount %u/%u/%llu", r,
                     PB_LIB_COUNT(cl), PB_LIB_SUM(cl), (unsigned long long)PB_LIB_SUMSQ(cl),
                     PB_LIB_COUNT(rl), PB_LIB_SUM(rl), (unsigned long long)PB_LIB_SUMSQ(rl));
            return -1;
        }
    }
    if (b->sdiff != ref.sdiff) {
        snprintf(err, (size_t)errlen, "black minus white stones %d, recount %d", b->sdiff,
                 ref.sdiff);
        return -1;
    }
    if (b->n_empty != ref.n_empty) {
        snprintf(err, (size_t)errlen, "%d points in the empty list, %d empty", b->n_empty,
                 ref.n_empty);
        return -1;
    }
    return 0;
}

/*
 * gomoku_ai.c - the level dispatcher and level 3: threat-space search over a
 * pattern evaluation.
 *
 * Patterns.  For a colour c, an empty point p and a line direction, the 10
 * points at distance 1-5 on either side (empty, c, or blocked: the other
 * colour or the edge) decide what a stone of c at p makes in that line:
 * five, overline, straight four, four, two fours in one line, open three
 * (one more stone gives a straight four), closed three (one more gives a
 * four), open two, closed two.  The definitions are the RIF ones (the same
 * as gomoku.c's forbidden test) and give two tables of 3^10 entries, one
 * where only exactly five wins (Black in renju, either side under rule 1)
 * and one where five or more wins; both are computed once, at the first
 * level-3 move.  The AI keeps every point's four patterns for both colours
 * and updates the 40 points on the lines through each stone it places.
 *
 * The move:
 *   1. five if it has one; block the opponent's five otherwise;
 *   2. VCF: a win by continuous fours (each four forces the one reply);
 *   3. if the opponent has no VCF: VCT, a win by fours and open threes, the
 *      defender answering every threat with any point on its lines or with a
 *      four of its own;
 *   4. else alpha-beta (negamax, iterative deepening, forced replies to
 *      fives extended) on the best candidates by attack + defence value,
 *      keeping only moves after which the opponent has no VCF.
 * Under renju Black's moves are checked with the exact forbidden test and
 * White's VCF counts a four whose only defence is forbidden for Black.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gomoku.h"
#include "gomoku_ai.h"
#include "internal/gomoku_private.h"

double gomoku_ai_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- line patterns ---- */

enum {
    P_NONE = 0,
    P_TWO,   /* closed two: one more stone gives a closed three */
    P_OPEN2, /* one more stone gives an open three */
    P_THREE, /* closed three: one more stone gives a four */
    P_OPEN3, /* one more stone gives a straight four */
    P_FOUR,  /* one point gives five */
    P_FOUR4, /* two points give five, not a straight four (X.XXX.X) */
    P_OPEN4, /* straight four */
    P_FIVE,
    P_OVER,  /* six or more where only five wins */
};

#define LINE_KEYS 59049 /* 3^10 */
static uint8_t line_table[2][LINE_KEYS]; /* [exact five?][key] */
static int line_tables_ready;
static uint64_t zobrist[3][GOMOKU_PADDED]; /* [colour][point]: the search's position keys */

static int line_encode(const uint8_t cells[11])
{
    int key = 0, mul = 1;
    for (int i = 0; i < 11; i++) {
        if (i == 5)
            continue;
        key += cells[i] * mul;
        mul *= 3;
    }
    return key;
}

static int line_run(const uint8_t cells[11])
{
    int run = 1;
    for (int i = 6; i <= 10 && cells[i] == 1; i++)
        run++;
    for (int i = 4; i >= 0 && cells[i] == 1; i--)
        run++;
    return run;
}

static int line_wins(int run, int exact)
{
    return exact ? run == 5 : run >= 5;
}

/* The pattern of the stone at cells[5] (cells: 0 empty, 1 own, 2 blocked). */
static uint8_t line_rank(uint8_t cells[11], int exact)
{
    uint8_t *memo = line_table[exact];
    int key = line_encode(cells);
    if (memo[key] != 0xFF)
        return memo[key];
    uint8_t r = P_NONE;
    int run = line_run(cells);
    if (run >= 5) {
        r = line_wins(run, exact) ? P_FIVE : P_OVER;
    } else {
        int fp[10], n = 0;
        for (int e = 1; e <= 9; e++) {
            if (e == 5 || cells[e] != 0)
                continue;
            cells[e] = 1;
            if (line_wins(line_run(cells), exact))
                fp[n++] = e;
            cells[e] = 0;
        }
        if (n >= 2) {
            r = P_FOUR4;
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++)
                    if (fp[j] - fp[i] == 5)
                        r = P_OPEN4;
        } else if (n == 1) {
            r = P_FOUR;
        } else {
            for (int e = 1; e <= 9; e++) {
                if (e == 5 || cells[e] != 0)
                    continue;
                cells[e] = 1;
                uint8_t c = line_rank(cells, exact), up = P_NONE;
                cells[e] = 0;
                if (c == P_OPEN4)
                    up = P_OPEN3;
                else if (c == P_FOUR || c == P_FOUR4)
                    up = P_THREE;
                else if (c == P_OPEN3)
                    up = P_OPEN2;
                else if (c == P_THREE)
                    up = P_TWO;
                if (up > r)
                    r = up;
            }
        }
    }
    memo[key] = r;
    return r;
}

static void combo_table_init(void);

static void line_tables_init(void)
{
    if (line_tables_ready)
        return;
    memset(line_table, 0xFF, sizeof line_table);
    for (int exact = 0; exact < 2; exact++)
        for (int key = 0; key < LINE_KEYS; key++) {
            uint8_t cells[11];
            int k = key;
            for (int i = 0; i < 11; i++) {
                if (i == 5) {
                    cells[i] = 1;
                    continue;
                }
                cells[i] = (uint8_t)(k % 3);
                k /= 3;
            }
            line_rank(cells, exact);
        }
    combo_table_init();
    uint64_t z = 0x2545F4914F6CDD1DULL; /* splitmix64 */
    for (int c = 1; c <= 2; c++)
        for (int p = 0; p < GOMOKU_PADDED; p++) {
            uint64_t x = (z += 0x9E3779B97F4A7C15ULL);
            x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
            x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
            zobrist[c][p] = x ^ (x >> 31);
        }
    line_tables_ready = 1;
}

/* ---- the search state ---- */

enum { T_NONE = 0, T_THREE, T_FOUR, T_WIN, T_FIVE };

#define AI_WIN 10000000
#define AI_INF 0x3fffffff
#define AI_MAX_PLY 60
#define AI_MATE (AI_WIN - 1000) /* scores beyond this count plies to a five */

/* The transposition table: one entry a slot, the deeper search kept. */
enum { TT_NONE = 0, TT_EXACT, TT_LOWER, TT_UPPER };
#define TT_BITS 18
typedef struct tt_entry {
    uint64_t key;
    int32_t value;
    int16_t move; /* padded point, -1 none */
    int8_t depth;
    uint8_t flag;
} tt_entry_t;

typedef struct ai {
    uint8_t b[GOMOKU_PADDED];
    int rule;
    int exact[3];                   /* per colour: only exactly five wins */
    int renju;
    uint8_t pat[3][GOMOKU_PADDED][4];
    uint16_t key[3][GOMOKU_PADDED][4]; /* line_table keys of every board point, kept as stones come and go */
    int sc[3][GOMOKU_PADDED];       /* value of a stone of the colour here (0: occupied or forbidden) */
    uint8_t tier[3][GOMOKU_PADDED]; /* T_* */
    uint8_t forbidden[GOMOKU_PADDED]; /* Black may not play here (renju) */
    /* Renju: Black's points whose shape may be forbidden (two threes, two
     * fours, an overline), the exact test's to decide; foul_at is a
     * point's place in the list plus one, 0 when it is not there. */
    int16_t foul_list[GOMOKU_CELLS];
    int16_t foul_at[GOMOKU_PADDED];
    int nfoul;
    long total[3];
    int cnt5[3], cntwin[3];
    int points[GOMOKU_CELLS];       /* padded indices of the board */
    long nodes, limit;
    double deadline;  /* the whole move's, 0 for none */
    double phase_end; /* the phase's: a share of what is left of deadline */
    int stop;
    uint64_t rng;
    uint64_t hash;                  /* zobrist key of b */
    tt_entry_t *tt;                 /* 1 << TT_BITS entries, or NULL */
    int16_t killer[AI_MAX_PLY + 2][2]; /* the last two moves that cut off at each ply */
} ai_t;

static const int pat_weight[] = {
    [P_NONE] = 0, [P_TWO] = 12, [P_OPEN2] = 70, [P_THREE] = 110, [P_OPEN3] = 650,
    [P_FOUR] = 1000, [P_FOUR4] = 2000, [P_OPEN4] = 3000, [P_FIVE] = 0, [P_OVER] = 0,
};

static int point_key(const ai_t *a, int p, int k, int c)
{
    int d = gomoku_dirs[k], key = 0, mul = 1, blocked = 0;
    /* cells 4,3,2,1,0 are p-1d..p-5d; 6..10 are p+1d..p+5d */
    int lo[5];
    for (int t = 1; t <= 5; t++) {
        int v;
        if (blocked) {
            v = 2;
        } else {
            int s = a->b[p - t * d];
            if (s == GOMOKU_WALL) {
                blocked = 1;
                v = 2;
            } else {
                v = s == GOMOKU_EMPTY ? 0 : s == c ? 1 : 2;
            }
        }
        lo[t - 1] = v;
    }
    for (int i = 0; i < 5; i++) { /* slots 0..4 hold cells 0..4 = p-5d..p-1d */
        key += lo[4 - i] * mul;
        mul *= 3;
    }
    blocked = 0;
    for (int t = 1; t <= 5; t++) {
        int v;
        if (blocked) {
            v = 2;
        } else {
            int s = a->b[p + t * d];
            if (s == GOMOKU_WALL) {
                blocked = 1;
                v = 2;
            } else {
                v = s == GOMOKU_EMPTY ? 0 : s == c ? 1 : 2;
            }
        }
        key += v * mul;
        mul *= 3;
    }
    return key;
}

/* Recombines the four patterns of colour c at the empty point p. */
/* What the four patterns of a point make together, whatever their order:
 * the stone's value, its tier, and whether the shape may be one of renju's
 * forbidden ones (the exact test decides). */
typedef struct combo {
    int32_t score;
    uint8_t tier;
    uint8_t foul_shape;
} combo_t;

#define COMBOS 10000 /* 10^4: four patterns P_NONE..P_OVER */
static combo_t combo_table[COMBOS];

static int combo_index(const uint8_t pat[4])
{
    return pat[0] + 10 * pat[1] + 100 * pat[2] + 1000 * pat[3];
}

static combo_t combo_of(const uint8_t pat[4])
{
    int n[P_OVER + 1] = {0};
    for (int k = 0; k < 4; k++)
        n[pat[k]]++;
    combo_t r = {0, T_NONE, 0};
    int fours = n[P_FOUR] + 2 * n[P_FOUR4] + n[P_OPEN4];
    if (n[P_FIVE]) {
        r.score = 100000;
        r.tier = T_FIVE;
        return r;
    }
    r.foul_shape = n[P_OVER] || fours >= 2 || n[P_OPEN3] >= 2;
    for (int i = 0; i <= P_OVER; i++)
        r.score += n[i] * pat_weight[i];
    if (n[P_OPEN4] || fours >= 2) {
        r.score += 20000;
        r.tier = T_WIN;
    } else if (fours) {
        r.tier = T_FOUR;
        if (n[P_OPEN3])
            r.score += 8000;
    } else if (n[P_OPEN3]) {
        r.tier = T_THREE;
        if (n[P_OPEN3] >= 2)
            r.score += 4000;
    }
    return r;
}

static void combo_table_init(void)
{
    for (int i = 0; i < COMBOS; i++) {
        uint8_t pat[4] = {(uint8_t)(i % 10), (uint8_t)(i / 10 % 10), (uint8_t)(i / 100 % 10),
                          (uint8_t)(i / 1000)};
        combo_table[i] = combo_of(pat);
    }
}

static void foul_mark(ai_t *a, int p, int shape)
{
    if (shape && !a->foul_at[p]) {
        a->foul_list[a->nfoul++] = (int16_t)p;
        a->foul_at[p] = (int16_t)a->nfoul;
    } else if (!shape && a->foul_at[p]) {
        int i = a->foul_at[p] - 1, last = a->foul_list[--a->nfoul];
        a->foul_list[i] = (int16_t)last;
        a->foul_at[last] = (int16_t)(i + 1);
        a->foul_at[p] = 0;
    }
}

/* Recombines the four patterns of colour c at the empty point p. */
static void point_score(ai_t *a, int p, int c)
{
    const combo_t *cb = &combo_table[combo_index(a->pat[c][p])];
    int s = cb->score, tier = cb->tier;
    if (c == GOMOKU_BLACK && a->renju) {
        a->forbidden[p] = 0;
        foul_mark(a, p, cb->foul_shape);
        if (cb->foul_shape && gomoku_forbid_padded(a->b, p) != GOMOKU_FORBID_NONE) {
            a->forbidden[p] = 1;
            s = 0;
            tier = T_NONE;
        }
    }
    int old_tier = a->tier[c][p];
    a->cnt5[c] += (tier == T_FIVE) - (old_tier == T_FIVE);
    a->cntwin[c] += (tier == T_WIN) - (old_tier == T_WIN);
    a->total[c] += s - a->sc[c][p];
    a->sc[c][p] = s;
    a->tier[c][p] = (uint8_t)tier;
}

static void point_clear(ai_t *a, int p)
{
    for (int c = 1; c <= 2; c++) {
        a->cnt5[c] -= a->tier[c][p] == T_FIVE;
        a->cntwin[c] -= a->tier[c][p] == T_WIN;
        a->total[c] -= a->sc[c][p];
        a->sc[c][p] = 0;
        a->tier[c][p] = T_NONE;
    }
    a->forbidden[p] = 0;
    foul_mark(a, p, 0);
}

/* The patterns and scores of the empty point p, both colours, from its
 * keys; an occupied point is cleared. */
static void point_refresh(ai_t *a, int p)
{
    if (a->b[p] != GOMOKU_EMPTY) {
        point_clear(a, p);
        return;
    }
    for (int c = 1; c <= 2; c++) {
        for (int k = 0; k < 4; k++)
            a->pat[c][p][k] = line_table[a->exact[c]][a->key[c][p][k]];
        point_score(a, p, c);
    }
}

static const uint16_t pow3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

/* A cell's digit in colour c's keys: empty 0, c's stone 1, the other's 2. */
static int key_digit(int v, int c)
{
    return v == GOMOKU_EMPTY ? 0 : v == c ? 1 : 2;
}

static void ai_set(ai_t *a, int p, int v)
{
    int old = a->b[p];
    a->hash ^= zobrist[old][p] ^ zobrist[v][p]; /* an empty point's keys are zero */
    a->b[p] = (uint8_t)v;
    int delta[3];
    for (int c = 1; c <= 2; c++)
        delta[c] = key_digit(v, c) - key_digit(old, c);
    point_refresh(a, p);
    /* Each point within five on the four lines sees p in one slot of its
     * key: at distance t behind it slot 5 - t, ahead of it slot 4 + t. */
    for (int k = 0; k < 4; k++) {
        int d = gomoku_dirs[k];
        for (int t = 1; t <= 5 && a->b[p + t * d] != GOMOKU_WALL; t++) {
            int q = p + t * d;
            for (int c = 1; c <= 2; c++)
                a->key[c][q][k] = (uint16_t)(a->key[c][q][k] + delta[c] * pow3[5 - t]);
            if (a->b[q] == GOMOKU_EMPTY)
                for (int c = 1; c <= 2; c++) {
                    a->pat[c][q][k] = line_table[a->exact[c]][a->key[c][q][k]];
                    point_score(a, q, c);
                }
        }
        for (int t = 1; t <= 5 && a->b[p - t * d] != GOMOKU_WALL; t++) {
            int q = p - t * d;
            for (int c = 1; c <= 2; c++)
                a->key[c][q][k] = (uint16_t)(a->key[c][q][k] + delta[c] * pow3[4 + t]);
            if (a->b[q] == GOMOKU_EMPTY)
                for (int c = 1; c <= 2; c++) {
                    a->pat[c][q][k] = line_table[a->exact[c]][a->key[c][q][k]];
                    point_score(a, q, c);
                }
        }
    }
    /* Whether Black's shape at q is forbidden can turn on a stone off q's
     * lines (a three counts only if its four is not itself forbidden, and
     * so on): every such point off p's lines is tested again.  The list
     * holds few points; its order does not change here. */
    for (int i = 0; i < a->nfoul; i++) {
        int q = a->foul_list[i];
        int dr = q / GOMOKU_STRIDE - p / GOMOKU_STRIDE, dc = q % GOMOKU_STRIDE - p % GOMOKU_STRIDE;
        int far = dr > 5 || dr < -5 || dc > 5 || dc < -5;
        if (far || !(dr == 0 || dc == 0 || dr == dc || dr == -dc)) /* not scored above */
            point_score(a, q, GOMOKU_BLACK);
    }
}

static int budget_hit(ai_t *a)
{
    if (a->stop)
        return 1;
    if ((a->limit > 0 && a->nodes >= a->limit) ||
        (a->phase_end > 0 && (a->nodes & 511) == 0 && gomoku_ai_now() > a->phase_end))
        a->stop = 1;
    return a->stop;
}

static int can_play(const ai_t *a, int p, int c)
{
    return a->b[p] == GOMOKU_EMPTY && !(c == GOMOKU_BLACK && a->forbidden[p]);
}

/* Points of colour c's tier t (or more), up to max; returns the count. */
static int points_of_tier(const ai_t *a, int c, int t, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < GOMOKU_CELLS && n < max; i++) {
        int p = a->points[i];
        if (a->b[p] == GOMOKU_EMPTY && a->tier[c][p] >= t)
            out[n++] = p;
    }
    return n;
}

static int five_points(const ai_t *a, int c, int *out, int max)
{
    return points_of_tier(a, c, T_FIVE, out, max);
}

/* ---- VCF ---- */

static int vcf(ai_t *a, int side, int depth, int *first)
{
    a->nodes++;
    if (budget_hit(a))
        return 0;
    int opp = 3 - side, cand[GOMOKU_CELLS], n;
    if (a->cnt5[side]) {
        if (first)
            five_points(a, side, first, 1);
        return 1;
    }
    if (a->cnt5[opp]) {
        int f[2];
        if (five_points(a, opp, f, 2) >= 2 || a->tier[side][f[0]] < T_FOUR || !can_play(a, f[0], side))
            return 0;
        cand[0] = f[0];
        n = 1;
    } else {
        n = points_of_tier(a, side, T_FOUR, cand, GOMOKU_CELLS);
    }
    if (depth <= 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int p = cand[i];
        if (!can_play(a, p, side))
            continue;
        if (a->tier[side][p] == T_WIN) {
            if (first)
                *first = p;
            return 1;
        }
        ai_set(a, p, side);
        int g[2], win = 0;
        int nf = five_points(a, side, g, 2);
        if (nf >= 2) {
            win = 1;
        } else if (nf == 1) {
            if (!can_play(a, g[0], opp)) { /* the only defence is forbidden for Black */
                win = 1;
            } else {
                ai_set(a, g[0], opp);
                win = vcf(a, side, depth - 1, NULL);
                ai_set(a, g[0], GOMOKU_EMPTY);
            }
        }
        ai_set(a, p, GOMOKU_EMPTY);
        if (win) {
            if (first)
                *first = p;
            return 1;
        }
        if (a->stop)
            return 0;
    }
    return 0;
}

/* ---- VCT ---- */

static int vct_attack(ai_t *a, int side, int depth, int *first);

/* The points where defender answers the other colour's threats to make a
 * straight four or two fours (its T_WIN points): defender's own fours
 * (they force a reply first), each such point, and every empty point
 * within five of it on the lines where the attacker's stone there would
 * make a four (the blocks of a three's far end among them).  Marks them
 * in mark and lists them in list in the order found; returns the count. */
static int defence_points(const ai_t *a, int defender, uint8_t *mark, int *list)
{
    int attacker = 3 - defender, n = 0;
    memset(mark, 0, GOMOKU_PADDED);
    for (int i = 0; i < GOMOKU_CELLS; i++) {
        int w = a->points[i];
        if (a->b[w] != GOMOKU_EMPTY)
            continue;
        if (a->tier[defender][w] >= T_FOUR && !mark[w] && can_play(a, w, defender)) {
            mark[w] = 1;
            list[n++] = w;
        }
        if (a->tier[attacker][w] != T_WIN)
            continue;
        if (!mark[w] && can_play(a, w, defender)) {
            mark[w] = 1;
            list[n++] = w;
        }
        for (int k = 0; k < 4; k++) {
            int pk = a->pat[attacker][w][k];
            if (pk != P_OPEN4 && pk != P_FOUR4 && pk != P_FOUR)
                continue;
            int d = gomoku_dirs[k];
            for (int sgn = -1; sgn <= 1; sgn += 2)
                for (int t = 1; t <= 5; t++) {
                    int q = w + sgn * t * d;
                    if (a->b[q] == GOMOKU_WALL)
                        break;
                    if (a->b[q] == GOMOKU_EMPTY && !mark[q] && can_play(a, q, defender)) {
                        mark[q] = 1;
                        list[n++] = q;
                    }
                }
        }
    }
    return n;
}

/* The defender (3 - side) to move against side's threats. */
static int vct_defend(ai_t *a, int side, int depth)
{
    a->nodes++;
    if (budget_hit(a))
        return 0;
    int def = 3 - side, f[2];
    if (a->cnt5[def])
        return 0;
    int nf = five_points(a, side, f, 2);
    if (nf >= 2)
        return 1;
    if (nf == 1) {
        if (!can_play(a, f[0], def))
            return 1;
        ai_set(a, f[0], def);
        int r = vct_attack(a, side, depth, NULL);
        ai_set(a, f[0], GOMOKU_EMPTY);
        return r;
    }
    if (!a->cntwin[side])
        return 0; /* the threat is gone */
    uint8_t mark[GOMOKU_PADDED];
    int replies[GOMOKU_CELLS], nr = defence_points(a, def, mark, replies);
    for (int i = 0; i < nr; i++) {
        ai_set(a, replies[i], def);
        int r = vct_attack(a, side, depth, NULL);
        ai_set(a, replies[i], GOMOKU_EMPTY);
        if (!r)
            return 0;
    }
    return 1;
}

static int vct_attack(ai_t *a, int side, int depth, int *first)
{
    a->nodes++;
    if (budget_hit(a))
        return 0;
    int opp = 3 - side, f[2];
    if (a->cnt5[side]) {
        if (first)
            five_points(a, side, first, 1);
        return 1;
    }
    if (a->cnt5[opp]) {
        if (five_points(a, opp, f, 2) >= 2 || !can_play(a, f[0], side))
            return 0;
        ai_set(a, f[0], side);
        int r = vct_defend(a, side, depth);
        ai_set(a, f[0], GOMOKU_EMPTY);
        if (r && first)
            *first = f[0];
        return r;
    }
    if (a->cntwin[side]) {
        int w[1];
        if (points_of_tier(a, side, T_WIN, w, 1) == 1) {
            if (first)
                *first = w[0];
            return 1;
        }
    }
    if (vcf(a, side, 12, first))
        return 1;
    if (depth <= 0 || a->stop)
        return 0;
    int cand[GOMOKU_CELLS];
    int n = points_of_tier(a, side, T_THREE, cand, GOMOKU_CELLS);
    for (int i = 0; i < n; i++) {
        int p = cand[i];
        if (!can_play(a, p, side))
            continue;
        ai_set(a, p, side);
        int r = vct_defend(a, side, depth - 1);
        ai_set(a, p, GOMOKU_EMPTY);
        if (r) {
            if (first)
                *first = p;
            return 1;
        }
        if (a->stop)
            return 0;
    }
    return 0;
}

/* ---- alpha-beta ---- */

static int evaluate(const ai_t *a, int side)
{
    long v = a->total[side] - a->total[3 - side] / 2;
    if (v > AI_WIN / 2)
        v = AI_WIN / 2;
    if (v < -AI_WIN / 2)
        v = -AI_WIN / 2;
    return (int)v;
}

/* Puts point p of value v into out[0..*n), kept best first and at most max
 * long (val holds the values). */
static void keep_best(int *out, int *val, int *n, int max, int p, int v)
{
    if (max <= 0)
        return;
    int j = *n < max ? (*n)++ : max;
    if (j == max && v <= val[max - 1])
        return;
    if (j == max)
        j = max - 1;
    while (j > 0 && val[j - 1] < v) {
        val[j] = val[j - 1];
        out[j] = out[j - 1];
        j--;
    }
    val[j] = v;
    out[j] = p;
}

/* The best moves for side by attack + defence, at most max; returns count. */
static int candidates(ai_t *a, int side, int *out, int max, int jitter)
{
    int val[GOMOKU_CELLS], n = 0, opp = 3 - side;
    for (int i = 0; i < GOMOKU_CELLS; i++) {
        int p = a->points[i];
        if (!can_play(a, p, side))
            continue;
        int v = a->sc[side][p] + (a->sc[opp][p] * 9) / 10;
        if (v <= 0)
            continue;
        if (jitter) {
            a->rng = a->rng * 6364136223846793005ULL + 1442695040888963407ULL;
            v += (int)((a->rng >> 33) % 7);
        }
        keep_best(out, val, &n, max, p, v);
    }
    return n;
}

/* The moves that answer the opponent's threat to make a straight four or a
 * double four: defence_points, best first by attack + defence; returns the
 * count (at most max). */
static int defence_moves(ai_t *a, int side, int *out, int max)
{
    int opp = 3 - side, val[GOMOKU_CELLS], list[GOMOKU_CELLS], n = 0;
    uint8_t mark[GOMOKU_PADDED];
    defence_points(a, side, mark, list);
    for (int i = 0; i < GOMOKU_CELLS; i++) {
        int p = a->points[i];
        if (mark[p])
            keep_best(out, val, &n, max, p, a->sc[side][p] + (a->sc[opp][p] * 9) / 10 + 1);
    }
    return n;
}

/* A score for the table: wins and losses counted from this node, not the
 * root, so that a stored one holds wherever the position comes again. */
static int tt_store_value(int v, int ply)
{
    return v > AI_MATE ? v + ply : v < -AI_MATE ? v - ply : v;
}

static int tt_load_value(int v, int ply)
{
    return v > AI_MATE ? v - ply : v < -AI_MATE ? v + ply : v;
}

#define AB_MOVES 32
#define LMR_FROM 3

static int alphabeta(ai_t *a, int side, int depth, int alpha, int beta, int ply)
{
    a->nodes++;
    if (budget_hit(a))
        return 0;
    int opp = 3 - side;
    if (a->cnt5[side])
        return AI_WIN - ply;
    if (a->cnt5[opp]) {
        int f[2];
        if (five_points(a, opp, f, 2) >= 2 || !can_play(a, f[0], side))
            return -(AI_WIN - ply - 1);
        if (ply >= AI_MAX_PLY)
            return evaluate(a, side);
        ai_set(a, f[0], side);
        int v = -alphabeta(a, opp, depth, -beta, -alpha, ply + 1);
        ai_set(a, f[0], GOMOKU_EMPTY);
        return v;
    }
    if (a->cntwin[side])
        return AI_WIN - ply - 2;
    if (depth <= 0 || ply >= AI_MAX_PLY)
        return evaluate(a, side);
    int tt_move = -1, alpha0 = alpha;
    tt_entry_t *e = a->tt ? &a->tt[a->hash & ((1u << TT_BITS) - 1)] : NULL;
    if (e && e->key == a->hash && e->flag != TT_NONE) {
        tt_move = e->move;
        if (e->depth >= depth) {
            int v = tt_load_value(e->value, ply);
            if (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
                (e->flag == TT_UPPER && v <= alpha))
                return v;
        }
    }
    int moves[AB_MOVES], n, forced = a->cntwin[opp] > 0;
    if (forced) {
        /* The opponent threatens a straight four: only defences and fours. */
        n = defence_moves(a, side, moves, AB_MOVES);
        if (n == 0)
            return -(AI_WIN - ply - 3);
    } else {
        n = candidates(a, side, moves, depth >= 3 ? 12 : 8, 0);
        if (n == 0)
            return 0;
    }
    /* The table's move first, then this ply's killers (if they are here). */
    int front = 0;
    int want[3] = {tt_move, a->killer[ply][0], a->killer[ply][1]};
    for (int w = 0; w < 3; w++) {
        if (want[w] <= 0)
            continue;
        for (int i = front; i < n; i++)
            if (moves[i] == want[w]) {
                for (int j = i; j > front; j--)
                    moves[j] = moves[j - 1];
                moves[front++] = want[w];
                break;
            }
    }
    int best = -AI_INF, best_move = moves[0];
    for (int i = 0; i < n; i++) {
        ai_set(a, moves[i], side);
        int v;
        if (i == 0) {
            v = -alphabeta(a, opp, depth - 1, -beta, -alpha, ply + 1);
        } else {
            /* Late quiet moves first a ply shallower (late move reduction). */
            int r = !forced && i >= LMR_FROM && depth >= 3 && a->tier[side][moves[i]] < T_FOUR;
            v = -alphabeta(a, opp, depth - 1 - r, -alpha - 1, -alpha, ply + 1);
            if (r && v > alpha && !a->stop)
                v = -alphabeta(a, opp, depth - 1, -alpha - 1, -alpha, ply + 1);
            if (v > alpha && v < beta && !a->stop)
                v = -alphabeta(a, opp, depth - 1, -beta, -alpha, ply + 1);
        }
        ai_set(a, moves[i], GOMOKU_EMPTY);
        if (a->stop)
            return best == -AI_INF ? 0 : best;
        if (v > best) {
            best = v;
            best_move = moves[i];
        }
        if (best > alpha)
            alpha = best;
        if (alpha >= beta) {
            if (a->killer[ply][0] != best_move) {
                a->killer[ply][1] = a->killer[ply][0];
                a->killer[ply][0] = (int16_t)best_move;
            }
            break;
        }
    }
    if (e && (e->key != a->hash || e->depth <= depth)) {
        e->key = a->hash;
        e->value = tt_store_value(best, ply);
        e->move = (int16_t)best_move;
        e->depth = (int8_t)depth;
        e->flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    }
    return best;
}

/* ---- level 3 ---- */

#define ROOT_MOVES 20
#define AI_MAX_DEPTH 24

static void ai_load(ai_t *a, const gomoku_t *g)
{
    memset(a, 0, sizeof *a);
    memcpy(a->b, g->b, sizeof a->b);
    a->rule = g->rule;
    a->renju = g->rule == GOMOKU_RULE_RENJU;
    a->exact[GOMOKU_BLACK] = g->rule != GOMOKU_RULE_FREESTYLE;
    a->exact[GOMOKU_WHITE] = g->rule == GOMOKU_RULE_STANDARD;
    for (int i = 0; i < GOMOKU_CELLS; i++)
        a->points[i] = gomoku_pad(i);
    for (int i = 0; i < GOMOKU_CELLS; i++)
        for (int c = 1; c <= 2; c++)
            for (int k = 0; k < 4; k++)
                a->key[c][a->points[i]][k] = (uint16_t)point_key(a, a->points[i], k, c);
    for (int i = 0; i < GOMOKU_CELLS; i++)
        point_refresh(a, a->points[i]);
    for (int i = 0; i < GOMOKU_CELLS; i++)
        a->hash ^= zobrist[a->b[a->points[i]]][a->points[i]];
}

/* Budget for one phase: at most share of what is left of the whole, in
 * nodes and in time. */
static void phase_limit(ai_t *a, long max_nodes, double share)
{
    a->stop = 0;
    long left = max_nodes - a->nodes;
    if (left < 1)
        left = 1;
    a->limit = a->nodes + (long)((double)left * share) + 1;
    if (a->deadline > 0) {
        double now = gomoku_ai_now(), rest = a->deadline - now;
        a->phase_end = now + (rest > 0 ? rest * share : 0);
    }
}

static int level3_move(const gomoku_t *g, uint64_t seed, long max_nodes, double deadline,
                       gomoku_ai_info_t *info)
{
    line_tables_init();
    ai_t *a = malloc(sizeof *a);
    if (!a)
        return GOMOKU_NO_POINT;
    ai_load(a, g);
    a->tt = calloc((size_t)1 << TT_BITS, sizeof *a->tt); /* 4 MiB; without it, no table */
    a->deadline = deadline;
    a->phase_end = deadline;
    a->rng = seed ^ 0x9E3779B97F4A7C15ULL;
    int side = g->to_move, opp = 3 - side, move = GOMOKU_NO_POINT, f[2];
    info->why = "search";
    if (g->stones == 0) {
        move = gomoku_pad(GOMOKU_SIZE / 2 * GOMOKU_SIZE + GOMOKU_SIZE / 2);
        info->why = "opening";
        goto done;
    }
    if (a->cnt5[side] && five_points(a, side, f, 1)) {
        move = f[0];
        info->why = "five";
        goto done;
    }
    if (a->cnt5[opp]) {
        int n = five_points(a, opp, f, 2);
        for (int i = 0; i < n && move < 0; i++)
            if (can_play(a, f[i], side))
                move = f[i];
        info->why = "block";
        if (move >= 0)
            goto done;
    }
    phase_limit(a, max_nodes, 0.15);
    if (vcf(a, side, 20, &move)) {
        info->why = "vcf";
        goto done;
    }
    move = GOMOKU_NO_POINT;
    phase_limit(a, max_nodes, 0.15);
    int opp_vcf = vcf(a, opp, 20, NULL), opp_vct = 0;
    if (!opp_vcf) {
        phase_limit(a, max_nodes, 0.3);
        if (vct_attack(a, side, 3, &move)) {
            info->why = "vct";
            goto done;
        }
        move = GOMOKU_NO_POINT;
        /* Would the opponent win by threats if this move did nothing? */
        phase_limit(a, max_nodes, 0.1);
        opp_vct = vct_attack(a, opp, 2, NULL) && !a->stop;
    }
    /* Root candidates; against a VCF (or a VCT) keep the moves that stop it,
     * checked best first while the budget lasts; unchecked ones stay after
     * them. */
    int roots[ROOT_MOVES], vals[ROOT_MOVES] = {0};
    int n = candidates(a, side, roots, ROOT_MOVES, 1);
    if (opp_vcf || opp_vct) {
        int kept = 0, i;
        phase_limit(a, max_nodes, 0.35);
        for (i = 0; i < n; i++) {
            ai_set(a, roots[i], side);
            int threat = vcf(a, opp, 20, NULL);
            if (!threat && opp_vct && !a->stop)
                threat = vct_attack(a, opp, 2, NULL);
            ai_set(a, roots[i], GOMOKU_EMPTY);
            if (a->stop)
                break;
            if (!threat)
                roots[kept++] = roots[i];
        }
        if (kept > 0) {
            for (; i < n; i++) /* not checked: after the safe ones */
                roots[kept++] = roots[i];
            n = kept;
            info->why = "defend";
        }
    }
    if (n == 0) {
        for (int i = 0; i < GOMOKU_CELLS && move < 0; i++)
            if (can_play(a, a->points[i], side))
                move = a->points[i];
        goto done;
    }
    move = roots[0];
    a->stop = 0;
    a->limit = max_nodes;
    a->phase_end = a->deadline;
    for (int depth = 1; depth <= AI_MAX_DEPTH; depth++) {
        int best = -AI_INF, best_i = 0, alpha = -AI_INF;
        for (int i = 0; i < n; i++) {
            ai_set(a, roots[i], side);
            int v;
            if (i == 0) {
                v = -alphabeta(a, opp, depth - 1, -AI_INF, AI_INF, 1);
            } else { /* a null window first: is it better than the best? */
                v = -alphabeta(a, opp, depth - 1, -alpha - 1, -alpha, 1);
                if (v > alpha && !a->stop)
                    v = -alphabeta(a, opp, depth - 1, -AI_INF, -alpha, 1);
            }
            ai_set(a, roots[i], GOMOKU_EMPTY);
            if (a->stop)
                break;
            vals[i] = v;
            if (v > best) {
                best = v;
                best_i = i;
            }
            if (best > alpha)
                alpha = best;
        }
        if (a->stop && best_i == 0 && best == -AI_INF)
            break;
        if (a->stop) {
            /* A partial iteration: trust it only if its best beat the old. */
            if (best > vals[0] || best_i == 0)
                move = roots[best_i];
            info->out_of_budget = 1;
            break;
        }
        /* Best first for the next iteration. */
        int tm = roots[best_i], tv = vals[best_i];
        for (int j = best_i; j > 0; j--) {
            roots[j] = roots[j - 1];
            vals[j] = vals[j - 1];
        }
        roots[0] = tm;
        vals[0] = tv;
        move = tm;
        info->depth = depth;
        info->score = tv;
        if (tv >= AI_WIN - 100 || tv <= -(AI_WIN - 100))
            break;
    }
done:
    /* The patterns see five points either way; the exact rule decides.  A
     * forbidden choice (a shape reaching past that window) gives way to the
     * best allowed candidate. */
    if (move >= 0 && a->renju && side == GOMOKU_BLACK &&
        gomoku_forbidden(g, gomoku_unpad(move)) != GOMOKU_FORBID_NONE) {
        int alt[GOMOKU_CELLS];
        int n_alt = candidates(a, side, alt, GOMOKU_CELLS, 0);
        move = GOMOKU_NO_POINT;
        for (int i = 0; i < n_alt && move < 0; i++)
            if (gomoku_forbidden(g, gomoku_unpad(alt[i])) == GOMOKU_FORBID_NONE)
                move = alt[i];
        for (int i = 0; i < GOMOKU_CELLS && move < 0; i++)
            if (gomoku_can_play(g, i) && gomoku_forbidden(g, i) == GOMOKU_FORBID_NONE)
                move = a->points[i];
        info->why = "search";
    }
    info->nodes = a->nodes;
    if (a->stop)
        info->out_of_budget = 1;
    free(a->tt);
    free(a);
    return move < 0 ? GOMOKU_NO_POINT : gomoku_unpad(move);
}

/* ---- the incremental state against a fresh one (for the tests) ---- */

static long ai_differences(const ai_t *a, const ai_t *r)
{
    long d = (a->hash != r->hash);
    for (int c = 1; c <= 2; c++)
        d += (a->total[c] != r->total[c]) + (a->cnt5[c] != r->cnt5[c]) +
             (a->cntwin[c] != r->cntwin[c]);
    for (int i = 0; i < GOMOKU_CELLS; i++) {
        int p = a->points[i];
        d += a->forbidden[p] != r->forbidden[p];
        for (int c = 1; c <= 2; c++) {
            d += (a->sc[c][p] != r->sc[c][p]) + (a->tier[c][p] != r->tier[c][p]);
            for (int k = 0; k < 4; k++)
                d += (a->key[c][p][k] != r->key[c][p][k]) +
                     (a->b[p] == GOMOKU_EMPTY && a->pat[c][p][k] != r->pat[c][p][k]);
        }
    }
    return d;
}

long gomoku_ai_selfcheck(int rule, uint64_t seed, int steps)
{
    line_tables_init();
    gomoku_t g;
    gomoku_init(&g, rule);
    ai_t *a = malloc(sizeof *a), *r = malloc(sizeof *r);
    if (!a || !r) {
        free(a);
        free(r);
        return -1;
    }
    ai_load(a, &g);
    long diff = 0;
    uint64_t x = seed | 1;
    for (int step = 0; step < steps; step++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        int p = a->points[x % GOMOKU_CELLS];
        int v = a->b[p] != GOMOKU_EMPTY ? GOMOKU_EMPTY : (int)((x >> 20) % 2) + 1;
        if (v == GOMOKU_EMPTY && (x >> 30) % 4 != 0)
            continue; /* lift a stone one time in four: the board fills */
        ai_set(a, p, v);
        gomoku_init(&g, rule);
        for (int i = 0; i < GOMOKU_CELLS; i++)
            if (a->b[a->points[i]] != GOMOKU_EMPTY)
                gomoku_set_stone(&g, i, a->b[a->points[i]]);
        ai_load(r, &g);
        diff += ai_differences(a, r);
    }
    free(a);
    free(r);
    return diff;
}

/* ---- the dispatcher ---- */

int gomoku_ai_move(const gomoku_t *g, int level, uint64_t seed, const gomoku_budget_t *budget,
                   gomoku_ai_info_t *info)
{
    gomoku_ai_info_t local;
    if (!info)
        info = &local;
    memset(info, 0, sizeof *info);
    info->why = "none";
    if (g->winner || g->stones >= GOMOKU_CELLS)
        return GOMOKU_NO_POINT;
    if (level < GOMOKU_AI_LEVEL_MIN)
        level = GOMOKU_AI_LEVEL_MIN;
    if (level > GOMOKU_AI_LEVEL_MAX)
        level = GOMOKU_AI_LEVEL_MAX;
    long max_nodes = budget && budget->max_nodes > 0 ? budget->max_nodes : 0;
    double deadline = budget && budget->max_ms > 0 ? gomoku_ai_now() + budget->max_ms / 1000.0 : 0;
    if (level >= 3)
        return level3_move(g, seed, max_nodes > 0 ? max_nodes : 400000, deadline, info);

    /* Seed 002: the computer's first stone goes next to the cursor, which
     * stands on the last move (the centre on an empty board). */
    int mine = 0;
    for (int p = 0; p < GOMOKU_CELLS; p++)
        if (gomoku_at(g, p) == g->to_move)
            mine = 1;
    if (!mine) {
        int ref = g->moves > 0 ? g->history[g->moves - 1]
                               : GOMOKU_SIZE / 2 * GOMOKU_SIZE + GOMOKU_SIZE / 2;
        int col = ref % GOMOKU_SIZE, p = col > 0 ? ref - 1 : ref + 1;
        if (gomoku_at(g, p) == GOMOKU_EMPTY &&
            !(g->rule == GOMOKU_RULE_RENJU && g->to_move == GOMOKU_BLACK &&
              gomoku_forbidden(g, p) != GOMOKU_FORBID_NONE)) {
            info->why = "seed";
            return p;
        }
    }
    int plies = level == 1 ? 2 : 3;
    info->why = "seed";
    info->depth = plies;
    return gomoku_ai_seed_move(g, plies, max_nodes, deadline, &info->nodes, &info->score,
                               &info->out_of_budget);
}

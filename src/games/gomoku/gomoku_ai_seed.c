/*
 * gomoku_ai_seed.c - levels 1 and 2: seed 002's alpha-beta (§3.3.3-3.3.4).
 *
 * What the seed gives, kept as it is:
 *   - CalculateValue: for a stone of `turn` at a point, in each of the four
 *     lines count the stones of `turn` joined through it (the point counts
 *     one) and whether each end stops on an empty point (LIVE) or on the
 *     other colour or the board's edge (DEAD); score each line with table
 *     3.1 and add the four.  The human's value is the negative.
 *   - table 3.1 (15 cases: five/four/three/two/one x open/one end/both ends
 *     blocked);
 *   - an alpha-beta search with the computer as the max side and the human
 *     as the min side (EvaluateComputerMove(board, 0, MIN_INFINITY,
 *     MAX_INFINITY, 0, 0) sets maxMoveX, maxMoveY);
 *   - the computer's first move: next to the cursor (x_cur - 1, or x_cur + 1
 *     at the left edge), not searched.
 * What the seed leaves out and this file chooses (docs/gomoku.md):
 *   - a line of play scores the sum of its moves' CalculateValue (the
 *     computer's positive, the human's negative): the only use of the signed
 *     value the seed's code makes sense of;
 *   - a move that makes five ends the line (the game is over);
 *   - depth: 2 plies at level 1, 3 at level 2;
 *   - "points within range": empty points inside the stones' bounding box
 *     grown by 2, scanned as the seed's board_state[x][y] loops (x the
 *     column from the left, y the row from the top), the first best kept.
 */
#include <string.h>

#include "gomoku.h"
#include "gomoku_ai.h"
#include "internal/gomoku_private.h"

#define SEED_INF 2000000000
#define SEED_FIVE 1000000

/* Table 3.1, [count - 1][blocked ends]. */
static const int seed_table[5][3] = {
    {200, 50, 0},
    {700, 200, 0},
    {3000, 500, 100},
    {300000, 2500, 100},
    {1000000, 1000000, 1000000},
};

int gomoku_seed_table(int count, int open_ends)
{
    if (count < 1)
        return 0;
    if (count > 5)
        count = 5;
    if (open_ends < 0)
        open_ends = 0;
    if (open_ends > 2)
        open_ends = 2;
    return seed_table[count - 1][2 - open_ends];
}

/* CalculateValue on a padded board, without the sign. */
static int seed_value_padded(const uint8_t *b, int idx, int turn)
{
    int total = 0;
    for (int k = 0; k < 4; k++) {
        int d = gomoku_dirs[k], count = 1, open = 0, i;
        for (i = idx + d; b[i] == turn; i += d)
            count++;
        if (b[i] == GOMOKU_EMPTY)
            open++;
        for (i = idx - d; b[i] == turn; i -= d)
            count++;
        if (b[i] == GOMOKU_EMPTY)
            open++;
        total += gomoku_seed_table(count, open);
    }
    return total;
}

int gomoku_seed_value(const gomoku_t *g, int point, int player)
{
    if (point < 0 || point >= GOMOKU_CELLS)
        return 0;
    return seed_value_padded(g->b, gomoku_pad(point), player);
}

typedef struct seed_search {
    uint8_t b[GOMOKU_PADDED];
    int ai;                      /* the max side */
    int cand[GOMOKU_CELLS];      /* padded indices in the seed's scan order */
    int ncand;
    long nodes, max_nodes;
    double deadline;
    int stop;
} seed_search_t;

static int seed_out_of_budget(seed_search_t *s)
{
    if (s->stop)
        return 1;
    if ((s->max_nodes > 0 && s->nodes >= s->max_nodes) ||
        (s->deadline > 0 && (s->nodes & 255) == 0 && gomoku_ai_now() > s->deadline))
        s->stop = 1;
    return s->stop;
}

/* The value of the best line of `plies` moves for side, from the AI's view
 * (max for the AI, min for the human). */
static int seed_alphabeta(seed_search_t *s, int side, int plies, int alpha, int beta)
{
    int maximise = side == s->ai, best = maximise ? -SEED_INF : SEED_INF, any = 0;
    for (int c = 0; c < s->ncand; c++) {
        int idx = s->cand[c];
        if (s->b[idx] != GOMOKU_EMPTY)
            continue;
        s->nodes++;
        if (seed_out_of_budget(s))
            break;
        any = 1;
        int v = seed_value_padded(s->b, idx, side);
        int signed_v = maximise ? v : -v, total = signed_v;
        if (v < SEED_FIVE && plies > 1) {
            s->b[idx] = (uint8_t)side;
            total = signed_v + seed_alphabeta(s, GOMOKU_BLACK + GOMOKU_WHITE - side, plies - 1,
                                              alpha - signed_v, beta - signed_v);
            s->b[idx] = GOMOKU_EMPTY;
        }
        if (maximise) {
            if (total > best)
                best = total;
            if (best > alpha)
                alpha = best;
        } else {
            if (total < best)
                best = total;
            if (best < beta)
                beta = best;
        }
        if (alpha >= beta)
            break;
    }
    return any ? best : 0;
}

/* The seed's range: the bounding box of the stones grown by 2. */
static void seed_candidates(seed_search_t *s)
{
    int lo_c = GOMOKU_SIZE, hi_c = -1, lo_r = GOMOKU_SIZE, hi_r = -1;
    for (int p = 0; p < GOMOKU_CELLS; p++) {
        if (s->b[gomoku_pad(p)] == GOMOKU_EMPTY)
            continue;
        int r = p / GOMOKU_SIZE, c = p % GOMOKU_SIZE;
        if (c < lo_c) lo_c = c;
        if (c > hi_c) hi_c = c;
        if (r < lo_r) lo_r = r;
        if (r > hi_r) hi_r = r;
    }
    if (hi_c < 0) { /* empty board: the centre */
        lo_c = hi_c = lo_r = hi_r = GOMOKU_SIZE / 2;
    }
    lo_c = lo_c - 2 < 0 ? 0 : lo_c - 2;
    lo_r = lo_r - 2 < 0 ? 0 : lo_r - 2;
    hi_c = hi_c + 2 >= GOMOKU_SIZE ? GOMOKU_SIZE - 1 : hi_c + 2;
    hi_r = hi_r + 2 >= GOMOKU_SIZE ? GOMOKU_SIZE - 1 : hi_r + 2;
    s->ncand = 0;
    for (int x = lo_c; x <= hi_c; x++)              /* board_state[x][...] */
        for (int y = GOMOKU_SIZE - 1 - hi_r; y <= GOMOKU_SIZE - 1 - lo_r; y++) { /* y from the top */
            int idx = gomoku_pad((GOMOKU_SIZE - 1 - y) * GOMOKU_SIZE + x);
            if (s->b[idx] == GOMOKU_EMPTY)
                s->cand[s->ncand++] = idx;
        }
}

int gomoku_ai_seed_move(const gomoku_t *g, int plies, long max_nodes, double deadline,
                        long *nodes, int *score, int *out_of_budget)
{
    seed_search_t s;
    memset(&s, 0, sizeof s);
    memcpy(s.b, g->b, sizeof s.b);
    s.ai = g->to_move;
    s.max_nodes = max_nodes;
    s.deadline = deadline;
    seed_candidates(&s);
    int renju_black = g->rule == GOMOKU_RULE_RENJU && s.ai == GOMOKU_BLACK;
    int best = GOMOKU_NO_POINT, best_v = -SEED_INF, alpha = -SEED_INF;
    for (int c = 0; c < s.ncand; c++) {
        int idx = s.cand[c];
        if (renju_black && !gomoku_makes_five(g, gomoku_unpad(idx), GOMOKU_BLACK) &&
            gomoku_forbid_padded(s.b, idx) != GOMOKU_FORBID_NONE)
            continue;
        s.nodes++;
        if (best != GOMOKU_NO_POINT && seed_out_of_budget(&s))
            break;
        int v = seed_value_padded(s.b, idx, s.ai), total = v;
        if (v < SEED_FIVE && plies > 1) {
            s.b[idx] = (uint8_t)s.ai;
            total = v + seed_alphabeta(&s, GOMOKU_BLACK + GOMOKU_WHITE - s.ai, plies - 1, alpha - v,
                                       SEED_INF - v);
            s.b[idx] = GOMOKU_EMPTY;
        }
        if (s.stop && best != GOMOKU_NO_POINT)
            break; /* a cut-short line is not trusted */
        if (best == GOMOKU_NO_POINT || total > best_v) {
            best_v = total;
            best = idx;
            if (total > alpha)
                alpha = total;
        }
    }
    if (nodes)
        *nodes = s.nodes;
    if (score)
        *score = best_v;
    if (out_of_budget)
        *out_of_budget = s.stop;
    return best == GOMOKU_NO_POINT ? GOMOKU_NO_POINT : gomoku_unpad(best);
}

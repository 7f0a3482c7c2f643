/*
 * othello_search.c - the midgame search: negascout over the thread's own
 * transposition table, scoring its leaves with the pattern evaluation.  The
 * solver also calls it to order its moves.
 */
#include "internal/othello_engine_internal.h"
#include "othello_pattern.h"

/* ---- evaluation ------------------------------------------------------- */

/* The pattern evaluation (othello_pattern.c), held inside +-EVAL_MAX (63
 * discs), so that a proved wipe-out (6400) always ranks above it; a proved
 * narrow win (200 for two discs) does not, as with any evaluation on the
 * disc scale (about 0.3% of positions of random games score past 63).  Before issue 30 the levels searched with a hand-made
 * evaluation (corners, X and C squares, edges, mobility, parity) and only
 * the solver's ordering used the patterns: in 20-game matches from random
 * openings the patterns won 15-5, 16-4 and 19-0-1 at levels 4, 2 and 6
 * (docs/othello.md, "The evaluation"). */
int othello_eval_pair(uint64_t p, uint64_t o)
{
    int score = othello_pattern_eval(p, o);
    if (score > EVAL_MAX)
        score = EVAL_MAX;
    if (score < -EVAL_MAX)
        score = -EVAL_MAX;
    return score;
}

/* ---- midgame search --------------------------------------------------- */

int othello_search(worker_t *w, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                   int passed)
{
    othello_engine_t *e = w->e;
    w->nodes++;
    check_time(w);
    if (load_int(&e->aborted))
        return 0;
    if (depth <= 0)
        return othello_eval_pair(p, o);
    uint64_t moves = othello_moves_fast(p, o);
    if (!moves) {
        if (passed || !othello_moves_fast(o, p))
            return 100 * final_discs(p, o);
        return -othello_search(w, o, p, depth, -beta, -alpha, 1);
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
            s = -othello_search(w, no, np, depth - 1, -beta, -a, 0);
        } else {
            s = -othello_search(w, no, np, depth - 1, -a - 1, -a, 0);
            if (s > a && s < beta)
                s = -othello_search(w, no, np, depth - 1, -beta, -s, 0);
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

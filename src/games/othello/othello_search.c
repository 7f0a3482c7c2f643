/*
 * othello_search.c - the midgame search: the hand-made evaluation and
 * negascout over the thread's own transposition table.  The solver also
 * calls it, with the pattern evaluation, to order its moves.
 */
#include "othello_engine_internal.h"
#include "othello_pattern.h"

/* ---- evaluation ------------------------------------------------------- */

/* Square groups of the classic weight table (a1 top left). */
#define W_EDGE_A 0x3C0081818181003CULL /* edge squares c..f and 3..6 */
#define W_RING 0x003C424242423C00ULL   /* the second ring, no X squares */
static const uint64_t x_square[4] = {1ULL << 9, 1ULL << 14, 1ULL << 49, 1ULL << 54};
static const uint64_t c_squares[4] = {(1ULL << 1) | (1ULL << 8), (1ULL << 6) | (1ULL << 15),
                                      (1ULL << 48) | (1ULL << 57), (1ULL << 55) | (1ULL << 62)};
static const uint64_t corner_sq[4] = {1ULL << 0, 1ULL << 7, 1ULL << 56, 1ULL << 63};

int othello_eval_pair(uint64_t p, uint64_t o)
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
    return othello_eval_pair(b->disc[b->to_move], b->disc[!b->to_move]);
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
        return e->patterns ? othello_pattern_eval(p, o) : othello_eval_pair(p, o);
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

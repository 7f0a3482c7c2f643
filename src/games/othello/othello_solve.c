/*
 * othello_solve.c - the exact endgame solver: stable discs, the last few
 * empties without move generation, fastest-first ordering with the table's
 * move first, enhanced transposition cut-offs, and MTD(f) at the root after
 * selective (ProbCut) passes far from the end.  At nodes far from the end
 * idle threads may take moves (othello_split.c).
 *
 * The solver table is shared without locks: an entry's key words are
 * stored XOR its data word, so a read torn by another thread's write does
 * not match and is a miss; every bound in the table is a proved fact about
 * its position at the selectivity the entry is marked with (exact, or a
 * pass's), so a lost update costs time, never a wrong score.
 */
#include "internal/othello_engine_internal.h"

/* ---- stable discs ------------------------------------------------------ */

#define COL_A 0x0101010101010101ULL
#define COL_H 0x8080808080808080ULL
#define ROW_1 0x00000000000000FFULL
#define ROW_8 0xFF00000000000000ULL
#define EDGES (COL_A | COL_H | ROW_1 | ROW_8)

/* The 15 + 15 diagonals (a1-h8 direction, then a8-h1 direction). */
static uint64_t diag9[15], diag7[15];
/* line_flips[i][m]: the discs a move at place i of a full line of 8 flips
 * when m holds the mover's discs on it (bit k: place k; every other place
 * the opponent's).  A diagonal shorter than 8 reads its missing places as
 * the opponent's: they lie only beyond its ends, where a run reaching them
 * is not closed by a disc of the mover, so it flips nothing, as on the board. */
static uint8_t line_flips[8][256];

/* Fills the tables above, once: every engine's first call waits for the
 * whole of it (a flag set by the first loop let a second thread solve with
 * line_flips still being written). */
static void solver_tables(void)
{
    for (int sq = 0; sq < 64; sq++) {
        int r = sq / 8, c = sq % 8;
        diag9[c - r + 7] |= 1ULL << sq;
        diag7[c + r] |= 1ULL << sq;
    }
    /* A full line: every place but i and the mover's is the opponent's. */
    othello_tables_init();
    for (unsigned i = 0; i < 8; i++)
        for (unsigned m = 0; m < 256; m++)
            line_flips[i][m] = (uint8_t)othello_popcount(
                othello_line_flips(i, m, ~m & ~(1u << i) & 0xFF));
}

void othello_solver_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, solver_tables);
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


/* The discs a move of d's side at sq flips when every other square is
 * full: its row, column and two diagonals each read as a byte of d's discs
 * (a diagonal's squares are in distinct columns, and a column's rows land
 * in distinct bits of the product, so no sum carries). */
static inline int last_flips(uint64_t d, int sq)
{
    unsigned r = (unsigned)sq >> 3, c = (unsigned)sq & 7;
    unsigned row = (unsigned)(d >> (8 * r)) & 0xFF;
    unsigned col = othello_column_byte(d, c);
    unsigned d9 = othello_diagonal_byte(d, othello_tables.diag9[sq]);
    unsigned d7 = othello_diagonal_byte(d, othello_tables.diag7[sq]);
    return line_flips[c][row] + line_flips[r][col] + line_flips[c][d9] + line_flips[c][d7];
}

/* The last empty square sq: the mover plays it, or else the opponent.
 * Only the count of flips matters there, read from line_flips: FFO #45-#46
 * in 0.97 of the time the flip masks took, the same nodes (docs/othello.md). */
static inline int solve_last(uint64_t p, uint64_t o, int sq)
{
    int np = othello_popcount(p);
    int n = last_flips(p, sq);
    if (n)
        return 2 * (np + n + 1) - 64;
    n = last_flips(o, sq);
    if (n)
        return 2 * (np - n) - 64;
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

/* The parity bits of the empty squares: bit k when quadrant k has an odd
 * number of them. */
static inline unsigned parity_bits(uint64_t empty)
{
    unsigned odd = 0;
    for (int k = 0; k < 4; k++)
        odd |= (unsigned)(othello_popcount(empty & quadrant[k]) & 1) << k;
    return odd;
}

/* parity_squares[odd]: the squares of the quadrants whose bit is set in
 * odd (bit k: quadrant[k]). */
static const uint64_t parity_squares[16] = {
    0,
    0x000000000F0F0F0FULL,
    0x00000000F0F0F0F0ULL,
    0x00000000FFFFFFFFULL,
    0x0F0F0F0F00000000ULL,
    0x0F0F0F0F0F0F0F0FULL,
    0x0F0F0F0FF0F0F0F0ULL,
    0x0F0F0F0FFFFFFFFFULL,
    0xF0F0F0F000000000ULL,
    0xF0F0F0F00F0F0F0FULL,
    0xF0F0F0F0F0F0F0F0ULL,
    0xF0F0F0F0FFFFFFFFULL,
    0xFFFFFFFF00000000ULL,
    0xFFFFFFFF0F0F0F0FULL,
    0xFFFFFFFFF0F0F0F0ULL,
    0xFFFFFFFFFFFFFFFFULL,
};

/* Three to SOLVE_SORT_MIN_EMPTIES - 1 empties, the set `empty` (n of
 * them): no move generation and no list.  The squares in quadrants with an
 * odd number of empties come first (parity: bit k of `odd` for quadrant k),
 * each class in the order of the squares; a square is tried only when an
 * opponent's disc touches it.  Playing a square flips its quadrant's parity
 * bit. */
static int solve_few(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, uint64_t empty,
                     int n, unsigned odd, int passed)
{
    w->nodes++;
    uint64_t near = empty & neighbours(o), first = parity_squares[odd];
    uint64_t classes[2] = {near & first, near & ~first};
    int best = -SCORE_INF;
    for (int c = 0; c < 2; c++) {
        for (uint64_t m = classes[c]; m; m &= m - 1) {
            int x = othello_first_square(m);
            uint64_t f = othello_flips_fast(p, o, x);
            if (!f)
                continue;
            uint64_t np = p | f | square_bit(x), no = o & ~f, rest = empty & ~square_bit(x);
            int s = n == 3 ? -solve_2(w, no, np, -beta, -alpha, othello_first_square(rest),
                                      othello_first_square(rest & (rest - 1)))
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
    }
    if (best == -SCORE_INF) { /* no move */
        if (passed)
            return final_discs(p, o);
        return -solve_few(w, o, p, -beta, -alpha, empty, n, odd, 1);
    }
    return best;
}

/* Fewer than SOLVE_SORT_MIN_EMPTIES empties: solve_few, solve_2 or
 * solve_last. */
static int solve_shallow(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta,
                         int passed)
{
    uint64_t empty = ~(p | o);
    int n = othello_popcount(empty);
    if (n == 0) {
        w->nodes++;
        return final_discs(p, o);
    }
    if (n == 1) {
        w->nodes++;
        return solve_last(p, o, othello_first_square(empty));
    }
    if (n == 2)
        return solve_2(w, p, o, alpha, beta, othello_first_square(empty),
                       othello_first_square(empty & (empty - 1)));
    return solve_few(w, p, o, alpha, beta, empty, n, parity_bits(empty), passed);
}

/* Stability: the opponent's stable discs stay his, so the mover ends with
 * at most 64 - 2 * stable; the mover's own give a floor, used when beta is
 * low (FFO 40-46: 0.1% fewer nodes; rarely low enough).  1 and *score when
 * that proves the window's answer; else the window narrowed by them. */
static inline int stability_cut(uint64_t p, uint64_t o, int *alpha, int *beta, int *score)
{
    if (*alpha >= 8) {
        int top = 64 - 2 * othello_popcount(stable_discs(p, o));
        if (top <= *alpha) {
            *score = top;
            return 1;
        }
        if (top < *beta)
            *beta = top;
    }
    if (*beta <= -8) {
        int floor = 2 * othello_popcount(stable_discs(o, p)) - 64;
        if (floor >= *beta) {
            *score = floor;
            return 1;
        }
        if (floor > *alpha)
            *alpha = floor;
    }
    return 0;
}

/* The fastest-first key of the move at sq that leaves (no, np) to the
 * opponent: the fewer replies (a corner counts twice), the sooner a
 * cut-off; then the empty squares next to the mover's discs (the
 * opponent's potential mobility); a bonus when sq's quadrant has an odd
 * number of empties (in odd_squares).  (A square weight, corners first and
 * X squares last, was tried here too: FFO 40-44 took 1.5 times the nodes.) */
static inline int fastest_first_key(uint64_t np, uint64_t no, int sq, uint64_t odd_squares)
{
    uint64_t replies = othello_moves_fast(no, np);
    return -16 * (othello_popcount(replies) + othello_popcount(replies & CORNERS)) -
           2 * othello_popcount(neighbours(np) & ~(np | no)) +
           8 * (int)(odd_squares >> sq & 1);
}

/* SOLVE_SORT_MIN_EMPTIES to SOLVE_TT_MIN_EMPTIES - 1 empties: fastest
 * first, without the table, threads or a stop check (a subtree this small
 * ends in microseconds; the nodes above check after it).  The moves are
 * not sorted: the best-keyed one still untried is taken at each step, the
 * first of equal keys first, the order a stable sort gives; most of these
 * nodes cut off at their first move.  A child of fewer than
 * SOLVE_SORT_MIN_EMPTIES empties goes to solve_few with the empty set and
 * its parity already in hand. */
static int solve_sorted(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int passed)
{
    w->nodes++;
    uint64_t moves = othello_moves_fast(p, o);
    if (!moves) {
        if (passed || !othello_moves_fast(o, p))
            return final_discs(p, o);
        return -solve_sorted(w, o, p, -beta, -alpha, 1);
    }
    int score;
    if (stability_cut(p, o, &alpha, &beta, &score))
        return score;
    uint64_t empty = ~(p | o);
    int empties = othello_popcount(empty);
    unsigned odd = parity_bits(empty);
    uint64_t odd_sq = parity_squares[odd];
    move_entry_t list[MAX_MOVES];
    int n = 0;
    for (; moves; moves &= moves - 1, n++) {
        int sq = othello_first_square(moves);
        uint64_t f = othello_flips_fast(p, o, sq);
        list[n].flips = f;
        list[n].sq = sq;
        list[n].key = fastest_first_key(p | f | square_bit(sq), o & ~f, sq, odd_sq);
    }
    uint64_t untried = (1ULL << n) - 1; /* n < MAX_MOVES < 64 */
    int best = -SCORE_INF, a = alpha;
    for (int i = 0; i < n && a < beta; i++) {
        int j = othello_first_square(untried);
        for (uint64_t m = untried & (untried - 1); m; m &= m - 1) {
            int k = othello_first_square(m);
            if (list[k].key > list[j].key)
                j = k;
        }
        untried &= ~(1ULL << j);
        int sq = list[j].sq;
        uint64_t np = p | list[j].flips | square_bit(sq), no = o & ~list[j].flips;
        int s;
        if (empties - 1 < SOLVE_SORT_MIN_EMPTIES) {
            uint64_t rest = empty & ~square_bit(sq);
            unsigned codd = odd ^ (1u << quad_of(sq));
            s = -solve_few(w, no, np, -(i ? a + 1 : beta), -a, rest, empties - 1, codd, 0);
            if (i && s > a && s < beta)
                s = -solve_few(w, no, np, -beta, -s, rest, empties - 1, codd, 0);
        } else {
            s = -solve_sorted(w, no, np, -(i ? a + 1 : beta), -a, 0);
            if (i && s > a && s < beta)
                s = -solve_sorted(w, no, np, -beta, -s, 0);
        }
        if (s > best) {
            best = s;
            if (s > a)
                a = s;
        }
    }
    return best;
}

/* ---- the solver ------------------------------------------------------- */

/* Selective passes (ProbCut).  From SOLVE_PASS_MIN_EMPTIES the root is
 * searched first with selectivity 1, then 3, then exactly: in a pass a node
 * of SOLVE_PROBCUT_MIN_EMPTIES or more is cut when a shallow null-window
 * search of the pattern evaluation lands far enough outside its window.
 * The passes cost a fifth of the nodes or less and leave a best move in
 * the table at most nodes near the root, where the exact search's order
 * matters most, and their score centres its first window.  A pass's
 * bounds are its own: an entry's depth field holds its selectivity too
 * (SOLVE_DEPTH), and a search uses bounds only from entries as exact as
 * it is, moves from any.  FFO #45-#52 on one
 * thread: 0.82 of the nodes, 0.83 of the time; #53, #57 and #58 on two
 * threads: 0.67, 0.92 and 0.95 of the time (docs/othello.md, "Selective
 * passes"). */
static const int pass_sel[] = {1, 3};

/* The margin in standard deviations (hundredths) at each selectivity, as
 * Edax labels its ladder: 73%, 87%, 95%, 98%, 99% ... (a normal error puts
 * 2.6 deviations at 99% both ways). */
static const int probcut_t[SEL_EXACT] = {110, 150, 200, 260, 330, 400, 500};

/* ProbCut's margin at selectivity sel and `empties` empties, in hundredths
 * of a disc: t standard deviations of the shallow score's error.  That
 * error, measured here against exact scores (150 positions of self-played
 * games at each of 10-20 empties, searches of 3-7 plies), is 4.4-6.6
 * discs, growing with the empties: 4 + E / 10 discs. */
static inline int probcut_margin(int sel, int empties)
{
    return probcut_t[sel] * (400 + 10 * empties) / 100;
}

int othello_solve(worker_t *w, uint64_t p, uint64_t o, int alpha, int beta, int passed,
                  int *best_sq)
{
    othello_engine_t *e = w->e;
    int empties = 64 - othello_popcount(p | o);
    if (empties < SOLVE_TT_MIN_EMPTIES && !best_sq)
        return empties < SOLVE_SORT_MIN_EMPTIES ? solve_shallow(w, p, o, alpha, beta, passed)
                                                : solve_sorted(w, p, o, alpha, beta, passed);
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
        return -othello_solve(w, o, p, -beta, -alpha, 1, NULL);
    }
    if (!best_sq) {
        int score;
        if (stability_cut(p, o, &alpha, &beta, &score))
            return score;
    }
    int tt_move = -1;
    const int use_tt = empties >= SOLVE_TT_MIN_EMPTIES;
    /* This node's selectivity: a pass's from SOLVE_PROBCUT_MIN_EMPTIES,
     * exact below (no cut happens there). */
    const int sel = empties >= SOLVE_PROBCUT_MIN_EMPTIES ? load_int(&e->sel) : SEL_EXACT;
    if (use_tt) {
        tt_data_t t;
        if (tt_probe(e->end, e->end_bits, p, o, &t)) {
            tt_move = t.move;
            int score;
            /* Bounds only from a search as exact as this one; a pass's
             * move is a move to try first, whatever its selectivity. */
            if (!best_sq && SOLVE_SEL(t.depth) >= sel) {
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
            if (tt_probe(e->end, e->end_bits, no, np, &c) && SOLVE_SEL(c.depth) >= sel &&
                -c.hi >= beta)
                return -c.hi;
        }
    }
    /* ProbCut, in a selective pass: a shallow null-window search of the
     * pattern evaluation far enough above beta (below alpha) is taken for
     * a cut without the search.  Its depth is one ply more than the
     * children's ordering searches below. */
    if (sel < SEL_EXACT && !best_sq) {
        int d = (empties - SOLVE_SEARCH_ORDER_EMPTIES) / 2 + 1;
        if (d > ORDER_SEARCH_MAX_DEPTH + 1)
            d = ORDER_SEARCH_MAX_DEPTH + 1;
        int margin = probcut_margin(sel, empties);
        int hb = 100 * beta + margin, la = 100 * alpha - margin;
        /* A search stopped by the deadline returns 0, not a score: no cut
         * on it, and nothing stored. */
        if (beta < 64 && hb < EVAL_MAX && othello_search(w, p, o, d, hb - 1, hb, 0) >= hb) {
            if (stopped(w))
                return 0;
            tt_store(e->end, e->end_bits, p, o, SOLVE_DEPTH(empties, sel), alpha, beta, beta,
                     -1);
            return beta;
        }
        if (alpha > -64 && la > -EVAL_MAX && othello_search(w, p, o, d, la, la + 1, 0) <= la) {
            if (stopped(w))
                return 0;
            tt_store(e->end, e->end_bits, p, o, SOLVE_DEPTH(empties, sel), alpha, beta, alpha, -1);
            return alpha;
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
        best = -othello_solve(w, no, np, -beta, -a, 0, NULL);
        if (stopped(w))
            return 0;
        best_move = m.sq;
        if (best > a)
            a = best;
        i0 = 1;
    }
    if (a < beta) {
        uint64_t odd_sq = parity_squares[parity_bits(~(p | o))];
        for (int i = i0; i < n; i++) {
            uint64_t f = list[i].flips;
            int sq = list[i].sq;
            uint64_t np = p | f | square_bit(sq), no = o & ~f;
            list[i].key = fastest_first_key(np, no, sq, odd_sq);
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
                list[i].key -= othello_search(w, no, np, d, -SCORE_INF, SCORE_INF, 0) / 16;
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
            othello_split_run(w, &sp);
            if (stopped(w))
                return 0;
            best = sp.best;
            best_move = sp.best_move;
            break;
        }
        uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
        int s;
        if (i == 0) {
            s = -othello_solve(w, no, np, -beta, -a, 0, NULL);
        } else {
            s = -othello_solve(w, no, np, -a - 1, -a, 0, NULL);
            if (s > a && s < beta)
                s = -othello_solve(w, no, np, -beta, -s, 0, NULL);
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
        tt_store(e->end, e->end_bits, p, o, SOLVE_DEPTH(empties, sel), alpha, beta, best,
                 best_move);
    if (best_sq)
        *best_sq = best_move;
    return best;
}

/* The score of (p, o) at the engine's selectivity, and a best move.
 * Aspiration: most positions are close; a narrow window around the guess
 * (0, or a selective pass's score) is cheap.  A score outside it is then
 * found by null-window searches (MTD(f)): each asks "at least b?" and the
 * fail-soft answer moves the bound it proves, until the bounds meet (FFO
 * 40-46: 7% fewer nodes than one wide re-search; 43 and 44 more, 45 and 46
 * fewer).  The move comes from a search that failed high: it is proved to
 * reach the lower bound, which is the score at the end.  (A guess from a
 * short midgame search as the first window's centre was tried: FFO 41 and
 * 42 took 1.2-1.5 times the nodes, the hand-made evaluation guessing too
 * far off.) */
static int solve_mtd(worker_t *w, uint64_t p, uint64_t o, int guess, int *move)
{
    int lo = guess - 3 < -65 ? -65 : guess - 3, hi = guess + 3 > 65 ? 65 : guess + 3;
    int score = othello_solve(w, p, o, lo, hi, 0, move);
    if (score > lo && score < hi)
        return score;
    /* the range of a score */
    int lower = score >= hi ? score : -64, upper = score <= lo ? score : 64;
    int g = score;
    while (lower < upper && !load_int(&w->e->aborted)) {
        int b = g > lower ? g : lower + 1;
        int m = OTHELLO_NO_MOVE;
        g = othello_solve(w, p, o, b - 1, b, 0, &m);
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
int othello_solve_root(othello_engine_t *e, uint64_t p, uint64_t o, int *move)
{
    pthread_t th[MAX_THREADS];
    int started = 1;
    e->quit = 0;
    e->open = NULL;
    e->idle = 0;
    for (int i = 1; i < e->threads; i++) {
        e->slot[i].w.nodes = 0;
        e->slot[i].w.sp = NULL;
        if (pthread_create(&th[i], NULL, othello_split_helper, &e->slot[i].w) != 0)
            break; /* fewer threads: the search is the same, only slower */
        started++;
    }
    e->slot[0].w.sp = NULL;
    int guess = 0;
    if (64 - othello_popcount(p | o) >= SOLVE_PASS_MIN_EMPTIES) {
        for (size_t k = 0; k < sizeof pass_sel / sizeof pass_sel[0]; k++) {
            int m = *move; /* a pass's move is not proved: the exact search's is kept */
            store_int(&e->sel, pass_sel[k]);
            guess = solve_mtd(&e->slot[0].w, p, o, guess, &m);
        }
        store_int(&e->sel, SEL_EXACT);
    }
    int score = solve_mtd(&e->slot[0].w, p, o, guess, move);
    pthread_mutex_lock(&e->lock);
    e->quit = 1;
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    for (int i = 1; i < started; i++) {
        pthread_join(th[i], NULL);
        e->slot[0].w.nodes += e->slot[i].w.nodes;
    }
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
    int score = othello_solve_root(e, p, o, &move);
    if (best)
        *best = move;
    if (nodes)
        *nodes = e->slot[0].w.nodes;
    return score;
}

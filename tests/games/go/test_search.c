/* test_search.c - level 3's search machinery: MoGo's 3x3
 * shapes (pattern3), the tree kept between moves, two search threads and
 * the priors new children start with.
 *
 * The shapes are checked on boards drawn here from the MoGo report's
 * figure (hane, cut, edge shapes), turned and mirrored on the board itself
 * and with the colours swapped, so the table's own symmetry code is not
 * what decides the answer. */
#include "test_util.h"

#include <string.h>

#include "games/go/internal/board_private.h"
#include "games/go/internal/mcts.h"
#include "games/go/internal/pattern3.h"

/* A 9x9 board with a shape drawn on it: n_rows rows of three cells ('X'
 * black, 'O' white, '.' empty), the shape's centre being the middle cell of
 * its second row (the middle row of a 3-row shape; the lower row of a
 * 2-row edge shape, whose third row is off the board) at board (row, col).
 * The board is then turned by sym (bit 0 mirrors rows, bit 1 columns, bit 2
 * transposes) and its colours swapped if swap; *centre gets the point where
 * the centre went. */
static void shape_board(BoardState *b, const char *const rows[], int n_rows, int row, int col,
                        int sym, int swap, int *centre)
{
    char grid[9][9];
    memset(grid, '.', sizeof grid);
    int top = row - 1; /* the centre is on the drawing's second row */
    for (int r = 0; r < n_rows; r++)
        for (int c = 0; c < 3; c++) {
            char v = rows[r][c];
            if (swap && (v == 'X' || v == 'O'))
                v = v == 'X' ? 'O' : 'X';
            grid[top + r][col - 1 + c] = v;
        }
    char text[9 * 10 + 1];
    int n = 0;
    int cr = -1, cc = -1;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            /* The board's (r, c) shows the drawing's (sr, sc). */
            int sr = r, sc = c;
            if (sym & 4) {
                int t = sr;
                sr = sc;
                sc = t;
            }
            if (sym & 1)
                sr = 8 - sr;
            if (sym & 2)
                sc = 8 - sc;
            text[n++] = grid[sr][sc];
            if (sr == row && sc == col) {
                cr = r;
                cc = c;
            }
        }
        text[n++] = '\n';
    }
    text[n] = 0;
    char err[128];
    cr_assert_eq(board_from_ascii(b, text, err, sizeof err), 0, "%s", err);
    cr_assert(cr >= 0);
    *centre = board_point(cr, cc);
}

/* Every orientation and both colourings of a shape give `expect`. */
static void check_shape(const char *name, const char *const rows[], int n_rows, int row, int col,
                        int expect)
{
    pattern3_init();
    for (int sym = 0; sym < 8; sym++)
        for (int swap = 0; swap < 2; swap++) {
            BoardState b;
            int p;
            shape_board(&b, rows, n_rows, row, col, sym, swap, &p);
            cr_assert_eq(b.color[p], EMPTY);
            cr_expect_eq(pattern3_match(b.color, p), expect,
                         "%s (symmetry %d, colours %s): expected %s", name, sym,
                         swap ? "swapped" : "as drawn", expect ? "a match" : "no match");
        }
}

Test(pattern3, the_mogo_shapes_match_in_every_orientation)
{
    /* In the middle of the board; '?' cells of the report drawn empty. */
    static const char *const shapes[][3] = {
        {"XOX", "...", "..."}, /* enclosing hane */
        {"XO.", "...", "..."}, /* non-cutting hane */
        {"XO.", "X..", "..."}, /* magari */
        {".O.", "X..", "..."}, /* katatsuke */
        {"XO.", "O..", "..."}, /* unprotected cut */
        {"XO.", "O.X", "..."}, /* peeped cut */
        {".X.", "O.O", "..."}, /* cut 2 */
        {"OX.", "..O", "..."}, /* cut keima */
    };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        check_shape(shapes[i][0], shapes[i], 3, 4, 4, 1);
}

Test(pattern3, the_edge_shapes_match_on_the_first_line)
{
    /* The centre on the bottom line (row 8); the third row is off board. */
    static const char *const edge[][2] = {
        {"X..", "O.."}, /* chase */
        {"OX.", "X.O"}, /* block side cut */
        {".X.", "..O"}, /* block side connection */
        {".XO", "..."}, /* sagari */
        {".OX", "X.O"}, /* side cut */
    };
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        check_shape(edge[i][0], edge[i], 2, 8, 4, 1);
}

Test(pattern3, no_shape_without_both_colours)
{
    static const char *const none[][3] = {
        {"...", "...", "..."}, /* empty */
        {".X.", "...", "..."}, /* one stone */
        {"XXX", "X.X", "XXX"}, /* a ring of one colour */
        {"XX.", "...", "..."}, /* two stones of one colour */
        {"X..", "...", "..O"}, /* two colours far apart */
    };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        check_shape(none[i][0], none[i], 3, 4, 4, 0);
    /* On the first line a lone stone beside the centre is no shape. */
    static const char *const lone_edge[2] = {"...", "X.."};
    check_shape("a lone stone on the edge", lone_edge, 2, 8, 4, 0);
}

/* The most visited child of node (an index into m->pool), or -1. */
static int most_visited_child(const mcts_t *m, int node)
{
    int first = atomic_load(&m->pool[node].children);
    int best = -1;
    for (int i = 0; first >= 0 && i < m->pool[node].n_children; i++)
        if (best < 0 || atomic_load(&m->pool[first + i].visits) >
                            atomic_load(&m->pool[best].visits))
            best = first + i;
    return best;
}

static void apply_point(BoardState *b, int p)
{
    Move m = {-1, -1, 1};
    if (p != BOARD_PASS_POINT) {
        m.row = board_point_row(p);
        m.col = board_point_col(p);
        m.pass = 0;
    }
    cr_assert_eq(board_apply(b, m), MOVE_OK);
}

/* Tree reuse is for timed searches; params.reuse = 2 allows it by count,
 * so that every figure below is exact and the same on a loaded machine. */
Test(mcts, the_subtree_of_the_position_reached_is_kept)
{
    mcts_t m;
    cr_assert_eq(mcts_init(&m, 200000), 0);
    m.params.reuse = 2;
    rng_t rng;
    rng_seed(&rng, 7);
    BoardState b;
    test_load_board(&b, "ko.txt");
    int mine = mcts_search(&m, &b, 3000, 0, &rng);
    cr_assert_eq(m.last_reused, 0, "the first search has nothing to keep");
    /* Our move, then the reply the tree looked at most. */
    int child = -1;
    int first = atomic_load(&m.pool[0].children);
    for (int i = 0; i < m.pool[0].n_children; i++)
        if (m.pool[first + i].move == mine)
            child = first + i;
    cr_assert_geq(child, 0);
    int reply = most_visited_child(&m, child);
    cr_assert_geq(reply, 0, "the chosen move was expanded");
    uint32_t kept = atomic_load(&m.pool[reply].visits);
    uint16_t kept_children = m.pool[reply].n_children;
    cr_assert_gt(kept, m.pool[reply].prior, "the reply was searched");
    apply_point(&b, mine);
    apply_point(&b, m.pool[reply].move);

    mcts_search(&m, &b, 500, 0, &rng);
    cr_expect_eq((uint32_t)m.last_reused, kept, "kept %d visits of %u", m.last_reused, kept);
    cr_expect_eq(m.pool[0].n_children, kept_children);
    cr_expect_eq(atomic_load(&m.pool[0].visits), kept + 500, "and searched on from there");

    /* Asked again about the same position: the whole tree is kept. */
    uint32_t all = atomic_load(&m.pool[0].visits);
    mcts_search(&m, &b, 100, 0, &rng);
    cr_expect_eq((uint32_t)m.last_reused, all);

    /* An unrelated position starts afresh. */
    BoardState other;
    test_load_board(&other, "snapback.txt");
    mcts_search(&m, &other, 100, 0, &rng);
    cr_expect_eq(m.last_reused, 0);
    mcts_free(&m);
}

Test(mcts, a_timed_search_keeps_its_tree_and_runs_two_threads)
{
    mcts_t m;
    cr_assert_eq(mcts_init(&m, 200000), 0);
    rng_t rng;
    rng_seed(&rng, 9);
    BoardState b;
    board_init(&b);
    int p = mcts_search(&m, &b, 0, 50, &rng);
    cr_expect_eq(m.last_threads, MCTS_DEFAULT_THREADS);
    cr_expect_geq(m.last_simulations, 16, "at least 16 simulations a thread");
    cr_expect_eq(board_check_point(&b, b.turn, p), MOVE_OK);
    uint32_t all = atomic_load(&m.pool[0].visits);
    mcts_search(&m, &b, 0, 20, &rng); /* the same position: kept whole */
    cr_expect_eq((uint32_t)m.last_reused, all);
    mcts_free(&m);
}

Test(mcts, a_search_by_count_keeps_nothing_and_runs_one_thread)
{
    mcts_t m;
    cr_assert_eq(mcts_init(&m, 100000), 0);
    rng_t rng;
    rng_seed(&rng, 3);
    BoardState b;
    board_init(&b);
    mcts_search(&m, &b, 300, 0, &rng);
    mcts_search(&m, &b, 300, 0, &rng);
    cr_expect_eq(m.last_reused, 0);
    cr_expect_eq(m.last_threads, 1);
    cr_expect_eq(m.last_simulations, 300);
    cr_expect_eq(atomic_load(&m.pool[0].visits), 300u);
    mcts_free(&m);
}

Test(mcts, two_threads_share_one_tree)
{
    mcts_t m;
    cr_assert_eq(mcts_init(&m, 200000), 0);
    m.params.threads = 2;
    rng_t rng;
    rng_seed(&rng, 5);
    BoardState b;
    test_load_board(&b, "l3_capture.txt");
    int p = mcts_search(&m, &b, 4000, 0, &rng);
    cr_expect_eq(m.last_threads, 2);
    cr_expect_eq(m.last_simulations, 4000, "the count is shared, not per thread");
    /* Every simulation passed the root once: 8,000 would mean a count per
     * thread; a few increments may be lost to the other thread (relaxed
     * load and store), never gained. */
    uint32_t root = atomic_load(&m.pool[0].visits);
    cr_expect(root <= 4000u && root >= 3600u, "root visits %u", root);
    cr_expect_neq(p, BOARD_PASS_POINT);
    cr_expect_eq(board_check_point(&b, b.turn, p), MOVE_OK);
    mcts_free(&m);
}

Test(mcts, priors_favour_a_capture_and_disfavour_a_self_atari)
{
    /* l3_capture.txt: the side to move captures a group in atari. */
    mcts_t m;
    cr_assert_eq(mcts_init(&m, 100000), 0);
    rng_t rng;
    rng_seed(&rng, 1);
    BoardState b;
    test_load_board(&b, "l3_capture.txt");
    mcts_search(&m, &b, 1, 0, &rng);
    int first = atomic_load(&m.pool[0].children);
    double best_rate = 0.0, capture_rate = -1.0;
    for (int i = 0; i < m.pool[0].n_children; i++) {
        const mcts_node_t *c = &m.pool[first + i];
        if (c->move == BOARD_PASS_POINT || !c->prior)
            continue;
        /* The prior alone: the simulation above touched one child. */
        double rate = 0.5 * atomic_load(&c->wins2) / c->prior;
        int stones = 1;
        int libs = board_libs_after(&b, b.turn, c->move, &stones);
        int captures = 0;
        int nb[4] = {c->move - 1, c->move + 1, c->move - BOARD_STRIDE, c->move + BOARD_STRIDE};
        for (int k = 0; k < 4; k++)
            captures |= b.color[nb[k]] == 3 - b.turn && board_group_libs(&b, nb[k]) == 1;
        if (captures)
            capture_rate = rate;
        else if (libs < 2)
            cr_expect_lt(rate, 0.5, "a self-atari starts below even");
        if (rate > best_rate)
            best_rate = rate;
    }
    cr_assert_geq(capture_rate, 0.0, "the capture is a candidate");
    cr_expect_gt(capture_rate, 0.5, "the capture starts above even");
    mcts_free(&m);
}

/* A search longer than its pool: while the pool is less than half full a
 * leaf is expanded on its second visit of its own; past half, on its
 * fourth, past five eighths on its eighth, past six eighths on its 16th
 * and so on, so the tree goes on growing to the end of the search instead
 * of filling the pool early and stopping (a timed move on two threads that
 * keeps its last tree would fill 1.5 million nodes within the move).
 * Children are taken from the pool in the order nodes are expanded, so the
 * index of a node's first child tells how full the pool was when it was
 * expanded; its visits of its own can only have grown since. */
Test(mcts, a_filling_pool_expands_leaves_later)
{
    enum { POOL = 20000 };
    mcts_t m;
    cr_assert_eq(mcts_init(&m, POOL), 0);
    rng_t rng;
    rng_seed(&rng, 11);
    BoardState b;
    board_init(&b);
    mcts_search(&m, &b, 4000, 0, &rng);
    int used = mcts_pool_used(&m);
    cr_expect_leq(used + 82, POOL, "room for one more expansion at the end: %d of %d", used,
                  POOL);
    int late[4] = {0};
    for (int i = 0; i < used; i++) {
        int32_t first = atomic_load(&m.pool[i].children);
        if (first < 0)
            continue;
        uint32_t own = atomic_load(&m.pool[i].visits) - m.pool[i].prior;
        /* Eighths of the pool filled when i was expanded: below 4 the
         * threshold is 2, then 4, 8, 16. */
        int eighth = (int)(8LL * first / POOL);
        uint32_t need = eighth < 4 ? 2u : 2u << (eighth - 3);
        cr_expect_geq(own, need, "node %d expanded with %d/8 of the pool used has %u visits", i,
                      eighth, own);
        if (eighth >= 4 && eighth < 8)
            late[eighth - 4]++;
    }
    /* Expansions went on in every eighth past half. */
    for (int k = 0; k < 3; k++)
        cr_expect_gt(late[k], 0, "no node expanded in eighth %d", k + 4);
    mcts_free(&m);
}

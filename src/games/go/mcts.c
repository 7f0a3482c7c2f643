/*
 * mcts.c - level 3: UCT with RAVE over a bounded node pool (see mcts.h).
 */
#include "internal/mcts.h"
#include "internal/board_private.h"
#include "internal/movefeat.h"
#include "internal/pattern3.h"
#include "internal/pboard.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Longest tree path we follow; deeper paths simply stop descending. */
#define MCTS_MAX_PATH 512
/* Moves recorded for AMAF: tree path plus one playout (3 * 361 cap). */
#define MCTS_MAX_TRACE (MCTS_MAX_PATH + 3 * BOARD_MAX_SIZE * BOARD_MAX_SIZE + 8)

/* The counters of a node: a relaxed load and a relaxed store (see mcts.h). */
#define LD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define ST(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

static inline void mcts_bump(_Atomic uint32_t *x, uint32_t d)
{
    atomic_store_explicit(x, atomic_load_explicit(x, memory_order_relaxed) + d,
                          memory_order_relaxed);
}

/* The first child of a node, or -1 (none) or -2 (being expanded).  The
 * acquire pairs with the release of mcts_expand, so n_children and the
 * children themselves are visible once this is >= 0. */
static inline int32_t mcts_children(const mcts_node_t *n)
{
    return atomic_load_explicit(&n->children, memory_order_acquire);
}

/* A node's simulations and win rate without its prior knowledge. */
static inline uint32_t mcts_real_visits(const mcts_node_t *n)
{
    uint32_t v = atomic_load_explicit(&n->visits, memory_order_relaxed);
    return v > n->prior ? v - n->prior : 0;
}

static inline double mcts_real_mean(const mcts_node_t *n)
{
    uint32_t v = mcts_real_visits(n);
    uint32_t w2 = atomic_load_explicit(&n->wins2, memory_order_relaxed);
    w2 = w2 > n->prior_wins2 ? w2 - n->prior_wins2 : 0;
    return v ? 0.5 * w2 / v : 0.0;
}

static void mcts_node_clear(mcts_node_t *c, uint16_t move)
{
    c->move = move;
    c->n_children = 0;
    ST(c->children, -1);
    ST(c->visits, 0);
    ST(c->wins2, 0);
    ST(c->rave_visits, 0);
    ST(c->rave_wins2, 0);
    c->prior = 0;
    c->prior_wins2 = 0;
}

int mcts_init(mcts_t *m, int pool_nodes)
{
    memset(m, 0, sizeof *m);
    if (pool_nodes <= 0)
        pool_nodes = MCTS_DEFAULT_POOL_NODES;
    if (pool_nodes < 2 * (BOARD_MAX_SIZE * BOARD_MAX_SIZE + 2))
        pool_nodes = 2 * (BOARD_MAX_SIZE * BOARD_MAX_SIZE + 2);
    m->pool = malloc((size_t)pool_nodes * sizeof *m->pool);
    if (!m->pool)
        return -1;
    m->pool_size = pool_nodes;
    atomic_init(&m->pool_used, 0);
    m->params.ucb_c = 1.41;
    m->params.rave = 1;
    m->params.rave_equiv = 300.0;
    m->params.rave_explore = 0.1;
    m->params.policy = PLAYOUT_HEURISTIC;
    m->params.expand_after = 2;
    m->params.threads = 0;
    m->params.reuse = 1;
    m->params.priors = 2;
    pattern3_init();
    movefeat_init();
    atomic_init(&m->stop, 0);
    return 0;
}

void mcts_free(mcts_t *m)
{
    free(m->sel);
    m->sel = NULL;
    free(m->pool);
    free(m->spare);
    free(m->prev);
    m->pool = NULL;
    m->spare = NULL;
    m->prev = NULL;
    m->pool_size = 0;
}

static double mcts_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec * 1e-6;
}

/* Prior knowledge given to a new child, as simulations it starts with
 * (visits, and wins counted twice).  The kinds and weights are the ones
 * Petr Baudis's Michi uses (its PRIOR_* constants), on our own features:
 * every move starts even; captures, MoGo shapes (pattern3.h) and moves
 * close to the last one in the common-fate graph start as wins; a
 * self-atari starts as losses; in an empty area the first two lines start
 * as losses and the third as wins. */
#define PRIOR_EVEN 10
#define PRIOR_SELF_ATARI 10
#define PRIOR_CAPTURE_ONE 15
#define PRIOR_CAPTURE_MANY 30
#define PRIOR_PATTERN 10
#define PRIOR_EMPTY_AREA 10
static const int prior_cfg[4] = {0, 24, 22, 8}; /* by distance 1..3 */

/* 1 if no stone lies within Manhattan distance 3 of p. */
static int mcts_empty_area(const BoardState *s, int p)
{
    int r0 = board_point_row(p), c0 = board_point_col(p);
    for (int dr = -3; dr <= 3; dr++)
        for (int dc = -3; dc <= 3; dc++) {
            int r = r0 + dr, c = c0 + dc;
            if (abs(dr) + abs(dc) > 3 || r < 0 || c < 0 || r >= s->size || c >= s->size)
                continue;
            if (s->color[board_point(r, c)] != EMPTY)
                return 0;
        }
    return 1;
}

static void mcts_prior(const BoardState *s, int p, const movefeat_t *f, uint32_t *visits,
                       uint32_t *wins2)
{
    uint32_t v = PRIOR_EVEN, w = PRIOR_EVEN; /* w counts wins twice */
    if (p == BOARD_PASS_POINT) {
        *visits = v;
        *wins2 = w;
        return;
    }
    /* movefeat_of's tactic: a capture (of one stone or more) comes first;
     * otherwise a self-atari is a move left with fewer than two liberties. */
    if (f->tactic == MOVEFEAT_TACTIC_CAPTURE_ONE || f->tactic == MOVEFEAT_TACTIC_CAPTURE_MANY) {
        uint32_t k = f->tactic == MOVEFEAT_TACTIC_CAPTURE_ONE ? PRIOR_CAPTURE_ONE : PRIOR_CAPTURE_MANY;
        v += k;
        w += 2 * k;
    } else if (f->tactic == MOVEFEAT_TACTIC_SELF_ATARI) {
        v += PRIOR_SELF_ATARI;
    }
    if (pattern3_match(s->color, p)) {
        v += PRIOR_PATTERN;
        w += 2 * PRIOR_PATTERN;
    }
    if (f->dist >= 1 && f->dist <= 3) {
        v += (uint32_t)prior_cfg[f->dist];
        w += 2u * (uint32_t)prior_cfg[f->dist];
    }
    if (mcts_empty_area(s, p)) {
        if (f->line <= 1) /* 0: first line */
            v += PRIOR_EMPTY_AREA;
        else if (f->line == 2) {
            v += PRIOR_EMPTY_AREA;
            w += 2 * PRIOR_EMPTY_AREA;
        }
    }
    *visits = v;
    *wins2 = w;
}

/* The learned prior (movefeat.h): every move starts even, and
 * PRIOR_LEARNED more simulations whose win rate follows the move's
 * strength against the strongest candidate's, (gamma / gamma_max)^alpha:
 * the strongest starts with all of them won, a move a hundred times
 * weaker (alpha 0.5) with a tenth.  A pass starts even. */
#define PRIOR_LEARNED 40
#define PRIOR_LEARNED_ALPHA 0.5

static void mcts_prior_learned(int p, float lg, float lg_max, uint32_t *visits, uint32_t *wins2)
{
    if (p == BOARD_PASS_POINT) {
        *visits = PRIOR_EVEN;
        *wins2 = PRIOR_EVEN;
        return;
    }
    double share = exp(PRIOR_LEARNED_ALPHA * (double)(lg - lg_max));
    *visits = PRIOR_EVEN + PRIOR_LEARNED;
    *wins2 = PRIOR_EVEN + (uint32_t)lround(2.0 * PRIOR_LEARNED * share);
}

/* Expands node for color to move on s: every legal move that does not fill
 * one of color's own eyes, plus a pass, in a random order.  Returns 0, or
 * -1 when another thread holds the node or the pool is full (the node
 * stays a leaf; *full is set in the second case). */
static int mcts_expand(mcts_t *m, int node, const BoardState *s, Stone color, rng_t *rng,
                       atomic_int *full)
{
    int32_t expect = -1;
    if (!atomic_compare_exchange_strong_explicit(&m->pool[node].children, &expect, -2,
                                                 memory_order_acquire, memory_order_relaxed))
        return -1;
    uint16_t cand[BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1];
    int n = 0;
    for (int i = 0; i < s->n_empty; i++) {
        int p = s->empty_list[i];
        if (!board_is_eye(s, color, p) && board_check_point(s, color, p) == MOVE_OK)
            cand[n++] = (uint16_t)p;
    }
    /* A pass is a candidate only near the end: after the opponent's pass
     * (it may end a won game) or when few moves are left.  Elsewhere a
     * lucky early pass would waste simulations and, at 200 of them, could
     * even be chosen. */
    if (n == 0 || s->consecutive_passes > 0 || n <= s->size * s->size / 8)
        cand[n++] = BOARD_PASS_POINT;
    int first = atomic_fetch_add_explicit(&m->pool_used, n, memory_order_relaxed);
    if (first + n > m->pool_size) {
        atomic_store_explicit(full, 1, memory_order_relaxed);
        atomic_store_explicit(&m->pool[node].children, -1, memory_order_release);
        return -1;
    }
    /* empty_list order depends on history; sort first so that the same
     * position always gives the same tree for the same seed. */
    for (int i = 1; i < n; i++) {
        uint16_t v = cand[i];
        int j = i - 1;
        while (j >= 0 && cand[j] > v) {
            cand[j + 1] = cand[j];
            j--;
        }
        cand[j + 1] = v;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(rng, i + 1);
        uint16_t t = cand[i];
        cand[i] = cand[j];
        cand[j] = t;
    }
    /* Both kinds of prior read the move's features (movefeat.h); the
     * learned one also needs the strongest candidate's strength. */
    uint8_t cfg[BOARD_POINTS];
    movefeat_t feat[BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1];
    float lg[BOARD_MAX_SIZE * BOARD_MAX_SIZE + 1];
    float lg_max = -1e30f;
    if (m->params.priors) {
        movefeat_cfg_distance(s, cfg);
        for (int i = 0; i < n; i++) {
            lg[i] = 0.0f;
            if (cand[i] == BOARD_PASS_POINT)
                continue;
            movefeat_of(s, color, cand[i], cfg, &feat[i]);
            if (m->params.priors == 2) {
                lg[i] = movefeat_log_gamma(&feat[i]);
                if (lg[i] > lg_max)
                    lg_max = lg[i];
            }
        }
    }
    for (int i = 0; i < n; i++) {
        mcts_node_t *c = &m->pool[first + i];
        mcts_node_clear(c, cand[i]);
        if (m->params.priors) {
            uint32_t v, w2;
            if (m->params.priors == 2)
                mcts_prior_learned(cand[i], lg[i], lg_max, &v, &w2);
            else
                mcts_prior(s, cand[i], &feat[i], &v, &w2);
            ST(c->visits, v);
            ST(c->wins2, w2);
            c->prior = (uint16_t)v;
            c->prior_wins2 = (uint16_t)w2;
        }
    }
    m->pool[node].n_children = (uint16_t)n;
    atomic_store_explicit(&m->pool[node].children, first, memory_order_release);
    return 0;
}

/* Selection's terms that depend only on a child's visit count n, for the
 * n below MCTS_SEL_TABLE (nearly every child a descent meets): RAVE's beta
 * sqrt(k / (3n + k)), the exploration factor sqrt(1 / (n + 1)) (times
 * sqrt(ln N) of the parent) and 0.5 / n for the mean.  A descent looks at
 * every child of every node on its path, 60-80 on 9x9 early on, so two
 * square roots and three divisions a child were a tenth of a search. */
#define MCTS_SEL_TABLE 1024

struct mcts_sel_terms {
    double beta[MCTS_SEL_TABLE];
    double explore[MCTS_SEL_TABLE];
    double half_inv[MCTS_SEL_TABLE];
};

/* Builds the table for the current RAVE k (before any thread starts). */
static int mcts_sel_prepare(mcts_t *m)
{
    double k = m->params.rave_equiv;
    if (m->sel && m->sel_k == k)
        return 0;
    if (!m->sel && !(m->sel = malloc(sizeof *m->sel)))
        return -1;
    for (int n = 0; n < MCTS_SEL_TABLE; n++) {
        m->sel->beta[n] = sqrt(k / (3.0 * n + k));
        m->sel->explore[n] = sqrt(1.0 / (n + 1.0));
        m->sel->half_inv[n] = n ? 0.5 / n : 0.0;
    }
    m->sel_k = k;
    return 0;
}

/* The child of node to descend into: UCB1 (C = params.ucb_c) on a value
 * that blends the child's own mean with its AMAF mean while it is young.
 * node must be expanded (mcts_children(node) >= 0). */
static int mcts_select(mcts_t *m, int node)
{
    mcts_node_t *parent = &m->pool[node];
    int first = mcts_children(parent);
    mcts_node_t *kids = &m->pool[first];
    uint32_t parent_visits = LD(parent->visits);
    double log_n = log((double)(parent_visits > 0 ? parent_visits : 1));
    double c = m->params.ucb_c;
    double k = m->params.rave_equiv;
    int best = 0;
    double best_value = -1e300;
    if (!m->params.rave) {
        for (int i = 0; i < parent->n_children; i++) {
            mcts_node_t *ch = &kids[i];
            double n = LD(ch->visits);
            if (n == 0)
                return first + i; /* untried moves first (seed) */
            double value = 0.5 * LD(ch->wins2) / n + c * sqrt(log_n / n);
            if (value > best_value) {
                best_value = value;
                best = i;
            }
        }
        return first + best;
    }
    const struct mcts_sel_terms *t = m->sel;
    const double explore = m->params.rave_explore * c * sqrt(log_n);
    for (int i = 0; i < parent->n_children; i++) {
        mcts_node_t *ch = &kids[i];
        uint32_t nv = LD(ch->visits), rv = LD(ch->rave_visits);
        double n = nv, q, amaf = 0.5, beta = 0.0, e;
        if (nv < MCTS_SEL_TABLE) {
            q = t->half_inv[nv] * LD(ch->wins2);
            e = t->explore[nv];
            if (rv)
                beta = t->beta[nv];
        } else {
            q = 0.5 * LD(ch->wins2) / n;
            e = sqrt(1.0 / (n + 1.0));
            if (rv)
                beta = sqrt(k / (3.0 * n + k));
        }
        if (rv)
            amaf = (rv < MCTS_SEL_TABLE ? t->half_inv[rv] : 0.5 / rv) * LD(ch->rave_wins2);
        else if (!nv)
            q = 1.0; /* never seen at all: try soon */
        double value = (1.0 - beta) * q + beta * amaf + explore * e;
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return first + best;
}

static void mcts_apply(BoardState *s, int move)
{
    if (move == BOARD_PASS_POINT)
        board_pass_color(s, s->turn);
    else
        board_play_point(s, s->turn, move);
}

/* Visits of its own a leaf needs before it is expanded: params.expand_after
 * while the pool is less than half full, then twice that, and twice again
 * at each further eighth, so that a long search (a timed move that also
 * keeps its last tree) still grows the tree where it matters when the pool
 * would otherwise fill within the move.  An expansion takes a node's
 * every candidate at once (60-80 nodes on 9x9 early on) but most of them
 * are never visited. */
static uint32_t mcts_expand_threshold(mcts_t *m)
{
    int64_t used = atomic_load_explicit(&m->pool_used, memory_order_relaxed);
    int64_t size = m->pool_size;
    uint32_t t = (uint32_t)m->params.expand_after;
    if (2 * used < size)
        return t;
    int64_t shift = 8 * used / size - 3;
    return t << (shift > 5 ? 5 : shift);
}

/* One search thread's share of the work. */
typedef struct mcts_worker {
    mcts_t *m;
    const BoardState *b;
    double deadline;        /* timed: CLOCK_MONOTONIC ms, else 0 */
    atomic_int *claimed;    /* by count: simulations claimed so far */
    atomic_int *full;       /* the pool is full: stop expanding */
    rng_t rng;
    int max_sims;           /* by count: the simulations of all threads */
    int sims;               /* simulations this thread ran */
} mcts_worker_t;

/* One step down from the expanded node: the selected child's visit counts
 * at once (the virtual loss), its move is played on state and it joins the
 * path with the colour that made it.  Returns the child. */
static int mcts_descend(mcts_t *m, int node, BoardState *state, int *path, uint8_t *path_color,
                        int *depth)
{
    int child = mcts_select(m, node);
    Stone who = state->turn;
    mcts_bump(&m->pool[child].visits, 1);
    mcts_apply(state, m->pool[child].move);
    path[++*depth] = child;
    path_color[*depth] = (uint8_t)who;
    return child;
}

static void mcts_run(mcts_worker_t *w)
{
    /* On the stack, not in thread-local storage: every thread of the
     * process gets a copy of the static TLS block carved from its stack,
     * and SDL's audio thread has 64 KB (docs/hal.md "The audio thread and
     * thread-local storage"). */
    BoardState state;
    /* Zeroed once a search: the playout writes it before it is read, which
     * cppcheck cannot see through the call. */
    uint16_t trace[MCTS_MAX_TRACE] = {0};
    mcts_t *m = w->m;
    const BoardState *b = w->b;
    int path[MCTS_MAX_PATH];
    uint8_t path_color[MCTS_MAX_PATH];
    uint8_t amaf[BOARD_POINTS];
    int max_moves = 3 * b->size * b->size;

    for (;;) {
        if (w->deadline > 0.0) {
            /* At least 16 simulations a thread, however late it starts. */
            if (w->sims > 0 && (w->sims & 15) == 0 && mcts_now_ms() >= w->deadline)
                break;
        } else if (atomic_fetch_add_explicit(w->claimed, 1, memory_order_relaxed) >= w->max_sims)
            break;
        if (atomic_load_explicit(&m->stop, memory_order_relaxed))
            break;

        board_copy(&state, b);
        int depth = 0;
        int node = 0;
        path[depth] = 0;
        path_color[depth] = 0;
        int n_trace = 0;
        mcts_bump(&m->pool[0].visits, 1);
        /* Selection.  Visits count on the way down, so a simulation still
         * running is a loss for the moment and other threads look
         * elsewhere (a virtual loss). */
        while (mcts_children(&m->pool[node]) >= 0 && !state.game_over &&
               depth + 2 < MCTS_MAX_PATH)
            node = mcts_descend(m, node, &state, path, path_color, &depth);
        /* Expansion. */
        if (!state.game_over &&
            LD(m->pool[node].visits) - m->pool[node].prior >= mcts_expand_threshold(m) &&
            depth + 2 < MCTS_MAX_PATH && !atomic_load_explicit(w->full, memory_order_relaxed) &&
            mcts_expand(m, node, &state, state.turn, &w->rng, w->full) == 0)
            mcts_descend(m, node, &state, path, path_color, &depth);
        /* Simulation.  A node after two passes is scored by playing on
         * rather than by counting the board as it stands: stones that
         * are dead but not yet captured would otherwise count as alive,
         * and the search would pass into a loss under any scoring that
         * removes dead stones (GNU Go's final_score, or a human). */
        if (state.game_over) {
            state.game_over = 0;
            state.consecutive_passes = 0;
        }
        int margin;
        if (m->params.policy == PLAYOUT_HEURISTIC && state.size == PB_SIZE) {
            /* 9x9: the same policy on the playout board (pboard.c), about
             * 1.5 times the playouts a second of the full board's. */
            pboard_t pb;
            pboard_from_board(&pb, &state);
            margin = pboard_playout_heuristic(&pb, pboard_last_stone(&state), max_moves, &w->rng,
                                              m->params.rave ? trace : NULL, &n_trace);
        } else {
            margin = playout_run(&state, m->params.policy, max_moves, &w->rng,
                                 m->params.rave ? trace : NULL, &n_trace);
        }
        uint32_t black_win2 = margin > 0 ? 2u : margin < 0 ? 0u : 1u;

        /* Backpropagation, with AMAF updates of each node's children. */
        if (m->params.rave) {
            /* Who played each point first: written from the last move
             * back, so the first write to a point is overwritten by any
             * earlier one (no branch on whether it was played before). */
            memset(amaf, 0, sizeof amaf);
            for (int i = n_trace - 1; i >= 0; i--)
                amaf[trace[i] & 0x7FFF] = (uint8_t)(BLACK + (trace[i] >> 15));
        }
        for (int d = depth; d >= 0; d--) {
            mcts_node_t *nd = &m->pool[path[d]];
            if (d > 0)
                mcts_bump(&nd->wins2, path_color[d] == BLACK ? black_win2 : 2u - black_win2);
            int32_t first = mcts_children(nd);
            if (m->params.rave && first >= 0) {
                /* Children of nd are moves by the side to move at nd. */
                Stone mover = d + 1 <= depth ? (Stone)path_color[d + 1]
                              : d > 0        ? (Stone)(3 - path_color[d])
                                             : b->turn;
                uint32_t w2 = mover == BLACK ? black_win2 : 2u - black_win2;
                mcts_node_t *kids = &m->pool[first];
                /* The children the playout played, found 64 at a time
                 * into a mask without a branch (which child matches is a
                 * coin toss the predictor lost), then bumped.  A pass
                 * never matches: amaf[BOARD_PASS_POINT] stays 0. */
                for (int base = 0; base < nd->n_children; base += 64) {
                    int end = nd->n_children - base < 64 ? nd->n_children - base : 64;
                    mcts_node_t *chunk = kids + base;
                    uint64_t hits = 0;
                    for (int i = 0; i < end; i++)
                        hits |= (uint64_t)(amaf[chunk[i].move] == mover) << i;
                    while (hits) {
                        int i = __builtin_ctzll(hits);
                        hits &= hits - 1;
                        mcts_bump(&chunk[i].rave_visits, 1);
                        mcts_bump(&chunk[i].rave_wins2, w2);
                    }
                }
            }
            if (m->params.rave && d > 0 && nd->move != BOARD_PASS_POINT)
                amaf[nd->move] = path_color[d];
        }
        w->sims++;
    }
}

static void *mcts_thread_main(void *arg)
{
    mcts_run(arg);
    return NULL;
}

/* Positions the tree treats as the same: the same stones, side to move,
 * ko, passes and komi (everything a search below them depends on). */
static int mcts_same_position(const BoardState *a, const BoardState *b)
{
    return a->hash == b->hash && a->turn == b->turn && a->ko_point == b->ko_point &&
           a->ko_color == b->ko_color && a->consecutive_passes == b->consecutive_passes &&
           a->game_over == b->game_over && a->komi2 == b->komi2 && a->size == b->size &&
           !memcmp(a->color, b->color, sizeof a->color);
}

/* The node of the last search's tree whose position is b: the root itself,
 * one of its children, or the grandchild reached by b's last move.  -1 if
 * there is none. */
static int mcts_find_position(mcts_t *m, const BoardState *b)
{
    BoardState one, two;
    if (!m->prev_valid)
        return -1;
    if (mcts_same_position(m->prev, b))
        return 0;
    int32_t first = mcts_children(&m->pool[0]);
    if (first < 0)
        return -1;
    int last = b->last_move.pass || b->last_move.row < 0
                   ? BOARD_PASS_POINT
                   : board_point(b->last_move.row, b->last_move.col);
    for (int i = 0; i < m->pool[0].n_children; i++) {
        const mcts_node_t *c = &m->pool[first + i];
        board_copy(&one, m->prev);
        mcts_apply(&one, c->move);
        if (mcts_same_position(&one, b))
            return first + i;
        int32_t gfirst = mcts_children(c);
        for (int k = 0; gfirst >= 0 && k < c->n_children; k++) {
            if (m->pool[gfirst + k].move != last)
                continue;
            board_copy(&two, &one);
            mcts_apply(&two, last);
            if (mcts_same_position(&two, b))
                return gfirst + k;
        }
    }
    return -1;
}

static void mcts_node_copy(mcts_node_t *dst, const mcts_node_t *src)
{
    dst->move = src->move;
    dst->n_children = src->n_children;
    dst->prior = src->prior;
    dst->prior_wins2 = src->prior_wins2;
    ST(dst->children, LD(src->children));
    ST(dst->visits, LD(src->visits));
    ST(dst->wins2, LD(src->wins2));
    ST(dst->rave_visits, LD(src->rave_visits));
    ST(dst->rave_wins2, LD(src->rave_wins2));
}

/* Makes node `keep` the root: its subtree is copied breadth first into the
 * spare pool (children stay contiguous), and the pools swap.  Returns 0, or
 * -1 when the spare pool cannot be allocated. */
static int mcts_keep_subtree(mcts_t *m, int keep)
{
    if (keep == 0)
        return 0;
    if (!m->spare) {
        m->spare = malloc((size_t)m->pool_size * sizeof *m->spare);
        if (!m->spare)
            return -1;
    }
    mcts_node_t *dst = m->spare;
    const mcts_node_t *src = m->pool;
    mcts_node_copy(&dst[0], &src[keep]);
    int used = 1;
    for (int i = 0; i < used; i++) {
        int32_t old = LD(dst[i].children); /* still the old pool's index */
        if (old < 0) {
            dst[i].n_children = 0;
            ST(dst[i].children, -1);
            continue;
        }
        int n = dst[i].n_children;
        for (int k = 0; k < n; k++)
            mcts_node_copy(&dst[used + k], &src[old + k]);
        ST(dst[i].children, used);
        used += n;
    }
    m->spare = m->pool;
    m->pool = dst;
    atomic_store(&m->pool_used, used);
    return 0;
}

int mcts_search(mcts_t *m, const BoardState *b, int max_sims, int time_ms, rng_t *rng)
{
    int threads = m->params.threads > 0 ? m->params.threads
                  : time_ms > 0         ? MCTS_DEFAULT_THREADS
                                        : 1;
    if (threads > MCTS_MAX_THREADS)
        threads = MCTS_MAX_THREADS;
    int reuse = m->params.reuse == 2 || (m->params.reuse && time_ms > 0);
    if (m->params.rave && mcts_sel_prepare(m) != 0)
        return BOARD_PASS_POINT;

    /* The clock starts before the last tree is kept: that is part of the move. */
    double deadline = time_ms > 0 ? mcts_now_ms() + time_ms : 0.0;
    m->last_simulations = 0;
    m->last_reused = 0;
    m->last_threads = threads;
    m->last_win_rate = 0.5;
    int keep = reuse ? mcts_find_position(m, b) : -1;
    if (keep < 0 || mcts_keep_subtree(m, keep) != 0) {
        atomic_store(&m->pool_used, 1);
        mcts_node_clear(&m->pool[0], BOARD_PASS_POINT);
    } else {
        m->last_reused = (int)LD(m->pool[0].visits);
    }
    m->prev_valid = 0;
    atomic_int full;
    atomic_init(&full, 0);
    if (mcts_children(&m->pool[0]) < 0 && mcts_expand(m, 0, b, b->turn, rng, &full) != 0)
        return BOARD_PASS_POINT;
    int32_t root_first = mcts_children(&m->pool[0]);
    if (m->pool[0].n_children == 1 && m->pool[root_first].move == BOARD_PASS_POINT)
        return BOARD_PASS_POINT; /* nothing else to play */

    atomic_int claimed;
    atomic_init(&claimed, 0);
    mcts_worker_t workers[MCTS_MAX_THREADS];
    memset(workers, 0, sizeof workers);
    pthread_t tids[MCTS_MAX_THREADS];
    int started[MCTS_MAX_THREADS] = {0};
    for (int t = 0; t < threads; t++) {
        workers[t] = (mcts_worker_t){.m = m, .b = b, .max_sims = max_sims, .deadline = deadline,
                                     .claimed = &claimed, .full = &full, .sims = 0};
        /* Thread 0 continues the caller's generator; the others get
         * streams of their own, seeded from it. */
        if (t == 0)
            workers[t].rng = *rng;
        else
            rng_seed(&workers[t].rng, ((uint64_t)rng_next(rng) << 32) | rng_next(rng));
    }
    for (int t = 1; t < threads; t++)
        started[t] = pthread_create(&tids[t], NULL, mcts_thread_main, &workers[t]) == 0;
    mcts_run(&workers[0]);
    *rng = workers[0].rng;
    int sims = workers[0].sims;
    for (int t = 1; t < threads; t++)
        if (started[t]) {
            pthread_join(tids[t], NULL);
            sims += workers[t].sims;
        }

    /* The most searched root child (prior knowledge left out); ties go to
     * the better mean. */
    const mcts_node_t *kids = &m->pool[root_first];
    int best = 0;
    for (int i = 1; i < m->pool[0].n_children; i++) {
        uint32_t vi = mcts_real_visits(&kids[i]), vb = mcts_real_visits(&kids[best]);
        if (vi > vb || (vi == vb && vi > 0 && mcts_real_mean(&kids[i]) > mcts_real_mean(&kids[best])))
            best = i;
    }
    m->last_simulations = sims;
    m->last_win_rate = mcts_real_visits(&kids[best]) ? mcts_real_mean(&kids[best]) : 0.5;
    if (reuse) {
        if (!m->prev)
            m->prev = malloc(sizeof *m->prev);
        if (m->prev) {
            board_copy(m->prev, b);
            m->prev_valid = 1;
        }
    }
    return kids[best].move;
}

int mcts_pool_used(mcts_t *m)
{
    int used = atomic_load(&m->pool_used);
    return used < m->pool_size ? used : m->pool_size;
}

int mcts_best_non_pass(const mcts_t *m)
{
    int32_t first = mcts_children(&m->pool[0]);
    if (first < 0 || m->pool[0].n_children == 0)
        return BOARD_PASS_POINT;
    const mcts_node_t *kids = &m->pool[first];
    int best = -1;
    for (int i = 0; i < m->pool[0].n_children; i++)
        if (kids[i].move != BOARD_PASS_POINT &&
            (best < 0 || mcts_real_visits(&kids[i]) > mcts_real_visits(&kids[best])))
            best = i;
    return best < 0 ? BOARD_PASS_POINT : kids[best].move;
}

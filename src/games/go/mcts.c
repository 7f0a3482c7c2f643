/*
 * mcts.c - level 3: UCT with RAVE over a bounded node pool (see mcts.h).
 */
#include "mcts.h"
#include "board_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Longest tree path we follow; deeper paths simply stop descending. */
#define MCTS_MAX_PATH 512
/* Moves recorded for AMAF: tree path plus one playout (3 * 361 cap). */
#define MCTS_MAX_TRACE (MCTS_MAX_PATH + 3 * BOARD_MAX_SIZE * BOARD_MAX_SIZE + 8)

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
    m->params.ucb_c = 1.41;
    m->params.rave = 1;
    m->params.rave_equiv = 1000.0;
    m->params.rave_explore = 0.1;
    m->params.policy = PLAYOUT_HEURISTIC;
    m->params.expand_after = 2;
    atomic_init(&m->stop, 0);
    return 0;
}

void mcts_free(mcts_t *m)
{
    free(m->pool);
    m->pool = NULL;
    m->pool_size = 0;
}

static double mcts_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec * 1e-6;
}

/* Expands node for color to move on s: every legal move that does not fill
 * one of color's own eyes, plus a pass, in a random order.  Returns 0, or
 * -1 when the pool is full (node stays a leaf). */
static int mcts_expand(mcts_t *m, int node, const BoardState *s, Stone color, rng_t *rng)
{
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
    if (m->pool_used + n > m->pool_size)
        return -1;
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
    int first = m->pool_used;
    for (int i = 0; i < n; i++) {
        mcts_node_t *c = &m->pool[first + i];
        c->move = cand[i];
        c->n_children = 0;
        c->children = -1;
        c->visits = 0;
        c->wins = 0.0f;
        c->rave_visits = 0;
        c->rave_wins = 0.0f;
    }
    m->pool_used += n;
    m->pool[node].children = first;
    m->pool[node].n_children = (uint16_t)n;
    return 0;
}

/* The child of node to descend into: UCB1 (C = params.ucb_c) on a value
 * that blends the child's own mean with its AMAF mean while it is young. */
static int mcts_select(const mcts_t *m, int node)
{
    const mcts_node_t *parent = &m->pool[node];
    const mcts_node_t *kids = &m->pool[parent->children];
    double log_n = log((double)(parent->visits > 0 ? parent->visits : 1));
    double c = m->params.ucb_c;
    double k = m->params.rave_equiv;
    int best = 0;
    double best_value = -1e300;
    for (int i = 0; i < parent->n_children; i++) {
        const mcts_node_t *ch = &kids[i];
        double value;
        if (!m->params.rave) {
            if (ch->visits == 0)
                return parent->children + i; /* untried moves first (seed) */
            value = ch->wins / ch->visits + c * sqrt(log_n / ch->visits);
        } else {
            double n = ch->visits;
            double q = n > 0 ? ch->wins / n : 0.0;
            double amaf = ch->rave_visits ? ch->rave_wins / ch->rave_visits : 0.5;
            double beta = ch->rave_visits ? sqrt(k / (3.0 * n + k)) : 0.0;
            if (n == 0 && !ch->rave_visits)
                q = 1.0; /* never seen at all: try soon */
            value = (1.0 - beta) * q + beta * amaf +
                    m->params.rave_explore * c * sqrt(log_n / (n + 1.0));
        }
        if (value > best_value) {
            best_value = value;
            best = i;
        }
    }
    return parent->children + best;
}

static void mcts_apply(BoardState *s, int move)
{
    if (move == BOARD_PASS_POINT)
        board_pass_color(s, s->turn);
    else
        board_play_point(s, s->turn, move);
}

int mcts_search(mcts_t *m, const BoardState *b, int max_sims, int time_ms, rng_t *rng)
{
    static _Thread_local BoardState state;
    static _Thread_local uint16_t trace[MCTS_MAX_TRACE];
    int path[MCTS_MAX_PATH];
    uint8_t path_color[MCTS_MAX_PATH];
    uint8_t amaf[BOARD_POINTS];
    int max_moves = 3 * b->size * b->size;

    m->pool_used = 1;
    mcts_node_t *root = &m->pool[0];
    memset(root, 0, sizeof *root);
    root->children = -1;
    m->last_simulations = 0;
    m->last_win_rate = 0.5;
    if (mcts_expand(m, 0, b, b->turn, rng) != 0)
        return BOARD_PASS_POINT;
    if (m->pool[0].n_children == 1 && m->pool[m->pool[0].children].move == BOARD_PASS_POINT)
        return BOARD_PASS_POINT; /* nothing else to play */

    double deadline = time_ms > 0 ? mcts_now_ms() + time_ms : 0.0;
    int sims = 0;
    for (;;) {
        if (time_ms > 0) {
            if ((sims & 15) == 0 && mcts_now_ms() >= deadline)
                break;
        } else if (sims >= max_sims)
            break;
        if (atomic_load_explicit(&m->stop, memory_order_relaxed))
            break;

        board_copy(&state, b);
        int depth = 0;
        int node = 0;
        path[depth] = 0;
        path_color[depth] = 0;
        int n_trace = 0;
        /* Selection. */
        while (m->pool[node].n_children > 0 && !state.game_over && depth + 2 < MCTS_MAX_PATH) {
            int child = mcts_select(m, node);
            Stone who = state.turn;
            int mv = m->pool[child].move;
            mcts_apply(&state, mv);
            node = child;
            path[++depth] = node;
            path_color[depth] = (uint8_t)who;
        }
        /* Expansion. */
        if (!state.game_over && m->pool[node].visits + 1 >= (uint32_t)m->params.expand_after &&
            depth + 2 < MCTS_MAX_PATH &&
            mcts_expand(m, node, &state, state.turn, rng) == 0 && m->pool[node].n_children > 0) {
            int child = mcts_select(m, node);
            Stone who = state.turn;
            mcts_apply(&state, m->pool[child].move);
            node = child;
            path[++depth] = node;
            path_color[depth] = (uint8_t)who;
        }
        /* Simulation.  A node after two passes is scored by playing on
         * rather than by counting the board as it stands: stones that
         * are dead but not yet captured would otherwise count as alive,
         * and the search would pass into a loss under any scoring that
         * removes dead stones (GNU Go's final_score, or a human). */
        if (state.game_over) {
            state.game_over = 0;
            state.consecutive_passes = 0;
        }
        int margin = playout_run(&state, m->params.policy, max_moves, rng,
                                 m->params.rave ? trace : NULL, &n_trace);
        float black_win = margin > 0 ? 1.0f : margin < 0 ? 0.0f : 0.5f;

        /* Backpropagation, with AMAF updates of each node's children. */
        if (m->params.rave) {
            memset(amaf, 0, sizeof amaf);
            for (int i = 0; i < n_trace; i++) {
                int p = trace[i] & 0x7FFF;
                if (!amaf[p])
                    amaf[p] = (trace[i] & 0x8000) ? WHITE : BLACK;
            }
        }
        for (int d = depth; d >= 0; d--) {
            mcts_node_t *nd = &m->pool[path[d]];
            nd->visits++;
            if (d > 0)
                nd->wins += path_color[d] == BLACK ? black_win : 1.0f - black_win;
            if (m->params.rave && nd->n_children > 0) {
                /* Children of nd are moves by the side to move at nd. */
                Stone mover = d + 1 <= depth ? (Stone)path_color[d + 1]
                              : d > 0        ? (Stone)(3 - path_color[d])
                                             : b->turn;
                float w = mover == BLACK ? black_win : 1.0f - black_win;
                mcts_node_t *kids = &m->pool[nd->children];
                for (int i = 0; i < nd->n_children; i++) {
                    int mv = kids[i].move;
                    if (mv != BOARD_PASS_POINT && amaf[mv] == mover) {
                        kids[i].rave_visits++;
                        kids[i].rave_wins += w;
                    }
                }
            }
            if (m->params.rave && d > 0 && m->pool[path[d]].move != BOARD_PASS_POINT)
                amaf[m->pool[path[d]].move] = path_color[d];
        }
        sims++;
    }

    /* The most visited root child; ties go to the better mean. */
    const mcts_node_t *kids = &m->pool[m->pool[0].children];
    int best = 0;
    for (int i = 1; i < m->pool[0].n_children; i++) {
        if (kids[i].visits > kids[best].visits ||
            (kids[i].visits == kids[best].visits && kids[i].visits > 0 &&
             kids[i].wins / kids[i].visits > kids[best].wins / kids[best].visits))
            best = i;
    }
    m->last_simulations = sims;
    m->last_win_rate = kids[best].visits ? kids[best].wins / kids[best].visits : 0.5;
    return kids[best].move;
}

int mcts_best_non_pass(const mcts_t *m)
{
    if (m->pool_used < 1 || m->pool[0].n_children == 0)
        return BOARD_PASS_POINT;
    const mcts_node_t *kids = &m->pool[m->pool[0].children];
    int best = -1;
    for (int i = 0; i < m->pool[0].n_children; i++)
        if (kids[i].move != BOARD_PASS_POINT && (best < 0 || kids[i].visits > kids[best].visits))
            best = i;
    return best < 0 ? BOARD_PASS_POINT : kids[best].move;
}

/*
 * mcts.h - private to src/games/go: level 3, UCT Monte Carlo tree search over a
 * bounded node pool (seed 000 §3.7, issue 2).
 *
 * Selection by UCB1 (C = 1.41) blended with RAVE/AMAF estimates while a
 * child has few visits; a leaf is expanded (all its candidate moves at
 * once, in a random order) on its second visit; playouts use playout.h;
 * backpropagation counts a win for the player who made each node's move.
 * When the pool is full the tree stops growing and simulations go on from
 * the existing leaves, so memory never exceeds the pool.
 */
#ifndef TABLETOP_GO_MCTS_H
#define TABLETOP_GO_MCTS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "playout.h"
#include "rng.h"

/* Seed 000's level-3 budget on the board (§3.7, §5.3): 200 simulations,
 * "MCTS tree (200 simulations) ~400 KB", "Total HPS memory < 1 MB".  Each
 * simulation expands at most one node into at most 82 children, so 200
 * simulations need at most 16,400 nodes of 24 bytes = 393,600 bytes. */
#define MCTS_BOARD_POOL_NODES (200 * 82)

/* Default pool: on the board's Cortex-A9 (32-bit ARM builds) the seed's
 * budget above; elsewhere 400,000 nodes of 24 bytes = 9.6 MB, enough for
 * 10,000 simulations on 9x9.  A full pool stops the tree growing, never
 * the search (docs/board.md, "Level 3 on the board"). */
#ifndef MCTS_DEFAULT_POOL_NODES
#if defined(__arm__)
#define MCTS_DEFAULT_POOL_NODES MCTS_BOARD_POOL_NODES
#else
#define MCTS_DEFAULT_POOL_NODES 400000
#endif
#endif

typedef struct mcts_node {
    uint16_t move;        /* board point, BOARD_PASS_POINT for a pass */
    uint16_t n_children;  /* 0 until expanded */
    int32_t children;     /* index of the first child in the pool, -1: none */
    uint32_t visits;      /* simulations through this node */
    float wins;           /* wins of the player who made move (draws 0.5) */
    uint32_t rave_visits; /* AMAF: simulations where move was played later */
    float rave_wins;      /* AMAF wins for the player who made move */
} mcts_node_t;

typedef struct mcts_params {
    double ucb_c;             /* UCB1 exploration constant (seed: 1.41) */
    int rave;                 /* 1: blend AMAF values in (RAVE) */
    double rave_equiv;        /* RAVE equivalence parameter k in beta */
    double rave_explore;      /* with RAVE, the UCB1 term is scaled by this */
    playout_policy_t policy;  /* playout policy */
    int expand_after;         /* visits a leaf needs before expansion */
} mcts_params_t;

typedef struct mcts {
    mcts_node_t *pool;   /* pool_size nodes, allocated once */
    int pool_size;
    int pool_used;
    mcts_params_t params;
    atomic_int stop;     /* set by ai_request_stop */
    int last_simulations;
    double last_win_rate;
} mcts_t;

/* Allocates the pool; returns 0 or -1. */
int mcts_init(mcts_t *m, int pool_nodes);
void mcts_free(mcts_t *m);

/* Searches for b->turn: max_sims simulations, or until time_ms has passed
 * when time_ms > 0, or until m->stop is set.  Returns a legal point or
 * BOARD_PASS_POINT. */
int mcts_search(mcts_t *m, const BoardState *b, int max_sims, int time_ms, rng_t *rng);

/* After mcts_search: the most visited root move other than a pass, or
 * BOARD_PASS_POINT when the root has no other move. */
int mcts_best_non_pass(const mcts_t *m);

#endif

/*
 * mcts.h - private to src/games/go: level 3, UCT Monte Carlo tree search over a
 * bounded node pool (seed 000 §3.7).
 *
 * Selection by UCB1 (C = 1.41) blended with RAVE/AMAF estimates while a
 * child has few visits; a leaf is expanded (all its candidate moves at
 * once, in a random order, each starting with prior knowledge: captures,
 * MoGo shapes, nearness to the last move) once it has
 * expand_after visits of its own, more once half the pool is used (twice,
 * and twice again at each further eighth); playouts use playout.h;
 * backpropagation counts a win for the player who made each node's move.
 * When the pool is full the tree stops growing and simulations go on from
 * the existing leaves, so memory never exceeds the pool.
 *
 * Searches by time (GTP's clock) run two threads over the one tree, each
 * simulation holding a virtual loss on its path, and start from the part
 * of the last tree that leads to the position asked about.  Searches by
 * count (the seed's 200 simulations, the console) run one thread from an
 * empty tree, so a seed fixes the move.
 */
#ifndef TABLETOP_GO_MCTS_H
#define TABLETOP_GO_MCTS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "../board.h"
#include "playout.h"
#include "rng.h"

/* Seed 000's level-3 budget on the board (§3.7, §5.3): 200 simulations,
 * "MCTS tree (200 simulations) ~400 KB", "Total HPS memory < 1 MB".  Each
 * simulation expands at most one node into at most 82 children, so 200
 * simulations need at most 16,400 nodes of 28 bytes = 459,200 bytes. */
#define MCTS_BOARD_POOL_NODES (200 * 82)

/* Default pool: on the board's Cortex-A9 (32-bit ARM builds) the seed's
 * budget above; elsewhere 1,500,000 nodes of 28 bytes = 42 MB.  A
 * one-second move on two threads that keeps its tree (some 50,000
 * simulations, and two to four times as many kept) uses about a million
 * of them with the later expansions above; expanding on the second visit
 * (about 26 nodes a simulation) filled it within the move.  Pages are
 * touched only as the tree grows, so a 200-simulation search costs a few
 * hundred kilobytes of it.  A full pool stops the tree growing, never the
 * search (docs/board.md, "Level 3 on the board").  Timed searches that
 * keep their tree between moves copy the subtree into a second pool of
 * the same size, allocated on first use. */
#ifndef MCTS_DEFAULT_POOL_NODES
#if defined(__arm__)
#define MCTS_DEFAULT_POOL_NODES MCTS_BOARD_POOL_NODES
#else
#define MCTS_DEFAULT_POOL_NODES 1500000
#endif
#endif

/* Level 4's pool (ai.h: level 3's search for a second a move on two
 * threads, keeping its subtree): the PC pool everywhere but on the board,
 * where the seed's 16,400 nodes would stop the tree growing within the
 * first tenth of a move.  400,000 nodes of 28 bytes = 11.2 MB, and as much
 * again for the second pool of tree reuse: 22.4 MB of the DE1-SoC's 1 GB
 * (docs/board.md, "Level 4 on the board"). */
#define MCTS_BOARD_TIMED_POOL_NODES 400000
#ifndef MCTS_TIMED_POOL_NODES
#if defined(__arm__)
#define MCTS_TIMED_POOL_NODES MCTS_BOARD_TIMED_POOL_NODES
#else
#define MCTS_TIMED_POOL_NODES MCTS_DEFAULT_POOL_NODES
#endif
#endif

/* One tree node.  Several search threads share the tree (mcts_params.threads),
 * so the counters are atomics.  They are updated by a relaxed load and a
 * relaxed store, not a locked add: two threads may lose one of each other's
 * increments, which costs the search nothing and keeps the single-thread
 * path as fast as plain integers (on x86 and ARM both are plain moves).
 * Only the expansion of a node is claimed by a compare-and-swap. */
typedef struct mcts_node {
    uint16_t move;                /* board point, BOARD_PASS_POINT for a pass */
    uint16_t n_children;          /* written before children is published */
    _Atomic int32_t children;     /* first child in the pool; -1 none, -2 being expanded */
    _Atomic uint32_t visits;      /* simulations through this node (counted on the
                                   * way down: a running simulation is a virtual loss) */
    _Atomic uint32_t wins2;       /* twice the wins of the player who made move
                                   * (a draw counts 1) */
    _Atomic uint32_t rave_visits; /* AMAF: simulations where move was played later */
    _Atomic uint32_t rave_wins2;  /* twice the AMAF wins for the player who made move */
    uint16_t prior;               /* visits of prior knowledge in visits (mcts_prior) */
    uint16_t prior_wins2;         /* and the twice-counted wins of it in wins2 */
} mcts_node_t;

/* Search threads when mcts_params.threads is 0 and the search is timed:
 * the board's Cortex-A9 has two cores, and so has a laptop at least. */
#define MCTS_DEFAULT_THREADS 2
#define MCTS_MAX_THREADS 8

typedef struct mcts_params {
    double ucb_c;             /* UCB1 exploration constant (seed: 1.41) */
    int rave;                 /* 1: blend AMAF values in (RAVE) */
    double rave_equiv;        /* RAVE equivalence parameter k in beta */
    double rave_explore;      /* with RAVE, the UCB1 term is scaled by this */
    playout_policy_t policy;  /* playout policy */
    int expand_after;         /* visits a leaf needs before expansion */
    int threads;              /* search threads; 0: 1 by count, MCTS_DEFAULT_THREADS timed */
    int reuse;                /* 1: keep the subtree of the position reached in timed
                               * searches; 2: in searches by count too (tests) */
    int priors;               /* new children start with prior knowledge: 2 learned
                               * (movefeat.h, the default), 1 the hand-made kinds of
                               * Michi, 0 none (mcts.c) */
} mcts_params_t;

typedef struct mcts {
    mcts_node_t *pool;   /* pool_size nodes, allocated once */
    mcts_node_t *spare;  /* a second pool for tree reuse, allocated on first use */
    int pool_size;
    _Atomic int pool_used;
    mcts_params_t params;
    atomic_int stop;     /* set by ai_request_stop */
    int last_simulations;
    int last_reused;     /* visits of the root kept from the previous search */
    int last_threads;    /* threads the last search ran */
    double last_win_rate;
    BoardState *prev;    /* the last search's root position (reuse) */
    int prev_valid;
    /* Selection's per-child terms for the first MCTS_SEL_TABLE visit
     * counts (mcts.c), built for the RAVE k sel_k by mcts_search. */
    struct mcts_sel_terms *sel;
    double sel_k;
} mcts_t;

/* Allocates the pool; returns 0 or -1. */
int mcts_init(mcts_t *m, int pool_nodes);
void mcts_free(mcts_t *m);

/* Searches for b->turn: max_sims simulations, or until time_ms has passed
 * when time_ms > 0, or until m->stop is set.  Returns a legal point or
 * BOARD_PASS_POINT.
 *
 * A search by count runs one thread and no reuse unless params say so, so
 * the same seed gives the same move.  A timed search runs params.threads
 * threads (0: MCTS_DEFAULT_THREADS) over one tree and, with params.reuse,
 * starts from the subtree of the last search that leads to b (b reached
 * from the last root by one or two moves, or the same position). */
int mcts_search(mcts_t *m, const BoardState *b, int max_sims, int time_ms, rng_t *rng);

/* Nodes the last search took from the pool (at most pool_size). */
int mcts_pool_used(mcts_t *m);

/* After mcts_search: the most visited root move other than a pass, or
 * BOARD_PASS_POINT when the root has no other move. */
int mcts_best_non_pass(const mcts_t *m);

#endif

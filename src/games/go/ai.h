/*
 * ai.h - the computer players of seed 000 §3.5-3.7, and a fourth level
 * above the seed's three: pure C, no I/O.
 *
 *   level 1  uniformly random legal move that does not fill one of its own
 *            one-point eyes, pass when none (§3.5; the eyes are ours)
 *   level 2  greedy: P3 capture +10/stone, P2 rescue own atari +8,
 *            P1 atari +2 per liberty removed, P0 random 0..3 with a slight
 *            centre preference; ties broken at random (§3.6)
 *   level 3  UCT-MCTS, UCB1 with C = 1.41, 200 simulations by default,
 *            settable by count or by time (§3.7)
 *   level 4  level 3's search by time: AI_TIMED_MS a move unless a time is
 *            set, so on MCTS_DEFAULT_THREADS threads keeping the subtree
 *            of the position reached from one move to the next (mcts.h);
 *            the settings `tabletop gtp` plays under a clock
 *
 * An ai_t owns its random generator and a node pool allocated once at
 * ai_create(); nothing is allocated per move.  The same seed, config and
 * position always give the same move (time-limited search excepted).
 */
#ifndef TABLETOP_GO_AI_H
#define TABLETOP_GO_AI_H

#include <stdint.h>
#include "board.h"

typedef enum { AI_RANDOM = 1, AI_GREEDY = 2, AI_MCTS = 3, AI_MCTS_TIMED = 4 } AiLevel;

/* Level 4's think time a move when none is set (ai_set_time_ms). */
#define AI_TIMED_MS 1000

#define MCTS_SIMULATIONS 200
/* Seed §3.7 plays out "to depth 81"; our playouts run until two passes and
 * are capped at MCTS_MAX_DEPTH moves per board point (a 9x9 playout:
 * 3 * 81 = 243 moves), which no real playout reaches. */
#define MCTS_MAX_DEPTH 81

/* Zeroed fields mean "default". */
typedef struct {
    AiLevel level;      /* 0: AI_MCTS */
    int playouts;       /* MCTS simulations per move; 0: MCTS_SIMULATIONS */
    int time_ms;        /* if > 0, MCTS searches for this long instead;
                         * 0 at level 4: AI_TIMED_MS */
    uint64_t seed;      /* random seed; 0 means seed 1 */
    int pool_nodes;     /* node pool size; 0: ai_level_pool_nodes(level) */
} AiConfig;

typedef struct ai ai_t;

/* Returns NULL only if the node pool cannot be allocated. */
ai_t *ai_create(const AiConfig *cfg);
void ai_destroy(ai_t *ai);

/* Reseeds the generator (GTP "--seed", console "--seed"). */
void ai_set_seed(ai_t *ai, uint64_t seed);
void ai_set_level(ai_t *ai, AiLevel level);
void ai_set_playouts(ai_t *ai, int playouts);
void ai_set_time_ms(ai_t *ai, int time_ms);

/* Level 3's (and level 4's) resignation (on by default): AiStats.resign is set when the
 * root's win rate has stayed below AI_RESIGN_WIN_RATE for AI_RESIGN_STREAK
 * of its own moves in a row, each searched with at least
 * AI_RESIGN_MIN_SIMULATIONS playouts (the seed's 200 will do; a search
 * stopped early will not), with at least AI_RESIGN_MIN_STONES stones on the
 * board, and the score with dead stones removed agrees that it is behind. */
#define AI_RESIGN_WIN_RATE 0.10
#define AI_RESIGN_STREAK 3
#define AI_RESIGN_MIN_SIMULATIONS 200
#define AI_RESIGN_MIN_STONES 20
void ai_set_resign(ai_t *ai, int on);

/* The move for b->turn.  Always legal on b (or a pass).  Level 3 passes
 * right after the opponent's pass when the score with dead stones removed
 * (go_status_margin2) is its win, and never ends the game with a pass that
 * loses while it has another move. */
Move ai_choose(ai_t *ai, const BoardState *b);

/* Asks a running ai_choose (on another thread) to return its best move so
 * far as soon as possible.  Safe to call from any thread. */
void ai_request_stop(ai_t *ai);

/* Statistics of the last ai_choose (for benchmarks and GTP). */
typedef struct {
    int simulations;   /* playouts run */
    int nodes_used;    /* tree nodes taken from the pool */
    double win_rate;   /* root's estimated win rate for the side to move */
    int resign;        /* level 3 would rather resign than play the move */
    int reused;        /* simulations kept from the previous search's tree */
    int threads;       /* search threads (1 by count; 2 when timed) */
} AiStats;
void ai_last_stats(const ai_t *ai, AiStats *out);

/* Bytes of the node pool (benchmarks report it). */
size_t ai_pool_bytes(const ai_t *ai);

/* The node pool ai_create makes for level when AiConfig.pool_nodes is 0:
 * mcts.h's MCTS_DEFAULT_POOL_NODES, or MCTS_TIMED_POOL_NODES at level 4
 * (they differ only on the board).  A caller that changes the level of an
 * ai_t may make a new one when this differs from ai_pool_bytes. */
int ai_level_pool_nodes(AiLevel level);
size_t ai_level_pool_bytes(AiLevel level);

/* Seed §7 interface: one process-wide ai_t per level, seed 1. */
Move ai_get_move(const BoardState *b, AiLevel level);

#endif

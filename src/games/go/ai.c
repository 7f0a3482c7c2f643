/*
 * ai.c - the three computer players (seed 000 §3.5-3.7; see ai.h).
 *
 * Level 2 in detail (the seed lists the priorities; the arithmetic is ours,
 * written down in docs/engine.md):
 *   P3 +10 for every opponent stone the move captures;
 *   P2 +8 once if the move leaves a friendly group that was in atari with
 *      two or more liberties (by extending or by capturing);
 *   P1 +2 for every opponent group the move puts in atari (each such group
 *      loses exactly one liberty, the one the move occupies);
 *   the move with the highest sum wins, ties at random; only when no move
 *   scores anything does P0 apply: 0..2 at random plus 1 inside the central
 *   region (Chebyshev distance <= size/4 from the centre), best at random,
 *   among the moves that do not fill one of its own one-point eyes (pass
 *   when there are none).
 *
 * Node pool (levels 3 and 4): AiConfig.pool_nodes = 0 means
 * MCTS_DEFAULT_POOL_NODES (mcts.h: 1,500,000 nodes of 28 bytes, 42 MB, on
 * a PC; the seed's 16,400 on the board), or MCTS_TIMED_POOL_NODES at level
 * 4 (the same on a PC; 400,000 on the board), allocated once here.
 */
#include "ai.h"
#include "internal/board_private.h"
#include "internal/mcts.h"
#include "internal/rng.h"
#include "status.h"

#include <stdlib.h>
#include <string.h>

struct ai {
    AiLevel level;
    int playouts;
    int time_ms;
    rng_t rng;
    mcts_t mcts;
    AiStats stats;
    int resign_off;       /* ai_set_resign(ai, 0) */
    int hopeless_streak;  /* own moves in a row below AI_RESIGN_WIN_RATE */
    int last_move_number; /* b->move_number at the last level-3 choice */
};

static AiLevel ai_level_or_default(AiLevel level)
{
    return level == AI_RANDOM || level == AI_GREEDY || level == AI_MCTS ||
                   level == AI_MCTS_TIMED
               ? level
               : AI_MCTS;
}

int ai_level_pool_nodes(AiLevel level)
{
    /* The two are the same pool except on the board (mcts.h). */
    int nodes = MCTS_DEFAULT_POOL_NODES;
    if (ai_level_or_default(level) == AI_MCTS_TIMED)
        nodes = MCTS_TIMED_POOL_NODES;
    return nodes;
}

size_t ai_level_pool_bytes(AiLevel level)
{
    return (size_t)ai_level_pool_nodes(level) * sizeof(mcts_node_t);
}

ai_t *ai_create(const AiConfig *cfg)
{
    AiConfig zero = {0};
    if (!cfg)
        cfg = &zero;
    ai_t *ai = calloc(1, sizeof *ai);
    if (!ai)
        return NULL;
    int pool = cfg->pool_nodes > 0 ? cfg->pool_nodes : ai_level_pool_nodes(cfg->level);
    if (mcts_init(&ai->mcts, pool) != 0) {
        free(ai);
        return NULL;
    }
    ai->level = ai_level_or_default(cfg->level);
    ai->playouts = cfg->playouts > 0 ? cfg->playouts : MCTS_SIMULATIONS;
    ai->time_ms = cfg->time_ms > 0 ? cfg->time_ms : 0;
    ai_set_seed(ai, cfg->seed);
    return ai;
}

void ai_destroy(ai_t *ai)
{
    if (!ai)
        return;
    mcts_free(&ai->mcts);
    free(ai);
}

void ai_set_seed(ai_t *ai, uint64_t seed)
{
    rng_seed(&ai->rng, seed ? seed : 1);
}

void ai_set_level(ai_t *ai, AiLevel level) { ai->level = ai_level_or_default(level); }

void ai_set_playouts(ai_t *ai, int playouts)
{
    ai->playouts = playouts > 0 ? playouts : MCTS_SIMULATIONS;
}

void ai_set_time_ms(ai_t *ai, int time_ms) { ai->time_ms = time_ms > 0 ? time_ms : 0; }

void ai_set_resign(ai_t *ai, int on) { ai->resign_off = !on; }

void ai_request_stop(ai_t *ai) { atomic_store(&ai->mcts.stop, 1); }

void ai_last_stats(const ai_t *ai, AiStats *out) { *out = ai->stats; }

size_t ai_pool_bytes(const ai_t *ai) { return (size_t)ai->mcts.pool_size * sizeof(mcts_node_t); }

static Move ai_move_from_point(int p)
{
    Move m = {-1, -1, 1};
    if (p != BOARD_PASS_POINT) {
        m.row = board_point_row(p);
        m.col = board_point_col(p);
        m.pass = 0;
    }
    return m;
}

/* Level 1 (§3.5): uniformly random among the legal points that do not fill
 * one of its own one-point eyes (board_is_eye, as level 2's P0); pass when
 * none is left.  The seed says only "random legal move", but a player who
 * passes every move against one that fills its own eyes never sees the game
 * end: it fills them all and its stones are captured by its own hand. */
static int ai_choose_random(ai_t *ai, const BoardState *b)
{
    int legal[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int n = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int p = board_point(r, c);
            if (board_check_point(b, b->turn, p) == MOVE_OK && !board_is_eye(b, b->turn, p))
                legal[n++] = p;
        }
    return n ? legal[rng_below(&ai->rng, n)] : BOARD_PASS_POINT;
}

/* Level 2 heuristic score of a legal move p (P3 + P2 + P1, see top). */
static int ai_greedy_score(const BoardState *b, int p)
{
    BoardState after;
    Stone me = b->turn, opp = stone_opponent(me);
    /* Own groups in atari before the move, by one of their stones. */
    int atari_own[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int n_atari = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int q = board_point(r, c);
            if (b->color[q] == me && b->group[q] == q && b->libs[q] == 1)
                atari_own[n_atari++] = q;
        }
    /* Opponent groups next to p with two or more liberties. */
    int adj_opp[4];
    int n_adj = 0;
    int nb[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};
    for (int i = 0; i < 4; i++) {
        int q = nb[i];
        if (b->color[q] != opp || b->libs[b->group[q]] < 2)
            continue;
        int g = b->group[q], dup = 0;
        for (int k = 0; k < n_adj; k++)
            dup |= adj_opp[k] == g;
        if (!dup)
            adj_opp[n_adj++] = g;
    }
    board_copy(&after, b);
    int captured = board_play_point(&after, me, p);
    int score = 10 * captured;
    for (int i = 0; i < n_atari; i++)
        if (after.color[atari_own[i]] == me && after.libs[after.group[atari_own[i]]] >= 2) {
            score += 8;
            break;
        }
    for (int k = 0; k < n_adj; k++)
        if (after.color[adj_opp[k]] == opp && after.libs[after.group[adj_opp[k]]] == 1)
            score += 2;
    return score;
}

/* Level 2 (§3.6). */
static int ai_choose_greedy(ai_t *ai, const BoardState *b)
{
    int best[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int n_best = 0, best_score = 0;
    int legal[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    int n_legal = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int p = board_point(r, c);
            if (board_check_point(b, b->turn, p) != MOVE_OK)
                continue;
            legal[n_legal++] = p;
            int s = ai_greedy_score(b, p);
            if (s > best_score) {
                best_score = s;
                n_best = 0;
            }
            if (s > 0 && s == best_score)
                best[n_best++] = p;
        }
    if (n_best > 0)
        return best[rng_below(&ai->rng, n_best)];
    /* P0 leaves out moves that fill one of its own one-point eyes (the
     * seed says only "random legal move"; filling its eyes let level 1 win
     * one game in eight), and passes when only those are left. */
    int kept = 0;
    for (int i = 0; i < n_legal; i++)
        if (!board_is_eye(b, b->turn, legal[i]))
            legal[kept++] = legal[i];
    n_legal = kept;
    if (n_legal == 0)
        return BOARD_PASS_POINT;
    /* P0: random 0..2 plus a centre bonus of 1. */
    int centre = (b->size - 1) / 2, radius = b->size / 4;
    best_score = -1;
    for (int i = 0; i < n_legal; i++) {
        int p = legal[i];
        int dr = abs(board_point_row(p) - centre), dc = abs(board_point_col(p) - centre);
        int s = rng_below(&ai->rng, 3) + ((dr > dc ? dr : dc) <= radius ? 1 : 0);
        if (s > best_score) {
            best_score = s;
            n_best = 0;
        }
        if (s == best_score)
            best[n_best++] = p;
    }
    return best[rng_below(&ai->rng, n_best)];
}

/* Levels 3 and 4 and the end of the game (docs/engine.md).  Playouts score the board
 * as it stands, so after the opponent's pass every move that keeps the
 * area looks as good as a pass, and a search that goes on playing inside
 * its own territory can spoil its eyes.  The end is therefore decided by
 * the score a referee gives once dead stones are removed. */
static int ai_choose_mcts(ai_t *ai, const BoardState *b)
{
    int sign = b->turn == BLACK ? 1 : -1;
    if (b->move_number < ai->last_move_number)
        ai->hopeless_streak = 0; /* a new game */
    ai->last_move_number = b->move_number;
    if (b->consecutive_passes > 0 && sign * go_status_margin2(b) > 0) {
        /* Passing ends the game, and the game is ours. */
        ai->hopeless_streak = 0;
        ai->stats.win_rate = 1.0;
        return BOARD_PASS_POINT;
    }
    int time_ms = ai->time_ms;
    if (time_ms <= 0 && ai->level == AI_MCTS_TIMED)
        time_ms = AI_TIMED_MS;
    int p = mcts_search(&ai->mcts, b, ai->playouts, time_ms, &ai->rng);
    ai->stats.simulations = ai->mcts.last_simulations;
    ai->stats.nodes_used = mcts_pool_used(&ai->mcts);
    ai->stats.reused = ai->mcts.last_reused;
    ai->stats.threads = ai->mcts.last_threads;
    ai->stats.win_rate = ai->mcts.last_win_rate;
    if (p == BOARD_PASS_POINT && b->consecutive_passes > 0)
        p = mcts_best_non_pass(&ai->mcts); /* that pass would end a lost game */
    if (ai->stats.simulations >= AI_RESIGN_MIN_SIMULATIONS &&
        ai->stats.win_rate < AI_RESIGN_WIN_RATE &&
        b->size * b->size - b->n_empty >= AI_RESIGN_MIN_STONES &&
        sign * go_status_margin2(b) < 0)
        ai->hopeless_streak++;
    else
        ai->hopeless_streak = 0;
    ai->stats.resign = !ai->resign_off && ai->hopeless_streak >= AI_RESIGN_STREAK;
    return p;
}

Move ai_choose(ai_t *ai, const BoardState *b)
{
    int p;
    atomic_store(&ai->mcts.stop, 0);
    memset(&ai->stats, 0, sizeof ai->stats);
    switch (ai->level) {
    case AI_RANDOM:
        p = ai_choose_random(ai, b);
        break;
    case AI_GREEDY:
        p = ai_choose_greedy(ai, b);
        break;
    default:
        p = ai_choose_mcts(ai, b);
        break;
    }
    return ai_move_from_point(p);
}

Move ai_get_move(const BoardState *b, AiLevel level)
{
    static ai_t *shared[AI_MCTS_TIMED + 1];
    level = ai_level_or_default(level);
    if (!shared[level]) {
        AiConfig cfg = {.level = level, .seed = 1};
        shared[level] = ai_create(&cfg);
        if (!shared[level]) {
            Move pass = {-1, -1, 1};
            return pass;
        }
    }
    return ai_choose(shared[level], b);
}

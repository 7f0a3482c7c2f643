/*
 * gomoku_ai.h - the computer player for Gomoku (seed 002 §3.3).
 *
 *   level 1, 2  seed 002's alpha-beta with its 15-case evaluation table
 *               (table 3.1), searched 2 and 3 plies deep (gomoku_ai_seed.c);
 *   level 3     threat-space search (VCF, then VCT) over a pattern
 *               evaluation, then alpha-beta on the best candidates
 *               (gomoku_ai.c).
 *
 * Every level plays by g's rule: under renju Black's AI never picks a
 * forbidden point (levels 1-2 filter them at the root: the seed's AI did not
 * know them).  Usage:
 *
 *     gomoku_budget_t budget = {.max_nodes = 200000, .max_ms = 2000};
 *     gomoku_ai_info_t info;
 *     int point = gomoku_ai_move(&game, 3, seed, &budget, &info);
 *     if (point >= 0) gomoku_play(&game, point);
 */
#ifndef TABLETOP_GOMOKU_AI_H
#define TABLETOP_GOMOKU_AI_H

#include <stdint.h>

#include "gomoku.h"

#define GOMOKU_AI_LEVEL_MIN 1
#define GOMOKU_AI_LEVEL_MAX 3

/* Bounds on one decision; a zero field means the level's default.  The move
 * returned is always legal: when the budget runs out the best move found so
 * far is played. */
typedef struct gomoku_budget {
    long max_nodes; /* positions visited (default: level 1 none, 2 none, 3 400000) */
    int max_ms;     /* wall-clock milliseconds (default: no limit) */
} gomoku_budget_t;

/* What the AI did, for benches, screens and the protocol's MESSAGE lines. */
typedef struct gomoku_ai_info {
    long nodes;      /* positions visited */
    int depth;       /* plies of the deepest completed alpha-beta iteration */
    int score;       /* the chosen move's value for the side to move */
    const char *why; /* "five", "block", "vcf", "vct", "defend", "search", "seed", "opening" */
    int out_of_budget; /* 1 if a bound cut the search short */
} gomoku_ai_info_t;

/* The point (0..224) the side to move plays in g at level 1-3 (other levels
 * are clamped), or GOMOKU_NO_POINT when the game is over or the board full.
 * seed varies level 3's choice among moves of equal value (levels 1-2 are the
 * seed's deterministic scan); budget and info may be NULL.  The first
 * level-3 call fills two shared pattern tables (about 120 KB, a few ms):
 * make that first call from one thread only. */
int gomoku_ai_move(const gomoku_t *g, int level, uint64_t seed, const gomoku_budget_t *budget,
                   gomoku_ai_info_t *info);

/* For the tests: sets and lifts stones at random (seed; steps of them) in
 * level 3's search state, which each stone updates only near itself, and
 * compares that state after every step with one built afresh from the same
 * board: line keys and patterns, values, tiers, Black's forbidden points,
 * the totals and the position key.  Returns the number of differences (0
 * when the updates are sound), or -1 without memory. */
long gomoku_ai_selfcheck(int rule, uint64_t seed, int steps);

/* Seed 002's CalculateValue: the table 3.1 score of a stone of player at the
 * empty point, summed over the four lines (count of player's stones joined
 * through the point, each end open or blocked).  Positive always; the seed's
 * sign for the human side is applied by the search. */
int gomoku_seed_value(const gomoku_t *g, int point, int player);

/* Table 3.1: stones joined (1-5, more counts as 5) and open ends (0-2). */
int gomoku_seed_table(int count, int open_ends);

#endif

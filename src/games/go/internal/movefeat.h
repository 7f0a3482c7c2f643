/*
 * movefeat.h - private to src/games/go: the features of a candidate move
 * and their learned weights, for the tree's prior knowledge (mcts.c).
 *
 * A move is described by five features, one from each group:
 *   - shape: its eight neighbours, each seen from the mover (the four
 *     next to it: empty, off board, own or enemy stones in atari or not;
 *     the four diagonals: empty, off board, own, enemy), the same for all
 *     eight symmetries of the square;
 *   - tactic: capture of one stone, of more, saving an own group in atari,
 *     self-atari, putting an enemy group in atari, or none;
 *   - distance from the last move in the common-fate graph: 1, 2, 3, more,
 *     or no last move;
 *   - line: the distance to the nearest edge, 0 (the first line) to 4 or
 *     more;
 *   - big pattern: the 20 points within two steps (below), each empty,
 *     off board, own or enemy, the same for all eight symmetries; only
 *     the patterns seen often enough in the records have a strength of
 *     their own (issue 30).
 * Each feature value has a strength (gamma); a move's strength is their
 * product, and the chance that a player picks it among the legal moves
 * is its strength over their sum (a generalised Bradley-Terry model,
 * Remi Coulom, "Computing Elo Ratings of Move Patterns in the Game of
 * Go", ICGA Journal 30(4), 2007).  The strengths were fitted by his
 * minorization-maximization on public game records by tools/go_train.c
 * and are written in go_move_weights.c as natural logarithms.
 */
#ifndef TABLETOP_GO_MOVEFEAT_H
#define TABLETOP_GO_MOVEFEAT_H

#include <stdint.h>

#include "../board.h"

/* A shape's raw code: the four sides (N, E, S, W) in base 6, then the
 * four corners (NE, SE, SW, NW) in base 4. */
#define MOVEFEAT_RAW_SHAPES (6u * 6u * 6u * 6u * 4u * 4u * 4u * 4u) /* 331,776 */

enum {
    MOVEFEAT_TACTIC_NONE = 0,
    MOVEFEAT_TACTIC_CAPTURE_ONE,
    MOVEFEAT_TACTIC_CAPTURE_MANY,
    MOVEFEAT_TACTIC_ESCAPE,     /* an own group in atari gets two liberties or more */
    MOVEFEAT_TACTIC_SELF_ATARI, /* the stone's group is left with one liberty */
    MOVEFEAT_TACTIC_ATARI,      /* an enemy group is left with one liberty */
    MOVEFEAT_TACTICS
};
#define MOVEFEAT_DISTS 5 /* 0: no last move; 1..3; 4: farther */
#define MOVEFEAT_LINES 5 /* 0..3; 4: farther from every edge */

/* The big pattern: the 20 points within two steps of the move in both
 * directions (a 5x5 square without its centre and corners), each empty
 * (0), off the board (1), own (2) or enemy (3), two bits a point in the
 * order movefeat.c lists them: a raw code below 2^40. */
#define MOVEFEAT_BIG_POINTS 20

typedef struct movefeat {
    uint64_t big;   /* raw code; movefeat_big_canonical gives its class */
    uint32_t shape; /* raw code; movefeat_canonical gives its class */
    uint8_t tactic;
    uint8_t dist;
    uint8_t line;
} movefeat_t;

/* Builds the lookup tables; every caller may call it, only the first
 * builds (thread-safe). */
void movefeat_init(void);

/* The least raw code among the eight symmetries of raw. */
uint32_t movefeat_canonical(uint32_t raw);

/* The least raw code among the eight symmetries of a big pattern. */
uint64_t movefeat_big_canonical(uint64_t raw);

/* Common-fate-graph distances from the board's last move, capped at 4
 * (all 4 when there is none): a step to a neighbour costs 1, except along
 * the stones of one group (0).  dist is indexed by point. */
void movefeat_cfg_distance(const BoardState *s, uint8_t *dist);

/* The features of color playing the empty, legal point p; cfg from
 * movefeat_cfg_distance (NULL: no last move).  After movefeat_init. */
void movefeat_of(const BoardState *s, Stone color, int p, const uint8_t *cfg, movefeat_t *f);

/* The natural logarithm of the move's strength (after movefeat_init). */
float movefeat_log_gamma(const movefeat_t *f);

/* The fitted weights (go_move_weights.c, written by tools/go_train.c):
 * shapes sorted by code; a shape not listed takes go_move_other_shape. */
extern const uint32_t go_move_shape_code[];
extern const float go_move_shape_weight[];
extern const unsigned go_move_shape_count;
extern const float go_move_other_shape;
extern const float go_move_tactic_weight[MOVEFEAT_TACTICS];
extern const float go_move_dist_weight[MOVEFEAT_DISTS];
extern const float go_move_line_weight[MOVEFEAT_LINES];
/* Big patterns sorted by canonical code; one not listed takes 0. */
extern const uint64_t go_move_big_code[];
extern const float go_move_big_weight[];
extern const unsigned go_move_big_count;

#endif

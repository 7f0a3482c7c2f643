/*
 * board_private.h - the fast internals of board.c shared with the AI and the
 * playouts (ai.c, playout.c, mcts.c).  Not part of the public API: callers
 * outside src/games/go use board.h only.
 *
 * Points are indices into the padded 1-D arrays of BoardState:
 * point = (row + 1) * BOARD_STRIDE + (col + 1); 0 is never on the board, so
 * it doubles as "no point".  BOARD_PASS_POINT stands for a pass in move
 * lists and trees.
 */
#ifndef TABLETOP_GO_BOARD_PRIVATE_H
#define TABLETOP_GO_BOARD_PRIVATE_H

#include "../board.h"

#include <stdlib.h>

#define BOARD_BORDER 3
#define BOARD_PASS_POINT 0

static inline int board_point(int row, int col) { return (row + 1) * BOARD_STRIDE + (col + 1); }
static inline int board_point_row(int p) { return p / BOARD_STRIDE - 1; }
static inline int board_point_col(int p) { return p % BOARD_STRIDE - 1; }

/* Legality of color at point p (p on the board): MOVE_OK or the reason.
 * Ignores game_over (GTP may resume a finished game).  Inline because
 * playouts call it for nearly every candidate point. */
static inline MoveResult board_check_point(const BoardState *b, Stone color, int p)
{
    const uint8_t *c = b->color;
    if (c[p] != EMPTY)
        return c[p] == BOARD_BORDER ? MOVE_ILLEGAL_OFF_BOARD : MOVE_ILLEGAL_OCCUPIED;
    int lives = 0;
    if (c[p - 1] == EMPTY || c[p + 1] == EMPTY || c[p - BOARD_STRIDE] == EMPTY ||
        c[p + BOARD_STRIDE] == EMPTY)
        lives = 1;
    else {
        int opp = 3 - color;
        int nb[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            int l = b->libs[b->group[q]];
            if ((c[q] == color && l > 1) || (c[q] == opp && l == 1))
                lives = 1; /* joins a group with another liberty, or captures */
        }
    }
    if (!lives)
        return MOVE_ILLEGAL_SUICIDE;
    if (p == b->ko_point && color == b->ko_color)
        return MOVE_ILLEGAL_KO;
    return MOVE_OK;
}

/* Plays color at p, which board_check_point found legal: captures, hash,
 * ko, counters and turn as board_play.  Returns the stones captured. */
int board_play_point(BoardState *b, Stone color, int p);

/* 1 if p is a one-point eye of color under the reference-bot rule: all four
 * neighbours are color or off board, and the diagonals hold at most one
 * enemy stone for an interior point and none for an edge or corner point. */
static inline int board_is_eye(const BoardState *b, Stone color, int p)
{
    const uint8_t *c = b->color;
    int opp = 3 - color;
    if ((c[p - 1] != color && c[p - 1] != BOARD_BORDER) ||
        (c[p + 1] != color && c[p + 1] != BOARD_BORDER) ||
        (c[p - BOARD_STRIDE] != color && c[p - BOARD_STRIDE] != BOARD_BORDER) ||
        (c[p + BOARD_STRIDE] != color && c[p + BOARD_STRIDE] != BOARD_BORDER))
        return 0;
    int enemy = 0, border = 0;
    int d[4] = {p - BOARD_STRIDE - 1, p - BOARD_STRIDE + 1, p + BOARD_STRIDE - 1,
                p + BOARD_STRIDE + 1};
    for (int i = 0; i < 4; i++) {
        if (c[d[i]] == opp)
            enemy++;
        else if (c[d[i]] == BOARD_BORDER)
            border = 1;
    }
    return border ? enemy == 0 : enemy <= 1;
}

/* Liberties (capped at 2) of the group a stone of color at empty p would
 * form; 2 as well if the move captures.  *stones gets the size of that
 * group when the answer is below 2.  Playouts and tree priors use it to
 * spot self-atari. */
int board_libs_after(const BoardState *b, Stone color, int p, int *stones);

/* Liberties of the group holding the stone at p (exact, kept incrementally). */
static inline int board_group_libs(const BoardState *b, int p) { return b->libs[b->group[p]]; }

/* Area score in half points (2*(black - white) - komi2) of a board where
 * every empty point is surrounded by one colour, as at the end of a
 * playout: empty points count for the colour of their first neighbour. */
int board_score_playout(const BoardState *b);

/* Whether k points (rows r[], columns c[]), the stones of a chain thrown
 * into the enemy's eye space and left in atari there, leave after their
 * capture a space that makes one eye only once the thrower plays its vital
 * point (a nakade): any two or three points; of four the square and the
 * pyramid (one point next to the three others); of five the bulky five
 * (the square and one more: the one shape of five with a cycle) and the
 * crossed five (one point next to the four others).  The straight, bent
 * and zigzag fours and the other fives make two eyes. */
static inline int board_nakade_shape(const int *r, const int *c, int k)
{
    if (k < 2 || k > 5)
        return 0;
    if (k <= 3)
        return 1;
    int deg[5] = {0}, edges = 0, max_deg = 0;
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (abs(r[i] - r[j]) + abs(c[i] - c[j]) == 1) {
                deg[i]++;
                deg[j]++;
                edges++;
            }
    for (int i = 0; i < k; i++)
        if (deg[i] > max_deg)
            max_deg = deg[i];
    return k == 4 ? edges == 4 || max_deg == 3 : edges == 5 || max_deg == 4;
}

/* The nakade test of both playout boards (pboard.c's pb_safe, playout.c's
 * playout_safe), whose points are both (row + 1) * stride + col + 1 over a
 * colour array with 3 off the board: whether mover's stone at empty p,
 * making with its neighbours the chain pts[0..k) (p first, 2 to 5 stones)
 * left with one liberty, is thrown into the enemy's eye space as a nakade.
 * That liberty must touch nothing but enemy stones, the edge and the chain
 * (so the chain and its liberty are the whole space), and the chain's
 * points a shape that makes one eye (board_nakade_shape). */
static inline int board_nakade_throw_in(const uint8_t *color, int stride, int mover, int p,
                                        const int *pts, int k)
{
    const int off[4] = {-1, 1, -stride, stride};
    int lib = 0;
    for (int j = 0; j < k && !lib; j++)
        for (int i = 0; i < 4; i++) {
            int t = pts[j] + off[i];
            if (color[t] == EMPTY && t != p)
                lib = t;
        }
    if (!lib)
        return 0;
    for (int i = 0; i < 4; i++) {
        int t = lib + off[i], in_chain = 0;
        if (t == p || color[t] == 3 - mover || color[t] == BOARD_BORDER)
            continue;
        for (int j = 0; j < k; j++)
            in_chain |= color[t] == mover && pts[j] == t;
        if (!in_chain)
            return 0;
    }
    int r[5], c[5];
    for (int j = 0; j < k; j++) {
        r[j] = pts[j] / stride - 1;
        c[j] = pts[j] % stride - 1;
    }
    return board_nakade_shape(r, c, k);
}

#endif

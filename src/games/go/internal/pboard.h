/*
 * pboard.h - private to src/games/go: the 9x9 playout board.
 *
 * A board that only knows what a random playout asks: where the
 * stones are, which moves are legal, which points are one-point eyes, and
 * the area score at the end.  It keeps none of the game record the full
 * BoardState keeps (hashes, prisoners, last move, exact liberties), so a
 * move costs a handful of byte updates:
 *
 *   - a 10-wide layout with one shared border column: point (r, c) is
 *     (r + 1) * 10 + c + 1, 11..99, borders around it; 112 bytes an array;
 *   - pseudo-liberties per chain: the count of (stone, empty neighbour)
 *     pairs, with the sum and the sum of squares of those empty points.  A
 *     chain is in atari exactly when all its pseudo-liberties are the same
 *     point, that is when count * sumsq == sum * sum (Cauchy-Schwarz holds
 *     with equality only for equal terms), and that point is sum / count.
 *     The moves ask the narrower "is p its only liberty": the word equals
 *     count times p's word (then the squares about p sum to zero), one
 *     multiply;
 *   - packed neighbour counts per point (empty, black-or-border,
 *     white-or-border in three nibbles), so "has an empty neighbour" and
 *     "all four neighbours are mine" are one load each;
 *   - the empty points in a list, for uniform random picks (drawn without
 *     replacement: a rejected point is swapped behind the part still
 *     drawn from, so each candidate is equally likely);
 *   - black stones minus white stones, kept as moves are made, so that
 *     the score reads only the empty points;
 *   - per point, the 3x3 code of its eight neighbours and whether it is an
 *     empty point at the centre of a MoGo shape, both kept as stones come
 *     and go, so the heuristic policy's shape rule reads one byte a point.
 *
 * The reference policy is the engine's (playout.h): uniformly random legal
 * move that does not fill the mover's own one-point eye (board_is_eye's
 * definition), suicide illegal, simple ko, two passes end, the same cap on
 * plies.  pboard_check() compares every structure with a recount from
 * scratch (the tests run it after every move of thousands of playouts).
 */
#ifndef TABLETOP_GO_PBOARD_H
#define TABLETOP_GO_PBOARD_H

#include <stdint.h>

#include "../board.h"
#include "rng.h"

#define PB_SIZE 9
#define PB_W 10    /* row stride: 9 points and a border shared by both sides */
#define PB_PTS 112 /* (9 + 2) * 10 + 2: every point and every border read */
#define PB_PASS 0  /* not a point: point 0 is a border */

/* Neighbour-count nibbles: bits 0-3 empty, 4-7 black or border, 8-11 white
 * or border. */
#define PB_NB_EMPTY_MASK 0x00Fu

/* Per chain, kept at its root.  The pseudo-liberties are one word:
 * count in bits 0-7 (<= 162 on 9x9), the sum of their points in bits 8-23
 * (<= 16038), the sum of squares from bit 24 (<= 1587762), so that adding
 * or removing a liberty is one addition of a per-point constant; every
 * field of a real chain stays non-negative at every step, so no borrow
 * ever crosses.  The slots of empty and border points take the same
 * additions unconditionally (no branch on the neighbour's colour) and hold
 * garbage that nothing reads. */

#define PB_LIB_COUNT(w) ((unsigned)((w)&0xFFu))
#define PB_LIB_SUM(w) ((unsigned)(((w) >> 8) & 0xFFFFu))
#define PB_LIB_SUMSQ(w) ((uint64_t)((w) >> 24))

typedef struct pboard {
    uint8_t color[PB_PTS]; /* EMPTY, BLACK, WHITE, 3 = border */
    uint8_t chain[PB_PTS]; /* a stone's chain (its root point); an empty or
                              border point names itself: its lib[] slot is
                              scratch until a stone is placed there */
    uint8_t next[PB_PTS];  /* circular list of a chain's stones */
    uint16_t nbc[PB_PTS];  /* packed neighbour counts (see above) */
    uint64_t lib[PB_PTS];  /* a chain's packed pseudo-liberties, at its root;
                              scratch at empty and border points */
    uint8_t stones[PB_PTS]; /* a chain's stones, at its root */
    uint8_t empty[PB_SIZE * PB_SIZE]; /* the empty points, in no order */
    uint8_t epos[PB_PTS]; /* an empty point's position in empty[]; stale
                             at other points */
    uint8_t n_empty;
    uint8_t ko;       /* point the side ko_color may not play, or 0 */
    uint8_t ko_color; /* BLACK or WHITE, 0 with no ko */
    uint8_t turn;     /* side to move */
    uint8_t passes;   /* consecutive passes so far (0, 1, 2) */
    int16_t komi2;    /* komi in half points */
    int16_t sdiff;    /* black stones minus white stones */
    uint8_t shapes;   /* 1: code[] and shape[] below are kept; 0 once a
                         reference playout or a ladder read, which reads
                         neither, has played without them */
    /* Last, so that a ladder read copies the board without them. */
    uint16_t code[PB_PTS]; /* the colours of the eight neighbours as
                              pattern3_code reads them; garbage at border
                              points */
    uint8_t shape[PB_PTS]; /* 1 at an empty point whose code is a MoGo
                              shape (pattern3_match_code), else 0 */
} pboard_t;

/* Point of (row, col), row 0 at the top as board.h. */
static inline int pb_point(int row, int col) { return (row + 1) * PB_W + col + 1; }
static inline int pb_row(int p) { return p / PB_W - 1; }
static inline int pb_col(int p) { return p % PB_W - 1; }

/* An empty 9x9 board, Black to move, komi in half points. */
void pboard_init(pboard_t *b, int komi2);

/* The playout board of a 9x9 BoardState (stones, side to move, simple ko,
 * passes, komi).  Returns 0, or -1 for any other size. */
int pboard_from_board(pboard_t *b, const BoardState *src);

/* Whether color may play at empty point p: not simple ko, not suicide. */
int pboard_legal(const pboard_t *b, int color, int p);

/* Whether empty p is color's one-point eye (board_is_eye's definition:
 * four own or border neighbours; no enemy diagonal on the edge, at most one
 * in the middle). */
int pboard_is_eye(const pboard_t *b, int color, int p);

/* Plays a legal move of color at p (pboard_legal said so); returns the
 * stones captured.  The turn goes to the other side. */
int pboard_play(pboard_t *b, int color, int p);

/* Passes for the side to move. */
void pboard_pass(pboard_t *b);

/* A uniformly random legal move for color that is not its own one-point
 * eye, or PB_PASS.  Reorders the empty list only. */
int pboard_pick(pboard_t *b, int color, rng_t *rng);

/* Area score as the engine's playout score (board_score_playout): stones,
 * plus each empty point whose neighbours hold one colour only; returns
 * 2 * (black - white) - komi2, in half points. */
int pboard_score(const pboard_t *b);

/* Plays the reference policy to the end (two passes, or max_plies plies,
 * passes included), without keeping the 3x3 codes (b->shapes becomes 0:
 * the heuristic policy cannot go on from there).  *plies (if not NULL)
 * gets the plies played.  Returns
 * the final margin in half points (> 0: Black wins). */
int pboard_playout(pboard_t *b, int max_plies, rng_t *rng, int *plies);

/* The heuristic policy (playout.h's PLAYOUT_HEURISTIC, playout.c's rules
 * in its order: the tactical answer to the last stone, a MoGo shape next to
 * it or to the mover's previous stone, a capture, else a random candidate
 * that is no self-atari of two or more stones unless a nakade:
 * pboard_safe), played to the end as pboard_playout.  last is the last
 * stone played before the playout (0 after a pass or at the start).  With
 * moves, each stone played is appended as a BoardState point with bit 15
 * set for White, and *n_moves counts them (AMAF).  Returns the final margin
 * in half points. */
int pboard_playout_heuristic(pboard_t *b, int last, int max_plies, rng_t *rng, uint16_t *moves,
                             int *n_moves);

/* The last stone of a 9x9 BoardState as a playout board point (the `last`
 * above), or 0 after a pass, at the start, or on another size. */
int pboard_last_stone(const BoardState *src);

/* One ply of that policy for color: a point, or PB_PASS.  mine is color's
 * own previous stone (0 if none), first_plies non-zero during a playout's
 * first two plies (captures are then looked for on the whole board). */
int pboard_pick_heuristic(pboard_t *b, int color, int last, int mine, int first_plies,
                          rng_t *rng);

/* board_libs_after on the playout board: 0, 1 or 2 (two or more, or the
 * move captures); *stones gets the chain's size when the answer is below 2. */
int pboard_libs_after(const pboard_t *b, int color, int p, int *stones);

/* The heuristic policy's rule on the playout board, as playout_safe. */
int pboard_safe(const pboard_t *b, int color, int p);

/* The one liberty of the chain holding the stone at p when it is in atari,
 * else 0. */
int pboard_atari_lib(const pboard_t *b, int p);

/* Whether color's chain at stone, in atari, extended on its liberty t to
 * exactly two liberties, is taken by a ladder (the heuristic policy does
 * not run into one): successive ataris by the enemy, each escape by
 * extension or by taking an enemy chain in atari, read up to 24 steps and
 * 64 ataris. */
int pboard_extension_laddered(const pboard_t *b, int color, int stone, int t);

/* Recounts every incremental structure from scratch (colours, chains by
 * flood fill, pseudo-liberty count/sum/sum of squares, neighbour counts,
 * the empty list, the 3x3 codes and shapes where b->shapes says they are
 * kept) and compares.  Returns 0 when all agree,
 * else -1 with the first difference in err. */
int pboard_check(const pboard_t *b, char *err, int errlen);

#endif

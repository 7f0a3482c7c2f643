/*
 * gomoku.h - Gomoku 15x15 as pure logic (seed 002 §3.3): no I/O, no HAL.
 *
 * Points are numbered 0..224 as row * 15 + col, row 0 the BOTTOM row and
 * col 0 the LEFT column.  Players see them as a letter a-o (column, no letter
 * skipped) and a number 1-15 (row, from the bottom): a1 is the bottom-left
 * corner, h8 the centre, o15 the top-right corner (the renju convention).
 *
 * Rules (gomoku_init's rule, the numbers of the Gomocup protocol's INFO rule):
 *   GOMOKU_RULE_FREESTYLE (0)  five or more in a row wins, for both sides;
 *   GOMOKU_RULE_STANDARD  (1)  exactly five wins; an overline wins nothing;
 *   GOMOKU_RULE_RENJU     (4)  RIF renju: Black wins with exactly five and may
 *                              not play overline, double four or double three
 *                              (a forbidden move loses); White wins with five
 *                              or more; a five wins even when the same move
 *                              also makes a forbidden shape.
 * Black moves first.  The game changes only through gomoku_*() calls.
 */
#ifndef TABLETOP_GOMOKU_H
#define TABLETOP_GOMOKU_H

#include <stddef.h>
#include <stdint.h>

#ifndef GOMOKU_SIZE /* gomoku20.h builds the same sources at 20x20 */
#define GOMOKU_SIZE 15
#endif
#define GOMOKU_CELLS (GOMOKU_SIZE * GOMOKU_SIZE) /* 225 */
#define GOMOKU_NO_POINT (-1)

/* The padded board: 4 cells of wall round the 15x15 so that a walk of up to
 * four steps from any point needs no bounds check. */
#define GOMOKU_PAD 4
#define GOMOKU_STRIDE (GOMOKU_SIZE + 2 * GOMOKU_PAD) /* 23 */
#define GOMOKU_PADDED (GOMOKU_STRIDE * GOMOKU_STRIDE) /* 529 */

/* Cell values; a player is GOMOKU_BLACK or GOMOKU_WHITE. */
#define GOMOKU_EMPTY 0
#define GOMOKU_BLACK 1
#define GOMOKU_WHITE 2
#define GOMOKU_WALL 3
#define GOMOKU_DRAW 3 /* gomoku_t.winner when the board filled with no five */

enum {
    GOMOKU_RULE_FREESTYLE = 0,
    GOMOKU_RULE_STANDARD = 1,
    GOMOKU_RULE_RENJU = 4,
};

/* Black's forbidden shapes under renju (gomoku_forbidden). */
typedef enum gomoku_forbid {
    GOMOKU_FORBID_NONE = 0,
    GOMOKU_FORBID_DOUBLE_THREE,
    GOMOKU_FORBID_DOUBLE_FOUR,
    GOMOKU_FORBID_OVERLINE,
} gomoku_forbid_t;

/* Results of gomoku_play() and the parsers; 0 is success. */
typedef enum gomoku_status {
    GOMOKU_OK = 0,
    GOMOKU_ERR_RANGE,    /* point outside the board */
    GOMOKU_ERR_OCCUPIED, /* a stone is already there */
    GOMOKU_ERR_OVER,     /* the game has already ended */
    GOMOKU_ERR_SYNTAX,   /* not a point like h8 */
} gomoku_status_t;

/* How a finished game ended (gomoku_t.end). */
typedef enum gomoku_end {
    GOMOKU_END_NONE = 0,
    GOMOKU_END_FIVE,      /* the winner made five (renju: Black exactly five) */
    GOMOKU_END_FORBIDDEN, /* Black played a forbidden point under renju: White wins */
    GOMOKU_END_FULL,      /* the board filled: a draw */
} gomoku_end_t;

typedef struct gomoku {
    uint8_t b[GOMOKU_PADDED];      /* padded board: EMPTY, BLACK, WHITE, WALL */
    int16_t history[GOMOKU_CELLS]; /* points played (0..224), in order */
    int moves;                     /* entries in history (0..225) */
    int stones;                    /* stones on the board (moves + set stones) */
    int rule;                      /* GOMOKU_RULE_* (0, 1 or 4) */
    int to_move;                   /* GOMOKU_BLACK or GOMOKU_WHITE */
    int winner;                    /* 0 while playing; BLACK, WHITE or GOMOKU_DRAW */
    int end;                       /* gomoku_end_t */
    int forbid;                    /* gomoku_forbid_t of the losing move when end is FORBIDDEN */
} gomoku_t;

/* Empties the board under rule (0, 1 or 4; anything else is taken as 0);
 * Black to move. */
void gomoku_init(gomoku_t *g, int rule);

/* Plays the side to move at point (0..224).  Returns GOMOKU_OK (the game may
 * now be over: see winner), or an error and leaves the game unchanged.  Under
 * renju a forbidden point for Black is played and loses (seed 002's CheckBan;
 * RIF 9.2); ask gomoku_forbidden() first to refuse it instead. */
gomoku_status_t gomoku_play(gomoku_t *g, int point);

/* Passes the turn without a stone (seed 002: when the 30 s clock runs out
 * the turn goes to the other side).  Returns GOMOKU_OK or ERR_OVER.  Undo
 * takes back stones only: it gives the turn to the colour of the stone it
 * lifts, so a pass before it is undone with it. */
gomoku_status_t gomoku_pass(gomoku_t *g);

/* Takes back the last move played.  Returns 0, or -1 if there is none. */
int gomoku_undo(gomoku_t *g);

/* Puts a stone (or GOMOKU_EMPTY) on a point outside the move history, for
 * positions given as stone sets; the side to move and the result are left
 * for the caller (gomoku_set_to_move).  Returns GOMOKU_OK or ERR_RANGE. */
gomoku_status_t gomoku_set_stone(gomoku_t *g, int point, int stone);
void gomoku_set_to_move(gomoku_t *g, int player);

/* Changes the rule of the game in progress (0, 1 or 4; anything else is 0);
 * the stones stay. */
void gomoku_set_rule(gomoku_t *g, int rule);

/* The stone at point (0..224): EMPTY, BLACK or WHITE; WALL off the board. */
int gomoku_at(const gomoku_t *g, int point);

/* 1 if the side to move may play point now (on the board, empty, game not
 * over).  Forbidden points count as playable: they lose under renju. */
int gomoku_can_play(const gomoku_t *g, int point);

/* Black's forbidden shape at the empty point under renju, whatever g's rule
 * (GOMOKU_FORBID_NONE for an occupied or off-board point, or one where Black
 * makes five).  Overline is reported before double four, before double three.
 * A three counts only if it can become a straight four by a move that is not
 * itself forbidden (checked recursively). */
gomoku_forbid_t gomoku_forbidden(const gomoku_t *g, int point);

/* The name of a forbidden kind: "double-three", "double-four", "overline";
 * "none" for GOMOKU_FORBID_NONE. */
const char *gomoku_forbid_name(gomoku_forbid_t kind);

/* 1 if the player who just stone-played at point made a winning five there
 * under g's rule (for BLACK under renju: exactly five). */
int gomoku_makes_five(const gomoku_t *g, int point, int player);

/* Point <-> text.  Parsing accepts a-o (either case) then 1-15, with nothing
 * after; returns GOMOKU_OK and the point, or ERR_SYNTAX / ERR_RANGE.  Formatting
 * writes at most 4 bytes ("o15" and the NUL) into buf. */
gomoku_status_t gomoku_point_parse(const char *text, int *point);
void gomoku_point_format(int point, char buf[4]);

/* Padded index of a point (0..224) and back; the AI works on padded indices. */
static inline int gomoku_pad(int point)
{
    return (point / GOMOKU_SIZE + GOMOKU_PAD) * GOMOKU_STRIDE + point % GOMOKU_SIZE + GOMOKU_PAD;
}
static inline int gomoku_unpad(int idx)
{
    return (idx / GOMOKU_STRIDE - GOMOKU_PAD) * GOMOKU_SIZE + idx % GOMOKU_STRIDE - GOMOKU_PAD;
}

/* The four line directions on the padded board: horizontal, vertical and the
 * two diagonals. */
extern const int gomoku_dirs[4];

#endif

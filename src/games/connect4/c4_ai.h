/*
 * c4_ai.h - the seed 004 Connect Four AI as a C model, bit-exact with
 * rtl/connect4/connect4_ai.sv (tests/rtl/connect4 holds them equal).
 *
 * Input: the seed's 84-bit state as six 14-bit rows (rows[0] the bottom row,
 * cell (r, c) in bits [2c+1:2c]; 00 empty, 01 AI, 10 human, 11 treated as a
 * disc of nobody).  Output: the mailbox's move word (word 7):
 *
 *   bits [2:0]  column 0-6 (shown to players as 1-7); 7 = no legal move
 *   bits [6:4]  why (C4_AI_WHY_*), an extension for tests and the bench
 *
 * The decision, all in one clock in the RTL (docs/connect4.md has the
 * weights and every tie-break):
 *   - fewer than four AI discs on the board: the defensive module, i.e.
 *     moveDeterminer(state, AI): win, else block, else the column where the
 *     human would profit most;
 *   - otherwise the full module: win or block now; the only legal column;
 *     a trap (winFinder, two moves deep) unless it lets the human win; else
 *     the column that minimises the human's maximum value one move ahead
 *     (genStateFromColumn + moveDeterminer + findMinimum).
 * Ties go to the centre column first, then alternate outwards, left first:
 * columns 3, 2, 4, 1, 5, 0, 6.
 */
#ifndef TABLETOP_C4_AI_H
#define TABLETOP_C4_AI_H

#include <stdint.h>

#define C4_AI_ROWS 6
#define C4_AI_COLS 7

/* Cell codes of the seed's state. */
#define C4_AI_CELL_EMPTY 0u
#define C4_AI_CELL_AI 1u
#define C4_AI_CELL_HUMAN 2u

/* maxConnectFinder values (5 bits): a profit 0..16, or one of these. */
#define C4_AI_VALUE_BLOCK 30u /* the other player would connect four here */
#define C4_AI_VALUE_WIN 31u   /* the player to move connects four here */

/* Move word bits [6:4]: why this column was chosen. */
#define C4_AI_WHY_NONE 0u      /* no legal move: the board is full */
#define C4_AI_WHY_DEFENSIVE 1u /* first four AI moves: the defensive module */
#define C4_AI_WHY_NOW 2u       /* an immediate win or block */
#define C4_AI_WHY_ONLY 3u      /* the only column that is not full */
#define C4_AI_WHY_TRAP 4u      /* a winning trap two moves deep */
#define C4_AI_WHY_MINIMAX 5u   /* minimises the human's maximum value */

/* The defensive module is used while the AI has fewer discs than this. */
#define C4_AI_OPENING_DISCS 4

/* Column order for ties: centre first, then alternating outwards, left first. */
extern const uint8_t c4_ai_tie_order[C4_AI_COLS];

/* Everything the AI module computes on the way; the RTL exposes the same. */
typedef struct c4_ai_detail {
    uint8_t legal;       /* bit c: column c is not full */
    uint8_t ai_discs;    /* AI discs on the board (0..42) */
    uint8_t now_value;   /* moveDeterminer(state, AI): best value */
    uint8_t now_col;     /* ... and its column (7 if none) */
    uint8_t human_max[C4_AI_COLS]; /* after the AI plays c: the human's best value (0 if c is full) */
    uint8_t human_win;   /* bit c: after the AI plays c the human can connect four */
    uint8_t trap;        /* bit c: playing c sets a winning trap (winFinder) */
    uint8_t min_col;     /* findMinimum: the column minimising human_max (7 if none) */
    uint32_t move;       /* the move word */
} c4_ai_detail_t;

/* maxConnectFinder: the value of column col for player who (C4_AI_CELL_AI or
 * C4_AI_CELL_HUMAN) to drop a disc into: C4_AI_VALUE_WIN, C4_AI_VALUE_BLOCK,
 * or the weighted count of the other player's discs around the landing cell
 * (0..16).  *legal is set to 0 (and 0 returned) when the column is full. */
unsigned c4_ai_max_connect(const uint16_t rows[C4_AI_ROWS], int col, unsigned who, int *legal);

/* winFinder: bit c set when who connects four by dropping a disc in c. */
unsigned c4_ai_win_finder(const uint16_t rows[C4_AI_ROWS], unsigned who);

/* genStateFromColumn: out = rows with a disc of who dropped in col (a full
 * column leaves the state unchanged). */
void c4_ai_gen_state(const uint16_t rows[C4_AI_ROWS], int col, unsigned who,
                     uint16_t out[C4_AI_ROWS]);

/* The AI's decision for a state; fills d when it is not NULL.  Returns the
 * move word (see above). */
uint32_t c4_ai_decide(const uint16_t rows[C4_AI_ROWS], c4_ai_detail_t *d);

#endif

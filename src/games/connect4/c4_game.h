/*
 * c4_game.h - Connect Four 6x7 as pure logic (seed 004): no I/O, no HAL.
 *
 * Rows count from the bottom (row 0) to the top (row 5); columns from the
 * left (column 0, shown to players as 1) to the right (column 6, shown as 7).
 * Player 1 moves first.  The game changes only through c4_game_*() calls.
 *
 * The seed's 84-bit state (2 bits a cell: 00 empty, 01 AI, 10 human; six
 * 14-bit rows, column c in bits [2c+1:2c]) is produced by c4_game_state_rows()
 * for whichever player the AI is; the AI itself (c4_ai.h) sees only those
 * rows, as the RTL does.
 */
#ifndef TABLETOP_C4_GAME_H
#define TABLETOP_C4_GAME_H

#include <stddef.h>
#include <stdint.h>

#define C4_ROWS 6
#define C4_COLS 7
#define C4_CELLS (C4_ROWS * C4_COLS) /* 42 */

/* Cell and player values; a player is 1 or 2. */
#define C4_EMPTY 0
#define C4_P1 1
#define C4_P2 2

/* Results of c4_game_play() and c4_game_parse(); 0 is success. */
typedef enum c4_status {
    C4_OK = 0,
    C4_ERR_RANGE, /* column outside 1-7 (0-6 internally) */
    C4_ERR_FULL,  /* column already holds six discs */
    C4_ERR_OVER,  /* the game has already ended */
    C4_ERR_SYNTAX /* a position string with something other than digits 1-7 */
} c4_status_t;

typedef struct c4_game {
    uint8_t cell[C4_ROWS][C4_COLS]; /* C4_EMPTY, C4_P1 or C4_P2; [0] is the bottom row */
    uint8_t height[C4_COLS];        /* discs in each column (0..6) */
    uint64_t bits[3];               /* bitboards by player ([1], [2]); bit 7*c + r */
    uint8_t history[C4_CELLS];      /* columns played, 0-based */
    int moves;                      /* discs on the board (0..42) */
    int to_move;                    /* C4_P1 or C4_P2 */
    int winner;                     /* 0 while nobody has four, else the winning player */
    uint8_t win_cells[4][2];        /* (row, col) of a winning four when winner != 0 */
} c4_game_t;

/* Empties the board; player 1 to move. */
void c4_game_init(c4_game_t *g);

/* Drops a disc of the player to move in column col (0-6).  Returns C4_OK, or
 * an error and leaves the game unchanged. */
c4_status_t c4_game_play(c4_game_t *g, int col);

/* Takes back the last move.  Returns 0, or -1 if no move was played. */
int c4_game_undo(c4_game_t *g);

/* 1 if a disc can be dropped in col now (in range, not full, game not over). */
int c4_game_can_play(const c4_game_t *g, int col);

/* 1 when somebody has four in a row or the board is full. */
int c4_game_is_over(const c4_game_t *g);

/* Replays a position in Pascal Pons' notation: the columns played so far as
 * digits 1-7 from the empty board (e.g. "4453"; "" is the empty board).  A
 * move after a four, or into a full column, makes the position impossible.
 * Returns C4_OK, or an error with a one-line reason in err; g is only
 * changed on success. */
c4_status_t c4_game_parse(c4_game_t *g, const char *text, char *err, size_t errlen);

/* The seed's six 14-bit rows for an AI playing as player ai: rows[0] is
 * the bottom row (mailbox word 1), cell (r, c) in bits [2c+1:2c] of rows[r],
 * 01 for the AI's discs, 10 for the other player's. */
void c4_game_state_rows(const c4_game_t *g, int ai, uint16_t rows[C4_ROWS]);

#endif

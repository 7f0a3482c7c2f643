/*
 * othello.h - Othello (reversi) rules on 64-bit bitboards (seed 003).
 *
 * Squares: sq = row * 8 + col, row 0 the TOP row, col 0 the left column,
 * bit sq of a uint64_t.  This is the numbering of seed 003's ports (rows
 * from the top, columns from the left, from 0).  Names are "a1".."h8":
 * the letter is the column (a = col 0), the digit the row counted from 1
 * at the top, the convention of gtp-rhino (GRhino) and of most Othello
 * programs: the start position has d4 and e5 White, d5 and e4 Black, and
 * Black moves first (d3, c4, f5 or e6).
 *
 * A pass is a move (OTHELLO_PASS) allowed only when the side to move has no
 * legal move; the game ends when neither side has one (two passes in a
 * row need not be played).  The position changes only through othello_*().
 */
#ifndef TABLETOP_GAMES_OTHELLO_H
#define TABLETOP_GAMES_OTHELLO_H

#include <stdint.h>

enum { OTHELLO_BLACK = 0, OTHELLO_WHITE = 1 };

#define OTHELLO_PASS 64      /* the move "pass" */
#define OTHELLO_NO_MOVE (-1) /* "no move" (an error, or a finished game) */

/* A position: the discs of each colour and whose turn it is. */
typedef struct othello_board {
    uint64_t disc[2]; /* [OTHELLO_BLACK], [OTHELLO_WHITE]; start: e4|d5, d4|e5 */
    int to_move;      /* OTHELLO_BLACK or OTHELLO_WHITE */
} othello_board_t;

/* The standard start position, Black to move. */
void othello_board_start(othello_board_t *b);

/* Discs of o flipped when p plays on sq (0 when sq is not a legal move;
 * sq must be empty and 0..63). */
uint64_t othello_flips_of(uint64_t p, uint64_t o, int sq);

/* The side to move's legal moves (a square mask; 0 means pass or over). */
uint64_t othello_legal_moves(const othello_board_t *b);
/* 1 when neither side has a legal move. */
int othello_game_over(const othello_board_t *b);
/* 1 when move (0..63 or OTHELLO_PASS) is legal for the side to move. */
int othello_is_legal(const othello_board_t *b, int move);
/* Plays a legal move (0..63 or OTHELLO_PASS).  Returns 0, or -1 and
 * changes nothing when it is not legal. */
int othello_play(othello_board_t *b, int move);

/* Discs of a colour. */
int othello_count(const othello_board_t *b, int colour);
/* What is on sq: -1 empty, else the colour. */
int othello_at(const othello_board_t *b, int sq);

/* "a1".."h8" (either case) or "pass" -> 0..63 / OTHELLO_PASS; -1 if none. */
int othello_parse_move(const char *text);
/* Writes "d3" / "pass" into buf (4 bytes at least).  Returns buf. */
char *othello_format_move(int move, char *buf);

/* Leaves at depth plies from b: a pass is a ply, a finished game counts one
 * leaf wherever it ends.  depth 0 gives 1. */
uint64_t othello_perft(const othello_board_t *b, int depth);
/* The same count with a transposition table of 2^table_bits entries
 * (32 bytes each, allocated and freed here; table_bits below 1 or no memory:
 * othello_perft's plain count).  Positions reached again by another order
 * of moves are counted from the table, so not every leaf is visited. */
uint64_t othello_perft_table(const othello_board_t *b, int depth, int table_bits);

/* Builds a position from 64 characters row by row from the top (a1..h1,
 * a2..h2, ...): 'X'/'x'/'*' black, 'O'/'o' white, '.'/'-' empty; white space
 * is skipped.  Returns 0, or -1 on any other character or a wrong count. */
int othello_board_from_text(othello_board_t *b, const char *text, int to_move);

#endif

/*
 * opponent.h - one seam for every computer player the console can put
 * across the board, in the manner of Pachi's `struct engine`: a table of
 * functions and its data.  Behind it may stand a software search or an FPGA
 * block behind its driver (seed 004's Connect Four AI in the mailbox, seed
 * 003's Othello machine); a screen asks it for a move and never knows which
 * one answered.  Hardware opponents (opponents.h: opponent_c4.c,
 * opponent_othello.c) are built by the console core's console_hw_open()
 * from the command line: the core holds the HAL, a screen never does.
 *
 * A position and a move are the game's own: a Connect Four opponent takes a
 * `const c4_game_t *` and answers a column 0..6; an Othello opponent takes
 * a `const othello_opponent_position_t *` (othello session.h) and answers a
 * square 0..63 or OTHELLO_PASS.
 *
 * A screen finds its opponent in console_game.h's env (env->connect4_ai,
 * env->othello_machine; NULL: not on this console).
 *
 * Usage (given opponent_t *o, const void *position, int move):
 *   char err[128];
 *   int answer;
 *   o->new_game(o, err, sizeof err);   // before each game (a reset in logic)
 *   if (o->played)                     // a move of either side, if it keeps a position
 *       o->played(o, position, move, err, sizeof err);
 *   o->genmove(o, position, &answer, err, sizeof err);   // on the console's thread
 *
 * Every function returns 0, or -1 with one line saying why in err (the
 * hardware did not answer, or answered an illegal move); the screen shows
 * it and the game stops with its record kept.
 */
#ifndef TABLETOP_CONSOLE_OPPONENT_H
#define TABLETOP_CONSOLE_OPPONENT_H

#include <stddef.h>

typedef struct opponent opponent_t;

struct opponent {
    const char *name; /* "the Othello machine": for messages */
    /* A new game from the game's initial position. */
    int (*new_game)(opponent_t *o, char *err, size_t errlen);
    /* A move played on the board (by either side), for an opponent that
     * keeps its own position (the Othello machine); NULL if it keeps none. */
    int (*played)(opponent_t *o, const void *position, int move, char *err, size_t errlen);
    /* The opponent's move for the side to move in position.  A hardware
     * opponent runs on the console's own thread: its driver lets backend
     * time pass while it waits, and the HAL is not shared between threads. */
    int (*genmove)(opponent_t *o, const void *position, int *move, char *err, size_t errlen);
    /* Asks a software genmove running on the think thread to return soon;
     * NULL-safe. */
    void (*stop)(opponent_t *o);
    /* Frees the opponent (the console's job). */
    void (*destroy)(opponent_t *o);
    void *data;
};

#endif

/*
 * opponent.h - one seam for every computer player the console can put
 * across the board, in the manner of Pachi's `struct engine`: a table of
 * functions and its data.  Behind it stands a software search (Go's UCT,
 * Connect Four's Perfect, the Othello engine, the Gomoku AI) or an FPGA
 * block behind its driver (seed 004's Connect Four AI in the mailbox, seed
 * 003's Othello machine).  A screen asks it for a move through think.h and
 * never knows which one answered.
 *
 * A screen takes its players from an opponents_t (opponent_set.h) by
 * kind: the hardware ones are the console core's (console_env_t, built by
 * console_hw_open() from the command line: the core holds the HAL), the
 * software ones are made when first asked for (opponents.h) and freed with
 * the set.  The protocol front-ends get the hardware ones from the
 * hardware session (console_hw.h); this header names nothing of the
 * console's screens, so that they may include it.
 *
 * A position and a move are the game's own:
 *   Go:           const BoardState *; a point row * size + col, or -1: a pass
 *   Connect Four: const c4_game_t *; a column 0..6
 *   Othello:      const othello_opponent_position_t * (othello session.h);
 *                 a square 0..63 or OTHELLO_PASS
 *   Gomoku:       const gomoku_session_t * (its board and level); a point
 *
 * Every search runs through think.c: begin() on the console's thread
 * copies the position, then step() runs on the think thread, or, for an
 * opponent whose console_thread is 1 (hardware: the HAL is not shared
 * between threads), on the console's thread at each tick, a bounded slice
 * at a time, so the console draws and reads keys between the steps.
 *
 * Usage (given opponent_t *o, const void *position):
 *   char err[128];
 *   opponent_answer_t answer;
 *   o->new_game(o, 3, err, sizeof err);    // before each game, at its level
 *   if (o->played)                         // a move of either side, if it keeps a position
 *       o->played(o, position, 27, err, sizeof err);
 *   opponent_move_now(o, position, &answer, err, sizeof err);   // a screen: think_ask (think.h)
 *
 * Every function returns 0, or -1 with one line saying why in err (no
 * memory, the hardware did not answer or answered an illegal move); the
 * screen shows it and the game stops with its record kept.
 */
#ifndef TABLETOP_CONSOLE_OPPONENT_H
#define TABLETOP_CONSOLE_OPPONENT_H

#include <stddef.h>

typedef struct opponent opponent_t;

/* What step() says. */
typedef enum opponent_status {
    OPPONENT_FAILED = -1,  /* no move: why in err */
    OPPONENT_THINKING = 0, /* not yet: step again (console_thread opponents) */
    OPPONENT_MOVED = 1,    /* the answer is in */
} opponent_status_t;

/* An opponent's answer. */
typedef struct opponent_answer {
    int move;      /* the game's move (see above) */
    int resign;    /* 1: it would rather resign than play move (Go) */
    int gave_up;   /* 1: no move within its budget (Perfect): the fallback moves */
    char note[240]; /* lines for stderr (the search's figures, why it gave up), or "" */
} opponent_answer_t;

struct opponent {
    const char *name; /* "the Othello machine": for messages */
    /* 1: begin() and step() run on the console's thread (a hardware
     * opponent: its driver lets backend time pass, and the HAL is the
     * console's); 0: step() runs on the think thread. */
    int console_thread;
    /* A new game from the game's initial position; level is the game's
     * own (Go 1..4), 0 where the opponent has one. */
    int (*new_game)(opponent_t *o, int level, char *err, size_t errlen);
    /* A move played on the board (by either side), for an opponent that
     * keeps its own position (the Othello machine); NULL if it keeps none. */
    int (*played)(opponent_t *o, const void *position, int move, char *err, size_t errlen);
    /* Starts a move for the side to move in position (copied), on the
     * console's thread. */
    int (*begin)(opponent_t *o, const void *position, char *err, size_t errlen);
    /* Goes on with the move begun: OPPONENT_MOVED with *answer filled,
     * OPPONENT_THINKING (only when console_thread), or OPPONENT_FAILED. */
    opponent_status_t (*step)(opponent_t *o, opponent_answer_t *answer, char *err,
                              size_t errlen);
    /* Asks a step running on the think thread to return soon; NULL-safe. */
    void (*stop)(opponent_t *o);
    /* Frees the opponent (its owner's job: the set's, or the console's). */
    void (*destroy)(opponent_t *o);
    void *data;
};

/* Asks o for its move in position and waits for it, stepping on this
 * thread (an Othello machine's replay of a record).  Returns 0 with
 * *answer, or -1 with why in err. */
int opponent_move_now(opponent_t *o, const void *position, opponent_answer_t *answer, char *err,
                      size_t errlen);

#endif

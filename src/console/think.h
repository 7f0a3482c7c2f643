/*
 * think.h - the computer player's thread, one for every screen.
 *
 * A screen asks its opponent (opponent.h) through a think_t and keeps
 * drawing: a software search runs on a thread of its own (on the console's
 * thread when none can be made); an opponent that must stay on the
 * console's thread (opponent_t.console_thread) is stepped at each
 * think_ready(), so the console draws and reads keys between its steps.
 * The answer is applied only once the player has seen their own move for a
 * minimum time, so a fast answer never lands in the same frame.
 *
 * Usage (given opponent_t *o, const void *position, void (*run)(void *), void (*stop)(void *), void *job, uint64_t now_us):
 *   think_t t;
 *   opponent_answer_t answer;
 *   char err[200];
 *   int move = -1;
 *   think_init(&t, 300000);            // at least 0.3 s of game time
 *   think_ask(&t, o, position, err, sizeof err);   // o->begin(position) here
 *   if (think_ready(&t, now_us) &&     // each tick
 *       think_answer(&t, &answer, err, sizeof err) == OPPONENT_MOVED)
 *       move = answer.move;            // ... play it
 *   think_start(&t, run, stop, job);   // a job of one's own: run(job) computes into job
 *   think_shown(&t);                   // after each presented frame
 *   console_busy_t busy = think_busy(&t);   // what the screen's busy() answers
 *   think_cancel(&t);                  // Escape: stop(job), join, forget
 *   think_destroy(&t);
 *
 * The minimum time counts from the first think_ready() call after
 * think_start() (the console's first tick after the player's move), and
 * the answer waits as well for think_shown(): the frame that shows the
 * player's move has been presented.  A screen whose clock starts with the
 * search instead calls think_start_clock().
 */
#ifndef TABLETOP_CONSOLE_THINK_H
#define TABLETOP_CONSOLE_THINK_H

#include <pthread.h>
#include <stdint.h>

#include "console_game.h"
#include "opponent.h"

typedef struct think {
    uint64_t min_us;        /* the minimum think time, game time */
    void (*run)(void *job); /* the search: runs on the thread */
    void (*stop)(void *job); /* asks run() to return soon (any thread), or NULL */
    void *job;
    /* think_ask(): the opponent asked, what it said, and why it failed. */
    opponent_t *opponent;
    opponent_status_t status;
    opponent_answer_t answer;
    char err[200];
    pthread_t thread;
    pthread_mutex_t lock;
    int state;      /* THINK_IDLE, THINK_THREAD (a thread runs), THINK_INLINE (run in place),
                       THINK_STEPPED (the opponent steps at each think_ready) */
    int done;       /* under lock: run() returned */
    int shown;      /* think_shown() was called since think_start() */
    int clock_set;  /* start_us holds the first ready check after shown */
    uint64_t start_us;
} think_t;

enum { THINK_IDLE = 0, THINK_THREAD = 1, THINK_INLINE = 2, THINK_STEPPED = 3 };

/* Sets t up idle, with the minimum think time min_us (0: none). */
void think_init(think_t *t, uint64_t min_us);
/* Cancels a search in progress (think_cancel) and frees t's lock. */
void think_destroy(think_t *t);

/* Starts run(job) on a thread, or runs it here when no thread can be made
 * (the window stalls, nothing is lost).  A search already running is
 * cancelled first. */
void think_start(think_t *t, void (*run)(void *job), void (*stop)(void *job), void *job);

/* Asks o for its move in position: o->begin() here, then its steps on the
 * think thread, or, when o->console_thread, one at each think_ready() on
 * this thread.  A search already running is cancelled first.  Returns 0,
 * or -1 with why in err (begin failed: nothing runs). */
int think_ask(think_t *t, opponent_t *o, const void *position, char *err, size_t errlen);

/* After think_ready() answered 1 for think_ask(): OPPONENT_MOVED with
 * *answer, or OPPONENT_FAILED with why in err. */
opponent_status_t think_answer(const think_t *t, opponent_answer_t *answer, char *err,
                               size_t errlen);

/* Starts the minimum time at now_us, without waiting for a frame (call
 * right after think_start). */
void think_start_clock(think_t *t, uint64_t now_us);

/* The frame showing the position the search started from was presented. */
void think_shown(think_t *t);

/* 1 once run() has returned (or the stepped opponent has answered) and the
 * minimum time has passed (see above):
 * the thread is joined, t is idle again and job holds the result, which the
 * caller applies now.  0 otherwise (also when idle). */
int think_ready(think_t *t, uint64_t now_us);

/* Stops a search (stop(job), then join) and forgets its result; idle
 * afterwards.  Nothing when idle. */
void think_cancel(think_t *t);

/* 1 from think_start() until think_ready() answered 1 or think_cancel(). */
int think_active(const think_t *t);

/* What a screen's busy() answers while t is active: WORKING while run()
 * computes, WAITING while only the minimum time (or the first frame) is
 * awaited; NONE when idle. */
console_busy_t think_busy(think_t *t);

#endif

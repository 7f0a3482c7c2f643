/*
 * think.h - the computer player's thread, one for every screen.
 *
 * A screen hands the search to a think_t and keeps drawing: the search runs
 * on a thread of its own (on the console's thread when none can be made),
 * and its result is applied only once the player has seen their own move
 * for a minimum time, so a fast answer never lands in the same frame.
 *
 * Usage (given void (*run)(void *), void (*stop)(void *), void *job, uint64_t now_us):
 *   think_t t;
 *   think_init(&t, 300000);            // at least 0.3 s of game time
 *   think_start(&t, run, stop, job);   // run(job) computes into job
 *   if (think_ready(&t, now_us)) {     // each tick
 *       // ... apply the answer in job
 *   }
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

typedef struct think {
    uint64_t min_us;        /* the minimum think time, game time */
    void (*run)(void *job); /* the search: runs on the thread */
    void (*stop)(void *job); /* asks run() to return soon (any thread), or NULL */
    void *job;
    pthread_t thread;
    pthread_mutex_t lock;
    int state;      /* THINK_IDLE, THINK_THREAD (a thread runs), THINK_INLINE (run in place) */
    int done;       /* under lock: run() returned */
    int shown;      /* think_shown() was called since think_start() */
    int clock_set;  /* start_us holds the first ready check after shown */
    uint64_t start_us;
} think_t;

enum { THINK_IDLE = 0, THINK_THREAD = 1, THINK_INLINE = 2 };

/* Sets t up idle, with the minimum think time min_us (0: none). */
void think_init(think_t *t, uint64_t min_us);
/* Cancels a search in progress (think_cancel) and frees t's lock. */
void think_destroy(think_t *t);

/* Starts run(job) on a thread, or runs it here when no thread can be made
 * (the window stalls, nothing is lost).  A search already running is
 * cancelled first. */
void think_start(think_t *t, void (*run)(void *job), void (*stop)(void *job), void *job);

/* Starts the minimum time at now_us, without waiting for a frame (call
 * right after think_start). */
void think_start_clock(think_t *t, uint64_t now_us);

/* The frame showing the position the search started from was presented. */
void think_shown(think_t *t);

/* 1 once run() has returned and the minimum time has passed (see above):
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

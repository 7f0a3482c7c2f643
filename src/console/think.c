/*
 * think.c - the computer player's thread (think.h).
 */
#include "think.h"

#include <stdio.h>

void think_init(think_t *t, uint64_t min_us)
{
    *t = (think_t){.min_us = min_us};
    pthread_mutex_init(&t->lock, NULL);
}

void think_destroy(think_t *t)
{
    think_cancel(t);
    pthread_mutex_destroy(&t->lock);
}

static void *think_main(void *arg)
{
    think_t *t = arg;
    t->run(t->job);
    pthread_mutex_lock(&t->lock);
    t->done = 1;
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

void think_start(think_t *t, void (*run)(void *job), void (*stop)(void *job), void *job)
{
    think_cancel(t);
    t->run = run;
    t->stop = stop;
    t->job = job;
    t->done = 0;
    t->shown = 0;
    t->clock_set = 0;
    if (pthread_create(&t->thread, NULL, think_main, t) != 0) {
        /* No thread: think here; the window stalls briefly, nothing is lost. */
        think_main(t);
        t->state = THINK_INLINE;
        return;
    }
    t->state = THINK_THREAD;
}

/* A software opponent's search, on the think thread: its steps until it
 * answers. */
static void think_opponent_run(void *arg)
{
    think_t *t = arg;
    do
        t->status = t->opponent->step(t->opponent, &t->answer, t->err, sizeof t->err);
    while (t->status == OPPONENT_THINKING);
}

static void think_opponent_stop(void *arg)
{
    think_t *t = arg;
    if (t->opponent->stop)
        t->opponent->stop(t->opponent);
}

int think_ask(think_t *t, opponent_t *o, const void *position, char *err, size_t errlen)
{
    think_cancel(t);
    if (o->begin(o, position, err, errlen) != 0)
        return -1;
    t->opponent = o;
    t->answer = (opponent_answer_t){0};
    t->err[0] = 0;
    t->status = OPPONENT_THINKING;
    if (!o->console_thread) {
        think_start(t, think_opponent_run, think_opponent_stop, t);
        return 0;
    }
    t->done = 0;
    t->shown = 0;
    t->clock_set = 0;
    t->state = THINK_STEPPED;
    return 0;
}

opponent_status_t think_answer(const think_t *t, opponent_answer_t *answer, char *err,
                               size_t errlen)
{
    *answer = t->answer;
    snprintf(err, errlen, "%s", t->err);
    return t->status;
}

void think_start_clock(think_t *t, uint64_t now_us)
{
    t->shown = 1;
    t->clock_set = 1;
    t->start_us = now_us;
}

void think_shown(think_t *t)
{
    if (t->state != THINK_IDLE)
        t->shown = 1;
}

static int think_done(think_t *t)
{
    pthread_mutex_lock(&t->lock);
    int done = t->done;
    pthread_mutex_unlock(&t->lock);
    return done;
}

/* One step of an opponent on the console's thread, until it has answered. */
static void think_step(think_t *t)
{
    if (t->done)
        return;
    t->status = t->opponent->step(t->opponent, &t->answer, t->err, sizeof t->err);
    if (t->status != OPPONENT_THINKING) {
        pthread_mutex_lock(&t->lock);
        t->done = 1;
        pthread_mutex_unlock(&t->lock);
    }
}

int think_ready(think_t *t, uint64_t now_us)
{
    if (t->state == THINK_IDLE)
        return 0;
    if (t->state == THINK_STEPPED)
        think_step(t);
    if (!t->clock_set) {
        t->start_us = now_us;
        t->clock_set = 1;
    }
    if (!t->shown || now_us < t->start_us + t->min_us)
        return 0;
    if (!think_done(t))
        return 0;
    if (t->state == THINK_THREAD)
        pthread_join(t->thread, NULL);
    t->state = THINK_IDLE;
    return 1;
}

void think_cancel(think_t *t)
{
    if (t->state == THINK_IDLE)
        return;
    if (t->state == THINK_THREAD) {
        if (t->stop)
            t->stop(t->job);
        pthread_join(t->thread, NULL);
    }
    t->state = THINK_IDLE;
}

int think_active(const think_t *t)
{
    return t->state != THINK_IDLE;
}

console_busy_t think_busy(think_t *t)
{
    if (t->state == THINK_IDLE)
        return CONSOLE_BUSY_NONE;
    return think_done(t) ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_WORKING;
}

/*
 * think.c - the computer player's thread (think.h).
 */
#include "think.h"

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

int think_ready(think_t *t, uint64_t now_us)
{
    if (t->state == THINK_IDLE)
        return 0;
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

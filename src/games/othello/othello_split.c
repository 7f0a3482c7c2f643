/*
 * othello_split.c - the exact solver's threads: Young Brothers Wait.  A
 * node far enough from the end searches its first move alone; then, when a
 * thread is idle, it opens a split point and the idle threads take its
 * other moves one at a time.  A cut-off there stops every thread below it.
 * A thread waiting at its own split point for the others helps only at
 * split points below it (in the moves it waits for).
 */
#include "internal/othello_engine_internal.h"

/* Takes sp off the list of open split points (e->lock held). */
static void split_unlink(othello_engine_t *e, split_t *sp)
{
    split_t **q = &e->open;
    while (*q != sp)
        q = &(*q)->next_open;
    *q = sp->next_open;
    sp->in_open = 0;
}

/* Takes sp's next move and searches it (e->lock held; released meanwhile). */
static void split_take(worker_t *w, split_t *sp)
{
    othello_engine_t *e = w->e;
    int i = sp->next++;
    if (sp->next == sp->n && sp->in_open) /* no more to take: off the list */
        split_unlink(e, sp);
    int a = sp->alpha, beta = sp->beta;
    sp->working++;
    split_t *saved = w->sp;
    w->sp = sp;
    pthread_mutex_unlock(&e->lock);
    uint64_t np = sp->p | sp->list[i].flips | square_bit(sp->list[i].sq);
    uint64_t no = sp->o & ~sp->list[i].flips;
    int s = -othello_solve(w, no, np, -a - 1, -a, 0, NULL);
    if (s > a && s < beta && !stopped(w))
        s = -othello_solve(w, no, np, -beta, -s, 0, NULL);
    int lost = stopped(w);
    pthread_mutex_lock(&e->lock);
    w->sp = saved;
    if (!lost && s > sp->best) {
        sp->best = s;
        sp->best_move = sp->list[i].sq;
        if (s > sp->alpha)
            sp->alpha = s;
        if (sp->alpha >= sp->beta)
            store_int(&sp->stop, 1);
    }
    if (--sp->working == 0 || load_int(&sp->stop))
        pthread_cond_broadcast(&e->wake);
}

/* An open split point below mine (its chain passes through mine), or any
 * open one when mine is NULL; e->lock held. */
static split_t *split_find(othello_engine_t *e, const split_t *mine)
{
    for (split_t *h = e->open; h; h = h->next_open) {
        if (load_int(&h->stop) || h->next >= h->n)
            continue;
        if (!mine)
            return h;
        for (const split_t *c = h->parent; c; c = c->parent)
            if (c == mine)
                return h;
    }
    return NULL;
}

/* Takes a move of an open split point below `mine` (any when NULL), or
 * else waits, counted idle, until something changes (e->lock held). */
static void help_or_wait(worker_t *w, const split_t *mine)
{
    othello_engine_t *e = w->e;
    split_t *h = split_find(e, mine);
    if (h) {
        split_take(w, h);
    } else {
        __atomic_add_fetch(&e->idle, 1, __ATOMIC_RELAXED);
        pthread_cond_wait(&e->wake, &e->lock);
        __atomic_sub_fetch(&e->idle, 1, __ATOMIC_RELAXED);
    }
}

/* The owner's part of a split point: its moves, then, while others still
 * search some, their split points below it; returns when none works on it. */
void othello_split_run(worker_t *w, split_t *sp)
{
    othello_engine_t *e = w->e;
    pthread_mutex_lock(&e->lock);
    sp->parent = w->sp;
    sp->next_open = e->open;
    sp->in_open = 1;
    e->open = sp;
    pthread_cond_broadcast(&e->wake);
    while (!load_int(&sp->stop) && sp->next < sp->n)
        split_take(w, sp);
    if (sp->in_open) /* cut off with moves left */
        split_unlink(e, sp);
    while (sp->working > 0)
        help_or_wait(w, sp);
    pthread_mutex_unlock(&e->lock);
}

/* A helper thread: takes moves of open split points until the solve ends. */
void *othello_split_helper(void *arg)
{
    worker_t *w = arg;
    othello_engine_t *e = w->e;
    pthread_mutex_lock(&e->lock);
    while (!e->quit)
        help_or_wait(w, NULL);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

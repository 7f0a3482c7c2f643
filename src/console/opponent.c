/*
 * opponent.c - a screen's set of computer players (opponent.h): the
 * console's hardware ones from its env, the software ones made when first
 * asked for; and a move asked and waited for on the console's thread.
 */
#include <stdio.h>

#include "opponents.h"

int opponent_move_now(opponent_t *o, const void *position, opponent_answer_t *answer, char *err,
                      size_t errlen)
{
    if (o->begin(o, position, err, errlen) != 0)
        return -1;
    opponent_status_t st;
    do
        st = o->step(o, answer, err, errlen);
    while (st == OPPONENT_THINKING);
    return st == OPPONENT_MOVED ? 0 : -1;
}

void opponents_init(opponents_t *set, const console_env_t *env)
{
    *set = (opponents_t){.env = *env};
}

/* A software player of kind, made now (NULL: out of memory). */
static opponent_t *opponents_make(const opponents_t *set, opponent_kind_t kind)
{
    switch (kind) {
    case OPPONENT_GO:
        return opponent_go_new(set->env.seed);
    case OPPONENT_CONNECT4_PERFECT:
        return opponent_connect4_perfect_new();
    case OPPONENT_OTHELLO_ENGINE:
        return opponent_othello_engine_new();
    case OPPONENT_GOMOKU:
        return opponent_gomoku_new(set->env.seed, set->env.headless);
    default:
        return NULL;
    }
}

opponent_t *opponents_get(opponents_t *set, opponent_kind_t kind)
{
    if (kind == OPPONENT_CONNECT4_SEED_AI)
        return set->env.connect4_ai;
    if (kind == OPPONENT_OTHELLO_MACHINE)
        return set->env.othello_machine;
    if (!set->made[kind])
        set->made[kind] = opponents_make(set, kind);
    return set->made[kind];
}

void opponents_free(opponents_t *set)
{
    for (int k = 0; k < OPPONENT_KINDS; k++)
        if (set->made[k])
            set->made[k]->destroy(set->made[k]);
    *set = (opponents_t){0};
}

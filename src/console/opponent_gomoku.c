/*
 * opponent_gomoku.c - the Gomoku AI (games/gomoku/gomoku_ai.h) as an
 * opponent_t, at the level the session holds when it is asked.  In a
 * window level 3 searches at most 5 s, so the console never waits long;
 * headless it has no clock, so a script and a seed give the same game.
 */
#include <stdio.h>
#include <stdlib.h>

#include "games/gomoku/gomoku_ai.h"
#include "games/gomoku/session.h"
#include "opponents.h"

typedef struct opponent_gomoku {
    opponent_t base;
    uint64_t seed;
    int headless;
    gomoku_t game; /* the position searched */
    int level;     /* the session's level when asked */
} opponent_gomoku_t;

static int opponent_gomoku_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    (void)o, (void)level, (void)err, (void)errlen;
    return 0;
}

static int opponent_gomoku_begin(opponent_t *o, const void *position, char *err, size_t errlen)
{
    opponent_gomoku_t *g = o->data;
    const gomoku_session_t *s = position;
    (void)err, (void)errlen;
    g->game = s->game;
    g->level = s->level;
    return 0;
}

/* A point, or -1 when the AI found none. */
static opponent_status_t opponent_gomoku_step(opponent_t *o, opponent_answer_t *answer,
                                              char *err, size_t errlen)
{
    opponent_gomoku_t *g = o->data;
    (void)err, (void)errlen;
    gomoku_budget_t budget = {0, 0};
    if (g->level >= 3 && !g->headless)
        budget.max_ms = 5000; /* windowed: never a long stall */
    answer->move = gomoku_ai_move(&g->game, g->level, g->seed, &budget, NULL);
    return OPPONENT_MOVED;
}

static void opponent_gomoku_destroy(opponent_t *o)
{
    free(o->data);
}

opponent_t *opponent_gomoku_new(uint64_t seed, int headless)
{
    opponent_gomoku_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->seed = seed;
    g->headless = headless;
    g->base = (opponent_t){.name = "the computer",
                           .new_game = opponent_gomoku_new_game,
                           .begin = opponent_gomoku_begin,
                           .step = opponent_gomoku_step,
                           .destroy = opponent_gomoku_destroy,
                           .data = g};
    return &g->base;
}

/*
 * opponent_othello_engine.c - the Othello engine
 * (games/othello/othello_engine.h) as an opponent_t, at the console's
 * level: depth-limited, no clock, so a game is the same on every machine
 * (tests compare frames).  Its tables are made at its first move; a new
 * game clears them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "games/othello/othello_engine.h"
#include "games/othello/session.h"
#include "opponents.h"

/* The engine's level in the console. */
#define OPPONENT_OTHELLO_LEVEL 4

typedef struct opponent_engine {
    opponent_t base;
    othello_engine_t *engine; /* made at the first move */
    othello_board_t board;    /* the position searched */
} opponent_engine_t;

static int opponent_engine_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    opponent_engine_t *e = o->data;
    (void)level, (void)err, (void)errlen;
    if (e->engine)
        othello_engine_clear(e->engine);
    return 0;
}

static int opponent_engine_begin(opponent_t *o, const void *position, char *err, size_t errlen)
{
    opponent_engine_t *e = o->data;
    const othello_opponent_position_t *p = position;
    if (!e->engine && !(e->engine = othello_engine_new())) {
        snprintf(err, errlen, "Out of memory for the computer player");
        return -1;
    }
    e->board = p->board;
    return 0;
}

/* A search that fails answers a pass, which the screen refuses when the
 * side to move has a disc to place. */
static opponent_status_t opponent_engine_step(opponent_t *o, opponent_answer_t *answer,
                                              char *err, size_t errlen)
{
    opponent_engine_t *e = o->data;
    othello_result_t r;
    (void)err, (void)errlen;
    answer->move = OTHELLO_PASS;
    if (othello_engine_think(e->engine, &e->board, othello_level_config(OPPONENT_OTHELLO_LEVEL),
                             &r) == 0)
        answer->move = r.move;
    return OPPONENT_MOVED;
}

static void opponent_engine_destroy(opponent_t *o)
{
    opponent_engine_t *e = o->data;
    othello_engine_free(e->engine);
    free(e);
}

opponent_t *opponent_othello_engine_new(void)
{
    opponent_engine_t *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->base = (opponent_t){.name = "the computer",
                           .new_game = opponent_engine_new_game,
                           .begin = opponent_engine_begin,
                           .step = opponent_engine_step,
                           .destroy = opponent_engine_destroy,
                           .data = e};
    return &e->base;
}

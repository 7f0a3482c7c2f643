/*
 * opponent_go.c - Go's computer (games/go/ai.h) as an opponent_t: levels
 * 1-3 are the seed's, fixed by the seed; level 4 searches for AI_TIMED_MS a
 * move on two threads and keeps its tree from one move to the next, with a
 * node pool of its own (ai.h): the search is made again when a game needs
 * another pool.  Each new game seeds it afresh, so a seed and the moves
 * played give the same game.
 */
#include <stdio.h>
#include <stdlib.h>

#include "games/go/ai.h"
#include "games/go/board.h"
#include "opponents.h"

typedef struct opponent_go {
    opponent_t base;
    ai_t *ai;         /* made for the first game (again for another pool) */
    AiLevel level;    /* of the game under way */
    uint64_t seed;
    BoardState board; /* the position searched, copied by begin */
} opponent_go_t;

static int opponent_go_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    opponent_go_t *g = o->data;
    AiLevel lv = (AiLevel)level;
    if (g->ai && ai_pool_bytes(g->ai) != ai_level_pool_bytes(lv)) {
        ai_destroy(g->ai);
        g->ai = NULL;
    }
    if (!g->ai) {
        AiConfig cfg = {.level = lv, .seed = g->seed};
        g->ai = ai_create(&cfg);
    }
    if (!g->ai) {
        snprintf(err, errlen, "Out of memory for the computer player");
        return -1;
    }
    g->level = lv;
    ai_set_level(g->ai, lv);
    ai_set_time_ms(g->ai, 0);
    ai_set_seed(g->ai, g->seed);
    return 0;
}

static int opponent_go_begin(opponent_t *o, const void *position, char *err, size_t errlen)
{
    opponent_go_t *g = o->data;
    (void)err;
    (void)errlen;
    board_copy(&g->board, position);
    return 0;
}

/* The search's figures at level 4, as `tabletop gtp` logs each genmove. */
static void opponent_go_note(const opponent_go_t *g, Move m, const AiStats *st,
                             opponent_answer_t *answer)
{
    char v[8];
    board_vertex_format(g->board.size, m, v, sizeof v);
    snprintf(answer->note, sizeof answer->note,
             "tabletop: %s %s (level %d, %d playouts, %d kept, %d threads, %d nodes, "
             "win rate %.2f)%s",
             g->board.turn == BLACK ? "black" : "white", v, (int)g->level, st->simulations,
             st->reused, st->threads, st->nodes_used, st->win_rate,
             st->resign ? ", resigns" : "");
}

static opponent_status_t opponent_go_step(opponent_t *o, opponent_answer_t *answer, char *err,
                                          size_t errlen)
{
    opponent_go_t *g = o->data;
    (void)err;
    (void)errlen;
    Move m = ai_choose(g->ai, &g->board);
    AiStats st;
    ai_last_stats(g->ai, &st);
    answer->move = m.pass ? -1 : m.row * g->board.size + m.col;
    answer->resign = st.resign;
    if (g->level == AI_MCTS_TIMED)
        opponent_go_note(g, m, &st, answer);
    return OPPONENT_MOVED;
}

static void opponent_go_stop(opponent_t *o)
{
    opponent_go_t *g = o->data;
    ai_request_stop(g->ai);
}

static void opponent_go_destroy(opponent_t *o)
{
    opponent_go_t *g = o->data;
    ai_destroy(g->ai);
    free(g);
}

opponent_t *opponent_go_new(uint64_t seed)
{
    opponent_go_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->seed = seed;
    g->base = (opponent_t){.name = "the computer",
                           .new_game = opponent_go_new_game,
                           .begin = opponent_go_begin,
                           .step = opponent_go_step,
                           .stop = opponent_go_stop,
                           .destroy = opponent_go_destroy,
                           .data = g};
    return &g->base;
}

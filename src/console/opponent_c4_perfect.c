/*
 * opponent_c4_perfect.c - Connect Four's Perfect as an opponent_t: the
 * centre on the empty board, the opening book, else the exact solver
 * within C4_SESSION_PERFECT_BUDGET positions (games/connect4/session.h).
 * Past the budget, or without memory for the solver's table, it gives up
 * (answer.gave_up) and the seed's AI moves for it.  The solver and its
 * table live as long as the opponent, as they did in the session.
 */
#include <stdio.h>
#include <stdlib.h>

#include "games/connect4/session.h"
#include "opponents.h"

typedef struct opponent_perfect {
    opponent_t base;
    c4_solver_t *solver;       /* made for the first position past the empty board */
    c4_perfect_search_t search; /* the position searched, then the answer */
} opponent_perfect_t;

static int opponent_perfect_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    (void)o, (void)level, (void)err, (void)errlen;
    return 0;
}

static int opponent_perfect_begin(opponent_t *o, const void *position, char *err, size_t errlen)
{
    opponent_perfect_t *p = o->data;
    const c4_game_t *g = position;
    (void)err;
    (void)errlen;
    if (g->moves > 0 && !p->solver) {
        p->solver = c4_solver_new(C4_SOLVER_TABLE_LOG2);
        if (p->solver)
            c4_solver_set_budget(p->solver, C4_SESSION_PERFECT_BUDGET);
    }
    p->search = (c4_perfect_search_t){.solver = p->solver, .game = *g, .col = -1};
    return 0;
}

static opponent_status_t opponent_perfect_step(opponent_t *o, opponent_answer_t *answer,
                                               char *err, size_t errlen)
{
    opponent_perfect_t *p = o->data;
    (void)err;
    (void)errlen;
    c4_perfect_search_run(&p->search);
    answer->move = p->search.col;
    answer->gave_up = p->search.col < 0;
    if (answer->gave_up)
        snprintf(answer->note, sizeof answer->note,
                 "%stabletop connect4: Perfect needs more than %u positions at move %d; the "
                 "seed's AI moves instead",
                 p->search.no_memory ? "tabletop connect4: out of memory for the solver's table\n"
                                     : "",
                 C4_SESSION_PERFECT_BUDGET, p->search.game.moves + 1);
    return OPPONENT_MOVED;
}

static void opponent_perfect_destroy(opponent_t *o)
{
    opponent_perfect_t *p = o->data;
    c4_solver_free(p->solver);
    free(p);
}

opponent_t *opponent_connect4_perfect_new(void)
{
    opponent_perfect_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->base = (opponent_t){.name = "Perfect",
                           .new_game = opponent_perfect_new_game,
                           .begin = opponent_perfect_begin,
                           .step = opponent_perfect_step,
                           .destroy = opponent_perfect_destroy,
                           .data = p};
    return &p->base;
}

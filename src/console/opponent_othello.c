/*
 * opponent_othello.c - seed 003's Othello machine as an opponent_t: White's
 * moves go into the machine's ports through its driver and Black's answers
 * come back, each checked against the rules.
 *
 * The machine keeps its own board, so it must hear every White move
 * (played) and is asked only for Black's (genmove).  The seed's protocol
 * opens with White's move: new_game sends a White pass so that Black opens
 * as in tournament Othello.  Waiting for Black lets backend time pass, so
 * the opponent says console_thread: think.c steps it on the console's
 * thread, between frames, never on a think thread beside the console's own
 * use of the HAL.  A step polls the Black port every 10 us of backend time
 * (as othello_machine_wait_black does) for at most OPPONENT_OTHELLO_SLICE_US,
 * more than the machine's default search takes, so a move normally comes
 * in one step; the move is given up after OTHELLO_MACHINE_TIMEOUT_US.
 *
 * The machine is looked for at each new_game, not when the opponent is
 * made: a console without it still starts, and the game that wanted it
 * stops with the reason ("No Othello machine: ...").
 */
#include <stdio.h>
#include <stdlib.h>

#include "drivers/othello_machine.h"
#include "games/othello/othello.h"
#include "games/othello/session.h"
#include "opponents.h"

/* Backend time one step may poll the Black port. */
#define OPPONENT_OTHELLO_SLICE_US 32000u
/* Backend time between two polls. */
#define OPPONENT_OTHELLO_POLL_US 10u

typedef struct opponent_machine {
    opponent_t base;
    hal_t *hal;
    othello_board_t board; /* the position Black answers */
    uint64_t asked_us;     /* backend time of the question */
} opponent_machine_t;

/* A driver failure as one line: what was tried, then the driver's why. */
static int opponent_othello_fail(const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: %.60s", what, othello_machine_error());
    return -1;
}

/* White's ply (a square or OTHELLO_PASS) into the White port. */
static int opponent_othello_send(int move, char *err, size_t errlen)
{
    int rc = move == OTHELLO_PASS ? othello_machine_send_white(1, 0, 0)
                                  : othello_machine_send_white(0, move / 8, move % 8);
    if (rc != 0)
        return opponent_othello_fail("Cannot send White's move to the machine", err, errlen);
    return 0;
}

static int opponent_othello_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    opponent_machine_t *m = o->data;
    char why[160];
    (void)level;
    if (othello_machine_open(m->hal, why, sizeof why) != 0) {
        snprintf(err, errlen, "No Othello machine: %.80s", why);
        return -1;
    }
    if (othello_machine_reset() != 0)
        return opponent_othello_fail("Cannot reset the machine", err, errlen);
    /* The machine waits for White first: a White pass lets Black open. */
    return opponent_othello_send(OTHELLO_PASS, err, errlen);
}

/* position (othello_opponent_position_t) is where move was played from:
 * White's moves go to the machine, Black's are its own. */
static int opponent_othello_played(opponent_t *o, const void *position, int move, char *err,
                                   size_t errlen)
{
    const othello_opponent_position_t *p = position;
    (void)o;
    if (p->board.to_move != OTHELLO_WHITE)
        return 0;
    return opponent_othello_send(move, err, errlen);
}

static int opponent_othello_begin(opponent_t *o, const void *position, char *err,
                                 size_t errlen)
{
    opponent_machine_t *m = o->data;
    const othello_opponent_position_t *p = position;
    (void)err, (void)errlen;
    m->board = p->board;
    m->asked_us = hal_time_us(m->hal);
    return 0;
}

/* Black's answer checked against the rules: OPPONENT_MOVED, or
 * OPPONENT_FAILED with why. */
static opponent_status_t opponent_othello_check(const opponent_machine_t *m, int pass, int row,
                                                int col, opponent_answer_t *answer, char *err,
                                                size_t errlen)
{
    int move = pass ? OTHELLO_PASS : row * 8 + col;
    if (!othello_is_legal(&m->board, move)) {
        char name[8];
        if (move == OTHELLO_PASS)
            snprintf(err, errlen, "The machine passed with a legal move: game stopped");
        else
            snprintf(err, errlen, "The machine played %s, not a legal move: game stopped",
                     othello_format_move(move, name));
        return OPPONENT_FAILED;
    }
    answer->move = move;
    return OPPONENT_MOVED;
}

/* Polls for Black's answer for at most a slice of backend time. */
static opponent_status_t opponent_othello_step(opponent_t *o, opponent_answer_t *answer,
                                               char *err, size_t errlen)
{
    opponent_machine_t *m = o->data;
    uint64_t slice_us = hal_time_us(m->hal);
    for (;;) {
        int pass = 0, row = 0, col = 0;
        int r = othello_machine_poll_black(&pass, &row, &col);
        if (r == 1)
            return opponent_othello_check(m, pass, row, col, answer, err, errlen);
        uint64_t now = hal_time_us(m->hal);
        if (r < 0) {
            opponent_othello_fail("The machine did not answer", err, errlen);
            return OPPONENT_FAILED;
        }
        if (now - m->asked_us >= OTHELLO_MACHINE_TIMEOUT_US) {
            snprintf(err, errlen,
                     "The machine did not answer: Black's move did not come (BR stayed high)");
            return OPPONENT_FAILED;
        }
        if (now - slice_us >= OPPONENT_OTHELLO_SLICE_US)
            return OPPONENT_THINKING;
        hal_advance(m->hal, OPPONENT_OTHELLO_POLL_US);
    }
}

static void opponent_othello_destroy(opponent_t *o)
{
    free(o->data);
}

opponent_t *opponent_othello_machine_new(hal_t *hal, char *err, size_t errlen)
{
    opponent_machine_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "othello: out of memory for the Othello machine");
        return NULL;
    }
    m->hal = hal;
    m->base = (opponent_t){.name = "the Othello machine",
                           .console_thread = 1,
                           .new_game = opponent_othello_new_game,
                           .played = opponent_othello_played,
                           .begin = opponent_othello_begin,
                           .step = opponent_othello_step,
                           .destroy = opponent_othello_destroy,
                           .data = m};
    return &m->base;
}

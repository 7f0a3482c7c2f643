/*
 * opponent_othello.c - seed 003's Othello machine as an opponent_t: White's
 * moves go into the machine's ports through its driver and Black's answers
 * come back, each checked against the rules.
 *
 * The machine keeps its own board, so it must hear every White move
 * (played) and is asked only for Black's (genmove).  The seed's protocol
 * opens with White's move: new_game sends a White pass so that Black opens
 * as in tournament Othello.  The driver lets backend time pass while it
 * waits, so genmove must run on the console's thread, between frames,
 * never on a think thread beside the console's own use of the HAL.
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

static int opponent_othello_new_game(opponent_t *o, char *err, size_t errlen)
{
    char why[160];
    if (othello_machine_open(o->data, why, sizeof why) != 0) {
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

/* Black's answer, within the driver's time-out, legal in position. */
static int opponent_othello_genmove(opponent_t *o, const void *position, int *move, char *err,
                                    size_t errlen)
{
    const othello_opponent_position_t *p = position;
    int pass = 0, row = 0, col = 0;
    (void)o;
    if (othello_machine_wait_black(&pass, &row, &col, 0) != 1)
        return opponent_othello_fail("The machine did not answer", err, errlen);
    int m = pass ? OTHELLO_PASS : row * 8 + col;
    if (!othello_is_legal(&p->board, m)) {
        char name[8];
        if (m == OTHELLO_PASS)
            snprintf(err, errlen, "The machine passed with a legal move: game stopped");
        else
            snprintf(err, errlen, "The machine played %s, not a legal move: game stopped",
                     othello_format_move(m, name));
        return -1;
    }
    *move = m;
    return 0;
}

static void opponent_othello_destroy(opponent_t *o)
{
    free(o);
}

opponent_t *opponent_othello_machine_new(hal_t *hal, char *err, size_t errlen)
{
    opponent_t *o = calloc(1, sizeof *o);
    if (!o) {
        snprintf(err, errlen, "othello: out of memory for the Othello machine");
        return NULL;
    }
    o->name = "the Othello machine";
    o->new_game = opponent_othello_new_game;
    o->played = opponent_othello_played;
    o->genmove = opponent_othello_genmove;
    o->destroy = opponent_othello_destroy;
    o->data = hal;
    return o;
}

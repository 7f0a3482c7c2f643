/*
 * opponent_c4.c - seed 004's Connect Four AI in logic as an opponent_t:
 * the position goes into the FPGA mailbox through its driver and the
 * column comes back.  The driver lets backend time pass while it polls, so
 * genmove must run on the console's thread, between frames, never on a
 * think thread beside the console's own use of the HAL.
 */
#include <stdio.h>
#include <stdlib.h>

#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "opponents.h"

/* Seed 004 resets the AI logic before each game; the mailbox then reads 0
 * and polls its flag again. */
static int opponent_c4_new_game(opponent_t *o, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    c4_driver_reset_ai(o->data);
    return 0;
}

/* position is a const c4_game_t *; *move the column 0..6.  The driver's
 * timeout (C4_DRIVER_TIMEOUT_US of backend time) and its messages ("did not
 * answer", "illegal move") pass through unchanged. */
static int opponent_c4_genmove(opponent_t *o, const void *position, int *move, char *err,
                               size_t errlen)
{
    const c4_game_t *g = position;
    int col = -1;
    if (c4_driver_request_move(o->data, g, 0, &col, NULL, err, errlen) != C4_DRIVER_OK)
        return -1;
    *move = col;
    return 0;
}

static void opponent_c4_destroy(opponent_t *o)
{
    free(o);
}

opponent_t *opponent_connect4_ai_new(hal_t *hal, char *err, size_t errlen)
{
    opponent_t *o = calloc(1, sizeof *o);
    if (!o) {
        snprintf(err, errlen, "connect4: out of memory for the FPGA opponent");
        return NULL;
    }
    o->name = "the FPGA";
    o->new_game = opponent_c4_new_game;
    o->genmove = opponent_c4_genmove;
    o->destroy = opponent_c4_destroy;
    o->data = hal;
    return o;
}

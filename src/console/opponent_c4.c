/*
 * opponent_c4.c - seed 004's Connect Four AI in logic as an opponent_t:
 * the position goes into the FPGA mailbox through its driver and the
 * column comes back.  The driver lets backend time pass while it polls, so
 * the opponent says console_thread: think.c steps it on the console's
 * thread, between frames, never on a think thread beside the console's own
 * use of the HAL.  One step is the driver's whole handshake: the logic
 * answers in 36-38 clocks, and the driver gives up after
 * C4_DRIVER_TIMEOUT_US of backend time.
 */
#include <stdio.h>
#include <stdlib.h>

#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "opponents.h"

typedef struct opponent_c4 {
    opponent_t base;
    hal_t *hal;
    c4_game_t game; /* the position asked about */
} opponent_c4_t;

/* Seed 004 resets the AI logic before each game; the mailbox then reads 0
 * and polls its flag again. */
static int opponent_c4_new_game(opponent_t *o, int level, char *err, size_t errlen)
{
    opponent_c4_t *c = o->data;
    (void)level, (void)err, (void)errlen;
    c4_driver_reset_ai(c->hal);
    return 0;
}

/* position is a const c4_game_t *. */
static int opponent_c4_begin(opponent_t *o, const void *position, char *err, size_t errlen)
{
    opponent_c4_t *c = o->data;
    (void)err, (void)errlen;
    c->game = *(const c4_game_t *)position;
    return 0;
}

/* The column 0..6.  The driver's timeout and its messages ("did not
 * answer", "illegal move") pass through unchanged. */
static opponent_status_t opponent_c4_step(opponent_t *o, opponent_answer_t *answer, char *err,
                                          size_t errlen)
{
    opponent_c4_t *c = o->data;
    int col = -1;
    if (c4_driver_request_move(c->hal, &c->game, 0, &col, NULL, err, errlen) != C4_DRIVER_OK)
        return OPPONENT_FAILED;
    answer->move = col;
    return OPPONENT_MOVED;
}

static void opponent_c4_destroy(opponent_t *o)
{
    free(o->data);
}

opponent_t *opponent_connect4_ai_new(hal_t *hal, char *err, size_t errlen)
{
    opponent_c4_t *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "connect4: out of memory for the FPGA opponent");
        return NULL;
    }
    c->hal = hal;
    c->base = (opponent_t){.name = "the FPGA",
                           .console_thread = 1,
                           .new_game = opponent_c4_new_game,
                           .begin = opponent_c4_begin,
                           .step = opponent_c4_step,
                           .destroy = opponent_c4_destroy,
                           .data = c};
    return &c->base;
}

/* drivers/connect4_mailbox.c - the mailbox handshake of seed 004 over the HAL. */
#include "connect4_mailbox.h"

#include <stdio.h>

void c4_driver_reset_ai(hal_t *h)
{
    hal_write(h, C4_BASE + C4_REG_RESET_PIO, C4_RESET_PIO_HOLD);
    hal_advance(h, C4_DRIVER_RESET_US); /* 50 clocks: any pipeline is flushed */
    hal_write(h, C4_BASE + C4_REG_RESET_PIO, 0u);
}

c4_driver_status_t c4_driver_request_move(hal_t *h, const c4_game_t *g, uint32_t timeout_us,
                                          int *col, uint32_t *word, char *err, size_t errlen)
{
    if (c4_game_is_over(g)) {
        snprintf(err, errlen, "connect4: the game is over, there is no move to ask for");
        return C4_DRIVER_NO_MOVE;
    }
    if (timeout_us == 0)
        timeout_us = C4_DRIVER_TIMEOUT_US;

    uint16_t rows[C4_ROWS];
    c4_game_state_rows(g, g->to_move, rows);
    for (int r = 0; r < C4_ROWS; r++)
        hal_write(h, C4_BASE + C4_REG_ROW + 4u * (unsigned)r, rows[r]);
    hal_write(h, C4_BASE + C4_REG_FLAG, C4_FLAG_NEW);

    /* The FPGA answers in 36-38 clocks (0.74 us); poll in 1 us steps of
     * backend time so every backend, simulated or real, gets a chance. */
    uint64_t start = hal_time_us(h);
    uint32_t flag = hal_read(h, C4_BASE + C4_REG_FLAG);
    while (flag != C4_FLAG_DONE) {
        if (hal_time_us(h) - start >= timeout_us) {
            hal_write(h, C4_BASE + C4_REG_FLAG, 0u);
            snprintf(err, errlen,
                     "connect4: the FPGA mailbox at 0x%08X did not answer within %u ms "
                     "(is the Connect Four bitstream loaded?)",
                     HAL_LW_BRIDGE_BASE + C4_BASE, (unsigned)(timeout_us / 1000u));
            return C4_DRIVER_TIMEOUT;
        }
        hal_advance(h, 1);
        flag = hal_read(h, C4_BASE + C4_REG_FLAG);
    }
    uint32_t w = hal_read(h, C4_BASE + C4_REG_MOVE);
    hal_write(h, C4_BASE + C4_REG_FLAG, 0u);
    if (word)
        *word = w;

    /* The seed trusted the FPGA; we do not: an illegal column is refused. */
    int c = (int)REG_FIELD_GET(w, C4_MOVE_COLUMN);
    int above_why = ((w >> C4_MOVE_WHY_SHIFT) & ~(C4_MOVE_WHY_MASK >> C4_MOVE_WHY_SHIFT)) != 0;
    if (above_why || !c4_game_can_play(g, c)) {
        snprintf(err, errlen,
                 "connect4: rejected an illegal move from the hardware (word 0x%08X, column %d)",
                 (unsigned)w, c + 1);
        return C4_DRIVER_ILLEGAL;
    }
    *col = c;
    return C4_DRIVER_OK;
}

/* drivers/othello_machine.c - seed 003's port protocol over the HAL (othello_machine.h). */
#include "othello_machine.h"

#include <stdio.h>

/* LW byte offsets of the ports (rtl/othello/othello_regs.def). */

static hal_t *oth_hal;
static int oth_awaiting; /* a White move was sent and its answer not read yet */
static char oth_err[160];

static int fail(const char *msg)
{
    snprintf(oth_err, sizeof oth_err, "othello machine: %s", msg);
    return -1;
}

void othello_machine_attach(hal_t *h)
{
    oth_hal = h;
    oth_awaiting = 0;
    oth_err[0] = '\0';
}

int othello_machine_open(hal_t *h, char *err, size_t errlen)
{
    othello_machine_attach(h);
    if (!h) {
        snprintf(err, errlen, "othello machine: no backend");
        return -1;
    }
    uint32_t id = hal_read(h, OTH_BASE + OTH_REG_ID);
    if (id != OTH_ID_VALUE) {
        snprintf(err, errlen,
                 "othello machine: no machine at 0x%08X (ID reads 0x%08X, expected 0x%08X; "
                 "is the tabletop bitstream loaded?)",
                 HAL_LW_BRIDGE_BASE + OTH_BASE, (unsigned)id, OTH_ID_VALUE);
        oth_hal = NULL;
        return -1;
    }
    return 0;
}

int othello_machine_reset(void)
{
    if (!oth_hal)
        return fail("no backend attached");
    hal_write(oth_hal, OTH_BASE + OTH_REG_RESET, OTH_RESET_HOLD);
    hal_write(oth_hal, OTH_BASE + OTH_REG_WHITE, OTH_WHITE_WR); /* WR not ready */
    hal_advance(oth_hal, 1);                /* 50 clocks in reset */
    hal_write(oth_hal, OTH_BASE + OTH_REG_RESET, 0u);
    oth_awaiting = 0;
    oth_err[0] = '\0';
    return 0;
}

int othello_machine_send_white(int pass, int row, int col)
{
    if (!oth_hal)
        return fail("no backend attached");
    if (!pass && (row < 0 || row > 7 || col < 0 || col > 7))
        return fail("White's square is off the board (row and column are 0-7)");
    uint32_t bits = pass ? OTH_WHITE_PA : REG_FIELD_PUT(row * 8 + col, OTH_WHITE_MOVE);
    hal_write(oth_hal, OTH_BASE + OTH_REG_WHITE, bits);           /* WR asserted: BR goes high */
    hal_write(oth_hal, OTH_BASE + OTH_REG_WHITE, bits | OTH_WHITE_WR); /* the positive edge on D7 */
    oth_awaiting = 1;
    return 0;
}

int othello_machine_poll_black(int *pass, int *row, int *col)
{
    if (!oth_hal)
        return fail("no backend attached");
    if (!oth_awaiting)
        return fail("no White move is waiting for an answer");
    uint32_t v = hal_read(oth_hal, OTH_BASE + OTH_REG_BLACK);
    if (v & OTH_BLACK_BR)
        return 0; /* BR high: Black not ready */
    if (v & ~(OTH_BLACK_BR | OTH_BLACK_PA | OTH_BLACK_MOVE_MASK))
        return fail("the Black port read more than 8 bits");
    oth_awaiting = 0;
    if (v & OTH_BLACK_PA) {
        *pass = 1;
        *row = -1;
        *col = -1;
    } else {
        *pass = 0;
        int square = (int)REG_FIELD_GET(v, OTH_BLACK_MOVE);
        *row = square / 8;
        *col = square % 8;
    }
    return 1;
}

int othello_machine_wait_black(int *pass, int *row, int *col, uint32_t timeout_us)
{
    if (!oth_hal)
        return fail("no backend attached");
    if (timeout_us == 0)
        timeout_us = OTHELLO_MACHINE_TIMEOUT_US;
    uint64_t start = hal_time_us(oth_hal);
    for (;;) {
        int r = othello_machine_poll_black(pass, row, col);
        if (r != 0)
            return r;
        if (hal_time_us(oth_hal) - start >= timeout_us)
            return fail("Black's move did not come (BR stayed high)");
        hal_advance(oth_hal, 10);
    }
}

int othello_machine_set_search(int depth, unsigned budget_k)
{
    if (!oth_hal)
        return fail("no backend attached");
    if (depth < 0 || depth > OTH_MAX_DEPTH ||
        budget_k > REG_FIELD_GET(OTH_CONFIG_BUDGET_MASK, OTH_CONFIG_BUDGET))
        return fail("depth is 0-10 plies, the budget 0-65535 x 1024 clocks");
    hal_write(oth_hal, OTH_BASE + OTH_REG_CONFIG,
              REG_FIELD_PUT(budget_k, OTH_CONFIG_BUDGET) | REG_FIELD_PUT(depth, OTH_CONFIG_DEPTH));
    return 0;
}

uint32_t othello_machine_cycles(void)
{
    return oth_hal ? hal_read(oth_hal, OTH_BASE + OTH_REG_CYCLES) : 0u;
}

const char *othello_machine_error(void)
{
    return oth_err;
}

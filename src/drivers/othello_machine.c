/* drivers/othello_machine.c - seed 003's port protocol over the HAL (othello_machine.h). */
#include "othello_machine.h"

#include <stdio.h>

/* LW byte offsets of the ports (rtl/othello/othello_regs.def). */
#define OTH_ID (OTH_BASE + OTH_REG_ID)
#define OTH_RESET (OTH_BASE + OTH_REG_RESET)   /* port 0x303 */
#define OTH_WHITE (OTH_BASE + OTH_REG_WHITE)   /* port 0x304 */
#define OTH_BLACK (OTH_BASE + OTH_REG_BLACK)   /* port 0x305 */
#define OTH_CONFIG (OTH_BASE + OTH_REG_CONFIG)
#define OTH_CYCLES (OTH_BASE + OTH_REG_CYCLES)
#define PORT_D7 OTH_WHITE_WR
#define PORT_PA OTH_WHITE_PA

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
    uint32_t id = hal_read(h, OTH_ID);
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
    hal_write(oth_hal, OTH_RESET, 1u);
    hal_write(oth_hal, OTH_WHITE, PORT_D7); /* WR not ready */
    hal_advance(oth_hal, 1);                /* 50 clocks in reset */
    hal_write(oth_hal, OTH_RESET, 0u);
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
    uint32_t bits = pass ? PORT_PA : (uint32_t)(row * 8 + col);
    hal_write(oth_hal, OTH_WHITE, bits);           /* WR asserted: BR goes high */
    hal_write(oth_hal, OTH_WHITE, bits | PORT_D7); /* the positive edge on D7 */
    oth_awaiting = 1;
    return 0;
}

int othello_machine_poll_black(int *pass, int *row, int *col)
{
    if (!oth_hal)
        return fail("no backend attached");
    if (!oth_awaiting)
        return fail("no White move is waiting for an answer");
    uint32_t v = hal_read(oth_hal, OTH_BLACK);
    if (v & PORT_D7)
        return 0; /* BR high: Black not ready */
    if (v & ~0xFFu)
        return fail("the Black port read more than 8 bits");
    oth_awaiting = 0;
    if (v & PORT_PA) {
        *pass = 1;
        *row = -1;
        *col = -1;
    } else {
        *pass = 0;
        *row = (int)((v >> 3) & 7u);
        *col = (int)(v & 7u);
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
    if (depth < 0 || depth > 10 || budget_k > 0xFFFFu)
        return fail("depth is 0-10 plies, the budget 0-65535 x 1024 clocks");
    hal_write(oth_hal, OTH_CONFIG, budget_k << 16 | (unsigned)depth);
    return 0;
}

uint32_t othello_machine_cycles(void)
{
    return oth_hal ? hal_read(oth_hal, OTH_CYCLES) : 0u;
}

const char *othello_machine_error(void)
{
    return oth_err;
}

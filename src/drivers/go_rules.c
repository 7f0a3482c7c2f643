/* drivers/go_rules.c - the go_rules peripheral through the HAL (go_rules.h). */
#include "go_rules.h"

#include <stdio.h>
#include <string.h>

/* Byte offsets from GO_RULES_BASE (rtl/go_rules/go_rules_regs.def). */
static uint32_t gr_read(go_rules_hw_t *hw, uint32_t off)
{
    return hal_read(hw->hal, GO_RULES_BASE + off);
}

static void gr_write(go_rules_hw_t *hw, uint32_t off, uint32_t v)
{
    hal_write(hw->hal, GO_RULES_BASE + off, v);
}

/* The point at place i of BOARD/KO/RESULT word k. */
static unsigned point_of(unsigned k, unsigned i)
{
    return GO_RULES_POINTS_PER_WORD * k + i;
}

static void gr_write_board(go_rules_hw_t *hw, uint32_t base, const uint8_t b[GO_RULES_NPOINTS])
{
    for (unsigned k = 0; k < GO_RULES_REG_BOARD_COUNT; k++) {
        uint32_t w = 0;
        for (unsigned i = 0; i < GO_RULES_POINTS_PER_WORD && point_of(k, i) < GO_RULES_NPOINTS; i++)
            w |= (uint32_t)(b[point_of(k, i)] & GO_RULES_POINT_MASK) << (GO_RULES_POINT_BITS * i);
        gr_write(hw, base + 4 * k, w);
    }
}

int go_rules_hw_open(go_rules_hw_t *hw, hal_t *hal, char *err, size_t errlen)
{
    hw->hal = hal;
    uint32_t id = gr_read(hw, GO_RULES_REG_ID);
    if (id != GO_RULES_ID_VALUE) {
        snprintf(err, errlen,
                 "no go_rules peripheral at LW 0x%04X on the %s backend (ID reads 0x%08X, "
                 "not 0x%08X): load a bitstream with it, or use --rules sw",
                 GO_RULES_BASE, hal->ops->name, (unsigned)id, GO_RULES_ID_VALUE);
        return -1;
    }
    return 0;
}

/* Polls STATUS until the bits of done are set and busy is clear. */
static int gr_wait(go_rules_hw_t *hw, uint32_t busy, uint32_t done, uint32_t *status,
                   char *err, size_t errlen)
{
    for (int i = 0; i < GO_RULES_HW_MAX_POLLS; i++) {
        uint32_t s = gr_read(hw, GO_RULES_REG_STATUS);
        if ((s & done) && !(s & busy)) {
            *status = s;
            return 0;
        }
    }
    snprintf(err, errlen, "go_rules: no answer after %d polls of STATUS", GO_RULES_HW_MAX_POLLS);
    return -1;
}

/* Polls STATUS until neither FSM is busy (BOARD then takes writes). */
static int gr_wait_idle(go_rules_hw_t *hw, char *err, size_t errlen)
{
    for (int i = 0; i < GO_RULES_HW_MAX_POLLS; i++)
        if (!(gr_read(hw, GO_RULES_REG_STATUS) & (GO_RULES_STATUS_BUSY | GO_RULES_STATUS_TBUSY)))
            return 0;
    snprintf(err, errlen, "go_rules: still busy after %d polls of STATUS", GO_RULES_HW_MAX_POLLS);
    return -1;
}

int go_rules_hw_decide(go_rules_hw_t *hw, const uint8_t board[GO_RULES_NPOINTS],
                       const uint8_t ko[GO_RULES_NPOINTS], int colour, int point,
                       go_rules_hw_answer_t *a, char *err, size_t errlen)
{
    uint32_t status;
    /* A count still running would hold BOARD: wait for it first. */
    if (gr_wait_idle(hw, err, errlen) != 0)
        return -1;
    gr_write_board(hw, GO_RULES_REG_BOARD, board);
    gr_write_board(hw, GO_RULES_REG_KO, ko);
    uint32_t move = ((uint32_t)colour << GO_RULES_MOVE_COLOUR_SHIFT) & GO_RULES_MOVE_COLOUR_MASK;
    move |= point < 0 ? GO_RULES_MOVE_PASS
                      : ((uint32_t)point << GO_RULES_MOVE_POINT_SHIFT) & GO_RULES_MOVE_POINT_MASK;
    gr_write(hw, GO_RULES_REG_MOVE, move);
    gr_write(hw, GO_RULES_REG_CTRL, GO_RULES_CTRL_MOVE);
    if (gr_wait(hw, GO_RULES_STATUS_BUSY, GO_RULES_STATUS_DONE, &status, err, errlen) != 0)
        return -1;
    a->legal = (status & GO_RULES_STATUS_LEGAL) != 0;
    a->reason = (int)((status & GO_RULES_STATUS_REASON_MASK) >> GO_RULES_STATUS_REASON_SHIFT);
    for (unsigned k = 0; k < GO_RULES_REG_RESULT_COUNT; k++) {
        uint32_t w = gr_read(hw, GO_RULES_REG_RESULT + 4 * k);
        for (unsigned i = 0; i < GO_RULES_POINTS_PER_WORD && point_of(k, i) < GO_RULES_NPOINTS; i++)
            a->board[point_of(k, i)] = (uint8_t)((w >> (GO_RULES_POINT_BITS * i)) & GO_RULES_POINT_MASK);
    }
    a->captured = (int)REG_FIELD_GET(gr_read(hw, GO_RULES_REG_CAPTURED), GO_RULES_CAPTURED_COUNT);
    a->cycles = gr_read(hw, GO_RULES_REG_CYCLES);
    return 0;
}

int go_rules_hw_territory(go_rules_hw_t *hw, const uint8_t board[GO_RULES_NPOINTS], int *black,
                          int *white, uint32_t *cycles, char *err, size_t errlen)
{
    uint32_t status;
    if (gr_wait_idle(hw, err, errlen) != 0)
        return -1;
    gr_write_board(hw, GO_RULES_REG_BOARD, board);
    gr_write(hw, GO_RULES_REG_CTRL, GO_RULES_CTRL_TERRITORY);
    if (gr_wait(hw, GO_RULES_STATUS_TBUSY, GO_RULES_STATUS_TDONE, &status, err, errlen) != 0)
        return -1;
    uint32_t t = gr_read(hw, GO_RULES_REG_TERRITORY);
    *black = (int)((t & GO_RULES_TERRITORY_BLACK_MASK) >> GO_RULES_TERRITORY_BLACK_SHIFT);
    *white = (int)((t & GO_RULES_TERRITORY_WHITE_MASK) >> GO_RULES_TERRITORY_WHITE_SHIFT);
    if (cycles)
        *cycles = gr_read(hw, GO_RULES_REG_TCYCLES);
    return 0;
}

/* ---- the rules seam ---- */

static int hw_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                     const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                     go_rules_decision_t *d, char *err, size_t errlen)
{
    go_rules_hw_answer_t a;
    int point = m.pass ? -1 : m.row * GO_RULES_SIZE + m.col;
    if (go_rules_hw_decide(ctx, board, ko, (int)colour, point, &a, err, errlen) != 0)
        return -1;
    static const MoveResult reasons[] = {MOVE_OK, MOVE_ILLEGAL_OCCUPIED, MOVE_ILLEGAL_SUICIDE,
                                         MOVE_ILLEGAL_KO};
    if (a.reason >= (int)(sizeof reasons / sizeof reasons[0]) || a.legal != (a.reason == 0)) {
        snprintf(err, errlen, "go_rules: the peripheral refused the move as malformed "
                              "(reason %d)", a.reason);
        return -1;
    }
    d->result = reasons[a.reason];
    memcpy(d->board, a.board, sizeof d->board);
    d->captured = a.captured;
    d->cycles = a.cycles;
    return 0;
}

static int hw_territory(void *ctx, const uint8_t board[GO_RULES_NPOINTS], int *black,
                        int *white, char *err, size_t errlen)
{
    return go_rules_hw_territory(ctx, board, black, white, NULL, err, errlen);
}

go_rules_t go_rules_hw_rules(go_rules_hw_t *hw)
{
    go_rules_t r;
    memset(&r, 0, sizeof r);
    r.name = "hardware";
    r.decide = hw_decide;
    r.territory = hw_territory;
    r.ctx = hw;
    return r;
}

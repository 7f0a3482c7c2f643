/* models/go_rules_model.c - rtl/go_rules/ clock by clock (go_rules.h). */
#include "go_rules_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* go_board_updater.sv's states and reasons. */
enum { U_IDLE, U_LOAD, U_APPLY, U_PRUNE_OPP, U_KO, U_PRUNE_OWN };

/* ---- go_pruner.sv ---- */

/* The wire latch h(r,c) or v(r,c), cold outside the board. */
static int hq(const go_rules_pruner_t *p, int r, int c)
{
    return r >= 0 && r < 9 && c >= 0 && c < 8 ? p->h[r * 8 + c] : 0;
}

static int vq(const go_rules_pruner_t *p, int r, int c)
{
    return r >= 0 && r < 8 && c >= 0 && c < 9 ? p->v[r * 9 + c] : 0;
}

static int wire_next(int ca, int cb, int any_nb)
{
    if (ca == 0 || cb == 0)
        return 1;
    return ca == cb ? any_nb : 0;
}

/* The values every wire would take this clock; returns 1 if none differs
 * from its latch (stable). */
static int pruner_next(const go_rules_pruner_t *p, const uint8_t board[GO_RULES_POINTS],
                       uint8_t hd[GO_RULES_H_WIRES], uint8_t vd[GO_RULES_V_WIRES])
{
    int stable = 1;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 8; c++) {
            int nb = hq(p, r, c - 1) | hq(p, r, c + 1) | vq(p, r - 1, c) | vq(p, r, c) |
                     vq(p, r - 1, c + 1) | vq(p, r, c + 1);
            hd[r * 8 + c] = (uint8_t)wire_next(board[r * 9 + c], board[r * 9 + c + 1], nb);
            stable &= hd[r * 8 + c] == p->h[r * 8 + c];
        }
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 9; c++) {
            int nb = vq(p, r - 1, c) | vq(p, r + 1, c) | hq(p, r, c - 1) | hq(p, r, c) |
                     hq(p, r + 1, c - 1) | hq(p, r + 1, c);
            vd[r * 9 + c] = (uint8_t)wire_next(board[r * 9 + c], board[(r + 1) * 9 + c], nb);
            stable &= vd[r * 9 + c] == p->v[r * 9 + c];
        }
    return stable;
}

/* The pruner's outputs now: removed[] and pruned[]; returns the count. */
static int pruner_outputs(const go_rules_pruner_t *p, const uint8_t board[GO_RULES_POINTS],
                          int target, uint8_t removed[GO_RULES_POINTS],
                          uint8_t pruned[GO_RULES_POINTS])
{
    int n = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int i = r * 9 + c;
            int lib = hq(p, r, c - 1) | hq(p, r, c) | vq(p, r - 1, c) | vq(p, r, c);
            removed[i] = (uint8_t)(board[i] == target && target != 0 && !lib);
            pruned[i] = removed[i] ? 0 : board[i];
            n += removed[i];
        }
    return n;
}

/* One clock edge of a pruner whose inputs are board and start. */
static void pruner_clock(go_rules_pruner_t *p, const uint8_t board[GO_RULES_POINTS], int start)
{
    p->ready = 0;
    if (!p->prop) {
        if (start) {
            memset(p->h, 0, sizeof p->h); /* every wire latch pulsed low */
            memset(p->v, 0, sizeof p->v);
            p->prop = 1;
        }
        return;
    }
    uint8_t hd[GO_RULES_H_WIRES], vd[GO_RULES_V_WIRES];
    if (pruner_next(p, board, hd, vd)) {
        p->prop = 0;
        p->ready = 1;
    } else {
        memcpy(p->h, hd, sizeof hd);
        memcpy(p->v, vd, sizeof vd);
    }
}

/* ---- the whole peripheral ---- */

void go_rules_model_reset(go_rules_model_t *m)
{
    memset(m, 0, sizeof *m);
}

int go_rules_model_busy(const go_rules_model_t *m)
{
    return m->ustate != U_IDLE || m->running;
}

/* The point at place i of BOARD/KO/RESULT word k. */
static unsigned point_of(unsigned k, unsigned i)
{
    return GO_RULES_POINTS_PER_WORD * k + i;
}

static uint32_t board_word(const uint8_t b[GO_RULES_POINTS], unsigned k)
{
    uint32_t w = 0;
    for (unsigned i = 0; i < GO_RULES_POINTS_PER_WORD; i++)
        if (point_of(k, i) < GO_RULES_POINTS)
            w |= (uint32_t)b[point_of(k, i)] << (GO_RULES_POINT_BITS * i);
    return w;
}

static void board_word_write(uint8_t b[GO_RULES_POINTS], unsigned k, uint32_t w)
{
    for (unsigned i = 0; i < GO_RULES_POINTS_PER_WORD; i++)
        if (point_of(k, i) < GO_RULES_POINTS) {
            unsigned f = (w >> (GO_RULES_POINT_BITS * i)) & GO_RULES_POINT_MASK;
            b[point_of(k, i)] = (uint8_t)(f == GO_RULES_POINT_MASK ? 0 : f); /* 3 is stored as 0 */
        }
}

/* The byte offset of the word the slave decodes at offset (its word address wraps). */
static uint32_t decoded(uint32_t offset)
{
    return offset & ((4u << GO_RULES_ADDR_BITS) - 4u);
}

/* 1 with *k the word of the array at first (count words) that offset names. */
static int array_word(uint32_t offset, uint32_t first, unsigned count, unsigned *k)
{
    *k = (offset - first) >> 2;
    return offset >= first && *k < count;
}

static uint32_t status_word(const go_rules_model_t *m)
{
    return (m->ustate != U_IDLE ? GO_RULES_STATUS_BUSY : 0u) |
           (m->done ? GO_RULES_STATUS_DONE : 0u) | (m->legal ? GO_RULES_STATUS_LEGAL : 0u) |
           REG_FIELD_PUT(m->reason, GO_RULES_STATUS_REASON) |
           (m->running ? GO_RULES_STATUS_TBUSY : 0u) | (m->tdone ? GO_RULES_STATUS_TDONE : 0u);
}

/* go_rules.sv's rdata for the word at offset, from the state before the edge. */
static uint32_t read_word(const go_rules_model_t *m, uint32_t offset)
{
    unsigned k;
    switch (offset) {
    case GO_RULES_REG_ID:
        return GO_RULES_ID_VALUE;
    case GO_RULES_REG_STATUS:
        return status_word(m);
    case GO_RULES_REG_MOVE:
        return REG_FIELD_PUT(m->point, GO_RULES_MOVE_POINT) | (m->pass ? GO_RULES_MOVE_PASS : 0u) |
               REG_FIELD_PUT(m->colour, GO_RULES_MOVE_COLOUR);
    case GO_RULES_REG_CAPTURED:
        return m->captured;
    case GO_RULES_REG_CYCLES:
        return m->cycles;
    case GO_RULES_REG_TERRITORY:
        return REG_FIELD_PUT(m->tblack, GO_RULES_TERRITORY_BLACK) |
               REG_FIELD_PUT(m->twhite, GO_RULES_TERRITORY_WHITE);
    case GO_RULES_REG_TCYCLES:
        return m->tcycles;
    default:
        break;
    }
    if (array_word(offset, GO_RULES_REG_BOARD, GO_RULES_REG_BOARD_COUNT, &k))
        return board_word(m->board, k);
    if (array_word(offset, GO_RULES_REG_KO, GO_RULES_REG_KO_COUNT, &k))
        return board_word(m->ko, k);
    if (array_word(offset, GO_RULES_REG_RESULT, GO_RULES_REG_RESULT_COUNT, &k))
        return board_word(m->result, k);
    return 0;
}

/* go_board_updater.sv: one clock edge. */
static void updater_clock(go_rules_model_t *m, int start)
{
    uint8_t colour = m->colour, opp = (uint8_t)(colour ^ 3u);
    int work_is_ko = !memcmp(m->work, m->ko, GO_RULES_POINTS);
    int pr_start = m->ustate == U_APPLY || (m->ustate == U_KO && !work_is_ko);
    int target = (m->ustate == U_APPLY || m->ustate == U_PRUNE_OPP) ? opp : colour;
    uint8_t removed[GO_RULES_POINTS], pruned[GO_RULES_POINTS];
    int count = pruner_outputs(&m->pu, m->work, target, removed, pruned);

    int fin = 0, why = GO_RULES_LEGAL;
    const uint8_t *fin_board = m->board;
    switch (m->ustate) {
    case U_LOAD:
        if (colour == 0 || colour == 3 || (!m->pass && m->point > 80)) {
            fin = 1;
            why = GO_RULES_BAD_MOVE;
        } else if (m->pass) {
            fin = 1;
        } else if (m->board[m->point] != 0) {
            fin = 1;
            why = GO_RULES_OCCUPIED;
        }
        break;
    case U_KO:
        if (work_is_ko) {
            fin = 1;
            why = GO_RULES_KO_REPEAT;
        }
        break;
    case U_PRUNE_OWN:
        if (m->pu.ready) {
            fin = 1;
            if (count)
                why = GO_RULES_SUICIDE;
            else
                fin_board = m->work;
        }
        break;
    default:
        break;
    }

    /* Registers, from the values before the edge. */
    uint8_t work_before[GO_RULES_POINTS];
    memcpy(work_before, m->work, sizeof work_before);
    int state = m->ustate;
    if (state != U_IDLE)
        m->cycles++;
    if (fin) {
        m->ustate = U_IDLE;
        m->done = 1;
        m->legal = why == GO_RULES_LEGAL;
        m->reason = (uint8_t)why;
        memcpy(m->result, fin_board, GO_RULES_POINTS);
        if (why != GO_RULES_LEGAL || state == U_LOAD)
            m->captured = 0;
    } else {
        switch (state) {
        case U_IDLE:
            if (start) {
                m->ustate = U_LOAD;
                m->done = 0;
                m->cycles = 0;
            }
            break;
        case U_LOAD:
            memcpy(m->work, m->board, GO_RULES_POINTS);
            m->work[m->point] = colour;
            m->ustate = U_APPLY;
            break;
        case U_APPLY:
            m->ustate = U_PRUNE_OPP;
            break;
        case U_PRUNE_OPP:
            if (m->pu.ready) {
                memcpy(m->work, pruned, GO_RULES_POINTS);
                m->captured = (uint8_t)count;
                m->ustate = U_KO;
            }
            break;
        case U_KO:
            m->ustate = U_PRUNE_OWN;
            break;
        case U_PRUNE_OWN:
            break;
        default:
            m->ustate = U_IDLE;
            break;
        }
    }
    pruner_clock(&m->pu, work_before, pr_start);
}

/* go_territory.sv: one clock edge. */
static void territory_clock(go_rules_model_t *m, int start)
{
    uint8_t swap_b[GO_RULES_POINTS], swap_w[GO_RULES_POINTS];
    int stones_b = 0, stones_w = 0;
    for (int p = 0; p < GO_RULES_POINTS; p++) {
        int s = m->board[p];
        stones_b += s == 1;
        stones_w += s == 2;
        swap_b[p] = (uint8_t)(s == 1 ? 1 : s == 2 ? 0 : 2);
        swap_w[p] = (uint8_t)(s == 2 ? 2 : s == 1 ? 0 : 1);
    }
    uint8_t removed[GO_RULES_POINTS], pruned[GO_RULES_POINTS];
    /* The XOR of pruned and unpruned is the removed mask. */
    int terr_b = pruner_outputs(&m->pb, swap_b, 2, removed, pruned);
    int terr_w = pruner_outputs(&m->pw, swap_w, 1, removed, pruned);
    int pr_start = start && !m->running;
    int pb_ready = m->pb.ready, pw_ready = m->pw.ready;

    if (!m->running) {
        if (start) {
            m->running = 1;
            m->tdone = 0;
            m->got_b = 0;
            m->got_w = 0;
            m->tcycles = 0;
        }
    } else {
        m->tcycles++;
        if (pb_ready)
            m->got_b = 1;
        if (pw_ready)
            m->got_w = 1;
        if ((m->got_b || pb_ready) && (m->got_w || pw_ready)) {
            m->running = 0;
            m->tdone = 1;
            m->tblack = (uint8_t)((terr_b + stones_b) & 0x7F);
            m->twhite = (uint8_t)((terr_w + stones_w) & 0x7F);
        }
    }
    pruner_clock(&m->pb, swap_b, pr_start);
    pruner_clock(&m->pw, swap_w, pr_start);
}

/* One clock of the whole peripheral with the bus inputs of that clock. */
static void model_clock(go_rules_model_t *m, int read, int write, uint32_t addr, uint32_t wdata)
{
    unsigned k;
    int start_move = write && addr == GO_RULES_REG_CTRL && (wdata & GO_RULES_CTRL_MOVE);
    int start_terr = write && addr == GO_RULES_REG_CTRL && (wdata & GO_RULES_CTRL_TERRITORY);
    int locked = go_rules_model_busy(m);
    if (read)
        m->readdata = read_word(m, addr);
    /* The FSMs see the registers as they were before this edge. */
    updater_clock(m, start_move);
    territory_clock(m, start_terr);
    if (write && !locked) {
        if (addr == GO_RULES_REG_MOVE) {
            m->point = (uint8_t)REG_FIELD_GET(wdata, GO_RULES_MOVE_POINT);
            m->pass = (wdata & GO_RULES_MOVE_PASS) != 0;
            m->colour = (uint8_t)REG_FIELD_GET(wdata, GO_RULES_MOVE_COLOUR);
        } else if (array_word(addr, GO_RULES_REG_BOARD, GO_RULES_REG_BOARD_COUNT, &k)) {
            board_word_write(m->board, k, wdata);
        } else if (array_word(addr, GO_RULES_REG_KO, GO_RULES_REG_KO_COUNT, &k)) {
            board_word_write(m->ko, k, wdata);
        }
    }
    m->clocks++;
}

uint32_t go_rules_model_read(go_rules_model_t *m, uint32_t offset)
{
    model_clock(m, 1, 0, decoded(offset), 0);
    return m->readdata;
}

void go_rules_model_write(go_rules_model_t *m, uint32_t offset, uint32_t value)
{
    model_clock(m, 0, 1, decoded(offset), value);
}

void go_rules_model_tick(go_rules_model_t *m, uint64_t n)
{
    while (n) {
        if (!go_rules_model_busy(m) && !m->pu.prop && !m->pu.ready && !m->pb.prop &&
            !m->pb.ready && !m->pw.prop && !m->pw.ready) {
            m->clocks += n; /* idle: nothing changes */
            return;
        }
        model_clock(m, 0, 0, 0, 0);
        n--;
    }
}

/* ---- the shape the bus hosts (hal/periph.h) ---- */

static void gr_op_reset(void *m) { go_rules_model_reset(m); }
static void gr_op_run(void *m, uint64_t n) { go_rules_model_tick(m, n); }
static uint32_t gr_op_read(void *m, uint32_t offset) { return go_rules_model_read(m, offset); }
static void gr_op_write(void *m, uint32_t offset, uint32_t value) { go_rules_model_write(m, offset, value); }

const periph_model_t go_rules_model = {
    .size = sizeof(go_rules_model_t),
    .what = "the Go rules model",
    .reset = gr_op_reset,
    .run = gr_op_run,
    .read = gr_op_read,
    .write = gr_op_write,
};

PERIPH_MODEL_BINDING(go_rules_model_binding, PERIPH_GO_RULES, go_rules_model);

/* models/othello_model.c - the Othello machine of rtl/othello/, clock by clock (othello.h). */
#include "othello_model.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FILE_A 0x0101010101010101ull /* column 0 */
#define FILE_H 0x8080808080808080ull /* column 7 */
#define START_WHITE ((1ull << 27) | (1ull << 36)) /* d4 e5 */
#define START_BLACK ((1ull << 28) | (1ull << 35)) /* e4 d5 */

/* ---- the combinational blocks of othello_machine.sv ---- */

/* One step in direction d: 0 E, 1 W, 2 S, 3 N, 4 SE, 5 SW, 6 NE, 7 NW. */
static uint64_t shift_dir(uint64_t x, int d)
{
    switch (d) {
    case 0: return (x << 1) & ~FILE_A;
    case 1: return (x >> 1) & ~FILE_H;
    case 2: return x << 8;
    case 3: return x >> 8;
    case 4: return (x << 9) & ~FILE_A;
    case 5: return (x << 7) & ~FILE_H;
    case 6: return (x >> 7) & ~FILE_A;
    default: return (x >> 9) & ~FILE_H;
    }
}

uint64_t oth_hw_moves(uint64_t p, uint64_t o)
{
    uint64_t empty = ~(p | o), moves = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t t = shift_dir(p, d) & o;
        for (int i = 0; i < 5; i++)
            t |= shift_dir(t, d) & o;
        moves |= shift_dir(t, d) & empty;
    }
    return moves;
}

uint64_t oth_hw_flips(uint64_t p, uint64_t o, uint64_t sq)
{
    uint64_t flips = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t t = shift_dir(sq, d) & o;
        for (int i = 0; i < 5; i++)
            t |= shift_dir(t, d) & o;
        if (shift_dir(t, d) & p)
            flips |= t;
    }
    return flips;
}

static int popcount64(uint64_t x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

/* The ten square classes of the weight table (a square folded into the
 * triangle 0 <= a <= b <= 3 of its quadrant) and their weights. */
static const int class_weight[10] = {100, -20, 10, 5, -50, -2, -2, 1, 0, 0};
#define MOBILITY_WEIGHT 8

static uint64_t class_mask(int k)
{
    static uint64_t masks[10];
    static int ready;
    if (!ready) {
        for (int sq = 0; sq < 64; sq++) {
            int r = sq / 8, c = sq % 8;
            int rr = r < 4 ? r : 7 - r, cc = c < 4 ? c : 7 - c;
            int a = rr < cc ? rr : cc, b = rr < cc ? cc : rr;
            static const int idx[4][4] = {{0, 1, 2, 3}, {-1, 4, 5, 6}, {-1, -1, 7, 8}, {-1, -1, -1, 9}};
            masks[idx[a][b]] |= 1ull << sq;
        }
        ready = 1;
    }
    return masks[k];
}

/* Move ordering: corners, then edges A/B and the centre, then the squares
 * beside X, then C and X squares. */
static uint64_t order_mask(int q)
{
    switch (q) {
    case 0: return class_mask(0);
    case 1: return class_mask(2) | class_mask(3) | class_mask(7) | class_mask(8) | class_mask(9);
    case 2: return class_mask(5) | class_mask(6);
    default: return ~0ull;
    }
}

/* The one-hot square the search tries next out of the non-empty m. */
static uint64_t pick_move(uint64_t m)
{
    for (int q = 0; q < 4; q++) {
        uint64_t c = m & order_mask(q);
        if (c)
            return c & (~c + 1);
    }
    return 0;
}

static int square_of(uint64_t onehot)
{
    int i = 0;
    while (i < 63 && !(onehot >> i & 1))
        i++;
    return i;
}

static int16_t terminal_score(int dd)
{
    return (int16_t)(dd > 0 ? OTH_WIN + 64 * dd : dd < 0 ? -OTH_WIN + 64 * dd : 0);
}

/* ---- the machine ---- */

static void machine_reset(oth_model_t *m)
{
    m->state = OTH_S_INIT;
    m->wr_prev = 1;
    m->pending = 0;
    m->white_q = 0;
    m->black_q = 0;
    m->br_q = 1;
    m->result_pass = 0;
    m->root_mv = 0;
    m->sp = 0;
    m->config = 0;
    m->cnt = 0;
    m->cycles_q = 0;
    memset(&m->cur, 0, sizeof m->cur);
    m->ret = 0;
    m->pick_m = 0;
    m->mobp = m->mobo = 0;
    memset(m->dk, 0, sizeof m->dk);
    m->md = m->dd = 0;
    m->term = 0;
}

void oth_model_reset(oth_model_t *m)
{
    memset(m, 0, sizeof *m);
    m->white_port = OTH_WHITE_WR;
    machine_reset(m);
    m->in_reset = 1;
}

static int depth_of(uint32_t config)
{
    int d = (int)REG_FIELD_GET(config, OTH_CONFIG_DEPTH);
    return d == 0 ? OTH_DEFAULT_DEPTH : d > OTH_MAX_DEPTH ? OTH_MAX_DEPTH : d;
}

static uint32_t budget_of(uint32_t config)
{
    uint32_t k = REG_FIELD_GET(config, OTH_CONFIG_BUDGET);
    return (k ? k : OTH_DEFAULT_BUDGET_K) << 10;
}

int oth_model_active(const oth_model_t *m)
{
    int wr = (m->white_port & OTH_WHITE_WR) != 0;
    if (m->grst)
        return !m->in_reset;
    return m->state != OTH_S_WAIT || m->pending || m->wr_prev != wr || (!wr && !m->br_q);
}

/* The byte offset of the word the slave decodes at offset (its word address wraps). */
static uint32_t decoded(uint32_t offset)
{
    return offset & ((4u << OTH_ADDR_BITS) - 4u);
}

static uint32_t read_word(const oth_model_t *m, uint32_t offset)
{
    int wr = (m->white_port & OTH_WHITE_WR) != 0;
    switch (offset) {
    case OTH_REG_ID: return OTH_ID_VALUE;
    case OTH_REG_RESET: return m->grst;
    case OTH_REG_WHITE: return m->white_port;
    case OTH_REG_BLACK: return ((m->br_q | !wr) ? OTH_BLACK_BR : 0u) | m->black_q;
    case OTH_REG_CONFIG: return m->config;
    case OTH_REG_CYCLES: return m->cycles_q;
    default: return 0;
    }
}

/* One clock of the FSM; every right-hand side is a value before the edge. */
static void machine_clock(oth_model_t *m)
{
    oth_model_t o; /* the registers before the edge (the stack RAM is read in place:
                    * no state both writes and reads it) */
    memcpy(&o, m, offsetof(oth_model_t, stack));
    int wr = (o.white_port & OTH_WHITE_WR) != 0;
    int depth = depth_of(o.config);
    oth_frame_t *cur = &m->cur;
    const oth_frame_t *oc = &o.cur;

    m->wr_prev = (uint8_t)wr;
    if ((o.state == OTH_S_INIT || o.state == OTH_S_WAIT) && !o.pending && wr && !o.wr_prev) {
        m->white_q = o.white_port & (OTH_WHITE_PA | OTH_WHITE_MOVE_MASK); /* the bank of 7 registers */
        m->pending = 1;
    }
    if (o.state == OTH_S_ASSERT)
        m->br_q = 0;
    else if (!wr)
        m->br_q = 1;
    if (o.state != OTH_S_INIT && o.state != OTH_S_WAIT && o.state != OTH_S_ASSERT)
        m->cnt = o.cnt + 1;

    switch (o.state) {
    case OTH_S_INIT:
        m->mem_black = START_BLACK;
        m->mem_white = START_WHITE;
        m->state = OTH_S_WAIT;
        break;
    case OTH_S_WAIT:
        if (o.pending) {
            m->pending = 0;
            m->cnt = 0;
            m->state = (o.white_q & OTH_WHITE_PA) ? OTH_S_ROOT : OTH_S_APPLYW;
        }
        break;
    case OTH_S_APPLYW: {
        uint64_t sq = 1ull << REG_FIELD_GET(o.white_q, OTH_WHITE_MOVE);
        uint64_t fl = oth_hw_flips(o.mem_white, o.mem_black, sq);
        m->mem_white = o.mem_white | sq | fl;
        m->mem_black = o.mem_black & ~(sq | fl);
        m->state = OTH_S_ROOT;
        break;
    }
    case OTH_S_ROOT:
        cur->p = o.mem_black;
        cur->o = o.mem_white;
        cur->alpha = -OTH_INF;
        cur->beta = OTH_INF;
        m->sp = 0;
        m->result_pass = 0;
        m->state = OTH_S_NODE;
        break;
    case OTH_S_NODE: {
        uint64_t mp = oth_hw_moves(oc->p, oc->o), mo = oth_hw_moves(oc->o, oc->p);
        if (o.sp != 0 && o.cnt >= budget_of(o.config)) {
            m->state = OTH_S_PRESENT;
        } else if (o.sp == depth) {
            m->state = OTH_S_EVAL1;
        } else if (mp) {
            cur->m = mp;
            cur->best = -OTH_INF;
            cur->pass = 0;
            m->state = OTH_S_PICK;
        } else if (o.sp == 0) {
            m->result_pass = 1;
            m->state = OTH_S_PRESENT;
        } else if (!mo) {
            m->ret = terminal_score(popcount64(oc->p) - popcount64(oc->o));
            m->state = OTH_S_RET;
        } else {
            cur->pass = 1;
            cur->m = 0;
            cur->best = -OTH_INF;
            m->state = OTH_S_PASS;
        }
        break;
    }
    case OTH_S_PICK:
        if (!oc->m) {
            m->ret = oc->best;
            m->state = OTH_S_RET;
        } else {
            uint64_t b = pick_move(oc->m);
            cur->m = oc->m & ~b;
            m->pick_m = b;
            cur->mv = (uint8_t)square_of(b);
            /* The root's first move stands until a search result beats it
             * (or the budget runs out before any does). */
            if (o.sp == 0 && oc->best == -OTH_INF)
                m->root_mv = cur->mv;
            m->state = OTH_S_MAKE;
        }
        break;
    case OTH_S_MAKE: {
        uint64_t fl = oth_hw_flips(oc->p, oc->o, o.pick_m);
        m->stack[o.sp] = *oc;
        cur->p = oc->o & ~fl;
        cur->o = oc->p | fl | o.pick_m;
        cur->alpha = (int16_t)-oc->beta;
        cur->beta = (int16_t)-oc->alpha;
        m->sp = (uint8_t)(o.sp + 1);
        m->state = OTH_S_NODE;
        break;
    }
    case OTH_S_PASS:
        m->stack[o.sp] = *oc;
        cur->p = oc->o;
        cur->o = oc->p;
        cur->alpha = (int16_t)-oc->beta;
        cur->beta = (int16_t)-oc->alpha;
        m->sp = (uint8_t)(o.sp + 1);
        m->state = OTH_S_NODE;
        break;
    case OTH_S_EVAL1:
        m->mobp = oth_hw_moves(oc->p, oc->o);
        m->mobo = oth_hw_moves(oc->o, oc->p);
        m->state = OTH_S_EVAL2;
        break;
    case OTH_S_EVAL2:
        for (int k = 0; k < 10; k++)
            m->dk[k] = (int8_t)(popcount64(oc->p & class_mask(k)) - popcount64(oc->o & class_mask(k)));
        m->md = (int8_t)(popcount64(o.mobp) - popcount64(o.mobo));
        m->dd = (int8_t)(popcount64(oc->p) - popcount64(oc->o));
        m->term = !o.mobp && !o.mobo;
        m->state = OTH_S_EVAL3;
        break;
    case OTH_S_EVAL3: {
        int v = MOBILITY_WEIGHT * o.md;
        for (int k = 0; k < 10; k++)
            v += class_weight[k] * o.dk[k];
        m->ret = o.term ? terminal_score(o.dd) : (int16_t)v;
        m->state = OTH_S_RET;
        break;
    }
    case OTH_S_RET:
        if (o.sp == 0) {
            m->state = OTH_S_PRESENT;
        } else {
            const oth_frame_t *f = &m->stack[o.sp - 1];
            int16_t s = (int16_t)-o.ret;
            m->sp = (uint8_t)(o.sp - 1);
            *cur = *f;
            if (f->pass) {
                m->ret = s;
                m->state = OTH_S_RET;
            } else {
                int better = s > f->best;
                int16_t nb = better ? s : f->best;
                int16_t na = s > f->alpha ? s : f->alpha;
                if (better && o.sp == 1)
                    m->root_mv = f->mv;
                cur->best = nb;
                cur->alpha = na;
                if (na >= f->beta) {
                    m->ret = nb;
                    m->state = OTH_S_RET;
                } else {
                    m->state = OTH_S_PICK;
                }
            }
        }
        break;
    case OTH_S_PRESENT:
        if (o.result_pass) {
            m->black_q = OTH_BLACK_PA;
        } else {
            uint64_t sq = 1ull << o.root_mv;
            uint64_t fl = oth_hw_flips(o.mem_black, o.mem_white, sq);
            m->black_q = o.root_mv;
            m->mem_black = o.mem_black | sq | fl;
            m->mem_white = o.mem_white & ~fl;
        }
        m->state = OTH_S_ASSERT;
        break;
    case OTH_S_ASSERT:
        m->cycles_q = o.cnt + 2;
        m->state = OTH_S_WAIT;
        break;
    default:
        m->state = OTH_S_INIT;
        break;
    }
}

/* One clock of the whole peripheral with that clock's bus inputs. */
static void model_clock(oth_model_t *m, int read, int write, uint32_t addr, uint32_t wdata)
{
    int grst_before = m->grst;
    if (read)
        m->readdata = read_word(m, addr);
    if (grst_before) {
        machine_reset(m);
        m->in_reset = 1;
    } else {
        machine_clock(m);
        m->in_reset = 0;
        if (write && addr == OTH_REG_CONFIG)
            m->config = wdata;
    }
    if (write) {
        if (addr == OTH_REG_RESET)
            m->grst = (uint8_t)(wdata & OTH_RESET_HOLD);
        else if (addr == OTH_REG_WHITE)
            m->white_port = (uint8_t)wdata;
    }
    m->clocks++;
}

uint32_t oth_model_read(oth_model_t *m, uint32_t offset)
{
    model_clock(m, 1, 0, decoded(offset), 0);
    return m->readdata;
}

void oth_model_write(oth_model_t *m, uint32_t offset, uint32_t value)
{
    model_clock(m, 0, 1, decoded(offset), value);
}

void oth_model_tick(oth_model_t *m, uint64_t n)
{
    while (n) {
        if (!oth_model_active(m)) {
            m->clocks += n; /* idle: nothing changes */
            return;
        }
        model_clock(m, 0, 0, 0, 0);
        n--;
    }
}

/* ---- the shape the bus hosts (hal/periph.h) ---- */

static void oth_op_reset(void *m) { oth_model_reset(m); }
static void oth_op_run(void *m, uint64_t n) { oth_model_tick(m, n); }
static uint32_t oth_op_read(void *m, uint32_t offset) { return oth_model_read(m, offset); }
static void oth_op_write(void *m, uint32_t offset, uint32_t value) { oth_model_write(m, offset, value); }

const periph_model_t oth_model = {
    .size = sizeof(oth_model_t),
    .what = "the Othello machine model",
    .reset = oth_op_reset,
    .run = oth_op_run,
    .read = oth_op_read,
    .write = oth_op_write,
};

PERIPH_MODEL_BINDING(oth_model_binding, PERIPH_OTHELLO, oth_model);

/* models/connect4_model.c - the mailbox FSM of rtl/connect4/connect4_mailbox.sv, clock by clock. */
#include "connect4_model.h"

#include <string.h>

#include "games/connect4/c4_ai.h"

/* States in the order of connect4_mailbox.sv's state_e. */
enum { C4M_ADDR, C4M_WAIT, C4M_DATA, C4M_COMPUTE, C4M_WRITE_MOVE, C4M_WRITE_FLAG };

void c4_model_reset(c4_model_t *m)
{
    memset(m, 0, sizeof *m);
    m->fsm = C4M_ADDR;
}


/* Reset by the PIO: everything but the PIO itself and its count. */
static void c4_model_pio_reset(c4_model_t *m)
{
    uint32_t pio = m->pio;
    uint64_t resets = m->pio_resets;
    c4_model_reset(m);
    m->pio = pio;
    m->pio_resets = resets;
}

/* One clock edge of the FSM, before any bus write of the same clock. */
static void c4_model_step(c4_model_t *m)
{
    if (m->pio & C4_RESET_PIO_HOLD) {
        c4_model_pio_reset(m);
        return;
    }
    switch (m->fsm) {
    case C4M_ADDR:
        m->ram_addr = m->idx;
        m->fsm = C4M_WAIT;
        break;
    case C4M_WAIT:
        m->ram_q = m->mem[m->ram_addr];
        m->fsm = C4M_DATA;
        break;
    case C4M_DATA:
        m->fsm = C4M_ADDR;
        if (m->idx == 0) {
            if (m->ram_q == C4_FLAG_NEW)
                m->idx = 1;
        } else {
            m->rows[m->idx - 1] = (uint16_t)REG_FIELD_GET(m->ram_q, C4_ROW_CELLS);
            if (m->idx == C4_REG_ROW_COUNT)
                m->fsm = C4M_COMPUTE;
            else
                m->idx++;
        }
        break;
    case C4M_COMPUTE:
        /* The RTL's AI answers the rows C4_MODEL_AI_LATENCY edges after
         * this state's first; the answer is a function of the rows alone. */
        m->compute_clocks++;
        if (m->wait == C4_MODEL_AI_LATENCY) {
            m->move_q = c4_ai_decide(m->rows, NULL) & 0xFFu;
            m->wait = 0;
            m->fsm = C4M_WRITE_MOVE;
        } else {
            m->wait++;
        }
        break;
    case C4M_WRITE_MOVE:
        m->mem[C4_REG_MOVE >> 2] = m->move_q;
        m->fsm = C4M_WRITE_FLAG;
        break;
    case C4M_WRITE_FLAG:
        m->answers++;
        m->mem[C4_REG_FLAG >> 2] = C4_FLAG_DONE;
        m->idx = 0;
        m->fsm = C4M_ADDR;
        break;
    default:
        m->fsm = C4M_ADDR;
        break;
    }
    m->cycles++;
}

/* 1 if offset is a word of the mailbox's RTL (not the PIO beside it). */
static int in_mailbox(uint32_t offset)
{
    return offset < (4u << C4_ADDR_BITS) && !(offset & 3u);
}

uint32_t c4_model_reg_read(c4_model_t *m, uint32_t offset)
{
    uint32_t v = 0;
    if (offset == C4_REG_RESET_PIO)
        v = m->pio;
    else if (in_mailbox(offset))
        v = m->mem[offset >> 2];
    c4_model_step(m);
    return v;
}

void c4_model_reg_write(c4_model_t *m, uint32_t offset, uint32_t value)
{
    c4_model_step(m);
    if (offset == C4_REG_RESET_PIO) {
        if ((value & C4_RESET_PIO_HOLD) && !(m->pio & C4_RESET_PIO_HOLD))
            m->pio_resets++;
        m->pio = value & C4_RESET_PIO_HOLD;
        return;
    }
    if (in_mailbox(offset) && !(m->pio & C4_RESET_PIO_HOLD))
        m->mem[offset >> 2] = value;
}

void c4_model_tick(c4_model_t *m, uint64_t n)
{
    /* Idle polling with no new flag changes nothing but the 3-clock phase,
     * so long waits cost no time. */
    if (m->idx == 0 && m->fsm <= C4M_DATA && m->mem[0] != C4_FLAG_NEW &&
        m->ram_q != C4_FLAG_NEW && n > 6) {
        uint64_t skip = ((n - 6) / 3) * 3;
        if (m->fsm == C4M_ADDR || m->fsm == C4M_DATA)
            m->ram_addr = 0; /* an ADDR step happens within any 3 clocks */
        m->ram_q = m->mem[0];
        m->cycles += skip;
        n -= skip;
    }
    while (n--)
        c4_model_step(m);
}

int c4_model_busy(const c4_model_t *m)
{
    return m->idx != 0 || m->fsm >= C4M_COMPUTE;
}

/* The shape the bus hosts: the catch-up adapter runs the model to the
 * system clock at each access, which leaves it where ticking it through
 * every microsecond would (c4_model_tick's idle skip is exact). */
static void c4_op_reset(void *m) { c4_model_reset(m); }
static void c4_op_run(void *m, uint64_t n) { c4_model_tick(m, n); }
static uint32_t c4_op_read(void *m, uint32_t offset) { return c4_model_reg_read(m, offset); }
static void c4_op_write(void *m, uint32_t offset, uint32_t value) { c4_model_reg_write(m, offset, value); }

const periph_model_t c4_model = {
    .size = sizeof(c4_model_t),
    .what = "the Connect Four mailbox model",
    .reset = c4_op_reset,
    .run = c4_op_run,
    .read = c4_op_read,
    .write = c4_op_write,
};

PERIPH_MODEL_BINDING(c4_model_binding, PERIPH_CONNECT4, c4_model);

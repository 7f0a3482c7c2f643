/* models/link_uart_model.c - the link UART of rtl/link_uart/link_uart.sv, byte by byte (link_uart.h). */
#include "link_uart_model.h"

#include <string.h>

#include "hal.h"

void lu_model_reset(lu_model_t *m)
{
    hal_link_t *pins = m->pins;
    memset(m, 0, sizeof *m);
    m->div = LINK_UART_DIV_9600;
    m->pins = pins;
}

void lu_model_attach(lu_model_t *m, hal_link_t *t)
{
    m->pins = t;
}

static uint64_t byte_clocks(const lu_model_t *m)
{
    return 160u * (uint64_t)m->div; /* 10 bits of 16 ticks */
}

static void rx_push(lu_model_t *m, uint8_t b)
{
    if (m->rx_count == LINK_UART_DEPTH) {
        m->overrun = 1;
        return;
    }
    m->rxq[(m->rx_head + m->rx_count) % LINK_UART_DEPTH] = b;
    m->rx_count++;
}

/* Reads what the far end sent: those bytes start down the RX pin. */
static void poll_far_end(lu_model_t *m)
{
    hal_link_t *t = m->pins;
    if (!t || m->in_count == (int)sizeof m->in)
        return;
    uint8_t buf[256];
    char err[200];
    size_t room = sizeof m->in - (size_t)m->in_count;
    int n = hal_link_read(t, buf, room < sizeof buf ? room : sizeof buf, err, sizeof err);
    for (int i = 0; i < n; i++) {
        if (m->in_count == 0)
            m->in_done_at = m->now + byte_clocks(m);
        m->in[(m->in_head + m->in_count) % (int)sizeof m->in] = buf[i];
        m->in_count++;
    }
}

void lu_model_run(lu_model_t *m, uint64_t now)
{
    if (now > m->now)
        m->now = now;
    for (;;) {
        /* The shifter takes the next byte as soon as it is free. */
        if (!m->tx_shifting && m->tx_count) {
            uint64_t written = m->txq_at[m->tx_head];
            m->tx_byte = m->txq[m->tx_head];
            m->tx_head = (m->tx_head + 1) % LINK_UART_DEPTH;
            m->tx_count--;
            m->tx_shifting = 1;
            /* Back to back after the previous byte, or from its write. */
            uint64_t start = m->tx_free_at > written ? m->tx_free_at : written;
            m->tx_free_at = start + byte_clocks(m);
        }
        int moved = 0;
        if (m->tx_shifting && m->tx_free_at <= m->now) {
            m->tx_shifting = 0;
            moved = 1;
            if (m->loopback) {
                rx_push(m, m->tx_byte);
            } else {
                hal_link_t *t = m->pins;
                char err[200];
                if (t)
                    hal_link_write(t, &m->tx_byte, 1, err, sizeof err); /* a failure shows in hal_link_error */
            }
        }
        if (m->in_count && m->in_done_at <= m->now && !m->loopback) {
            rx_push(m, m->in[m->in_head]);
            m->in_head = (m->in_head + 1) % (int)sizeof m->in;
            m->in_count--;
            m->in_done_at += byte_clocks(m);
            moved = 1;
        }
        if (!moved)
            break;
    }
    if (!m->loopback)
        poll_far_end(m);
}

static uint32_t status_word(const lu_model_t *m)
{
    return (m->rx_count ? LINK_UART_STATUS_RX : 0u) |
           (m->tx_count == LINK_UART_DEPTH ? LINK_UART_STATUS_TX_FULL : 0u) |
           (m->tx_count == 0 && !m->tx_shifting ? LINK_UART_STATUS_TX_IDLE : 0u) |
           (m->overrun ? LINK_UART_STATUS_OVERRUN : 0u) | (m->ferr ? LINK_UART_STATUS_FRAMING : 0u) |
           REG_FIELD_PUT(m->rx_count, LINK_UART_STATUS_RX_COUNT) |
           REG_FIELD_PUT(m->tx_count, LINK_UART_STATUS_TX_COUNT);
}

uint32_t lu_model_read(lu_model_t *m, uint32_t offset)
{
    lu_model_run(m, m->now);
    switch (offset) {
    case LINK_UART_REG_DATA: {
        if (!m->rx_count)
            return 0;
        uint8_t b = m->rxq[m->rx_head];
        m->rx_head = (m->rx_head + 1) % LINK_UART_DEPTH;
        m->rx_count--;
        return LINK_UART_DATA_VALID | REG_FIELD_PUT(b, LINK_UART_DATA_BYTE);
    }
    case LINK_UART_REG_STATUS:
        return status_word(m);
    case LINK_UART_REG_DIVISOR:
        return m->div;
    case LINK_UART_REG_CONTROL:
        return m->loopback ? LINK_UART_CONTROL_LOOPBACK : 0u;
    default:
        return 0;
    }
}

void lu_model_write(lu_model_t *m, uint32_t offset, uint32_t value)
{
    uint64_t now = m->now;
    lu_model_run(m, now);
    switch (offset) {
    case LINK_UART_REG_DATA:
        if (m->tx_count < LINK_UART_DEPTH) {
            m->txq_at[(m->tx_head + m->tx_count) % LINK_UART_DEPTH] = now;
            m->txq[(m->tx_head + m->tx_count) % LINK_UART_DEPTH] =
                (uint8_t)REG_FIELD_GET(value, LINK_UART_DATA_BYTE);
            m->tx_count++;
            lu_model_run(m, now);
        }
        break;
    case LINK_UART_REG_STATUS:
        if (value & LINK_UART_STATUS_OVERRUN)
            m->overrun = 0;
        if (value & LINK_UART_STATUS_FRAMING)
            m->ferr = 0;
        break;
    case LINK_UART_REG_DIVISOR: {
        uint32_t clocks = REG_FIELD_GET(value, LINK_UART_DIVISOR_CLOCKS);
        m->div = clocks ? clocks : 1;
        break;
    }
    case LINK_UART_REG_CONTROL:
        m->loopback = (value & LINK_UART_CONTROL_LOOPBACK) != 0;
        break;
    default:
        break;
    }
}

/* ---- the shape the bus hosts (hal/periph.h) ---- */

static void lu_op_reset(void *m) { lu_model_reset(m); }
static void lu_op_run(void *m, uint64_t n) { lu_model_run(m, ((lu_model_t *)m)->now + n); }
static uint32_t lu_op_read(void *m, uint32_t offset) { return lu_model_read(m, offset); }
static void lu_op_write(void *m, uint32_t offset, uint32_t value) { lu_model_write(m, offset, value); }

const periph_model_t lu_model = {
    .size = sizeof(lu_model_t),
    .what = "the link UART model",
    .reset = lu_op_reset,
    .run = lu_op_run,
    .read = lu_op_read,
    .write = lu_op_write,
};

PERIPH_MODEL_BINDING(lu_model_binding, PERIPH_LINK_UART, lu_model);

static void binding_attach(void *inst, hal_link_t *t)
{
    lu_model_attach(periph_model_state(inst), t);
}

const periph_link_pins_t lu_model_link_pins = {
    .id = PERIPH_LINK_UART,
    .attach = binding_attach,
};

/* models/link_uart.c - the link UART of rtl/link_uart/link_uart.sv, byte by byte (link_uart.h). */
#include "link_uart.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal.h"

void lu_model_reset(lu_model_t *m)
{
    hal_link_t *pins = m->pins;
    memset(m, 0, sizeof *m);
    m->div = LU_DEFAULT_DIV;
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
    if (m->rx_count == LU_DEPTH) {
        m->overrun = 1;
        return;
    }
    m->rxq[(m->rx_head + m->rx_count) % LU_DEPTH] = b;
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
            m->tx_head = (m->tx_head + 1) % LU_DEPTH;
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

uint32_t lu_model_read(lu_model_t *m, uint64_t now, uint32_t word)
{
    lu_model_run(m, now);
    switch (word) {
    case LU_REG_DATA: {
        if (!m->rx_count)
            return 0;
        uint8_t b = m->rxq[m->rx_head];
        m->rx_head = (m->rx_head + 1) % LU_DEPTH;
        m->rx_count--;
        return 0x100u | b;
    }
    case LU_REG_STATUS:
        return (uint32_t)(m->rx_count != 0) | (uint32_t)(m->tx_count == LU_DEPTH) << 1 |
               (uint32_t)(m->tx_count == 0 && !m->tx_shifting) << 2 | (uint32_t)m->overrun << 3 |
               (uint32_t)m->ferr << 4 | (uint32_t)m->rx_count << 8 | (uint32_t)m->tx_count << 16;
    case LU_REG_DIVISOR:
        return m->div;
    case LU_REG_CONTROL:
        return (uint32_t)m->loopback;
    default:
        return 0;
    }
}

void lu_model_write(lu_model_t *m, uint64_t now, uint32_t word, uint32_t value)
{
    lu_model_run(m, now);
    switch (word) {
    case LU_REG_DATA:
        if (m->tx_count < LU_DEPTH) {
            m->txq_at[(m->tx_head + m->tx_count) % LU_DEPTH] = now;
            m->txq[(m->tx_head + m->tx_count) % LU_DEPTH] = (uint8_t)value;
            m->tx_count++;
            lu_model_run(m, now);
        }
        break;
    case LU_REG_STATUS:
        if (value & 8)
            m->overrun = 0;
        if (value & 16)
            m->ferr = 0;
        break;
    case LU_REG_DIVISOR:
        m->div = (value & 0xFFFF) ? (value & 0xFFFF) : 1;
        break;
    case LU_REG_CONTROL:
        m->loopback = (int)(value & 1);
        break;
    default:
        break;
    }
}

static void *binding_open(char *err, size_t errlen)
{
    lu_model_t *m = calloc(1, sizeof *m); /* zeroed: the pins start idle */
    if (!m) {
        snprintf(err, errlen, "%s", "out of memory for the link UART model");
        return NULL;
    }
    lu_model_reset(m);
    return m;
}

static void binding_close(void *inst)
{
    free(inst);
}

static uint32_t binding_read(void *inst, uint64_t now, uint32_t offset)
{
    return lu_model_read(inst, now, offset >> 2);
}

static void binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    lu_model_write(inst, now, offset >> 2, value);
}

static void binding_attach(void *inst, hal_link_t *t)
{
    lu_model_attach(inst, t);
}

const periph_link_pins_t lu_model_link_pins = {
    .id = PERIPH_LINK_UART,
    .attach = binding_attach,
};

const periph_binding_t lu_model_binding = {
    .id = PERIPH_LINK_UART,
    .open = binding_open,
    .close = binding_close,
    .read = binding_read,
    .write = binding_write,
};

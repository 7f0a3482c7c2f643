/* drivers/link_uart.c - the link UART through the HAL (link_uart.h). */
#include "link_uart.h"

int link_uart_init(hal_t *h)
{
    hal_write(h, LINK_UART_BASE + LINK_UART_REG_DIVISOR, LINK_UART_DIV_9600);
    hal_write(h, LINK_UART_BASE + LINK_UART_REG_CONTROL, 0);
    hal_write(h, LINK_UART_BASE + LINK_UART_REG_STATUS,
              LINK_UART_STATUS_OVERRUN | LINK_UART_STATUS_FRAMING);
    return hal_read(h, LINK_UART_BASE + LINK_UART_REG_DIVISOR) == LINK_UART_DIV_9600;
}

size_t link_uart_send(hal_t *h, const uint8_t *buf, size_t n)
{
    size_t i = 0;
    while (i < n && !(hal_read(h, LINK_UART_BASE + LINK_UART_REG_STATUS) & LINK_UART_STATUS_TX_FULL))
        hal_write(h, LINK_UART_BASE + LINK_UART_REG_DATA, REG_FIELD_PUT(buf[i++], LINK_UART_DATA_BYTE));
    return i;
}

size_t link_uart_recv(hal_t *h, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    while (n < cap) {
        uint32_t v = hal_read(h, LINK_UART_BASE + LINK_UART_REG_DATA);
        if (!(v & LINK_UART_DATA_VALID))
            break;
        buf[n++] = (uint8_t)REG_FIELD_GET(v, LINK_UART_DATA_BYTE);
    }
    return n;
}

uint32_t link_uart_status(hal_t *h)
{
    return hal_read(h, LINK_UART_BASE + LINK_UART_REG_STATUS);
}

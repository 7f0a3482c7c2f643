/*
 * console_link.c - the byte stream to the other console (console_link.h):
 * the choice between the backend's link UART and the host transport, made
 * once, from what the backend reports (hal_link_pins), never from its name.
 */
#include "console_link.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/link_uart.h"
#include "hal.h"

/* Bytes the UART path holds while its 16-byte FIFO is full: four of the
 * protocol's output buffers (games/go/link.h's LINK_OUT_CAP is 512). */
#define LINK_TX_HOLD 2048
/* Backend time the UART path waits after the transport closed before it
 * says so: the last bytes still cross the pins at 9600 baud. */
#define LINK_DRAIN_US 200000u

struct console_link {
    hal_t *hal;
    hal_link_t *transport; /* the host transport, or NULL (--link uart, or none) */
    int own_transport;     /* opened here (used directly); else the backend's */
    int use_uart;          /* the bytes go through the link UART's registers */
    uint8_t tx[LINK_TX_HOLD]; /* waiting for room in the UART's TX FIFO */
    size_t txlen;
    uint64_t closed_since; /* backend time the transport was first seen closed, +1 */
    char error[256];       /* why it did not open; "" if it did */
    char path[64];         /* "link UART on sim", or "" */
};

/* Marks the link as never opened, for why. */
static console_link_t *open_failed(console_link_t *l, const char *why)
{
    snprintf(l->error, sizeof l->error, "%s", why);
    return l;
}

int console_link_spec_check(const char *spec, char *err, size_t errlen)
{
    return hal_link_spec_check(spec, err, errlen);
}

console_link_t *console_link_open(struct hal *hal, const char *spec, char *err, size_t errlen)
{
    if (!spec) {
        snprintf(err, errlen, "%s", "no --link SPEC to open");
        return NULL;
    }
    console_link_t *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "%s", "out of memory");
        return NULL;
    }
    l->hal = hal;
    if (!strcmp(spec, "uart")) {
        /* --link uart (board): the FPGA's link UART at LW 0x3000, whose pins
         * board/de1_soc_top.sv wires to the HC-05 on GPIO_0 (docs/link.md). */
        if (!hal || !link_uart_init(hal))
            return open_failed(l, "no link UART at LW 0x3000: load an FPGA image with "
                                  "link_uart_0 (docs/board.md), or use --link tty:PATH");
        l->use_uart = 1;
        snprintf(l->path, sizeof l->path, "link UART on %s", hal->ops->name);
        return l;
    }
    hal_link_t *pins = hal ? hal_link_pins(hal) : NULL;
    if (pins) {
        /* The backend opened the transport and wired its own UART's pins
         * to it (a model of the UART: every byte crosses its registers). */
        /* Nothing has read or written it yet: an error now means it never
         * opened (hal_link_failed). */
        const char *why = hal_link_error(pins);
        if (why)
            return open_failed(l, why);
        l->transport = pins;
        if (link_uart_init(hal)) {
            l->use_uart = 1;
            snprintf(l->path, sizeof l->path, "link UART on %s", hal->ops->name);
        }
        return l;
    }
    /* The backend's UART pins are real (or it has none): the host's own
     * transport carries the bytes, as on a PC. */
    char why[256];
    l->transport = hal_link_open(spec, HAL_LINK_WAIT_MS, why, sizeof why);
    if (!l->transport)
        return open_failed(l, why);
    l->own_transport = 1;
    return l;
}

const char *console_link_error(const console_link_t *l)
{
    return l && l->error[0] ? l->error : NULL;
}

const char *console_link_path(const console_link_t *l)
{
    return l ? l->path : "";
}

int console_link_has_transport(const console_link_t *l)
{
    return l && !l->error[0] && l->transport;
}

size_t console_link_room(const console_link_t *l)
{
    if (l->use_uart)
        return sizeof l->tx - l->txlen;
    return (size_t)-1;
}

/* Pushes what the TX FIFO has room for. */
static void uart_push(console_link_t *l)
{
    size_t n = link_uart_send(l->hal, l->tx, l->txlen);
    memmove(l->tx, l->tx + n, l->txlen - n);
    l->txlen -= n;
}

int console_link_send(console_link_t *l, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    if (l->error[0]) {
        snprintf(err, errlen, "%s", l->error);
        return -1;
    }
    if (l->use_uart) {
        size_t room = sizeof l->tx - l->txlen;
        if (n > room) { /* a caller bug: refuse rather than drop bytes */
            snprintf(err, errlen, "%s", "link send beyond the room it has");
            return -1;
        }
        memcpy(l->tx + l->txlen, buf, n);
        l->txlen += n;
        uart_push(l);
        return 0;
    }
    return n ? hal_link_write(l->transport, buf, n, err, errlen) : 0;
}

int console_link_receive(console_link_t *l, uint64_t now_us, uint8_t *buf, size_t cap, char *err,
                         size_t errlen)
{
    if (l->error[0]) {
        snprintf(err, errlen, "%s", l->error);
        return -1;
    }
    if (!l->use_uart)
        return hal_link_read(l->transport, buf, cap, err, errlen);
    size_t n = link_uart_recv(l->hal, buf, cap);
    if (n)
        return (int)n;
    const char *why = hal_link_error(l->transport);
    if (why && !l->closed_since)
        l->closed_since = now_us + 1;
    if (why && now_us + 1 >= l->closed_since + LINK_DRAIN_US) {
        snprintf(err, errlen, "%s", why);
        return -1;
    }
    return 0;
}

int console_link_sending(console_link_t *l)
{
    if (!l->use_uart || l->error[0])
        return 0;
    return l->txlen || !(link_uart_status(l->hal) & LINK_UART_STATUS_TX_IDLE);
}

int console_link_fd(const console_link_t *l)
{
    if (!l || l->error[0] || l->use_uart || !l->transport)
        return -1;
    return hal_link_fd(l->transport);
}

void console_link_close(console_link_t *l)
{
    if (!l)
        return;
    if (l->own_transport)
        hal_link_close(l->transport);
    free(l);
}

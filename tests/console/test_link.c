/*
 * test_link.c - the console's link (console_link.h) and the transport each
 * backend wires to its own link UART (hal_config_t.link).
 *
 * The far end is a pseudo-terminal: the backend opens its slave as
 * `tty:PATH` and the test reads and writes the master, so every byte is
 * seen where the other console would see it.  The sources of truth are the
 * bytes the test itself wrote, and seed 001's 9600 baud (a byte takes
 * about 1 ms of backend time on the pins).
 */
#define _GNU_SOURCE /* posix_openpt, ptsname */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <unistd.h>

#include "console/console_link.h"
#include "drivers/link_uart.h"
#include "hal.h"
#include "hal_backends.h"

typedef struct pty {
    int master;
    char spec[128]; /* "tty:/dev/pts/N" */
} pty_t;

static pty_t pty_new(void)
{
    pty_t p;
    p.master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert(p.master >= 0, "no pseudo-terminal");
    cr_assert(grantpt(p.master) == 0 && unlockpt(p.master) == 0);
    snprintf(p.spec, sizeof p.spec, "tty:%s", ptsname(p.master));
    return p;
}

/* Reads from the master what arrives within about a second (in 10 ms polls). */
static size_t master_read(const pty_t *p, uint8_t *buf, size_t want)
{
    size_t got = 0;
    for (int i = 0; i < 100 && got < want; i++) {
        struct pollfd q = {.fd = p->master, .events = POLLIN};
        if (poll(&q, 1, 10) > 0) {
            ssize_t n = read(p->master, buf + got, want - got);
            if (n > 0)
                got += (size_t)n;
        }
    }
    return got;
}

/* What the master has right now (nothing waits). */
static size_t master_pending(const pty_t *p)
{
    uint8_t buf[64];
    struct pollfd q = {.fd = p->master, .events = POLLIN};
    if (poll(&q, 1, 50) <= 0)
        return 0;
    ssize_t n = read(p->master, buf, sizeof buf);
    return n > 0 ? (size_t)n : 0;
}

static void open_sdl(hal_t *h, const char *link)
{
    char err[256];
    hal_config_t cfg = {.backend = "sdl", .headless = 1, .link = link};
    cr_assert_eq(hal_sdl_open(h, &cfg, err, sizeof err), 0, "%s", err);
}

/* Lets backend time pass in 1 ms steps, reading the UART each step (a
 * model catches up at its register accesses), until cap bytes came or
 * about two seconds passed. */
static size_t uart_collect(hal_t *h, uint8_t *buf, size_t cap)
{
    size_t got = 0;
    for (int i = 0; i < 200 && got < cap; i++) {
        got += link_uart_recv(h, buf + got, cap - got);
        hal_advance(h, 1000);
        usleep(10000);
    }
    return got;
}

/* Two backends in one process: each carries its own transport on its own
 * UART, as two emulated machines each carry their own cable. */
Test(link, two_backends_each_wire_their_own_transport_to_their_own_uart)
{
    pty_t pa = pty_new(), pb = pty_new();
    hal_t a, b;
    open_sdl(&a, pa.spec);
    open_sdl(&b, pb.spec);
    cr_assert_not_null(hal_link_pins(&a));
    cr_assert_not_null(hal_link_pins(&b));
    cr_assert_neq(hal_link_pins(&a), hal_link_pins(&b));
    cr_assert(link_uart_init(&a) && link_uart_init(&b));

    /* A's TX pin reaches A's far end only. */
    const uint8_t hello[] = {0x7E, 'a', 0x00, 0xFF};
    cr_assert_eq(link_uart_send(&a, hello, sizeof hello), sizeof hello);
    for (int i = 0; i < 20; i++) { /* 4 bytes at 9600 baud: about 4.2 ms */
        hal_advance(&a, 1000);
        link_uart_status(&a);
    }
    uint8_t got[16];
    cr_assert_eq(master_read(&pa, got, sizeof hello), sizeof hello);
    cr_assert_arr_eq(got, hello, sizeof hello);
    cr_assert_eq(master_pending(&pb), 0, "B's far end saw A's bytes");

    /* B's far end reaches B's RX pin only. */
    const uint8_t back[] = {'b', 0x55, 0xAA};
    cr_assert_eq(write(pb.master, back, sizeof back), (ssize_t)sizeof back);
    cr_assert_eq(uart_collect(&b, got, sizeof back), sizeof back);
    cr_assert_arr_eq(got, back, sizeof back);
    cr_assert_eq(uart_collect(&a, got, 1), 0, "A's UART received B's bytes");

    hal_close(&a);
    hal_close(&b);
    close(pa.master);
    close(pb.master);
}

/* A backend opened without a link has idle pins and reports none. */
Test(link, a_backend_without_link_reports_no_transport)
{
    hal_t h;
    open_sdl(&h, NULL);
    cr_assert_null(hal_link_pins(&h));
    hal_close(&h);
}

/* The console's link over sdl: the bytes cross the UART model, and the
 * link says so; sending is "in progress" until the last byte left. */
Test(link, console_link_on_sdl_goes_through_the_uart_model)
{
    pty_t p = pty_new();
    hal_t h;
    char err[256];
    open_sdl(&h, p.spec);
    console_link_t *l = console_link_open(&h, p.spec, err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    cr_assert_null(console_link_error(l));
    cr_assert_str_eq(console_link_path(l), "link UART on sdl");
    cr_assert(console_link_has_transport(l));
    cr_assert_geq(console_link_room(l), 512);

    uint8_t out[40];
    for (size_t i = 0; i < sizeof out; i++)
        out[i] = (uint8_t)(i * 7 + 1);
    cr_assert_eq(console_link_send(l, out, sizeof out, err, sizeof err), 0, "%s", err);
    cr_assert(console_link_sending(l), "40 bytes cannot have left a 16-byte FIFO at once");
    for (int i = 0; i < 200 && console_link_sending(l); i++) {
        hal_advance(&h, 1000);
        console_link_send(l, out, 0, err, sizeof err); /* pushes what waits */
    }
    cr_assert_not(console_link_sending(l));
    uint8_t got[64];
    cr_assert_eq(master_read(&p, got, sizeof out), sizeof out);
    cr_assert_arr_eq(got, out, sizeof out);

    const uint8_t in[] = "reply";
    cr_assert_eq(write(p.master, in, 5), 5);
    size_t n = 0;
    uint64_t now = 0;
    for (int i = 0; i < 200 && n < 5; i++) {
        int r = console_link_receive(l, now, got + n, sizeof got - n, err, sizeof err);
        cr_assert_geq(r, 0, "%s", err);
        n += (size_t)r;
        hal_advance(&h, 1000);
        now += 1000;
        usleep(10000);
    }
    cr_assert_eq(n, 5);
    cr_assert_arr_eq(got, in, 5);

    console_link_close(l);
    hal_close(&h);
    close(p.master);
}

/* A backend without a model of the UART on its pins (the board, whose
 * pins are real): the console uses the host transport directly. */
Test(link, without_wired_pins_the_console_uses_the_transport_directly)
{
    pty_t p = pty_new();
    hal_t h;
    char err[256];
    open_sdl(&h, NULL);
    console_link_t *l = console_link_open(&h, p.spec, err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    cr_assert_null(console_link_error(l));
    cr_assert_str_eq(console_link_path(l), "");
    cr_assert(console_link_has_transport(l));
    cr_assert_not(console_link_sending(l));
    const uint8_t out[] = {1, 2, 3};
    cr_assert_eq(console_link_send(l, out, 3, err, sizeof err), 0, "%s", err);
    uint8_t got[8];
    cr_assert_eq(master_read(&p, got, 3), 3);
    cr_assert_arr_eq(got, out, 3);
    console_link_close(l);
    hal_close(&h);
    close(p.master);
}

/* A refused connection does not stop the backend: the link comes back
 * failed, with the reason the screen shows, and refuses to move bytes. */
Test(link, a_refused_connection_is_a_failed_link_with_its_reason)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    cr_assert(bind(s, (struct sockaddr *)&a, sizeof a) == 0 &&
              getsockname(s, (struct sockaddr *)&a, &len) == 0);
    char spec[64];
    snprintf(spec, sizeof spec, "tcp:127.0.0.1:%d", ntohs(a.sin_port));
    close(s); /* nobody listens there now */

    hal_t h;
    char err[256];
    open_sdl(&h, spec);
    console_link_t *l = console_link_open(&h, spec, err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    cr_assert_not_null(console_link_error(l));
    cr_assert(strstr(console_link_error(l), "refused"), "%s", console_link_error(l));
    cr_assert_not(console_link_has_transport(l));
    uint8_t buf[4] = {0};
    cr_assert_eq(console_link_send(l, buf, 1, err, sizeof err), -1);
    cr_assert(strstr(err, "refused"), "%s", err);
    cr_assert_eq(console_link_receive(l, 0, buf, sizeof buf, err, sizeof err), -1);
    console_link_close(l);
    hal_close(&h);
}

/* --link uart uses the backend's UART itself, with no host transport; a
 * backend where nothing answers at LW 0x3000 gets the message that says
 * what to load. */
static uint32_t dead_read(void *ctx, uint32_t off)
{
    (void)ctx, (void)off;
    return 0;
}

static void dead_write(void *ctx, uint32_t off, uint32_t v)
{
    (void)ctx, (void)off, (void)v;
}

Test(link, link_uart_needs_a_uart_that_answers)
{
    hal_t h;
    char err[256];
    open_sdl(&h, NULL);
    console_link_t *l = console_link_open(&h, "uart", err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    cr_assert_null(console_link_error(l));
    cr_assert_str_eq(console_link_path(l), "link UART on sdl");
    cr_assert_not(console_link_has_transport(l));
    console_link_close(l);
    hal_close(&h);

    static const hal_ops_t dead_ops = {.name = "dead", .reg_read = dead_read,
                                       .reg_write = dead_write};
    hal_t dead = {.ops = &dead_ops, .ctx = NULL};
    l = console_link_open(&dead, "uart", err, sizeof err);
    cr_assert_not_null(l, "%s", err);
    cr_assert(console_link_error(l) && strstr(console_link_error(l), "no link UART at LW 0x3000"),
              "%s", console_link_error(l) ? console_link_error(l) : "(none)");
    console_link_close(l);

    cr_assert_null(console_link_open(&dead, NULL, err, sizeof err));
    cr_assert(strstr(err, "--link"), "%s", err);
}

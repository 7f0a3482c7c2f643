/*
 * link_transport.c - the far end of the serial link (docs/link.md):
 *
 *   tty:PATH               a serial device, termios 9600 8N1, raw
 *                          (USB serial adapters, an HC-05 on /dev/rfcomm0)
 *   tcp:HOST:PORT          connect to a listening console
 *   listen:[ADDR:]PORT     accept one peer (127.0.0.1 unless ADDR is given)
 *
 * Host I/O only: bytes in, bytes out, no protocol.  Declared in hal.h so
 * the console and link-bot reach it without naming a backend.  Every
 * transport is its own object: a backend that wires one to its UART keeps
 * it in that instance, so two backends in one process never share one.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "hal.h"

struct hal_link {
    int fd;
    int is_tty;
    int failed;
    char error[200]; /* why it failed, for whoever reads through the pins */
};

const char *hal_link_error(const hal_link_t *l)
{
    return l && l->failed ? l->error : NULL;
}

hal_link_t *hal_link_failed(const char *why)
{
    hal_link_t *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->fd = -1;
    l->failed = 1;
    snprintf(l->error, sizeof l->error, "%s", why && *why ? why : "the link did not open");
    return l;
}

/* Splits "HOST:PORT" (the last colon; [v6] brackets allowed). */
static int split_host_port(const char *text, char *host, size_t hlen, char *port, size_t plen)
{
    const char *colon = strrchr(text, ':');
    if (!colon || colon == text || !colon[1])
        return -1;
    size_t n = (size_t)(colon - text);
    if (text[0] == '[' && n >= 2 && text[n - 1] == ']')
        text++, n -= 2;
    if (n >= hlen || strlen(colon + 1) >= plen)
        return -1;
    memcpy(host, text, n);
    host[n] = 0;
    snprintf(port, plen, "%s", colon + 1);
    return 0;
}

static int port_ok(const char *port)
{
    char *end;
    long v = strtol(port, &end, 10);
    return *port && !*end && v > 0 && v < 65536;
}

int hal_link_spec_check(const char *spec, char *err, size_t errlen)
{
    char host[256], port[16];
    if (!spec || !*spec) {
        snprintf(err, errlen, "%s", "empty --link; use tty:PATH, tcp:HOST:PORT or listen:[ADDR:]PORT");
        return -1;
    }
    if (!strncmp(spec, "tty:", 4) && spec[4])
        return 0;
    if (!strncmp(spec, "tcp:", 4)) {
        if (split_host_port(spec + 4, host, sizeof host, port, sizeof port) == 0 && port_ok(port))
            return 0;
        snprintf(err, errlen, "bad --link %.80s: want tcp:HOST:PORT (port 1-65535)", spec);
        return -1;
    }
    if (!strncmp(spec, "listen:", 7)) {
        const char *rest = spec + 7;
        if (strchr(rest, ':') ? split_host_port(rest, host, sizeof host, port, sizeof port) == 0 &&
                                    port_ok(port)
                              : port_ok(rest))
            return 0;
        snprintf(err, errlen, "bad --link %.80s: want listen:[ADDR:]PORT (port 1-65535)", spec);
        return -1;
    }
    snprintf(err, errlen, "bad --link %.80s: use tty:PATH, tcp:HOST:PORT or listen:[ADDR:]PORT",
             spec);
    return -1;
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int open_tty(const char *path, char *err, size_t errlen)
{
    int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open %.100s: %s", path, strerror(errno));
        return -1;
    }
    struct termios t;
    if (!isatty(fd) || tcgetattr(fd, &t) != 0) {
        snprintf(err, errlen, "%.100s is not a serial device", path);
        close(fd);
        return -1;
    }
    cfmakeraw(&t);
    t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CSIZE | CRTSCTS);
    t.c_cflag |= CS8 | CLOCAL | CREAD;
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    if (cfsetispeed(&t, B9600) != 0 || cfsetospeed(&t, B9600) != 0 ||
        tcsetattr(fd, TCSANOW, &t) != 0) {
        snprintf(err, errlen, "cannot set %.100s to 9600 8N1: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

static int open_tcp(const char *host, const char *port, char *err, size_t errlen)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res, *ai;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        snprintf(err, errlen, "cannot resolve %.100s: %s", host, gai_strerror(rc));
        return -1;
    }
    int fd = -1, why = 0;
    for (ai = res; ai; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
        if (fd < 0) {
            why = errno;
            continue;
        }
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        why = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        snprintf(err, errlen, "cannot connect to %.100s:%.10s: %s", host, port, strerror(why));
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int open_listen(const char *host, const char *port, int timeout_ms, char *err,
                       size_t errlen)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_PASSIVE},
                    *res;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        snprintf(err, errlen, "cannot resolve %.100s: %s", host, gai_strerror(rc));
        return -1;
    }
    int ls = socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
    int one = 1;
    if (ls >= 0)
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (ls < 0 || bind(ls, res->ai_addr, res->ai_addrlen) != 0 || listen(ls, 1) != 0) {
        snprintf(err, errlen, "cannot listen on %.100s:%.10s: %s", host, port, strerror(errno));
        if (ls >= 0)
            close(ls);
        freeaddrinfo(res);
        return -1;
    }
    freeaddrinfo(res);
    fprintf(stderr, "tabletop: waiting for the other console on %s:%s\n", host, port);
    struct pollfd p = {.fd = ls, .events = POLLIN};
    rc = poll(&p, 1, timeout_ms > 0 ? timeout_ms : -1);
    if (rc <= 0) {
        snprintf(err, errlen, "no console connected to %.100s:%.10s within %d s", host, port,
                 timeout_ms / 1000);
        close(ls);
        return -1;
    }
    int fd = accept(ls, NULL, NULL);
    int saved = errno;
    close(ls); /* one peer only */
    if (fd < 0) {
        snprintf(err, errlen, "accept on %.10s failed: %s", port, strerror(saved));
        return -1;
    }
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

hal_link_t *hal_link_open(const char *spec, int timeout_ms, char *err, size_t errlen)
{
    if (hal_link_spec_check(spec, err, errlen) != 0)
        return NULL;
    char host[256], port[16];
    int fd, tty = 0;
    if (!strncmp(spec, "tty:", 4)) {
        fd = open_tty(spec + 4, err, errlen);
        tty = 1;
    } else if (!strncmp(spec, "tcp:", 4)) {
        split_host_port(spec + 4, host, sizeof host, port, sizeof port);
        fd = open_tcp(host, port, err, errlen);
    } else {
        const char *rest = spec + 7;
        if (strchr(rest, ':'))
            split_host_port(rest, host, sizeof host, port, sizeof port);
        else
            snprintf(host, sizeof host, "127.0.0.1"), snprintf(port, sizeof port, "%s", rest);
        fd = open_listen(host, port, timeout_ms, err, errlen);
    }
    if (fd < 0)
        return NULL;
    if (set_nonblock(fd) != 0) {
        snprintf(err, errlen, "%s", "cannot make the link non-blocking");
        close(fd);
        return NULL;
    }
    hal_link_t *l = calloc(1, sizeof *l);
    if (!l) {
        close(fd);
        snprintf(err, errlen, "%s", "out of memory");
        return NULL;
    }
    l->fd = fd;
    l->is_tty = tty;
    return l;
}

int hal_link_read(hal_link_t *l, uint8_t *buf, size_t cap, char *err, size_t errlen)
{
    if (l->failed) {
        snprintf(err, errlen, "%s", l->error);
        return -1;
    }
    ssize_t n = read(l->fd, buf, cap);
    if (n > 0)
        return (int)n;
    if (n == 0 && !l->is_tty)
        snprintf(l->error, sizeof l->error, "%s", "the other console closed the connection");
    else if (n == 0 || errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        return 0;
    else
        snprintf(l->error, sizeof l->error, "link read failed: %s", strerror(errno));
    l->failed = 1;
    snprintf(err, errlen, "%s", l->error);
    return -1;
}

int hal_link_write(hal_link_t *l, const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    if (l->fd < 0) { /* never opened: say why, not EBADF */
        snprintf(err, errlen, "%s", l->error);
        return -1;
    }
    size_t done = 0;
    while (done < n) {
        /* A socket whose peer vanished must not raise SIGPIPE: say so instead. */
        ssize_t w = l->is_tty ? write(l->fd, buf + done, n - done)
                              : send(l->fd, buf + done, n - done, MSG_NOSIGNAL);
        if (w > 0) {
            done += (size_t)w;
            continue;
        }
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd p = {.fd = l->fd, .events = POLLOUT};
            if (poll(&p, 1, 2000) <= 0) {
                snprintf(err, errlen, "%s", "the link does not take bytes");
                return -1;
            }
            continue;
        }
        snprintf(l->error, sizeof l->error, "link write failed: %s", strerror(errno));
        l->failed = 1;
        snprintf(err, errlen, "%s", l->error);
        return -1;
    }
    return 0;
}

int hal_link_fd(const hal_link_t *l)
{
    return l->fd;
}

int hal_link_wait(hal_link_t *l, int ms)
{
    struct pollfd p = {.fd = l->fd, .events = POLLIN}; /* fd -1: poll only sleeps */
    return poll(&p, 1, ms) > 0;
}

void hal_link_close(hal_link_t *l)
{
    if (!l)
        return;
    if (l->fd >= 0)
        close(l->fd);
    free(l);
}

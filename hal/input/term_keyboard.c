/* term_keyboard.c - raw-mode terminal input (see term_keyboard.h). */
#include "term_keyboard.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "hal.h"

#define TERM_BUF_BYTES 64
#define TERM_QUEUE_KEYS 32

struct term_keyboard {
    int fd;
    int quit;                       /* end of input seen: every poll says HAL_KEY_QUIT */
    unsigned char buf[TERM_BUF_BYTES]; /* bytes read but not yet decoded */
    size_t buf_len;
    int queue[TERM_QUEUE_KEYS];     /* decoded keys not yet returned */
    size_t q_head, q_len;
};

/* The one open terminal, for the signal and exit handlers. */
static volatile sig_atomic_t term_active;
static int term_fd = -1;
static struct termios term_saved;
static const int term_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define TERM_NSIGNALS (sizeof term_signals / sizeof term_signals[0])
static struct sigaction term_old_actions[TERM_NSIGNALS];
static int term_atexit_done;

static void term_restore(void)
{
    if (term_active) {
        tcsetattr(term_fd, TCSAFLUSH, &term_saved);
        term_active = 0;
    }
}

/* Async-signal-safe: tcsetattr, sigaction and raise are all on the POSIX list. */
static void term_on_signal(int sig)
{
    term_restore();
    for (size_t i = 0; i < TERM_NSIGNALS; i++)
        if (term_signals[i] == sig)
            sigaction(sig, &term_old_actions[i], NULL);
    raise(sig);
}

term_keyboard_t *term_keyboard_open(int fd, char *err, size_t errlen)
{
    if (term_active) {
        snprintf(err, errlen, "terminal keyboard: one is already open");
        return NULL;
    }
    if (!isatty(fd)) {
        snprintf(err, errlen, "terminal keyboard: input is not a terminal");
        return NULL;
    }
    struct termios raw;
    if (tcgetattr(fd, &term_saved) != 0) {
        snprintf(err, errlen, "terminal keyboard: cannot read terminal settings: %s",
                 strerror(errno));
        return NULL;
    }
    term_keyboard_t *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "terminal keyboard: out of memory");
        return NULL;
    }
    t->fd = fd;

    raw = term_saved;
    raw.c_iflag &= ~(tcflag_t)(IXON | ICRNL | INLCR | IGNCR | BRKINT | INPCK | ISTRIP);
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    raw.c_cflag |= CS8;
    raw.c_cc[VMIN] = 0; /* reads return at once, with what is there */
    raw.c_cc[VTIME] = 0;

    /* Handlers first, so a signal arriving just after the switch restores. */
    term_fd = fd;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = term_on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < TERM_NSIGNALS; i++)
        sigaction(term_signals[i], &sa, &term_old_actions[i]);
    if (!term_atexit_done) {
        atexit(term_restore);
        term_atexit_done = 1;
    }
    term_active = 1;
    if (tcsetattr(fd, TCSAFLUSH, &raw) != 0) {
        int e = errno;
        term_active = 0;
        for (size_t i = 0; i < TERM_NSIGNALS; i++)
            sigaction(term_signals[i], &term_old_actions[i], NULL);
        free(t);
        snprintf(err, errlen, "terminal keyboard: cannot enter raw mode: %s", strerror(e));
        return NULL;
    }
    return t;
}

void term_keyboard_close(term_keyboard_t *t)
{
    if (!t)
        return;
    term_restore();
    for (size_t i = 0; i < TERM_NSIGNALS; i++)
        sigaction(term_signals[i], &term_old_actions[i], NULL);
    term_fd = -1;
    free(t);
}

static void queue_push(term_keyboard_t *t, int key)
{
    if (t->q_len == TERM_QUEUE_KEYS)
        return; /* a flood of keys: drop the newest rather than block */
    t->queue[(t->q_head + t->q_len) % TERM_QUEUE_KEYS] = key;
    t->q_len++;
}

/* Reads what the terminal has, waiting up to wait_ms.  Returns bytes read,
 * 0 if none, -1 at end of input. */
static int term_fill(term_keyboard_t *t, int wait_ms)
{
    if (t->buf_len == TERM_BUF_BYTES)
        return 0;
    struct pollfd p = {.fd = t->fd, .events = POLLIN};
    int r = poll(&p, 1, wait_ms);
    if (r <= 0)
        return 0;
    if (p.revents & POLLNVAL)
        return -1;
    ssize_t n = read(t->fd, t->buf + t->buf_len, TERM_BUF_BYTES - t->buf_len);
    if (n > 0) {
        t->buf_len += (size_t)n;
        return (int)n;
    }
    if (n == 0 || (errno != EAGAIN && errno != EINTR))
        return -1; /* EOF, or EIO once the other side of a pty hangs up */
    return 0;
}

static int byte_to_usage(unsigned char c)
{
    if (c == '\r' || c == '\n')
        return HID_KEY_ENTER;
    if (c == ' ')
        return HID_KEY_SPACE;
    if (c == '\t')
        return HID_KEY_TAB;
    if (c == 0x7F || c == 0x08)
        return HID_KEY_BACKSPACE;
    if (c >= 'a' && c <= 'z')
        return HID_KEY_A + (c - 'a');
    if (c >= 'A' && c <= 'Z')
        return HID_KEY_A + (c - 'A');
    if (c >= '1' && c <= '9')
        return HID_KEY_1 + (c - '1');
    if (c == '0')
        return HID_KEY_0;
    if (c == 0x03 || c == 0x04)
        return HAL_KEY_QUIT;
    return 0;
}

static int arrow_from_final(unsigned char c)
{
    switch (c) {
    case 'A': return HID_KEY_UP;
    case 'B': return HID_KEY_DOWN;
    case 'C': return HID_KEY_RIGHT;
    case 'D': return HID_KEY_LEFT;
    default: return 0;
    }
}

/* Decodes complete keys from the buffer into the queue.  A lone ESC or an
 * unfinished sequence at the end stays in the buffer unless final is set. */
static void term_decode(term_keyboard_t *t, int final)
{
    size_t i = 0;
    while (i < t->buf_len) {
        unsigned char c = t->buf[i];
        if (c != 0x1B) {
            int k = byte_to_usage(c);
            if (k == HAL_KEY_QUIT)
                t->quit = 1;
            else if (k)
                queue_push(t, k);
            i++;
            continue;
        }
        if (i + 1 >= t->buf_len) {
            if (!final)
                break; /* maybe the start of a sequence: wait for more */
            queue_push(t, HID_KEY_ESCAPE);
            i++;
            continue;
        }
        unsigned char intro = t->buf[i + 1];
        if (intro != '[' && intro != 'O') {
            queue_push(t, HID_KEY_ESCAPE); /* ESC then an ordinary key */
            i++;
            continue;
        }
        /* CSI/SS3: parameter bytes 0x20-0x3F, then one final byte 0x40-0x7E. */
        size_t j = i + 2;
        while (j < t->buf_len && t->buf[j] >= 0x20 && t->buf[j] <= 0x3F)
            j++;
        if (j >= t->buf_len) {
            if (!final)
                break;
            i = t->buf_len; /* a truncated sequence: drop it */
            continue;
        }
        int k = arrow_from_final(t->buf[j]);
        if (k)
            queue_push(t, k);
        i = j + 1;
    }
    memmove(t->buf, t->buf + i, t->buf_len - i);
    t->buf_len -= i;
}

int term_keyboard_poll(term_keyboard_t *t)
{
    if (t->q_len == 0 && !t->quit) {
        int r = term_fill(t, 0);
        if (r < 0)
            t->quit = 1;
        term_decode(t, t->quit);
        if (t->buf_len > 0 && !t->quit) {
            /* An ESC or a partial sequence: give the rest a moment to arrive. */
            r = term_fill(t, TERM_ESC_WAIT_MS);
            if (r < 0)
                t->quit = 1;
            term_decode(t, 1);
        }
    }
    if (t->q_len > 0) {
        int k = t->queue[t->q_head];
        t->q_head = (t->q_head + 1) % TERM_QUEUE_KEYS;
        t->q_len--;
        return k;
    }
    return t->quit ? HAL_KEY_QUIT : 0;
}

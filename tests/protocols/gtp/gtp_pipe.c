/* gtp_pipe.c - see gtp_pipe.h. */
#define _GNU_SOURCE
#include "gtp_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

int gtp_pipe_start(gtp_pipe_t *p, char *const argv[], const char *cwd)
{
    int in[2], out[2];
    memset(p, 0, sizeof *p);
    p->pid = -1;
    if (pipe(in) != 0)
        return -1;
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        return -1;
    }
    /* A peer that dies must show up as an error, not kill the test. */
    signal(SIGPIPE, SIG_IGN);
    pid_t pid = fork();
    if (pid < 0) {
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        if (cwd && chdir(cwd) != 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    p->pid = pid;
    p->to_child = in[1];
    p->from_child = out[0];
    return 0;
}

static int write_all(int fd, const char *s, size_t n)
{
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

int gtp_pipe_command(gtp_pipe_t *p, const char *cmd, int *ok, char *body, size_t bodylen,
                     int timeout_ms)
{
    char line[1024];
    int n = snprintf(line, sizeof line, "%s\n", cmd);
    if (n < 0 || (size_t)n >= sizeof line || write_all(p->to_child, line, (size_t)n))
        return -1;
    long deadline = now_ms() + timeout_ms;
    for (;;) {
        char *end = NULL;
        for (size_t i = 0; i + 1 < p->have; i++)
            if (p->buf[i] == '\n' && p->buf[i + 1] == '\n') {
                end = p->buf + i;
                break;
            }
        if (end) {
            size_t resp_len = (size_t)(end - p->buf);
            if (p->have == 0 || (p->buf[0] != '=' && p->buf[0] != '?'))
                return -1;
            *ok = p->buf[0] == '=';
            size_t start = 1;
            while (start < resp_len && p->buf[start] >= '0' && p->buf[start] <= '9')
                start++;
            if (start < resp_len && p->buf[start] == ' ')
                start++;
            size_t blen = resp_len - start;
            if (blen >= bodylen)
                blen = bodylen - 1;
            memcpy(body, p->buf + start, blen);
            body[blen] = '\0';
            /* Some engines end lines with "\r\n" or leave trailing spaces. */
            while (blen && (body[blen - 1] == ' ' || body[blen - 1] == '\r'))
                body[--blen] = '\0';
            size_t used = resp_len + 2;
            memmove(p->buf, p->buf + used, p->have - used);
            p->have -= used;
            return 0;
        }
        if (p->have >= sizeof p->buf)
            return -1;
        long left = deadline - now_ms();
        if (left <= 0)
            return -1;
        struct pollfd pfd = {p->from_child, POLLIN, 0};
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        ssize_t got = read(p->from_child, p->buf + p->have, sizeof p->buf - p->have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return -1;
        /* GTP allows "\r\n"; drop CRs so the blank-line search works. */
        size_t w = p->have;
        for (size_t i = p->have; i < p->have + (size_t)got; i++)
            if (p->buf[i] != '\r')
                p->buf[w++] = p->buf[i];
        p->have = w;
    }
}

static int reap(pid_t pid, int timeout_ms)
{
    long deadline = now_ms() + timeout_ms;
    int status;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (r < 0)
            return -1;
        if (now_ms() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        usleep(2000);
    }
}

int gtp_pipe_stop(gtp_pipe_t *p, int send_quit)
{
    if (p->pid <= 0)
        return -1;
    if (send_quit) {
        int ok;
        char body[256];
        gtp_pipe_command(p, "quit", &ok, body, sizeof body, 5000);
    }
    close(p->to_child);
    close(p->from_child);
    int status = reap(p->pid, 10000);
    p->pid = -1;
    return status;
}

int gtp_pipe_run_file(char *const argv[], const char *cwd, const char *input, char **out,
                      int timeout_ms)
{
    *out = NULL;
    int in = open(input, O_RDONLY);
    if (in < 0)
        return -1;
    int pout[2];
    if (pipe(pout) != 0) {
        close(in);
        return -1;
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(in), close(pout[0]), close(pout[1]);
        return -1;
    }
    if (pid == 0) {
        dup2(in, 0);
        dup2(pout[1], 1);
        close(in), close(pout[0]), close(pout[1]);
        if (cwd && chdir(cwd) != 0)
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in);
    close(pout[1]);
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    long deadline = now_ms() + timeout_ms;
    int failed = !buf;
    while (!failed) {
        long left = deadline - now_ms();
        struct pollfd pfd = {pout[0], POLLIN, 0};
        int r = left > 0 ? poll(&pfd, 1, (int)left) : 0;
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            failed = 1;
            break;
        }
        if (len + 1024 > cap) {
            char *n = realloc(buf, cap * 2);
            if (!n) {
                failed = 1;
                break;
            }
            buf = n;
            cap *= 2;
        }
        ssize_t got = read(pout[0], buf + len, cap - len - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            failed = 1;
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    close(pout[0]);
    int status = reap(pid, failed ? 0 : 10000);
    if (failed) {
        free(buf);
        return -1;
    }
    buf[len] = '\0';
    *out = buf;
    return status;
}

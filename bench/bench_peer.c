/*
 * bench_peer.c - another program as a child process for the side-by-side
 * benches (bench_peer.h): a scratch folder, fork and exec, pipes, lines,
 * GTP, wait4.
 */
#define _GNU_SOURCE /* pipe2 */
#include "bench/bench_peer.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double peer_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double peer_cpu_s(const struct rusage *ru)
{
    return (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec * 1e-6 +
           (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec * 1e-6;
}

static void peer_fail(bench_peer_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void peer_fail(bench_peer_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->error, sizeof p->error, fmt, ap);
    va_end(ap);
}

int bench_peer_scratch_make(char *dir, const char *what)
{
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0])
        tmp = "/tmp";
    int len = snprintf(dir, BENCH_PEER_DIR_MAX, "%s/tabletop-bench-%s-XXXXXX", tmp, what);
    int too_long = len < 0 || len >= BENCH_PEER_DIR_MAX;
    if (too_long || !mkdtemp(dir)) {
        fprintf(stderr, "tabletop bench: cannot make a scratch folder for %s in %s: %s\n", what,
                tmp, too_long ? "name too long" : strerror(errno));
        return -1;
    }
    return 0;
}

static int peer_remove_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (type == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void bench_peer_scratch_remove(const char *dir)
{
    if (!dir || !dir[0])
        return;
    nftw(dir, peer_remove_one, 16, FTW_DEPTH | FTW_PHYS);
    struct stat st;
    if (lstat(dir, &st) == 0)
        fprintf(stderr, "tabletop bench: could not remove the scratch folder %s\n", dir);
}

int bench_peer_check_binary(const char *group, const char *option, const char *path)
{
    struct stat st;
    const char *why = NULL;
    int found = stat(path, &st) == 0;
    if (found && !S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (!found || access(path, X_OK) != 0)
        why = strerror(errno);
    if (why) {
        fprintf(stderr, "tabletop bench %s: %s %s: not an executable file (%s)\n", group, option,
                path, why);
        return -1;
    }
    return 0;
}

/* In the child after fork: only calls that are safe there.  Its standard
 * input from in_fd (-1: /dev/null), output to out_fd, error to err_fd (-1:
 * /dev/null), working folder dir.  exec's errno goes to report_fd (if not
 * -1; closed on exec) before it ends with 127. */
static void peer_exec(char *const argv[], const char *dir, int in_fd, int out_fd, int err_fd,
                      int report_fd)
{
    int e = 0;
    int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_fd < 0 || dup2(in_fd < 0 ? null_fd : in_fd, 0) < 0 || dup2(out_fd, 1) < 0 ||
        dup2(err_fd < 0 ? null_fd : err_fd, 2) < 0 || chdir(dir) != 0)
        e = errno;
    if (!e) {
        execv(argv[0], argv);
        e = errno;
    }
    if (report_fd >= 0) {
        ssize_t w = write(report_fd, &e, sizeof e);
        (void)w;
    }
    _exit(127);
}

int bench_peer_start(bench_peer_t *p, char *const argv[], const char *dir, const char *err_name)
{
    memset(p, 0, sizeof *p);
    p->to = p->from = -1;
    p->status = -1;
    if (access(argv[0], X_OK) != 0) {
        peer_fail(p, "%s: not an executable file (%s)", argv[0], strerror(errno));
        return -1;
    }
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], report[2] = {-1, -1}, err_fd = -1;
    if (pipe2(in, O_CLOEXEC) != 0) {
        peer_fail(p, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        peer_fail(p, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    /* The child writes exec's errno here; a successful exec closes it. */
    if (pipe2(report, O_CLOEXEC) != 0)
        report[0] = report[1] = -1;
    if (err_name) {
        char err_path[BENCH_PEER_DIR_MAX + 256];
        snprintf(err_path, sizeof err_path, "%s/%s", dir, err_name);
        err_fd = open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    }
    fflush(NULL);
    pid_t pid = report[0] >= 0 && (!err_name || err_fd >= 0) ? fork() : -1;
    int fork_errno = errno;
    if (pid == 0)
        peer_exec(argv, dir, in[0], out[1], err_fd, report[1]);
    close(in[0]);
    close(out[1]);
    if (err_fd >= 0)
        close(err_fd);
    if (report[1] >= 0)
        close(report[1]);
    if (pid < 0) {
        peer_fail(p, "cannot start %s: %s", argv[0], strerror(fork_errno));
        close(in[1]);
        close(out[0]);
        if (report[0] >= 0)
            close(report[0]);
        return -1;
    }
    int e = 0;
    ssize_t r;
    do
        r = read(report[0], &e, sizeof e);
    while (r < 0 && errno == EINTR);
    close(report[0]);
    p->pid = pid;
    p->to = in[1];
    p->from = out[0];
    if (r == (ssize_t)sizeof e) {
        bench_peer_stop(p, 1000);
        peer_fail(p, "cannot run %s: %s", argv[0], strerror(e));
        return -1;
    }
    return 0;
}

static int peer_write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        s += w;
        n -= (size_t)w;
    }
    return 0;
}

int bench_peer_send(bench_peer_t *p, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof line - 1) {
        peer_fail(p, "a line too long to send");
        return -1;
    }
    line[len++] = '\n';
    if (p->to < 0 || peer_write_all(p->to, line, (size_t)len) != 0) {
        peer_fail(p, "cannot send '%.60s': it closed its input", line);
        return -1;
    }
    return 0;
}

/* Moves the first line of p->buf (if there is one) into line; 1 if so. */
static int peer_take_line(bench_peer_t *p, char *line, size_t n)
{
    char *nl = memchr(p->buf, '\n', p->have);
    if (!nl)
        return 0;
    size_t k = (size_t)(nl - p->buf);
    size_t keep = k > 0 && p->buf[k - 1] == '\r' ? k - 1 : k;
    if (keep > n - 1)
        keep = n - 1;
    memcpy(line, p->buf, keep);
    line[keep] = '\0';
    memmove(p->buf, nl + 1, p->have - k - 1);
    p->have -= k + 1;
    return 1;
}

int bench_peer_read_line(bench_peer_t *p, char *line, size_t n, int timeout_ms)
{
    double deadline = peer_now_ms() + timeout_ms;
    for (;;) {
        if (peer_take_line(p, line, n))
            return 1;
        if (p->have == sizeof p->buf) { /* a line longer than the buffer: split */
            p->buf[p->have - 1] = '\n';
            continue;
        }
        if (p->from < 0) {
            peer_fail(p, "it closed its output (exited?)");
            return -1;
        }
        int wait_ms = -1;
        if (timeout_ms >= 0) {
            double left = deadline - peer_now_ms();
            if (left <= 0) {
                peer_fail(p, "no answer in time");
                return 0;
            }
            wait_ms = (int)left + 1;
        }
        struct pollfd pfd = {.fd = p->from, .events = POLLIN};
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            peer_fail(p, "poll: %s", strerror(errno));
            return -1;
        }
        if (r == 0)
            continue; /* the deadline is checked above */
        ssize_t got = read(p->from, p->buf + p->have, sizeof p->buf - p->have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            close(p->from);
            p->from = -1;
            if (p->have > 0 && p->have < sizeof p->buf) /* a last line without its newline */
                p->buf[p->have++] = '\n';
            continue;
        }
        p->have += (size_t)got;
    }
}

int bench_peer_gtp(bench_peer_t *p, const char *command, int timeout_ms, char *reply,
                   size_t len)
{
    if (len > 0)
        reply[0] = '\0';
    if (p->pid <= 0) {
        peer_fail(p, "not running");
        return -1;
    }
    if (p->to < 0 || strlen(command) > 1000 || bench_peer_send(p, "%s", command) != 0) {
        peer_fail(p, "cannot send '%.60s': it closed its input", command);
        return -1;
    }
    double deadline = peer_now_ms() + timeout_ms;
    char line[1024];
    /* GTP 2: "=[id] text" or "?[id] text", more lines, then an empty line. */
    int r;
    do {
        double left = deadline - peer_now_ms();
        r = left > 0 ? bench_peer_read_line(p, line, sizeof line, (int)left + 1) : 0;
    } while (r == 1 && line[0] == '\0');
    if (r != 1) {
        if (r == 0)
            peer_fail(p, "no answer in time");
        return -1;
    }
    if (line[0] != '=' && line[0] != '?') {
        char said[64];
        snprintf(said, sizeof said, "%.60s", line);
        peer_fail(p, "answered '%s' to '%.60s': not GTP", said, command);
        return -1;
    }
    int status = line[0] == '?';
    const char *text = line + 1;
    while (*text >= '0' && *text <= '9')
        text++;
    while (*text == ' ' || *text == '\t')
        text++;
    size_t used = 0;
    for (;;) {
        size_t t = strlen(text);
        if (len > 0 && used + t + 2 <= len) {
            if (used > 0)
                reply[used++] = '\n';
            memcpy(reply + used, text, t);
            used += t;
            reply[used] = '\0';
        }
        double left = deadline - peer_now_ms();
        r = left > 0 ? bench_peer_read_line(p, line, sizeof line, (int)left + 1) : 0;
        if (r != 1) {
            if (r == 0)
                peer_fail(p, "no answer in time");
            return -1;
        }
        if (line[0] == '\0')
            break;
        text = line;
    }
    /* Trailing spaces of an empty success ("= "). */
    while (used > 0 && (reply[used - 1] == ' ' || reply[used - 1] == '\t'))
        reply[--used] = '\0';
    return status;
}

/* Reaps pid, waiting up to grace_ms (< 0: no limit) while reading away
 * *from_fd (if not -1; closed at its end), then SIGKILL.  The wait status
 * into *status, the CPU into *cpu_s; returns 1 when it was killed, 0 when
 * it ended by itself, -1 when it could not be reaped. */
static int peer_reap(pid_t pid, int grace_ms, int *from_fd, int *status, double *cpu_s)
{
    struct rusage ru;
    double deadline = peer_now_ms() + grace_ms;
    int killed = 0;
    for (;;) {
        memset(&ru, 0, sizeof ru);
#if defined(__EMSCRIPTEN__)
        /* A web page (docs/web.md) starts no processes: none to reap. */
        pid_t r = -1;
        errno = ECHILD;
        (void)status;
#else
        pid_t r = wait4(pid, status, killed || grace_ms < 0 ? 0 : WNOHANG, &ru);
#endif
        if (r == pid)
            break;
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (peer_now_ms() >= deadline) {
            kill(pid, SIGKILL);
            killed = 1;
            continue;
        }
        /* Drain its output while waiting, so a chatty program cannot block. */
        struct pollfd pfd = {.fd = *from_fd, .events = POLLIN};
        if (*from_fd >= 0 && poll(&pfd, 1, 20) > 0) {
            char sink[4096];
            if (read(*from_fd, sink, sizeof sink) <= 0) {
                close(*from_fd);
                *from_fd = -1;
            }
        } else if (*from_fd < 0) {
            struct timespec nap = {0, 2000000}; /* 2 ms */
            nanosleep(&nap, NULL);
        }
    }
    *cpu_s = peer_cpu_s(&ru);
    return killed;
}

double bench_peer_stop(bench_peer_t *p, int grace_ms)
{
    p->status = -1;
    p->cpu_s = 0.0;
    if (p->to >= 0)
        close(p->to);
    p->to = -1;
    double cpu = -1.0;
    if (p->pid > 0) {
        int status = 0;
        int killed = peer_reap(p->pid, grace_ms, &p->from, &status, &p->cpu_s);
        if (killed < 0) {
            peer_fail(p, "lost it (pid %d): %s", (int)p->pid, strerror(errno));
        } else {
            p->status = status;
            if (killed)
                peer_fail(p, "it did not end within %d ms of its input closing: killed",
                          grace_ms);
            else if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
                cpu = p->cpu_s;
            else if (WIFSIGNALED(status))
                peer_fail(p, "it died of signal %d", WTERMSIG(status));
            else
                peer_fail(p, "it exited with status %d",
                          WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    } else {
        peer_fail(p, "not running");
    }
    if (p->from >= 0)
        close(p->from);
    p->from = -1;
    p->pid = 0;
    p->have = 0;
    return cpu;
}

int bench_peer_run(const char *name, char *const argv[], const char *dir, const char *in_path,
                   const char *out_path, int timeout_ms, double *cpu_s)
{
    *cpu_s = 0.0;
    int in_fd = in_path ? open(in_path, O_RDONLY | O_CLOEXEC) : -1;
    if (in_path && in_fd < 0) {
        fprintf(stderr, "tabletop bench: cannot read %s for %s: %s\n", in_path, name,
                strerror(errno));
        return -1;
    }
    int out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out_fd < 0) {
        fprintf(stderr, "tabletop bench: cannot write %s for %s: %s\n", out_path, name,
                strerror(errno));
        if (in_fd >= 0)
            close(in_fd);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        peer_exec(argv, dir, in_fd, out_fd, -1, -1);
    int fork_errno = errno;
    close(out_fd);
    if (in_fd >= 0)
        close(in_fd);
    if (pid < 0) {
        fprintf(stderr, "tabletop bench: cannot run %s: %s\n", name, strerror(fork_errno));
        return -1;
    }
    int status = 0, from = -1;
    int killed = peer_reap(pid, timeout_ms, &from, &status, cpu_s);
    if (killed < 0) {
        fprintf(stderr, "tabletop bench: lost %s (pid %d)\n", name, (int)pid);
        return -1;
    }
    if (killed)
        return -2;
    if (!WIFEXITED(status)) {
        fprintf(stderr, "tabletop bench: %s died of signal %d\n", name,
                WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        return -1;
    }
    return WEXITSTATUS(status);
}

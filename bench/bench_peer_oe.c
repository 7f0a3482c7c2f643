/*
 * bench_peer_oe.c - another program as a child process for the side-by-side
 * benches (bench_peer_oe.h): fork and exec, pipes, a scratch folder.
 */
#define _GNU_SOURCE
#include "bench/bench_peer_oe.h"

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

int bench_peer_oe_scratch_make(char *dir, size_t n, const char *tag)
{
    int len = snprintf(dir, n, "/tmp/tabletop-bench-%s-XXXXXX", tag);
    if (len < 0 || (size_t)len >= n || !mkdtemp(dir)) {
        fprintf(stderr, "tabletop bench: no scratch folder for %s: %s\n", tag,
                len < 0 || (size_t)len >= n ? "name too long" : strerror(errno));
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

void bench_peer_oe_scratch_remove(const char *dir)
{
    if (dir && dir[0])
        nftw(dir, peer_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int bench_peer_oe_check_binary(const char *group, const char *option, const char *path)
{
    struct stat st;
    const char *why = NULL;
    if (stat(path, &st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (access(path, X_OK) != 0)
        why = strerror(errno);
    if (why) {
        fprintf(stderr, "tabletop bench %s: %s %s: not an executable file (%s)\n", group, option,
                path, why);
        return -1;
    }
    return 0;
}

/* In the child after fork: only calls that are safe there. */
static void peer_exec(char *const argv[], const char *cwd, int in_fd, int out_fd)
{
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd < 0 || chdir(cwd) != 0 || dup2(in_fd < 0 ? null_fd : in_fd, 0) < 0 ||
        dup2(out_fd, 1) < 0 || dup2(null_fd, 2) < 0)
        _exit(127);
    execv(argv[0], argv);
    _exit(127);
}

int bench_peer_oe_start(bench_peer_oe_t *p, const char *name, char *const argv[], const char *cwd)
{
    memset(p, 0, sizeof *p);
    p->to_fd = p->from_fd = -1;
    p->name = name;
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        fprintf(stderr, "tabletop bench: cannot start %s: %s\n", name, strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        fprintf(stderr, "tabletop bench: cannot start %s: %s\n", name, strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    signal(SIGPIPE, SIG_IGN);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        peer_exec(argv, cwd, in[0], out[1]);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        fprintf(stderr, "tabletop bench: cannot start %s: %s\n", name, strerror(errno));
        close(in[1]);
        close(out[0]);
        return -1;
    }
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    return 0;
}

int bench_peer_oe_send(bench_peer_oe_t *p, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= sizeof line - 1 || p->to_fd < 0)
        return -1;
    line[len++] = '\n';
    for (int done = 0; done < len;) {
        ssize_t w = write(p->to_fd, line + done, (size_t)(len - done));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        done += (int)w;
    }
    return 0;
}

/* Moves the first line of p->buf (if there is one) into line; 1 if so. */
static int peer_take_line(bench_peer_oe_t *p, char *line, size_t n)
{
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl)
        return 0;
    size_t k = (size_t)(nl - p->buf);
    size_t keep = k > 0 && p->buf[k - 1] == '\r' ? k - 1 : k;
    if (keep > n - 1)
        keep = n - 1;
    memcpy(line, p->buf, keep);
    line[keep] = '\0';
    memmove(p->buf, nl + 1, p->len - k - 1);
    p->len -= k + 1;
    return 1;
}

int bench_peer_oe_read_line(bench_peer_oe_t *p, char *line, size_t n, int timeout_ms)
{
    double deadline = peer_now_ms() + timeout_ms;
    for (;;) {
        if (peer_take_line(p, line, n))
            return 1;
        if (p->len == sizeof p->buf) { /* a line longer than the buffer: cut */
            p->buf[p->len - 1] = '\n';
            continue;
        }
        if (p->from_fd < 0)
            return -1;
        int wait_ms = -1;
        if (timeout_ms >= 0) {
            double left = deadline - peer_now_ms();
            if (left <= 0)
                return 0;
            wait_ms = (int)left + 1;
        }
        struct pollfd pfd = {.fd = p->from_fd, .events = POLLIN};
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            continue; /* the deadline is checked above */
        ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            close(p->from_fd);
            p->from_fd = -1;
            if (p->len > 0 && p->len < sizeof p->buf) /* a last line without its newline */
                p->buf[p->len++] = '\n';
            continue;
        }
        p->len += (size_t)got;
    }
}

/* Reaps pid, waiting up to grace_ms (< 0: no limit), then SIGKILL.  The
 * wait status into *status, the CPU into *cpu_s; returns 1 when it was
 * killed, 0 when it ended by itself, -1 when it could not be reaped. */
static int peer_reap(pid_t pid, int grace_ms, int *status, double *cpu_s)
{
    struct rusage ru;
    double deadline = peer_now_ms() + grace_ms;
    int killed = 0;
    for (;;) {
        memset(&ru, 0, sizeof ru);
        pid_t r = wait4(pid, status, killed || grace_ms < 0 ? 0 : WNOHANG, &ru);
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
        struct timespec nap = {0, 2000000}; /* 2 ms */
        nanosleep(&nap, NULL);
    }
    if (cpu_s)
        *cpu_s = peer_cpu_s(&ru);
    return killed;
}

int bench_peer_oe_stop(bench_peer_oe_t *p, int grace_ms, double *cpu_s)
{
    if (cpu_s)
        *cpu_s = 0.0;
    if (p->to_fd >= 0)
        close(p->to_fd);
    p->to_fd = -1;
    int status = -1;
    if (p->pid > 0 && peer_reap(p->pid, grace_ms, &status, cpu_s) < 0)
        status = -1;
    p->pid = 0;
    if (p->from_fd >= 0)
        close(p->from_fd);
    p->from_fd = -1;
    p->len = 0;
    return status;
}

int bench_peer_oe_run(const char *name, char *const argv[], const char *cwd, const char *out_path,
                      int timeout_ms, double *cpu_s)
{
    *cpu_s = 0.0;
    int out_fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (out_fd < 0) {
        fprintf(stderr, "tabletop bench: cannot write %s for %s: %s\n", out_path, name,
                strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0)
        peer_exec(argv, cwd, -1, out_fd);
    close(out_fd);
    if (pid < 0) {
        fprintf(stderr, "tabletop bench: cannot run %s: %s\n", name, strerror(errno));
        return -1;
    }
    int status = 0;
    int killed = peer_reap(pid, timeout_ms, &status, cpu_s);
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

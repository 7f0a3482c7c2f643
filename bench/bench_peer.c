/* bench_peer.c - peer programs over GTP for the benchmarks (bench_peer.h). */
#define _GNU_SOURCE /* pipe2 */
#include "bench/bench_peer.h"
#include "bench/bench.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
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

static void bench_peer_fail(bench_peer_t *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->error, sizeof p->error, fmt, ap);
    va_end(ap);
}

int bench_peer_scratch_make(char *dir, const char *what)
{
    snprintf(dir, BENCH_PEER_DIR_MAX, "/tmp/tabletop-bench-%s-XXXXXX", what);
    if (!mkdtemp(dir)) {
        fprintf(stderr, "tabletop bench: cannot make a scratch folder in /tmp: %s\n",
                strerror(errno));
        return -1;
    }
    return 0;
}

void bench_peer_scratch_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                continue;
            char path[BENCH_PEER_DIR_MAX + 256];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            struct stat st;
            /* A file the peer made in its working folder; never follow a link. */
            if (lstat(path, &st) == 0 && !S_ISDIR(st.st_mode))
                unlink(path);
        }
        closedir(d);
    }
    if (rmdir(dir) != 0)
        fprintf(stderr, "tabletop bench: could not remove the scratch folder %s: %s\n", dir,
                strerror(errno));
}

int bench_peer_start(bench_peer_t *p, char *const argv[], const char *dir, const char *err_name)
{
    memset(p, 0, sizeof *p);
    p->to = p->from = -1;
    if (access(argv[0], X_OK) != 0) {
        bench_peer_fail(p, "%s: not an executable file (%s)", argv[0], strerror(errno));
        return -1;
    }
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2], report[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        bench_peer_fail(p, "pipe: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        bench_peer_fail(p, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    /* The child writes exec's errno here; closed by a successful exec. */
    if (pipe2(report, O_CLOEXEC) != 0) {
        bench_peer_fail(p, "pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        return -1;
    }
    char err_path[BENCH_PEER_DIR_MAX + 256];
    snprintf(err_path, sizeof err_path, "%s/%s", dir, err_name ? err_name : "");
    pid_t pid = fork();
    if (pid == 0) {
        int e = 0;
        int err_fd = err_name ? open(err_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)
                              : open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (err_fd < 0 || dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err_fd, 2) < 0 ||
            chdir(dir) != 0)
            e = errno;
        if (!e) {
            execv(argv[0], argv);
            e = errno;
        }
        ssize_t w = write(report[1], &e, sizeof e);
        (void)w;
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(report[1]);
    if (pid < 0) {
        bench_peer_fail(p, "fork: %s", strerror(errno));
        close(in[1]);
        close(out[0]);
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
        bench_peer_fail(p, "cannot run %s: %s", argv[0], strerror(e));
        return -1;
    }
    return 0;
}

static int bench_peer_write_all(int fd, const char *s, size_t n)
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

/* One line of the peer's output (without its '\n' or '\r') into line, waiting
 * until deadline (bench_now() seconds).  Returns 0, or -1 at its end or on
 * timeout (p->error set). */
static int bench_peer_line(bench_peer_t *p, double deadline, char *line, size_t len)
{
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->have);
        if (nl) {
            size_t n = (size_t)(nl - p->buf);
            size_t keep = n;
            if (keep > 0 && p->buf[keep - 1] == '\r')
                keep--;
            if (keep >= len)
                keep = len - 1;
            memcpy(line, p->buf, keep);
            line[keep] = '\0';
            memmove(p->buf, nl + 1, p->have - n - 1);
            p->have -= n + 1;
            return 0;
        }
        if (p->have == sizeof p->buf) {
            bench_peer_fail(p, "a line longer than %zu bytes: not GTP", sizeof p->buf);
            return -1;
        }
        int wait_ms = (int)((deadline - bench_now()) * 1000.0);
        if (wait_ms <= 0) {
            bench_peer_fail(p, "no answer in time");
            return -1;
        }
        struct pollfd pfd = {.fd = p->from, .events = POLLIN};
        int r = poll(&pfd, 1, wait_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0)
            continue; /* the deadline check above ends it */
        ssize_t got = read(p->from, p->buf + p->have, sizeof p->buf - p->have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            bench_peer_fail(p, "it closed its output (exited?)");
            return -1;
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
        bench_peer_fail(p, "not running");
        return -1;
    }
    char cmd[1024];
    int n = snprintf(cmd, sizeof cmd, "%s\n", command);
    if (n < 0 || (size_t)n >= sizeof cmd || bench_peer_write_all(p->to, cmd, (size_t)n) != 0) {
        bench_peer_fail(p, "cannot send '%s': it closed its input", command);
        return -1;
    }
    double deadline = bench_now() + timeout_ms / 1000.0;
    char line[1024];
    /* GTP 2: "=[id] text" or "?[id] text", more lines, then an empty line. */
    do {
        if (bench_peer_line(p, deadline, line, sizeof line) != 0)
            return -1;
    } while (line[0] == '\0');
    if (line[0] != '=' && line[0] != '?') {
        bench_peer_fail(p, "answered '%.60s' to '%s': not GTP", line, command);
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
        if (bench_peer_line(p, deadline, line, sizeof line) != 0)
            return -1;
        if (line[0] == '\0')
            break;
        text = line;
    }
    /* Trailing spaces of an empty success ("= "). */
    while (used > 0 && (reply[used - 1] == ' ' || reply[used - 1] == '\t'))
        reply[--used] = '\0';
    return status;
}

double bench_peer_stop(bench_peer_t *p, int timeout_ms)
{
    if (p->to >= 0)
        close(p->to);
    p->to = -1;
    double cpu = -1.0;
    if (p->pid > 0) {
        struct rusage ru;
        int status = 0;
        pid_t r = 0;
        double deadline = bench_now() + timeout_ms / 1000.0;
        /* Drain its output while waiting, so a chatty peer cannot block. */
        for (;;) {
            memset(&ru, 0, sizeof ru);
            r = wait4(p->pid, &status, WNOHANG, &ru);
            if (r != 0 || bench_now() > deadline)
                break;
            struct pollfd pfd = {.fd = p->from, .events = POLLIN};
            if (p->from >= 0 && poll(&pfd, 1, 20) > 0) {
                char sink[4096];
                if (read(p->from, sink, sizeof sink) <= 0) {
                    close(p->from);
                    p->from = -1;
                }
            } else if (p->from < 0) {
                struct timespec ts = {0, 20000000};
                nanosleep(&ts, NULL);
            }
        }
        if (r == 0) {
            kill(p->pid, SIGKILL);
            do
                r = wait4(p->pid, &status, 0, &ru);
            while (r < 0 && errno == EINTR);
            bench_peer_fail(p, "it did not end within %d ms of its input closing: killed",
                            timeout_ms);
        } else if (r == p->pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                  (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
        } else if (r == p->pid && WIFSIGNALED(status)) {
            bench_peer_fail(p, "it died of signal %d", WTERMSIG(status));
        } else {
            bench_peer_fail(p, "it exited with status %d",
                            WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        }
    }
    if (p->from >= 0)
        close(p->from);
    p->from = -1;
    p->pid = 0;
    return cpu;
}

/*
 * bench_peer_oe.h - another program run beside our engines by `tabletop
 * bench othello --edax` and `tabletop bench gomoku --rapfi`: a child process
 * working in a scratch folder the bench makes (and removes after, with
 * whatever the child wrote there), its standard input and output on pipes
 * or files, its CPU time from wait4().
 *
 *     char dir[256];
 *     if (bench_peer_oe_scratch_make(dir, sizeof dir, "rapfi") != 0) return 1;
 *     bench_peer_oe_t p;
 *     char *argv[] = {binary, NULL};
 *     if (bench_peer_oe_start(&p, "Rapfi", argv, dir) == 0) {
 *         bench_peer_oe_send(&p, "START %d", 15);
 *         bench_peer_oe_read_line(&p, line, sizeof line, 10000);
 *         bench_peer_oe_stop(&p, 2000, &cpu_s);
 *     }
 *     bench_peer_oe_scratch_remove(dir);
 *
 * Messages go to stderr as one line naming the program.  SIGPIPE is ignored
 * once a child starts, so that a program that dies makes a send fail instead
 * of killing the bench.
 */
#ifndef TABLETOP_BENCH_PEER_OE_H
#define TABLETOP_BENCH_PEER_OE_H

#include <stddef.h>
#include <sys/types.h>

/* One running program; fields change only through bench_peer_oe_*(). */
typedef struct bench_peer_oe {
    pid_t pid;        /* the child (0: none) */
    int to_fd;        /* the write end of its standard input (-1: closed) */
    int from_fd;      /* the read end of its standard output (-1: closed) */
    char buf[8192];   /* bytes read from it that are not yet a returned line */
    size_t len;       /* bytes in buf */
    const char *name; /* for messages: "Edax", "Rapfi", "tabletop pbrain" */
} bench_peer_oe_t;

/* Makes a new folder /tmp/tabletop-bench-TAG-XXXXXX (mkdtemp) and writes its
 * path into dir (n bytes).  Returns 0, or -1 after a one-line message. */
int bench_peer_oe_scratch_make(char *dir, size_t n, const char *tag);

/* Removes a folder made by bench_peer_oe_scratch_make and everything in it
 * (links are removed, never followed). */
void bench_peer_oe_scratch_remove(const char *dir);

/* 0 if path is a regular file this process may execute; else -1 after the
 * line "tabletop bench GROUP: OPTION PATH: not an executable file (...)". */
int bench_peer_oe_check_binary(const char *group, const char *option, const char *path);

/* Starts argv[0] (a path) with argv, its working folder cwd, its standard
 * input and output on pipes, its standard error to /dev/null.  Returns 0,
 * or -1 after a message (p is then left stopped). */
int bench_peer_oe_start(bench_peer_oe_t *p, const char *name, char *const argv[],
                        const char *cwd);

/* Sends one line to its standard input (the newline is added).  Returns 0,
 * or -1 when it no longer reads (it exited or closed its input). */
int bench_peer_oe_send(bench_peer_oe_t *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Reads one line of its output (without the line ending; a longer line is
 * cut to n - 1 bytes) waiting at most timeout_ms milliseconds (< 0: no
 * limit).  Returns 1 for a line, 0 when the time ran out, -1 at the end of
 * its output or on an error. */
int bench_peer_oe_read_line(bench_peer_oe_t *p, char *line, size_t n, int timeout_ms);

/* Closes its input, waits up to grace_ms for it to exit, then kills it
 * (SIGKILL) and reaps it.  *cpu_s (if not NULL) gets its user + system CPU
 * seconds from wait4().  Returns its wait status, or -1 if none was had.
 * Safe on a stopped peer (returns -1). */
int bench_peer_oe_stop(bench_peer_oe_t *p, int grace_ms, double *cpu_s);

/* Runs argv to its end in the folder cwd: standard input from /dev/null,
 * standard output into the file out_path (made, mode 0600), standard error
 * to /dev/null; killed after timeout_ms (< 0: no limit).  *cpu_s gets its
 * CPU seconds from wait4().  Returns its exit code (0-255), -2 when it was
 * killed for the time, -1 when it could not be run or died of a signal
 * (after a message naming name). */
int bench_peer_oe_run(const char *name, char *const argv[], const char *cwd,
                      const char *out_path, int timeout_ms, double *cpu_s);

#endif

/*
 * bench_peer.h - another program run beside our figures by `tabletop bench`
 * (Pachi for go, Edax for othello, Rapfi for gomoku, Pons' solver for
 * connect4): started by fork/exec without a shell inside a scratch folder
 * the bench makes (and removes after, with whatever the program wrote
 * there), spoken to by lines (or GTP) over pipes, or run to its end with
 * files for its input and output; its CPU time taken from wait4().
 *
 *   char dir[BENCH_PEER_DIR_MAX];
 *   if (bench_peer_scratch_make(dir, "pachi") != 0) ...  // $TMPDIR/tabletop-bench-pachi-XXXXXX
 *   bench_peer_t p;
 *   char *argv[] = {binary, "-t", "=5000", NULL};
 *   if (bench_peer_start(&p, argv, dir, "err.txt") != 0) ... p.error says why
 *   bench_peer_gtp(&p, "genmove b", 60000, reply, sizeof reply);
 *   bench_peer_send(&p, "START %d", 15);                  // or a line protocol
 *   bench_peer_read_line(&p, line, sizeof line, 10000);
 *   double cpu = bench_peer_stop(&p, 10000);              // seconds, user + system
 *   bench_peer_scratch_remove(dir);
 *
 * The program runs inside the scratch folder (its working directory) with
 * its standard error in a file there or in /dev/null, so it writes nowhere
 * else that we know of.  Writing to a program that has died must not kill
 * the bench: a start ignores SIGPIPE in this process.  Errors are one line:
 * in p->error for a started program, on stderr for the other calls.
 */
#ifndef TABLETOP_BENCH_PEER_H
#define TABLETOP_BENCH_PEER_H

#include <stddef.h>
#include <sys/types.h>

#define BENCH_PEER_DIR_MAX 256
#define BENCH_PEER_ERROR_MAX 256

/* One running program; fields change only through bench_peer_*(). */
typedef struct bench_peer {
    pid_t pid;                        /* the child (0: none) */
    int to;                           /* its standard input, our end (-1: closed) */
    int from;                         /* its standard output, our end (-1: closed) */
    char buf[16384];                  /* bytes read, not yet a returned line */
    size_t have;                      /* bytes in buf */
    int status;                       /* its wait status after a stop (-1: none) */
    double cpu_s;                     /* its user + system CPU seconds after a stop */
    char error[BENCH_PEER_ERROR_MAX]; /* why the last call failed, one line */
} bench_peer_t;

/* Makes a fresh folder tabletop-bench-WHAT-XXXXXX (mkdtemp) in $TMPDIR (or
 * /tmp when that is unset or empty) into dir (BENCH_PEER_DIR_MAX bytes).
 * Returns 0, or -1 after a one-line message on stderr. */
int bench_peer_scratch_make(char *dir, const char *what);

/* Removes a folder bench_peer_scratch_make made and everything in it (links
 * are removed, never followed); a line on stderr if the folder stays. */
void bench_peer_scratch_remove(const char *dir);

/* 0 if path is a regular file this process may execute; else -1 after the
 * line "tabletop bench GROUP: OPTION PATH: not an executable file (...)". */
int bench_peer_check_binary(const char *group, const char *option, const char *path);

/* Starts argv[0] (a path, not looked up in PATH) with argv, its working
 * directory dir, its standard input and output on pipes, its standard
 * error into dir/err_name (NULL: /dev/null).  Returns 0, or -1 with
 * p->error set (no such file, not executable...; p is then stopped). */
int bench_peer_start(bench_peer_t *p, char *const argv[], const char *dir, const char *err_name);

/* Sends one line (the newline is added).  Returns 0, or -1 when it no
 * longer reads (it exited or closed its input; p->error says so). */
int bench_peer_send(bench_peer_t *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Reads one line of its output (without its '\n' or '\r'; a longer line is
 * cut to n - 1 bytes, one longer than p->buf is split), waiting at most
 * timeout_ms (< 0: no limit).  Returns 1 for a line, 0 when the time ran
 * out, -1 at the end of its output or on an error (p->error says which). */
int bench_peer_read_line(bench_peer_t *p, char *line, size_t n, int timeout_ms);

/* Sends one GTP command and reads its answer, waiting at most timeout_ms.
 * Returns 0 for a success ('='), copying the text after "= " (lines joined
 * by '\n') into reply; 1 for a failure ('?'), the text in reply too; -1 if
 * the peer closed its output, timed out or answered something that is not
 * GTP (p->error says which). */
int bench_peer_gtp(bench_peer_t *p, const char *command, int timeout_ms, char *reply,
                   size_t len);

/* Closes its input (a GTP engine or a Gomocup brain then ends), waits for
 * it at most grace_ms while reading away its output, and kills it
 * (SIGKILL) after that.  Sets p->status and p->cpu_s (from wait4, also for
 * a killed one).  Returns p->cpu_s, or -1 if it had to be killed or did
 * not exit with status 0 (p->error says so).  Safe on a peer that never
 * started (returns -1, p->cpu_s 0). */
double bench_peer_stop(bench_peer_t *p, int grace_ms);

/* Runs argv to its end in the folder dir: standard input from in_path
 * (NULL: /dev/null), standard output into the file out_path (made, mode
 * 0600), standard error to /dev/null; killed after timeout_ms (< 0: no
 * limit).  *cpu_s gets its CPU seconds from wait4().  Returns its exit code
 * (0-255; 127 when it could not be executed), -2 when it was killed for the
 * time, -1 when it could not be run or died of a signal (after a one-line
 * message on stderr naming name). */
int bench_peer_run(const char *name, char *const argv[], const char *dir, const char *in_path,
                   const char *out_path, int timeout_ms, double *cpu_s);

#endif

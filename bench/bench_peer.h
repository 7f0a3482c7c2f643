/*
 * bench_peer.h - a peer program (Pachi, GNU Go...) run beside our figures by
 * `tabletop bench`: started by fork/exec without a shell, spoken to over
 * GTP through pipes, its CPU time taken from wait4() when it ends.
 *
 *   char dir[BENCH_PEER_DIR_MAX];
 *   bench_peer_scratch_make(dir, "pachi");        // /tmp/tabletop-bench-pachi-XXXXXX
 *   bench_peer_t p;
 *   char *argv[] = {binary, "-t", "=5000", NULL};
 *   if (bench_peer_start(&p, argv, dir, "err.txt") != 0) ... p.error says why
 *   bench_peer_gtp(&p, "genmove b", 60000, reply, sizeof reply);
 *   double cpu = bench_peer_stop(&p, 10000);       // seconds, user + system
 *   bench_peer_scratch_remove(dir);
 *
 * The peer runs inside the scratch folder (its working directory) with its
 * standard error in a file there or in /dev/null, so it writes nowhere
 * else that we know of.  Writing to a peer that has died must not kill the
 * bench: the start ignores SIGPIPE in this process.
 */
#ifndef TABLETOP_BENCH_PEER_H
#define TABLETOP_BENCH_PEER_H

#include <stddef.h>
#include <sys/types.h>

#define BENCH_PEER_DIR_MAX 64
#define BENCH_PEER_ERROR_MAX 256

typedef struct {
    pid_t pid;                        /* the child (0: none) */
    int to;                           /* its standard input, our end */
    int from;                         /* its standard output, our end */
    char buf[16384];                  /* bytes read, not yet consumed */
    size_t have;                      /* bytes in buf */
    char error[BENCH_PEER_ERROR_MAX]; /* why the last call failed, one line */
} bench_peer_t;

/* Makes a fresh folder /tmp/tabletop-bench-WHAT-XXXXXX into dir (at least
 * BENCH_PEER_DIR_MAX bytes).  Returns 0, or -1 with a message on stderr. */
int bench_peer_scratch_make(char *dir, const char *what);

/* Removes the files directly inside dir, then dir itself: only for a folder
 * bench_peer_scratch_make made. */
void bench_peer_scratch_remove(const char *dir);

/* Starts argv[0] (a path, not looked up in PATH) with argv, its working
 * directory dir, its standard error into dir/err_name (NULL: /dev/null).
 * Returns 0, or -1 with p->error set (no such file, not executable...). */
int bench_peer_start(bench_peer_t *p, char *const argv[], const char *dir, const char *err_name);

/* Sends one GTP command and reads its answer, waiting at most timeout_ms.
 * Returns 0 for a success ('='), copying the text after "= " (lines joined
 * by '\n') into reply; 1 for a failure ('?'), the text in reply too; -1 if
 * the peer closed its output, timed out or answered something that is not
 * GTP (p->error says which). */
int bench_peer_gtp(bench_peer_t *p, const char *command, int timeout_ms, char *reply,
                   size_t len);

/* Closes the peer's input (a GTP engine then ends), waits for it at most
 * timeout_ms and kills it after that.  Returns its CPU seconds (user +
 * system, from wait4), or -1 if it had to be killed or did not exit with
 * status 0 (p->error says so).  Safe on a peer that never started. */
double bench_peer_stop(bench_peer_t *p, int timeout_ms);

#endif

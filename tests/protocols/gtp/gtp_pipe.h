/*
 * gtp_pipe.h - test helper: a GTP engine in a child process behind two
 * pipes (tabletop gtp, GNU Go), spoken to one command at a time.
 */
#ifndef TABLETOP_TEST_GTP_PIPE_H
#define TABLETOP_TEST_GTP_PIPE_H

#include <stddef.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    int to_child;   /* the child's stdin */
    int from_child; /* the child's stdout */
    char buf[65536];
    size_t have;    /* bytes read but not yet returned */
} gtp_pipe_t;

/* Starts argv[0] (a path) with argv; cwd may be NULL.  Returns 0 or -1. */
int gtp_pipe_start(gtp_pipe_t *p, char *const argv[], const char *cwd);

/* Sends one command line (without '\n') and reads the whole response up to
 * its blank line, within timeout_ms.  On success *ok is 1 for '=' and 0 for
 * '?', and body holds the response without "=id " and the final "\n\n".
 * Returns 0, or -1 on a dead peer, a timeout or a malformed response. */
int gtp_pipe_command(gtp_pipe_t *p, const char *cmd, int *ok, char *body, size_t bodylen,
                     int timeout_ms);

/* Sends "quit" if asked, closes the pipes and reaps the child; returns its
 * exit status (or -1 if it had to be killed). */
int gtp_pipe_stop(gtp_pipe_t *p, int send_quit);

/* Runs argv with stdin from the file `input`, collects all of stdout into
 * a malloc'd string (*out) until EOF.  Returns the exit status, or -1. */
int gtp_pipe_run_file(char *const argv[], const char *cwd, const char *input, char **out,
                      int timeout_ms);

#endif

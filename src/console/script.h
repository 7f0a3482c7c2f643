/*
 * script.h - headless key scripts (ARCHITECTURE.md "Command line"): one
 * step a line,
 *
 *   up down left right enter space escape backspace tab   a named key
 *   a..z 0..9                                             a letter or digit key
 *   key 0xNN                                              any HID usage code
 *   wait MS                                               let MS ms of game time pass
 *   snap NAME                                             write the frame to DIR/NAME.png
 *   await-peer MS                                         wait (real time, at most MS ms) until
 *                                                         the other console of a link game has
 *                                                         moved; a failure stops the run
 *   # comment                                             (also after a step)
 *
 * A regular file is checked completely when it is opened, so a malformed
 * line stops the run before anything happens; a pipe (e.g. /dev/stdin) is
 * read a line at a time, as the steps are needed.
 */
#ifndef TABLETOP_SCRIPT_H
#define TABLETOP_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

typedef enum { SCRIPT_KEY, SCRIPT_WAIT, SCRIPT_SNAP, SCRIPT_AWAIT_PEER } script_op_t;

#define SCRIPT_NAME_MAX 64

typedef struct script_step {
    script_op_t op;
    int key;                      /* SCRIPT_KEY: HID usage code */
    uint32_t wait_ms;             /* SCRIPT_WAIT; SCRIPT_AWAIT_PEER: the bound */
    char name[SCRIPT_NAME_MAX];   /* SCRIPT_SNAP: [A-Za-z0-9._-], not starting with '.' */
    int line;                     /* 1-based line number in the file */
} script_step_t;

typedef struct script script_t;

/* Parses one line.  Returns 1 and fills *out for a step, 0 for a blank or
 * comment line, -1 with "line N: ..." in err for a malformed line. */
int script_parse_line(const char *text, int line, script_step_t *out, char *err, size_t errlen);

/* Opens (and, for a regular file, checks) a script.  "-" is stdin.
 * Returns NULL with a message in err. */
script_t *script_open(const char *path, char *err, size_t errlen);

/* Next step: 1 and *out, 0 at the end, -1 with a message in err. */
int script_next(script_t *s, script_step_t *out, char *err, size_t errlen);

void script_close(script_t *s);

#endif

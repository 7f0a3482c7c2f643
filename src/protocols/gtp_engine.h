/*
 * gtp_engine.h - the Go Text Protocol v2 engine as a line-in, text-out
 * machine, so that tests can drive it in-process and gtp.c only moves
 * bytes between it and stdin/stdout.
 *
 *   gtp_engine_t *e = gtp_engine_create(&(gtp_options_t){.level = 3});
 *   const char *reply = gtp_engine_execute(e, "1 genmove b");  // "=1 C3\n\n"
 *   ...
 *   gtp_engine_destroy(e);
 *
 * The engine keeps the game as a record (size, komi, setup, moves) plus
 * the BoardState it replays to; undo, komi changes and loadsgf all go
 * through that record.  Commands and responses: docs/gtp.md.
 */
#ifndef TABLETOP_GTP_ENGINE_H
#define TABLETOP_GTP_ENGINE_H

#include <stdint.h>
#include <stdio.h>

#include "games/go/board.h"
#include "games/go/rules.h"

/* Zeroed fields mean "default". */
typedef struct {
    int level;     /* computer player 1..4 (ai.h); 0: 3 (UCT-MCTS) */
    int playouts;  /* MCTS simulations per move; 0: the ai's default (200) */
    uint64_t seed; /* random seed; 0: the ai's default */
    FILE *log;     /* one line per generated move (for GoGui's shell); NULL: quiet */
    go_rules_t *rules; /* who decides legality and captures; NULL: board.c (--rules sw) */
    int no_resign; /* --no-resign: genmove never answers "resign" */
} gtp_options_t;

typedef struct gtp_engine gtp_engine_t;

/* Returns NULL (after a message on stderr) only if memory runs out. */
gtp_engine_t *gtp_engine_create(const gtp_options_t *opts);
void gtp_engine_destroy(gtp_engine_t *e);

/* Runs one input line (with or without its '\n') after GTP preprocessing.
 * Returns the complete response, "=[id] ...\n\n" or "?[id] ...\n\n", valid
 * until the next call; or NULL when the line is empty after preprocessing
 * (nothing must be sent).  Never fails: errors are GTP "?" responses. */
const char *gtp_engine_execute(gtp_engine_t *e, const char *line);

/* As gtp_engine_execute for the n bytes at line, which may hold NUL bytes
 * (removed like other control characters). */
const char *gtp_engine_execute_n(gtp_engine_t *e, const char *line, size_t n);

/* 1 once a "quit" command has been answered. */
int gtp_engine_wants_quit(const gtp_engine_t *e);

/* The current position (read-only; for tests). */
const BoardState *gtp_engine_board(const gtp_engine_t *e);

#endif

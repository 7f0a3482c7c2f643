/* protocols/pbrain.h - `tabletop pbrain`: the Gomocup/Piskvork brain protocol
 * (docs/gomoku.md). */
#ifndef TABLETOP_PBRAIN_H
#define TABLETOP_PBRAIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One brain: a board, the rule and the time settings the manager sent. */
typedef struct pbrain pbrain_t;

/* A brain answering on out, under rule (0, 1 or 4) at level 1-3; max_nodes
 * bounds each move (0: only the manager's time limits).  NULL if out of
 * memory. */
pbrain_t *pbrain_new(FILE *out, int rule, int level, long max_nodes, uint64_t seed);
void pbrain_free(pbrain_t *b);

/* Handles one line from the manager (its line ending may be there; the line
 * is changed).  Returns 0 after END, else 1. */
int pbrain_line(pbrain_t *b, char *line);

/* The same for the n bytes at line, NUL bytes included (dropped with the
 * other control bytes, as GTP does). */
int pbrain_line_n(pbrain_t *b, const char *line, size_t n);

/* 1 between BOARD or SWAP2BOARD and its DONE. */
int pbrain_in_block(const pbrain_t *b);

/* The same brain over the 20x20 build of the rules and the AI
 * (games/gomoku/gomoku20.h): pbrain.c compiled again. */
pbrain_t *pbrain20_new(FILE *out, int rule, int level, long max_nodes, uint64_t seed);
void pbrain20_free(pbrain_t *b);
int pbrain20_line_n(pbrain_t *b, const char *line, size_t n);
int pbrain20_in_block(const pbrain_t *b);

/* argv[0] is "pbrain".  Runs until END or the end of stdin; returns the exit
 * status (2 for a bad option). */
int pbrain_main(int argc, char **argv);

#endif

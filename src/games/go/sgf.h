/*
 * sgf.h - SGF FF[4] records of Go games (GM[1]): parse, write, replay.
 *
 * Pure C apart from the file reader at the end; a record is written to a
 * buffer (sgf_write) and the caller saves it atomically.  Supported: GM, FF,
 * SZ, KM, HA, RU, RE, PB, PW, DT, AP, GC, CA (text is kept as UTF-8, converted
 * from ISO-8859-1), PL, C (root comment), B/W moves with
 * "[]" or "[tt]" (boards up to 19) as passes, AB/AW/AE setup in the root
 * node, escapes in text values, soft line breaks, whitespace between
 * values.  Only the main line of the first game tree is read; variations
 * are skipped.  Unknown properties are skipped.  TB/TW (the territory of a
 * scored game, dead stones' points included) are written in the last node
 * and not read back.  A broken file is
 * reported with its line and column and nothing is loaded.
 */
#ifndef TABLETOP_GO_SGF_H
#define TABLETOP_GO_SGF_H

#include <stddef.h>
#include "board.h"

#define SGF_MAX_MOVES 1024
#define SGF_MAX_SETUP (BOARD_MAX_SIZE * BOARD_MAX_SIZE)
#define SGF_TEXT 128

typedef struct {
    Stone color; /* BLACK or WHITE (EMPTY for AE in setup) */
    Move move;   /* move.pass for passes */
} sgf_move_t;

typedef struct sgf_game {
    int size;                 /* SZ (default 19 per FF[4]; tabletop writes 9) */
    int komi2;                /* KM in half points (KM[5.5]: 11) */
    int handicap;             /* HA: handicap stones (3); 0: none, and HA is not written */
    char rules[SGF_TEXT];     /* RU, e.g. "Chinese" */
    char result[SGF_TEXT];    /* RE, e.g. "B+3.5" */
    char black[SGF_TEXT];     /* PB */
    char white[SGF_TEXT];     /* PW */
    char date[SGF_TEXT];      /* DT, e.g. "2026-11-22" */
    char application[SGF_TEXT]; /* AP */
    char comment[4 * SGF_TEXT]; /* GC (game comment); tabletop keeps its console state here */
    Stone to_play;            /* PL: who moves after the setup; EMPTY if not said */
    char charset[32];         /* CA of text kept byte for byte; "" for UTF-8 (see sgf.c) */
    int n_setup;
    sgf_move_t setup[SGF_MAX_SETUP]; /* AB/AW/AE of the root node */
    int n_moves;
    sgf_move_t moves[SGF_MAX_MOVES]; /* the main line */
    int n_territory;                 /* written only: TB/TW of a scored game */
    sgf_move_t territory[SGF_MAX_SETUP]; /* color BLACK (TB) or WHITE (TW) */
} sgf_game_t;

/* An empty 9x9 record: SZ 9, KM 5.5, RU Chinese, no moves. */
void sgf_game_init(sgf_game_t *g);

/* Parses text.  Returns 0, or -1 with "line L, column C: what" in err and
 * *out untouched. */
int sgf_parse(const char *text, size_t len, sgf_game_t *out, char *err, size_t errlen);

/* Writes g as SGF FF[4] with escapes; returns the length it needs
 * (excluding the NUL), like snprintf. */
size_t sgf_write(const sgf_game_t *g, char *buf, size_t len);

/* Builds the position after the first `upto` moves (upto < 0: all) on b.
 * Returns 0, or -1 with "move N (B C3): illegal: ko" etc. in err. */
int sgf_replay(const sgf_game_t *g, int upto, BoardState *b, char *err, size_t errlen);

/* Appends a move (color, move) to the record; -1 if the record is full. */
int sgf_add_move(sgf_game_t *g, Stone color, Move m);

/* Reads and parses a file; errors name the file. */
int sgf_load_file(const char *path, sgf_game_t *out, char *err, size_t errlen);

#endif

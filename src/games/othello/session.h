/*
 * session.h - a game of Othello as the console plays it, without a frame:
 * the mode (who plays each colour), whose turn it is, the forced passes,
 * undo, the result, a game stopped by the referee, the record othello.txt
 * and its replay into a machine that keeps its own board.  Pure C: the
 * screen maps keys to these calls, draws what the session holds, and asks
 * the engine or the Othello machine (seed 003) for the computer's moves.
 *
 *   othello_session_new_game(&s, OTHELLO_MODE_YOU_BLACK);
 *   for (;;) switch (othello_session_next(&s)) {
 *   case OTHELLO_NEXT_PASS:    othello_session_play(&s, OTHELLO_PASS); continue;
 *   case OTHELLO_NEXT_ENGINE:  ask the engine, then othello_session_play(&s, move)
 *   case OTHELLO_NEXT_MACHINE: ask the machine, likewise
 *   case OTHELLO_NEXT_HUMAN:   wait for a key;  OTHELLO_NEXT_OVER: the result
 *   }
 *   othello_session_undo(&s);   back to before the last disc a person placed
 *
 * The record is a few "KEY VALUE" lines (docs/othello.md): the mode, the
 * plies from the start (a1..h8, 'pass'), and the result of a finished game
 * or why the referee stopped it.  Its reader and writer are a take/emit
 * pair of plain C types that the console's key/value record
 * (console/save.h) calls.
 *
 * The struct changes only through othello_session_*() calls; read it freely.
 */
#ifndef TABLETOP_OTHELLO_SESSION_H
#define TABLETOP_OTHELLO_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "othello.h"

/* Who plays whom; the record names them (othello_mode_name). */
typedef enum othello_mode {
    OTHELLO_MODE_MACHINE,        /* the player White, the machine Black (the seed's game) */
    OTHELLO_MODE_YOU_BLACK,      /* the player Black, the engine White */
    OTHELLO_MODE_YOU_WHITE,      /* the player White, the engine Black */
    OTHELLO_MODE_TWO,            /* two people at one keyboard */
    OTHELLO_MODE_ENGINE_MACHINE, /* the engine White against the machine: nobody plays */
    OTHELLO_MODE_COUNT
} othello_mode_t;

/* Who plays a colour. */
typedef enum othello_player {
    OTHELLO_PLAYER_HUMAN,   /* someone at the keyboard */
    OTHELLO_PLAYER_ENGINE,  /* the software engine (othello_engine.h) */
    OTHELLO_PLAYER_MACHINE, /* seed 003's Othello machine, always Black */
} othello_player_t;

/* What the game waits for (othello_session_next). */
typedef enum othello_next {
    OTHELLO_NEXT_OVER,    /* neither side can move, or the referee stopped the game */
    OTHELLO_NEXT_PASS,    /* the side to move has no move and is not the machine: play
                             OTHELLO_PASS for it (the machine says its passes itself) */
    OTHELLO_NEXT_HUMAN,   /* a person's move */
    OTHELLO_NEXT_ENGINE,  /* the engine's move */
    OTHELLO_NEXT_MACHINE, /* the machine's move (possibly its pass) */
} othello_next_t;

/* 60 discs and the passes between them. */
#define OTHELLO_SESSION_MAX_PLIES 128
/* Longest line of a record, its newline not counted. */
#define OTHELLO_RECORD_LINE_MAX 1023
/* A record is a few short lines: a larger file is not ours. */
#define OTHELLO_RECORD_MAX 4096

/*
 * What an opponent that plays Othello is given (console/opponent.h): the
 * position with its side to move.  genmove answers a square 0..63 or
 * OTHELLO_PASS for board.to_move; played(position, move) hears a move
 * played from position (board.to_move is who played it).
 */
typedef struct othello_opponent_position {
    othello_board_t board; /* the discs and the side to move */
} othello_opponent_position_t;

typedef struct othello_session {
    othello_mode_t mode;                   /* of the game on the board */
    othello_board_t board;
    int plies[OTHELLO_SESSION_MAX_PLIES];  /* the game from the start: 0..63 or OTHELLO_PASS */
    int n_plies;
    uint64_t flipped;                      /* the discs the last ply turned (0 after a pass) */
    int last;                              /* the square of the last disc placed, -1 none */
    int stopped;                           /* the referee stopped the game */
    char stop_reason[112];                 /* why (at most 100 characters) */
} othello_session_t;

/* The record's name of a mode ("you-black"), or NULL out of range. */
const char *othello_mode_name(int mode);
/* Who plays colour (OTHELLO_BLACK or OTHELLO_WHITE) in mode. */
othello_player_t othello_mode_player(int mode, int colour);
/* 1 in the modes where the machine plays Black. */
int othello_mode_has_machine(int mode);

/* The start position in mode (0..OTHELLO_MODE_COUNT-1), nothing played. */
void othello_session_new_game(othello_session_t *s, int mode);

/* Who plays colour in the session's mode. */
othello_player_t othello_session_player(const othello_session_t *s, int colour);
/* 1 when the session's plies by colour must be told to the machine,
 * which keeps its own board: White's, in a mode with the machine. */
int othello_session_machine_hears(const othello_session_t *s, int colour);
/* 1 when neither side has a legal move. */
int othello_session_over(const othello_session_t *s);
/* What the game waits for now (see othello_next_t). */
othello_next_t othello_session_next(const othello_session_t *s);
/* 1 when a person may place a disc: not over, not stopped, and a human's
 * turn (the caller adds whether a search is still running). */
int othello_session_human_turn(const othello_session_t *s);

/* Plays move (0..63 or OTHELLO_PASS) for the side to move and records it.
 * Returns 0, or -1 with nothing changed when it is not legal, the game is
 * stopped or the record is full. */
int othello_session_play(othello_session_t *s, int move);

/* Back to the position before the last disc a person placed (against a
 * computer its answer goes too; with two players one move), with the
 * passes after it.  Clears a stop.  Returns the plies taken back, or 0
 * with nothing changed when no person has placed a disc. */
int othello_session_undo(othello_session_t *s);

/* The referee stops the game: why (cut at 100 characters) is kept for the
 * record and the status line. */
void othello_session_stop(othello_session_t *s, const char *why);

/* Writes the status line of the side to move: "Your move (Black)",
 * "White to move", "The machine is thinking...", "The computer is
 * thinking...".  Returns out. */
char *othello_session_turn_text(const othello_session_t *s, char *out, size_t len);
/* Writes a finished game's result, the winner named and its count first
 * (the record's result line says it the same way: "white wins 36-27"):
 * "You win 40-24", "Black wins 13-0", "The machine wins 33-31", "The
 * computer wins 40-24", "A draw 32-32".  Returns out. */
char *othello_session_result_text(const othello_session_t *s, char *out, size_t len);

/*
 * Replays the session's plies into a freshly reset machine that keeps its
 * own board and plays machine_colour: hear(ctx, before, move) gets every
 * other ply, answer(ctx, before, &move) must give back each of the
 * machine's plies as the record has it.  The callbacks write their own
 * reasons into err.  Returns 0, or -1 with why in err (a callback's, or
 * "The machine answered c4 where the record has d3 (move 1)").
 */
typedef int (*othello_hear_fn)(void *ctx, const othello_board_t *before, int move, char *err,
                               size_t errlen);
typedef int (*othello_answer_fn)(void *ctx, const othello_board_t *before, int *move, char *err,
                                 size_t errlen);
int othello_session_replay(const othello_session_t *s, int machine_colour, othello_hear_fn hear,
                           othello_answer_fn answer, void *ctx, char *err, size_t errlen);

/* ---- the record ---- */

/* A record being read back. */
typedef struct othello_record {
    int mode;
    int plies[OTHELLO_SESSION_MAX_PLIES];
    int n_plies;
    int have_mode, have_moves;
} othello_record_t;

/* The comment lines that head every record. */
extern const char othello_record_header[];

/* Readies r for reading a record (its lines are at most OTHELLO_RECORD_LINE_MAX:
 * pass it to save_kv_parse_lines / save_kv_read_lines). */
void othello_record_begin(othello_record_t *r);
/* One "KEY VALUE" line (save_kv_take_fn): mode, moves (every ply legal),
 * result and stopped (informative).  Returns 0, or -1 with why in err. */
int othello_record_take(void *r, const char *key, const char *value, char *err, size_t errlen);
/* After the last line: 0 if r holds a game, else -1 with why in err. */
int othello_record_end(const othello_record_t *r, char *err, size_t errlen);
/* 1 when the record's game is finished (neither side can move). */
int othello_record_over(const othello_record_t *r);
/* Plays on from a record read back (othello_record_end said 0). */
void othello_session_resume(othello_session_t *s, const othello_record_t *r);
/* Writes the session's record (save_kv_emit_fn): put(sink, key, value) for
 * mode, moves and then result once the game is over ("black wins 13-0",
 * "white wins 36-27", "draw 32-32": the winner's count first, as on the
 * screen), or stopped.  Returns 0. */
int othello_record_emit(void *session, void (*put)(void *sink, const char *key, const char *value),
                        void *sink);

#endif

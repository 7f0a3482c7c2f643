/*
 * session.h - a game of Connect Four as the console plays it, without a
 * frame: the mode (who plays whom), the disc in flight and its landing,
 * undo, the result, a game put aside for later (Resume), and its record,
 * connect4.txt.  Pure C: the screen maps keys to these calls, draws what
 * the session holds, and asks the opponent for the computer's columns.
 *
 *   c4_session_init(&s);
 *   c4_session_new_game(&s, C4_MODE_YOU_FIRST);
 *   c4_session_drop(&s, col, now_us);           the player's disc starts falling
 *   ...each tick: c4_session_fall(&s, now_us)   C4_FALL_LANDED: the disc is played
 *   if (s.ai_pending) ask the opponent, then c4_session_drop(&s, its_col, now_us)
 *   c4_session_undo(&s);                        back to before the player's last move
 *
 * The record is a few "KEY VALUE" lines (docs/connect4.md): the mode, the
 * columns played (1-7, Pascal Pons' notation), which of Perfect's moves the
 * seed's AI made (when it had no exact answer in time) and, for a finished
 * game, its result.  Its reader and writer are a take/emit pair of plain C types that
 * the console's key/value record (console/save.h) calls.
 *
 * The struct changes only through c4_session_*() calls; read it freely.
 */
#ifndef TABLETOP_C4_SESSION_H
#define TABLETOP_C4_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "c4_game.h"
#include "solver.h"

/* Who plays whom; the record names them (c4_mode_name). */
typedef enum c4_mode {
    C4_MODE_YOU_FIRST,         /* the player red, the seed's AI yellow */
    C4_MODE_AI_FIRST,          /* the seed's AI red */
    C4_MODE_TWO_PLAYERS,       /* two people at one keyboard */
    C4_MODE_PERFECT_YOU_FIRST, /* the player red, the exact solver yellow */
    C4_MODE_PERFECT_FIRST,     /* the exact solver red */
    C4_MODE_COUNT
} c4_mode_t;

/* Where the session is. */
typedef enum c4_phase {
    C4_PHASE_TITLE, /* no game on the board (a suspended one may be kept) */
    C4_PHASE_PLAY,  /* a game in progress */
    C4_PHASE_OVER,  /* the game ended: the winning four is on the board */
} c4_phase_t;

/* How a finished game ended, as the player sees it. */
typedef enum c4_result {
    C4_RESULT_NONE,      /* not over */
    C4_RESULT_DRAW,      /* the board filled up */
    C4_RESULT_YOU_WIN,   /* against the computer: the player won */
    C4_RESULT_AI_WINS,   /* against the computer: the computer won */
    C4_RESULT_RED_WINS,  /* two players: red (who moved first) won */
    C4_RESULT_YELLOW_WINS,
} c4_result_t;

/* What c4_session_fall() saw. */
typedef enum c4_fall {
    C4_FALL_NONE,   /* no disc in flight, or it is in the same row as before */
    C4_FALL_MOVED,  /* the disc went down a row: fall_shown changed */
    C4_FALL_LANDED, /* the disc was played (the game may be over) */
} c4_fall_t;

/* Game time a falling disc spends in each row. */
#define C4_SESSION_ROW_US 40000u
/* Positions the solver may search for one of Perfect's moves (about 2-3 s
 * on a PC); beyond it the seed's AI moves instead. */
#define C4_SESSION_PERFECT_BUDGET 20000000u
/* Longest line of a record, its newline not counted (a record is a few
 * short lines; a longer one is not ours). */
#define C4_RECORD_LINE_MAX 127

typedef struct c4_session {
    c4_phase_t phase;
    c4_mode_t mode;    /* of the game on the board */
    int ai_side;       /* C4_P1 or C4_P2: the computer's colour; 0 for two players */
    c4_game_t game;
    int suspended;     /* a game left for the title, kept to be resumed */
    int ai_pending;    /* the computer is to move and has not been asked */
    int falling;       /* 1 while a disc falls */
    int fall_col;      /* its column (0..6) */
    int fall_row;      /* the row it lands in (0 = bottom) */
    int fall_shown;    /* the row it is drawn in now; C4_ROWS: above the board */
    uint64_t fall_start; /* game time (us) the drop began */
    c4_solver_t *solver; /* Perfect's, made when first needed */
    /* Perfect's moves that were not exact: bit n set when ply n (0: the
     * first disc) was the seed's AI's, standing in because Perfect had no
     * exact answer in time (0x2: its reply to the first disc). */
    uint64_t fallback_plies;
    int fallback_next; /* Perfect gave up: the computer's next drop is the seed's AI's */
} c4_session_t;

/* The record's name of a mode ("you-first"), or NULL out of range. */
const char *c4_mode_name(int mode);
/* 1 in the modes against the exact solver. */
int c4_mode_is_perfect(int mode);
/* The computer's colour in a mode: C4_P2, C4_P1, or 0 for two players. */
int c4_mode_ai_side(int mode);

/* An empty session on the title; nothing to resume. */
void c4_session_init(c4_session_t *s);
/* Frees the solver's table. */
void c4_session_free(c4_session_t *s);

/* An empty board in mode (0..C4_MODE_COUNT-1), the game in progress.
 * The computer is pending if it moves first. */
void c4_session_new_game(c4_session_t *s, int mode);
/* Plays on from game in mode (a record read back, never finished), or,
 * with game NULL, the suspended game. */
void c4_session_resume(c4_session_t *s, const c4_game_t *game, int mode);
/* Back to the title with the game kept (a disc in flight must have landed).
 * Returns 1 if there is a game to resume, 0 if there was nothing worth
 * keeping (an empty board or a finished game). */
int c4_session_suspend(c4_session_t *s);

/* 1 while a game is unfinished: discs on the board, not over, in play or
 * suspended (what quitting without a save would lose). */
int c4_session_in_progress(const c4_session_t *s);
/* 1 while a person may move: in play, no disc falling, not the computer's
 * turn. */
int c4_session_human_to_move(const c4_session_t *s);

/* Starts a disc of the side to move falling into col at game time now_us.
 * Returns C4_OK, or C4_ERR_RANGE / C4_ERR_FULL / C4_ERR_OVER with nothing
 * changed.  Clears ai_pending. */
c4_status_t c4_session_drop(c4_session_t *s, int col, uint64_t now_us);
/* The computer's turn was taken up without a move (its answer failed): it
 * is no longer pending, and the game waits as it is. */
void c4_session_ai_gave_up(c4_session_t *s);
/* Moves the falling disc on to game time now_us; it lands (is played)
 * once it reaches its row.  See c4_fall_t. */
c4_fall_t c4_session_fall(c4_session_t *s, uint64_t now_us);
/* Lands a falling disc at once (quitting).  Returns 1 if there was one. */
int c4_session_land(c4_session_t *s);

/* How many plies undo may take: with two players every move, against the
 * computer the player's own. */
int c4_session_undoable(const c4_session_t *s);
/* Takes back the last move; against the computer, back to before the
 * player's last move (two plies, or one if that move ended the game).
 * Returns the plies taken (0: nothing to take, nothing changed).  The game
 * is in progress afterwards. */
int c4_session_undo(c4_session_t *s);

/* How the game ended (C4_RESULT_NONE while it goes on). */
c4_result_t c4_session_result(const c4_session_t *s);

/* Perfect's column for the side to move: the centre on the empty board,
 * the opening book, else the solver within C4_SESSION_PERFECT_BUDGET.
 * Returns 0..6, or -1 when it cannot answer in its budget (*no_memory 0)
 * or cannot get its table (*no_memory 1): the seed's AI moves then, and
 * the session counts the computer's next drop as the seed's AI's
 * (fallback_plies), not Perfect's. */
int c4_session_perfect_move(c4_session_t *s, int *no_memory);
/* Perfect's move in three steps, so that its search can run on another
 * thread while the session's own stays free (the console draws and reads
 * keys meanwhile):
 *
 *   c4_session_perfect_begin(&s, &q);   the session's thread: copies the position
 *   c4_perfect_search_run(&q);          any thread: touches only q and q.solver
 *   col = c4_session_perfect_end(&s, &q, &no_memory);   the session's thread
 *
 * The three together are c4_session_perfect_move, answer for answer.  Between
 * begin and end the solver is lent to q: nothing else may use it, and
 * c4_session_free waits until the search has returned. */
typedef struct c4_perfect_search {
    c4_solver_t *solver; /* the session's, lent; NULL: none could be made */
    c4_game_t game;      /* the position searched (the side to move is Perfect) */
    int col;             /* the answer: 0..6, or -1 (no exact answer in the budget) */
    int no_memory;       /* 1: the solver's table could not be had (col -1) */
} c4_perfect_search_t;

/* Readies q to search the game on the board (makes the solver, with its
 * budget, when first needed; not on the empty board, answered at once). */
void c4_session_perfect_begin(c4_session_t *s, c4_perfect_search_t *q);
/* Finds q->col (and q->no_memory): the centre on the empty board, the
 * opening book, else the solver within C4_SESSION_PERFECT_BUDGET. */
void c4_perfect_search_run(c4_perfect_search_t *q);
/* Takes q's answer as c4_session_perfect_move returns it (and marks the
 * computer's next drop as the seed's AI's when it is -1). */
int c4_session_perfect_end(c4_session_t *s, const c4_perfect_search_t *q, int *no_memory);

/* How many of the moves on the board the seed's AI made for Perfect (0 in
 * a game where Perfect was exact so far, and in the other modes). */
int c4_session_fallbacks(const c4_session_t *s);
/* 1 when the last move on the board was the seed's AI's, made for
 * Perfect. */
int c4_session_last_was_fallback(const c4_session_t *s);

/* ---- the record ---- */

/* A record being read back. */
typedef struct c4_record {
    c4_game_t game;
    int mode;
    uint64_t fallback_plies; /* the "fallbacks" line: as in c4_session_t */
    int have_mode, have_moves, have_fallbacks;
} c4_record_t;

/* The comment lines that head every record. */
extern const char c4_record_header[];

/* Readies r for reading a record (its lines are at most C4_RECORD_LINE_MAX:
 * pass it to save_kv_parse_lines / save_kv_read_lines). */
void c4_record_begin(c4_record_t *r);
/* One "KEY VALUE" line (save_kv_take_fn): mode, moves, fallbacks, result.
 * Returns 0, or -1 with why in err. */
int c4_record_take(void *r, const char *key, const char *value, char *err, size_t errlen);
/* After the last line: 0 if r holds a game (its fallbacks, if any, moves
 * of the computer's in a Perfect mode), else -1 with why in err. */
int c4_record_end(const c4_record_t *r, char *err, size_t errlen);
/* Plays on from a record read back (never finished): its game, its mode
 * and which of Perfect's moves were the seed's AI's. */
void c4_session_resume_record(c4_session_t *s, const c4_record_t *r);
/* Writes the session's record (save_kv_emit_fn): put(sink, key, value) for
 * mode, moves, fallbacks (the numbers, from 1, of the moves the seed's AI
 * made for Perfect; only when there are some) and, once the game is over,
 * result.  Returns 0. */
int c4_record_emit(void *session, void (*put)(void *sink, const char *key, const char *value),
                   void *sink);

#endif

/*
 * session.h - Gomoku on the console as pure logic (seed 002 §3.4, §5): the
 * game of the board page with its mode (PVP, PVC, CVP), the computer's
 * level, renju's forbidden points refused, undo, the 30 s move clock, the
 * result and what the farm gains from it, and farm.txt's record that
 * resumes all of it.  No I/O and no clock of its own: time comes in as an
 * argument (microseconds, any origin), the record through take/emit
 * callbacks of plain C types (the console's save_kv_* read and write it).
 *
 *   gomoku_session_init(&s);                 a new farm, an empty PVC board
 *   gomoku_session_start_clock(&s, now);     the board is shown: 30 s run
 *   gomoku_session_play(&s, point, now, &forbid, &end);   the player's stone
 *   gomoku_session_play_ai(&s, point, now, &end);         the computer's
 *   gomoku_session_clock(&s, now, &secs);    1: the turn was lost on time
 *   gomoku_session_undo(&s, now, &taken, &point);
 *
 * A game against the computer counts on the farm when it ends (seed 002
 * §5: 2 stamina, +5 coins for a win, -1 for a loss); a two-player game
 * does not.  The struct changes only through gomoku_session_*() calls
 * (and farm_*() on its farm).
 */
#ifndef TABLETOP_GOMOKU_SESSION_H
#define TABLETOP_GOMOKU_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "farm.h"
#include "gomoku.h"

/* Seed 002 §3.4.2, §5: 30 seconds a move, then the turn passes. */
#define GOMOKU_MOVE_US 30000000ull

/* Who plays whom (the seed's space key cycles them in this order). */
typedef enum gomoku_mode {
    GOMOKU_MODE_PVP = 0, /* two players at one keyboard */
    GOMOKU_MODE_PVC,     /* the player Black, the computer White */
    GOMOKU_MODE_CVP,     /* the computer Black, the player White */
    GOMOKU_MODES
} gomoku_mode_t;

/* How the screen draws the pages; kept in the record with the farm. */
typedef enum gomoku_skin {
    GOMOKU_SKIN_CLASSIC = 0, /* the framebuffer's richer drawing */
    GOMOKU_SKIN_TILES,       /* seed 002's tile display, four colours */
    GOMOKU_SKINS
} gomoku_skin_t;

/* What a session call did; 0 is success. */
typedef enum gomoku_session_status {
    GOMOKU_SESSION_OK = 0,
    GOMOKU_SESSION_TAKEN,     /* play: a stone is already there */
    GOMOKU_SESSION_FORBIDDEN, /* play: renju forbids the point to Black */
    GOMOKU_SESSION_OVER,      /* play: the game has ended */
    GOMOKU_SESSION_RANGE,     /* play: no point of the board; mode, level, skin out of range */
    GOMOKU_SESSION_COUNTED,   /* undo: the farm has counted this game */
    GOMOKU_SESSION_NOTHING,   /* undo: no stone of the player's to take back */
} gomoku_session_status_t;

/* How a game ended, for the screen's message. */
typedef struct gomoku_session_end {
    int winner;             /* GOMOKU_BLACK, GOMOKU_WHITE, GOMOKU_DRAW; 0: still playing */
    int counted;            /* 1: the farm counted it (against the computer, farm playing) */
    farm_outcome_t outcome; /* the player's result, when counted */
    int starved;            /* pigs that starved in this game, when counted */
} gomoku_session_end_t;

typedef struct gomoku_session {
    farm_t farm;            /* the farm around the games */
    gomoku_t game;          /* the board, always under renju */
    int mode;               /* gomoku_mode_t (PVC at the start) */
    int level;              /* the computer's level, 1-3 (1 at the start) */
    int skin;               /* gomoku_skin_t (TILES at the start) */
    uint64_t turn_start_us; /* when the side to move's 30 s began */
    int clock_running;      /* turn_start_us holds a start */
} gomoku_session_t;

/* A new farm and an empty board: PVC, level 1, the tiles skin, no clock. */
void gomoku_session_init(gomoku_session_t *s);

/* The computer's colour: GOMOKU_WHITE in PVC, GOMOKU_BLACK in CVP, 0 in PVP. */
int gomoku_session_ai_color(const gomoku_session_t *s);

/* 1 once the game has a winner or is drawn. */
int gomoku_session_over(const gomoku_session_t *s);

/* 1 when the game goes on and the computer is to move. */
int gomoku_session_ai_turn(const gomoku_session_t *s);

/* Starts the 30 s of the side to move at now_us (the board is shown, or a
 * turn begins). */
void gomoku_session_start_clock(gomoku_session_t *s, uint64_t now_us);

/* An empty board in the same mode and level; its clock starts at now_us.
 * A game in progress is dropped without counting on the farm. */
void gomoku_session_new_game(gomoku_session_t *s, uint64_t now_us);

/* Sets the mode and starts a new game (gomoku_session_new_game).  Returns
 * OK, or RANGE for a mode outside gomoku_mode_t (nothing changed). */
gomoku_session_status_t gomoku_session_set_mode(gomoku_session_t *s, int mode, uint64_t now_us);

/* Sets the computer's level (1-3) for its next move.  Returns OK, or RANGE
 * (nothing changed). */
gomoku_session_status_t gomoku_session_set_level(gomoku_session_t *s, int level);

/* Sets the skin (gomoku_skin_t).  Returns OK, or RANGE (nothing changed). */
gomoku_session_status_t gomoku_session_set_skin(gomoku_session_t *s, int skin);

/* The player's stone for the side to move at point (0..224): refused when
 * the game is over, off the board, taken, or forbidden to Black under renju
 * (*forbid then says which shape).  Played: *end says whether the game
 * ended (the farm has counted it), else the other side's clock starts at
 * now_us.  forbid and end may be NULL. */
gomoku_session_status_t gomoku_session_play(gomoku_session_t *s, int point, uint64_t now_us,
                                            gomoku_forbid_t *forbid, gomoku_session_end_t *end);

/* The computer's answer at point, as gomoku_session_play but without the
 * forbidden check (the AI never picks a forbidden point; one that did
 * would lose, as renju says).  Refused: OVER, RANGE or TAKEN. */
gomoku_session_status_t gomoku_session_play_ai(gomoku_session_t *s, int point, uint64_t now_us,
                                               gomoku_session_end_t *end);

/* The move clock at now_us.  Returns 1 when the side to move has used up
 * its 30 s: the turn has passed to the other side, whose clock starts at
 * now_us; 0 otherwise.  *secs_left: whole seconds left, rounded up (1-30),
 * or -1 when no clock runs (the game is over, or no start was given). */
int gomoku_session_clock(gomoku_session_t *s, uint64_t now_us, int *secs_left);

/* Takes back the last stone; against the computer back to before the
 * player's last stone (two plies: the computer's answer and the player's
 * stone; one when the computer has not answered).  *taken: the stones lifted; *point: the earliest of them
 * (where the cursor goes).  The clock restarts at now_us.  Refused:
 * COUNTED (a finished game against the computer stays on the farm) or
 * NOTHING (no stone of the player's on the board). */
gomoku_session_status_t gomoku_session_undo(gomoku_session_t *s, uint64_t now_us, int *taken,
                                            int *point);

/* ---- the record (farm.txt, docs/farm.md) ---- */

/* The comment lines that open the record, before gomoku_session_emit's. */
#define GOMOKU_SESSION_RECORD_HEADER FARM_RECORD_HEADER

/* How a record line is written: put(sink, key, value) makes "KEY VALUE". */
typedef void (*gomoku_session_put_fn)(void *sink, const char *key, const char *value);

/* Writes the session s (a const gomoku_session_t *): the farm's lines
 * (farm_emit), a comment, then skin, mode, level, to-move and the stones
 * in order, each with its colour ("moves b:h8 w:g7", "moves none"; a turn
 * lost on the clock shows as two stones of one colour).  The shape of the
 * console's save_kv_emit_fn.  Returns 0. */
int gomoku_session_emit(void *s, gomoku_session_put_fn put, void *sink);

/* A session being read from its record. */
typedef struct gomoku_session_reader {
    farm_reader_t farm;
    gomoku_t game;         /* the stones replayed so far */
    int skin, mode, level; /* -1 until read */
    int to_move;           /* 0 until read */
    int have_moves;
    int board_failed;      /* the board's lines were refused: board_err says why */
    char board_err[96];
} gomoku_session_reader_t;

/* Starts reading a session. */
void gomoku_session_read_begin(gomoku_session_reader_t *r);

/* One record line for r (a gomoku_session_reader_t *): the shape of the
 * console's save_kv_take_fn.  The farm's lines are farm_take's (refused at
 * once, with the line's number); the board's are checked by replaying the
 * stones (renju, the end of the game), and a refusal there is kept and
 * reported by gomoku_session_read_end after the farm's own checks, so the
 * farm's reason comes first whichever line is wrong first.  Unknown keys
 * are ignored.  Returns 0 or -1 with why in err. */
int gomoku_session_take(void *r, const char *key, const char *value, char *err, size_t errlen);

/* Ends reading: the farm must be whole (farm_read_end), the board's lines
 * sound and all there (skin, mode, level, to-move, moves).  Returns 0 with
 * s's farm, board, mode, level and skin set from the record (its clock
 * stopped), or -1 with a one-line reason in err and s unchanged. */
int gomoku_session_read_end(gomoku_session_reader_t *r, gomoku_session_t *s, char *err,
                            size_t errlen);

#endif

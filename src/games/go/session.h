/*
 * session.h - a game of Go as the console plays it, without a frame: the
 * mode (two players at one keyboard on 9x9, 13x13 or 19x19, or one player
 * against the computer at level 1..4 with a colour and a handicap), moves
 * through the rules seam (rules.h), pass, undo, resignation, the dead-stone
 * review after two passes, the count and its result, and the SGF record
 * with the console's settings kept in its game comment (GC), from which a
 * saved game resumes.  Pure C: the screen maps keys to these calls, draws
 * what the session holds, runs the computer's search when
 * go_session_ai_turn() says so, and writes the record where it likes.
 *
 *   go_session_t *s = calloc(1, sizeof *s);     (large: keep it off the stack)
 *   go_session_init(s, rules);                  rules NULL: board.c decides
 *   go_session_settings_t set = {.mode = GO_SESSION_PVC, .level = 2, .human = BLACK};
 *   go_session_new(s, &set, "tabletop:1.0", "2026-11-26", err, sizeof err);
 *   go_session_play(s, move, err, sizeof err)   GO_MOVE_PLACED, ..._ILLEGAL, ...
 *   if (go_session_ai_turn(s)) ...search s->board, then go_session_play
 *   after two passes (phase REVIEW): go_session_toggle_dead, go_session_accept
 *   go_session_undo(s, err, sizeof err)         1 ply, or 2 against the computer
 *
 * Every call that changes the game leaves the line the player should read
 * in status (go_session_status); a failure that does not stop the game
 * (the record is full, the territory counter failed) is kept for the
 * screen to report once (go_session_take_warning).
 *
 * The struct changes only through go_session_*() calls; read it freely.
 */
#ifndef TABLETOP_GO_SESSION_H
#define TABLETOP_GO_SESSION_H

#include <stddef.h>

#include "board.h"
#include "rules.h"
#include "sgf.h"

/* Who plays whom. */
typedef enum go_session_mode {
    GO_SESSION_PVP = 0, /* two players at one keyboard */
    GO_SESSION_PVC = 1, /* one player against the computer */
} go_session_mode_t;

/* Where the game is. */
typedef enum go_session_phase {
    GO_PHASE_PLAY = 0, /* moves and passes */
    GO_PHASE_REVIEW,   /* two passes ended play: the players mark the dead stones */
    GO_PHASE_OVER,     /* counted or resigned; the record has its result */
} go_session_phase_t;

/* What go_session_play() did. */
typedef enum go_move_outcome {
    GO_MOVE_PLACED,   /* a stone on the board, nothing captured */
    GO_MOVE_CAPTURED, /* a stone that took prisoners */
    GO_MOVE_PASSED,   /* a pass; play goes on */
    GO_MOVE_ENDED,    /* the second pass in a row: the review has begun */
    GO_MOVE_ILLEGAL,  /* refused by the rules (status says why); nothing changed */
    GO_MOVE_FAILED,   /* the rules seam itself failed (err says why); nothing changed */
    GO_MOVE_NOT_NOW,  /* the game is not in play (review or over); nothing changed */
} go_move_outcome_t;

/* Boards offered to two players, and their komi in half points: 5.5 on
 * 9x9 (seed 000 §3.2), 7.5 on the larger boards (the usual komi of
 * Chinese rules there). */
#define GO_SESSION_PVP_SIZES 3
extern const int go_session_pvp_size[GO_SESSION_PVP_SIZES];  /* 9, 13, 19 */
extern const int go_session_pvp_komi2[GO_SESSION_PVP_SIZES]; /* 11, 15, 15 */

/* The computer's levels: the seed's three and level 4, level 3's search
 * by time (ai.h).  A record of any of them resumes. */
#define GO_SESSION_LEVELS 4

/* The settings of a game; what the record's GC keeps of them. */
typedef struct go_session_settings {
    go_session_mode_t mode;
    int level;    /* against the computer: 1..GO_SESSION_LEVELS (ai.h's AiLevel);
                   * two players: 0 */
    Stone human;  /* against the computer: BLACK or WHITE; two players: BLACK */
    int size;     /* two players: 9, 13 or 19 (0: 9); against the computer: 9 */
    int handicap; /* against the computer: 0, or 2..9 Black stones on the usual points */
} go_session_settings_t;

typedef struct go_session {
    go_rules_t *rules;          /* the rules seam; NULL: board.c */
    go_session_settings_t set;  /* the game's settings */
    go_session_phase_t phase;
    BoardState board;           /* the position as played */
    sgf_game_t record;          /* the game so far, settings in record.comment */
    /* The review: the stones marked dead, the board with them taken off,
     * its area counts (komi not included) and the result string. */
    unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    BoardState scored;
    int score_black, score_white;
    char result[16];            /* "B+3.5", "W+R", "0"; "" while in play */
    Stone resigned;             /* who resigned; EMPTY when counted or in play */
    char status[128];           /* the line for the player */
    int status_warn;            /* 1: status is a warning */
    char warning[256];          /* a failure to report once; "" if none */
} go_session_t;

/* An empty 9x9 game between two players, in play; rules as the seam. */
void go_session_init(go_session_t *s, go_rules_t *rules);

/* The usual handicap points for n = 2..9 stones on an odd board of 9x9 or
 * more: the 3-3 points (4-4 from 13x13), diagonal corners first, then the
 * other two, the centre for odd n from 5, the left and right sides from 6,
 * the top and bottom sides from 8.  Returns how many it wrote (n), or -1
 * for an n or a size it has no points for. */
int go_session_handicap_points(int size, int n, Move out[9]);

/* The settings as the record's GC keeps them, e.g. "tabletop mode=pvc
 * level=2 human=white handicap=4" (human= only for White, handicap= only
 * with stones). */
void go_session_settings_format(const go_session_settings_t *set, char *buf, size_t len);

/* Reads a GC written by go_session_settings_format.  Returns 0 with *set
 * filled (size 0: the record says), or -1 with why in err and *set
 * untouched: a comment that is not the console's, an unknown or repeated
 * setting, a value out of range. */
int go_session_settings_parse(const char *comment, go_session_settings_t *set, char *err,
                              size_t errlen);

/* A new game with these settings: the record's names, GC, date (as given,
 * e.g. "2026-11-26"; "" for none) and application; handicap stones as the
 * record's AB setup with komi 0.5 and White to move.  Returns 0, or -1
 * with why in err and s unchanged (settings out of range). */
int go_session_new(go_session_t *s, const go_session_settings_t *set, const char *application,
                   const char *date, char *err, size_t errlen);

/* What a saved record holds, checked without loading it. */
typedef struct go_session_info {
    go_session_settings_t set; /* from its GC; set.size is the record's */
    int moves;                 /* moves played (passes included) */
    int game_over;             /* two passes ended play */
} go_session_info_t;

/* Checks that rec is a game the console can resume: its GC parses and its
 * moves replay.  Returns 0 with *info filled, or -1 with why in err. */
int go_session_inspect(const sgf_game_t *rec, go_session_info_t *info, char *err, size_t errlen);

/* Resumes rec: settings from its GC, the position by replaying it, the
 * review when two passes had ended play.  Returns 0, or -1 with why in err
 * and s unchanged. */
int go_session_resume(go_session_t *s, const sgf_game_t *rec, char *err, size_t errlen);

/* 1 when the computer is to move: against it, in play, not the human's turn. */
int go_session_ai_turn(const go_session_t *s);

/* The computer cannot play (no memory for its search): the game goes on
 * between two players at the keyboard; the record keeps its settings. */
void go_session_without_computer(go_session_t *s);

/* Sets status to whose turn it is ("Your move (Black)", "White to play",
 * "Computer is thinking..."). */
void go_session_turn_status(go_session_t *s);

/* Plays m for the side to move.  See go_move_outcome_t; on GO_MOVE_FAILED
 * err holds the rules seam's message and status is unchanged. */
go_move_outcome_t go_session_play(go_session_t *s, Move m, char *err, size_t errlen);

/* Takes moves back: one with two players; against the computer back to
 * before the human's last move (two plies once the computer answered).
 * From the review it goes back to play.  Returns the plies taken back,
 * 0 when there is nothing to take back (status says so, nothing changed),
 * or -1 with why in err (nothing changed). */
int go_session_undo(go_session_t *s, char *err, size_t errlen);

/* Who resigns from the keyboard: the human against the computer, else the
 * side to move. */
Stone go_session_resigner(const go_session_t *s);

/* who resigns: the result "W+R" or "B+R", in the record too; over. */
void go_session_resign(go_session_t *s, Stone who);

/* In the review: flips the dead mark of the whole chain at (row, col) and
 * counts again.  Returns 0, or -1 (an empty point, off the board, not in
 * the review) with nothing changed. */
int go_session_toggle_dead(go_session_t *s, int row, int col);

/* In the review: the players accept the marks.  The count becomes the
 * result, in the record with each side's area (TB/TW); over.  Returns 0,
 * or -1 when not in the review. */
int go_session_accept(go_session_t *s);

/* The winner by the result string: BLACK, WHITE, or EMPTY (a draw or none). */
Stone go_session_winner(const go_session_t *s);

/* Black's handicap stones of the game (the record's AB). */
int go_session_handicap(const go_session_t *s);

/* 1 once the game holds something to lose: a move or a handicap stone. */
int go_session_started(const go_session_t *s);

/* The status line; *warn (may be NULL) gets 1 for a warning. */
const char *go_session_status(const go_session_t *s, int *warn);

/* Copies a pending warning into buf and clears it: 1, or 0 if none. */
int go_session_take_warning(go_session_t *s, char *buf, size_t len);

#endif

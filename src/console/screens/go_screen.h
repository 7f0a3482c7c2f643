/*
 * go_screen.h - the Go screen's state, shared by its two halves: go.c (keys,
 * the computer's thread, autosave, the module) and go_draw.c (the
 * pictures and the digits).  The game itself is games/go/session.h's.
 */
#ifndef TABLETOP_GO_SCREEN_H
#define TABLETOP_GO_SCREEN_H

#include <stdint.h>

#include "console/console_game.h"
#include "console/opponent_set.h"
#include "console/screen_common.h"
#include "console/think.h"
#include "games/go/session.h"

#define GO_SAVE_NAME "go.sgf"
#define GO_LAST_NAME "go-last.sgf"
/* The computer's move lands at least this long after the player's, so the
 * player sees (and hears) their own stone first. */
#define GO_AI_MIN_THINK_US 300000

/* What the screen shows; the game's own phase (play, review, over) is
 * the session's. */
typedef enum { GO_TITLE, GO_RESUME, GO_MODE, GO_LEVEL, GO_GAME } go_screen_t;

/* The level menu: the computer's levels (GO_SESSION_LEVELS: the seed's
 * three and level 4, the strongest), then the colour and the handicap. */
#define GO_LEVEL_ROW_COLOR GO_SESSION_LEVELS
#define GO_LEVEL_ROW_HANDICAP (GO_SESSION_LEVELS + 1)
#define GO_LEVEL_ROWS (GO_SESSION_LEVELS + 2)

typedef struct go_game {
    console_env_t env;
    go_screen_t screen;
    int menu_sel;           /* mode menu item */
    int level_sel;          /* level menu row (levels, then colour and handicap) */
    int size_sel;           /* index in go_session_pvp_size: the board for two players */
    Stone opt_human;        /* the colour chosen for the next game against the computer */
    int opt_handicap;       /* 0, or 2..9 stones for Black in that game */
    go_session_t *session;  /* the game on the board */
    sgf_game_t *pending;    /* a save offered for resuming */
    go_session_info_t pending_info; /* what it holds */
    int cur_row, cur_col;
    char status[128];       /* the line under the board */
    uint16_t status_color;
    char notice[160];       /* a one-off message for the menus (e.g. a corrupt save) */
    int dirty;
    int sound;
    screen_saves_t saves;   /* go.sgf and go-last.sgf; failed: the last autosave */
    char save_err[200];     /* why it failed, naming the file without its folder */
    opponents_t players;    /* the computer player, made for the first game against it */
    think_t think;          /* the computer's move */
    int confirm_resign;     /* 'r' pressed: Enter resigns, any other key plays on */
    /* Seed 001's cursor (k toggles, off by default): it never rests on a
     * stone after a move of the cursor, jumping over stones the way it goes. */
    int skip_cursor;
    /* Seed 001's look (l toggles, off by default; docs/play.md): a yellow
     * board, square tiles for stones and a square green cursor. */
    int look_001;
    /* v at the game over: the box with the result is hidden, the final
     * position shows whole (v again brings the box back). */
    int hide_result;
} go_game_t;

/* ---- go_flow.c: each step of the game ---- */

/* Sets the status line: fmt with one string argument, in color. */
void go_screen_status(go_game_t *g, uint16_t color, const char *fmt, const char *arg);
/* The status line becomes the session's (a warning in the warning colour). */
void go_screen_sync_status(go_game_t *g);
/* A failure the session noted without stopping the game goes to stderr. */
void go_screen_report_warning(go_game_t *g);
/* 1 when the console has a save folder. */
int go_screen_has_saves(const go_game_t *g);
/* Escape from a game: to the mode menu, which says whether it is on disk. */
void go_screen_leave(go_game_t *g);
/* Puts the autosave aside as go.sgf.SUFFIX (numbered if taken), the new
 * name in out.  Returns 0, or -1 with the reason in the menu's notice. */
int go_screen_put_aside(go_game_t *g, const char *suffix, char *out, size_t len);
/* Loads the autosave into g->pending: 1 if it can be resumed, 0 if there
 * is none (an unreadable one is put aside as go.sgf.corrupt). */
int go_screen_load_pending(go_game_t *g);
/* A new game of mode (level 1..GO_SESSION_LEVELS against the computer)
 * with the menus' options; the computer starts when it is to move. */
void go_screen_new_game(go_game_t *g, go_session_mode_t mode, int level);
/* Resumes g->pending; back to the mode menu with why if it cannot be. */
void go_screen_resume(go_game_t *g);
/* who resigns; the game is over and kept. */
void go_screen_resign(go_game_t *g, Stone who);
/* The players accepted the dead stones: counted, recorded, kept. */
void go_screen_finish(go_game_t *g);
/* Plays m for the side to move, with its sound, autosave and the
 * computer's answer. */
void go_screen_play(go_game_t *g, Move m);
/* Takes moves back (go_session_undo), dropping a search in progress. */
void go_screen_undo(go_game_t *g);
/* The computer answered (think_ready): it plays or resigns. */
void go_screen_answered(go_game_t *g);

/* ---- go_draw.c and go.c ---- */

/* The level menu's rows, and the short names the side column uses. */
extern const char *const go_level_names[GO_SESSION_LEVELS];
extern const char *const go_level_short[GO_SESSION_LEVELS];

/* "Black" or "White". */
const char *go_side_name(Stone s);

/* Mode menu items: PvP, PvC, and "Resume saved game" while one exists. */
int go_mode_items(const go_game_t *g);

/* Draws the whole current screen into fb (640x480 RGB565). */
void go_draw(const go_game_t *g, uint16_t *fb);

/* Seed 001's message for the six digits now (docs/seven_seg.md), at most
 * 6 characters; "" in the menus. */
void go_digits(const go_game_t *g, char *text, size_t len);

/* ---- go_draw.c, shared with the link screen (go_link_draw.c) ---- */

/* Komi in half points as text: 11 -> "5.5", 0 -> "0", -3 -> "-1.5". */
void go_format_komi(int komi2, char *buf, size_t len);

/* The game-over box over the middle of the board: the title, a detail
 * line (the counts and komi, or who resigned), the result in green and
 * the keys. */
void go_draw_result_box(const char *title, const char *detail, const char *result,
                        const char *hint);

#endif

/*
 * screens/othello_screen.h - the Othello screen's state, shared by its two
 * halves: othello.c (keys, the flow of a game, the computer players, the
 * saves) and othello_draw.c (the pictures).  Private to the screen.
 */
#ifndef TABLETOP_SCREENS_OTHELLO_SCREEN_H
#define TABLETOP_SCREENS_OTHELLO_SCREEN_H

#include <stdint.h>

#include "console/opponent_set.h"
#include "console/render.h"
#include "console/screen_common.h"
#include "console/think.h"
#include "games/othello/othello.h"
#include "games/othello/session.h"

/* Layout: 8 x 8 squares of 48 px, labels around, the turn on the left,
 * the keys on the right; under the board (never on it) one row each for
 * the counts, the notice of what just happened, the status and a failed
 * autosave. */
#define OS_CELL 48
#define OS_LEFT ((RENDER_WIDTH - 8 * OS_CELL) / 2) /* 128 */
#define OS_TOP 26                                  /* the squares end at 410, the edge at 416 */
#define OS_DISC_R 20
#define OS_COUNT_Y 420
#define OS_NOTICE_Y 440
#define OS_STATUS_Y 452
#define OS_WARN_Y 471
#define OS_TITLE_NOTICE_Y 410 /* the title's notice line (no board there) */
#define OS_KEYS_X (OS_LEFT + 8 * OS_CELL + 14) /* 526: the key list, right of the board */

/* The computer against the machine plays one move every OS_PACE_US of the
 * console's clock, so it can be watched (Space pauses, n steps). */
#define OS_PACE_US 700000

#define OS_COLOR_BOARD 0x2C45  /* green baize */
#define OS_COLOR_GRID 0x0140
#define OS_COLOR_HINT 0x5D6B
#define OS_COLOR_FLIP 0xFEA0   /* ring around the discs the last move turned */

#define OS_SAVE_NAME "othello.txt"

enum { OS_TITLE, OS_PLAY, OS_OVER };
#define OS_MODE_MACHINE OTHELLO_MODE_MACHINE
#define OS_MODE_TWO OTHELLO_MODE_TWO
#define OS_MODE_ENGINE_MACHINE OTHELLO_MODE_ENGINE_MACHINE
#define OS_MODE_COUNT OTHELLO_MODE_COUNT
#define OS_MENU_RESUME OS_MODE_COUNT

typedef struct os_screen {
    opponents_t players;         /* the engine, and seed 003's machine (the console's) */
    int screen, menu_sel;
    othello_session_t game;
    int cursor;                  /* square 0..63 */
    int hints;                   /* show the legal moves of a human to move */
    int dirty, sound;
    char status[112];
    think_t think;               /* the computer's move: the engine or the machine */
    uint64_t now;                /* backend time of the last tick */
    int machine_ready;           /* reset and in step with the record */
    /* The computer against the machine, paced (OS_PACE_US). */
    int pace_pending;            /* a computer's move waits for pace_due_us */
    int pace_clock_set;          /* pace_due_us is set (at the first tick after the last move) */
    uint64_t pace_due_us;        /* console time */
    int pace_go;                 /* the next computer's move may be asked now */
    int paused;                  /* Space: no move until Space again or n */
    /* Saves. */
    screen_saves_t saves;        /* othello.txt and othello-last.txt */
    int suspended, resumable;
    othello_record_t pending;    /* the saved game the menu offers to resume */
    char notice[128];
    uint16_t notice_color;
} os_screen_t;

/* "Black" or "White". */
const char *othello_screen_colour_name(int colour);
/* 1 in a game that plays itself (the computer against the machine): its
 * moves are paced, Space pauses and n steps. */
int othello_screen_paced(const os_screen_t *s);
/* 1 when a person may place a disc now (no search running). */
int othello_screen_human_to_move(const os_screen_t *s);
/* 1 when neither side can move. */
int othello_screen_over(const os_screen_t *s);
/* Saves after every move, undo or stop (a finished or stopped game goes
 * to othello-last.txt). */
void othello_screen_autosave(os_screen_t *s);

/* ---- othello_play.c ---- */

/* The game is over: counts, the winner, the record kept. */
void othello_screen_finish(os_screen_t *s);
/* The referee stops the game: why is said; the record is kept. */
void othello_screen_stop(os_screen_t *s, const char *why);
/* Records and plays a legal ply (a disc or a pass). */
void othello_screen_apply(os_screen_t *s, int move);
/* The computer that plays colour (NULL: a person, or no machine here). */
opponent_t *othello_screen_player(os_screen_t *s, int colour);
/* The machine hears a ply of the side to move when it must.  Returns 0,
 * or -1 after stopping the game. */
int othello_screen_machine_tell(os_screen_t *s, int move);
/* Resets the machine and replays the record into it.  Returns 0, or -1
 * after stopping the game. */
int othello_screen_machine_sync(os_screen_t *s);
/* Asks the computer to move (next says which): 1 when its answer is in
 * now, 0 when a tick takes it, -1 after stopping the game. */
int othello_screen_ask(os_screen_t *s, othello_next_t next);
/* Plays the computer's answer (checked, heard by the machine, saved).
 * Returns 0, or -1 after stopping the game. */
int othello_screen_take_answer(os_screen_t *s);

/* Draws the whole current screen into fb (console_game_t.render). */
void othello_screen_render(void *p, uint16_t *fb);

#endif

/*
 * screens/connect4_screen.h - the Connect Four screen's state, shared by its
 * two halves: connect4.c (keys, the flow of a game, the computer's moves,
 * the saves) and connect4_draw.c (the pictures).  Private to the screen.
 */
#ifndef TABLETOP_SCREENS_CONNECT4_SCREEN_H
#define TABLETOP_SCREENS_CONNECT4_SCREEN_H

#include <stdint.h>

#include "console/opponent_set.h"
#include "console/think.h"
#include "console/render.h"
#include "console/screen_common.h"
#include "games/connect4/c4_game.h"
#include "games/connect4/session.h"

/* Layout: 7 x 6 holes of 56 px, the preview disc above the board. */
#define C4S_CELL 56
#define C4S_LEFT ((RENDER_WIDTH - 7 * C4S_CELL) / 2) /* 124 */
#define C4S_TOP 80
#define C4S_PREVIEW_Y 48
#define C4S_RADIUS 23
#define C4S_STATUS_Y 452
/* Under the status line: the autosave warning, or against Perfect what the
 * seed's AI did for it. */
#define C4S_WARN_Y 471
#define C4S_NOTICE_Y 410 /* a notice on the title menu */
#define C4S_ABOUT_Y 396 /* the first of two lines on what the Perfect item does */

#define C4S_COLOR_BOARD 0x0219 /* blue */
#define C4S_COLOR_HOLE 0x1082
#define C4S_COLOR_P1 0xE8A4 /* red: player 1 (moves first) */
#define C4S_COLOR_P2 0xFEA0 /* yellow */
#define C4S_COLOR_WIN 0x07E0 /* green ring around the winning four */

/* While Perfect searches, a ring sweeps over the columns above the board,
 * one column a step of this much time (none before the first step). */
#define C4S_THINK_STEP_US 150000u

/* The title menu's last item while a game can be resumed. */
#define C4S_MENU_RESUME C4_MODE_COUNT

typedef struct c4_screen {
    c4_session_t session;
    opponents_t players; /* the seed's AI (the console's, or NULL) and Perfect */
    int menu_sel;       /* title menu item */
    int cursor;         /* column 0-6 */
    uint64_t now;       /* backend time of the last tick */
    int dirty;
    int sound;
    char status[96];
    /* The computer's move, asked through think.c (Perfect searches on the
     * think thread, the seed's AI steps on the console's). */
    think_t think;
    c4_game_t asked;            /* the position the computer was asked about */
    uint64_t think_since;       /* game time the search started */
    int think_step;             /* steps of C4S_THINK_STEP_US since then, as drawn */
    /* Saves. */
    screen_saves_t saves;    /* connect4.txt and connect4-last.txt */
    int resumable;           /* the title offers "Resume" (suspended or a readable save) */
    c4_record_t pending;     /* the save offered for resuming (when not suspended) */
    char notice[128];        /* a one-off line on the title (saved, kept aside...) */
    uint16_t notice_color;
} c4_screen_t;

/* 1 while Perfect searches the position on the board, its turn to move. */
int c4s_thinking(const c4_screen_t *s);
/* Draws the title menu or the board, whichever the session is on. */
void c4s_render(void *p, uint16_t *fb);
/* What the seven-segment digits show (console_game_t.output). */
void c4s_output(void *p, console_output_t *out);
/* The help screen's lines (console_game_t.help). */
extern const char *const c4s_help[];

#endif

/*
 * gomoku_screen.h - the Gomoku screen's state, shared by its three files:
 * gomoku.c (keys, time, the module), gomoku_draw.c (the framebuffer's
 * pictures) and gomoku_tiles.c (seed 002's tile pages).  The game itself
 * is games/gomoku/session.h; this is what the screen adds: the page shown,
 * the cursors, the messages, the computer's thread and the autosave.
 */
#ifndef TABLETOP_GOMOKU_SCREEN_H
#define TABLETOP_GOMOKU_SCREEN_H

#include <stdint.h>

#include "common/tiles.h"
#include "console/console_game.h"
#include "console/opponent_set.h"
#include "console/screen_common.h"
#include "console/think.h"
#include "games/gomoku/session.h"



enum { GK_PAGE_FARM, GK_PAGE_BOARD };

/* What the tile menu's status column says until the player's next key on
 * the board (a finished game's result shows instead while it is over). */
enum {
    GK_FLASH_NONE = 0,
    GK_FLASH_TAKEN,  /* a stone refused: the point is taken */
    GK_FLASH_TIME,   /* a turn was lost on the clock */
    GK_FLASH_ESCAPE, /* Escape asks before it drops a game against the computer */
    GK_FLASH_STAMINA, /* Enter asks before a game that ends the farm (stamina) */
    GK_FLASH_THREE,  /* a stone refused: renju's double three, forbidden to Black */
    GK_FLASH_FOUR,   /* a stone refused: renju's double four */
    GK_FLASH_LONG,   /* a stone refused: renju's overline (six or more) */
    GK_FLASH_MONEY,  /* Enter asks before a game whose loss ends the farm (0 coins) */
};

/* What the farm did last, for the words under YOU DIE (farm_notice.c). */
enum { GK_CAUSE_NONE = 0, GK_CAUSE_GAME, GK_CAUSE_ACTION };

/* The tiles skin's blink (the cursor on a stone, the last move), in
 * quarters of this period of game time. */
#define GK_BLINK_US 1000000ull

typedef struct gk_screen {
    console_env_t env;
    gomoku_session_t gs;    /* the farm, the board, mode, level, skin, the clock */
    int page;               /* GK_PAGE_FARM or GK_PAGE_BOARD */
    int menu_sel;           /* the farm's choice under the cursor */
    int cursor;             /* the board's point 0..224 */
    int show_win;           /* a finished game shows WIN (1) or its position (0) */
    uint64_t now;           /* backend time of the last tick */
    int secs_shown;         /* the clock's seconds on screen; -1: a fresh 30 */
    int blink;              /* the blink's quarter (0-3) on screen */
    int flash;              /* GK_FLASH_*: the tile menu's status */
    int timed_out;          /* the colour whose turn the clock took, until the next key; 0 */
    int ask_escape;         /* 1: a second Escape drops the game against the computer */
    int ask_buy;            /* the farm choice a second Enter does (asked first) + 1; 0 */
    int ask_play;           /* 1: a second Enter plays the first stone at low stamina */
    int cause;              /* GK_CAUSE_*: what the farm did last (not saved) */
    int cause_what;         /* its farm_action_t, for GK_CAUSE_ACTION */
    int cause_starved;      /* pigs that starved in it, for GK_CAUSE_GAME */
    /* The computer. */
    int ai_pending;         /* start thinking at the next tick */
    opponents_t players;    /* the Gomoku AI */
    think_t think;
    /* Messages, saves. */
    char status[112];
    uint16_t status_warn;
    char notice[112];
    int notice_warn;
    screen_saves_t saves;   /* farm.txt */
    int touched;            /* something changed since the start (for q without a save folder) */
    int dirty, sound;
    /* The tiles skin's pages, composed at each render for the console to
     * show on the tile display (output()). */
    uint8_t tile_board[TILE_BOARD_N * TILE_BOARD_N];
    uint8_t tile_menu[TILE_MENU_W * TILE_MENU_H];
    uint8_t tile_welcome[TILE_WELCOME_W * TILE_WELCOME_H];
} gk_screen_t;

/* "WIN" in stones, 15 points wide and 5 high (seed 002 §3.4.3, fig 3.10). */
extern const char *const gk_win_rows[5];
/* "LOST" the same way: what the board shows, in red, when the computer has
 * beaten the player (issue 54: the computer's WIN read as the player's). */
extern const char *const gk_lost_rows[5];
/* "PVP", "PVC", "CVP" by gomoku_mode_t. */
extern const char *const gk_mode_labels[GOMOKU_MODES];

/* The module's render(): draws the page on screen into fb (the current
 * skin), and composes its tile page when the tile display shows it. */
void gk_render(void *game, uint16_t *fb);

/* 1 when the tiles skin is on and the console has a tile display: the
 * pages then show there (the framebuffer still holds the same skin). */
int gk_tiles_on(const gk_screen_t *s);

/* Composes the tile page on screen: the welcome page (the farm), or the
 * board and its menu. */
void gk_tiles_compose(gk_screen_t *s);

/* The module's output(): the composed page, or nothing (the framebuffer
 * has the pins) when the tiles are off. */
void gk_output(void *game, console_output_t *out);

/* Fills the tile pages with the colours the display starts with (board
 * and menu blue, welcome white), so a page not yet composed matches it. */
void gk_tiles_reset(gk_screen_t *s);

/* ---- farm_notice.c: the words before and after the seed's rules bite ---- */

/* The question before farm choice action when the seed's rules make it
 * costly: money below zero (the farm ends), END GAME with 30 coins or
 * fewer (the farm ends), a pig with no feed left for it (it starves).
 * Returns 1 with the question in text (two lines of 26 letters), else 0. */
int gk_farm_question(const farm_t *f, farm_action_t action, char *text, size_t len);

/* The farm page's notice after a counted game: the coins, the stamina and
 * the pigs that starved (two lines of 26 letters). */
void gk_farm_game_notice(const gomoku_session_end_t *end, char *text, size_t len);

/* The status line after a game: who won, what the farm counted, what next. */
void gk_result_status(const gk_screen_t *s, const gomoku_session_end_t *end, char *text,
                      size_t len);

/* 1 when the game is over and the computer beat the player. */
int gk_player_lost(const gk_screen_t *s);

/* Remembers what the farm did last (GK_CAUSE_*, the action, the pigs
 * starved), for gk_farm_end_detail. */
void gk_farm_note_cause(gk_screen_t *s, int cause, int what, int starved);

/* The line under YOU DIE's reason that says what did it ("The game cost 2,
 * you had 1"); 0 and "" when it is not known (a farm resumed over). */
int gk_farm_end_detail(const gk_screen_t *s, char *text, size_t len);

/* "2 pigs starved: no feed" when the last game starved some; else 0. */
int gk_farm_starved_line(const gk_screen_t *s, char *text, size_t len);

/* With the question in text, when Enter on the board would play the
 * player's first stone of a game the farm counts: 1 at too little stamina
 * (the game, won or lost, then ends the farm), 2 with too few coins for a
 * loss (a lost game ends it); 0 when nothing needs asking. */
int gk_board_stamina_question(const gk_screen_t *s, char *text, size_t len);

/* ---- gomoku.c: each step of the game ---- */

/* 1 when the game on the board is over. */
int gk_over(const gk_screen_t *s);
/* The status line (warn: in red), or the farm page's notice. */
void gk_set_status(gk_screen_t *s, int warn, const char *text);
void gk_set_notice(gk_screen_t *s, int warn, const char *text);
/* Saves everything (farm.txt); a failure is shown and logged. */
void gk_autosave(gk_screen_t *s);
/* Waits for the computer's search and forgets its move. */
void gk_ai_cancel(gk_screen_t *s);
/* The status line for the turn under way. */
void gk_prompt(gk_screen_t *s);
/* A turn begins: the computer's, or the player's prompt. */
void gk_next_turn(gk_screen_t *s);
/* What the status said about the last event has been seen. */
void gk_said_seen(gk_screen_t *s);
/* A new game in the same mode. */
void gk_new_game(gk_screen_t *s);
/* Enter on the board: the player's stone at the cursor (asked first at
 * low stamina). */
void gk_try_play(gk_screen_t *s);
/* Takes back the last stone (two against the computer). */
void gk_undo(gk_screen_t *s);
/* The board page, its clock started afresh; the farm page. */
void gk_show_board(gk_screen_t *s);
void gk_show_farm(gk_screen_t *s);

/* ---- gomoku_keys.c ---- */

/* The module's key(): the farm page's or the board page's keys. */
console_game_status_t gk_key(void *p, int hid);

#endif

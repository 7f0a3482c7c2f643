/*
 * go_link_screen.h - the link screen's state, shared by its two halves:
 * go_link.c (keys, the link's bytes and events, the autosave, the module)
 * and go_link_draw.c (the pictures, the status line and the digits).  The
 * game itself is games/go/link.h's: this screen keeps only what the player
 * sees (the cursor, a message, what the other console just did).
 */
#ifndef TABLETOP_GO_LINK_SCREEN_H
#define TABLETOP_GO_LINK_SCREEN_H

#include <stdint.h>

#include "console/console_game.h"
#include "console/screen_common.h"
#include "games/go/link.h"
#include "games/go/sgf.h"

/* The link game's files in the save folder. */
#define LINK_SAVE "go-link.sgf"
#define LINK_SIDE "go-link.side"
#define LINK_LAST "go-link-last.sgf"

typedef struct go_link_game {
    console_env_t env;
    link_t link;
    int opened;        /* enter() started the game on the link */
    int up;            /* the console's link opened: bytes can flow */
    uint64_t now_us;   /* backend time of the last tick */
    uint64_t failed_ms; /* real time of the failure: its ERROR frames get 2 s to leave */
    int failed;        /* the link stopped (or never opened) */
    int reported;      /* the failure was printed */
    char failure[300]; /* why, for the status line */
    int cur_row, cur_col;
    int confirm_resign; /* r pressed: Enter resigns, any other key plays on */
    int hide_result;    /* v at the game over: the box hidden, the board whole */
    int peer_passed;    /* the other console's last move was a pass */
    int own_passed;     /* this side's last move was a pass */
    int resumed;        /* play resumed after a review and nobody has moved since */
    int peer_changed;   /* the other console changed the marks after this side last did */
    int accept_wish;    /* the acceptance this side last asked for */
    /* The marks as this side last saw them (at first the dead-stone
     * estimate), with its own flips that the review leader has not applied
     * yet: what differs when the leader's marks come back is the other
     * console's doing. */
    uint8_t seen_dead[LINK_NPOINTS];
    int seen_theirs;   /* the other console's acceptance as last seen */
    int own_flip;      /* this side flipped a chain since (it withdraws both acceptances) */
    int my_acted;      /* this side changed or accepted the marks (White: the review
                        * began) and the other has not answered: await-peer waits */
    char warn[160];    /* a one-off message (refused key), until the next key or event */
    char notice[240];  /* the connect screen: a saved game that could not be resumed */
    int dirty;
    int sound;
    sgf_game_t *record;
    screen_saves_t saves;            /* go-link.sgf and go-link-last.sgf */
    char side_path[SCREEN_PATH_LEN]; /* go-link.side */
    uint8_t saved[LINK_MAX_MOVES];
    int n_saved;
    int saved_size, saved_komi2;
    Stone saved_mine;
} go_link_game_t;

/* ---- go_link.c ---- */

/* Real time in ms (the link's time-outs run on it). */
uint64_t go_link_real_ms(void);
/* A one-off message on the status line, with the illegal sound. */
void go_link_warn(go_link_game_t *g, const char *text);
/* Moves the link on: sends, receives, and acts on what arrived. */
void go_link_pump(go_link_game_t *g);
/* 1 when this side accepts the dead stones marked. */
int go_link_my_acceptance(const go_link_game_t *g);

/* ---- go_link_keys.c ---- */

/* The module's key(). */
console_game_status_t go_link_key(void *p, int key);

/* ---- go_link_save.c ---- */

/* Saves the game and this side's colour (atomic); a failure is shown. */
void go_link_autosave(go_link_game_t *g);
/* A saved, unfinished link game to resume: fills g->saved (n_saved 0:
 * none; an unreadable one is put aside). */
void go_link_load_saved(go_link_game_t *g);

/* The saved game cannot be resumed (why): it is put aside as *.corrupt
 * and the player told; a new game starts. */
void go_link_saved_unreadable(go_link_game_t *g, const char *why);

/* ---- go_link_draw.c ---- */

/* Draws the whole current screen into fb (640x480 RGB565). */
void go_link_draw(const go_link_game_t *g, uint16_t *fb);

/* The line under the board now and its colour. */
void go_link_status(const go_link_game_t *g, char *line, size_t len, uint16_t *color);

/* Seed 001's message for the six digits now (docs/seven_seg.md). */
void go_link_digits(const go_link_game_t *g, char *text, size_t len);

/* The result of counts black/white (komi not included) with komi2 half
 * points to White, as link_result_string gives it: "B+3.5", "W+12.0", "0". */
void go_link_count_result(int black, int white, int komi2, char *buf, size_t len);

#endif

/*
 * console_game.h - how a game plugs into the console.
 *
 * A game module is the console-side half of a game: its screens (title,
 * menus, board, game over), its key mapping, its sound cues and its
 * autosave.  The rules and the AI stay in the game's own pure library
 * (src/games/go, src/games/connect4, ...); the module calls them.  Modules never touch
 * the HAL: they draw into the buffer the console hands them and return
 * AUDIO_* cues; the console presents the frame with that cue (seed 000
 * §4.6), so every backend sees the same register writes.
 *
 * The console's loop, for the module that is active:
 *
 *   enter()                        once, when the player picks the game
 *   key(hid)                       per key press (HID usage code)
 *   tick(now_us)                   often; polls threads, timers
 *   if dirty: render(fb); present with take_sound()
 *   busy()                         headless scripts wait while it is not NONE
 *   quit()                         optional: before the console quits
 *
 * The console keeps some keys for itself on every screen, so modules never
 * see them: h and F1 (help), m (sound on/off), q (quit).
 * To add a game: write src/console/screens/NAME.c defining a
 * `const console_game_t NAME_game_module` and give the game its row in
 * src/games/games.def (the chooser lists the games in that order; a module
 * the chooser does not list, a game against another console, is a
 * LINK_MODULE row there).
 */
#ifndef TABLETOP_CONSOLE_GAME_H
#define TABLETOP_CONSOLE_GAME_H

#include <stdint.h>

struct opponent;
struct go_rules;
struct console_link;

/* What the console gives every module; zeroed fields mean "default".  The
 * console core builds the hardware a game may use from the command line:
 * a module sees it only through these seams, never through the HAL. */
typedef struct console_env {
    uint64_t seed;        /* random seed for computer players (>= 1) */
    const char *save_dir; /* autosave directory (exists), or NULL: no autosave */
    int headless;         /* 1: no window; scripts drive the keys */
    /* Seed 004's AI in logic (the Connect Four mailbox), or NULL. */
    struct opponent *connect4_ai;
    /* Seed 003's Othello machine (its ports), or NULL. */
    struct opponent *othello_machine;
    /* --rules hw: Go's legality and captures by the go_rules peripheral;
     * NULL: board.c decides. */
    struct go_rules *go_rules;
    /* --link SPEC: the byte stream to the other console (console_link.h),
     * opened by the console on the backend's UART; NULL without --link. */
    struct console_link *link;
    const char *link_spec; /* the SPEC as given, for messages */
} console_env_t;

/* What a module shows besides the framebuffer and the sound cue; the
 * console performs it on the hardware after each render. */
typedef struct console_output {
    /* The seven-segment digits HEX5..HEX0 (drivers/seven_seg.h's alphabet,
     * at most 6 characters; "" blanks them).  Written only when it changes. */
    char digits[8];
    int digits_set; /* 0: the module leaves the digits alone */
    /* Seed 002's tile display: when tiles_on, the console syncs the pages
     * given (only the cells that differ are written) and gives the VGA pins
     * to the tile display showing tiles_page (TILE_PAGE_WELCOME, or the
     * board page for the other two); when 0, the framebuffer has the pins.
     * A backend without a tile display keeps showing the framebuffer, so a
     * module draws its picture there as well. */
    int tiles_on;
    int tiles_page;
    const uint8_t *tile_board;   /* 15 x 15 cells, x + y * 15 */
    const uint8_t *tile_menu;    /* 10 x 30 */
    const uint8_t *tile_welcome; /* 160 x 120 */
} console_output_t;

/* What busy() answers. */
typedef enum {
    CONSOLE_BUSY_NONE = 0,    /* settled: the next script step may run */
    CONSOLE_BUSY_WORKING = 1, /* a thread computes; headless waits without letting game time pass */
    CONSOLE_BUSY_WAITING = 2, /* waiting for game time to pass (e.g. a minimum think time) */
} console_busy_t;

/* What key() asks of the console. */
typedef enum {
    CONSOLE_GAME_STAY = 0, /* keep running this module */
    CONSOLE_GAME_LEAVE,    /* back to the game chooser (Escape on the title), or to the
                              module that opened this one with CONSOLE_GAME_SWITCH */
    CONSOLE_GAME_SWITCH,   /* open the module named by switch_to() (Go's menu -> go-link) */
} console_game_status_t;

typedef struct console_game {
    const char *id;    /* the --game name: "go" */
    const char *title; /* shown in the chooser: "Go 9x9" */

    /* Allocates the module's state; NULL if out of memory. */
    void *(*create)(const console_env_t *env);
    /* Stops any thread and frees the state. */
    void (*destroy)(void *game);

    /* Shows the module's first screen (its title screen). */
    void (*enter)(void *game);
    /* Handles one key press (HID usage code). */
    console_game_status_t (*key)(void *game, int hid);
    /* Lets time pass: collects a finished AI move etc. now_us is backend time. */
    void (*tick)(void *game, uint64_t now_us);
    /* Whether the module is working on its own (e.g. the AI is thinking). */
    console_busy_t (*busy)(void *game);
    /* 1 if the screen changed since the last render. */
    int (*dirty)(void *game);
    /* Draws the whole current screen into fb (640x480 RGB565). */
    void (*render)(void *game, uint16_t *fb);
    /* The AUDIO_* cue to play with the next frame (AUDIO_NONE if none);
     * taking it clears it. */
    int (*take_sound)(void *game);

    /* Optional (NULL-safe) fields, for the console-wide keys (docs/play.md). */

    /* The game's keys for the help screen (h or F1): NULL-terminated lines
     * "KEYS\tWHAT", e.g. "Enter\tdrop a disc"; at most 10 lines of at most
     * 14 + 34 characters.  NULL: the console shows a generic list. */
    const char *const *help;
    /* The player asks to quit ('q' or the chooser's Quit): settle what can be
     * saved (e.g. land a falling disc and save it).  Returns 1 if a game in
     * progress would still be lost (its autosave failed, no save folder):
     * the console then asks before quitting.  NULL: nothing to settle. */
    int (*quit)(void *game);
    /* Optional (link games): 1 while the other console's move is
     * awaited (script step await-peer waits on it), 0 when this side may
     * act or the game is over, -1 when the link failed (the module has
     * printed why): await-peer then stops the run with exit status 1. */
    int (*awaiting_peer)(void *game);
    /* Optional: the id of the module a CONSOLE_GAME_SWITCH opens; leaving
     * that module comes back here (enter() is called again). */
    const char *(*switch_to)(void *game);
    /* Optional: after each render, what the hardware outside the
     * framebuffer shows (out is zeroed before the call).  While the console
     * draws over the module (help, the quit question) it gives the VGA pins
     * back to the framebuffer itself. */
    void (*output)(void *game, console_output_t *out);
} console_game_t;

/* Modules built into the console, for the tests that drive one; src/main.c
 * declares each module that src/games/games.def names, so a new game needs
 * no line here. */
extern const console_game_t go_game_module;
extern const console_game_t connect4_game_module; /* src/console/screens/connect4.c */
extern const console_game_t othello_game_module;  /* src/console/screens/othello.c */
extern const console_game_t go_link_game_module;  /* src/console/screens/go_link.c */
extern const console_game_t gomoku_game_module;   /* src/console/screens/gomoku.c */

#endif

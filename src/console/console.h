/*
 * console.h - the console: game chooser, menus, screens, input mapping and
 * sound cues between the games and the HAL (ARCHITECTURE.md).
 */
#ifndef TABLETOP_CONSOLE_H
#define TABLETOP_CONSOLE_H

#include <stdint.h>

/* `tabletop play` options; zeroed fields mean "default". */
typedef struct console_options {
    const char *game;    /* "go", "connect4", ...; NULL: the game chooser */
    const char *backend; /* "sdl" (default), "sim", "board" */
    int headless;        /* no window and no sound card */
    const char *script;  /* headless key script (ARCHITECTURE.md), or NULL */
    const char *frames;  /* directory for `snap NAME` PNGs, or NULL */
    const char *wav;     /* WAV file of every sample streamed, or NULL */
    uint64_t seed;       /* random seed for the computer players; 0: 1 */
    int seed_given;      /* 1 if --seed was on the command line */
    const char *devmem;  /* board backend memory device; NULL: /dev/mem */
    const char *trace;   /* sim backend FST trace file, or NULL */
    const char *save_dir; /* autosave directory; NULL: $XDG_STATE_HOME/tabletop or ~/.local/state/tabletop */
    const char *rules;   /* Go's rules: "sw" (NULL) board.c, "hw" the go_rules peripheral */
    const char *link;     /* --link SPEC: Go against another console, or NULL */
} console_options_t;

struct console_game;

/* One module of the console: src/main.c makes the table from
 * src/games/games.def, and the console knows no game by name. */
typedef struct console_module {
    const char *game;                  /* its game's --game name: "go" */
    const struct console_game *module; /* what its screens define (console_game.h) */
    int link; /* 0: the game's own, a row of the chooser; 1: the game against
                 another console: --game GAME --link SPEC opens it, or the
                 game's module (switch_to); the chooser does not list it */
} console_module_t;

/* Runs the console until the player quits or the script ends: its games
 * are modules[], the chooser's rows in their order, ended by a row whose
 * module is NULL.  Returns the process exit status (0 on success). */
int console_run(const console_options_t *opts, const console_module_t *modules);

#endif

/*
 * chooser.h - the game chooser, the console's first screen without --game:
 * one row per game (the modules that are not link games, in the table's
 * order), then Quit, last, so that scripts that count games from the top
 * keep working.
 *
 * Usage (given uint16_t *fb, const console_module_t *modules, int key, void *state):
 *   chooser_t ch = {.modules = modules};
 *   int module;
 *   if (chooser_key(&ch, key, &module) == CHOOSER_OPEN)
 *       modules[module].module->enter(state); // the module's own state
 *   chooser_render(&ch, fb, "", "");
 */
#ifndef TABLETOP_CHOOSER_H
#define TABLETOP_CHOOSER_H

#include <stdint.h>

#include "console.h"
#include "console_game.h"

typedef struct chooser {
    const console_module_t *modules; /* the console's table, ended by a NULL module */
    int sel;                         /* the highlighted row: a game, or Quit */
} chooser_t;

/* What a key did on the chooser. */
typedef enum {
    CHOOSER_STAY = 0, /* nothing */
    CHOOSER_MOVED,    /* the highlight moved: draw again */
    CHOOSER_QUIT,     /* Enter on Quit */
    CHOOSER_OPEN,     /* Enter on a game: *module is its index in modules[] */
} chooser_action_t;

/* Handles one key (HID usage code): Up and Down move the highlight, Enter
 * picks the row. */
chooser_action_t chooser_key(chooser_t *ch, int key, int *module);

/* Draws the chooser into fb (640x480 RGB565).  saves_off non-empty: the
 * games will not be saved, said under the title with why. */
void chooser_render(const chooser_t *ch, uint16_t *fb, const char *saves_off, const char *why);

#endif

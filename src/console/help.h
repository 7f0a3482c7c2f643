/*
 * help.h - the help screen (h or F1, docs/play.md): the keys of the screen
 * it was opened on (a game's help lines, or the chooser's), then the keys
 * that work everywhere; and what the console draws over any screen (the
 * quit question, the sound-off note).
 *
 * Usage (given uint16_t *fb, const console_game_t *game):
 *   #include <stddef.h>
 *   help_render(fb, game, 0);  // a game's keys; the sound is on
 *   help_render(fb, NULL, 1);  // the chooser's keys; the sound is off
 *   help_confirm_quit_render(); // over the frame render.h draws into
 *   help_sound_off_render();
 */
#ifndef TABLETOP_HELP_H
#define TABLETOP_HELP_H

#include <stdint.h>

#include "console_game.h"

/* Draws the whole help screen into fb (640x480 RGB565): game's help lines
 * (a generic list if it has none; NULL: the chooser's keys), then the
 * console-wide keys, m saying whether sound_off. */
void help_render(uint16_t *fb, const console_game_t *game, int sound_off);

/* Asks "Quit? This game is not saved" over the frame being drawn. */
void help_confirm_quit_render(void);

/* Says "Sound off (m)" in the top left corner of the frame being drawn,
 * so that silence is never a mystery. */
void help_sound_off_render(void);

#endif

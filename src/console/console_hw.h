/*
 * console_hw.h - what the console core does on the hardware besides the
 * framebuffer and the sound cue: it builds the seams a game module may use
 * (the opponents in logic, Go's rules in logic) and performs what a module
 * returns from output() (the seven-segment digits, seed 002's tile pages).
 * Screens never see the HAL; this file and the opponents do.
 */
#ifndef TABLETOP_CONSOLE_HW_H
#define TABLETOP_CONSOLE_HW_H

#include "console.h"
#include "console_game.h"
#include "drivers/go_rules.h"
#include "drivers/tile_display.h"
#include "hal.h"

typedef struct console_hw {
    hal_t *hal;
    char digits[8];     /* what the digits show now */
    int digits_known;   /* digits holds what was last written */
    tile_driver_t tiles;
    int tiles_state;    /* 0 not opened yet, 1 open, -1 no tile display */
    go_rules_hw_t rules_hw;
    int rules_open;     /* rules_hw answered its ID */
    go_rules_t rules;   /* the seam given to Go: opens rules_hw at its first use */
    struct opponent *connect4_ai;
    struct opponent *othello_machine;
} console_hw_t;

/* Builds the seams that opts asks for on hal and puts them in env
 * (env->connect4_ai, othello_machine, go_rules).  Nothing is read or
 * written on the hardware here: each part is opened at its first use, so
 * a backend without it fails only the game that needs it, with its reason. */
void console_hw_open(console_hw_t *hw, hal_t *hal, const console_options_t *opts,
                     console_env_t *env);

/* Performs a module's output; covered: the console draws over the module
 * (help, the quit question), so the framebuffer gets the VGA pins. */
void console_hw_output(console_hw_t *hw, const console_output_t *out, int covered);

/* Frees the seams (the pins go back to the framebuffer). */
void console_hw_close(console_hw_t *hw);

#endif

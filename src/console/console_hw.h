/*
 * console_hw.h - the hardware session: the one owner of the peripherals
 * behind the HAL, for the console core and the engine-protocol front-ends
 * alike (ARCHITECTURE.md).  It builds the seams a game or a front-end may
 * use (the opponents in logic, Go's rules in logic) and performs what a
 * console module returns from output() (the seven-segment digits, seed
 * 002's tile pages).  Screens and front-ends never see the HAL or a driver:
 * this header names neither (the build gives the front-ends only it,
 * opponent.h and console_link.h of the console's headers).
 *
 * Usage (given const char *backend): a front-end, as `tabletop gtp --rules hw`
 *   char err[256];
 *   console_hw_t *hw = NULL;
 *   if (console_hw_backend_check(backend, err, sizeof err) == 0)   // else: a bad option
 *       hw = console_hw_open_backend(backend, NULL, err, sizeof err);
 *   go_rules_t *rules = hw ? console_hw_go_rules(hw, err, sizeof err) : NULL;
 *   // ... decide with rules, or ask console_hw_connect4_ai(hw) for a move ...
 *   int status = console_hw_close(hw);   // -1: the backend's close failed
 *
 * The console core opens the session on the backend it runs
 * (console_hw_open), performs each frame's output (console_hw_output) and
 * closes the session before the backend.
 */
#ifndef TABLETOP_CONSOLE_HW_H
#define TABLETOP_CONSOLE_HW_H

#include <stddef.h>

#include "games/go/rules.h"
#include "opponent.h"

struct hal;
struct console_options;
struct console_env;
struct console_output;

typedef struct console_hw console_hw_t;

/* The console core's session on its open backend hal: builds the seams that
 * opts asks for and puts them in env (env->connect4_ai, othello_machine,
 * go_rules).  Nothing is read or written on the hardware here: each part is
 * opened at its first use, so a backend without it fails only the game that
 * needs it, with its reason.  NULL when memory runs out. */
console_hw_t *console_hw_open(struct hal *hal, const struct console_options *opts,
                              struct console_env *env);

/* A front-end's session: opens the backend named (NULL: the default one)
 * headless, on devmem for the board (NULL: /dev/mem).  Returns the session,
 * or NULL with the backend's one-line reason in err. */
console_hw_t *console_hw_open_backend(const char *backend, const char *devmem, char *err,
                                      size_t errlen);

/* 0 if name is a backend this build can open, else -1 with why in err (the
 * choices, or how to get a backend this build lacks). */
int console_hw_backend_check(const char *name, char *err, size_t errlen);

/* Go's rules in logic (the go_rules peripheral), opened now: the driver's
 * seam (named "hardware" in messages), or NULL with the driver's reason in
 * err.  Its counters (decisions, clocks) grow with each decision made
 * through it. */
go_rules_t *console_hw_go_rules(console_hw_t *hw, char *err, size_t errlen);

/* Seed 004's Connect Four AI behind the mailbox (opponent.h): NULL only
 * when memory ran out at open. */
opponent_t *console_hw_connect4_ai(console_hw_t *hw);

/* Seed 003's Othello machine behind its ports, found now (its ID read):
 * the opponent, or NULL with the driver's reason in err. */
opponent_t *console_hw_othello_machine(console_hw_t *hw, char *err, size_t errlen);

/* Performs a module's output; covered: the console draws over the module
 * (help, the quit question), so the framebuffer gets the VGA pins. */
void console_hw_output(console_hw_t *hw, const struct console_output *out, int covered);

/* Frees the seams (the pins go back to the framebuffer) and closes the
 * backend that console_hw_open_backend opened.  Returns 0, or -1 (already
 * reported on stderr) when an output of that backend's run could not be
 * written.  NULL is fine. */
int console_hw_close(console_hw_t *hw);

#endif

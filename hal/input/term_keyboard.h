/*
 * term_keyboard.h - the terminal as a keyboard: the board backend's fallback
 * when no USB keyboard is attached (as the Connect Four board program of
 * seed 004 read its moves from the terminal).
 *
 * Opening puts the terminal in raw mode (no echo, no line buffering, signal
 * characters delivered as bytes) and installs handlers so that the original
 * settings come back on close, on exit() and on SIGINT, SIGTERM, SIGHUP and
 * SIGQUIT (the handler restores the terminal, then re-raises the signal with
 * its previous disposition).  Output processing stays on, so messages still
 * print normally.
 *
 * Bytes become HID usage codes (hal.h): ESC [ A/B/C/D and ESC O A/B/C/D are
 * the arrows, a lone ESC (nothing following within TERM_ESC_WAIT_MS) is
 * Escape, CR or LF is Enter, then space, tab, backspace (DEL or BS), letters
 * (either case) and digits.  Ctrl-C, Ctrl-D and end of file give
 * HAL_KEY_QUIT.  Other bytes and unknown escape sequences are skipped whole.
 * The terminal's own key repeat provides auto-repeat.
 *
 * Only one terminal keyboard can be open at a time (the signal handlers need
 * one place to find the settings to restore).
 */
#ifndef TABLETOP_TERM_KEYBOARD_H
#define TABLETOP_TERM_KEYBOARD_H

#include <stddef.h>

#define TERM_ESC_WAIT_MS 30 /* a lone ESC byte waits this long for the rest of a sequence */

typedef struct term_keyboard term_keyboard_t;

/* Puts the terminal on fd (e.g. STDIN_FILENO) in raw mode.  Returns the
 * keyboard, or NULL with a one-line message in err if fd is not a terminal,
 * one is already open, or the settings cannot be changed. */
term_keyboard_t *term_keyboard_open(int fd, char *err, size_t errlen);

/* Next key as a HID usage code, 0 if none is waiting (never blocks longer
 * than TERM_ESC_WAIT_MS), HAL_KEY_QUIT on Ctrl-C, Ctrl-D or end of file
 * (and on every later call). */
int term_keyboard_poll(term_keyboard_t *t);

/* Restores the terminal's original settings and the previous signal
 * handlers, and frees t.  NULL is ignored. */
void term_keyboard_close(term_keyboard_t *t);

#endif

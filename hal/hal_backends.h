/*
 * hal_backends.h - the open functions of the HAL backends.  Only hal.c
 * calls these; the console goes through hal_open() (hal.h).
 *
 * Each fills *h with its ops table and context and returns 0, or returns -1
 * with a one-line message in err that names the problem and the fix.
 */
#ifndef TABLETOP_HAL_BACKENDS_H
#define TABLETOP_HAL_BACKENDS_H

#include <stddef.h>

#include "hal.h"

/* C models of the RTL, SDL2 window/keyboard/audio or headless (hal_sdl.c). */
int hal_sdl_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);

/* The RTL compiled by Verilator (sim/); built only when HAVE_SIM. */
int hal_sim_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);

/* The DE1-SoC through /dev/mem (hal/hal_board.c); built only when
 * hal/meson.build lists hal_board.c (it then defines HAL_HAVE_BOARD). */
int hal_board_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);

#endif

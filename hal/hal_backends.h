/*
 * hal_backends.h - the constructors of the backends that live in hal/.  The
 * program's registry (src/backends.c) makes each one a row; nothing else
 * calls them, except tests and benchmarks that open one backend directly.
 * The sim backend's constructor is declared beside it, in sim/hal_sim.h.
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

/* The DE1-SoC through /dev/mem (hal/hal_board.c). */
int hal_board_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);

#endif

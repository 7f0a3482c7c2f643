/*
 * backends.h - the program's backend registry: one row per backend
 * (hal.h, hal_backend_t) that --backend can name.  hal_open() opens from it.
 */
#ifndef TABLETOP_BACKENDS_H
#define TABLETOP_BACKENDS_H

#include "hal.h"

/* Every backend the command line knows, sdl (the default) first, ending in a
 * row whose name is NULL; a backend this build lacks has open == NULL. */
extern const hal_backend_t tabletop_backends[];

#endif

/*
 * hal_sim.h - the constructor of the sim backend (hal_sim.cpp): the RTL
 * compiled by Verilator.  Built only when HAVE_SIM (config.h); the
 * program's registry (src/backends.c) makes it the "sim" row.
 */
#ifndef TABLETOP_HAL_SIM_H
#define TABLETOP_HAL_SIM_H

#include <stddef.h>

#include "hal.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills *h with the sim backend's ops and context and returns 0, or returns
 * -1 with a one-line message in err that names the problem and the fix. */
int hal_sim_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif

/*
 * backends.c - the registry of backends, one row each.  Adding a backend
 * adds its row here (and its constructor's library to the build); hal/ and
 * the command line find it by walking this table.
 */
#include <stdio.h>

#include "config.h"
#include "backends.h"
#include "hal_backends.h"
#if HAVE_SIM
#include "hal_sim.h"
#endif

const hal_backend_t tabletop_backends[] = {
    {"sdl", hal_sdl_open, NULL},
#if HAVE_SIM
    {"sim", hal_sim_open, NULL},
#else
    {"sim", NULL,
     "sim backend not built: install verilator and g++, then reconfigure "
     "(meson setup --reconfigure BUILD)"},
#endif
    {"board", hal_board_open, NULL},
    {NULL, NULL, NULL},
};

int hal_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    return hal_backend_open(tabletop_backends, h, cfg, err, errlen);
}

int hal_backend_check(const char *name, char *err, size_t errlen)
{
    if (hal_backend_find(tabletop_backends, name))
        return 0;
    char choice[64];
    snprintf(err, errlen, "unknown backend '%s' (choose %s)", name,
             hal_backend_choice(tabletop_backends, choice, sizeof choice));
    return -1;
}

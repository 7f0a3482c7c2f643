/* hal.c - hal_open(): picks the backend named in the configuration. */
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "hal.h"
#include "hal_backends.h"

int hal_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    static const hal_config_t defaults = {0};
    if (!cfg)
        cfg = &defaults;
    const char *name = cfg->backend ? cfg->backend : "sdl";
    h->ops = NULL;
    h->ctx = NULL;
    if (!strcmp(name, "sdl"))
        return hal_sdl_open(h, cfg, err, errlen);
    if (!strcmp(name, "sim")) {
#if HAVE_SIM && defined(HAL_HAVE_SIM)
        return hal_sim_open(h, cfg, err, errlen);
#else
        snprintf(err, errlen, "sim backend not built: install verilator and g++, then "
                              "reconfigure (meson setup --reconfigure BUILD)");
        return -1;
#endif
    }
    if (!strcmp(name, "board")) {
#ifdef HAL_HAVE_BOARD
        return hal_board_open(h, cfg, err, errlen);
#else
        snprintf(err, errlen, "board backend not built in this build");
        return -1;
#endif
    }
    snprintf(err, errlen, "unknown backend '%s' (choose sdl, sim or board)", name);
    return -1;
}

int hal_close(hal_t *h)
{
    int status = 0;
    if (h && h->ops) {
        status = h->ops->close(h->ctx);
        h->ops = NULL;
        h->ctx = NULL;
    }
    return status;
}

/*
 * hal.c - walks a backend registry (hal.h, hal_backend_t) and closes what it
 * opened.  It names no backend: the table is the program's (src/backends.c),
 * so the HAL builds and links without any backend it does not use.
 */
#include <stdio.h>
#include <string.h>

#include "hal.h"

const hal_backend_t *hal_backend_find(const hal_backend_t *table, const char *name)
{
    if (!table || !name)
        return NULL;
    for (const hal_backend_t *row = table; row->name; row++)
        if (!strcmp(row->name, name))
            return row;
    return NULL;
}

char *hal_backend_choice(const hal_backend_t *table, char *buf, size_t len)
{
    if (!buf || len == 0)
        return buf;
    buf[0] = 0;
    size_t count = 0;
    while (table && table[count].name)
        count++;
    size_t used = 0;
    for (size_t k = 0; k < count && used < len; k++) {
        const char *sep = k == 0 ? "" : k + 1 == count ? " or " : ", ";
        int n = snprintf(buf + used, len - used, "%s%s", sep, table[k].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return buf;
}

int hal_backend_open(const hal_backend_t *table, hal_t *h, const hal_config_t *cfg, char *err,
                     size_t errlen)
{
    static const hal_config_t defaults = {0};
    if (!cfg)
        cfg = &defaults;
    h->ops = NULL;
    h->ctx = NULL;
    const hal_backend_t *row = cfg->backend ? hal_backend_find(table, cfg->backend) : table;
    if (!row || !row->name) {
        char choice[128];
        snprintf(err, errlen, "unknown backend '%s' (choose %s)",
                 cfg->backend ? cfg->backend : "", hal_backend_choice(table, choice, sizeof choice));
        return -1;
    }
    if (!row->open) {
        snprintf(err, errlen, "%s", row->missing ? row->missing : "backend not built");
        return -1;
    }
    return row->open(h, cfg, err, errlen);
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

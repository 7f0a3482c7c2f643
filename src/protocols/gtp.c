/*
 * gtp.c - `tabletop gtp`: the GTP engine between stdin and stdout.
 * Every response is flushed at once (controllers wait for it); end of
 * input ends the session as quietly as "quit" does.
 */
#define _GNU_SOURCE /* getline */
#include "gtp.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "gtp_engine.h"

static const char gtp_usage[] =
    "usage: tabletop gtp [--level 1|2|3] [--playouts N] [--seed N]\n"
    "  Go Text Protocol v2 on stdin/stdout (docs/gtp.md).\n"
    "  --level     computer player: 1 random, 2 greedy, 3 UCT-MCTS (default 3)\n"
    "  --playouts  MCTS simulations per move (default 200)\n"
    "  --seed      random seed (default 1)\n";

/* Parses a whole unsigned decimal (or 0x hex) number. */
static int parse_number(const char *text, uint64_t max, uint64_t *out)
{
    char *end;
    if (!text || !*text || *text == '-' || *text == '+')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || *end || v > max)
        return -1;
    *out = v;
    return 0;
}

int gtp_main(int argc, char **argv)
{
    gtp_options_t opts = {0};
    opts.level = 3;
    opts.log = stderr;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(gtp_usage, stdout);
            return 0;
        }
        uint64_t v;
        if (!strcmp(a, "--level") || !strcmp(a, "--playouts") || !strcmp(a, "--seed")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tabletop gtp: option %s needs a value\n", a);
                return 2;
            }
            const char *val = argv[++i];
            if (!strcmp(a, "--level")) {
                if (parse_number(val, 3, &v) || v < 1) {
                    fprintf(stderr, "tabletop gtp: --level wants 1, 2 or 3, not '%s'\n", val);
                    return 2;
                }
                opts.level = (int)v;
            } else if (!strcmp(a, "--playouts")) {
                if (parse_number(val, 100000000, &v) || v < 1) {
                    fprintf(stderr,
                            "tabletop gtp: --playouts wants a positive number, not '%s'\n",
                            val);
                    return 2;
                }
                opts.playouts = (int)v;
            } else {
                if (parse_number(val, UINT64_MAX, &v)) {
                    fprintf(stderr,
                            "tabletop gtp: --seed wants a non-negative integer, not '%s'\n",
                            val);
                    return 2;
                }
                opts.seed = v;
            }
            continue;
        }
        fprintf(stderr, "tabletop gtp: unknown option '%s'\n%s", a, gtp_usage);
        return 2;
    }

    gtp_engine_t *e = gtp_engine_create(&opts);
    if (!e)
        return 1;
    char *line = NULL;
    size_t cap = 0;
    int status = 0;
    ssize_t got;
    while (!gtp_engine_wants_quit(e) && (got = getline(&line, &cap, stdin)) >= 0) {
        /* By length: a NUL byte must not cut the line short. */
        const char *response = gtp_engine_execute_n(e, line, (size_t)got);
        if (!response)
            continue;
        if (fputs(response, stdout) == EOF || fflush(stdout) == EOF) {
            /* The controller went away: nobody is left to answer. */
            status = 1;
            break;
        }
    }
    free(line);
    gtp_engine_destroy(e);
    return status;
}

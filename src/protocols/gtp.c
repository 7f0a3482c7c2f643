/*
 * gtp.c - `tabletop gtp`: the GTP engine between stdin and stdout.
 * Every response is flushed at once (controllers wait for it); end of
 * input ends the session as quietly as "quit" does.
 */
#define _GNU_SOURCE /* getline */
#include "gtp.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "drivers/go_rules.h"
#include "gtp_engine.h"
#include "hal.h"
#include "protocols/cli_args.h"

static const char gtp_usage[] =
    "usage: tabletop gtp [--level 1|2|3|4] [--playouts N] [--seed N] [--no-resign]\n"
    "                    [--rules sw|hw] [--backend sdl|sim|board]\n"
    "  Go Text Protocol v2 on stdin/stdout (docs/gtp.md).\n"
    "  --level     computer player: 1 random, 2 greedy, 3 UCT-MCTS (default 3),\n"
    "              4 UCT-MCTS for 1 s a move on 2 threads keeping its tree, the\n"
    "              console's \"Strongest\" (time_settings still rule when given)\n"
    "  --playouts  MCTS simulations per move at level 3 (default 200)\n"
    "  --seed      random seed (default 1)\n"
    "  --no-resign levels 3 and 4 never answer genmove with 'resign' (docs/engine.md)\n"
    "  --rules     who decides legality and captures: sw, the C rules engine\n"
    "              (default), or hw, the go_rules peripheral (docs/go_rules.md)\n"
    "  --backend   where --rules hw finds the peripheral: sdl (its C model,\n"
    "              default), sim (the Verilated RTL) or board (the FPGA)\n";

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
    const char *backend = NULL;
    int rules_hw = 0;
    opts.level = 3;
    opts.log = stderr;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(gtp_usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--no-resign")) {
            opts.no_resign = 1;
            continue;
        }
        uint64_t v;
        if (!strcmp(a, "--level") || !strcmp(a, "--playouts") || !strcmp(a, "--seed")) {
            if (i + 1 >= argc)
                return cli_bad("gtp", "option %s needs a value", a);
            const char *val = argv[++i];
            if (!strcmp(a, "--level")) {
                if (parse_number(val, 4, &v) || v < 1)
                    return cli_bad("gtp", "--level wants 1, 2, 3 or 4, not '%s'", val);
                opts.level = (int)v;
            } else if (!strcmp(a, "--playouts")) {
                if (parse_number(val, 100000000, &v) || v < 1)
                    return cli_bad("gtp", "--playouts wants a positive number, not '%s'", val);
                opts.playouts = (int)v;
            } else {
                if (parse_number(val, UINT64_MAX, &v))
                    return cli_bad("gtp", "--seed wants a non-negative integer, not '%s'", val);
                opts.seed = v;
            }
            continue;
        }
        if (!strcmp(a, "--rules") || !strcmp(a, "--backend")) {
            if (i + 1 >= argc)
                return cli_bad("gtp", "option %s needs a value", a);
            const char *val = argv[++i];
            if (!strcmp(a, "--rules")) {
                if (strcmp(val, "sw") && strcmp(val, "hw"))
                    return cli_bad("gtp", "--rules wants sw or hw, not '%s'", val);
                rules_hw = !strcmp(val, "hw");
            } else {
                char why[128];
                if (hal_backend_check(val, why, sizeof why) != 0)
                    return cli_bad("gtp", "%s", why);
                backend = val;
            }
            continue;
        }
        return cli_bad("gtp", "unknown option '%s'", a);
    }
    if (backend && !rules_hw)
        return cli_bad("gtp", "--backend says where the go_rules peripheral is: add "
                              "--rules hw, or leave --backend out");

    /* --rules hw: every legality decision and capture goes through the
     * go_rules driver on the chosen backend (headless: no window). */
    hal_t hal;
    go_rules_hw_t hw;
    go_rules_t rules;
    if (rules_hw) {
        char err[256];
        hal_config_t cfg = {0};
        cfg.backend = backend ? backend : "sdl";
        cfg.headless = 1;
        if (hal_open(&hal, &cfg, err, sizeof err) != 0) {
            fprintf(stderr, "tabletop gtp: %s\n", err);
            return 1;
        }
        if (go_rules_hw_open(&hw, &hal, err, sizeof err) != 0) {
            fprintf(stderr, "tabletop gtp: %s\n", err);
            hal_close(&hal);
            return 1;
        }
        rules = go_rules_hw_rules(&hw);
        opts.rules = &rules;
    }

    gtp_engine_t *e = gtp_engine_create(&opts);
    if (!e) {
        if (rules_hw)
            hal_close(&hal);
        return 1;
    }
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
    if (rules_hw) {
        if (opts.log && rules.decisions)
            fprintf(opts.log, "tabletop: go_rules: %llu decisions, %.1f clocks mean, %u max\n",
                    (unsigned long long)rules.decisions,
                    (double)rules.cycles_total / (double)rules.decisions, rules.cycles_max);
        if (hal_close(&hal) != 0 && status == 0)
            status = 1;
    }
    return status;
}

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

#include "console/console_hw.h"
#include "gtp_engine.h"
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

/* What the command line asks for. */
typedef struct gtp_args {
    gtp_options_t opts;
    const char *backend; /* --backend, or NULL */
    int rules_hw;        /* --rules hw */
} gtp_args_t;

/* --level, --playouts or --seed with its value.  Returns 0, or the exit
 * status after the message. */
static int gtp_parse_number_option(gtp_args_t *args, const char *a, const char *val)
{
    uint64_t v;
    if (!strcmp(a, "--level")) {
        if (parse_number(val, 4, &v) || v < 1)
            return cli_bad("gtp", "--level wants 1, 2, 3 or 4, not '%s'", val);
        args->opts.level = (int)v;
    } else if (!strcmp(a, "--playouts")) {
        if (parse_number(val, 100000000, &v) || v < 1)
            return cli_bad("gtp", "--playouts wants a positive number, not '%s'", val);
        args->opts.playouts = (int)v;
    } else {
        if (parse_number(val, UINT64_MAX, &v))
            return cli_bad("gtp", "--seed wants a non-negative integer, not '%s'", val);
        args->opts.seed = v;
    }
    return 0;
}

/* --rules or --backend with its value.  Returns 0, or the exit status after
 * the message. */
static int gtp_parse_hw_option(gtp_args_t *args, const char *a, const char *val)
{
    if (!strcmp(a, "--rules")) {
        if (strcmp(val, "sw") && strcmp(val, "hw"))
            return cli_bad("gtp", "--rules wants sw or hw, not '%s'", val);
        args->rules_hw = !strcmp(val, "hw");
        return 0;
    }
    char why[128];
    if (console_hw_backend_check(val, why, sizeof why) != 0)
        return cli_bad("gtp", "%s", why);
    args->backend = val;
    return 0;
}

/* Reads the command line into args.  Returns -1 to go on, else the exit
 * status (0 after --help, 2 after a message). */
static int gtp_parse_args(int argc, char **argv, gtp_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(gtp_usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--no-resign")) {
            args->opts.no_resign = 1;
            continue;
        }
        int number = !strcmp(a, "--level") || !strcmp(a, "--playouts") || !strcmp(a, "--seed");
        if (!number && strcmp(a, "--rules") && strcmp(a, "--backend"))
            return cli_bad("gtp", "unknown option '%s'", a);
        if (i + 1 >= argc)
            return cli_bad("gtp", "option %s needs a value", a);
        const char *val = argv[++i];
        int status = number ? gtp_parse_number_option(args, a, val)
                            : gtp_parse_hw_option(args, a, val);
        if (status)
            return status;
    }
    if (args->backend && !args->rules_hw)
        return cli_bad("gtp", "--backend says where the go_rules peripheral is: add "
                              "--rules hw, or leave --backend out");
    return -1;
}

/* Answers stdin's lines on stdout until quit or the end of input.  Returns
 * 0, or 1 when the controller went away. */
static int gtp_serve(gtp_engine_t *e)
{
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
    return status;
}

/* --rules hw: every legality decision and capture goes through the go_rules
 * peripheral of the hardware session on the chosen backend (headless: no
 * window).  Returns the session with opts->rules set, or NULL after the
 * message. */
static console_hw_t *gtp_open_rules(gtp_args_t *args)
{
    char err[256];
    console_hw_t *hw = console_hw_open_backend(args->backend ? args->backend : "sdl", NULL, err,
                                               sizeof err);
    if (hw && !(args->opts.rules = console_hw_go_rules(hw, err, sizeof err))) {
        console_hw_close(hw);
        hw = NULL;
    }
    if (!hw)
        fprintf(stderr, "tabletop gtp: %s\n", err);
    return hw;
}

int gtp_main(int argc, char **argv)
{
    gtp_args_t args = {.opts = {.level = 3, .log = stderr}};
    int status = gtp_parse_args(argc, argv, &args);
    if (status >= 0)
        return status;
    console_hw_t *hw = args.rules_hw ? gtp_open_rules(&args) : NULL;
    if (args.rules_hw && !hw)
        return 1;
    gtp_engine_t *e = gtp_engine_create(&args.opts);
    if (!e) {
        console_hw_close(hw);
        return 1;
    }
    status = gtp_serve(e);
    gtp_engine_destroy(e);
    const go_rules_t *rules = args.opts.rules;
    if (rules && args.opts.log && rules->decisions)
        fprintf(args.opts.log, "tabletop: go_rules: %llu decisions, %.1f clocks mean, %u max\n",
                (unsigned long long)rules->decisions,
                (double)rules->cycles_total / (double)rules->decisions, rules->cycles_max);
    if (console_hw_close(hw) != 0 && status == 0)
        status = 1;
    return status;
}

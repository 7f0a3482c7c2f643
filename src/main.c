/*
 * main.c - the tabletop command line (ARCHITECTURE.md, "Command line"):
 *
 *   tabletop [play] [--game go|connect4|othello|gomoku] [--backend sdl|sim|board]
 *            [--headless] [--script FILE] [--frames DIR] [--wav FILE] [--seed N]
 *            [--devmem PATH] [--trace FILE]
 *   tabletop gtp [--level 1|2|3] [--playouts N] [--seed N]
 *   tabletop connect4 move POSITION [--backend B]
 *   tabletop bench [NAME]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "bench/bench.h"
#include "protocols/connect4_cli.h"
#include "console/console.h"
#include "protocols/gtp.h"

static const char usage_text[] =
    "usage: tabletop [play] [--game go|connect4] [--backend sdl|sim|board]\n"
    "                [--headless] [--script FILE] [--frames DIR] [--wav FILE]\n"
    "                [--seed N] [--devmem PATH] [--trace FILE] [--save-dir DIR]\n"
    "       tabletop gtp [--level 1|2|3] [--playouts N] [--seed N]\n"
    "       tabletop connect4 move POSITION [--backend sdl|sim|board]\n"
    "       tabletop bench [NAME]\n"
    "       tabletop --version | --help\n"
    "\n"
    "Without a command, `play` starts the console with the game chooser.\n"
    "Keys: arrows move, Enter selects or places, Space passes, Escape goes back.\n";

static int parse_u64(const char *text, uint64_t *out)
{
    char *end;
    if (!text || !*text || *text == '-')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || *end)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* Returns the option's value, or NULL (after a message) if it is missing. */
static const char *option_value(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "tabletop: option %s needs a value (see tabletop --help)\n", argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* Parses `play` options from argv[first..] into *opts (pointers into argv).
 * Returns 0, or 2 after a one-line message on stderr.  Kept apart from
 * play_main so tests/fuzz/fuzz_cmdline.c can drive it without a console. */
static int play_parse(int argc, char **argv, int first, console_options_t *opts_out)
{
    console_options_t opts = {0};
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "--headless")) {
            opts.headless = 1;
            continue;
        }
        if (!strcmp(a, "--game"))
            slot = &opts.game;
        else if (!strcmp(a, "--backend"))
            slot = &opts.backend;
        else if (!strcmp(a, "--script"))
            slot = &opts.script;
        else if (!strcmp(a, "--frames"))
            slot = &opts.frames;
        else if (!strcmp(a, "--wav"))
            slot = &opts.wav;
        else if (!strcmp(a, "--devmem"))
            slot = &opts.devmem;
        else if (!strcmp(a, "--trace"))
            slot = &opts.trace;
        else if (!strcmp(a, "--save-dir"))
            slot = &opts.save_dir;
        else if (!strcmp(a, "--seed")) {
            const char *v = option_value(argc, argv, &i);
            if (!v)
                return 2;
            if (parse_u64(v, &opts.seed) != 0) {
                fprintf(stderr, "tabletop: --seed wants a non-negative integer, not '%s'\n", v);
                return 2;
            }
            opts.seed_given = 1;
            continue;
        } else {
            fprintf(stderr, "tabletop: unknown option '%s' (see tabletop --help)\n", a);
            return 2;
        }
        const char *v = option_value(argc, argv, &i);
        if (!v)
            return 2;
        *slot = v;
    }
    if (opts.game && strcmp(opts.game, "go") && strcmp(opts.game, "connect4") &&
        strcmp(opts.game, "othello") && strcmp(opts.game, "gomoku")) {
        fprintf(stderr, "tabletop: unknown game '%s' (choose go, connect4, othello or gomoku)\n",
                opts.game);
        return 2;
    }
    if (opts.backend && strcmp(opts.backend, "sdl") && strcmp(opts.backend, "sim") &&
        strcmp(opts.backend, "board")) {
        fprintf(stderr, "tabletop: unknown backend '%s' (choose sdl, sim or board)\n",
                opts.backend);
        return 2;
    }
    *opts_out = opts;
    return 0;
}

static int play_main(int argc, char **argv, int first)
{
    console_options_t opts;
    int rc = play_parse(argc, argv, first, &opts);
    if (rc != 0)
        return rc;
    return console_run(&opts);
}

int main(int argc, char **argv)
{
    if (argc >= 2) {
        const char *cmd = argv[1];
        if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (!strcmp(cmd, "--version")) {
            printf("tabletop %s\n", TABLETOP_VERSION);
            return 0;
        }
        if (!strcmp(cmd, "play"))
            return play_main(argc, argv, 2);
        if (!strcmp(cmd, "gtp"))
            return gtp_main(argc - 1, argv + 1);
        if (!strcmp(cmd, "connect4"))
            return c4_cli_main(argc - 1, argv + 1);
        if (!strcmp(cmd, "bench"))
            return bench_main(argc - 1, argv + 1);
        if (cmd[0] != '-') {
            fprintf(stderr, "tabletop: unknown command '%s' (see tabletop --help)\n", cmd);
            return 2;
        }
    }
    return play_main(argc, argv, 1);
}

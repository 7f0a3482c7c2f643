/*
 * main.c - the tabletop command line (ARCHITECTURE.md, "Command line"):
 *
 *   tabletop [play] [--game GAME] [--backend sdl|sim|board]
 *            [--headless] [--script FILE] [--frames DIR] [--wav FILE] [--seed N]
 *            [--devmem PATH] [--trace FILE] [--save-dir DIR]
 *   tabletop COMMAND ...   a game's subcommand (gtp, connect4, othello, ...)
 *   tabletop bench [NAME]
 *
 * The games, their console modules and their subcommands are the rows of
 * src/games/games.def, expanded here: the console and this file name no game.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "backends.h"
#include "bench/bench.h"
#include "console/console.h"
#include "console/console_game.h"
#include "hal.h"

/* What the rows name: each game's modules and its subcommands' mains. */
#define GAME(name, alias) extern const console_game_t name##_game_module;
#define LINK_MODULE(game, module) extern const console_game_t module;
#define COMMAND(game, name, main, usage) int main(int argc, char **argv);
#include "games/games.def"

/* The console's modules: every game's own in the chooser's order, then the
 * link games (the order the console creates them in). */
static const console_module_t console_modules[] = {
#define GAME(name, alias) {#name, &name##_game_module, 0},
#include "games/games.def"
#define LINK_MODULE(game, module) {#game, &(module), 1},
#include "games/games.def"
    {NULL, NULL, 0},
};

/* The --game names: each game's, and its alias. */
static const struct {
    const char *name, *alias;
} game_names[] = {
#define GAME(name, alias) {#name, alias},
#include "games/games.def"
};
#define GAME_NAME_COUNT (sizeof game_names / sizeof game_names[0])

/* A subcommand: `tabletop NAME ...` runs main(argc - 1, argv + 1). */
typedef struct command {
    const char *name;
    int (*main)(int argc, char **argv);
    const char *usage; /* its lines of `tabletop --help`, from "tabletop" on */
} command_t;

/* The games' subcommands, then the program's own. */
static const command_t commands[] = {
#define COMMAND(game, name, main, usage) {name, main, usage},
#include "games/games.def"
    {"bench", bench_main, "tabletop bench [NAME [--quick] [--help]]"},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const char usage_play[] =
    "] [--backend sdl|sim|board]\n"
    "                [--headless] [--script FILE] [--frames DIR] [--wav FILE]\n"
    "                [--seed N] [--save-dir DIR] [--rules sw|hw] (Go: hw = go_rules)\n"
    "                [--link SPEC] (Go against another console; rules hw by default on\n"
    "                the board)\n"
    "                [--devmem PATH] (board only) [--trace FILE] (sim only)\n";

static const char usage_end[] =
    "       tabletop --version | --help\n"
    "\n"
    "Without a command, `play` starts the console with the game chooser.\n"
    "Keys: arrows move, Enter selects or places, Space passes, Escape goes back,\n"
    "F11 toggles fullscreen (remembered for the next start).\n";

/* The --game values joined: "go|connect4|...|farm" (sep "|", last "|") or
 * "go, connect4, ... or farm" (sep ", ", last " or "), into out. */
static const char *game_choice(const char *sep, const char *last, char *out, size_t len)
{
    const char *all[2 * GAME_NAME_COUNT];
    size_t n = 0;
    for (size_t k = 0; k < GAME_NAME_COUNT; k++)
        all[n++] = game_names[k].name;
    for (size_t k = 0; k < GAME_NAME_COUNT; k++)
        if (game_names[k].alias)
            all[n++] = game_names[k].alias;
    size_t used = 0;
    out[0] = 0;
    for (size_t k = 0; k < n && used < len; k++)
        used += (size_t)snprintf(out + used, len - used, "%s%s",
                                 k == 0 ? "" : k + 1 == n ? last : sep, all[k]);
    return out;
}

static void usage_print(void)
{
    char games[256];
    printf("usage: tabletop [play] [--game %s%s", game_choice("|", "|", games, sizeof games),
           usage_play);
    for (size_t k = 0; k < COMMAND_COUNT; k++)
        printf("       %s\n", commands[k].usage);
    fputs(usage_end, stdout);
}

/* The game a --game value names (its name or its alias), or NULL. */
static const char *game_named(const char *value)
{
    for (size_t k = 0; k < GAME_NAME_COUNT; k++)
        if (!strcmp(value, game_names[k].name) ||
            (game_names[k].alias && !strcmp(value, game_names[k].alias)))
            return game_names[k].name;
    return NULL;
}

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
        else if (!strcmp(a, "--rules"))
            slot = &opts.rules;
        else if (!strcmp(a, "--link")) /* Go against another console */
            slot = &opts.link;
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
    /* Only the games the console has (src/games/games.def); an alias
     * (`farm`, seed 002's name for the Gomoku module) names its game. */
    if (opts.game) {
        const char *game = game_named(opts.game);
        if (!game) {
            char choice[256];
            fprintf(stderr, "tabletop: unknown game '%s' (choose %s)\n", opts.game,
                    game_choice(", ", " or ", choice, sizeof choice));
            return 2;
        }
        if (strcmp(game, opts.game))
            opts.game = game;
    }
    if (opts.rules && strcmp(opts.rules, "sw") && strcmp(opts.rules, "hw")) {
        fprintf(stderr, "tabletop: --rules wants sw or hw, not '%s'\n", opts.rules);
        return 2;
    }
    /* Any row of the registry, built or not: a backend this build lacks is
     * reported when it is opened, with how to get it. */
    if (opts.backend && !hal_backend_find(tabletop_backends, opts.backend)) {
        char choice[128];
        fprintf(stderr, "tabletop: unknown backend '%s' (choose %s)\n", opts.backend,
                hal_backend_choice(tabletop_backends, choice, sizeof choice));
        return 2;
    }
    if (opts.link) { /* a Go game against another console */
        char lerr[256];
        if (!strcmp(opts.link, "uart")) {
            /* The FPGA's own link UART, its pins wired to the HC-05 (board only). */
            if (!opts.backend || strcmp(opts.backend, "board")) {
                fprintf(stderr, "tabletop: --link uart is the board's FPGA UART (GPIO_0 to the "
                                "HC-05); on %s use tcp:, listen: or tty:\n",
                        opts.backend ? opts.backend : "sdl");
                return 2;
            }
        } else if (hal_link_spec_check(opts.link, lerr, sizeof lerr) != 0) {
            fprintf(stderr, "tabletop: %s\n", lerr);
            return 2;
        }
        if (opts.game && strcmp(opts.game, "go")) {
            fprintf(stderr, "tabletop: --link plays Go: use --game go, or leave --link out\n");
            return 2;
        }
        opts.game = "go";
        /* Seed 001's game: on the board each console judges the link game
         * with its go_rules peripheral unless --rules sw says otherwise. */
        if (!opts.rules && opts.backend && !strcmp(opts.backend, "board"))
            opts.rules = "hw";
    }
    /* An empty value would silently mean "default" (--save-dir "" used the
     * real save folder): refuse it. */
    const struct {
        const char *name, *value;
    } paths[] = {{"--script", opts.script}, {"--frames", opts.frames}, {"--wav", opts.wav},
                 {"--devmem", opts.devmem}, {"--trace", opts.trace},  {"--save-dir", opts.save_dir}};
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
        if (paths[k].value && !*paths[k].value) {
            fprintf(stderr, "tabletop: %s is empty: give a path, or leave the option out\n",
                    paths[k].name);
            return 2;
        }
    /* An option only another backend uses is refused, not ignored: the
     * user expects it to do something. */
    const char *backend = opts.backend ? opts.backend : "sdl";
    if (opts.trace && strcmp(backend, "sim")) {
        fprintf(stderr, "tabletop: --trace records the sim backend's waveform, not %s's: add "
                        "--backend sim, or leave --trace out\n", backend);
        return 2;
    }
    if (opts.devmem && strcmp(backend, "board")) {
        fprintf(stderr, "tabletop: --devmem is the board backend's memory device, not %s's: add "
                        "--backend board, or leave --devmem out\n", backend);
        return 2;
    }
    if (opts.wav && !strcmp(backend, "board")) {
        fprintf(stderr, "tabletop: --wav records the sdl and sim backends' audio stream; the "
                        "board plays through its own codec: use --backend sdl or sim, or leave "
                        "--wav out\n");
        return 2;
    }
    *opts_out = opts;
    return 0;
}

/* The deepest part of path that exists: path itself, or its nearest
 * existing ancestor (into buf).  Returns 0 and *st for it, or -1. */
static int existing_prefix(const char *path, char *buf, size_t len, struct stat *st)
{
    if (snprintf(buf, len, "%s", path) >= (int)len)
        return -1;
    for (;;) {
        if (stat(buf, st) == 0)
            return 0;
        if (errno != ENOENT && errno != ENOTDIR)
            return -1;
        char *slash = strrchr(buf, '/');
        while (slash && slash > buf && slash[1] == 0) { /* trailing slashes */
            *slash = 0;
            slash = strrchr(buf, '/');
        }
        if (!slash)
            return snprintf(buf, len, ".") < (int)len && stat(buf, st) == 0 ? 0 : -1;
        if (slash == buf)
            slash[1] = 0; /* "/" */
        else
            *slash = 0;
    }
}

/* A directory option (--frames, --save-dir): it must be a directory, or be
 * creatable below its nearest existing ancestor (a file in the way is a
 * mistake in the path), and, if must_write, writable: frames asked for
 * must be written, while a save folder that cannot be written only turns
 * the saves off (the console says so).  Returns 0, or 2 after a one-line
 * message naming the path and the fix. */
static int check_dir_option(const char *option, const char *what, const char *path,
                            int must_write)
{
    char prefix[4096];
    struct stat st;
    if (existing_prefix(path, prefix, sizeof prefix, &st) != 0) {
        fprintf(stderr, "tabletop: %s %s %s: %s: give a directory you can write\n", what,
                option, path, strerror(errno));
        return 2;
    }
    if (!S_ISDIR(st.st_mode)) {
        if (!strcmp(prefix, path))
            fprintf(stderr, "tabletop: %s %s %s is a file, not a directory: give a directory "
                            "(it is created if missing)\n", what, option, path);
        else
            fprintf(stderr, "tabletop: %s %s %s cannot be created: %s is not a directory: "
                            "give another directory\n", what, option, path, prefix);
        return 2;
    }
    if (must_write && access(prefix, W_OK | X_OK) != 0) {
        fprintf(stderr, "tabletop: %s %s %s: %s is not writable (%s): give a directory you "
                        "can write\n", what, option, path, prefix, strerror(errno));
        return 2;
    }
    return 0;
}

/* An output file option (--wav, --trace): not a directory, and in an
 * existing directory.  Whether the disk takes the bytes shows on writing. */
static int check_file_option(const char *option, const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fprintf(stderr, "tabletop: %s %s is a directory: give a file name\n", option, path);
            return 2;
        }
        return 0;
    }
    char dir[4096];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        fprintf(stderr, "tabletop: %s: path too long: %s\n", option, path);
        return 2;
    }
    char *slash = strrchr(dir, '/');
    if (!slash)
        strcpy(dir, ".");
    else if (slash == dir)
        slash[1] = 0;
    else
        *slash = 0;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "tabletop: %s %s: %s is not a directory: create it first, or give "
                        "another path\n", option, path, dir);
        return 2;
    }
    return 0;
}

/* Checks the paths the options name before anything is opened or written,
 * so a mistake costs no window and no stray file.  Returns 0 or 2. */
static int play_check_paths(const console_options_t *opts)
{
    struct stat st;
    if (opts->script && strcmp(opts->script, "-") && stat(opts->script, &st) == 0 &&
        S_ISDIR(st.st_mode)) {
        fprintf(stderr, "tabletop: --script %s is a directory: give a script file "
                        "(docs/play.md)\n", opts->script);
        return 2;
    }
    if (opts->frames && check_dir_option("--frames", "frames directory", opts->frames, 1))
        return 2;
    if (opts->save_dir &&
        check_dir_option("--save-dir", "autosave directory", opts->save_dir, 0))
        return 2;
    if (opts->wav && check_file_option("--wav", opts->wav))
        return 2;
    if (opts->trace && check_file_option("--trace", opts->trace))
        return 2;
    return 0;
}

static int play_main(int argc, char **argv, int first)
{
    console_options_t opts;
    int rc = play_parse(argc, argv, first, &opts);
    if (rc == 0)
        rc = play_check_paths(&opts);
    if (rc != 0)
        return rc;
    return console_run(&opts, console_modules);
}

int main(int argc, char **argv)
{
    if (argc >= 2) {
        const char *cmd = argv[1];
        if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
            usage_print();
            return 0;
        }
        if (!strcmp(cmd, "--version")) {
            printf("tabletop %s\n", TABLETOP_VERSION);
            return 0;
        }
        if (!strcmp(cmd, "play"))
            return play_main(argc, argv, 2);
        for (size_t k = 0; k < COMMAND_COUNT; k++)
            if (!strcmp(cmd, commands[k].name))
                return commands[k].main(argc - 1, argv + 1);
        if (cmd[0] != '-') {
            fprintf(stderr, "tabletop: unknown command '%s' (see tabletop --help)\n", cmd);
            return 2;
        }
    }
    return play_main(argc, argv, 1);
}

/*
 * fuzz_cmdline.c - the command line of `tabletop [play] ...` (src/main.c):
 * the option parser, without starting a console.
 *
 * Input: the arguments after the program name, separated by NUL bytes.
 * main.c is compiled into this target with main renamed, so the parser
 * tested is the one the program runs (play_parse is static there).
 *
 * Oracles: 0 or 2; on 0 every option points into argv and game/backend are
 * names the console knows; on 2 nothing is returned.
 */
#include "fuzz_util.h"

#define main tabletop_main_unused
#include "../../src/main.c"
#undef main

#define FUZZ_MAX_ARGS 64

static int fuzz_points_into(const char *p, char **argv, int argc)
{
    if (!p)
        return 1;
    for (int i = 0; i < argc; i++)
        if (p == argv[i])
            return 1;
    return 0;
}

static int fuzz_is_one_of(const char *s, const char *const *names)
{
    if (!s)
        return 1;
    for (; *names; names++)
        if (!strcmp(s, *names))
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    char *text = fuzz_strndup(data, size);
    char *argv[FUZZ_MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "tabletop";
    for (size_t i = 0; i <= size && argc < FUZZ_MAX_ARGS; ) {
        argv[argc++] = text + i;
        i += strlen(text + i) + 1;
    }
    argv[argc] = NULL;

    /* As main() does: an explicit `play` command, or options straight away. */
    int first = argc > 1 && !strcmp(argv[1], "play") ? 2 : 1;
    console_options_t opts;
    memset(&opts, 0x5A, sizeof opts);
    int rc = play_parse(argc, argv, first, &opts);
    FUZZ_CHECK(rc == 0 || rc == 2, "play_parse returned %d", rc);
    if (rc == 0) {
        static const char *const games[] = {"go", "connect4", "othello", "gomoku", NULL};
        static const char *const backends[] = {"sdl", "sim", "board", NULL};
        FUZZ_CHECK(fuzz_is_one_of(opts.game, games), "game '%s'", opts.game);
        FUZZ_CHECK(fuzz_is_one_of(opts.backend, backends), "backend '%s'", opts.backend);
        /* Two options may point outside argv, where the parser names the
         * game itself: --link SPEC without --game plays Go, and `--game farm`
         * (seed 002's name for the module) plays gomoku. */
        const char *game = opts.game;
        if (game && !fuzz_points_into(game, argv, argc)) {
            int named_farm = 0;
            for (int i = 1; i < argc; i++)
                named_farm |= !strcmp(argv[i], "farm");
            if ((opts.link && !strcmp(game, "go")) || (named_farm && !strcmp(game, "gomoku")))
                game = NULL;
        }
        /* And a link game on the board judges in logic unless --rules says
         * otherwise: rules "hw" of the parser's own. */
        const char *rules = opts.rules;
        if (rules && !fuzz_points_into(rules, argv, argc) && !strcmp(rules, "hw") && opts.link &&
            opts.backend && !strcmp(opts.backend, "board"))
            rules = NULL;
        const char *ptrs[] = {game,     opts.backend, opts.script, opts.frames, opts.wav,
                              opts.devmem, opts.trace, opts.save_dir, opts.link, rules};
        for (size_t k = 0; k < sizeof ptrs / sizeof ptrs[0]; k++)
            FUZZ_CHECK(fuzz_points_into(ptrs[k], argv, argc), "option %zu points outside argv", k);
        FUZZ_CHECK(opts.headless == 0 || opts.headless == 1, "headless %d", opts.headless);
        FUZZ_CHECK(opts.seed_given || opts.seed == 0, "seed without --seed");
    }
    free(text);
    return 0;
}

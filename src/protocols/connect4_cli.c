/*
 * protocols/connect4_cli.c - `tabletop connect4 ...`:
 *
 *   tabletop connect4 move POSITION [--backend sdl|sim|board] [--devmem PATH]
 *       prints the column (1-7) the AI plays in POSITION (Pascal Pons'
 *       notation: the columns played so far, e.g. 4453), the AI being the
 *       side to move.  Bad input: a one-line message and exit status 2; a
 *       mailbox that fails (timeout, illegal answer): exit status 1.
 *
 * The answer always comes through the one driver (drivers/connect4_mailbox.h) and the HAL,
 * so it exercises the same path as the console on every backend.
 */
#include <stdio.h>
#include <string.h>

#include "protocols/connect4_cli.h"
#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "hal.h"

static const char c4_cli_usage[] =
    "usage: tabletop connect4 move POSITION [--backend sdl|sim|board] [--devmem PATH]\n"
    "  POSITION: the columns played so far, digits 1-7 (e.g. 4453; \"\" for the empty board)\n";

static int c4_cli_move(int argc, char **argv)
{
    const char *position = NULL;
    hal_config_t cfg = {0};
    cfg.headless = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--backend") || !strcmp(a, "--devmem")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "tabletop connect4: option %s needs a value\n", a);
                return 2;
            }
            if (!strcmp(a, "--backend"))
                cfg.backend = argv[++i];
            else
                cfg.devmem = argv[++i];
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "tabletop connect4: unknown option '%s'\n%s", a, c4_cli_usage);
            return 2;
        } else if (position) {
            fprintf(stderr, "tabletop connect4: more than one position given ('%s', '%s')\n",
                    position, a);
            return 2;
        } else {
            position = a;
        }
    }
    if (!position) {
        fprintf(stderr, "tabletop connect4: move needs a POSITION\n%s", c4_cli_usage);
        return 2;
    }
    if (cfg.backend && strcmp(cfg.backend, "sdl") && strcmp(cfg.backend, "sim") &&
        strcmp(cfg.backend, "board")) {
        fprintf(stderr, "tabletop connect4: unknown backend '%s' (choose sdl, sim or board)\n",
                cfg.backend);
        return 2;
    }

    char err[256];
    c4_game_t g;
    if (c4_game_parse(&g, position, err, sizeof err) != C4_OK) {
        fprintf(stderr, "tabletop connect4: impossible position '%s': %s\n", position, err);
        return 2;
    }
    if (c4_game_is_over(&g)) {
        fprintf(stderr, "tabletop connect4: the game in '%s' is already over (%s)\n", position,
                g.winner ? "somebody has four in a row" : "the board is full");
        return 2;
    }

    hal_t h;
    if (hal_open(&h, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop connect4: %s\n", err);
        return 1;
    }
    int col = -1;
    c4_driver_status_t s = c4_driver_request_move(&h, &g, 0, &col, NULL, err, sizeof err);
    hal_close(&h);
    if (s != C4_DRIVER_OK) {
        fprintf(stderr, "tabletop %s\n", err);
        return 1;
    }
    printf("%d\n", col + 1);
    return 0;
}

int c4_cli_main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "move"))
        return c4_cli_move(argc - 1, argv + 1);
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(c4_cli_usage, stdout);
        return 0;
    }
    if (argc < 2)
        fprintf(stderr, "tabletop connect4: missing command\n%s", c4_cli_usage);
    else
        fprintf(stderr, "tabletop connect4: unknown command '%s'\n%s", argv[1], c4_cli_usage);
    return 2;
}

/*
 * protocols/gomoku_cli.c - `tabletop gomoku ...` one-shot queries (seed 002,
 * docs/gomoku.md):
 *
 *   tabletop gomoku forbidden MOVE...
 *   tabletop gomoku forbidden --black LIST --white LIST
 *       prints Black's forbidden points under renju, one `POINT KIND` line
 *       each (KIND: double-three, double-four, overline), in board order
 *       (a1, b1, ..., o1, a2, ...).  MOVEs alternate from Black; a LIST is
 *       points separated by commas.  Moves may also be given in one argument
 *       separated by spaces or commas.
 *   tabletop gomoku move [--level 1-3] [--rule 0|1|4] [--nodes N] [--seed N] MOVE...
 *       prints the point the AI plays for the side to move.
 *
 * Points are a1 (bottom-left) to o15.  Bad input: one line on stderr, exit 2.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocols/gomoku_cli.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"
#include "protocols/cli_args.h"

static const char gomoku_cli_usage[] =
    "usage: tabletop gomoku forbidden MOVE...\n"
    "       tabletop gomoku forbidden --black LIST --white LIST\n"
    "       tabletop gomoku move [--level 1-3] [--rule 0|1|4] [--nodes N] [--seed N] MOVE...\n"
    "  MOVE: a point a1..o15 (column a-o from the left, row 1-15 from the bottom);\n"
    "  moves alternate from Black.  LIST: points separated by commas (may be empty).\n";

/* Splits text on spaces and commas and places each point, alternating colours
 * from *colour (or all of one colour when alternate is 0).  Returns 0 or -1
 * after a one-line message. */
static int place_points(gomoku_t *g, const char *text, int *colour, int alternate)
{
    char buf[4096];
    size_t len = strlen(text);
    if (len >= sizeof buf) {
        fprintf(stderr, "tabletop gomoku: argument too long\n");
        return -1;
    }
    memcpy(buf, text, len + 1);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ,\t", &save); t; t = strtok_r(NULL, " ,\t", &save)) {
        int p;
        gomoku_status_t st = gomoku_point_parse(t, &p);
        if (st != GOMOKU_OK) {
            fprintf(stderr, "tabletop gomoku: bad point '%s' (columns a-o, rows 1-15, e.g. h8)\n", t);
            return -1;
        }
        if (gomoku_at(g, p) != GOMOKU_EMPTY) {
            if (!alternate && gomoku_at(g, p) != *colour)
                fprintf(stderr, "tabletop gomoku: point '%s' is in both --black and --white\n", t);
            else
                fprintf(stderr, "tabletop gomoku: point '%s' is given twice\n", t);
            return -1;
        }
        gomoku_set_stone(g, p, *colour);
        if (alternate)
            *colour = GOMOKU_BLACK + GOMOKU_WHITE - *colour;
    }
    return 0;
}

static int cli_forbidden(int argc, char **argv)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    int colour = GOMOKU_BLACK, lists = 0, moves = 0;
    const char *black = NULL, *white = NULL;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(gomoku_cli_usage, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--black") || !strcmp(argv[i], "--white")) {
            if (i + 1 >= argc)
                return cli_bad("gomoku", "option %s needs a list of points", argv[i]);
            if (!strcmp(argv[i], "--black")) {
                if (black)
                    return cli_bad("gomoku", "--black given twice");
                black = argv[++i];
            } else {
                if (white)
                    return cli_bad("gomoku", "--white given twice");
                white = argv[++i];
            }
            lists = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_bad("gomoku", "unknown option '%s'", argv[i]);
        } else {
            moves = 1;
            if (place_points(&g, argv[i], &colour, 1))
                return 2;
        }
    }
    if (lists && moves)
        return cli_bad("gomoku", "give either moves or --black/--white lists, not both");
    if (black) {
        colour = GOMOKU_BLACK;
        if (place_points(&g, black, &colour, 0))
            return 2;
    }
    if (white) {
        colour = GOMOKU_WHITE;
        if (place_points(&g, white, &colour, 0))
            return 2;
    }
    for (int p = 0; p < GOMOKU_CELLS; p++) {
        gomoku_forbid_t kind = gomoku_forbidden(&g, p);
        if (kind != GOMOKU_FORBID_NONE) {
            char name[4];
            gomoku_point_format(p, name);
            printf("%s %s\n", name, gomoku_forbid_name(kind));
        }
    }
    return 0;
}

static int parse_long(const char *text, long lo, long hi, long *out)
{
    char *end;
    if (!text || !*text)
        return -1;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* What `gomoku move` is asked. */
typedef struct cli_move_args {
    long level, rule, nodes, seed;
    const char *moves[GOMOKU_CELLS + 1];
    int nmoves;
} cli_move_args_t;

/* Option a with the value at argv[i + 1], if a is one.  Returns -1 if a is
 * no such option, 0 when it was read, else the exit status after the
 * message. */
static int cli_move_option(cli_move_args_t *args, int argc, char **argv, int i)
{
    const char *a = argv[i];
    long *target = NULL, lo = 0, hi = 0;
    if (!strcmp(a, "--level"))
        target = &args->level, lo = 1, hi = 3;
    else if (!strcmp(a, "--rule"))
        target = &args->rule, lo = 0, hi = 4;
    else if (!strcmp(a, "--nodes"))
        target = &args->nodes, lo = 1, hi = 1000000000L;
    else if (!strcmp(a, "--seed"))
        target = &args->seed, lo = 0, hi = 0x7fffffffL;
    if (!target)
        return -1;
    const char *want = target == &args->level  ? "1-3"
                       : target == &args->rule ? "0, 1 or 4"
                       : target == &args->seed ? "0-2147483647"
                                               : "1-1000000000";
    if (i + 1 >= argc)
        return cli_bad("gomoku", "option %s needs a value (%s)", a, want);
    if (parse_long(argv[i + 1], lo, hi, target) ||
        (target == &args->rule && args->rule != 0 && args->rule != 1 && args->rule != 4))
        return cli_bad("gomoku", "bad value '%s' for %s (%s)", argv[i + 1], a, want);
    return 0;
}

/* Reads `gomoku move`'s command line into args.  Returns -1 to go on, else
 * the exit status (0 after --help, 2 after a message). */
static int cli_move_args(int argc, char **argv, cli_move_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(gomoku_cli_usage, stdout);
            return 0;
        }
        int status = cli_move_option(args, argc, argv, i);
        if (status == 0)
            i++;
        else if (status > 0)
            return status;
        else if (a[0] == '-' && a[1] != '\0')
            return cli_bad("gomoku", "unknown option '%s'", a);
        else if (args->nmoves < GOMOKU_CELLS)
            args->moves[args->nmoves++] = a;
    }
    return -1;
}

/* Plays the moves of args on g.  Returns 0, or 2 after the message. */
static int cli_play_moves(gomoku_t *g, const cli_move_args_t *args)
{
    for (int m = 0; m < args->nmoves; m++) {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s", args->moves[m]);
        char *save = NULL;
        for (char *t = strtok_r(buf, " ,\t", &save); t; t = strtok_r(NULL, " ,\t", &save)) {
            int p;
            if (gomoku_point_parse(t, &p) != GOMOKU_OK) {
                fprintf(stderr, "tabletop gomoku: bad point '%s' (columns a-o, rows 1-15, e.g. h8)\n", t);
                return 2;
            }
            gomoku_status_t st = gomoku_play(g, p);
            if (st == GOMOKU_ERR_OCCUPIED) {
                fprintf(stderr, "tabletop gomoku: point '%s' is already taken\n", t);
                return 2;
            }
            if (st == GOMOKU_ERR_OVER) {
                fprintf(stderr, "tabletop gomoku: the game is already over before '%s'\n", t);
                return 2;
            }
        }
    }
    return 0;
}

static int cli_move(int argc, char **argv)
{
    cli_move_args_t args = {.level = 3, .rule = GOMOKU_RULE_RENJU, .seed = 1};
    int status = cli_move_args(argc, argv, &args);
    if (status >= 0)
        return status;
    gomoku_t g;
    gomoku_init(&g, (int)args.rule);
    if (cli_play_moves(&g, &args) != 0)
        return 2;
    if (g.winner) {
        fprintf(stderr, "tabletop gomoku: the game is over (%s)\n",
                g.winner == GOMOKU_DRAW ? "draw" : g.winner == GOMOKU_BLACK ? "Black won" : "White won");
        return 2;
    }
    gomoku_budget_t budget = {.max_nodes = args.nodes, .max_ms = 0};
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, (int)args.level, (uint64_t)args.seed, &budget, &info);
    if (p < 0) {
        fprintf(stderr, "tabletop gomoku: no move\n");
        return 1;
    }
    char name[4];
    gomoku_point_format(p, name);
    printf("%s\n", name);
    return 0;
}

int gomoku_cli_main(int argc, char **argv)
{
    if (argc < 2)
        return cli_bad("gomoku", "missing command (forbidden or move)");
    if (cli_is_help(argv[1])) {
        fputs(gomoku_cli_usage, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "forbidden"))
        return cli_forbidden(argc - 1, argv + 1);
    if (!strcmp(argv[1], "move"))
        return cli_move(argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return cli_bad("gomoku", "unknown option '%s'", argv[1]);
    return cli_bad("gomoku", "unknown command '%s'", argv[1]);
}

/*
 * protocols/othello_cli.c - `tabletop othello ...` one-shot queries:
 *
 *   tabletop othello perft N [--position POS] [--no-table]
 *       prints the leaves at depth N (a pass is a ply, a finished game one
 *       leaf) from the start or from POS; from depth 8 with a transposition
 *       table (32 MB) unless --no-table.
 *   tabletop othello solve [--threads N] POS   (or: solve BOARD64 SIDE)
 *       prints `score: +6` (the side to move's exact final disc
 *       difference, empties to the winner) and `move: h5` (`pass`, or
 *       `none` when the game is over); on N threads, by default one a
 *       processor (at most 8).
 *   tabletop othello move [--level 1-7] POS
 *       prints the engine's move for the side to move.
 *
 * POS: 64 characters a1..h1, a2..h2, ... (row 1 at the top), X black,
 * O white, - or . empty, then a space and the side to move (X or O) -- the
 * line format of the FFO test suites.  Bad input: one line on stderr, exit 2.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocols/othello_cli.h"
#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
#include "protocols/cli_args.h"

static const char othello_cli_usage[] =
    "usage: tabletop othello perft N [--position POS] [--no-table]\n"
    "       tabletop othello solve [--threads 1-8] POS   (or BOARD64 SIDE as two arguments)\n"
    "       tabletop othello move [--level 1-7] POS\n"
    "  POS: 64 squares a1..h8 row by row from the top (X black, O white, - empty),\n"
    "  a space, and the side to move (X or O), e.g. the FFO suites' lines.\n";

/* 1 if a reads as an option (-h, --frob) rather than a position: a
 * position may start with '-' (an empty a1), but holds only the squares'
 * and the side's letters, and is long. */
static int othello_cli_is_option(const char *a)
{
    if (a[0] != '-' || !(isalpha((unsigned char)a[1]) ||
                         (a[1] == '-' && isalpha((unsigned char)a[2]))))
        return 0;
    return strlen(a) < 40 && strspn(a, "XxOo-.* \t") != strlen(a);
}

/* Parses POS (one argument, or the squares and the side as two).  Returns 0,
 * or -1 after a one-line message. */
static int parse_position(const char *squares, const char *side, othello_board_t *b)
{
    char buf[80];
    size_t len = squares ? strlen(squares) : sizeof buf;
    if (len >= sizeof buf) {
        fprintf(stderr, "tabletop othello: a position is 64 squares and a side to move\n");
        return -1;
    }
    memcpy(buf, squares, len + 1);
    if (!side) { /* "SQUARES X" in one argument */
        char *sp = strrchr(buf, ' ');
        if (sp) {
            *sp = 0;
            side = squares + (sp - buf) + 1;
        }
    }
    if (!side || (strcmp(side, "X") && strcmp(side, "O") && strcmp(side, "x") &&
                  strcmp(side, "o"))) {
        fprintf(stderr, "tabletop othello: the position needs the side to move after the "
                        "squares: X (black) or O (white)\n");
        return -1;
    }
    int to_move = (side[0] == 'X' || side[0] == 'x') ? OTHELLO_BLACK : OTHELLO_WHITE;
    if (othello_board_from_text(b, buf, to_move) != 0) {
        int n = 0, bad = 0;
        for (const char *c = buf; *c; c++) {
            if (*c == ' ' || *c == '\t')
                continue;
            if (!bad && !strchr("XxOo-.*", *c))
                bad = (unsigned char)*c;
            n++;
        }
        if (bad)
            fprintf(stderr, "tabletop othello: bad squares: '%c' is not X, O, - or . (64 squares "
                            "a1..h8, row 1 at the top)\n", bad);
        else
            fprintf(stderr, "tabletop othello: bad squares: %d of them, not 64 (a1..h8, row 1 at "
                            "the top, of X, O, - or .)\n", n);
        return -1;
    }
    return 0;
}

static int parse_int(const char *text, int lo, int hi, int *out)
{
    char *end;
    if (!text || !*text)
        return -1;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

static int cli_perft(int argc, char **argv)
{
    othello_board_t b;
    othello_board_start(&b);
    int depth = -1, table = 1;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(othello_cli_usage, stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--no-table")) {
            table = 0;
        } else if (!strcmp(argv[i], "--position")) {
            if (i + 1 >= argc)
                return cli_bad("othello perft", "--position needs a position");
            const char *side = (i + 2 < argc && strlen(argv[i + 2]) == 1) ? argv[i + 2] : NULL;
            if (parse_position(argv[i + 1], side, &b) != 0)
                return 2;
            i += side ? 2 : 1;
        } else if (depth < 0 && parse_int(argv[i], 0, 30, &depth) == 0) {
            continue;
        } else if (othello_cli_is_option(argv[i])) {
            return cli_bad("othello perft", "unknown option '%s' (perft takes a depth "
                                   "0..30, --position POS and --no-table)", argv[i]);
        } else {
            return cli_bad("othello perft", "want a depth 0..30 and maybe --position "
                                   "POS or --no-table, not '%s'", argv[i]);
        }
    }
    if (depth < 0)
        return cli_bad("othello perft", "give a depth, e.g. tabletop othello perft 8");
    /* The table pays from depth 8 (below, allocating it costs more than it
     * saves); 2^20 entries of 32 bytes. */
    uint64_t n = (table && depth >= 8) ? othello_perft_table(&b, depth, 20)
                                       : othello_perft(&b, depth);
    printf("%llu\n", (unsigned long long)n);
    return 0;
}

/* Prints b's exact score and best move (solve, on threads), or the move of
 * level.  Returns the exit status. */
static int cli_answer(const othello_board_t *b, int solve, int level, int threads)
{
    othello_engine_t *e = solve ? othello_engine_new_sized(OTHELLO_TABLE_BITS_SOLVER)
                                : othello_engine_new();
    if (!e || (solve && othello_engine_set_threads(e, threads) != 0)) {
        fprintf(stderr, "tabletop othello: out of memory for the engine\n");
        othello_engine_free(e);
        return 1;
    }
    char mv[8];
    if (solve) {
        int best;
        int score = othello_engine_solve(e, b, &best, NULL);
        printf("score: %+d\nmove: %s\n", score,
               best == OTHELLO_NO_MOVE ? "none" : othello_format_move(best, mv));
    } else {
        othello_result_t r;
        othello_engine_think(e, b, othello_level_config(level), &r);
        printf("%s\n", r.move == OTHELLO_NO_MOVE ? "none" : othello_format_move(r.move, mv));
    }
    othello_engine_free(e);
    return 0;
}

static int cli_solve_or_move(int argc, char **argv, int solve)
{
    int level = OTHELLO_LEVEL_MAX;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = cpus < 1 ? 1 : cpus > 8 ? 8 : (int)cpus;
    const char *sq = NULL, *side = NULL;
    const char *what = solve ? "othello solve" : "othello move";
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(othello_cli_usage, stdout);
            return 0;
        }
        if (solve && !strcmp(argv[i], "--threads")) {
            if (i + 1 >= argc || parse_int(argv[i + 1], 1, 8, &threads) != 0)
                return cli_bad(what, "--threads wants 1..8");
            i++;
        } else if (!solve && !strcmp(argv[i], "--level")) {
            if (i + 1 >= argc || parse_int(argv[i + 1], OTHELLO_LEVEL_MIN, OTHELLO_LEVEL_MAX,
                                           &level) != 0)
                return cli_bad(what, "--level wants %d..%d", OTHELLO_LEVEL_MIN,
                                       OTHELLO_LEVEL_MAX);
            i++;
        } else if (othello_cli_is_option(argv[i])) {
            return cli_bad(what, "unknown option '%s'", argv[i]);
        } else if (!sq) {
            sq = argv[i];
        } else if (!side) {
            side = argv[i];
        } else {
            fprintf(stderr, "tabletop othello: unexpected '%s' after the position\n", argv[i]);
            return 2;
        }
    }
    othello_board_t b;
    if (parse_position(sq, side, &b) != 0)
        return 2;
    if (solve && 64 - othello_count(&b, 0) - othello_count(&b, 1) > 36) {
        fprintf(stderr, "tabletop othello solve: more than 36 empty squares would take "
                        "too long\n");
        return 2;
    }
    return cli_answer(&b, solve, level, threads);
}

int othello_cli_main(int argc, char **argv)
{
    if (argc < 2)
        return cli_bad("othello", "missing query (perft, solve or move)");
    if (cli_is_help(argv[1])) {
        fputs(othello_cli_usage, stdout);
        return 0;
    }
    if (!strcmp(argv[1], "perft"))
        return cli_perft(argc - 1, argv + 1);
    if (!strcmp(argv[1], "solve"))
        return cli_solve_or_move(argc - 1, argv + 1, 1);
    if (!strcmp(argv[1], "move"))
        return cli_solve_or_move(argc - 1, argv + 1, 0);
    if (othello_cli_is_option(argv[1]))
        return cli_bad("othello", "unknown option '%s'", argv[1]);
    return cli_bad("othello", "unknown query '%s' (perft, solve or move)", argv[1]);
}

/*
 * protocols/connect4_cli.c - `tabletop connect4 ...`:
 *
 *   tabletop connect4 move POSITION [--backend sdl|sim|board] [--devmem PATH]
 *       prints the column (1-7) the AI plays in POSITION (Pascal Pons'
 *       notation: the columns played so far, e.g. 4453), the AI being the
 *       side to move.  Bad input: a one-line message and exit status 2; a
 *       mailbox that fails (timeout, illegal answer): exit status 1.
 *       --level perfect asks the opening book (games/connect4/book.h) or
 *       the exact solver (solver.h) instead: a column with the best score
 *       (the fastest win, the slowest loss), ties to the centre; no
 *       hardware involved.
 *
 *   tabletop connect4 solve POSITION
 *       prints `score: N`, the position's exact score in Pascal Pons'
 *       convention (positive: the side to move wins, 22 minus the stones
 *       the winner has played; 0 a draw; negative: it loses), `move: C`,
 *       the column Perfect plays (1-7), and `best: C ...`, every column
 *       that keeps the score.
 *
 * The answer always comes through the hardware session's Connect Four AI
 * (console/console_hw.h: the mailbox's driver on the chosen backend), so it
 * exercises the same path as the console on every backend.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "protocols/connect4_cli.h"
#include "console/console_hw.h"
#include "games/connect4/book.h"
#include "games/connect4/c4_game.h"
#include "games/connect4/solver.h"
#include "protocols/cli_args.h"

static const char c4_cli_usage[] =
    "usage: tabletop connect4 move POSITION [--level seed|perfect] [--backend sdl|sim|board]\n"
    "                                [--devmem PATH]\n"
    "       tabletop connect4 solve POSITION\n"
    "  --level seed (default): the seed 004 AI in the FPGA logic, through the mailbox\n"
    "  --level perfect: the exact solver (never loses a won or drawn position)\n"
    "  POSITION: the columns played so far, digits 1-7 (e.g. 4453; \"\" for the empty board)\n";

/* Parses a position that the game can go on from.  Returns 0, or -1 after
 * one line on stderr. */
static int c4_cli_position(c4_game_t *g, const char *position)
{
    char err[256];
    if (c4_game_parse(g, position, err, sizeof err) != C4_OK) {
        fprintf(stderr, "tabletop connect4: impossible position '%s': %s\n", position, err);
        return -1;
    }
    if (c4_game_is_over(g)) {
        fprintf(stderr, "tabletop connect4: the game in '%s' is already over (%s)\n", position,
                g->winner ? "somebody has four in a row" : "the board is full");
        return -1;
    }
    return 0;
}

/* Positions searched (a few seconds) before a long solve is announced. */
#define C4_CLI_PATIENCE 30000000u

/* Every best column (bit c for column c) of a position still in play and
 * its score, from the opening book when it holds the position, else from
 * the solver; 0 after a message when the solver's table cannot be
 * allocated. */
static unsigned c4_cli_solve(const c4_game_t *g, int *score)
{
    c4_solver_pos_t p;
    c4_solver_pos_from_game(&p, g);
    unsigned cols;
    if (c4_book_lookup(&p, score, &cols) && cols)
        return cols;
    c4_solver_t *sv = c4_solver_new(C4_SOLVER_TABLE_LOG2);
    if (!sv) {
        fprintf(stderr, "tabletop connect4: out of memory for the solver's table\n");
        return 0;
    }
    /* Early positions can take hours from scratch: say so once the search
     * has gone on for a while (what it found so far stays in the table). */
    c4_solver_set_budget(sv, C4_CLI_PATIENCE);
    cols = c4_solver_best_columns(sv, &p, score);
    if (c4_solver_aborted(sv)) {
        fprintf(stderr,
                "tabletop connect4: this position is not in the opening book and takes long "
                "to solve (%d discs; the first few moves can take hours)...\n",
                p.moves);
        c4_solver_set_budget(sv, 0);
        cols = c4_solver_best_columns(sv, &p, score);
    }
    c4_solver_free(sv);
    return cols;
}

static int c4_cli_solve_cmd(int argc, char **argv)
{
    const char *position = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(c4_cli_usage, stdout);
            return 0;
        }
        if (a[0] == '-' && a[1] != 0)
            return cli_bad("connect4", "unknown option '%s'", a);
        if (position) {
            fprintf(stderr, "tabletop connect4: more than one position given ('%s', '%s')\n",
                    position, a);
            return 2;
        }
        position = a;
    }
    if (!position)
        return cli_bad("connect4", "solve needs a POSITION");
    c4_game_t g;
    if (c4_cli_position(&g, position) != 0)
        return 2;
    int score;
    unsigned cols = c4_cli_solve(&g, &score);
    if (!cols)
        return 1;
    printf("score: %d\nmove: %d\nbest:", score, c4_book_first_col(cols) + 1);
    for (int c = 0; c < C4_COLS; c++)
        if (cols & (1u << c))
            printf(" %d", c + 1);
    printf("\n");
    return 0;
}

/* What `connect4 move` is asked. */
typedef struct c4_move_args {
    const char *position;
    const char *level;
    const char *backend; /* NULL: the default backend */
    const char *devmem;  /* NULL: /dev/mem */
} c4_move_args_t;

/* Reads `connect4 move`'s command line into args.  Returns -1 to go on,
 * else the exit status (0 after --help, 2 after a message). */
static int c4_cli_move_args(int argc, char **argv, c4_move_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(c4_cli_usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--backend") || !strcmp(a, "--devmem") || !strcmp(a, "--level")) {
            if (i + 1 >= argc)
                return cli_bad("connect4", "option %s needs a value", a);
            if (!strcmp(a, "--level"))
                args->level = argv[++i];
            else if (!strcmp(a, "--backend"))
                args->backend = argv[++i];
            else
                args->devmem = argv[++i];
        } else if (a[0] == '-' && a[1] != 0) {
            return cli_bad("connect4", "unknown option '%s'", a);
        } else if (args->position) {
            fprintf(stderr, "tabletop connect4: more than one position given ('%s', '%s')\n",
                    args->position, a);
            return 2;
        } else {
            args->position = a;
        }
    }
    if (!args->position)
        return cli_bad("connect4", "move needs a POSITION");
    char why[128];
    if (args->backend && console_hw_backend_check(args->backend, why, sizeof why) != 0)
        return cli_bad("connect4", "%s", why);
    if (strcmp(args->level, "seed") && strcmp(args->level, "perfect"))
        return cli_bad("connect4", "unknown level '%s' (choose seed or perfect)", args->level);
    return -1;
}

/* Seed 004's AI in logic answers g through the hardware session (the AI
 * starts from reset, as the seed says).  Returns the exit status. */
static int c4_cli_ask_ai(const c4_move_args_t *args, const c4_game_t *g)
{
    char err[256];
    console_hw_t *hw = console_hw_open_backend(args->backend, args->devmem, err, sizeof err);
    if (!hw) {
        fprintf(stderr, "tabletop connect4: %s\n", err);
        return 1;
    }
    opponent_t *ai = console_hw_connect4_ai(hw);
    opponent_answer_t answer = {.move = -1};
    int failed = !ai;
    if (!ai)
        snprintf(err, sizeof err, "%s", "connect4: out of memory for the FPGA opponent");
    else if (ai->new_game(ai, 0, err, sizeof err) != 0 ||
             opponent_move_now(ai, g, &answer, err, sizeof err) != 0)
        failed = 1;
    console_hw_close(hw);
    if (failed) {
        fprintf(stderr, "tabletop %s\n", err);
        return 1;
    }
    printf("%d\n", answer.move + 1);
    return 0;
}

static int c4_cli_move(int argc, char **argv)
{
    c4_move_args_t args = {.level = "seed"};
    int status = c4_cli_move_args(argc, argv, &args);
    if (status >= 0)
        return status;
    c4_game_t g;
    if (c4_cli_position(&g, args.position) != 0)
        return 2;
    if (!strcmp(args.level, "perfect")) {
        int score;
        unsigned cols = c4_cli_solve(&g, &score);
        if (!cols)
            return 1;
        printf("%d\n", c4_book_first_col(cols) + 1);
        return 0;
    }
    return c4_cli_ask_ai(&args, &g);
}

int c4_cli_main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "move"))
        return c4_cli_move(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "solve"))
        return c4_cli_solve_cmd(argc - 1, argv + 1);
    if (argc >= 2 && cli_is_help(argv[1])) {
        fputs(c4_cli_usage, stdout);
        return 0;
    }
    if (argc < 2)
        return cli_bad("connect4", "missing command (move or solve)");
    if (argv[1][0] == '-')
        return cli_bad("connect4", "unknown option '%s'", argv[1]);
    return cli_bad("connect4", "unknown command '%s'", argv[1]);
}

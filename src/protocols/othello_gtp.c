/*
 * protocols/othello_gtp.c - `tabletop othello-gtp`: the Othello engine over
 * GTP v2 on stdin/stdout, speaking as gtp-rhino (GRhino's GTP front end)
 * does, so the same controllers drive either (docs/othello.md):
 *
 *   boardsize 8 (other sizes: "? unacceptable size"), clear_board, komi
 *   (accepted, unused), play COLOUR MOVE, genmove COLOUR, undo, final_score,
 *   showboard, protocol_version, name, version, known_command,
 *   list_commands, quit, time_settings and time_left (a clock bounds
 *   each genmove's search).
 *
 * MOVE is a1..h8 with row 1 at the top, or pass.  Colours must alternate as
 * in a real game: a side with no legal move passes, and when a command
 * names the other colour while the side to move has no move, that pass is
 * made first (gtp-rhino passes by itself the same way).  Any command that
 * fails answers one line "? reason" and changes nothing.
 */
#define _GNU_SOURCE /* getline */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/types.h>

#include "console/console_hw.h"
#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
#include "games/othello/session.h"
#include "gtp_dispatch.h"
#include "protocols/othello_cli.h"
#include "protocols/cli_args.h"

#define GTP_MAX_RECORD 200 /* moves in a game: 60 discs and passes */

static const char othello_gtp_usage[] =
    "usage: tabletop othello-gtp [--level 1-7] [--time SECONDS] [--machine [--backend B]]\n"
    "  Othello over GTP v2 on stdin/stdout, as gtp-rhino speaks it (docs/othello.md).\n"
    "  --level    1 (weakest) .. 7 (strongest, default)\n"
    "  --time     at most this many seconds a move (default: none; the level's depth);\n"
    "             level 7 searches deeper than its 11 plies while the time lasts\n"
    "  --machine  Black's genmove comes from the Othello machine (seed 003) through\n"
    "             its ports; it keeps its own board, so Black's moves must be its own\n"
    "  --backend  where --machine finds it: sdl (C model), sim (Verilated RTL), board\n";

typedef struct gtp_move {
    int move;      /* 0..63 or OTHELLO_PASS */
    int auto_pass; /* 1: a pass made for a side with no move, undone with the next move */
} gtp_move_t;

typedef struct othello_gtp {
    othello_board_t board;
    gtp_move_t record[GTP_MAX_RECORD];
    int n_record;
    othello_engine_t *engine;
    othello_level_t level;
    double main_time, byo_time;  /* time_settings, seconds (0, 0: no clock) */
    int byo_stones;
    double left[2];              /* time_left per colour, seconds; < 0 unknown */
    /* --machine: Black's genmove comes from the Othello machine (seed 003),
     * an opponent of the hardware session (NULL without --machine).  The
     * machine keeps its own board: m_plies are the plies it has taken part
     * in (its answers and White's moves sent), in step with the record
     * while they are a prefix of it. */
    opponent_t *machine;
    int m_seen;             /* plies the machine has been through; -1: reset it */
    int m_pending;          /* White's last move (or the opening pass) awaits its answer */
    int m_plies[GTP_MAX_RECORD];
} othello_gtp_t;

static int parse_colour(const char *s)
{
    if (!s)
        return -1;
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        return OTHELLO_BLACK;
    if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        return OTHELLO_WHITE;
    return -1;
}

static const char *colour_name(int c)
{
    return c == OTHELLO_BLACK ? "black" : "white";
}

/* Replays the record from the start. */
static void gtp_replay(othello_gtp_t *g)
{
    othello_board_start(&g->board);
    for (int i = 0; i < g->n_record; i++)
        othello_play(&g->board, g->record[i].move);
}

/* Brings the turn to colour, passing for a side without a move.  Returns 0,
 * or -1 (and the reason in err) when colour cannot move now. */
static int gtp_turn_to(othello_gtp_t *g, int colour, char *err, size_t len)
{
    if (othello_game_over(&g->board)) {
        snprintf(err, len, "game is over");
        return -1;
    }
    if (g->board.to_move == colour)
        return 0;
    if (othello_legal_moves(&g->board) != 0) {
        snprintf(err, len, "illegal move: it is %s's turn", colour_name(g->board.to_move));
        return -1;
    }
    if (g->n_record >= GTP_MAX_RECORD) {
        snprintf(err, len, "game record full");
        return -1;
    }
    othello_play(&g->board, OTHELLO_PASS);
    g->record[g->n_record].move = OTHELLO_PASS;
    g->record[g->n_record].auto_pass = 1;
    g->n_record++;
    return 0;
}

static void gtp_record(othello_gtp_t *g, int move)
{
    othello_play(&g->board, move);
    g->record[g->n_record].move = move;
    g->record[g->n_record].auto_pass = 0;
    g->n_record++;
}

/* ---- --machine ---- */

/* Black's answer from the machine for position (its move when legal
 * there), or -1 with the reason. */
static int machine_answer(othello_gtp_t *g, const othello_opponent_position_t *p, int *got,
                          char *err, size_t len)
{
    if (!g->m_pending) {
        snprintf(err, len, "%s", "machine: no answer: it waits for White's move");
        return -1;
    }
    opponent_answer_t answer;
    if (opponent_move_now(g->machine, p, &answer, err, len) != 0)
        return -1;
    *got = answer.move;
    g->m_pending = 0;
    return 0;
}

/* Ply i of the record, played from p, through the machine: Black's must be
 * its answer, White's is sent to it.  Returns 0, or -1 with the reason. */
static int machine_take_ply(othello_gtp_t *g, const othello_opponent_position_t *p, int i,
                            char *err, size_t len)
{
    int move = g->record[i].move;
    if (p->board.to_move == OTHELLO_BLACK) {
        int got;
        if (machine_answer(g, p, &got, err, len) != 0)
            return -1;
        if (got != move) {
            char a[8], w[8];
            snprintf(err, len, "the machine plays %s where the game has %s (move %d): "
                     "Black moves must be its own",
                     othello_format_move(got, a), othello_format_move(move, w), i + 1);
            return -1;
        }
    } else {
        if (g->machine->played(g->machine, p, move, err, len) != 0)
            return -1;
        g->m_pending = 1;
    }
    g->m_plies[i] = move;
    g->m_seen = i + 1;
    return 0;
}

/* Brings the machine to the record (Black to move): plays the plies it has
 * not been through, after a new game if the record went another way (undo,
 * clear_board).  Black's plies must be the ones the machine chooses: it
 * cannot be told a Black move.  Returns 0, or -1 with the reason. */
static int machine_sync(othello_gtp_t *g, char *err, size_t len)
{
    int keep = g->m_seen >= 0 && g->m_seen <= g->n_record;
    for (int i = 0; keep && i < g->m_seen; i++)
        keep = g->m_plies[i] == g->record[i].move;
    if (!keep) {
        /* The machine waits for White first: new_game's White pass lets
         * Black open. */
        if (g->machine->new_game(g->machine, 0, err, len) != 0) {
            g->m_seen = -1;
            return -1;
        }
        g->m_seen = 0;
        g->m_pending = 1;
    }
    othello_opponent_position_t p;
    othello_board_start(&p.board);
    for (int i = 0; i < g->n_record; i++) {
        if (i >= g->m_seen && machine_take_ply(g, &p, i, err, len) != 0) {
            g->m_seen = -1;
            return -1;
        }
        othello_play(&p.board, g->record[i].move);
    }
    return 0;
}

/* Black's move from the machine, legal on the board (the opponent checks
 * it).  Returns the move, or -1 with the reason in err. */
static int machine_genmove(othello_gtp_t *g, char *err, size_t len)
{
    if (machine_sync(g, err, len) != 0)
        return -1;
    othello_opponent_position_t p = {.board = g->board};
    int got;
    if (machine_answer(g, &p, &got, err, len) != 0) {
        g->m_seen = -1;
        return -1;
    }
    g->m_plies[g->n_record] = got;
    g->m_seen = g->n_record + 1;
    return got;
}

/* The level, its time limit cut to the clock when one runs: the time left
 * shared over the moves still to play (about half the empty squares), with
 * a margin for the pipes. */
static othello_level_t gtp_budget(const othello_gtp_t *g, int colour)
{
    othello_level_t lv = g->level;
    if (g->main_time <= 0 && g->byo_time <= 0)
        return lv;
    double left = g->left[colour] >= 0 ? g->left[colour] : g->main_time;
    int empties = 64 - othello_count(&g->board, 0) - othello_count(&g->board, 1);
    double share = left / ((double)empties * 0.5 + 2.0);
    if (g->byo_time > 0 && g->byo_stones > 0 && share < g->byo_time / g->byo_stones)
        share = g->byo_time / g->byo_stones;
    share = share * 0.8 - 0.05;
    if (share < 0.01)
        share = 0.01;
    if (lv.time_limit <= 0 || share < lv.time_limit)
        lv.time_limit = share;
    return lv;
}

static void show_board(const othello_gtp_t *g, char *out, size_t len)
{
    size_t n = 0;
    const char *who = othello_game_over(&g->board)
                          ? "Game ended"
                          : (g->board.to_move == OTHELLO_BLACK ? "Next move: Black"
                                                               : "Next move: White");
    n += (size_t)snprintf(out + n, len - n, "%s\n    a b c d e f g h\n", who);
    for (int r = 0; r < 8 && n < len; r++) {
        n += (size_t)snprintf(out + n, len - n, "  %d", r + 1);
        for (int c = 0; c < 8 && n < len; c++) {
            int at = othello_at(&g->board, r * 8 + c);
            n += (size_t)snprintf(out + n, len - n, " %c",
                                  at == OTHELLO_BLACK ? 'X' : at == OTHELLO_WHITE ? 'O' : '.');
        }
        if (n < len)
            n += (size_t)snprintf(out + n, len - n, r < 7 ? "\n" : "");
    }
}

/* ---- the commands (docs/othello.md); argv holds the words after the name ---- */

static int cmd_boardsize(gtp_dispatch_t *d, int argc, char **argv)
{
    char *end = NULL;
    long size = argc == 1 ? strtol(argv[0], &end, 10) : -1;
    if (argc != 1 || !end || *end || end == argv[0])
        return gtp_fail(d, "syntax error");
    if (size != 8)
        return gtp_fail(d, "unacceptable size");
    return 0;
}

static int cmd_clear_board(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    othello_gtp_t *g = gtp_dispatch_game(d);
    g->n_record = 0;
    gtp_replay(g);
    othello_engine_clear(g->engine);
    return 0;
}

static int cmd_komi(gtp_dispatch_t *d, int argc, char **argv)
{
    char *end = NULL;
    double komi = argc == 1 ? strtod(argv[0], &end) : 0;
    if (argc != 1 || !end || *end || end == argv[0] || !(komi > -1e6 && komi < 1e6))
        return gtp_fail(d, "syntax error");
    return 0;
}

static int cmd_time_settings(gtp_dispatch_t *d, int argc, char **argv)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    char *e1 = NULL, *e2 = NULL, *e3 = NULL;
    double mt = argc == 3 ? strtod(argv[0], &e1) : -1;
    double bt = argc == 3 ? strtod(argv[1], &e2) : -1;
    long bs = argc == 3 ? strtol(argv[2], &e3, 10) : -1;
    /* Written so that NaN fails too. */
    if (argc != 3 || *e1 || *e2 || *e3 || !(mt >= 0 && mt <= 1e7) || !(bt >= 0 && bt <= 1e7) ||
        bs < 0 || bs > 1000000)
        return gtp_fail(d, "syntax error (time_settings MAIN BYO_YOMI STONES)");
    g->main_time = mt;
    g->byo_time = bt;
    g->byo_stones = (int)bs;
    g->left[0] = g->left[1] = -1;
    return 0;
}

static int cmd_time_left(gtp_dispatch_t *d, int argc, char **argv)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    int colour = argc == 3 ? parse_colour(argv[0]) : -1;
    char *e1 = NULL, *e2 = NULL;
    double t = argc == 3 ? strtod(argv[1], &e1) : -1;
    long st = argc == 3 ? strtol(argv[2], &e2, 10) : -1;
    if (colour < 0 || *e1 || *e2 || !(t >= 0 && t <= 1e7) || st < 0)
        return gtp_fail(d, "syntax error (time_left black|white SECONDS STONES)");
    g->left[colour] = t;
    return 0;
}

static int cmd_play(gtp_dispatch_t *d, int argc, char **argv)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    int colour = argc == 2 ? parse_colour(argv[0]) : -1;
    int move = argc == 2 ? othello_parse_move(argv[1]) : -1;
    if (colour < 0 || move < 0)
        return gtp_fail(d, "syntax error (play black|white a1..h8|pass)");
    othello_gtp_t before = *g;
    char err[200];
    if (gtp_turn_to(g, colour, err, sizeof err) != 0) {
        *g = before;
        return gtp_fail(d, "%s", err);
    }
    if (!othello_is_legal(&g->board, move) || g->n_record >= GTP_MAX_RECORD) {
        *g = before;
        if (move == OTHELLO_PASS)
            return gtp_fail(d, "illegal move: %s has a legal move", colour_name(colour));
        return gtp_fail(d, "illegal move");
    }
    gtp_record(g, move);
    return 0;
}

static int cmd_genmove(gtp_dispatch_t *d, int argc, char **argv)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    int colour = argc == 1 ? parse_colour(argv[0]) : -1;
    if (colour < 0)
        return gtp_fail(d, "syntax error (genmove black|white)");
    if (othello_game_over(&g->board)) {
        gtp_reply(d, "pass"); /* nothing to play: as gtp-rhino */
        return 0;
    }
    othello_gtp_t before = *g;
    char err[200];
    if (gtp_turn_to(g, colour, err, sizeof err) != 0) {
        *g = before;
        return gtp_fail(d, "%s", err);
    }
    othello_result_t r;
    if (g->machine && colour == OTHELLO_BLACK) {
        r.move = g->n_record < GTP_MAX_RECORD ? machine_genmove(g, err, sizeof err) : -1;
        if (r.move < 0) {
            *g = before;
            gtp_fail(d, "%s", g->n_record < GTP_MAX_RECORD ? err : "no move");
            g->m_seen = -1; /* the machine's state is unknown: reset before its next move */
            return -1;
        }
    } else {
        othello_engine_think(g->engine, &g->board, gtp_budget(g, colour), &r);
    }
    if (r.move == OTHELLO_NO_MOVE || g->n_record >= GTP_MAX_RECORD) {
        *g = before;
        return gtp_fail(d, "no move");
    }
    gtp_record(g, r.move);
    char mv[8];
    othello_format_move(r.move, mv);
    gtp_reply(d, "%s", mv);
    return 0;
}

/* reg_genmove: the move genmove would choose, nothing played (gtp-rhino's
 * answer, "pass" when the game is over included).  With --machine the
 * software engine answers for Black too: asking the machine would move its
 * own state along. */
static int cmd_reg_genmove(gtp_dispatch_t *d, int argc, char **argv)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    int colour = argc >= 1 ? parse_colour(argv[0]) : -1;
    if (colour < 0)
        return gtp_fail(d, "syntax error");
    if (othello_game_over(&g->board)) {
        gtp_reply(d, "pass");
        return 0;
    }
    othello_gtp_t *copy = malloc(sizeof *copy);
    if (!copy)
        return gtp_fail(d, "out of memory");
    *copy = *g;
    char err[200];
    if (gtp_turn_to(copy, colour, err, sizeof err) != 0) {
        free(copy);
        return gtp_fail(d, "%s", err);
    }
    othello_result_t r;
    othello_engine_think(g->engine, &copy->board, gtp_budget(copy, colour), &r);
    free(copy);
    if (r.move == OTHELLO_NO_MOVE)
        return gtp_fail(d, "no move");
    char mv[8];
    othello_format_move(r.move, mv);
    gtp_reply(d, "%s", mv);
    return 0;
}

/* The games this engine plays: gtp-rhino's list_games and set_game. */
static int cmd_list_games(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_reply(d, "Othello");
    return 0;
}

static int cmd_set_game(gtp_dispatch_t *d, int argc, char **argv)
{
    if (argc < 1)
        return gtp_fail(d, "syntax error");
    if (strcmp(argv[0], "Othello") != 0)
        return gtp_fail(d, "unsupported game");
    return 0;
}

static int cmd_undo(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    othello_gtp_t *g = gtp_dispatch_game(d);
    if (g->n_record == 0)
        return gtp_fail(d, "cannot undo");
    g->n_record--;
    while (g->n_record > 0 && g->record[g->n_record - 1].auto_pass)
        g->n_record--;
    gtp_replay(g);
    return 0;
}

static int cmd_final_score(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    othello_gtp_t *g = gtp_dispatch_game(d);
    if (!othello_game_over(&g->board))
        return gtp_fail(d, "cannot score: the game is not over");
    int b = othello_count(&g->board, OTHELLO_BLACK), w = othello_count(&g->board, OTHELLO_WHITE);
    int empties = 64 - b - w;
    /* The empty squares go to the winner (the usual tournament rule). */
    if (b > w)
        gtp_reply(d, "B+%d", b - w + empties);
    else if (w > b)
        gtp_reply(d, "W+%d", w - b + empties);
    else
        gtp_reply(d, "0");
    return 0;
}

static int cmd_showboard(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    othello_gtp_t *g = gtp_dispatch_game(d);
    char text[512];
    show_board(g, text, sizeof text);
    gtp_reply(d, "%s", text);
    return 0;
}

/* gtp-rhino's commands, in its order (list_commands). */
static const gtp_command_t othello_gtp_commands[] = {
    GTP_STANDARD_COMMANDS,
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"undo", cmd_undo},
    {"final_score", cmd_final_score},
    {"showboard", cmd_showboard},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"reg_genmove", cmd_reg_genmove},
    {"set_game", cmd_set_game},
    {"list_games", cmd_list_games},
};

static int parse_seconds(const char *text, double *out)
{
    char *end;
    if (!text || !*text)
        return -1;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end || !(v > 0) || v > 3600)
        return -1;
    *out = v;
    return 0;
}

/* What the command line asks for. */
typedef struct othello_gtp_args {
    int level;
    double seconds;      /* --time, 0: none */
    int machine;         /* --machine */
    const char *backend; /* --backend, or NULL */
} othello_gtp_args_t;

/* --level, --time or --backend's value v.  Returns 0, or the exit status
 * after the message. */
static int othello_gtp_parse_value(othello_gtp_args_t *args, const char *a, const char *v)
{
    if (!strcmp(a, "--level")) {
        char *end;
        long l = strtol(v, &end, 10);
        if (!*v || *end || l < OTHELLO_LEVEL_MIN || l > OTHELLO_LEVEL_MAX)
            return cli_bad("othello-gtp", "--level wants %d..%d, not '%s'",
                                          OTHELLO_LEVEL_MIN, OTHELLO_LEVEL_MAX, v);
        args->level = (int)l;
    } else if (!strcmp(a, "--time")) {
        if (parse_seconds(v, &args->seconds) != 0)
            return cli_bad("othello-gtp", "--time wants seconds (0 < s <= 3600), not '%s'",
                                          v);
    } else {
        char why[128];
        if (console_hw_backend_check(v, why, sizeof why) != 0)
            return cli_bad("othello-gtp", "%s", why);
        args->backend = v;
    }
    return 0;
}

/* Reads the command line into args.  Returns -1 to go on, else the exit
 * status (0 after --help, 2 after a message). */
static int othello_gtp_parse_args(int argc, char **argv, othello_gtp_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(othello_gtp_usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--machine")) {
            args->machine = 1;
            continue;
        }
        if (strcmp(a, "--level") && strcmp(a, "--time") && strcmp(a, "--backend"))
            return cli_bad("othello-gtp", "unknown option '%s'", a);
        if (i + 1 >= argc)
            return cli_bad("othello-gtp", "option %s needs a value", a);
        int status = othello_gtp_parse_value(args, a, argv[++i]);
        if (status)
            return status;
    }
    if (args->backend && !args->machine)
        return cli_bad("othello-gtp", "--backend chooses where --machine finds the Othello "
                                      "machine: add --machine, or leave --backend out");
    return -1;
}

/* --machine: the hardware session on the chosen backend (headless), with
 * the machine found.  Returns it, or NULL after the message. */
static console_hw_t *othello_gtp_open_machine(const othello_gtp_args_t *args,
                                              opponent_t **machine)
{
    char err[256];
    console_hw_t *hw = console_hw_open_backend(args->backend ? args->backend : "sdl", NULL, err,
                                               sizeof err);
    if (hw && !(*machine = console_hw_othello_machine(hw, err, sizeof err))) {
        console_hw_close(hw);
        hw = NULL;
    }
    if (!hw)
        fprintf(stderr, "tabletop othello-gtp: %s\n", err);
    return hw;
}

/* A game with its engine and dispatcher, or NULL (out of memory). */
static gtp_dispatch_t *othello_gtp_new(const othello_gtp_args_t *args, opponent_t *machine)
{
    othello_gtp_t *g = calloc(1, sizeof *g);
    gtp_dispatch_t *d = NULL;
    if (g && (g->engine = othello_engine_new()) != NULL) {
        gtp_dispatch_config_t dc = {
            .commands = othello_gtp_commands,
            .n_commands = sizeof othello_gtp_commands / sizeof othello_gtp_commands[0],
            .game = g,
            .style = GTP_STYLE_RHINO,
            .max_words = 8,
        };
        d = gtp_dispatch_new(&dc);
    }
    if (!d) {
        if (g)
            othello_engine_free(g->engine);
        free(g);
        return NULL;
    }
    g->machine = machine;
    g->m_seen = -1;
    g->level = othello_level_config(args->level);
    if (args->seconds > 0)
        g->level.time_limit = args->seconds;
    gtp_replay(g);
    return d;
}

static void othello_gtp_free(gtp_dispatch_t *d)
{
    othello_gtp_t *g = gtp_dispatch_game(d);
    gtp_dispatch_free(d);
    othello_engine_free(g->engine);
    free(g);
}

/* Answers stdin's lines on stdout until quit or the end of input. */
static void othello_gtp_serve(gtp_dispatch_t *d)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    while (!gtp_dispatch_wants_quit(d) && (got = getline(&line, &cap, stdin)) > 0) {
        /* By length, as Go's GTP reads it: a NUL byte is dropped with the
         * other control bytes and hides nothing after it (gtp-rhino stops
         * its line there). */
        const char *response = gtp_dispatch_execute(d, line, (size_t)got);
        if (response)
            fputs(response, stdout);
        fflush(stdout);
    }
    free(line);
}

int othello_gtp_main(int argc, char **argv)
{
    othello_gtp_args_t args = {.level = OTHELLO_LEVEL_MAX};
    int status = othello_gtp_parse_args(argc, argv, &args);
    if (status >= 0)
        return status;
    opponent_t *machine = NULL;
    console_hw_t *hw = args.machine ? othello_gtp_open_machine(&args, &machine) : NULL;
    if (args.machine && !hw)
        return 1;
    gtp_dispatch_t *d = othello_gtp_new(&args, machine);
    if (!d) {
        fprintf(stderr, "tabletop othello-gtp: out of memory for the engine\n");
        console_hw_close(hw);
        return 1;
    }
    othello_gtp_serve(d);
    othello_gtp_free(d);
    console_hw_close(hw);
    return 0;
}

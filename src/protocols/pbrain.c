/*
 * protocols/pbrain.c - `tabletop pbrain`: Gomoku over the Gomocup/Piskvork
 * brain protocol on stdin/stdout (docs/gomoku.md has the whole exchange).
 *
 * Coordinates are the protocol's "x,y": x the column from the left, y the
 * row from the TOP, both from 0 (so h8 is 7,7 and a1 is 0,14).  Answers:
 *   START 15          OK (any other size: ERROR)
 *   BEGIN             our move (we are Black)
 *   TURN x,y          the opponent's move, then ours
 *   BOARD ... DONE    lines "x,y,who" (1 ours, 2 theirs, 3 a winning-line
 *                     stone of a continuous game, taken as theirs), then ours;
 *                     a block with any bad line gets ONE ERROR at DONE and
 *                     changes nothing
 *   SWAP2BOARD ... DONE  the swap2 opening (Gomocup 2020): 0 stones: we place
 *                     three ("x,y x,y x,y"); 3 stones: SWAP, our 4th stone,
 *                     or 4th and 5th; 5 stones: SWAP or our 6th stone
 *   INFO key value    nothing, ever; timeout_turn, timeout_match, time_left
 *                     (ms, held within a day; 0 or less: play at once),
 *                     rule (bits: 1 exactly five, 4 renju), max_memory ...
 *   TAKEBACK x,y      OK
 *   RESTART           OK
 *   ABOUT             name="tabletop", version=..., ...
 *   END               exit
 * Anything else gets `UNKNOWN ...`; a malformed or illegal argument gets
 * `ERROR ...` and changes nothing.  Every command gets exactly one answer
 * line (MESSAGE lines aside, which managers only show), INFO and the lines
 * inside a block none.  Control bytes (NUL included) are dropped from a
 * line as GTP does; TURN after a five or a full board is an ERROR.  Who is Black is worked out from the stone
 * counts (Black has one more stone, or as many with Black to move).
 */
#define _GNU_SOURCE /* strtok_r */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "protocols/pbrain.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"
#include "protocols/cli_args.h"

struct pbrain {
    FILE *out;            /* where answers go */
    gomoku_t g;
    int rule;
    int level;
    uint64_t seed;
    int started;
    int me, opp;          /* colours of the brain and the manager's side */
    long timeout_turn;    /* ms, 0: as fast as possible */
    long timeout_match;   /* ms, 0: no limit */
    long time_left;       /* ms, -1: unknown */
    long max_nodes;       /* 0: the level's default */
    int time_left_known;  /* an INFO time_left came */
    int over;             /* the game on the board has ended (a five, renju's foul, full) */
    int in_board;         /* between BOARD (1) or SWAP2BOARD (2) and DONE */
    int board_n;
    char board_bad[160];  /* the block's first bad line, answered at DONE */
    int board_pt[GOMOKU_CELLS];
    int board_who[GOMOKU_CELLS];
};
typedef struct pbrain brain_t;

static void brain_reset(brain_t *b)
{
    gomoku_init(&b->g, b->rule);
    b->me = GOMOKU_BLACK;
    b->opp = GOMOKU_WHITE;
    b->in_board = 0;
    b->board_n = 0;
    b->over = 0;
}

/* 1 if colour's stone at point, already on the board, ends the game (a
 * five by g's rule). */
static int stone_wins(const gomoku_t *g, int point, int colour)
{
    return gomoku_makes_five(g, point, colour);
}

/* 1 if the position on the board is a finished game: a five of either
 * colour, or no empty point. */
static int board_finished(const gomoku_t *g)
{
    int empty = 0;
    for (int p = 0; p < GOMOKU_CELLS; p++) {
        int c = gomoku_at(g, p);
        if (c == GOMOKU_EMPTY)
            empty = 1;
        else if (stone_wins(g, p, c))
            return 1;
    }
    return !empty;
}

/* One answer line (cut at 1000 characters: a manager's line is short). */
static void say(brain_t *b, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    /* clang-tidy 14's analyzer loses the va_start above in the 20x20 build
     * of this file (compiled with -include gomoku20.h) only. */
    int n = vsnprintf(text, sizeof text, fmt, ap); // NOLINT(clang-analyzer-valist.Uninitialized)
    va_end(ap);
    if (n < 0)
        return;
    fputs(text, b->out);
    fputc('\n', b->out);
    fflush(b->out);
}

/* "x,y" -> point; returns 0 or -1. */
static int parse_xy(const char *s, int *point, int *who)
{
    long v[3];
    int n = 0;
    const char *p = s;
    while (n < 3) {
        while (*p == ' ')
            p++;
        if (!isdigit((unsigned char)*p))
            return -1;
        char *end;
        errno = 0;
        v[n++] = strtol(p, &end, 10);
        if (errno)
            return -1;
        p = end;
        while (*p == ' ')
            p++;
        if (*p != ',')
            break;
        p++;
    }
    while (*p == ' ')
        p++;
    if (*p != '\0')
        return -1;
    if ((who && n != 3) || (!who && n != 2))
        return -1;
    if (v[0] < 0 || v[0] >= GOMOKU_SIZE || v[1] < 0 || v[1] >= GOMOKU_SIZE)
        return -1;
    *point = (int)((GOMOKU_SIZE - 1 - v[1]) * GOMOKU_SIZE + v[0]);
    if (who) {
        if (v[2] < 1 || v[2] > 3)
            return -1;
        *who = (int)v[2];
    }
    return 0;
}

static void point_xy(int point, int *x, int *y)
{
    *x = point % GOMOKU_SIZE;
    *y = GOMOKU_SIZE - 1 - point / GOMOKU_SIZE;
}

static int count_colour(const gomoku_t *g, int colour)
{
    int n = 0;
    for (int p = 0; p < GOMOKU_CELLS; p++)
        n += gomoku_at(g, p) == colour;
    return n;
}

/* Thinks and answers with a move. */
static void brain_move(brain_t *b)
{
    gomoku_set_to_move(&b->g, b->me);
    /* INFO clamps every time to a day (PBRAIN_MS_MAX), so * 3 fits a long. */
    long think = b->timeout_turn > 0 ? b->timeout_turn * 3 / 4 : 200;
    if (b->timeout_turn == 0)
        think = 100;
    long nodes = b->max_nodes > 0 ? b->max_nodes : 20000000L;
    if (b->time_left_known && think > b->time_left / 12)
        think = b->time_left / 12;
    if (b->time_left_known && b->time_left <= 0) {
        /* The match clock is gone: answer at once.  The AI still takes a
         * five and blocks a four before it searches; the search gets a
         * millisecond and a few hundred nodes. */
        think = 1;
        if (nodes > 300)
            nodes = 300;
    } else if (think < 1) {
        think = 1;
    } else if (think < 20 && !b->time_left_known) {
        think = 20;
    }
    gomoku_budget_t budget = {.max_nodes = nodes, .max_ms = (int)think};
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&b->g, b->level, b->seed, &budget, &info);
    if (p < 0) { /* a won or full board: any empty point keeps the manager going */
        for (int q = 0; q < GOMOKU_CELLS && p < 0; q++)
            if (gomoku_at(&b->g, q) == GOMOKU_EMPTY)
                p = q;
    }
    if (p < 0) {
        say(b, "ERROR the board is full");
        return;
    }
    gomoku_set_stone(&b->g, p, b->me);
    if (stone_wins(&b->g, p, b->me) || board_finished(&b->g))
        b->over = 1;
    b->seed = b->seed * 6364136223846793005ULL + 1;
    int x, y;
    point_xy(p, &x, &y);
    say(b, "MESSAGE %s nodes=%ld depth=%d think_ms=%ld", info.why, info.nodes, info.depth, think);
    say(b, "%d,%d", x, y);
}

/* The largest time an INFO field is taken at, in ms: one day.  A manager
 * may send any digits ("no limit" as 2^63 - 1); held at this, 75% of it and
 * 3 * it stay far inside a 32-bit long (the board's ABI) and the AI's int
 * budget, instead of overflowing into a negative budget. */
#define PBRAIN_MS_MAX 86400000L

/* A decimal INFO value, clamped to [-PBRAIN_MS_MAX, PBRAIN_MS_MAX] (digits
 * beyond long long's range clamp too); returns 0 if taken as written, 1 if
 * clamped, -1 if it is not a number. */
static int info_number(const char *val, long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (end == val || *end != '\0' || (errno && errno != ERANGE))
        return -1;
    *out = v > PBRAIN_MS_MAX ? PBRAIN_MS_MAX : v < -PBRAIN_MS_MAX ? -PBRAIN_MS_MAX : (long)v;
    return *out != v || errno == ERANGE;
}

static void brain_info(brain_t *b, char *args)
{
    char *key = strtok(args, " \t");
    char *val = key ? strtok(NULL, " \t") : NULL;
    if (!key || !val)
        return;
    long v;
    int got = info_number(val, &v);
    int numeric = got >= 0; /* a time: a clamped value is still a time */
    if (!strcasecmp(key, "timeout_turn") && numeric && v >= 0)
        b->timeout_turn = v;
    else if (!strcasecmp(key, "timeout_match") && numeric && v >= 0)
        b->timeout_match = v;
    else if (!strcasecmp(key, "time_left") && numeric) {
        b->time_left = v;
        b->time_left_known = 1;
    } else if (!strcasecmp(key, "rule") && got == 0 && v >= 0) {
        /* Caro (8) is not known: its five is played as the other bits say.
         * INFO gets no answer, not even a MESSAGE (the protocol). */
        int rule = (v & 4) ? GOMOKU_RULE_RENJU : (v & 1) ? GOMOKU_RULE_STANDARD : GOMOKU_RULE_FREESTYLE;
        b->rule = rule;
        gomoku_set_rule(&b->g, rule);
    }
    /* max_memory (never used, so never multiplied), game_type, folder,
     * evaluate: nothing to do. */
}

/* Notes the block's first bad line (answered at DONE). */
static void block_bad(brain_t *b, const char *fmt, const char *line)
{
    if (!b->board_bad[0])
        snprintf(b->board_bad, sizeof b->board_bad, fmt, line);
}

/* BOARD's DONE: the whole block checked, then applied, then our move; or
 * one ERROR and nothing changed. */
static void board_done(brain_t *b)
{
    b->in_board = 0;
    if (b->board_bad[0]) {
        say(b, "ERROR %s; the BOARD block is refused, nothing changed", b->board_bad);
        return;
    }
    gomoku_t t;
    gomoku_init(&t, b->rule);
    int mine = 0, theirs = 0, continuous = 0;
    for (int i = 0; i < b->board_n; i++) {
        if (b->board_who[i] == 1)
            mine++;
        else
            theirs++;
        continuous |= b->board_who[i] == 3;
    }
    int me = theirs > mine ? GOMOKU_WHITE : GOMOKU_BLACK;
    int opp = me == GOMOKU_BLACK ? GOMOKU_WHITE : GOMOKU_BLACK;
    for (int i = 0; i < b->board_n; i++)
        gomoku_set_stone(&t, b->board_pt[i], b->board_who[i] == 1 ? me : opp);
    /* A continuous game keeps its winning lines on the board (who 3). */
    if (!continuous && board_finished(&t)) {
        say(b, "ERROR the BOARD holds a finished game (a five or a full board); nothing changed");
        return;
    }
    b->g = t;
    b->me = me;
    b->opp = opp;
    b->over = 0;
    brain_move(b);
}

/* The side to move's best point in g with a short search, and its value for
 * that side (info.score). */
static int swap2_search(brain_t *b, const gomoku_t *g, int *score)
{
    gomoku_budget_t budget = {.max_nodes = b->max_nodes > 0 ? b->max_nodes : 200000L,
                              .max_ms = b->timeout_turn > 0 ? (int)(b->timeout_turn * 3 / 10) : 100};
    if (b->time_left_known && budget.max_ms > b->time_left / 12)
        budget.max_ms = (int)(b->time_left / 12);
    if (budget.max_ms < 1)
        budget.max_ms = 1;
    gomoku_ai_info_t info = {0};
    int p = gomoku_ai_move(g, b->level, b->seed, &budget, &info);
    *score = info.score;
    return p;
}

/* SWAP2BOARD's DONE (the Gomocup 2020 extension): 0 stones, we open with
 * three; 3 stones (we would be White), SWAP or our 4th stone; 5 stones (we
 * choose a colour), SWAP or White's 6th stone.  The position is not kept:
 * the manager sends BOARD for the game that follows. */
static void swap2_done(brain_t *b)
{
    b->in_board = 0;
    int n = b->board_n;
    if (!b->board_bad[0] && n != 0 && n != 3 && n != 5)
        snprintf(b->board_bad, sizeof b->board_bad, "SWAP2BOARD with %d stones (0, 3 or 5)", n);
    if (b->board_bad[0]) {
        say(b, "ERROR %s; the SWAP2BOARD block is refused, nothing changed", b->board_bad);
        return;
    }
    if (n == 0) {
        /* Black in the centre, White diagonally next to it, Black a knight's
         * move away (on 15x15: 7,7 8,6 6,5, h8 i9 g10). */
        int c = GOMOKU_SIZE / 2;
        say(b, "%d,%d %d,%d %d,%d", c, c, c + 1, c - 1, c - 1, c - 2);
        return;
    }
    gomoku_t t;
    gomoku_init(&t, b->rule);
    for (int i = 0; i < n; i++)
        gomoku_set_stone(&t, b->board_pt[i], i % 2 ? GOMOKU_WHITE : GOMOKU_BLACK);
    if (board_finished(&t)) {
        say(b, "ERROR the SWAP2BOARD stones hold a five; nothing changed");
        return;
    }
    gomoku_set_to_move(&t, GOMOKU_WHITE);
    int score, p = swap2_search(b, &t, &score);
    /* White's value of the position: below zero, Black is the better side
     * to hold and we take it. */
    if (p < 0 || score < 0) {
        say(b, "SWAP");
        return;
    }
    int x, y;
    point_xy(p, &x, &y);
    say(b, "%d,%d", x, y);
}

/* One line inside a BOARD or SWAP2BOARD block. */
static void block_line(brain_t *b, const char *s)
{
    int p, who = 1;
    int swap2 = b->in_board == 2;
    if (parse_xy(s, &p, swap2 ? NULL : &who)) {
        char what[120];
        snprintf(what, sizeof what, "bad %s line '%%.60s' (want x,y%s with x,y in 0-%d)",
                 swap2 ? "SWAP2BOARD" : "BOARD", swap2 ? "" : ",1|2|3", GOMOKU_SIZE - 1);
        block_bad(b, what, s);
        return;
    }
    for (int i = 0; i < b->board_n; i++)
        if (b->board_pt[i] == p) {
            block_bad(b, "point %.60s given twice", s);
            return;
        }
    if (b->board_n >= GOMOKU_CELLS) {
        block_bad(b, "%.60s: more stones than points", s);
        return;
    }
    b->board_pt[b->board_n] = p;
    b->board_who[b->board_n++] = who;
}

/* The longest line kept, terminator included; leading and trailing blanks
 * do not count (managers pad lines: issue 52's 60 spaces before START 20). */
#define PBRAIN_LINE_CAP 1024

/* GTP's preprocessing (docs/gtp.md) of byte c into buf, which holds k
 * bytes (at most cap - 1 are kept): control bytes other than HT dropped,
 * NUL included, so that one never hides the rest of a line; HT becomes a
 * space; leading blanks skipped.  Returns 1 when c is a byte beyond the
 * cap that cuts the line (anything but a blank), else 0. */
static int line_put(char *buf, size_t *k, size_t cap, unsigned char c)
{
    if (c == '\t')
        c = ' ';
    else if (c < 32 || c == 127)
        return 0;
    if (c == ' ' && *k == 0)
        return 0;
    if (*k + 1 >= cap)
        return c != ' '; /* a trailing blank: not kept, not a cut */
    buf[(*k)++] = (char)c;
    return 0;
}

/* The line of n bytes at line (up to its newline) through line_put into
 * buf; returns 1 if it was cut. */
static int clean_line(const char *line, size_t n, char *buf, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && line[i] != '\n'; i++)
        if (line_put(buf, &k, cap, (unsigned char)line[i])) {
            buf[k] = '\0';
            return 1;
        }
    buf[k] = '\0';
    return 0;
}

/* A line s inside a BOARD or SWAP2BOARD block (cut: it was too long).
 * Returns 0 after END, else 1. */
static int block_input(brain_t *b, const char *s, int cut)
{
    if (!strcasecmp(s, "DONE")) {
        if (b->in_board == 2)
            swap2_done(b);
        else
            board_done(b);
        return 1;
    }
    if (!strcasecmp(s, "END"))
        return 0;
    if (cut)
        block_bad(b, "%s", "a line too long");
    else
        block_line(b, s);
    return 1;
}

static void cmd_start(brain_t *b, const char *args)
{
    char *end;
    errno = 0;
    long size = strtol(args, &end, 10);
    if (*args == '\0' || *end != '\0' || errno) {
        say(b, "ERROR START needs the board size");
        return;
    }
    if (size != GOMOKU_SIZE) {
        say(b, "ERROR unsupported size %ld: 15 or 20", size);
        return;
    }
    b->started = 1;
    brain_reset(b);
    say(b, "OK");
}

/* Before START: BEGIN, TURN, a block, TAKEBACK and RESTART are refused;
 * returns 1 if cmd was one of them. */
static int refuse_unstarted(brain_t *b, const char *cmd, int is_block)
{
    if (strcasecmp(cmd, "BEGIN") && strcasecmp(cmd, "TURN") && !is_block &&
        strcasecmp(cmd, "TAKEBACK") && strcasecmp(cmd, "RESTART"))
        return 0;
    if (is_block) {
        /* The block's lines must not be read as commands: it is taken in
         * whole and refused at DONE. */
        b->in_board = !strcasecmp(cmd, "BOARD") ? 1 : 2;
        b->board_n = 0;
        snprintf(b->board_bad, sizeof b->board_bad, "%s",
                 "no game: send START 15 or START 20 first");
        return 1;
    }
    say(b, "ERROR no game: send START 15 or START 20 first");
    return 1;
}

static void cmd_begin(brain_t *b)
{
    if (b->g.stones != 0) {
        say(b, "ERROR BEGIN on a board that is not empty");
        return;
    }
    b->me = GOMOKU_BLACK;
    b->opp = GOMOKU_WHITE;
    brain_move(b);
}

static void cmd_turn(brain_t *b, const char *args)
{
    int p;
    if (parse_xy(args, &p, NULL)) {
        say(b, "ERROR bad TURN '%.60s' (want x,y with x,y in 0-%d)", args, GOMOKU_SIZE - 1);
        return;
    }
    if (b->over) {
        say(b, "ERROR the game is over (a five or a full board): send RESTART or START");
        return;
    }
    if (gomoku_at(&b->g, p) != GOMOKU_EMPTY) {
        say(b, "ERROR point %s is already taken", args);
        return;
    }
    int me = b->me, opp = b->opp;
    if (count_colour(&b->g, b->me) + count_colour(&b->g, b->opp) == 0) {
        me = GOMOKU_WHITE; /* the manager's side opened: it is Black */
        opp = GOMOKU_BLACK;
    }
    int foul = b->g.rule == GOMOKU_RULE_RENJU && opp == GOMOKU_BLACK &&
               gomoku_forbidden(&b->g, p) != GOMOKU_FORBID_NONE;
    gomoku_set_stone(&b->g, p, opp);
    if (foul || stone_wins(&b->g, p, opp) || board_finished(&b->g)) {
        /* Their move ended the game: nothing to answer with; it is taken
         * back so that the refused command changes nothing. */
        gomoku_set_stone(&b->g, p, GOMOKU_EMPTY);
        say(b, "ERROR %s ends the game (a five, renju's foul or a full board): no move to "
               "answer", args);
        return;
    }
    b->me = me;
    b->opp = opp;
    brain_move(b);
}

static void cmd_takeback(brain_t *b, const char *args)
{
    int p;
    if (parse_xy(args, &p, NULL)) {
        say(b, "ERROR bad TAKEBACK '%.60s' (want x,y with x,y in 0-%d)", args, GOMOKU_SIZE - 1);
        return;
    }
    if (gomoku_at(&b->g, p) == GOMOKU_EMPTY) {
        say(b, "ERROR no stone at %s", args);
        return;
    }
    gomoku_set_stone(&b->g, p, GOMOKU_EMPTY);
    b->over = board_finished(&b->g);
    say(b, "OK");
}

/* One command outside a block (END aside) with its arguments. */
static void brain_command(brain_t *b, const char *cmd, char *args)
{
    int is_block = !strcasecmp(cmd, "BOARD") || !strcasecmp(cmd, "SWAP2BOARD");
    if (!strcasecmp(cmd, "ABOUT"))
        say(b, "name=\"tabletop\", version=\"%s\", author=\"tabletop project\", country=\"\", "
            "www=\"\", email=\"\"", TABLETOP_VERSION);
    else if (!strcasecmp(cmd, "INFO"))
        brain_info(b, args);
    else if (!strcasecmp(cmd, "START"))
        cmd_start(b, args);
    else if (!strcasecmp(cmd, "RECTSTART"))
        say(b, "ERROR rectangular boards are not supported: 15x15 or 20x20");
    else if (!b->started && refuse_unstarted(b, cmd, is_block))
        return;
    else if (!strcasecmp(cmd, "RESTART")) {
        brain_reset(b);
        say(b, "OK");
    } else if (!strcasecmp(cmd, "BEGIN"))
        cmd_begin(b);
    else if (!strcasecmp(cmd, "TURN"))
        cmd_turn(b, args);
    else if (is_block) {
        b->in_board = !strcasecmp(cmd, "BOARD") ? 1 : 2;
        b->board_n = 0;
        b->board_bad[0] = '\0';
        if (*args)
            block_bad(b, "%s takes no argument", cmd);
    } else if (!strcasecmp(cmd, "TAKEBACK"))
        cmd_takeback(b, args);
    else
        say(b, "UNKNOWN command '%.60s'", cmd);
}

int pbrain_line_n(pbrain_t *b, const char *raw, size_t raw_n)
{
    char line[PBRAIN_LINE_CAP];
    int cut = clean_line(raw, raw_n, line, sizeof line);
    /* strip trailing spaces */
    size_t n = strlen(line);
    while (n > 0 && line[n - 1] == ' ')
        line[--n] = '\0';
    char *s = line;
    while (*s == ' ')
        s++;
    if (*s == '\0')
        return 1;
    if (b->in_board)
        return block_input(b, s, cut);
    if (cut) {
        say(b, "ERROR line too long");
        return 1;
    }
    char *args = s;
    while (*args && *args != ' ')
        args++;
    if (*args)
        *args++ = '\0';
    while (*args == ' ')
        args++;
    if (!strcasecmp(s, "END"))
        return 0;
    brain_command(b, s, args);
    return 1;
}

int pbrain_line(pbrain_t *b, char *line)
{
    return pbrain_line_n(b, line, strlen(line));
}

int pbrain_in_block(const pbrain_t *b)
{
    return b->in_board != 0;
}


pbrain_t *pbrain_new(FILE *out, int rule, int level, long max_nodes, uint64_t seed)
{
    brain_t *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->out = out;
    b->rule = rule == GOMOKU_RULE_STANDARD || rule == GOMOKU_RULE_RENJU ? rule : GOMOKU_RULE_FREESTYLE;
    b->level = level < 1 ? 1 : level > 3 ? 3 : level;
    b->max_nodes = max_nodes;
    b->seed = seed;
    b->time_left = -1;
    b->timeout_turn = 5000;
    brain_reset(b);
    return b;
}

void pbrain_free(pbrain_t *b)
{
    free(b);
}

#ifndef PBRAIN_SECOND_SIZE /* the command itself once, in the 15x15 build */
static const char pbrain_usage[] =
    "usage: tabletop pbrain [--rule 0|1|4] [--level 1-3] [--nodes N] [--seed N]\n"
    "  Gomoku over the Gomocup/Piskvork protocol on stdin/stdout (docs/gomoku.md).\n"
    "  --rule: 0 five or more wins, 1 exactly five, 4 renju (INFO rule overrides).\n";

/* Reads one line from in into buf (cap + 1 bytes) with memory bounded
 * whatever the manager sends: each byte goes through line_put as
 * clean_line puts it (at most cap - 1 kept), and past them one more byte
 * that is not a blank, so that clean_line still reports the cut.  Returns
 * the bytes kept, -1 at the end of input with nothing read. */
static long read_line_bounded(FILE *in, char *buf, size_t cap)
{
    size_t k = 0;
    int any = 0, c;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        if (line_put(buf, &k, cap, (unsigned char)c) && k + 1 == cap)
            buf[k++] = (char)c; /* the cut's witness */
    }
    if (!any)
        return -1;
    buf[k] = '\0';
    return (long)k;
}

/* What the command line asks for. */
typedef struct pbrain_args {
    int rule, level;
    long max_nodes;
    uint64_t seed;
} pbrain_args_t;

/* Option a with its value v.  Returns 0, or the exit status after the
 * message. */
static int pbrain_parse_value(pbrain_args_t *args, const char *a, const char *v)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    int bad = errno || *end || n < 0;
    if (!strcmp(a, "--rule") && !bad && (n == 0 || n == 1 || n == 4))
        args->rule = (int)n;
    else if (!strcmp(a, "--level") && !bad && n >= 1 && n <= 3)
        args->level = (int)n;
    else if (!strcmp(a, "--nodes") && !bad && n >= 1)
        args->max_nodes = n;
    else if (!strcmp(a, "--seed") && !bad)
        args->seed = (uint64_t)n;
    else
        return cli_bad("pbrain", "bad value '%s' for %s (%s)", v, a,
                                 !strcmp(a, "--rule")    ? "0, 1 or 4"
                                 : !strcmp(a, "--level") ? "1-3"
                                                         : "a number");
    return 0;
}

/* Reads the command line into args.  Returns -1 to go on, else the exit
 * status (0 after --help, 2 after a message). */
static int pbrain_parse_args(int argc, char **argv, pbrain_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(pbrain_usage, stdout);
            return 0;
        }
        if (strcmp(a, "--rule") && strcmp(a, "--level") && strcmp(a, "--nodes") &&
            strcmp(a, "--seed"))
            return cli_bad("pbrain", "unknown option '%s'", a);
        if (i + 1 >= argc || !*argv[i + 1])
            return cli_bad("pbrain", "option %s needs a value", a);
        int status = pbrain_parse_value(args, a, argv[++i]);
        if (status)
            return status;
    }
    return -1;
}

/* Hands the got bytes of line to the brain of its board size: START picks
 * one (*on20), INFO goes to both, so settings outlive a change of size.
 * Returns 0 after END, else 1. */
static int pbrain_route_line(pbrain_t *b15, pbrain_t *b20, int *on20, const char *line,
                             size_t got)
{
    int in_block = *on20 ? pbrain20_in_block(b20) : pbrain_in_block(b15);
    /* The command word and its argument, read as pbrain_line_n reads them. */
    char head[PBRAIN_LINE_CAP]; /* as long as pbrain_line_n's: the same words */
    clean_line(line, got, head, sizeof head);
    char *save = NULL, *word = strtok_r(head, " ", &save);
    char *arg = word ? strtok_r(NULL, " ", &save) : NULL;
    if (!in_block && word && arg && !strcasecmp(word, "START")) {
        char *end;
        errno = 0;
        long size = strtol(arg, &end, 10);
        if (!errno && !*end && (size == 15 || size == 20))
            *on20 = size == 20;
    }
    if (!in_block && word && !strcasecmp(word, "INFO")) {
        pbrain20_line_n(b20, line, got);
        return pbrain_line_n(b15, line, got);
    }
    return *on20 ? pbrain20_line_n(b20, line, got) : pbrain_line_n(b15, line, got);
}

int pbrain_main(int argc, char **argv)
{
    pbrain_args_t args = {.rule = GOMOKU_RULE_FREESTYLE, .level = 3, .seed = 1};
    int status = pbrain_parse_args(argc, argv, &args);
    if (status >= 0)
        return status;
    /* One brain a board size: 15x15 (renju's, seed 002's) and 20x20 (the
     * Gomocup's freestyle and standard tournaments, gomoku20.h). */
    pbrain_t *b15 = pbrain_new(stdout, args.rule, args.level, args.max_nodes, args.seed);
    pbrain_t *b20 = pbrain20_new(stdout, args.rule, args.level, args.max_nodes, args.seed);
    if (!b15 || !b20) {
        fprintf(stderr, "tabletop pbrain: out of memory\n");
        pbrain_free(b15);
        pbrain20_free(b20);
        return 1;
    }
    int on20 = 0;
    char line[PBRAIN_LINE_CAP + 1];
    long got;
    /* Bounded: a line without end must not take the memory with it. */
    while ((got = read_line_bounded(stdin, line, PBRAIN_LINE_CAP)) >= 0)
        if (!pbrain_route_line(b15, b20, &on20, line, (size_t)got))
            break;
    pbrain_free(b15);
    pbrain20_free(b20);
    return 0;
}
#endif

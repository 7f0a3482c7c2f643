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
 *                     stone of a continuous game, taken as theirs), then ours
 *   INFO key value    nothing; timeout_turn, timeout_match, time_left (ms),
 *                     rule (bits: 1 exactly five, 4 renju), max_memory ...
 *   TAKEBACK x,y      OK
 *   RESTART           OK
 *   ABOUT             name="tabletop", version=..., ...
 *   END               exit
 * Anything else gets `UNKNOWN ...`; a malformed or illegal argument gets
 * `ERROR ...` and changes nothing.  Who is Black is worked out from the stone
 * counts (Black has one more stone, or as many with Black to move).
 */
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
    int in_board;         /* between BOARD and DONE */
    int board_n;
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
}

/* One answer line (cut at 1000 characters: a manager's line is short). */
static void say(brain_t *b, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
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

/* Black has one more stone, or as many with Black to move: colours follow
 * from the counts when the brain is to move. */
static void brain_colours(brain_t *b, int mine, int theirs)
{
    if (theirs > mine) {
        b->me = GOMOKU_WHITE;
        b->opp = GOMOKU_BLACK;
    } else {
        b->me = GOMOKU_BLACK;
        b->opp = GOMOKU_WHITE;
    }
    gomoku_set_to_move(&b->g, b->me);
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
    long think = b->timeout_turn > 0 ? b->timeout_turn * 6 / 10 : 200;
    if (b->timeout_turn == 0)
        think = 100;
    if (b->time_left > 0 && think > b->time_left / 12)
        think = b->time_left / 12;
    if (think < 20)
        think = 20;
    gomoku_budget_t budget = {.max_nodes = b->max_nodes > 0 ? b->max_nodes : 20000000L,
                              .max_ms = (int)think};
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
    b->seed = b->seed * 6364136223846793005ULL + 1;
    int x, y;
    point_xy(p, &x, &y);
    say(b, "MESSAGE %s nodes=%ld depth=%d think_ms=%ld", info.why, info.nodes, info.depth, think);
    say(b, "%d,%d", x, y);
}

static void brain_info(brain_t *b, char *args)
{
    char *key = strtok(args, " \t");
    char *val = key ? strtok(NULL, " \t") : NULL;
    if (!key || !val)
        return;
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    int numeric = !errno && *end == '\0';
    if (!strcasecmp(key, "timeout_turn") && numeric && v >= 0)
        b->timeout_turn = v;
    else if (!strcasecmp(key, "timeout_match") && numeric && v >= 0)
        b->timeout_match = v;
    else if (!strcasecmp(key, "time_left") && numeric)
        b->time_left = v;
    else if (!strcasecmp(key, "rule") && numeric) {
        int rule = (v & 4) ? GOMOKU_RULE_RENJU : (v & 1) ? GOMOKU_RULE_STANDARD : GOMOKU_RULE_FREESTYLE;
        if (v & 8)
            say(b, "MESSAGE caro rule not supported: playing %s", rule == GOMOKU_RULE_RENJU ? "renju" : "five");
        b->rule = rule;
        gomoku_set_rule(&b->g, rule);
    }
    /* max_memory, game_type, folder, evaluate: nothing to do. */
}

int pbrain_line(pbrain_t *b, char *line)
{
    /* strip the line ending and trailing spaces */
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0')
        return 1;
    if (b->in_board) {
        if (!strcasecmp(s, "DONE")) {
            b->in_board = 0;
            gomoku_init(&b->g, b->rule);
            int mine = 0, theirs = 0;
            for (int i = 0; i < b->board_n; i++) {
                if (b->board_who[i] == 1)
                    mine++;
                else
                    theirs++;
            }
            brain_colours(b, mine, theirs);
            for (int i = 0; i < b->board_n; i++)
                gomoku_set_stone(&b->g, b->board_pt[i], b->board_who[i] == 1 ? b->me : b->opp);
            brain_move(b);
            return 1;
        }
        int p, who;
        if (parse_xy(s, &p, &who)) {
            say(b, "ERROR bad BOARD line '%s' (want x,y,1|2|3 with x,y in 0-14)", s);
            return 1;
        }
        for (int i = 0; i < b->board_n; i++)
            if (b->board_pt[i] == p) {
                say(b, "ERROR point %s given twice in BOARD", s);
                return 1;
            }
        b->board_pt[b->board_n] = p;
        b->board_who[b->board_n++] = who;
        return 1;
    }
    char *args = s;
    while (*args && *args != ' ' && *args != '\t')
        args++;
    if (*args)
        *args++ = '\0';
    while (*args == ' ' || *args == '\t')
        args++;
    const char *cmd = s;
    if (!strcasecmp(cmd, "END"))
        return 0;
    if (!strcasecmp(cmd, "ABOUT")) {
        say(b, "name=\"tabletop\", version=\"%s\", author=\"tabletop project\", country=\"\", "
            "www=\"\", email=\"\"", TABLETOP_VERSION);
        return 1;
    }
    if (!strcasecmp(cmd, "INFO")) {
        brain_info(b, args);
        return 1;
    }
    if (!strcasecmp(cmd, "START")) {
        char *end;
        long size = strtol(args, &end, 10);
        if (*args == '\0' || *end != '\0') {
            say(b, "ERROR START needs the board size");
            return 1;
        }
        if (size != GOMOKU_SIZE) {
            say(b, "ERROR unsupported size %ld: only 15", size);
            return 1;
        }
        b->started = 1;
        brain_reset(b);
        say(b, "OK");
        return 1;
    }
    if (!strcasecmp(cmd, "RECTSTART")) {
        say(b, "ERROR rectangular boards are not supported: only 15x15");
        return 1;
    }
    if (!b->started) {
        if (!strcasecmp(cmd, "BEGIN") || !strcasecmp(cmd, "TURN") || !strcasecmp(cmd, "BOARD") ||
            !strcasecmp(cmd, "TAKEBACK") || !strcasecmp(cmd, "RESTART")) {
            say(b, "ERROR no game: send START 15 first");
            return 1;
        }
    }
    if (!strcasecmp(cmd, "RESTART")) {
        brain_reset(b);
        say(b, "OK");
        return 1;
    }
    if (!strcasecmp(cmd, "BEGIN")) {
        if (b->g.stones != 0) {
            say(b, "ERROR BEGIN on a board that is not empty");
            return 1;
        }
        b->me = GOMOKU_BLACK;
        b->opp = GOMOKU_WHITE;
        brain_move(b);
        return 1;
    }
    if (!strcasecmp(cmd, "TURN")) {
        int p;
        if (parse_xy(args, &p, NULL)) {
            say(b, "ERROR bad TURN '%s' (want x,y with x,y in 0-14)", args);
            return 1;
        }
        if (gomoku_at(&b->g, p) != GOMOKU_EMPTY) {
            say(b, "ERROR point %s is already taken", args);
            return 1;
        }
        if (count_colour(&b->g, b->me) + count_colour(&b->g, b->opp) == 0) {
            b->me = GOMOKU_WHITE; /* the manager's side opened: it is Black */
            b->opp = GOMOKU_BLACK;
        }
        gomoku_set_stone(&b->g, p, b->opp);
        brain_move(b);
        return 1;
    }
    if (!strcasecmp(cmd, "BOARD")) {
        b->in_board = 1;
        b->board_n = 0;
        return 1;
    }
    if (!strcasecmp(cmd, "TAKEBACK")) {
        int p;
        if (parse_xy(args, &p, NULL)) {
            say(b, "ERROR bad TAKEBACK '%s' (want x,y with x,y in 0-14)", args);
            return 1;
        }
        if (gomoku_at(&b->g, p) == GOMOKU_EMPTY) {
            say(b, "ERROR no stone at %s", args);
            return 1;
        }
        gomoku_set_stone(&b->g, p, GOMOKU_EMPTY);
        say(b, "OK");
        return 1;
    }
    say(b, "UNKNOWN command '%s'", cmd);
    return 1;
}

static const char pbrain_usage[] =
    "usage: tabletop pbrain [--rule 0|1|4] [--level 1-3] [--nodes N] [--seed N]\n"
    "  Gomoku over the Gomocup/Piskvork protocol on stdin/stdout (docs/gomoku.md).\n"
    "  --rule: 0 five or more wins, 1 exactly five, 4 renju (INFO rule overrides).\n";

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

int pbrain_main(int argc, char **argv)
{
    int rule = GOMOKU_RULE_FREESTYLE, level = 3;
    long max_nodes = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(pbrain_usage, stdout);
            return 0;
        }
        if (!strcmp(a, "--rule") || !strcmp(a, "--level") || !strcmp(a, "--nodes") || !strcmp(a, "--seed")) {
            char *end;
            if (i + 1 >= argc || !*argv[i + 1]) {
                fprintf(stderr, "tabletop pbrain: option %s needs a value\n", a);
                return 2;
            }
            errno = 0;
            long v = strtol(argv[++i], &end, 10);
            int bad = errno || *end || v < 0;
            if (!strcmp(a, "--rule") && !bad && (v == 0 || v == 1 || v == 4))
                rule = (int)v;
            else if (!strcmp(a, "--level") && !bad && v >= 1 && v <= 3)
                level = (int)v;
            else if (!strcmp(a, "--nodes") && !bad && v >= 1)
                max_nodes = v;
            else if (!strcmp(a, "--seed") && !bad)
                seed = (uint64_t)v;
            else {
                fprintf(stderr, "tabletop pbrain: bad value '%s' for %s (%s)\n", argv[i], a,
                        !strcmp(a, "--rule") ? "0, 1 or 4" : !strcmp(a, "--level") ? "1-3" : "a number");
                return 2;
            }
            continue;
        }
        fprintf(stderr, "tabletop pbrain: unknown option '%s'\n%s", a, pbrain_usage);
        return 2;
    }
    pbrain_t *b = pbrain_new(stdout, rule, level, max_nodes, seed);
    if (!b) {
        fprintf(stderr, "tabletop pbrain: out of memory\n");
        return 1;
    }
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        if (!strchr(line, '\n') && !feof(stdin)) {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            say(b, "ERROR line too long");
            continue;
        }
        if (!pbrain_line(b, line))
            break;
    }
    pbrain_free(b);
    return 0;
}

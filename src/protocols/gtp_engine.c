/*
 * gtp_engine.c - GTP v2 commands over the Go rules engine and the ai.
 *
 * Protocol details that are choices, not the spec's words, are listed in
 * docs/gtp.md.  The position is always the replay of `record`'s setup and
 * the engine's move list (`moves`, grown as the game goes: no cap on a
 * game's length): undo pops a move and replays, komi replays with the new
 * komi, loadsgf replaces both.  Replaying a few hundred moves costs far
 * less than one genmove, and keeps one source of truth.
 */
#include "gtp_engine.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/file_atomic.h"
#include "config.h"
#include "games/go/ai.h"
#include "games/go/sgf.h"
#include "games/go/status.h"
#include "gtp_dispatch.h"

/* Words on a line, id and command included: set_free_handicap may list
 * every point of a 19x19 board but one. */
#define GTP_MAX_ARGS (BOARD_MAX_SIZE * BOARD_MAX_SIZE + 2)
#define GTP_NAME "tabletop"

/* Milliseconds of safety per move when a clock runs: the pipe, the process
 * and the search's own start and end (keeping the last tree, joining its
 * threads) take a few; 250 cost level 3 a third of a one-second move. */
#define GTP_TIME_MARGIN_MS 60
/* time_settings / time_left values are cut to this many seconds (or
 * stones): about 31 years, more than any game needs. */
#define GTP_TIME_MAX 1000000000
/* The largest komi taken, in points: its half points fit an int. */
#define GTP_KOMI_MAX 1000000000
/* The shortest search the time manager asks for. */
#define GTP_TIME_MIN_MS 20
/* The longest: ten minutes a move, whatever the clock allows (a huge
 * time_settings would otherwise give days to one genmove; the search has
 * long stopped gaining by then).  docs/gtp.md, "Clock", states it. */
#define GTP_TIME_MAX_MS 600000

struct gtp_engine {
    gtp_options_t opts;
    ai_t *ai;
    BoardState board;
    sgf_game_t *record;

    /* Clock from time_settings / time_left (seconds as given by GTP). */
    int clock_set;            /* 0: no time limits, search by playouts */
    int main_time, byo_time, byo_stones;
    int have_left[3];         /* time_left seen for BLACK/WHITE */
    int left_time[3], left_stones[3];

    sgf_move_t *moves;        /* the moves played after the record's setup, in order */
    int n_moves, cap_moves;   /* entries used and allocated */

    gtp_dispatch_t *gtp;      /* lines in, answers out (the command table below) */
    char rules_err[256];      /* why the rules (--rules hw) gave no answer; "" if they did */
};

/* ------------------------------------------------------------------ */
/* Response building                                                    */
/* ------------------------------------------------------------------ */

/* Appends printf-style text to the answer. */
static void reply(gtp_engine_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void reply(gtp_engine_t *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtp_vreply(e->gtp, fmt, ap);
    va_end(ap);
}

/* Handlers return 0 with a body, or fail() with the error message. */
static int fail(gtp_engine_t *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(gtp_engine_t *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = gtp_vfail(e->gtp, fmt, ap);
    va_end(ap);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Arguments                                                            */
/* ------------------------------------------------------------------ */

static int parse_color(const char *s, Stone *out)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        *out = BLACK;
    else if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        *out = WHITE;
    else
        return -1;
    return 0;
}

/* 0: a vertex on this board (or pass); 1: a well-formed vertex that lies
 * off this board ("J10" on 9x9); -1: not a vertex at all. */
static int parse_vertex(const gtp_engine_t *e, const char *s, Move *m)
{
    /* Leading zeros in the row ("E05") name the same vertex, as in GNU Go. */
    char trimmed[16];
    if (isalpha((unsigned char)s[0]) && s[1] == '0' && strlen(s) < sizeof trimmed) {
        const char *d = s + 1;
        while (d[0] == '0' && isdigit((unsigned char)d[1]))
            d++;
        snprintf(trimmed, sizeof trimmed, "%c%s", s[0], d);
        s = trimmed;
    }
    if (board_vertex_parse(e->board.size, s, m) == 0)
        return 0;
    Move big;
    if (board_vertex_parse(BOARD_MAX_SIZE, s, &big) == 0)
        return 1;
    return -1;
}

/* A whole non-negative decimal number that fits an int. */
static int parse_count(const char *s, int *out)
{
    if (!*s)
        return -1;
    long long v = 0; /* 64 bits on the 32-bit board too: v * 10 must not overflow */
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        v = v * 10 + (*p - '0');
        if (v > 1000000000LL)
            return -1;
    }
    *out = (int)v;
    return 0;
}

/* A time or stone count of time_settings / time_left: a whole
 * non-negative decimal number, any length; values past GTP_TIME_MAX mean
 * "more than will ever be needed" and are cut to it. */
static int parse_time(const char *s, int *out)
{
    if (!*s)
        return -1;
    long long v = 0; /* 64 bits on the 32-bit board too: v * 10 must not overflow */
    for (const char *p = s; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return -1;
        if (v <= GTP_TIME_MAX)
            v = v * 10 + (*p - '0');
    }
    *out = v > GTP_TIME_MAX ? GTP_TIME_MAX : (int)v;
    return 0;
}

static const char *color_name(Stone c)
{
    return c == WHITE ? "white" : "black";
}

/* ------------------------------------------------------------------ */
/* The game record                                                      */
/* ------------------------------------------------------------------ */

/* Replays the record's setup and the move list onto the board; the board
 * is untouched on failure. */
static int engine_replay(gtp_engine_t *e, char *err, size_t errlen)
{
    BoardState *t = malloc(sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (sgf_replay(e->record, 0, t, err, errlen) != 0) {
        free(t);
        return -1;
    }
    for (int i = 0; i < e->n_moves; i++) {
        const sgf_move_t *m = &e->moves[i];
        if (m->move.pass) {
            board_pass_color(t, m->color);
            continue;
        }
        if (board_play(t, m->color, m->move.row, m->move.col) != MOVE_OK) {
            char vtx[8];
            board_vertex_format(t->size, m->move, vtx, sizeof vtx);
            snprintf(err, errlen, "move %d (%s): illegal", i + 1, vtx);
            free(t);
            return -1;
        }
    }
    board_copy(&e->board, t);
    free(t);
    return 0;
}

/* Room for one more move in the list; -1 when out of memory. */
static int engine_moves_reserve(gtp_engine_t *e, int n)
{
    if (n <= e->cap_moves)
        return 0;
    int cap = e->cap_moves ? e->cap_moves : 256;
    while (cap < n) {
        if (cap > (1 << 28))
            return -1;
        cap *= 2;
    }
    sgf_move_t *m = realloc(e->moves, (size_t)cap * sizeof *m);
    if (!m)
        return -1;
    e->moves = m;
    e->cap_moves = cap;
    return 0;
}

static void engine_clear(gtp_engine_t *e, int size, int komi2)
{
    sgf_game_init(e->record);
    e->n_moves = 0;
    e->record->size = size;
    e->record->komi2 = komi2;
    snprintf(e->record->application, sizeof e->record->application, "%s:%s", GTP_NAME,
             TABLETOP_VERSION);
    board_reset(&e->board, size, komi2);
}

/* Plays (color, m) on the board and appends it to the record. */
static MoveResult engine_play(gtp_engine_t *e, Stone color, Move m)
{
    e->rules_err[0] = '\0';
    if (engine_moves_reserve(e, e->n_moves + 1) != 0) {
        snprintf(e->rules_err, sizeof e->rules_err, "out of memory");
        return MOVE_ILLEGAL_GAME_OVER;
    }
    /* Through the rules seam (games/go/rules.h): board.c, or go_rules. */
    MoveResult r;
    e->rules_err[0] = '\0';
    if (go_rules_play(e->opts.rules, &e->board, color, m, &r, e->rules_err,
                      sizeof e->rules_err) != 0)
        return MOVE_ILLEGAL_GAME_OVER;
    if (r != MOVE_OK)
        return r;
    e->moves[e->n_moves].color = color;
    e->moves[e->n_moves].move = m;
    e->n_moves++;
    return MOVE_OK;
}

/* What playing (color, m) would give, through the rules seam; a failure
 * of the rules leaves its message in rules_err and counts as illegal. */
static MoveResult engine_check(gtp_engine_t *e, Stone color, Move m)
{
    MoveResult r;
    e->rules_err[0] = '\0';
    if (go_rules_check(e->opts.rules, &e->board, color, m, &r, e->rules_err,
                       sizeof e->rules_err) != 0)
        return MOVE_ILLEGAL_GAME_OVER;
    return r;
}

/* ------------------------------------------------------------------ */
/* Move generation and the clock                                        */
/* ------------------------------------------------------------------ */

/* Milliseconds to think for `color`, or 0 for the level's own budget (by
 * playout count at level 3, AI_TIMED_MS at level 4). */
static int engine_time_budget(const gtp_engine_t *e, Stone color)
{
    if (!e->clock_set)
        return 0;
    int left_s, stones;
    if (e->have_left[color]) {
        left_s = e->left_time[color];
        stones = e->left_stones[color];
    } else if (e->main_time > 0) {
        left_s = e->main_time;
        stones = 0;
    } else {
        left_s = e->byo_time;
        stones = e->byo_stones;
    }
    double left_ms = left_s * 1000.0;
    double budget;
    if (stones > 0) {
        /* Canadian byo-yomi: share the period among its stones. */
        budget = left_ms / stones;
    } else {
        /* Main time: a share of what is left, by a rough count of the
         * moves still to come (half the empty points, at least 10). */
        int empty = 0;
        for (int r = 0; r < e->board.size; r++)
            for (int c = 0; c < e->board.size; c++)
                empty += board_get(&e->board, r, c) == EMPTY;
        int moves_left = empty / 2 > 10 ? empty / 2 : 10;
        budget = left_ms / moves_left;
        /* Byo-yomi after main time: its per-stone share is safe to add. */
        if (e->byo_time > 0 && e->byo_stones > 0)
            budget += 0.8 * e->byo_time * 1000.0 / e->byo_stones;
    }
    budget = budget * 0.95 - GTP_TIME_MARGIN_MS;
    if (budget < GTP_TIME_MIN_MS)
        budget = GTP_TIME_MIN_MS;
    if (budget > GTP_TIME_MAX_MS)
        budget = GTP_TIME_MAX_MS;
    return (int)budget;
}

/* The ai's move for `color` on the current position, not yet played. */
static Move engine_generate(gtp_engine_t *e, Stone color, int *resign)
{
    /* The ai moves for b->turn; GTP may ask for either colour, so search a
     * private copy whose turn is set to it (the turn is a plain field that
     * only selects the mover).  After two passes a controller asking for a
     * move wants the game to go on (KGS clean-up), so the copy is reopened
     * with one pass pending. */
    BoardState *copy = malloc(sizeof *copy);
    Move m = {-1, -1, 1};
    if (!copy)
        return m;
    board_copy(copy, &e->board);
    copy->turn = color;
    if (copy->game_over) {
        copy->game_over = 0;
        copy->consecutive_passes = 1;
    }
    int budget_ms = engine_time_budget(e, color);
    ai_set_time_ms(e->ai, budget_ms);
    m = ai_choose(e->ai, copy);
    AiStats st;
    ai_last_stats(e->ai, &st);
    *resign = st.resign && !e->opts.no_resign;
    /* Defence in depth: never answer with a move the board would refuse. */
    if (!m.pass && engine_check(e, color, m) != MOVE_OK) {
        m.pass = 1;
        m.row = m.col = -1;
    }
    if (e->opts.log) {
        char v[8];
        board_vertex_format(e->board.size, m, v, sizeof v);
        /* The clock's budget too, when one runs: a controller's log then
         * shows what time_settings gave the move (GTP_TIME_MAX_MS at most). */
        char clock[32] = "";
        if (budget_ms > 0)
            snprintf(clock, sizeof clock, ", budget %d ms", budget_ms);
        fprintf(e->opts.log,
                "tabletop: %s %s (level %d, %d playouts, %d kept, %d threads, %d nodes, "
                "win rate %.2f%s)%s\n",
                color_name(color), v, e->opts.level, st.simulations, st.reused, st.threads,
                st.nodes_used, st.win_rate, clock, *resign ? ", resigns" : "");
        fflush(e->opts.log);
    }
    free(copy);
    return m;
}

/* ------------------------------------------------------------------ */
/* Commands                                                             */
/* ------------------------------------------------------------------ */

/* 1 if the rules can judge a size x size board: any size for board.c, the
 * peripheral's 9x9 alone for a decider (--rules hw), which answers
 * nothing on another size; taking one would end the game silently. */
static int engine_size_ok(const gtp_engine_t *e, int size)
{
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
        return 0;
    return !(e->opts.rules && e->opts.rules->decide) || size == GO_RULES_SIZE;
}

static int cmd_boardsize(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    int size;
    if (argc < 1 || parse_count(argv[0], &size))
        return fail(e, "syntax error");
    if (!engine_size_ok(e, size))
        return fail(e, "unacceptable size");
    engine_clear(e, size, e->record->komi2);
    return 0;
}

static int cmd_clear_board(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    (void)argc, (void)argv;
    engine_clear(e, e->board.size, e->record->komi2);
    /* A new game: the clock starts again from time_settings. */
    e->have_left[BLACK] = e->have_left[WHITE] = 0;
    return 0;
}

static int cmd_komi(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    if (argc < 1)
        return fail(e, "syntax error");
    /* A decimal float only (GTP's "float"): strtod alone would also take
     * hex ("0x10"), "inf" and "nan". */
    const char *q = argv[0];
    q += *q == '+' || *q == '-';
    size_t int_digits = strspn(q, "0123456789");
    q += int_digits;
    size_t frac_digits = 0;
    if (*q == '.') {
        frac_digits = strspn(q + 1, "0123456789");
        q += 1 + frac_digits;
    }
    if (int_digits + frac_digits > 0 && (*q == 'e' || *q == 'E')) {
        const char *x = q + 1;
        x += *x == '+' || *x == '-';
        size_t exp_digits = strspn(x, "0123456789");
        q = exp_digits ? x + exp_digits : q;
    }
    if (int_digits + frac_digits == 0 || *q)
        return fail(e, "syntax error");
    char *end;
    double k = strtod(argv[0], &end);
    if (end == argv[0] || *end || isnan(k))
        return fail(e, "syntax error");
    /* Any komi whose half points fit the board's int (GNU Go takes any
     * float); beyond 361 points it decides every game anyway. */
    if (!(fabs(k) <= GTP_KOMI_MAX))
        return fail(e, "komi out of range (at most %d points either way)", GTP_KOMI_MAX);
    /* Komi is kept in half points; other fractions round to the nearest. */
    double h = k * 2.0;
    int komi2 = (int)(h < 0 ? h - 0.5 : h + 0.5);
    int old = e->record->komi2;
    e->record->komi2 = komi2;
    char err[160];
    if (engine_replay(e, err, sizeof err) != 0) {
        e->record->komi2 = old;
        return fail(e, "%s", err);
    }
    return 0;
}

static int cmd_play(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    Stone color;
    Move m;
    if (argc < 2 || parse_color(argv[0], &color))
        return fail(e, "syntax error");
    int v = parse_vertex(e, argv[1], &m);
    if (v < 0)
        return fail(e, "syntax error");
    if (v > 0)
        return fail(e, "illegal move");
    if (engine_play(e, color, m) != MOVE_OK)
        return fail(e, "%s", e->rules_err[0] ? e->rules_err : "illegal move");
    return 0;
}

/* genmove (play = 1), kgs-genmove_cleanup (play = 1, cleanup = 1: never
 * resigns, the game is being finished) and reg_genmove (play = 0).  A
 * resignation plays nothing and answers "resign" (GTP 2, 6.3.3). */
static int genmove_common(gtp_engine_t *e, int argc, char **argv, int play, int cleanup)
{
    Stone color;
    if (argc < 1 || parse_color(argv[0], &color))
        return fail(e, "syntax error");
    int resign = 0;
    Move m = engine_generate(e, color, &resign);
    if (resign && !cleanup) {
        reply(e, "resign");
        return 0;
    }
    if (play && engine_play(e, color, m) != MOVE_OK) {
        /* Cannot happen after the check in engine_generate; pass instead. */
        m.pass = 1;
        engine_play(e, color, m);
    }
    char v[8];
    board_vertex_format(e->board.size, m, v, sizeof v);
    reply(e, "%s", v);
    return 0;
}

static int cmd_genmove(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    return genmove_common(e, argc, argv, 1, 0);
}

static int cmd_genmove_cleanup(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    return genmove_common(e, argc, argv, 1, 1);
}

static int cmd_reg_genmove(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    return genmove_common(e, argc, argv, 0, 0);
}

static int cmd_undo(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    (void)argc, (void)argv;
    if (e->n_moves == 0)
        return fail(e, "cannot undo");
    e->n_moves--;
    char err[160];
    if (engine_replay(e, err, sizeof err) != 0) {
        e->n_moves++;
        return fail(e, "cannot undo");
    }
    return 0;
}

static int cmd_showboard(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    (void)argc, (void)argv;
    char buf[2048];
    board_to_ascii(&e->board, buf, sizeof buf);
    /* A GTP response must not hold an empty line: drop trailing breaks. */
    size_t n = strlen(buf);
    while (n && buf[n - 1] == '\n')
        buf[--n] = '\0';
    reply(e, "\n%s\n", buf);
    /* Komi from its half points: exact at any size (%g would say 1e+06). */
    int k2 = e->board.komi2;
    unsigned mag = k2 < 0 ? 0u - (unsigned)k2 : (unsigned)k2;
    reply(e, "%s to move, move %d, komi %s%u%s\n", color_name(e->board.turn),
          e->board.move_number, k2 < 0 ? "-" : "", mag / 2, (mag & 1) ? ".5" : "");
    reply(e, "black (X) has captured %d, white (O) has captured %d",
          e->board.captured_black, e->board.captured_white);
    return 0;
}

static int cmd_final_score(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    (void)argc, (void)argv;
    char res[32];
    go_status_score(&e->board, res, sizeof res);
    reply(e, "%s", res);
    return 0;
}

/* Writes the vertices of the stones of `color` (or both colours for EMPTY)
 * whose mark in `only` (if not NULL) equals `want`, space separated, row by
 * row from the top. */
static void reply_stones_marked(gtp_engine_t *e, Stone color,
                                unsigned char only[BOARD_MAX_SIZE][BOARD_MAX_SIZE], int want)
{
    int first = 1;
    for (int r = 0; r < e->board.size; r++)
        for (int c = 0; c < e->board.size; c++) {
            Stone s = board_get(&e->board, r, c);
            if (s == EMPTY || (color != EMPTY && s != color))
                continue;
            if (only && only[r][c] != want)
                continue;
            char v[8];
            Move m = {r, c, 0};
            board_vertex_format(e->board.size, m, v, sizeof v);
            reply(e, first ? "%s" : " %s", v);
            first = 0;
        }
}

static void reply_stones(gtp_engine_t *e, Stone color)
{
    reply_stones_marked(e, color, NULL, 0);
}

static int cmd_final_status_list(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    if (argc < 1)
        return fail(e, "syntax error");
    int want_dead;
    if (!strcasecmp(argv[0], "alive"))
        want_dead = 0;
    else if (!strcasecmp(argv[0], "dead"))
        want_dead = 1;
    else if (!strcasecmp(argv[0], "seki"))
        return 0; /* seki is not told apart: such stones count as alive */
    else
        return fail(e, "syntax error");
    unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    go_status_dead(&e->board, dead);
    reply_stones_marked(e, EMPTY, dead, want_dead);
    return 0;
}

static int cmd_time_settings(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    int main_time, byo_time, byo_stones;
    if (argc < 3 || parse_time(argv[0], &main_time) || parse_time(argv[1], &byo_time) ||
        parse_time(argv[2], &byo_stones))
        return fail(e, "syntax error");
    e->main_time = main_time;
    e->byo_time = byo_time;
    e->byo_stones = byo_stones;
    /* GTP: byo-yomi time with no stones means no time limits at all. */
    e->clock_set = !(byo_time > 0 && byo_stones == 0);
    e->have_left[BLACK] = e->have_left[WHITE] = 0;
    return 0;
}

static int cmd_time_left(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    Stone color;
    int t, stones;
    if (argc < 3 || parse_color(argv[0], &color) || parse_time(argv[1], &t) ||
        parse_time(argv[2], &stones))
        return fail(e, "syntax error");
    e->have_left[color] = 1;
    e->left_time[color] = t;
    e->left_stones[color] = stones;
    return 0;
}

static int cmd_loadsgf(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    int move_number = 0;
    if (argc < 1 || (argc >= 2 && parse_count(argv[1], &move_number)))
        return fail(e, "syntax error");
    sgf_game_t *g = malloc(sizeof *g);
    BoardState *b = malloc(sizeof *b);
    if (!g || !b) {
        free(g);
        free(b);
        return fail(e, "cannot load file");
    }
    char err[512];
    /* GTP: the position before move `move_number`, i.e. after
     * move_number - 1 moves; without it, after all of them.  Move number 0
     * names no move: GNU Go loads the whole game for it, and so do we. */
    int upto = argc >= 2 && move_number > 0 ? move_number - 1 : -1;
    int rc = sgf_load_file(argv[0], g, err, sizeof err);
    if (rc == 0 && !engine_size_ok(e, g->size)) {
        snprintf(err, sizeof err, "%s: a %dx%d game; these rules judge %dx%d only", argv[0],
                 g->size, g->size, GO_RULES_SIZE, GO_RULES_SIZE);
        rc = -1;
    }
    if (rc == 0)
        rc = sgf_replay(g, upto, b, err, sizeof err);
    if (rc != 0) {
        if (e->opts.log)
            fprintf(e->opts.log, "tabletop: loadsgf: %s\n", err);
        free(g);
        free(b);
        return fail(e, "cannot load file");
    }
    if (upto >= 0 && upto < g->n_moves)
        g->n_moves = upto;
    if (engine_moves_reserve(e, g->n_moves) != 0) {
        free(g);
        free(b);
        return fail(e, "cannot load file");
    }
    /* The record keeps what GTP needs; the loaded game comment and result
     * belong to the file, not to the game that now goes on. */
    g->result[0] = '\0';
    g->comment[0] = '\0';
    snprintf(g->application, sizeof g->application, "%s:%s", GTP_NAME, TABLETOP_VERSION);
    memcpy(e->record, g, sizeof *g);
    if (g->n_moves > 0)
        memcpy(e->moves, g->moves, (size_t)g->n_moves * sizeof *g->moves);
    e->n_moves = g->n_moves;
    e->record->n_moves = 0; /* the moves live in e->moves */
    board_copy(&e->board, b);
    free(g);
    free(b);
    return 0;
}

static int cmd_printsgf(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    if (e->n_moves > SGF_MAX_MOVES)
        return fail(e, "cannot write more than %d moves to SGF", SGF_MAX_MOVES);
    sgf_game_t *g = e->record;
    /* The record holds the setup; the moves are lent to it for the write. */
    if (e->n_moves > 0) /* no list is allocated before the first move */
        memcpy(g->moves, e->moves, (size_t)e->n_moves * sizeof *e->moves);
    g->n_moves = e->n_moves;
    char saved[SGF_TEXT];
    memcpy(saved, g->result, sizeof saved);
    if (e->board.game_over)
        go_status_score(&e->board, g->result, sizeof g->result);
    int rc = 0;
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    if (text)
        sgf_write(g, text, need + 1);
    if (argc >= 1) {
        /* A symbolic link is followed to the file it names: the user named
         * the path (the console's autosave refuses links instead). */
        char err[512];
        file_atomic_options_t opts = {.follow_links = 1};
        if (!text)
            rc = fail(e, "cannot save file: %s: out of memory", argv[0]);
        else if (file_atomic_write(argv[0], text, need, &opts, err, sizeof err) != FILE_ATOMIC_OK)
            rc = fail(e, "cannot save file: %s", err);
        free(text);
    } else {
        if (!text) {
            rc = fail(e, "out of memory");
        } else {
            /* No empty line may appear inside a GTP response. */
            size_t w = 0;
            for (size_t i = 0; i < need; i++)
                if (!(text[i] == '\n' && (w == 0 || text[w - 1] == '\n')))
                    text[w++] = text[i];
            while (w && text[w - 1] == '\n')
                w--;
            text[w] = '\0';
            reply(e, "%s", text);
            free(text);
        }
    }
    memcpy(g->result, saved, sizeof saved);
    g->n_moves = 0;
    return rc;
}

static int cmd_is_legal(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    Stone color;
    Move m;
    if (argc < 2 || parse_color(argv[0], &color))
        return fail(e, "syntax error");
    int v = parse_vertex(e, argv[1], &m);
    if (v < 0)
        return fail(e, "syntax error");
    int legal = v == 0 && (m.pass || engine_check(e, color, m) == MOVE_OK);
    if (e->rules_err[0] && v == 0 && !m.pass)
        return fail(e, "%s", e->rules_err);
    reply(e, "%d", legal);
    return 0;
}

static int cmd_list_stones(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    Stone color;
    if (argc < 1 || parse_color(argv[0], &color))
        return fail(e, "syntax error");
    reply_stones(e, color);
    return 0;
}

static int cmd_captures(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    Stone color;
    if (argc < 1 || parse_color(argv[0], &color))
        return fail(e, "syntax error");
    reply(e, "%d", color == BLACK ? e->board.captured_black : e->board.captured_white);
    return 0;
}

/* ---- handicap (GTP v2 section 4.1) ---- */

/* 1 if no stone is on the board and no move but passes has been played
 * (GNU Go looks at the stones only; a stone played and captured would put
 * the setup before it, so it counts as not empty here). */
static int engine_board_empty(const gtp_engine_t *e)
{
    for (int i = 0; i < e->n_moves; i++)
        if (!e->moves[i].move.pass)
            return 0;
    for (int r = 0; r < e->board.size; r++)
        for (int c = 0; c < e->board.size; c++)
            if (board_get(&e->board, r, c) != EMPTY)
                return 0;
    return 1;
}

/* Most fixed handicap stones for the board size: 9 on odd sizes from 9
 * up, 4 on 7x7 and even sizes from 8 up, none below 7. */
static int handicap_max(int size)
{
    if (size < 7)
        return 0;
    if (size == 7 || size % 2 == 0)
        return 4;
    return 9;
}

/* The fixed placement of n stones (2 <= n <= handicap_max), as GNU Go,
 * GTP's reference implementation, places them: corner points on the third
 * line (fourth from 13x13 up) - two diagonal corners, a third one, all
 * four - then for 5, 7 and 9 the centre, for 6 and 7 the left and right
 * side points, for 8 and 9 all four side points.  Fills out[] in row order
 * from the top (GNU Go's answer order) and returns n. */
static int handicap_points(int size, int n, Move out[9])
{
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2;
    /* Rows count from the top. */
    int take[3][3] = {{0}};           /* [row: lo, mid, hi][col: lo, mid, hi] */
    take[0][2] = take[2][0] = 1;      /* upper right, lower left */
    if (n >= 3)
        take[0][0] = 1;               /* upper left */
    if (n >= 4)
        take[2][2] = 1;               /* lower right */
    if (n == 5 || n == 7 || n == 9)
        take[1][1] = 1;               /* centre */
    if (n >= 6)
        take[1][0] = take[1][2] = 1;  /* left and right sides */
    if (n >= 8)
        take[0][1] = take[2][1] = 1;  /* top and bottom sides */
    const int line[3] = {lo, mid, hi};
    int k = 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            if (take[r][c]) {
                out[k].row = line[r];
                out[k].col = line[c];
                out[k].pass = 0;
                k++;
            }
    return k;
}

/* Puts the handicap stones in the record's setup and replays; replies
 * with their vertices when `answer`. */
static int engine_place_handicap(gtp_engine_t *e, const Move *points, int n, int answer)
{
    sgf_game_t *g = e->record;
    int old = g->n_setup, old_handicap = g->handicap;
    /* printsgf's HA[n], as GNU Go writes it after these commands. */
    g->handicap = n;
    for (int i = 0; i < n; i++) {
        sgf_move_t *s = &g->setup[g->n_setup++];
        s->color = BLACK;
        s->move = points[i];
    }
    char err[160];
    if (engine_replay(e, err, sizeof err) != 0) {
        g->n_setup = old;
        g->handicap = old_handicap;
        engine_replay(e, err, sizeof err);
        return fail(e, "bad vertex list");
    }
    for (int i = 0; answer && i < n; i++) {
        char v[8];
        board_vertex_format(e->board.size, points[i], v, sizeof v);
        reply(e, i ? " %s" : "%s", v);
    }
    return 0;
}

static int handicap_fixed_common(gtp_engine_t *e, int argc, char **argv, int free_choice)
{
    int n;
    if (argc < 1 || parse_count(argv[0], &n))
        return fail(e, "syntax error");
    int max = handicap_max(e->board.size);
    /* place_free_handicap may place fewer stones than asked (GTP 4.1.2). */
    if (free_choice && n > max)
        n = max;
    if (n < 2 || n > max)
        return fail(e, "invalid number of stones");
    if (!engine_board_empty(e))
        return fail(e, "board not empty");
    Move points[9];
    handicap_points(e->board.size, n, points);
    return engine_place_handicap(e, points, n, 1);
}

static int cmd_fixed_handicap(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    return handicap_fixed_common(e, argc, argv, 0);
}

static int cmd_place_free_handicap(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    return handicap_fixed_common(e, argc, argv, 1);
}

static int cmd_set_free_handicap(gtp_dispatch_t *d, int argc, char **argv)
{
    gtp_engine_t *e = gtp_dispatch_game(d);
    int size = e->board.size;
    if (argc < 2 || argc > size * size - 1)
        return fail(e, "bad vertex list");
    static Move points[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    for (int i = 0; i < argc; i++) {
        int v = parse_vertex(e, argv[i], &points[i]);
        if (v < 0)
            return fail(e, "syntax error");
        if (v > 0 || points[i].pass)
            return fail(e, "bad vertex list");
        for (int j = 0; j < i; j++)
            if (points[j].row == points[i].row && points[j].col == points[i].col)
                return fail(e, "bad vertex list");
    }
    if (!engine_board_empty(e))
        return fail(e, "board not empty");
    return engine_place_handicap(e, points, argc, 0);
}

static const gtp_command_t gtp_commands[] = {
    GTP_STANDARD_COMMANDS,
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"komi", cmd_komi},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"undo", cmd_undo},
    {"showboard", cmd_showboard},
    {"final_score", cmd_final_score},
    {"final_status_list", cmd_final_status_list},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"loadsgf", cmd_loadsgf},
    {"printsgf", cmd_printsgf},
    {"kgs-genmove_cleanup", cmd_genmove_cleanup},
    {"reg_genmove", cmd_reg_genmove},
    {"is_legal", cmd_is_legal},
    {"list_stones", cmd_list_stones},
    {"captures", cmd_captures},
    {"fixed_handicap", cmd_fixed_handicap},
    {"place_free_handicap", cmd_place_free_handicap},
    {"set_free_handicap", cmd_set_free_handicap},
};

/* ------------------------------------------------------------------ */
/* Lines                                                                */
/* ------------------------------------------------------------------ */

gtp_engine_t *gtp_engine_create(const gtp_options_t *opts)
{
    gtp_engine_t *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "tabletop: gtp: out of memory\n");
        return NULL;
    }
    if (opts)
        e->opts = *opts;
    if (e->opts.level < AI_RANDOM || e->opts.level > AI_MCTS_TIMED)
        e->opts.level = AI_MCTS;
    e->record = malloc(sizeof *e->record);
    AiConfig cfg = {0};
    cfg.level = (AiLevel)e->opts.level;
    cfg.playouts = e->opts.playouts;
    cfg.seed = e->opts.seed;
    e->ai = e->record ? ai_create(&cfg) : NULL;
    if (!e->ai) {
        fprintf(stderr, "tabletop: gtp: cannot allocate the ai's node pool\n");
        free(e->record);
        free(e);
        return NULL;
    }
    gtp_dispatch_config_t dc = {.commands = gtp_commands,
                                .n_commands = sizeof gtp_commands / sizeof gtp_commands[0],
                                .game = e,
                                .style = GTP_STYLE_GNUGO,
                                .max_words = GTP_MAX_ARGS + 1};
    e->gtp = gtp_dispatch_new(&dc);
    if (!e->gtp) {
        fprintf(stderr, "tabletop: gtp: out of memory\n");
        ai_destroy(e->ai);
        free(e->record);
        free(e);
        return NULL;
    }
    engine_clear(e, BOARD_DEFAULT_SIZE, BOARD_DEFAULT_KOMI2);
    return e;
}

void gtp_engine_destroy(gtp_engine_t *e)
{
    if (!e)
        return;
    ai_destroy(e->ai);
    gtp_dispatch_free(e->gtp);
    free(e->moves);
    free(e->record);
    free(e);
}

int gtp_engine_wants_quit(const gtp_engine_t *e)
{
    return gtp_dispatch_wants_quit(e->gtp);
}

const BoardState *gtp_engine_board(const gtp_engine_t *e)
{
    return &e->board;
}

const char *gtp_engine_execute(gtp_engine_t *e, const char *line)
{
    return gtp_engine_execute_n(e, line, strlen(line));
}

const char *gtp_engine_execute_n(gtp_engine_t *e, const char *line, size_t n)
{
    return gtp_dispatch_execute(e->gtp, line, n);
}

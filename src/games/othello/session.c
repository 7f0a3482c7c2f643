/*
 * session.c - a game of Othello as the console plays it (session.h).
 */
#include "session.h"

#include <stdio.h>
#include <string.h>

static const char *const othello_mode_names[OTHELLO_MODE_COUNT] = {
    "machine", "you-black", "you-white", "two-players", "computer-vs-machine"};

const char othello_record_header[] =
    "# tabletop Othello game (docs/othello.md): the moves from the start,\n"
    "# a1..h8 with row 1 at the top, 'pass' where a side had no move;\n"
    "# Black moves first.\n";

const char *othello_mode_name(int mode)
{
    return mode >= 0 && mode < OTHELLO_MODE_COUNT ? othello_mode_names[mode] : NULL;
}

int othello_mode_has_machine(int mode)
{
    return mode == OTHELLO_MODE_MACHINE || mode == OTHELLO_MODE_ENGINE_MACHINE;
}

othello_player_t othello_mode_player(int mode, int colour)
{
    /* The machine speaks for Black only: seed 003's ports carry White's
     * moves in and Black's out. */
    if (colour == OTHELLO_BLACK && othello_mode_has_machine(mode))
        return OTHELLO_PLAYER_MACHINE;
    switch (mode) {
    case OTHELLO_MODE_YOU_BLACK:
    case OTHELLO_MODE_ENGINE_MACHINE:
        return colour == OTHELLO_WHITE ? OTHELLO_PLAYER_ENGINE : OTHELLO_PLAYER_HUMAN;
    case OTHELLO_MODE_YOU_WHITE:
        return colour == OTHELLO_BLACK ? OTHELLO_PLAYER_ENGINE : OTHELLO_PLAYER_HUMAN;
    default:
        return OTHELLO_PLAYER_HUMAN;
    }
}

/* Plays plies into b from the start.  Returns 0, or the 1-based index of
 * the first ply that is not legal. */
static int othello_replay_plies(othello_board_t *b, const int *plies, int n)
{
    othello_board_start(b);
    for (int i = 0; i < n; i++)
        if (othello_play(b, plies[i]) != 0)
            return i + 1;
    return 0;
}

void othello_session_new_game(othello_session_t *s, int mode)
{
    memset(s, 0, sizeof *s);
    s->mode = mode >= 0 && mode < OTHELLO_MODE_COUNT ? (othello_mode_t)mode : OTHELLO_MODE_TWO;
    othello_board_start(&s->board);
    s->last = -1;
}

othello_player_t othello_session_player(const othello_session_t *s, int colour)
{
    return othello_mode_player(s->mode, colour);
}

int othello_session_machine_hears(const othello_session_t *s, int colour)
{
    return othello_mode_has_machine(s->mode) && colour == OTHELLO_WHITE;
}

int othello_session_over(const othello_session_t *s)
{
    return othello_game_over(&s->board);
}

othello_next_t othello_session_next(const othello_session_t *s)
{
    if (s->stopped || othello_game_over(&s->board))
        return OTHELLO_NEXT_OVER;
    othello_player_t who = othello_session_player(s, s->board.to_move);
    /* The machine plays its own passes: it must be asked, and a pass with
     * a legal move left is its error, not ours to hide. */
    if (othello_legal_moves(&s->board) == 0 && who != OTHELLO_PLAYER_MACHINE)
        return OTHELLO_NEXT_PASS;
    switch (who) {
    case OTHELLO_PLAYER_ENGINE:
        return OTHELLO_NEXT_ENGINE;
    case OTHELLO_PLAYER_MACHINE:
        return OTHELLO_NEXT_MACHINE;
    default:
        return OTHELLO_NEXT_HUMAN;
    }
}

int othello_session_human_turn(const othello_session_t *s)
{
    return !s->stopped && !othello_game_over(&s->board) &&
           othello_session_player(s, s->board.to_move) == OTHELLO_PLAYER_HUMAN;
}

int othello_session_play(othello_session_t *s, int move)
{
    if (s->stopped || s->n_plies >= OTHELLO_SESSION_MAX_PLIES)
        return -1;
    othello_board_t before = s->board;
    if (othello_play(&s->board, move) != 0)
        return -1;
    s->plies[s->n_plies++] = move;
    if (move == OTHELLO_PASS) {
        s->flipped = 0;
        s->last = -1;
    } else {
        int mover = before.to_move;
        s->flipped = s->board.disc[mover] & before.disc[!mover];
        s->last = move;
    }
    return 0;
}

int othello_session_undo(othello_session_t *s)
{
    othello_board_t b;
    othello_board_start(&b);
    int n = -1;
    for (int i = 0; i < s->n_plies; i++) {
        if (othello_session_player(s, b.to_move) == OTHELLO_PLAYER_HUMAN &&
            s->plies[i] != OTHELLO_PASS)
            n = i;
        othello_play(&b, s->plies[i]);
    }
    if (n < 0)
        return 0;
    int taken = s->n_plies - n;
    s->n_plies = n;
    othello_replay_plies(&s->board, s->plies, s->n_plies);
    s->flipped = 0;
    s->last = -1;
    s->stopped = 0;
    s->stop_reason[0] = 0;
    return taken;
}

void othello_session_stop(othello_session_t *s, const char *why)
{
    snprintf(s->stop_reason, sizeof s->stop_reason, "%.100s", why);
    s->stopped = 1;
}

static const char *othello_colour_name(int colour)
{
    return colour == OTHELLO_BLACK ? "Black" : "White";
}

char *othello_session_turn_text(const othello_session_t *s, char *out, size_t len)
{
    int c = s->board.to_move;
    othello_player_t who = othello_session_player(s, c);
    if (who != OTHELLO_PLAYER_HUMAN)
        snprintf(out, len, "%s is thinking...",
                 who == OTHELLO_PLAYER_MACHINE ? "The machine" : "The computer");
    else if (othello_session_player(s, !c) != OTHELLO_PLAYER_HUMAN)
        snprintf(out, len, "Your move (%s)", othello_colour_name(c));
    else
        snprintf(out, len, "%s to move", othello_colour_name(c));
    return out;
}

char *othello_session_result_text(const othello_session_t *s, char *out, size_t len)
{
    int bl = othello_count(&s->board, OTHELLO_BLACK), wh = othello_count(&s->board, OTHELLO_WHITE);
    int winner = bl > wh ? OTHELLO_BLACK : OTHELLO_WHITE;
    othello_player_t who = othello_session_player(s, winner);
    const char *text;
    if (bl == wh)
        text = "A draw";
    else if (who == OTHELLO_PLAYER_HUMAN)
        text = othello_session_player(s, !winner) == OTHELLO_PLAYER_HUMAN
                   ? (winner == OTHELLO_BLACK ? "Black wins" : "White wins")
                   : "You win";
    else
        text = who == OTHELLO_PLAYER_MACHINE ? "The machine wins" : "The computer wins";
    snprintf(out, len, "%s %d-%d", text, bl > wh ? bl : wh, bl > wh ? wh : bl);
    return out;
}

int othello_session_replay(const othello_session_t *s, int machine_colour, othello_hear_fn hear,
                           othello_answer_fn answer, void *ctx, char *err, size_t errlen)
{
    othello_board_t b;
    othello_board_start(&b);
    for (int i = 0; i < s->n_plies; i++) {
        int move = s->plies[i];
        if (b.to_move == machine_colour) {
            int got;
            if (answer(ctx, &b, &got, err, errlen) != 0)
                return -1;
            if (got != move) {
                char a[8], w[8];
                snprintf(err, errlen, "The machine answered %s where the record has %s (move %d)",
                         othello_format_move(got, a), othello_format_move(move, w), i + 1);
                return -1;
            }
        } else if (hear(ctx, &b, move, err, errlen) != 0) {
            return -1;
        }
        othello_play(&b, move);
    }
    return 0;
}

/* ---- the record ---- */

void othello_record_begin(othello_record_t *r)
{
    memset(r, 0, sizeof *r);
}

/* The plies of a "moves" value, separated by blanks; each legal in turn. */
static int othello_record_moves(othello_record_t *r, const char *value, char *err, size_t errlen)
{
    r->n_plies = 0;
    for (const char *p = value;;) {
        p += strspn(p, " \t");
        if (!*p)
            break;
        size_t n = strcspn(p, " \t");
        char tok[16];
        snprintf(tok, sizeof tok, "%.*s", (int)(n < sizeof tok ? n : sizeof tok - 1), p);
        int m = n < sizeof tok ? othello_parse_move(tok) : -1;
        if (m < 0 || r->n_plies >= OTHELLO_SESSION_MAX_PLIES) {
            snprintf(err, errlen, "'%.8s' is not a move", tok);
            return -1;
        }
        r->plies[r->n_plies++] = m;
        p += n;
    }
    othello_board_t b;
    int bad = othello_replay_plies(&b, r->plies, r->n_plies);
    if (bad) {
        char m[8];
        snprintf(err, errlen, "move %d (%s) is not legal", bad,
                 othello_format_move(r->plies[bad - 1], m));
        return -1;
    }
    return 0;
}

int othello_record_take(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    othello_record_t *r = ctx;
    if (!strcmp(key, "mode") && !r->have_mode) {
        for (r->mode = 0; r->mode < OTHELLO_MODE_COUNT; r->mode++)
            if (!strcmp(value, othello_mode_names[r->mode]))
                break;
        if (r->mode == OTHELLO_MODE_COUNT) {
            snprintf(err, errlen, "unknown mode '%.20s'", value);
            return -1;
        }
        r->have_mode = 1;
        return 0;
    }
    if (!strcmp(key, "moves") && !r->have_moves) {
        if (othello_record_moves(r, value, err, errlen) != 0)
            return -1;
        r->have_moves = 1;
        return 0;
    }
    if (!strcmp(key, "result") || !strcmp(key, "stopped"))
        return 0; /* informative: the moves say it all */
    snprintf(err, errlen, "unexpected '%.20s'", key);
    return -1;
}

int othello_record_end(const othello_record_t *r, char *err, size_t errlen)
{
    if (!r->have_mode || !r->have_moves) {
        snprintf(err, errlen, "no '%s' line", r->have_mode ? "moves" : "mode");
        return -1;
    }
    return 0;
}

int othello_record_over(const othello_record_t *r)
{
    othello_board_t b;
    othello_replay_plies(&b, r->plies, r->n_plies);
    return othello_game_over(&b);
}

void othello_session_resume(othello_session_t *s, const othello_record_t *r)
{
    othello_session_new_game(s, r->mode);
    memcpy(s->plies, r->plies, sizeof s->plies);
    s->n_plies = r->n_plies;
    othello_replay_plies(&s->board, s->plies, s->n_plies);
}

int othello_record_emit(void *session, void (*put)(void *sink, const char *key, const char *value),
                        void *sink)
{
    const othello_session_t *s = session;
    /* 128 plies of at most 5 characters each ("pass" and its blank). */
    char moves[OTHELLO_SESSION_MAX_PLIES * 5 + 1], line[160];
    size_t n = 0;
    moves[0] = 0;
    for (int i = 0; i < s->n_plies; i++) {
        char m[8];
        n += (size_t)snprintf(moves + n, sizeof moves - n, "%s%s", i ? " " : "",
                              othello_format_move(s->plies[i], m));
    }
    put(sink, "mode", othello_mode_names[s->mode]);
    put(sink, "moves", moves);
    if (othello_game_over(&s->board)) {
        int bl = othello_count(&s->board, OTHELLO_BLACK);
        int wh = othello_count(&s->board, OTHELLO_WHITE);
        /* The winner named and its count first, as on the screen
         * (othello_session_result_text): "white wins 36-27". */
        snprintf(line, sizeof line, "%s %d-%d",
                 bl > wh ? "black wins" : wh > bl ? "white wins" : "draw", bl > wh ? bl : wh,
                 bl > wh ? wh : bl);
        put(sink, "result", line);
    } else if (s->stopped) {
        put(sink, "stopped", s->stop_reason);
    }
    return 0;
}

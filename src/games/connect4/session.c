/*
 * session.c - a game of Connect Four as the console plays it (session.h).
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"

/* The record's mode names, in c4_mode_t order; docs/connect4.md lists them. */
static const char *const c4_mode_names[C4_MODE_COUNT] = {
    "you-first", "ai-first", "two-players", "you-first-perfect", "perfect-first"};

const char c4_record_header[] =
    "# tabletop Connect Four game (docs/connect4.md): the columns played,\n"
    "# 1-7 from the left, from the empty board; red moves first.\n";

const char *c4_mode_name(int mode)
{
    return mode >= 0 && mode < C4_MODE_COUNT ? c4_mode_names[mode] : NULL;
}

int c4_mode_is_perfect(int mode)
{
    return mode == C4_MODE_PERFECT_YOU_FIRST || mode == C4_MODE_PERFECT_FIRST;
}

int c4_mode_ai_side(int mode)
{
    if (mode == C4_MODE_YOU_FIRST || mode == C4_MODE_PERFECT_YOU_FIRST)
        return C4_P2;
    return mode == C4_MODE_AI_FIRST || mode == C4_MODE_PERFECT_FIRST ? C4_P1 : 0;
}

void c4_session_init(c4_session_t *s)
{
    memset(s, 0, sizeof *s);
    s->phase = C4_PHASE_TITLE;
    c4_game_init(&s->game);
}

void c4_session_free(c4_session_t *s)
{
    c4_solver_free(s->solver);
    s->solver = NULL;
}

/* The game on the board is in progress from here; the computer is pending
 * when it is its turn. */
static void c4_session_start(c4_session_t *s)
{
    s->ai_side = c4_mode_ai_side(s->mode);
    s->phase = C4_PHASE_PLAY;
    s->falling = 0;
    s->suspended = 0;
    s->ai_pending = s->ai_side && s->game.to_move == s->ai_side;
    s->fallback_next = 0;
}

void c4_session_new_game(c4_session_t *s, int mode)
{
    s->mode = mode >= 0 && mode < C4_MODE_COUNT ? (c4_mode_t)mode : C4_MODE_YOU_FIRST;
    c4_game_init(&s->game);
    s->fallback_plies = 0;
    c4_session_start(s);
}

void c4_session_resume(c4_session_t *s, const c4_game_t *game, int mode)
{
    if (game) {
        s->game = *game;
        s->mode = mode >= 0 && mode < C4_MODE_COUNT ? (c4_mode_t)mode : C4_MODE_YOU_FIRST;
        s->fallback_plies = 0;
    }
    c4_session_start(s);
}

void c4_session_resume_record(c4_session_t *s, const c4_record_t *r)
{
    c4_session_resume(s, &r->game, r->mode);
    s->fallback_plies = r->fallback_plies;
}

int c4_session_suspend(c4_session_t *s)
{
    s->phase = C4_PHASE_TITLE;
    s->ai_pending = 0;
    s->suspended = s->game.moves > 0 && !c4_game_is_over(&s->game);
    return s->suspended;
}

int c4_session_in_progress(const c4_session_t *s)
{
    return (s->phase == C4_PHASE_PLAY || s->suspended) && s->game.moves > 0 &&
           !c4_game_is_over(&s->game);
}

int c4_session_human_to_move(const c4_session_t *s)
{
    return s->phase == C4_PHASE_PLAY && !s->falling && !s->ai_pending &&
           s->game.to_move != s->ai_side;
}

c4_status_t c4_session_drop(c4_session_t *s, int col, uint64_t now_us)
{
    if (col < 0 || col >= C4_COLS)
        return C4_ERR_RANGE;
    if (c4_game_is_over(&s->game))
        return C4_ERR_OVER;
    if (!c4_game_can_play(&s->game, col))
        return C4_ERR_FULL;
    /* The computer's disc after Perfect gave up is the seed's AI's. */
    if (s->fallback_next && s->ai_side && s->game.to_move == s->ai_side)
        s->fallback_plies |= 1ull << s->game.moves;
    s->fallback_next = 0;
    s->ai_pending = 0;
    s->falling = 1;
    s->fall_col = col;
    s->fall_row = s->game.height[col];
    s->fall_shown = C4_ROWS;
    s->fall_start = now_us;
    return C4_OK;
}

void c4_session_ai_gave_up(c4_session_t *s)
{
    s->ai_pending = 0;
    s->fallback_next = 0; /* asked again from the start when it moves */
}

int c4_session_land(c4_session_t *s)
{
    if (!s->falling)
        return 0;
    s->falling = 0;
    c4_game_play(&s->game, s->fall_col);
    if (c4_game_is_over(&s->game)) {
        s->phase = C4_PHASE_OVER;
        s->suspended = 0; /* nothing left to resume */
        return 1;
    }
    s->ai_pending = s->ai_side && s->game.to_move == s->ai_side;
    return 1;
}

c4_fall_t c4_session_fall(c4_session_t *s, uint64_t now_us)
{
    if (!s->falling)
        return C4_FALL_NONE;
    uint64_t rows = now_us > s->fall_start ? (now_us - s->fall_start) / C4_SESSION_ROW_US : 0;
    int shown = C4_ROWS - (int)(rows > C4_ROWS ? C4_ROWS : rows);
    if (shown <= s->fall_row) {
        c4_session_land(s);
        return C4_FALL_LANDED;
    }
    if (shown == s->fall_shown)
        return C4_FALL_NONE;
    s->fall_shown = shown;
    return C4_FALL_MOVED;
}

int c4_session_undoable(const c4_session_t *s)
{
    if (!s->ai_side)
        return s->game.moves;
    /* The player's plies: every other one, from the first or the second. */
    return s->ai_side == C4_P2 ? (s->game.moves + 1) / 2 : s->game.moves / 2;
}

int c4_session_undo(c4_session_t *s)
{
    if (s->falling || c4_session_undoable(s) == 0)
        return 0;
    int taken = 0;
    for (;;) {
        int mover = 3 - s->game.to_move; /* who played the last ply */
        c4_game_undo(&s->game);
        taken++;
        if (!s->ai_side || mover != s->ai_side)
            break;
    }
    s->phase = C4_PHASE_PLAY;
    s->ai_pending = 0;
    s->fallback_next = 0;
    s->fallback_plies &= (1ull << s->game.moves) - 1; /* the plies taken back */
    return taken;
}

c4_result_t c4_session_result(const c4_session_t *s)
{
    if (!c4_game_is_over(&s->game))
        return C4_RESULT_NONE;
    if (!s->game.winner)
        return C4_RESULT_DRAW;
    if (s->ai_side)
        return s->game.winner == s->ai_side ? C4_RESULT_AI_WINS : C4_RESULT_YOU_WIN;
    return s->game.winner == C4_P1 ? C4_RESULT_RED_WINS : C4_RESULT_YELLOW_WINS;
}

void c4_session_perfect_begin(c4_session_t *s, c4_perfect_search_t *q)
{
    s->fallback_next = 0;
    q->game = s->game;
    q->col = -1;
    q->no_memory = 0;
    if (s->game.moves > 0 && !s->solver) {
        s->solver = c4_solver_new(C4_SOLVER_TABLE_LOG2);
        if (s->solver)
            c4_solver_set_budget(s->solver, C4_SESSION_PERFECT_BUDGET);
    }
    q->solver = s->solver;
}

void c4_perfect_search_run(c4_perfect_search_t *q)
{
    q->no_memory = 0;
    if (q->game.moves == 0) {
        q->col = 3; /* the centre: the first player's only winning opening */
        return;
    }
    if (!q->solver) {
        q->no_memory = 1;
        q->col = -1;
        return;
    }
    c4_solver_pos_t p;
    c4_solver_pos_from_game(&p, &q->game);
    q->col = c4_perfect_move(q->solver, &p, NULL); /* the opening book first */
}

int c4_session_perfect_end(c4_session_t *s, const c4_perfect_search_t *q, int *no_memory)
{
    *no_memory = q->no_memory;
    s->fallback_next = q->col < 0;
    return q->col;
}

int c4_session_perfect_move(c4_session_t *s, int *no_memory)
{
    c4_perfect_search_t q;
    c4_session_perfect_begin(s, &q);
    c4_perfect_search_run(&q);
    return c4_session_perfect_end(s, &q, no_memory);
}

int c4_session_fallbacks(const c4_session_t *s)
{
    return __builtin_popcountll(s->fallback_plies);
}

int c4_session_last_was_fallback(const c4_session_t *s)
{
    return s->game.moves > 0 && (s->fallback_plies >> (s->game.moves - 1) & 1);
}

/* ---- the record ---- */

void c4_record_begin(c4_record_t *r)
{
    memset(r, 0, sizeof *r);
    c4_game_init(&r->game);
}

int c4_record_take(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    c4_record_t *r = ctx;
    if (!strcmp(key, "mode") && !r->have_mode) {
        for (r->mode = 0; r->mode < C4_MODE_COUNT; r->mode++)
            if (!strcmp(value, c4_mode_names[r->mode]))
                break;
        if (r->mode == C4_MODE_COUNT) {
            snprintf(err, errlen, "unknown mode '%.20s'", value);
            return -1;
        }
        r->have_mode = 1;
    } else if (!strcmp(key, "moves") && !r->have_moves) {
        char why[128];
        if (c4_game_parse(&r->game, value, why, sizeof why) != C4_OK) {
            snprintf(err, errlen, "%s", why);
            return -1;
        }
        r->have_moves = 1;
    } else if (!strcmp(key, "fallbacks") && !r->have_fallbacks) {
        /* The numbers (from 1) of the moves the seed's AI made for Perfect,
         * checked against the mode and the moves in c4_record_end. */
        for (const char *p = value; *p;) {
            char *end;
            long n = strtol(p, &end, 10);
            if (end == p || n < 1 || n > C4_CELLS || (*end && *end != ' ')) {
                snprintf(err, errlen, "bad fallbacks '%.40s'", value);
                return -1;
            }
            r->fallback_plies |= 1ull << (n - 1);
            p = end + (*end == ' ');
        }
        r->have_fallbacks = 1;
    } else if (strcmp(key, "result") != 0) {
        /* A finished game's result is informative only; anything else is
         * not a Connect Four record. */
        snprintf(err, errlen, "unexpected '%.20s'", key);
        return -1;
    }
    return 0;
}

int c4_record_end(const c4_record_t *r, char *err, size_t errlen)
{
    if (!r->have_mode || !r->have_moves) {
        snprintf(err, errlen, "no '%s' line", r->have_mode ? "moves" : "mode");
        return -1;
    }
    /* Only Perfect's own moves can have been the seed's AI's. */
    int first = c4_mode_ai_side(r->mode) == C4_P1 ? 0 : 1;
    for (int ply = 0; ply < 64; ply++)
        if (r->fallback_plies >> ply & 1 &&
            (!c4_mode_is_perfect(r->mode) || ply >= r->game.moves || ply % 2 != first)) {
            snprintf(err, errlen, "fallbacks: move %d is not one of Perfect's", ply + 1);
            return -1;
        }
    return 0;
}

int c4_record_emit(void *ctx, void (*put)(void *sink, const char *key, const char *value),
                   void *sink)
{
    const c4_session_t *s = ctx;
    char moves[C4_CELLS + 1];
    for (int i = 0; i < s->game.moves; i++)
        moves[i] = (char)('1' + s->game.history[i]);
    moves[s->game.moves] = 0;
    put(sink, "mode", c4_mode_names[s->mode]);
    put(sink, "moves", moves);
    if (s->fallback_plies) {
        char list[C4_CELLS * 3 + 1];
        size_t len = 0;
        list[0] = 0;
        for (int ply = 0; ply < s->game.moves; ply++)
            if (s->fallback_plies >> ply & 1)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", len ? " " : "",
                                        ply + 1);
        put(sink, "fallbacks", list);
    }
    if (c4_game_is_over(&s->game))
        put(sink, "result", !s->game.winner            ? "draw"
                            : s->game.winner == C4_P1 ? "red wins"
                                                      : "yellow wins");
    return 0;
}

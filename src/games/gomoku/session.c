/*
 * session.c - Gomoku on the console as pure logic (session.h): modes,
 * level, the move clock, undo, the farm's share of a result, the record.
 */
#include "session.h"

#include <stdio.h>
#include <string.h>

static const char *const session_mode_names[GOMOKU_MODES] = {"pvp", "pvc", "cvp"};
static const char *const session_skin_names[GOMOKU_SKINS] = {"classic", "tiles"};

void gomoku_session_init(gomoku_session_t *s)
{
    memset(s, 0, sizeof *s);
    farm_init(&s->farm);
    gomoku_init(&s->game, GOMOKU_RULE_RENJU);
    s->mode = GOMOKU_MODE_PVC;
    s->level = 1;
    s->skin = GOMOKU_SKIN_TILES; /* the seed's own look by default */
}

int gomoku_session_ai_color(const gomoku_session_t *s)
{
    return s->mode == GOMOKU_MODE_PVC   ? GOMOKU_WHITE
           : s->mode == GOMOKU_MODE_CVP ? GOMOKU_BLACK
                                        : 0;
}

int gomoku_session_over(const gomoku_session_t *s)
{
    return s->game.winner != 0;
}

int gomoku_session_ai_turn(const gomoku_session_t *s)
{
    int ai = gomoku_session_ai_color(s);
    return !gomoku_session_over(s) && ai && s->game.to_move == ai;
}

void gomoku_session_start_clock(gomoku_session_t *s, uint64_t now_us)
{
    s->turn_start_us = now_us;
    s->clock_running = 1;
}

void gomoku_session_new_game(gomoku_session_t *s, uint64_t now_us)
{
    gomoku_init(&s->game, GOMOKU_RULE_RENJU);
    gomoku_session_start_clock(s, now_us);
}

gomoku_session_status_t gomoku_session_set_mode(gomoku_session_t *s, int mode, uint64_t now_us)
{
    if (mode < 0 || mode >= GOMOKU_MODES)
        return GOMOKU_SESSION_RANGE;
    s->mode = mode;
    gomoku_session_new_game(s, now_us);
    return GOMOKU_SESSION_OK;
}

gomoku_session_status_t gomoku_session_set_level(gomoku_session_t *s, int level)
{
    if (level < 1 || level > 3)
        return GOMOKU_SESSION_RANGE;
    s->level = level;
    return GOMOKU_SESSION_OK;
}

gomoku_session_status_t gomoku_session_set_skin(gomoku_session_t *s, int skin)
{
    if (skin < 0 || skin >= GOMOKU_SKINS)
        return GOMOKU_SESSION_RANGE;
    s->skin = skin;
    return GOMOKU_SESSION_OK;
}

/* Plays point (checked playable) and, when that ends the game, lets the
 * farm count it; otherwise the other side's clock starts. */
static void session_put_stone(gomoku_session_t *s, int point, uint64_t now_us,
                              gomoku_session_end_t *end)
{
    gomoku_session_end_t e = {0};
    gomoku_play(&s->game, point);
    if (gomoku_session_over(s)) {
        int ai = gomoku_session_ai_color(s);
        e.winner = s->game.winner;
        if (ai && s->farm.state == FARM_PLAYING) {
            e.outcome = s->game.winner == GOMOKU_DRAW ? FARM_GAME_DRAWN
                        : s->game.winner == ai        ? FARM_GAME_LOST
                                                      : FARM_GAME_WON;
            e.starved = farm_after_game(&s->farm, e.outcome);
            e.counted = 1;
        }
    } else {
        gomoku_session_start_clock(s, now_us);
    }
    if (end)
        *end = e;
}

gomoku_session_status_t gomoku_session_play(gomoku_session_t *s, int point, uint64_t now_us,
                                            gomoku_forbid_t *forbid, gomoku_session_end_t *end)
{
    if (gomoku_session_over(s))
        return GOMOKU_SESSION_OVER;
    if (point < 0 || point >= GOMOKU_CELLS)
        return GOMOKU_SESSION_RANGE;
    if (gomoku_at(&s->game, point) != GOMOKU_EMPTY)
        return GOMOKU_SESSION_TAKEN;
    if (s->game.to_move == GOMOKU_BLACK) {
        gomoku_forbid_t f = gomoku_forbidden(&s->game, point);
        if (f != GOMOKU_FORBID_NONE) {
            if (forbid)
                *forbid = f;
            return GOMOKU_SESSION_FORBIDDEN;
        }
    }
    session_put_stone(s, point, now_us, end);
    return GOMOKU_SESSION_OK;
}

gomoku_session_status_t gomoku_session_play_ai(gomoku_session_t *s, int point, uint64_t now_us,
                                               gomoku_session_end_t *end)
{
    if (gomoku_session_over(s))
        return GOMOKU_SESSION_OVER;
    if (point < 0 || point >= GOMOKU_CELLS)
        return GOMOKU_SESSION_RANGE;
    if (!gomoku_can_play(&s->game, point))
        return GOMOKU_SESSION_TAKEN;
    session_put_stone(s, point, now_us, end);
    return GOMOKU_SESSION_OK;
}

int gomoku_session_clock(gomoku_session_t *s, uint64_t now_us, int *secs_left)
{
    if (gomoku_session_over(s) || !s->clock_running) {
        *secs_left = -1;
        return 0;
    }
    uint64_t used = now_us - s->turn_start_us;
    if (used >= GOMOKU_MOVE_US) {
        gomoku_pass(&s->game);
        gomoku_session_start_clock(s, now_us);
        *secs_left = (int)(GOMOKU_MOVE_US / 1000000);
        return 1;
    }
    *secs_left = (int)((GOMOKU_MOVE_US - used + 999999) / 1000000);
    return 0;
}

gomoku_session_status_t gomoku_session_undo(gomoku_session_t *s, uint64_t now_us, int *taken,
                                            int *point)
{
    int ai = gomoku_session_ai_color(s);
    if (gomoku_session_over(s) && ai)
        return GOMOKU_SESSION_COUNTED;
    int player_stones = 0;
    for (int i = 0; i < s->game.moves; i++)
        if (!ai || gomoku_at(&s->game, s->game.history[i]) != ai)
            player_stones++;
    if (player_stones == 0)
        return GOMOKU_SESSION_NOTHING;
    int lifted = 0, last = GOMOKU_NO_POINT;
    for (;;) {
        last = s->game.history[s->game.moves - 1];
        int color = gomoku_at(&s->game, last);
        gomoku_undo(&s->game);
        lifted++;
        if (!ai || color != ai)
            break;
    }
    gomoku_session_start_clock(s, now_us);
    if (taken)
        *taken = lifted;
    if (point)
        *point = last;
    return GOMOKU_SESSION_OK;
}

/* ---- the record ---- */

int gomoku_session_emit(void *session, gomoku_session_put_fn put, void *sink)
{
    const gomoku_session_t *s = session;
    farm_emit((void *)&s->farm, put, sink);
    /* A '#' key makes a comment line: the reader skips it. */
    put(sink, "#", "the Gomoku board: b:/w: the stones in the order played");
    put(sink, "skin", session_skin_names[s->skin]);
    put(sink, "mode", session_mode_names[s->mode]);
    char v[GOMOKU_CELLS * 6 + 8];
    snprintf(v, sizeof v, "%d", s->level);
    put(sink, "level", v);
    put(sink, "to-move", s->game.to_move == GOMOKU_BLACK ? "black" : "white");
    size_t n = 0;
    snprintf(v, sizeof v, "none");
    for (int i = 0; i < s->game.moves; i++) {
        char pt[4];
        int p = s->game.history[i];
        gomoku_point_format(p, pt);
        n += (size_t)snprintf(v + n, sizeof v - n, "%s%c:%s", i ? " " : "",
                              gomoku_at(&s->game, p) == GOMOKU_BLACK ? 'b' : 'w', pt);
    }
    put(sink, "moves", v);
    return 0;
}

void gomoku_session_read_begin(gomoku_session_reader_t *r)
{
    memset(r, 0, sizeof *r);
    farm_read_begin(&r->farm);
    gomoku_init(&r->game, GOMOKU_RULE_RENJU);
    r->skin = r->mode = r->level = -1;
}

/* Replays one stone of the moves line, "b:h8" or "w:h8" (len characters at
 * tok): a colour out of turn means the other side lost its turn on the
 * clock.  Returns 0, or -1 with why in err. */
static int session_replay(gomoku_t *g, const char *tok, size_t len, char *err, size_t errlen)
{
    char text[24];
    int shown = len < 20 ? (int)len : 20;
    int color = tok[0] == 'b' ? GOMOKU_BLACK : tok[0] == 'w' ? GOMOKU_WHITE : 0;
    int p = GOMOKU_NO_POINT;
    if (len < sizeof text) {
        memcpy(text, tok, len);
        text[len] = 0;
    }
    if (!color || len < 2 || tok[1] != ':' || len >= sizeof text ||
        gomoku_point_parse(text + 2, &p) != GOMOKU_OK) {
        snprintf(err, errlen, "bad move '%.*s' (b:h8 or w:h8)", shown, tok);
        return -1;
    }
    if (g->to_move != color && gomoku_pass(g) != GOMOKU_OK) {
        snprintf(err, errlen, "move '%.*s' after the end of the game", shown, tok);
        return -1;
    }
    if (color == GOMOKU_BLACK && gomoku_forbidden(g, p) != GOMOKU_FORBID_NONE) {
        snprintf(err, errlen, "move '%.*s' is forbidden to Black", shown, tok);
        return -1;
    }
    if (gomoku_play(g, p) != GOMOKU_OK) {
        snprintf(err, errlen, "move '%.*s' cannot be played", shown, tok);
        return -1;
    }
    return 0;
}

/* One of the board's lines; 0, or -1 with why in err. */
static int session_take_board(gomoku_session_reader_t *r, const char *key, const char *value,
                              char *err, size_t errlen)
{
    if (!strcmp(key, "skin")) {
        for (r->skin = 0; r->skin < GOMOKU_SKINS && strcmp(value, session_skin_names[r->skin]);
             r->skin++)
            ;
        if (r->skin == GOMOKU_SKINS) {
            snprintf(err, errlen, "unknown skin '%.20s'", value);
            return -1;
        }
    } else if (!strcmp(key, "mode")) {
        for (r->mode = 0; r->mode < GOMOKU_MODES && strcmp(value, session_mode_names[r->mode]);
             r->mode++)
            ;
        if (r->mode == GOMOKU_MODES) {
            snprintf(err, errlen, "unknown mode '%.20s'", value);
            return -1;
        }
    } else if (!strcmp(key, "level")) {
        if (strlen(value) != 1 || value[0] < '1' || value[0] > '3') {
            snprintf(err, errlen, "level must be 1, 2 or 3, not '%.20s'", value);
            return -1;
        }
        r->level = value[0] - '0';
    } else if (!strcmp(key, "to-move")) {
        r->to_move = !strcmp(value, "black")   ? GOMOKU_BLACK
                     : !strcmp(value, "white") ? GOMOKU_WHITE
                                               : -1;
        if (r->to_move < 0) {
            snprintf(err, errlen, "to-move must be black or white");
            return -1;
        }
    } else if (!strcmp(key, "moves")) {
        r->have_moves = 1;
        if (!strcmp(value, "none"))
            return 0;
        for (const char *p = value;;) {
            p += strspn(p, " ");
            if (!*p)
                break;
            size_t len = strcspn(p, " ");
            if (session_replay(&r->game, p, len, err, errlen) != 0)
                return -1;
            p += len;
        }
    }
    return 0;
}

int gomoku_session_take(void *reader, const char *key, const char *value, char *err,
                        size_t errlen)
{
    gomoku_session_reader_t *r = reader;
    if (farm_take(&r->farm, key, value, err, errlen) != 0)
        return -1;
    if (!r->board_failed &&
        session_take_board(r, key, value, r->board_err, sizeof r->board_err) != 0)
        r->board_failed = 1;
    return 0;
}

int gomoku_session_read_end(gomoku_session_reader_t *r, gomoku_session_t *s, char *err,
                            size_t errlen)
{
    farm_t farm;
    if (farm_read_end(&r->farm, &farm, err, errlen) != 0)
        return -1;
    if (r->board_failed) {
        snprintf(err, errlen, "%s", r->board_err);
        return -1;
    }
    if (r->skin < 0 || r->mode < 0 || r->level < 0 || !r->to_move || !r->have_moves) {
        snprintf(err, errlen, "no '%s' line",
                 r->skin < 0    ? "skin"
                 : r->mode < 0  ? "mode"
                 : r->level < 0 ? "level"
                 : !r->to_move  ? "to-move"
                                : "moves");
        return -1;
    }
    gomoku_t g = r->game;
    if (!g.winner && g.to_move != r->to_move)
        gomoku_pass(&g);
    s->farm = farm;
    s->game = g;
    s->skin = r->skin;
    s->mode = r->mode;
    s->level = r->level;
    s->clock_running = 0;
    return 0;
}

/*
 * screens/go_flow.c - the Go screen's glue between keys and the game: the
 * status line, the computer's search on the think thread, the record's
 * autosave and resume, and what each step of a game sounds like (seed 000
 * §4.6).  The game's rules are games/go/session.h's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "common/keys.h"
#include "console/render.h"
#include "console/save.h"
#include "console/sgf_save.h"
#include "games/go/sgf.h"
#include "go_screen.h"

/* A record larger than this is not a game of ours (sgf.c's own limit). */

/* The status line: fmt with its one string argument, in color. */
void go_screen_status(go_game_t *g, uint16_t color, const char *fmt, const char *arg)
{
    snprintf(g->status, sizeof g->status, fmt, arg);
    g->status_color = color;
}

/* The status line becomes the session's. */
void go_screen_sync_status(go_game_t *g)
{
    int warn;
    const char *text = go_session_status(g->session, &warn);
    go_screen_status(g, warn ? COLOR_WARN : COLOR_TEXT, "%s", text);
}

/* A failure the session noted without stopping the game goes to stderr. */
void go_screen_report_warning(go_game_t *g)
{
    char why[256];
    if (go_session_take_warning(g->session, why, sizeof why))
        fprintf(stderr, "tabletop: %s\n", why);
}

int go_screen_has_saves(const go_game_t *g)
{
    return g->saves.have;
}

/* ---- the computer, asked through think.c ---- */

static void ai_start(go_game_t *g)
{
    char err[200];
    opponent_t *o = opponents_get(&g->players, OPPONENT_GO);
    /* Made at the game's start: asking cannot fail. */
    if (think_ask(&g->think, o, &g->session->board, err, sizeof err) != 0)
        go_screen_status(g, COLOR_WARN, "%s", err);
}

void go_screen_answered(go_game_t *g)
{
    opponent_answer_t a;
    char err[200];
    think_answer(&g->think, &a, err, sizeof err);
    if (a.note[0])
        fprintf(stderr, "%s\n", a.note);
    int size = g->session->board.size;
    Move m = {.row = -1, .col = -1, .pass = 1};
    if (a.move >= 0)
        m = (Move){.row = a.move / size, .col = a.move % size, .pass = 0};
    if (a.resign)
        go_screen_resign(g, g->session->board.turn);
    else
        go_screen_play(g, m);
}

/* ---- records and autosave ---- */

static int write_record(const char *path, void *game, char *err, size_t len)
{
    go_game_t *g = game;
    return sgf_save_file(path, &g->session->record, err, len);
}

static void autosave(go_game_t *g)
{
    char err[512];
    if (screen_autosave_with(&g->saves, write_record, g, err, sizeof err) != 0) {
        snprintf(g->save_err, sizeof g->save_err, "%.199s", err);
        go_screen_status(g, COLOR_WARN, "Autosave failed: %.90s", err);
    }
}

/* Escape from a game: the menu says whether the game is really on disk. */
void go_screen_leave(go_game_t *g)
{
    think_cancel(&g->think);
    g->screen = GO_MODE;
    g->menu_sel = 0;
    g->dirty = 1;
    g->notice[0] = 0;
    if (!go_session_started(g->session))
        return;
    /* The game just left is on disk: Enter resumes it, as the notice says
     * (item 3, "Resume saved game"). */
    if (go_screen_has_saves(g) && !g->saves.failed && save_exists(g->saves.path))
        g->menu_sel = 2;
    if (!go_screen_has_saves(g))
        snprintf(g->notice, sizeof g->notice, "%s", "Game not saved: no save folder");
    else if (g->saves.failed && save_exists(g->saves.path))
        snprintf(g->notice, sizeof g->notice, "Game not saved (%.90s); 3 resumes an older save",
                 g->save_err);
    else if (g->saves.failed)
        snprintf(g->notice, sizeof g->notice, "Game not saved: %.120s", g->save_err);
    else {
        snprintf(g->notice, sizeof g->notice, "%s", "Game saved: choose 3 to resume it");
        return;
    }
    fprintf(stderr, "tabletop: %s\n", g->notice);
}

/* Puts the autosave aside as *.SUFFIX; returns the new name in out. */
int go_screen_put_aside(go_game_t *g, const char *suffix, char *out, size_t len)
{
    char err[512];
    if (save_move_aside(g->saves.path, suffix, out, len, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        snprintf(g->notice, sizeof g->notice, "%.100s", err);
        return -1;
    }
    return 0;
}

/* Loads the autosave into g->pending.  Returns 1 if it can be resumed,
 * 0 if there is none; an unreadable save (a broken file, settings that are
 * not the console's, moves that do not replay) is put aside as *.corrupt. */
int go_screen_load_pending(go_game_t *g)
{
    if (!go_screen_has_saves(g) || !save_exists(g->saves.path))
        return 0;
    char err[512], aside[SCREEN_PATH_LEN];
    if (sgf_read_file(g->saves.path, g->pending, err, sizeof err) != 0 ||
        go_session_inspect(g->pending, &g->pending_info, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved game unreadable: %s: %s\n", GO_SAVE_NAME, err);
        if (go_screen_put_aside(g, "corrupt", aside, sizeof aside) == 0) {
            fprintf(stderr, "tabletop: kept it as %s\n", aside);
            snprintf(g->notice, sizeof g->notice, "Saved game unreadable: kept as %.100s",
                     screen_file_name(aside));
        }
        return 0;
    }
    if (g->pending_info.game_over && g->pending->result[0]) {
        /* Finished but not cleared (killed at the very end): it is a record now. */
        save_replace(g->saves.path, g->saves.last_path);
        return 0;
    }
    return 1;
}

/* ---- game flow ---- */

/* The game on the board is in play (or in its review): the cursor in the
 * middle, the computer started when it is to move. */
static void enter_game(go_game_t *g)
{
    go_session_t *s = g->session;
    g->screen = GO_GAME;
    g->saves.failed = 0;
    g->confirm_resign = 0;
    g->hide_result = 0;
    g->cur_row = g->cur_col = s->board.size / 2;
    go_screen_sync_status(g);
    go_screen_report_warning(g);
    if (s->set.mode == GO_SESSION_PVC) {
        /* The computer starts a new game at the level picked (its search
         * may be made again for it: no search may run meanwhile). */
        char err[200];
        think_cancel(&g->think);
        opponent_t *o = opponents_get(&g->players, OPPONENT_GO);
        if (!o || o->new_game(o, s->set.level, err, sizeof err) != 0) {
            go_screen_status(g, COLOR_WARN, "%s", "Out of memory for the computer player");
            go_session_without_computer(s);
        }
    }
    if (go_session_ai_turn(s))
        ai_start(g);
    g->dirty = 1;
}

/* A new game: two players on the chosen board, or against the computer on
 * 9x9 with the chosen colour and handicap. */
void go_screen_new_game(go_game_t *g, go_session_mode_t mode, int level)
{
    char aside[SCREEN_PATH_LEN], err[256], app[SGF_TEXT], date[32] = "";
    /* A game left with Escape is not overwritten by a new one. */
    if (go_screen_has_saves(g) && save_exists(g->saves.path))
        go_screen_put_aside(g, "bak", aside, sizeof aside);
    go_session_settings_t set = {.mode = mode, .level = level, .human = BLACK};
    if (mode == GO_SESSION_PVP) {
        set.size = go_session_pvp_size[g->size_sel];
    } else {
        set.human = g->opt_human;
        set.handicap = g->opt_handicap;
    }
    snprintf(app, sizeof app, "tabletop:%s", TABLETOP_VERSION);
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y-%m-%d", &tm);
    if (go_session_new(g->session, &set, app, date, err, sizeof err) != 0) {
        /* The menus offer nothing else; say so rather than start a game. */
        snprintf(g->notice, sizeof g->notice, "Cannot start: %.100s", err);
        g->screen = GO_MODE;
        g->dirty = 1;
        return;
    }
    enter_game(g);
}

void go_screen_resume(go_game_t *g)
{
    char err[512];
    if (go_session_resume(g->session, g->pending, err, sizeof err) != 0) {
        snprintf(g->notice, sizeof g->notice, "Cannot resume: %.100s", err);
        g->screen = GO_MODE;
        g->dirty = 1;
        return;
    }
    enter_game(g);
}

/* The game is over: kept as the last record, the autosave cleared. */
static void keep_finished(go_game_t *g)
{
    if (go_screen_has_saves(g)) {
        char err[512];
        if (sgf_save_file(g->saves.last_path, &g->session->record, err, sizeof err) == 0)
            save_remove(g->saves.path);
        else
            fprintf(stderr, "tabletop: cannot keep the finished game: %s\n", err);
    }
    g->sound = AUDIO_GAME_OVER;
    g->dirty = 1;
}

/* who resigns: the player at the keyboard with 'r', or the computer a
 * hopeless game by itself (AiStats.resign). */
void go_screen_resign(go_game_t *g, Stone who)
{
    think_cancel(&g->think);
    g->confirm_resign = 0;
    go_session_resign(g->session, who);
    keep_finished(g);
}

/* The players accepted the dead stones: counted, recorded, kept. */
void go_screen_finish(go_game_t *g)
{
    go_session_accept(g->session);
    go_screen_report_warning(g);
    go_screen_sync_status(g);
    keep_finished(g);
}

/* Plays m for the side to move (seed §4.6): illegal -> AUDIO_ILLEGAL and
 * nothing changes; else the record is saved and capture/place sounds. */
void go_screen_play(go_game_t *g, Move m)
{
    char err[256] = "";
    go_move_outcome_t o = go_session_play(g->session, m, err, sizeof err);
    go_screen_report_warning(g);
    g->dirty = 1;
    switch (o) {
    case GO_MOVE_NOT_NOW:
        return;
    case GO_MOVE_FAILED:
        /* Rules in logic that did not answer: the move is not played. */
        fprintf(stderr, "tabletop: %s\n", err);
        go_screen_status(g, COLOR_WARN, "Rules hardware: %.60s", err);
        g->sound = AUDIO_ILLEGAL;
        return;
    case GO_MOVE_ILLEGAL:
        go_screen_sync_status(g);
        g->sound = AUDIO_ILLEGAL;
        return;
    case GO_MOVE_ENDED:
        /* Saved first, so that a game killed during the review resumes there. */
        g->sound = AUDIO_NONE;
        go_screen_sync_status(g);
        autosave(g);
        return;
    case GO_MOVE_PASSED:
        g->sound = AUDIO_NONE;
        break;
    case GO_MOVE_CAPTURED:
        g->sound = AUDIO_CAPTURE;
        break;
    case GO_MOVE_PLACED:
        g->sound = AUDIO_PLACE;
        break;
    }
    go_screen_sync_status(g);
    /* After the status line, so that a failure message stays visible. */
    autosave(g);
    if (go_session_ai_turn(g->session))
        ai_start(g);
}

/* Takes moves back (Backspace or u): see go_session_undo.  The search of
 * a move taken back is dropped; the record and the autosave follow. */
void go_screen_undo(go_game_t *g)
{
    char err[256];
    int k = go_session_undo(g->session, err, sizeof err);
    go_screen_sync_status(g);
    g->dirty = 1;
    if (k == 0)
        g->sound = AUDIO_ILLEGAL;
    if (k <= 0)
        return;
    think_cancel(&g->think);
    autosave(g);
    if (go_session_ai_turn(g->session))
        ai_start(g);
}

/*
 * screens/othello.c - Othello on the console (seed 003): the console-side
 * half of the game (console_game.h) and the seed's "PC".  The game itself
 * (modes, turns, passes, undo, result, record) is games/othello/session.h;
 * this file maps keys to it, draws it, and asks the computer players.
 *
 * Modes (the title menu): you play White against the Othello machine, the
 * FPGA logic of seed 003 that plays Black through its ports; you play
 * Black or White against the software engine; or two players at one
 * keyboard.  Both computers stand behind the opponent seam (opponent.h) and
 * are asked through think.c: the engine searches on the think thread, the
 * machine steps on the console's.
 *
 * Against the machine this module is the referee: the machine hears each
 * White move and each of Black's answers is checked against the rules.  An
 * illegal answer, a pass while Black has a move, or no answer within the
 * driver's time-out stops the game with a clear message, and the record so
 * far is kept as othello-last.txt.  The machine keeps its own board, so a
 * resumed game or an undo replays the record into a freshly reset machine
 * and checks that it answers as the record says (it is deterministic).
 *
 * Keys: arrows (or w a s d) move the cursor, Enter or Space places a disc,
 * Backspace or 'u' takes back a move (back to your previous turn against a
 * computer), Tab shows or hides the legal-move hints, Escape goes back to
 * the menu with the game kept.  The computer against the machine plays
 * one move every 0.7 s of the console's clock (OS_PACE_US), so headless
 * scripts see the same frames and let time pass with `wait`; Space pauses
 * and runs it, n plays the next move at once and pauses.  A side without a
 * legal move passes by itself and the notice line under the board says so;
 * the game ends when neither side can move.  Saved after every move in othello.txt (docs/othello.md), written
 * atomically; the menu offers to resume it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/console_game.h"
#include "common/keys.h"
#include "console/save.h"
#include "othello_screen.h"

#define OS_LAST_NAME "othello-last.txt"

int othello_screen_over(const os_screen_t *s) { return othello_session_over(&s->game); }

const char *othello_screen_colour_name(int colour)
{
    return colour == OTHELLO_BLACK ? "Black" : "White";
}

/* ---- the save file ---- */

/* Reads a record into r.  Returns 0, or -1 with a reason. */
static int os_load(const char *path, othello_record_t *r, char *err, size_t errlen)
{
    othello_record_begin(r);
    int rc = save_kv_read_lines(path, OTHELLO_RECORD_MAX, OTHELLO_RECORD_LINE_MAX,
                                othello_record_take, r, err, errlen);
    return rc != 0 ? -1 : othello_record_end(r, err, errlen);
}

/* After every move, undo or stop (screen_autosave): a finished (or
 * stopped) game goes to othello-last.txt. */
void othello_screen_autosave(os_screen_t *s)
{
    screen_autosave(&s->saves, "Othello", s->game.n_plies == 0 && !s->game.stopped,
                    othello_screen_over(s) || s->game.stopped, othello_record_header, othello_record_emit,
                    &s->game);
}

static void os_put_aside(os_screen_t *s, const char *suffix, const char *what)
{
    screen_put_aside(s->saves.path, suffix, what, s->notice, sizeof s->notice, &s->notice_color);
}

static void os_check_saved(os_screen_t *s)
{
    s->resumable = s->suspended;
    if (s->suspended || !s->saves.have || !save_exists(s->saves.path))
        return;
    char err[256];
    if (os_load(s->saves.path, &s->pending, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved Othello game unreadable: %s: %s\n", s->saves.path, err);
        os_put_aside(s, "corrupt", "Unreadable save");
        s->notice_color = COLOR_WARN;
        return;
    }
    if (othello_record_over(&s->pending)) {
        rename(s->saves.path, s->saves.last_path);
        return;
    }
    s->resumable = 1;
}

/* ---- module life ---- */

static void *os_create(const console_env_t *env)
{
    os_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    opponents_init(&s->players, env);
    s->hints = 1;
    s->cursor = 2 * 8 + 3; /* d3, Black's usual first move */
    think_init(&s->think, 0);
    screen_saves_init(&s->saves, env, OS_SAVE_NAME, OS_LAST_NAME);
    othello_session_new_game(&s->game, OTHELLO_MODE_MACHINE);
    return s;
}

static void os_destroy(void *p)
{
    os_screen_t *s = p;
    if (!s)
        return;
    think_destroy(&s->think);
    opponents_free(&s->players);
    free(s);
}

static void os_enter(void *p)
{
    os_screen_t *s = p;
    s->screen = OS_TITLE;
    s->notice[0] = 0;
    os_check_saved(s);
    if (s->resumable)
        s->menu_sel = OS_MENU_RESUME;
    else if (s->menu_sel >= OS_MODE_COUNT)
        s->menu_sel = 0;
    s->dirty = 1;
}

int othello_screen_paced(const os_screen_t *s)
{
    return s->game.mode == OS_MODE_ENGINE_MACHINE;
}

int othello_screen_human_to_move(const os_screen_t *s)
{
    return s->screen == OS_PLAY && !think_active(&s->think) &&
           othello_session_human_turn(&s->game);
}

/* ---- the flow of a game ---- */

/* The status line of a paced game: who moves next, or that it is paused. */
static void os_pace_status(os_screen_t *s)
{
    if (s->paused)
        snprintf(s->status, sizeof s->status, "Paused. n: one move, Space: run");
    else
        snprintf(s->status, sizeof s->status, "%s to move",
                 s->game.board.to_move == OTHELLO_BLACK ? "The machine (Black)"
                                                        : "The computer (White)");
}

/* The paced game's next move now (the pace has passed, or n). */
static void os_advance(os_screen_t *s);
static void os_pace_move(os_screen_t *s)
{
    s->notice[0] = 0; /* a pass said before this move has been seen for a pace */
    s->pace_pending = 0;
    s->pace_go = 1;
    s->dirty = 1;
    os_advance(s);
}

/* Whoever is to move now: forced passes are played (and said); the
 * machine or the engine is asked when it is theirs.  Called after every
 * ply. */
static void os_advance(os_screen_t *s)
{
    for (;;) {
        othello_next_t next = othello_session_next(&s->game);
        if (next == OTHELLO_NEXT_OVER) {
            if (!s->game.stopped)
                othello_screen_finish(s);
            return;
        }
        if (next == OTHELLO_NEXT_PASS) {
            /* The machine must hear White's pass; Black's it says itself. */
            int mover = s->game.board.to_move;
            if (othello_screen_machine_tell(s, OTHELLO_PASS) != 0)
                return;
            othello_screen_apply(s, OTHELLO_PASS);
            othello_screen_autosave(s);
            snprintf(s->notice, sizeof s->notice, "%s has no move and passes",
                     othello_screen_colour_name(mover));
            s->notice_color = COLOR_TEXT;
            continue;
        }
        othello_session_turn_text(&s->game, s->status, sizeof s->status);
        if (next == OTHELLO_NEXT_HUMAN)
            return;
        if (othello_screen_paced(s) && !s->pace_go) {
            /* The move waits for the pace (os_tick) or for n (os_key). */
            s->pace_pending = 1;
            s->pace_clock_set = 0;
            os_pace_status(s);
            return;
        }
        s->pace_go = 0;
        if (next == OTHELLO_NEXT_MACHINE && !s->machine_ready && othello_screen_machine_sync(s) != 0)
            return;
        if (othello_screen_ask(s, next) != 1 || othello_screen_take_answer(s) != 0)
            return;
    }
}

static void os_start_play(os_screen_t *s)
{
    s->screen = OS_PLAY;
    s->suspended = 0;
    s->resumable = 0;
    s->notice[0] = 0;
    s->machine_ready = 0;
    s->pace_pending = s->pace_go = s->paused = 0;
    char err[160];
    for (int colour = OTHELLO_BLACK; colour <= OTHELLO_WHITE; colour++) {
        opponent_t *o = othello_screen_player(s, colour);
        if (othello_session_player(&s->game, colour) == OTHELLO_PLAYER_ENGINE && o)
            o->new_game(o, 0, err, sizeof err); /* clears its tables; cannot fail */
    }
    s->dirty = 1;
    if (othello_mode_has_machine(s->game.mode) && othello_screen_machine_sync(s) != 0)
        return;
    os_advance(s);
}

static void os_new_game(os_screen_t *s, int mode)
{
    if (s->saves.have && save_exists(s->saves.path))
        os_put_aside(s, "bak", "Saved game");
    othello_session_new_game(&s->game, mode);
    s->saves.failed = 0;
    s->cursor = 2 * 8 + 3;
    os_start_play(s);
}

static void os_resume(os_screen_t *s)
{
    if (!s->suspended) {
        othello_session_resume(&s->game, &s->pending);
        s->saves.failed = 0;
    }
    os_start_play(s);
}

static void os_suspend(os_screen_t *s)
{
    think_cancel(&s->think); /* its move is not wanted: asked again on resume */
    s->pace_pending = 0;
    s->screen = OS_TITLE;
    s->dirty = 1;
    s->notice[0] = 0;
    if (s->game.n_plies == 0 || othello_screen_over(s) || s->game.stopped) {
        s->suspended = 0;
        os_check_saved(s);
        return;
    }
    s->suspended = 1;
    s->resumable = 1;
    s->menu_sel = OS_MENU_RESUME;
    screen_suspended_notice(&s->saves, OS_SAVE_NAME, s->notice, sizeof s->notice,
                            &s->notice_color);
}

/* Backspace or 'u': back to the position before the last disc a human
 * placed (othello_session_undo). */
static void os_undo(os_screen_t *s)
{
    int taken = othello_session_undo(&s->game);
    if (taken == 0) {
        snprintf(s->status, sizeof s->status, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    s->screen = OS_PLAY;
    s->notice[0] = 0;
    othello_screen_autosave(s);
    if (othello_mode_has_machine(s->game.mode) && othello_screen_machine_sync(s) != 0)
        return;
    os_advance(s);
    snprintf(s->notice, sizeof s->notice, "Took back %d move%s", taken, taken == 1 ? "" : "s");
    s->notice_color = COLOR_TEXT;
    s->dirty = 1;
}

static void os_try_place(os_screen_t *s)
{
    if (!othello_is_legal(&s->game.board, s->cursor)) {
        char m[8];
        snprintf(s->status, sizeof s->status, "%s: not a legal move (it must turn a disc)",
                 othello_format_move(s->cursor, m));
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    s->notice[0] = 0;
    if (othello_screen_machine_tell(s, s->cursor) != 0)
        return;
    othello_screen_apply(s, s->cursor);
    othello_screen_autosave(s);
    os_advance(s);
}

static void os_cursor_move(os_screen_t *s, int dr, int dc)
{
    int r = s->cursor / 8 + dr, c = s->cursor % 8 + dc;
    if (r < 0 || r > 7 || c < 0 || c > 7)
        return;
    s->cursor = r * 8 + c;
    s->dirty = 1;
}

static console_game_status_t os_key(void *p, int hid)
{
    os_screen_t *s = p;
    if (s->screen == OS_TITLE) {
        int items = OS_MODE_COUNT + (s->resumable ? 1 : 0);
        if ((hid == HID_KEY_UP || hid == HID_KEY_LETTER('w')) && s->menu_sel > 0)
            s->menu_sel--, s->dirty = 1;
        else if ((hid == HID_KEY_DOWN || hid == HID_KEY_LETTER('s')) && s->menu_sel < items - 1)
            s->menu_sel++, s->dirty = 1;
        else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE) {
            if (s->menu_sel == OS_MENU_RESUME) {
                os_resume(s);
            } else {
                s->suspended = 0;
                os_new_game(s, s->menu_sel);
            }
        } else if (hid == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_ESCAPE) {
        os_suspend(s);
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_TAB) {
        s->hints = !s->hints;
        s->dirty = 1;
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_BACKSPACE || hid == HID_KEY_LETTER('u')) {
        if (!think_active(&s->think))
            os_undo(s);
        return CONSOLE_GAME_STAY;
    }
    if (s->screen == OS_OVER) {
        if (hid == HID_KEY_ENTER)
            os_new_game(s, s->game.mode);
        return CONSOLE_GAME_STAY;
    }
    if (othello_screen_paced(s)) {
        if (hid == HID_KEY_SPACE) {
            s->paused = !s->paused;
            if (s->pace_pending)
                os_pace_status(s);
            s->dirty = 1;
        } else if (hid == HID_KEY_LETTER('n')) {
            /* The next move now, then paused; a search under way lands
             * and the game pauses after it. */
            s->paused = 1;
            if (s->pace_pending)
                os_pace_move(s);
            s->dirty = 1;
        }
        return CONSOLE_GAME_STAY;
    }
    if (!othello_screen_human_to_move(s))
        return CONSOLE_GAME_STAY;
    int dr, dc;
    if (hid_arrow_step(hid, 1, &dr, &dc))
        os_cursor_move(s, dr, dc);
    else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE)
        os_try_place(s);
    return CONSOLE_GAME_STAY;
}

static void os_tick(void *p, uint64_t now_us)
{
    os_screen_t *s = p;
    s->now = now_us;
    if (s->pace_pending && s->screen == OS_PLAY) {
        /* The pace counts from the first tick after the last move: the
         * frame that shows it is drawn right after this tick. */
        if (!s->pace_clock_set) {
            s->pace_due_us = now_us + OS_PACE_US;
            s->pace_clock_set = 1;
        }
        if (!s->paused && now_us >= s->pace_due_us)
            os_pace_move(s);
        return;
    }
    if (think_ready(&s->think, now_us) && othello_screen_take_answer(s) == 0)
        os_advance(s);
}

static console_busy_t os_busy(void *p) { return think_busy(&((os_screen_t *)p)->think); }

static int os_dirty(void *p) { return ((os_screen_t *)p)->dirty; }

static int os_take_sound(void *p) { return screen_take_sound(&((os_screen_t *)p)->sound); }

static int os_quit(void *p)
{
    os_screen_t *s = p;
    think_cancel(&s->think);
    int in_progress = (s->screen == OS_PLAY || s->suspended) && s->game.n_plies > 0 &&
                      !othello_screen_over(s) && !s->game.stopped;
    return in_progress && (!s->saves.have || s->saves.failed);
}

static const char *const os_help[] = {
    "Arrows, wasd\tmove the cursor",
    "Enter, Space\tplace a disc; choose",
    "Backspace, u\ttake back your move",
    "Tab\tshow or hide legal moves",
    "Space\tcomputer vs machine: pause, run",
    "n\tcomputer vs machine: one move",
    "Escape\tto the menu (game kept)",
    NULL,
};

const console_game_t othello_game_module = {
    .id = "othello",
    .title = "Othello",
    .create = os_create,
    .destroy = os_destroy,
    .enter = os_enter,
    .key = os_key,
    .tick = os_tick,
    .busy = os_busy,
    .dirty = os_dirty,
    .render = othello_screen_render,
    .take_sound = os_take_sound,
    .help = os_help,
    .quit = os_quit,
};

/*
 * screens/connect4.c - Connect Four on the console: the title menu, the
 * board, the end of a game with the winning four ringed; keys, sound cues
 * and files.  The game (modes, the falling disc, undo, result, a game put
 * aside, the record) is the session's (games/connect4/session.h).
 *
 * Keys: Left/Right choose a column, Enter drops (1-7 drop straight into a
 * column, like the seed's terminal entry), Backspace or 'u' takes back a
 * move, Escape goes to the title with the game kept.  The game is saved
 * atomically after every move to connect4.txt (docs/connect4.md); the title
 * offers to resume it; an unreadable save is kept aside as *.corrupt.
 *
 * The computer is the mode's player behind the opponent seam (opponent.h),
 * asked through think.c: the seed's AI in logic (the console's) steps on
 * the console's thread between frames; Perfect (the opening book and exact
 * solver) searches on the think thread while the console draws and reads
 * keys.  A failed answer (timeout, illegal move) is shown and logged, the
 * game left as it was.  Past its budget Perfect gives up and the seed's AI
 * moves instead, the session marks that move as the seed's AI's, and the
 * board says so (connect4_draw.c).  Escape while Perfect searches leaves
 * the search running: its answer is played if the same position is
 * resumed, else forgotten.  A headless run waits for it with game time
 * standing still, so its frames are those of an answer found at once.  The
 * pictures are connect4_draw.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/console_game.h"
#include "common/keys.h"
#include "console/save.h"
#include "connect4_screen.h"

#define C4S_SAVE_NAME "connect4.txt"
#define C4S_LAST_NAME "connect4-last.txt"
/* A save is a few short lines; anything much larger is not ours. */
#define C4S_SAVE_MAX 4096
/* 'u' (HID 0x18): undo, like Backspace. */
#define C4S_KEY_U (HID_KEY_LETTER('u'))

static void *c4s_create(const console_env_t *env)
{
    c4_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    c4_session_init(&s->session);
    opponents_init(&s->players, env);
    s->cursor = 3;
    think_init(&s->think, 0);
    screen_saves_init(&s->saves, env, C4S_SAVE_NAME, C4S_LAST_NAME);
    return s;
}

static void c4s_destroy(void *p)
{
    c4_screen_t *s = p;
    if (s) {
        think_destroy(&s->think); /* the search ends before its player goes */
        opponents_free(&s->players);
        c4_session_free(&s->session);
    }
    free(s);
}

/* ---- the save file ---- */

/* Reads the save into s->pending.  Returns 0, or -1
 * with a one-line reason in err. */
static int c4s_load(c4_screen_t *s, char *err, size_t errlen)
{
    c4_record_t r;
    c4_record_begin(&r);
    int rc = save_kv_read_lines(s->saves.path, C4S_SAVE_MAX, C4_RECORD_LINE_MAX, c4_record_take,
                                &r, err, errlen);
    if (rc == 0 && (rc = c4_record_end(&r, err, errlen)) == 0) {
        s->pending = r;
    }
    return rc;
}

/* Saves the game after a move or an undo (screen_autosave); a failure is
 * shown on the screen. */
static void c4s_autosave(c4_screen_t *s)
{
    screen_autosave(&s->saves, "Connect Four", s->session.game.moves == 0,
                    c4_game_is_over(&s->session.game), c4_record_header, c4_record_emit,
                    &s->session);
}

/* Puts the save aside as *.SUFFIX; the notice names the new file. */
static int c4s_put_aside(c4_screen_t *s, const char *suffix, const char *what)
{
    return screen_put_aside(s->saves.path, suffix, what, s->notice, sizeof s->notice,
                            &s->notice_color);
}

/* Decides whether the title offers "Resume": a game left with Escape, or a
 * readable save.  An unreadable save is kept aside as *.corrupt and the
 * title says so; a finished one (killed at the very end) becomes the last
 * game. */
static void c4s_check_saved(c4_screen_t *s)
{
    s->resumable = s->session.suspended;
    if (s->session.suspended || !s->saves.have || !save_exists(s->saves.path))
        return;
    char err[256];
    if (c4s_load(s, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved Connect Four game unreadable: %s: %s\n", s->saves.path,
                err);
        if (c4s_put_aside(s, "corrupt", "Unreadable save") == 0)
            s->notice_color = COLOR_WARN;
        return;
    }
    if (c4_game_is_over(&s->pending.game))
        rename(s->saves.path, s->saves.last_path);
    else
        s->resumable = 1;
}

static void c4s_enter(void *p)
{
    c4_screen_t *s = p;
    s->notice[0] = 0;
    c4s_check_saved(s);
    if (s->resumable)
        s->menu_sel = C4S_MENU_RESUME;
    else if (s->menu_sel >= C4_MODE_COUNT)
        s->menu_sel = 0;
    s->dirty = 1;
}

static void c4s_set_turn_status(c4_screen_t *s)
{
    const c4_session_t *ss = &s->session;
    if (ss->ai_pending)
        snprintf(s->status, sizeof s->status, "%s is thinking...",
                 c4_mode_is_perfect(ss->mode) ? "Perfect" : "The FPGA");
    else if (ss->ai_side)
        snprintf(s->status, sizeof s->status, "Your move (%s): Left/Right, Enter",
                 ss->ai_side == C4_P1 ? "yellow" : "red");
    else
        snprintf(s->status, sizeof s->status, "%s to move: Left/Right, Enter",
                 ss->game.to_move == C4_P1 ? "Red" : "Yellow");
}

/* The player of the game on the board (the mode says which), and the one
 * that moves when it gives up. */
static opponent_t *c4s_player(c4_screen_t *s)
{
    return opponents_get(&s->players, c4_mode_is_perfect(s->session.mode)
                                          ? OPPONENT_CONNECT4_PERFECT
                                          : OPPONENT_CONNECT4_SEED_AI);
}

static opponent_t *c4s_fallback(c4_screen_t *s)
{
    return opponents_get(&s->players, OPPONENT_CONNECT4_SEED_AI);
}

/* The session has a game in play (new or resumed): the computer's players
 * start a new game (seed 004 resets the AI logic before each); the
 * computer moves at the next tick if it is its turn. */
static void c4s_start_play(c4_screen_t *s)
{
    char err[200];
    if (s->session.ai_side) {
        opponent_t *who[2] = {c4s_fallback(s), c4s_player(s)};
        for (int i = 0; i < 2; i++)
            if (who[i] && (i == 0 || who[1] != who[0]) &&
                who[i]->new_game(who[i], 0, err, sizeof err) != 0)
                fprintf(stderr, "tabletop %s\n", err);
    }
    s->resumable = 0;
    s->notice[0] = 0;
    c4s_set_turn_status(s);
    s->dirty = 1;
}

static void c4s_new_game(c4_screen_t *s, int mode)
{
    /* A game that could have been resumed is not overwritten by a new one. */
    if (s->saves.have && save_exists(s->saves.path))
        c4s_put_aside(s, "bak", "Saved game");
    c4_session_new_game(&s->session, mode);
    s->saves.failed = 0;
    s->cursor = 3;
    c4s_start_play(s);
}

static void c4s_resume(c4_screen_t *s)
{
    if (s->session.suspended) {
        c4_session_resume(&s->session, NULL, 0);
    } else {
        c4_session_resume_record(&s->session, &s->pending);
        s->saves.failed = 0;
    }
    c4s_start_play(s);
}

/* Escape during a game: back to the title with the game kept in memory
 * (and on disk if the last autosave worked); the title says which. */
static void c4s_suspend(c4_screen_t *s)
{
    s->dirty = 1;
    s->notice[0] = 0;
    if (!c4_session_suspend(&s->session)) {
        c4s_check_saved(s);
        return;
    }
    s->resumable = 1;
    s->menu_sel = C4S_MENU_RESUME;
    screen_suspended_notice(&s->saves, C4S_SAVE_NAME, s->notice, sizeof s->notice,
                            &s->notice_color);
}

/* Backspace or 'u': the session takes back the last move (against the
 * computer, back to before the player's last one). */
static void c4s_undo(c4_screen_t *s)
{
    int taken = c4_session_undo(&s->session);
    s->dirty = 1;
    if (taken == 0) {
        snprintf(s->status, sizeof s->status, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    c4s_autosave(s);
    const c4_session_t *ss = &s->session;
    const char *next = ss->ai_side                   ? "Your move"
                       : ss->game.to_move == C4_P1 ? "Red to move"
                                                   : "Yellow to move";
    snprintf(s->status, sizeof s->status, "Took back %d move%s. %s", taken, taken == 1 ? "" : "s",
             next);
}

/* Starts a disc of the side to move falling into col; a full column is
 * refused with the illegal sound (the computer's columns are legal). */
static void c4s_drop(c4_screen_t *s, int col)
{
    s->dirty = 1;
    if (c4_session_drop(&s->session, col, s->now) != C4_OK) {
        snprintf(s->status, sizeof s->status, "Column %d is full: choose another", col + 1);
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    s->cursor = col;
}

static console_game_status_t c4s_key(void *p, int hid)
{
    c4_screen_t *s = p;
    c4_session_t *ss = &s->session;
    if (ss->phase == C4_PHASE_TITLE) {
        int items = C4_MODE_COUNT + (s->resumable ? 1 : 0);
        if (hid == HID_KEY_UP && s->menu_sel > 0)
            s->menu_sel--, s->dirty = 1;
        else if (hid == HID_KEY_DOWN && s->menu_sel < items - 1)
            s->menu_sel++, s->dirty = 1;
        else if (hid == HID_KEY_ENTER) {
            if (s->menu_sel == C4S_MENU_RESUME)
                c4s_resume(s);
            else
                c4s_new_game(s, s->menu_sel);
        } else if (hid == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_ESCAPE) {
        if (!ss->falling)
            c4s_suspend(s);
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_BACKSPACE || hid == C4S_KEY_U) {
        if (ss->phase == C4_PHASE_OVER || c4_session_human_to_move(ss))
            c4s_undo(s);
        return CONSOLE_GAME_STAY;
    }
    if (ss->phase == C4_PHASE_OVER) {
        if (hid == HID_KEY_ENTER)
            c4s_new_game(s, ss->mode);
        return CONSOLE_GAME_STAY;
    }
    if (!c4_session_human_to_move(ss))
        return CONSOLE_GAME_STAY;
    if (hid == HID_KEY_LEFT && s->cursor > 0)
        s->cursor--, s->dirty = 1;
    else if (hid == HID_KEY_RIGHT && s->cursor < C4_COLS - 1)
        s->cursor++, s->dirty = 1;
    else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE)
        c4s_drop(s, s->cursor);
    else if (hid >= HID_KEY_1 && hid < HID_KEY_1 + C4_COLS)
        c4s_drop(s, hid - HID_KEY_1);
    return CONSOLE_GAME_STAY;
}

/* The session played the landed disc: save it, then the game goes on or
 * ends. */
static void c4s_landed(c4_screen_t *s)
{
    s->dirty = 1;
    c4s_autosave(s);
    c4_result_t result = c4_session_result(&s->session);
    if (result == C4_RESULT_NONE) {
        s->sound = AUDIO_PLACE;
        c4s_set_turn_status(s);
        return;
    }
    const char *who = result == C4_RESULT_DRAW          ? "A draw!"
                      : result == C4_RESULT_YOU_WIN     ? "You win!"
                      : result == C4_RESULT_RED_WINS    ? "Red wins!"
                      : result == C4_RESULT_YELLOW_WINS ? "Yellow wins!"
                      : c4_mode_is_perfect(s->session.mode) ? "Perfect wins!"
                                                            : "The FPGA wins!";
    s->sound = AUDIO_GAME_OVER;
    snprintf(s->status, sizeof s->status, "%s Enter: again, Escape: menu", who);
}

static int c4s_asked_is_on_board(const c4_screen_t *s)
{
    const c4_game_t *g = &s->session.game;
    return g->moves == s->asked.moves &&
           !memcmp(g->history, s->asked.history, sizeof g->history[0] * (size_t)g->moves);
}

int c4s_thinking(const c4_screen_t *s)
{
    const c4_session_t *ss = &s->session;
    return think_active(&s->think) && ss->phase == C4_PHASE_PLAY && ss->ai_pending &&
           c4s_asked_is_on_board(s);
}

static void c4s_ask(c4_screen_t *s, opponent_t *o);

/* The computer answered.  Played if its position is still on the board
 * and still its turn (Escape may have left it); a player that gave up
 * (Perfect past its budget) hands the move to the fallback, and the
 * session marks that move as the seed's AI's. */
static void c4s_answered(c4_screen_t *s)
{
    c4_session_t *ss = &s->session;
    opponent_answer_t a;
    char err[200];
    opponent_status_t st = think_answer(&s->think, &a, err, sizeof err);
    if (ss->phase != C4_PHASE_PLAY || !ss->ai_pending || !c4s_asked_is_on_board(s))
        return; /* another game or position: forgotten */
    if (st == OPPONENT_FAILED) {
        /* Logged in full; the screen gets the gist.  The game is unchanged. */
        c4_session_ai_gave_up(ss);
        fprintf(stderr, "tabletop %s\n", err);
        snprintf(s->status, sizeof s->status, "%s: Escape for the menu",
                 strstr(err, "did not answer") ? "The AI hardware did not answer"
                                               : "The AI hardware sent an illegal move");
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    if (a.gave_up) {
        fprintf(stderr, "%s\n", a.note);
        /* The session's record of a Perfect answer of -1: the next drop is
         * the seed's AI's. */
        c4_perfect_search_t none = {.col = -1};
        int no_memory;
        c4_session_perfect_end(ss, &none, &no_memory);
        c4s_ask(s, c4s_fallback(s));
        return;
    }
    c4s_drop(s, a.move);
}

/* The computer's turn: its player is asked for the position on the board
 * through think.c, with no minimum time (the answer is played as soon as it
 * comes); one that steps on the console's thread takes its first step now. */
static void c4s_ask(c4_screen_t *s, opponent_t *o)
{
    char err[200];
    s->asked = s->session.game;
    if (!o || think_ask(&s->think, o, &s->asked, err, sizeof err) != 0) {
        c4_session_ai_gave_up(&s->session);
        snprintf(s->status, sizeof s->status, "No hardware to ask: Escape for the menu");
        s->dirty = 1;
        return;
    }
    think_start_clock(&s->think, s->now);
    s->think_since = s->now;
    s->think_step = 0;
    /* Only a console-thread player answers within this call: a search on
     * the think thread is collected at a later tick even when it is done
     * already, so how fast it ran never changes the game time (a frame
     * presented or not) of its drop. */
    if (o->console_thread && think_ready(&s->think, s->now))
        c4s_answered(s);
}

static void c4s_tick(void *p, uint64_t now_us)
{
    c4_screen_t *s = p;
    s->now = now_us;
    if (think_active(&s->think)) {
        if (think_ready(&s->think, now_us)) {
            c4s_answered(s);
            return;
        }
        /* Game time passes only in a window (headless, it stands still
         * while the search runs): the ring moves on. */
        int step = (int)((now_us - s->think_since) / C4S_THINK_STEP_US);
        if (step != s->think_step && c4s_thinking(s))
            s->dirty = 1;
        s->think_step = step;
    }
    if (s->session.falling) {
        c4_fall_t f = c4_session_fall(&s->session, now_us);
        if (f == C4_FALL_LANDED)
            c4s_landed(s);
        else if (f == C4_FALL_MOVED)
            s->dirty = 1;
    } else if (s->session.ai_pending && s->session.phase == C4_PHASE_PLAY &&
               !think_active(&s->think)) {
        c4s_ask(s, c4s_player(s));
    }
}

/* While Perfect's search runs (or its answer waits for the next tick),
 * WORKING: a headless run lets no game time pass until it is played. */
static console_busy_t c4s_busy(void *p)
{
    const c4_screen_t *s = p;
    const c4_session_t *ss = &s->session;
    if (think_active(&s->think))
        return CONSOLE_BUSY_WORKING;
    return ss->falling || ss->ai_pending ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_NONE;
}

static int c4s_dirty(void *p) { return ((c4_screen_t *)p)->dirty; }

static int c4s_take_sound(void *p) { return screen_take_sound(&((c4_screen_t *)p)->sound); }

/* 'q': a disc still falling lands (and is saved) first.  A game in
 * progress that is not on disk would be lost: the console asks. */
static int c4s_quit(void *p)
{
    c4_screen_t *s = p;
    if (c4_session_land(&s->session))
        c4s_landed(s);
    return c4_session_in_progress(&s->session) && (!s->saves.have || s->saves.failed);
}

const console_game_t connect4_game_module = {
    .id = "connect4",
    .title = "Connect Four",
    .create = c4s_create,
    .destroy = c4s_destroy,
    .enter = c4s_enter,
    .key = c4s_key,
    .tick = c4s_tick,
    .busy = c4s_busy,
    .dirty = c4s_dirty,
    .render = c4s_render,
    .take_sound = c4s_take_sound,
    .help = c4s_help,
    .quit = c4s_quit,
    .output = c4s_output,
};

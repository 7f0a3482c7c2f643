/*
 * screens/gomoku.c - "Chess Club Dream" on the console (seed 002): the farm
 * menu and the 15x15 Gomoku board around it (docs/farm.md).  The game is
 * the pure session games/gomoku/session.h (renju, the mode, the clock,
 * undo, the farm's share, the record); the computer stands behind the
 * opponent seam (console/opponent.h).  This file plays each step, asks the
 * computer through a think_t and saves; gomoku_keys.c maps the keys.  The
 * pictures are gomoku_draw.c's (the framebuffer) and gomoku_tiles.c's (the
 * tile display's pages, returned by output()).
 *
 * Two pages, as the seed's (§3.4.2); c switches between them: the farm
 * (its numbers, the five choices, "WELCOME TO THE FARM") and the board
 * (15x15 and the panel: mode PVP/PVC/CVP, level, the 30 s move clock).
 * Keys: arrows or w a s d move; Enter plays or chooses (space chooses on
 * the farm too); space on the board changes the mode (a new game, the
 * seed's key); 1-3 the level; '-', u or Backspace takes back; n a new
 * game; v the final position / WIN; t the skin (the seed's tiles, the
 * default, or our drawing); Escape on the board starts a new two-player
 * game, as the seed's 0x76; on the farm it goes back to the chooser.
 *
 * Everything is saved after every action and every move in farm.txt in the
 * save folder, atomically (save_kv_write), and resumed at start; an
 * unreadable file is kept aside as farm.txt.corrupt.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/console_game.h"
#include "common/keys.h"
#include "console/save.h"
#include "gomoku_screen.h"

/* The computer's stone waits this much game time, so the player's shows first. */
#define GK_MIN_THINK_US 250000ull

#define GK_SAVE_NAME "farm.txt"
#define GK_SAVE_MAX 8192


int gk_over(const gk_screen_t *s) { return gomoku_session_over(&s->gs); }

static const char *gk_color_name(int c) { return c == GOMOKU_BLACK ? "Black" : "White"; }

void gk_set_status(gk_screen_t *s, int warn, const char *text)
{
    snprintf(s->status, sizeof s->status, "%s", text);
    s->status_warn = (uint16_t)warn;
    s->dirty = 1;
}

void gk_set_notice(gk_screen_t *s, int warn, const char *text)
{
    snprintf(s->notice, sizeof s->notice, "%s", text);
    s->notice_warn = warn;
    s->dirty = 1;
}

/* ---- the save file ---- */

/* Saves everything.  A failure is shown and logged; play goes on. */
void gk_autosave(gk_screen_t *s)
{
    s->touched = 1;
    screen_autosave(&s->saves, "farm", 0, 0, GOMOKU_SESSION_RECORD_HEADER, gomoku_session_emit,
                    &s->gs);
}

/* Reads the save at start.  Returns 0 if one was resumed; an unreadable
 * one is kept aside and a new farm starts with a notice. */
static int gk_load(gk_screen_t *s)
{
    if (!s->saves.have || !save_exists(s->saves.path))
        return -1;
    char err[200];
    gomoku_session_reader_t *r = malloc(sizeof *r);
    int bad = !r;
    if (!r)
        snprintf(err, sizeof err, "out of memory");
    else {
        gomoku_session_read_begin(r);
        bad = save_kv_read(s->saves.path, GK_SAVE_MAX, gomoku_session_take, r, err, sizeof err) !=
                  0 ||
              gomoku_session_read_end(r, &s->gs, err, sizeof err) != 0;
        free(r);
    }
    if (!bad)
        return 0;
    char aside[SCREEN_PATH_LEN + 32], why[SCREEN_PATH_LEN + 64], msg[112];
    fprintf(stderr, "tabletop: the farm save %s is unreadable: %s\n", s->saves.path, err);
    /* The notice fits the tile page's two lines of 26 letters (the file's
     * name on the second, as it is spelt); stderr has the whole story. */
    if (save_move_aside(s->saves.path, "corrupt", aside, sizeof aside, why, sizeof why) == 0) {
        const char *base = strrchr(aside, '/');
        fprintf(stderr, "tabletop: kept it as %s; a new farm starts\n", aside);
        snprintf(msg, sizeof msg, "Unreadable save, kept as %.60s", base ? base + 1 : aside);
    } else {
        fprintf(stderr, "tabletop: could not keep it aside (%s); a new farm starts\n", why);
        snprintf(msg, sizeof msg, "Unreadable save (see stderr): a new farm");
    }
    gk_set_notice(s, 1, msg);
    return -1;
}

/* ---- the computer ---- */

/* The computer is asked for its move at the session's level; the search
 * copies what it needs and runs on the think thread. */
static void gk_ai_start(gk_screen_t *s)
{
    char err[200];
    s->ai_pending = 0;
    opponent_t *o = opponents_get(&s->players, OPPONENT_GOMOKU);
    if (!o || think_ask(&s->think, o, &s->gs, err, sizeof err) != 0) {
        gk_set_status(s, 1, "The computer found no move");
        return;
    }
    /* The minimum time runs from the search's start, not from a frame. */
    think_start_clock(&s->think, s->now);
}

/* Waits for the search and forgets its move. */
void gk_ai_cancel(gk_screen_t *s)
{
    think_cancel(&s->think);
    s->ai_pending = 0;
}

/* ---- the game ---- */

/* The status line for the turn under way: the computer thinking, or the
 * player's prompt (nothing once the game is over). */
void gk_prompt(gk_screen_t *s)
{
    /* A turn lost on the clock stays said until the player's next key,
     * through the computer's reply. */
    char lost[48] = "";
    if (s->timed_out)
        snprintf(lost, sizeof lost, "Time! %s lost a turn. ", gk_color_name(s->timed_out));
    if (gomoku_session_ai_turn(&s->gs)) {
        char text[96];
        snprintf(text, sizeof text, "%sThe computer is thinking...", lost);
        gk_set_status(s, s->timed_out != 0, text);
    } else if (!gk_over(s)) {
        char text[112];
        if (gomoku_session_ai_color(&s->gs))
            snprintf(text, sizeof text, "%sYour move (%s): arrows/wasd, Enter", lost,
                     gk_color_name(s->gs.game.to_move));
        else
            snprintf(text, sizeof text, "%s%s to move: arrows/wasd, Enter", lost,
                     gk_color_name(s->gs.game.to_move));
        gk_set_status(s, s->timed_out != 0, text);
    }
    s->dirty = 1;
}

/* A turn begins (its clock has started): the computer's, or the player's
 * prompt. */
void gk_next_turn(gk_screen_t *s)
{
    s->secs_shown = -1;
    if (gomoku_session_ai_turn(&s->gs) && s->page == GK_PAGE_BOARD)
        s->ai_pending = 1;
    gk_prompt(s);
}

/* The player's key on the board: what the status said about the last
 * event (a refusal, a lost turn, a question) has been seen. */
void gk_said_seen(gk_screen_t *s)
{
    if (s->flash || s->timed_out || s->ask_escape || s->ask_play)
        s->dirty = 1;
    s->flash = GK_FLASH_NONE;
    s->timed_out = 0;
    s->ask_escape = 0;
    s->ask_play = 0;
}

void gk_new_game(gk_screen_t *s)
{
    gk_ai_cancel(s);
    gk_said_seen(s);
    gomoku_session_new_game(&s->gs, s->now);
    s->cursor = 7 * GOMOKU_SIZE + 7;
    s->show_win = 0;
    gk_autosave(s);
    gk_next_turn(s);
}

/* The game has just ended (the session has counted it on the farm). */
static void gk_finish(gk_screen_t *s, const gomoku_session_end_t *end)
{
    char text[112];
    s->show_win = end->winner != GOMOKU_DRAW;
    s->sound = AUDIO_GAME_OVER;
    gk_result_status(s, end, text, sizeof text);
    if (end->counted) {
        /* The farm page says it too (two lines of 26 letters). */
        char farm[64];
        gk_farm_game_notice(end, farm, sizeof farm);
        gk_set_notice(s, end->outcome == FARM_GAME_LOST || end->starved, farm);
        gk_farm_note_cause(s, GK_CAUSE_GAME, end->outcome, end->starved);
    }
    gk_set_status(s, s->gs.farm.state == FARM_LOST || gk_player_lost(s), text);
}

/* A stone is down at point: the cue, the end of the game or the next turn. */
static void gk_played(gk_screen_t *s, int point, const gomoku_session_end_t *end)
{
    s->cursor = point;
    s->sound = AUDIO_PLACE;
    if (end->winner)
        gk_finish(s, end);
    gk_autosave(s);
    if (!gk_over(s))
        gk_next_turn(s);
    s->dirty = 1;
}

void gk_try_play(gk_screen_t *s)
{
    char question[112];
    int asked = s->ask_play ? 0 : gk_board_stamina_question(s, question, sizeof question);
    if (asked) {
        /* The game would end the farm (won or lost), or a loss would: asked first. */
        gk_set_status(s, 1, question);
        s->ask_play = 1;
        s->flash = asked == 2 ? GK_FLASH_MONEY : GK_FLASH_STAMINA;
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    s->ask_play = 0;
    gomoku_forbid_t forbid = GOMOKU_FORBID_NONE;
    gomoku_session_end_t end;
    gomoku_session_status_t st = gomoku_session_play(&s->gs, s->cursor, s->now, &forbid, &end);
    if (st == GOMOKU_SESSION_TAKEN) {
        gk_set_status(s, 1, "That point is taken: choose another");
        s->flash = GK_FLASH_TAKEN;
        s->sound = AUDIO_ILLEGAL;
    } else if (st == GOMOKU_SESSION_FORBIDDEN) {
        char pt[4], text[112];
        gomoku_point_format(s->cursor, pt);
        snprintf(text, sizeof text, "%s is forbidden to Black (renju: %s): play elsewhere", pt,
                 gomoku_forbid_name(forbid));
        gk_set_status(s, 1, text);
        s->flash = forbid == GOMOKU_FORBID_DOUBLE_FOUR ? GK_FLASH_FOUR
                   : forbid == GOMOKU_FORBID_OVERLINE  ? GK_FLASH_LONG
                                                       : GK_FLASH_THREE;
        s->sound = AUDIO_ILLEGAL;
    } else if (st == GOMOKU_SESSION_OK) {
        gk_played(s, s->cursor, &end);
    }
}

/* The clock ran out and the session passed the turn (seed §3.4.2). */
static void gk_time_out(gk_screen_t *s)
{
    s->timed_out = s->gs.game.to_move == GOMOKU_BLACK ? GOMOKU_WHITE : GOMOKU_BLACK;
    s->flash = GK_FLASH_TIME;
    s->ask_escape = 0;
    gk_autosave(s);
    gk_next_turn(s);
    s->sound = AUDIO_ILLEGAL;
}

/* '-': takes back the last stone (two plies against the computer); a game
 * the farm has counted stays. */
void gk_undo(gk_screen_t *s)
{
    int taken = 0, point = s->cursor;
    gomoku_session_status_t st = gomoku_session_undo(&s->gs, s->now, &taken, &point);
    if (st == GOMOKU_SESSION_COUNTED) {
        gk_set_status(s, 1, "The farm has counted this game: n or Enter for a new one");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    if (st != GOMOKU_SESSION_OK) {
        gk_set_status(s, 1, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    s->cursor = point;
    s->show_win = 0;
    gk_autosave(s);
    gk_next_turn(s);
    char text[112];
    snprintf(text, sizeof text, "Took back %d stone%s. %s to move", taken, taken == 1 ? "" : "s",
             gk_color_name(s->gs.game.to_move));
    gk_set_status(s, 0, text);
}

void gk_show_board(gk_screen_t *s)
{
    s->page = GK_PAGE_BOARD;
    s->notice[0] = 0;
    if (gk_over(s)) {
        s->dirty = 1;
        if (!s->status[0])
            gk_set_status(s, 0, "The game is over. Enter: again, c: farm");
        return;
    }
    /* The clock starts afresh: it stood while the farm showed. */
    gomoku_session_start_clock(&s->gs, s->now);
    gk_next_turn(s);
}

void gk_show_farm(gk_screen_t *s)
{
    gk_ai_cancel(s);
    s->page = GK_PAGE_FARM;
    s->dirty = 1;
}

/* ---- the console's calls ---- */

static void *gk_create(const console_env_t *env)
{
    gk_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->env = *env;
    think_init(&s->think, GK_MIN_THINK_US);
    opponents_init(&s->players, env);
    gomoku_session_init(&s->gs);
    gk_tiles_reset(s);
    s->cursor = 7 * GOMOKU_SIZE + 7;
    screen_saves_init(&s->saves, env, GK_SAVE_NAME, NULL);
    if (gk_load(s) == 0) {
        gk_set_notice(s, 0, "Welcome back: your farm is as you left it");
        if (s->gs.game.moves)
            s->cursor = s->gs.game.history[s->gs.game.moves - 1];
        s->show_win = gk_over(s) && s->gs.game.winner != GOMOKU_DRAW;
    }
    return s;
}

static void gk_destroy(void *p)
{
    gk_screen_t *s = p;
    if (!s)
        return;
    think_destroy(&s->think);
    opponents_free(&s->players);
    free(s);
}

static void gk_enter(void *p)
{
    gk_screen_t *s = p;
    s->page = GK_PAGE_FARM;
    s->dirty = 1;
}

static void gk_tick(void *p, uint64_t now_us)
{
    gk_screen_t *s = p;
    s->now = now_us;
    if (s->page != GK_PAGE_BOARD)
        return;
    if (s->ai_pending) {
        gk_ai_start(s);
        return;
    }
    if (think_active(&s->think)) {
        if (!think_ready(&s->think, now_us))
            return;
        gomoku_session_end_t end;
        opponent_answer_t a;
        char err[200];
        int point = think_answer(&s->think, &a, err, sizeof err) == OPPONENT_MOVED ? a.move : -1;
        if (point >= 0 && gomoku_session_play_ai(&s->gs, point, s->now, &end) == GOMOKU_SESSION_OK)
            gk_played(s, point, &end);
        else
            gk_set_status(s, 1, "The computer found no move");
        return;
    }
    int blink = (int)(now_us / (GK_BLINK_US / 4) % 4);
    if (blink != s->blink) {
        s->blink = blink;
        if (gk_tiles_on(s) && s->gs.game.moves > 0)
            s->dirty = 1; /* the cursor on a stone and the last move blink */
    }
    int secs;
    if (gomoku_session_clock(&s->gs, now_us, &secs)) {
        gk_time_out(s);
        return;
    }
    if (secs >= 0 && secs != s->secs_shown) {
        s->secs_shown = secs;
        s->dirty = 1;
    }
}

static console_busy_t gk_busy(void *p)
{
    gk_screen_t *s = p;
    if (s->ai_pending)
        return CONSOLE_BUSY_WAITING;
    return think_busy(&s->think);
}

static int gk_dirty(void *p)
{
    gk_screen_t *s = p;
    return s->dirty || s->sound != AUDIO_NONE;
}

static int gk_take_sound(void *p) { return screen_take_sound(&((gk_screen_t *)p)->sound); }

/* 'q': everything is on disk unless the last autosave failed.  A move the
 * computer is still thinking about is not lost: its turn starts again at
 * the next start (and play goes on if the player does not quit after all). */
static int gk_quit(void *p)
{
    gk_screen_t *s = p;
    return s->saves.have ? s->saves.failed : s->touched;
}

static const char *const gk_help[] = {
    "Arrows, wasd\tmove the cursor; choose",
    "Enter\tplay a stone; do a farm choice",
    "Space\tmode PVP, PVC, CVP (a new game)",
    "1, 2, 3\tthe computer's level",
    "-, u, Bksp\ttake back (2 against the AI)",
    "c\tthe farm / the board",
    "n\ta new game",
    "v\tafter a game: result / board",
    "t\tskin: ours / the seed's tiles",
    "Escape\tnew PVP game (asks); farm: back",
    NULL,
};

const console_game_t gomoku_game_module = {
    .id = "gomoku",
    .title = "Gomoku: Chess Club Dream",
    .create = gk_create,
    .destroy = gk_destroy,
    .enter = gk_enter,
    .key = gk_key,
    .tick = gk_tick,
    .busy = gk_busy,
    .dirty = gk_dirty,
    .render = gk_render,
    .take_sound = gk_take_sound,
    .help = gk_help,
    .quit = gk_quit,
    .output = gk_output,
};

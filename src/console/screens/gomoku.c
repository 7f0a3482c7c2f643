/*
 * screens/gomoku.c - "Chess Club Dream" on the console (seed 002): the farm
 * menu and the 15x15 Gomoku board around it (docs/farm.md).  The game is
 * the pure session games/gomoku/session.h (renju, the mode, the clock,
 * undo, the farm's share, the record) and the AI gomoku_ai.h; this file
 * maps the keys, plays the sound cues, runs the computer on a think_t and
 * saves.  The pictures are gomoku_draw.c's (the framebuffer) and
 * gomoku_tiles.c's (the tile display's pages, returned by output()).
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

#define GK_KEY_MINUS 0x2D

static int gk_over(const gk_screen_t *s) { return gomoku_session_over(&s->gs); }

static const char *gk_color_name(int c) { return c == GOMOKU_BLACK ? "Black" : "White"; }

static void gk_set_status(gk_screen_t *s, int warn, const char *text)
{
    snprintf(s->status, sizeof s->status, "%s", text);
    s->status_warn = (uint16_t)warn;
    s->dirty = 1;
}

static void gk_set_notice(gk_screen_t *s, int warn, const char *text)
{
    snprintf(s->notice, sizeof s->notice, "%s", text);
    s->notice_warn = warn;
    s->dirty = 1;
}

/* ---- the save file ---- */

/* Saves everything.  A failure is shown and logged; play goes on. */
static void gk_autosave(gk_screen_t *s)
{
    s->touched = 1;
    if (!s->have_saves)
        return;
    char err[GK_PATH_LEN + 128];
    if (save_kv_write(s->save_path, GOMOKU_SESSION_RECORD_HEADER, gomoku_session_emit, &s->gs,
                      err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: farm autosave to %s failed: %s\n", s->save_path, err);
        snprintf(s->save_error, sizeof s->save_error, "Autosave failed: %.70s", err);
        s->save_failed = 1;
        return;
    }
    s->save_failed = 0;
}

/* Reads the save at start.  Returns 0 if one was resumed; an unreadable
 * one is kept aside and a new farm starts with a notice. */
static int gk_load(gk_screen_t *s)
{
    if (!s->have_saves || !save_exists(s->save_path))
        return -1;
    char err[200];
    gomoku_session_reader_t *r = malloc(sizeof *r);
    int bad = !r;
    if (!r)
        snprintf(err, sizeof err, "out of memory");
    else {
        gomoku_session_read_begin(r);
        bad = save_kv_read(s->save_path, GK_SAVE_MAX, gomoku_session_take, r, err, sizeof err) !=
                  0 ||
              gomoku_session_read_end(r, &s->gs, err, sizeof err) != 0;
        free(r);
    }
    if (!bad)
        return 0;
    char aside[GK_PATH_LEN + 32], why[GK_PATH_LEN + 64], msg[112];
    fprintf(stderr, "tabletop: the farm save %s is unreadable: %s\n", s->save_path, err);
    /* The notice fits the tile page's two lines of 26 letters (the file's
     * name on the second, as it is spelt); stderr has the whole story. */
    if (save_move_aside(s->save_path, "corrupt", aside, sizeof aside, why, sizeof why) == 0) {
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
static void gk_ai_cancel(gk_screen_t *s)
{
    think_cancel(&s->think);
    s->ai_pending = 0;
}

/* ---- the game ---- */

/* The status line for the turn under way: the computer thinking, or the
 * player's prompt (nothing once the game is over). */
static void gk_prompt(gk_screen_t *s)
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
static void gk_next_turn(gk_screen_t *s)
{
    s->secs_shown = -1;
    if (gomoku_session_ai_turn(&s->gs) && s->page == GK_PAGE_BOARD)
        s->ai_pending = 1;
    gk_prompt(s);
}

/* The player's key on the board: what the status said about the last
 * event (a refusal, a lost turn, a question) has been seen. */
static void gk_said_seen(gk_screen_t *s)
{
    if (s->flash || s->timed_out || s->ask_escape || s->ask_play)
        s->dirty = 1;
    s->flash = GK_FLASH_NONE;
    s->timed_out = 0;
    s->ask_escape = 0;
    s->ask_play = 0;
}

static void gk_new_game(gk_screen_t *s)
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

static void gk_try_play(gk_screen_t *s)
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
static void gk_undo(gk_screen_t *s)
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

static void gk_show_board(gk_screen_t *s)
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

static void gk_show_farm(gk_screen_t *s)
{
    gk_ai_cancel(s);
    s->page = GK_PAGE_FARM;
    s->dirty = 1;
}

/* ---- the farm ---- */

static void gk_new_farm(gk_screen_t *s)
{
    farm_init(&s->gs.farm);
    s->menu_sel = 0;
    s->ask_buy = 0;
    /* The old farm's last game (its WIN) goes with it: an empty board in
     * the same mode. */
    gk_ai_cancel(s);
    gk_said_seen(s);
    gomoku_session_new_game(&s->gs, s->now);
    s->cursor = 7 * GOMOKU_SIZE + 7;
    s->show_win = 0;
    s->status[0] = 0;
    gk_set_notice(s, 0, "A new farm: stamina 5, everything else 0");
    gk_autosave(s);
}

static void gk_farm_act(gk_screen_t *s)
{
    static const char *const done[FARM_ACTIONS] = {
        "You bought a pig for 2 coins", "You sold a grown pig for 12 coins",
        "You ate: -1 coin, +5 stamina", "You bought 5 feed for 1 coin", ""};
    /* A choice the seed's rules make costly (the farm ends, a pig starves)
     * is done only on a second Enter in a row. */
    char text[112];
    if (s->ask_buy != s->menu_sel + 1 &&
        gk_farm_question(&s->gs.farm, (farm_action_t)s->menu_sel, text, sizeof text)) {
        s->ask_buy = s->menu_sel + 1;
        gk_set_notice(s, 1, text);
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    s->ask_buy = 0;
    farm_result_t r = farm_act(&s->gs.farm, (farm_action_t)s->menu_sel);
    if (r == FARM_NO_GROWN_PIG) {
        gk_set_notice(s, 1, "No grown pig to sell yet");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    if (r == FARM_TOO_MANY_PIGS) {
        gk_set_notice(s, 1, "The sty is full");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    if (r != FARM_OK)
        return;
    gk_farm_note_cause(s, GK_CAUSE_ACTION, s->menu_sel, 0);
    gk_set_notice(s, 0, done[s->menu_sel]);
    s->sound = s->gs.farm.state == FARM_PLAYING ? AUDIO_PLACE : AUDIO_GAME_OVER;
    gk_autosave(s);
}

/* ---- keys ---- */

static void gk_next_skin(gk_screen_t *s)
{
    gomoku_session_set_skin(&s->gs, (s->gs.skin + 1) % GOMOKU_SKINS);
    gk_autosave(s);
    s->dirty = 1;
}

static console_game_status_t gk_farm_key(gk_screen_t *s, int hid)
{
    if (s->gs.farm.state != FARM_PLAYING) {
        /* Fig 5.6, 5.11: any key starts anew. */
        gk_new_farm(s);
        return CONSOLE_GAME_STAY;
    }
    if (hid != HID_KEY_ENTER && hid != HID_KEY_SPACE && s->ask_buy) {
        s->ask_buy = 0; /* the purchase on credit is not made */
        s->notice[0] = 0;
        s->dirty = 1;
    }
    if (hid == HID_KEY_UP || hid == HID_KEY_LETTER('w')) {
        s->menu_sel = (s->menu_sel + FARM_ACTIONS - 1) % FARM_ACTIONS;
        s->notice[0] = 0;
        s->dirty = 1;
    } else if (hid == HID_KEY_DOWN || hid == HID_KEY_LETTER('s')) {
        s->menu_sel = (s->menu_sel + 1) % FARM_ACTIONS;
        s->notice[0] = 0;
        s->dirty = 1;
    } else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE) {
        gk_farm_act(s);
    } else if (hid == HID_KEY_LETTER('c')) {
        gk_show_board(s);
    } else if (hid == HID_KEY_LETTER('t')) {
        gk_next_skin(s);
    } else if (hid == HID_KEY_ESCAPE) {
        return CONSOLE_GAME_LEAVE;
    }
    return CONSOLE_GAME_STAY;
}

static void gk_cursor_move(gk_screen_t *s, int dr, int dc)
{
    /* The seed wraps round the edges (x_cur <= 0 -> 14). */
    int r = (s->cursor / GOMOKU_SIZE + dr + GOMOKU_SIZE) % GOMOKU_SIZE;
    int c = (s->cursor % GOMOKU_SIZE + dc + GOMOKU_SIZE) % GOMOKU_SIZE;
    s->cursor = r * GOMOKU_SIZE + c;
    s->dirty = 1;
}

/* A new game in mode (space cycles the modes, Escape resets to PVP). */
static void gk_set_mode(gk_screen_t *s, int mode)
{
    gk_ai_cancel(s);
    gk_said_seen(s);
    gomoku_session_set_mode(&s->gs, mode, s->now);
    s->cursor = 7 * GOMOKU_SIZE + 7;
    s->show_win = 0;
    gk_autosave(s);
    gk_next_turn(s);
}

/* The seed's Escape (0x76) on the board: InitializeGame, the cursor on the
 * centre, status=PVP - a new two-player game whatever the mode was.  A game
 * against the computer left this way is not counted on the farm (the seed
 * calls afterGame only when a game ends). */
static void gk_reset_pvp(gk_screen_t *s)
{
    if (gomoku_session_ai_color(&s->gs) && !gk_over(s) && s->gs.game.moves > 0 &&
        !s->ask_escape) {
        /* A game against the computer in progress: ask first. */
        gk_said_seen(s);
        s->ask_escape = 1;
        s->flash = GK_FLASH_ESCAPE;
        gk_set_status(s, 1, "Escape again: drop this game for a new two-player one");
        return;
    }
    gk_set_mode(s, GOMOKU_MODE_PVP);
    gk_set_status(s, 0, "Escape: a new game, two players (PVP). Black to move");
}

static console_game_status_t gk_board_key(gk_screen_t *s, int hid)
{
    int dr, dc;
    if (hid != HID_KEY_ESCAPE) {
        int play_asked = s->ask_play && hid == HID_KEY_ENTER;
        if ((s->ask_escape || (s->ask_play && !play_asked)) && !gk_over(s))
            gk_prompt(s); /* the question is answered no: the turn's prompt again */
        gk_said_seen(s);
        s->ask_play = play_asked; /* Enter: yes, play */
    }
    if (think_active(&s->think) || s->ai_pending) {
        if (hid == HID_KEY_LETTER('c'))
            gk_show_farm(s);
        else if (hid == HID_KEY_ESCAPE)
            gk_reset_pvp(s);
        return CONSOLE_GAME_STAY;
    }
    if (gk_over(s) && s->gs.farm.state != FARM_PLAYING) {
        gk_show_farm(s); /* the farm is over: its screen */
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_LETTER('c')) {
        gk_show_farm(s);
    } else if (hid == HID_KEY_ESCAPE) {
        gk_reset_pvp(s);
    } else if (hid_arrow_step(hid, 1, &dr, &dc)) {
        gk_cursor_move(s, -dr, dc); /* the board's rows count up from the bottom */
    } else if (hid == HID_KEY_ENTER) {
        if (gk_over(s))
            gk_new_game(s);
        else
            gk_try_play(s);
    } else if (hid == HID_KEY_SPACE) {
        /* The seed's space: PVP -> PVC -> CVP -> PVP, each a new game. */
        gk_set_mode(s, (s->gs.mode + 1) % GOMOKU_MODES);
    } else if (hid >= HID_KEY_1 && hid <= HID_KEY_1 + 2) {
        gomoku_session_set_level(&s->gs, hid - HID_KEY_1 + 1);
        gk_autosave(s);
        s->dirty = 1;
    } else if (hid == GK_KEY_MINUS || hid == HID_KEY_LETTER('u') || hid == HID_KEY_BACKSPACE) {
        gk_undo(s);
    } else if (hid == HID_KEY_LETTER('n')) {
        gk_new_game(s);
    } else if (hid == HID_KEY_LETTER('v') && gk_over(s)) {
        s->show_win = !s->show_win && s->gs.game.winner != GOMOKU_DRAW;
        s->dirty = 1;
    } else if (hid == HID_KEY_LETTER('t')) {
        gk_next_skin(s);
    }
    return CONSOLE_GAME_STAY;
}

static console_game_status_t gk_key(void *p, int hid)
{
    gk_screen_t *s = p;
    return s->page == GK_PAGE_FARM ? gk_farm_key(s, hid) : gk_board_key(s, hid);
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
    if (env->save_dir && snprintf(s->save_path, sizeof s->save_path, "%s/%s", env->save_dir,
                                  GK_SAVE_NAME) < (int)sizeof s->save_path)
        s->have_saves = 1;
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

static int gk_take_sound(void *p)
{
    gk_screen_t *s = p;
    int cue = s->sound;
    s->sound = AUDIO_NONE;
    return cue;
}

/* 'q': everything is on disk unless the last autosave failed.  A move the
 * computer is still thinking about is not lost: its turn starts again at
 * the next start (and play goes on if the player does not quit after all). */
static int gk_quit(void *p)
{
    gk_screen_t *s = p;
    return s->have_saves ? s->save_failed : s->touched;
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

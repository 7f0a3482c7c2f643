/*
 * screens/gomoku_keys.c - the keys of "Chess Club Dream" (seed 002): the
 * farm page's choices (asked first when the seed's rules make them
 * costly) and the board page's moves, modes, levels, undo and skins;
 * gomoku.c plays each step.
 */
#include <stdio.h>

#include "common/keys.h"
#include "gomoku_screen.h"

#define GK_KEY_MINUS 0x2D

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

console_game_status_t gk_key(void *p, int hid)
{
    gk_screen_t *s = p;
    return s->page == GK_PAGE_FARM ? gk_farm_key(s, hid) : gk_board_key(s, hid);
}


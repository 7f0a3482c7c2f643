/*
 * screens/go.c - the Go module of the console (seed 000 §4.5, §9): title ->
 * mode (PvP / PvC) -> level (PvC) -> game -> game over -> mode menu.  The
 * game is games/go/session.h's; this file maps keys to it.  go_flow.c
 * plays each step (sound cues, the computer's search, the autosave) and
 * go_draw.c draws.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/keys.h"
#include "console/render.h"
#include "console/save.h"
#include "console/screen_common.h"
#include "go_screen.h"

/* Backspace or u: take a move back. */
static int is_undo_key(int key)
{
    return key == HID_KEY_BACKSPACE || key == HID_KEY_LETTER('u');
}

/* 1 if key is the letter c ('a'..'z'). */
static int is_letter(int key, char c)
{
    return key == HID_KEY_LETTER(c);
}

/* ---- module interface ---- */

static void *go_create(const console_env_t *env)
{
    go_game_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->session = calloc(1, sizeof *g->session);
    g->pending = calloc(1, sizeof *g->pending);
    if (!g->session || !g->pending) {
        free(g->session);
        free(g->pending);
        free(g);
        return NULL;
    }
    g->env = *env;
    if (g->env.seed == 0)
        g->env.seed = 1;
    screen_saves_init(&g->saves, env, GO_SAVE_NAME, GO_LAST_NAME);
    think_init(&g->think, GO_AI_MIN_THINK_US);
    opponents_init(&g->players, &g->env);
    go_session_init(g->session, env->go_rules);
    g->opt_human = BLACK;
    return g;
}

static void go_destroy(void *game)
{
    go_game_t *g = game;
    think_destroy(&g->think);
    opponents_free(&g->players);
    free(g->session);
    free(g->pending);
    free(g);
}

static void go_enter(void *game)
{
    go_game_t *g = game;
    g->screen = GO_TITLE;
    g->dirty = 1;
}

int go_mode_items(const go_game_t *g)
{
    return go_screen_has_saves(g) && save_exists(g->saves.path) ? 3 : 2;
}

static void cursor_move(go_game_t *g, int dr, int dc)
{
    const BoardState *b = &g->session->board;
    int r = g->cur_row + dr, c = g->cur_col + dc;
    /* Seed 001's "move cursor" state: while the point that way is on the
     * board but occupied, look one further; off the edge, stay put. */
    if (g->skip_cursor && g->session->phase == GO_PHASE_PLAY)
        while (r >= 0 && r < b->size && c >= 0 && c < b->size && board_get(b, r, c) != EMPTY)
            r += dr, c += dc;
    if (r >= 0 && r < b->size && c >= 0 && c < b->size) {
        g->cur_row = r;
        g->cur_col = c;
        g->dirty = 1;
    }
}

/* Arrows move the cursor; 1 if key was one. */
static int cursor_key(go_game_t *g, int key)
{
    int dr, dc;
    if (!hid_arrow_step(key, 0, &dr, &dc))
        return 0;
    cursor_move(g, dr, dc);
    return 1;
}

static void key_title(go_game_t *g, int key)
{
    if (key == HID_KEY_ENTER || key == HID_KEY_SPACE) {
        g->notice[0] = 0;
        g->screen = go_screen_load_pending(g) ? GO_RESUME : GO_MODE;
        g->menu_sel = 0;
        g->dirty = 1;
    }
}

static void key_resume(go_game_t *g, int key)
{
    if (key == HID_KEY_ENTER) {
        go_screen_resume(g);
    } else if (key == HID_KEY_ESCAPE) {
        char aside[SCREEN_PATH_LEN];
        if (go_screen_put_aside(g, "bak", aside, sizeof aside) == 0) {
            snprintf(g->notice, sizeof g->notice, "Saved game kept as %.100s",
                     screen_file_name(aside));
        }
        g->screen = GO_MODE;
        g->menu_sel = 0;
        g->dirty = 1;
    }
}

static console_game_status_t key_mode(go_game_t *g, int key)
{
    int n = go_mode_items(g);
    int pick = -1;
    /* After the items: the board size for two players, then the game
     * against another console over a link (screens/go_link.c). */
    int on_size = g->menu_sel == n;
    if (key == HID_KEY_UP && g->menu_sel > 0)
        g->menu_sel--, g->dirty = 1;
    else if (key == HID_KEY_DOWN && g->menu_sel < n + 1)
        g->menu_sel++, g->dirty = 1;
    else if (g->menu_sel == n + 1 && key == HID_KEY_ENTER) {
        g->notice[0] = 0;
        return CONSOLE_GAME_SWITCH;
    } else if (on_size && (key == HID_KEY_RIGHT || key == HID_KEY_ENTER))
        g->size_sel = (g->size_sel + 1) % GO_SESSION_PVP_SIZES, g->dirty = 1;
    else if (on_size && key == HID_KEY_LEFT)
        g->size_sel = (g->size_sel + GO_SESSION_PVP_SIZES - 1) % GO_SESSION_PVP_SIZES,
        g->dirty = 1;
    else if (key == HID_KEY_ENTER)
        pick = g->menu_sel;
    else if (key >= HID_KEY_1 && key < HID_KEY_1 + n)
        pick = key - HID_KEY_1;
    else if (key == HID_KEY_ESCAPE) {
        g->screen = GO_TITLE;
        g->notice[0] = 0;
        g->dirty = 1;
    }
    if (pick == 0) {
        g->notice[0] = 0;
        go_screen_new_game(g, GO_SESSION_PVP, 0);
    } else if (pick == 1) {
        g->notice[0] = 0;
        g->screen = GO_LEVEL;
        g->dirty = 1;
    } else if (pick == 2) {
        g->notice[0] = 0;
        if (go_screen_load_pending(g))
            go_screen_resume(g);
        g->dirty = 1;
    }
    return CONSOLE_GAME_STAY;
}

static void key_level(go_game_t *g, int key)
{
    int pick = -1;
    int step = key == HID_KEY_LEFT ? -1 : key == HID_KEY_RIGHT || key == HID_KEY_ENTER ? 1 : 0;
    if (key == HID_KEY_UP && g->level_sel > 0)
        g->level_sel--, g->dirty = 1;
    else if (key == HID_KEY_DOWN && g->level_sel < GO_LEVEL_ROWS - 1)
        g->level_sel++, g->dirty = 1;
    else if (g->level_sel == GO_LEVEL_ROW_COLOR && step)
        g->opt_human = stone_opponent(g->opt_human), g->dirty = 1;
    else if (g->level_sel == GO_LEVEL_ROW_HANDICAP && step) {
        /* none, 2, 3, ... 9, around */
        int h = g->opt_handicap < 2 ? 1 : g->opt_handicap;
        h += step;
        h = h > 9 ? 1 : h < 1 ? 9 : h;
        g->opt_handicap = h == 1 ? 0 : h;
        g->dirty = 1;
    } else if (key == HID_KEY_ENTER)
        pick = g->level_sel;
    else if (key >= HID_KEY_1 && key < HID_KEY_1 + GO_SESSION_LEVELS)
        pick = key - HID_KEY_1;
    else if (key == HID_KEY_ESCAPE) {
        g->screen = GO_MODE;
        g->dirty = 1;
    }
    if (pick >= 0 && pick < GO_SESSION_LEVELS) {
        g->level_sel = pick;
        go_screen_new_game(g, GO_SESSION_PVC, pick + 1);
    }
}

static void key_play(go_game_t *g, int key)
{
    go_session_t *s = g->session;
    if (g->confirm_resign) {
        /* Only Enter resigns; any other key (Escape too) plays on. */
        g->confirm_resign = 0;
        g->dirty = 1;
        if (key == HID_KEY_ENTER) {
            go_screen_resign(g, go_session_resigner(s));
        } else {
            go_session_turn_status(s);
            go_screen_sync_status(g);
        }
        return;
    }
    if (key == HID_KEY_ESCAPE) {
        go_screen_leave(g);
    } else if (is_letter(key, 'r')) {
        g->confirm_resign = 1;
        g->dirty = 1;
    } else if (is_letter(key, 'l')) {
        g->look_001 = !g->look_001;
        go_screen_status(g, COLOR_TEXT, "Seed 001's look (yellow board, square tiles): %s",
                   g->look_001 ? "on" : "off");
        g->dirty = 1;
    } else if (is_letter(key, 'k')) {
        g->skip_cursor = !g->skip_cursor;
        go_screen_status(g, COLOR_TEXT, "Cursor skips stones (seed 001): %s",
                   g->skip_cursor ? "on" : "off");
        g->dirty = 1;
    } else if (cursor_key(g, key)) {
        /* moved */
    } else if (is_undo_key(key)) {
        go_screen_undo(g); /* also while the computer thinks: takes back the move it answers */
    } else if (!think_active(&g->think) && !go_session_ai_turn(s)) {
        /* Enter and Space play on the player's turn only; on the computer's,
         * the cursor, undo and Escape work. */
        if (key == HID_KEY_ENTER)
            go_screen_play(g, (Move){.row = g->cur_row, .col = g->cur_col, .pass = 0});
        else if (key == HID_KEY_SPACE)
            go_screen_play(g, (Move){.row = -1, .col = -1, .pass = 1});
    }
}

static void key_review(go_game_t *g, int key)
{
    if (key == HID_KEY_ESCAPE) {
        go_screen_leave(g);
    } else if (is_letter(key, 'l')) {
        g->look_001 = !g->look_001;
        g->dirty = 1;
    } else if (cursor_key(g, key)) {
        /* moved */
    } else if (key == HID_KEY_ENTER) {
        if (go_session_toggle_dead(g->session, g->cur_row, g->cur_col) == 0) {
            go_screen_report_warning(g);
            go_screen_sync_status(g);
            g->dirty = 1;
        }
    } else if (is_undo_key(key)) {
        go_screen_undo(g);
    } else if (key == HID_KEY_SPACE) {
        go_screen_finish(g);
    }
}

static void key_over(go_game_t *g, int key)
{
    if (is_letter(key, 'l')) {
        g->look_001 = !g->look_001;
        g->dirty = 1;
    } else if (is_letter(key, 'v')) {
        /* The box covers the middle rows: v shows the final position whole. */
        g->hide_result = !g->hide_result;
        g->dirty = 1;
    } else if (key == HID_KEY_ENTER || key == HID_KEY_ESCAPE) {
        g->screen = GO_MODE;
        g->menu_sel = 0;
        g->notice[0] = 0;
        g->dirty = 1;
    }
}

static console_game_status_t go_key(void *game, int key)
{
    go_game_t *g = game;
    switch (g->screen) {
    case GO_TITLE:
        if (key == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        key_title(g, key);
        break;
    case GO_RESUME:
        key_resume(g, key);
        break;
    case GO_MODE:
        return key_mode(g, key);
    case GO_LEVEL:
        key_level(g, key);
        break;
    case GO_GAME:
        if (g->session->phase == GO_PHASE_PLAY)
            key_play(g, key);
        else if (g->session->phase == GO_PHASE_REVIEW)
            key_review(g, key);
        else
            key_over(g, key);
        break;
    }
    return CONSOLE_GAME_STAY;
}

static void go_tick(void *game, uint64_t now_us)
{
    go_game_t *g = game;
    if (think_ready(&g->think, now_us))
        go_screen_answered(g);
}

static console_busy_t go_busy(void *game)
{
    go_game_t *g = game;
    return think_busy(&g->think);
}

static int go_dirty(void *game)
{
    go_game_t *g = game;
    return g->dirty || g->sound != AUDIO_NONE;
}

static int go_take_sound(void *game) { return screen_take_sound(&((go_game_t *)game)->sound); }

static void go_render(void *game, uint16_t *fb)
{
    go_game_t *g = game;
    go_draw(g, fb);
    g->dirty = 0;
    think_shown(&g->think);
}

static void go_output(void *game, console_output_t *out)
{
    go_game_t *g = game;
    go_digits(g, out->digits, sizeof out->digits);
    out->digits_set = 1;
}

/* 'q' or the chooser's Quit: a game on the board is on disk unless its
 * autosave failed or there is no save folder; then the console asks. */
static int go_quit(void *p)
{
    go_game_t *g = p;
    int in_progress = g->screen == GO_GAME && g->session->phase != GO_PHASE_OVER &&
                      go_session_started(g->session);
    return in_progress && (!go_screen_has_saves(g) || g->saves.failed);
}

/* Every key of the Go screens (docs/play.md's table), in the ten lines the
 * help screen has room for. */
static const char *const go_help[] = {
    "Arrows\tmove; Left/Right: settings",
    "Enter\tplace; dead/alive; choose",
    "Space\tpass; accept the count",
    "Backspace, u\tundo (2 plies vs computer)",
    "r\tresign (Enter confirms)",
    "k\tcursor skips stones (seed 001)",
    "l\tseed 001's look: yellow, squares",
    "v\tafter the game: see the board",
    "1, 2, 3, 4\tpick a menu item",
    "Escape\tback (the game is saved)",
    NULL,
};

/* The mode menu's last row opens the game against another console. */
static const char *go_switch_to(void *game)
{
    (void)game;
    return "go-link";
}

const console_game_t go_game_module = {
    .id = "go",
    .title = "Go 9x9",
    .create = go_create,
    .destroy = go_destroy,
    .enter = go_enter,
    .key = go_key,
    .tick = go_tick,
    .busy = go_busy,
    .dirty = go_dirty,
    .render = go_render,
    .take_sound = go_take_sound,
    .help = go_help,
    .quit = go_quit,
    .switch_to = go_switch_to,
    .output = go_output,
};

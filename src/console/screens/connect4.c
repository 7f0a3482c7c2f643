/*
 * screens/connect4.c - Connect Four on the console (issue 6): the console-side
 * half of the game (console_game.h).  Screens: a title menu (you first, the
 * AI first, two players), the board, and the end of the game with the
 * winning four highlighted.  Keys: Left/Right choose a column, Enter drops
 * (digits 1-7 drop straight into that column, like the seed's terminal
 * entry), Escape goes back.  A disc falls row by row and the place sound
 * plays when it lands.
 *
 * The AI's move comes from the FPGA through the one driver (c4_driver.h);
 * the module never draws or plays through the HAL, it only passes the
 * console's hal to the driver.  A failing mailbox (timeout, illegal move)
 * is shown on the status line and logged; the game is left as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "console/console_game.h"
#include "console/render.h"
#include "hal.h"

/* Layout: 7 x 6 holes of 56 px, the preview disc above the board. */
#define C4S_CELL 56
#define C4S_LEFT ((RENDER_WIDTH - 7 * C4S_CELL) / 2) /* 124 */
#define C4S_TOP 80
#define C4S_PREVIEW_Y 48
#define C4S_RADIUS 23
#define C4S_STATUS_Y 452

#define C4S_COLOR_BOARD 0x0219 /* blue */
#define C4S_COLOR_HOLE 0x1082
#define C4S_COLOR_P1 0xE8A4 /* red: player 1 (moves first) */
#define C4S_COLOR_P2 0xFEA0 /* yellow */
#define C4S_COLOR_WIN 0x07E0 /* green ring around the winning four */

/* Game time a falling disc spends in each row. */
#define C4S_ROW_US 40000u

enum { C4S_TITLE, C4S_PLAY, C4S_OVER };
enum { C4S_MODE_YOU_FIRST, C4S_MODE_AI_FIRST, C4S_MODE_TWO_PLAYERS, C4S_MODE_COUNT };

typedef struct c4_screen {
    hal_t *hal;         /* for the AI driver only */
    int screen;         /* C4S_TITLE, C4S_PLAY, C4S_OVER */
    int menu_sel;       /* title menu item */
    int mode;           /* C4S_MODE_* of the game being played */
    int ai_side;        /* C4_P1 or C4_P2 against the AI, 0 for two players */
    c4_game_t game;
    int cursor;         /* column 0-6 */
    int falling;        /* 1 while a disc falls */
    int fall_col, fall_row; /* where it lands */
    int fall_shown;     /* row index it is drawn at now (6 = preview row) */
    uint64_t fall_start;
    int ai_pending;     /* ask the AI at the next tick */
    uint64_t now;       /* backend time of the last tick */
    int dirty;
    int sound;
    char status[96];
} c4_screen_t;

static void *c4s_create(const console_env_t *env)
{
    c4_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->hal = env->hal;
    s->cursor = 3;
    return s;
}

static void c4s_destroy(void *p) { free(p); }

static void c4s_enter(void *p)
{
    c4_screen_t *s = p;
    s->screen = C4S_TITLE;
    s->dirty = 1;
}

static int c4s_human_to_move(const c4_screen_t *s)
{
    return s->screen == C4S_PLAY && !s->falling && !s->ai_pending &&
           s->game.to_move != s->ai_side;
}

static void c4s_set_turn_status(c4_screen_t *s)
{
    if (s->ai_side)
        snprintf(s->status, sizeof s->status, "Your move (%s): Left/Right, Enter",
                 s->ai_side == C4_P1 ? "yellow" : "red");
    else
        snprintf(s->status, sizeof s->status, "%s to move: Left/Right, Enter",
                 s->game.to_move == C4_P1 ? "Red" : "Yellow");
}

static void c4s_new_game(c4_screen_t *s)
{
    c4_game_init(&s->game);
    s->ai_side = s->mode == C4S_MODE_YOU_FIRST  ? C4_P2
                 : s->mode == C4S_MODE_AI_FIRST ? C4_P1
                                                : 0;
    s->screen = C4S_PLAY;
    s->cursor = 3;
    s->falling = 0;
    s->ai_pending = s->ai_side == C4_P1;
    if (s->ai_pending)
        snprintf(s->status, sizeof s->status, "The FPGA is thinking...");
    else
        c4s_set_turn_status(s);
    s->dirty = 1;
}

/* Starts a disc of the player to move falling into col (must be playable). */
static void c4s_drop(c4_screen_t *s, int col)
{
    s->falling = 1;
    s->fall_col = col;
    s->fall_row = s->game.height[col];
    s->fall_shown = C4_ROWS;
    s->fall_start = s->now;
    s->cursor = col;
    s->dirty = 1;
}

static void c4s_try_human_drop(c4_screen_t *s, int col)
{
    if (!c4_game_can_play(&s->game, col)) {
        snprintf(s->status, sizeof s->status, "Column %d is full: choose another", col + 1);
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    c4s_drop(s, col);
}

static console_game_status_t c4s_key(void *p, int hid)
{
    c4_screen_t *s = p;
    if (s->screen == C4S_TITLE) {
        if (hid == HID_KEY_UP && s->menu_sel > 0)
            s->menu_sel--, s->dirty = 1;
        else if (hid == HID_KEY_DOWN && s->menu_sel < C4S_MODE_COUNT - 1)
            s->menu_sel++, s->dirty = 1;
        else if (hid == HID_KEY_ENTER) {
            s->mode = s->menu_sel;
            c4s_new_game(s);
        } else if (hid == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_ESCAPE) {
        if (!s->falling) {
            s->screen = C4S_TITLE;
            s->ai_pending = 0;
            s->dirty = 1;
        }
        return CONSOLE_GAME_STAY;
    }
    if (s->screen == C4S_OVER) {
        if (hid == HID_KEY_ENTER)
            c4s_new_game(s);
        return CONSOLE_GAME_STAY;
    }
    if (!c4s_human_to_move(s))
        return CONSOLE_GAME_STAY;
    if (hid == HID_KEY_LEFT && s->cursor > 0)
        s->cursor--, s->dirty = 1;
    else if (hid == HID_KEY_RIGHT && s->cursor < C4_COLS - 1)
        s->cursor++, s->dirty = 1;
    else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE)
        c4s_try_human_drop(s, s->cursor);
    else if (hid >= HID_KEY_1 && hid < HID_KEY_1 + C4_COLS)
        c4s_try_human_drop(s, hid - HID_KEY_1);
    return CONSOLE_GAME_STAY;
}

/* The disc has landed: play it, then the game goes on or ends. */
static void c4s_land(c4_screen_t *s)
{
    s->falling = 0;
    c4_game_play(&s->game, s->fall_col);
    s->dirty = 1;
    if (c4_game_is_over(&s->game)) {
        s->screen = C4S_OVER;
        s->sound = AUDIO_GAME_OVER;
        const char *who;
        if (!s->game.winner)
            who = "A draw!";
        else if (s->ai_side)
            who = s->game.winner == s->ai_side ? "The FPGA wins!" : "You win!";
        else
            who = s->game.winner == C4_P1 ? "Red wins!" : "Yellow wins!";
        snprintf(s->status, sizeof s->status, "%s Enter: again, Escape: menu", who);
        return;
    }
    s->sound = AUDIO_PLACE;
    if (s->ai_side && s->game.to_move == s->ai_side) {
        s->ai_pending = 1;
        snprintf(s->status, sizeof s->status, "The FPGA is thinking...");
    } else {
        c4s_set_turn_status(s);
    }
}

static void c4s_ask_ai(c4_screen_t *s)
{
    s->ai_pending = 0;
    char err[200];
    int col = -1;
    if (!s->hal) {
        snprintf(s->status, sizeof s->status, "No hardware to ask: Escape for the menu");
        s->dirty = 1;
        return;
    }
    if (c4_driver_request_move(s->hal, &s->game, 0, &col, NULL, err, sizeof err) !=
        C4_DRIVER_OK) {
        /* Logged in full; the screen gets the gist.  The game is unchanged. */
        fprintf(stderr, "tabletop %s\n", err);
        snprintf(s->status, sizeof s->status, "%s: Escape for the menu",
                 strstr(err, "did not answer") ? "The AI hardware did not answer"
                                               : "The AI hardware sent an illegal move");
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    c4s_drop(s, col);
}

static void c4s_tick(void *p, uint64_t now_us)
{
    c4_screen_t *s = p;
    s->now = now_us;
    if (s->falling) {
        uint64_t rows = (now_us - s->fall_start) / C4S_ROW_US;
        int shown = C4_ROWS - (int)(rows > C4_ROWS ? C4_ROWS : rows);
        if (shown <= s->fall_row) {
            c4s_land(s);
        } else if (shown != s->fall_shown) {
            s->fall_shown = shown;
            s->dirty = 1;
        }
    } else if (s->ai_pending && s->screen == C4S_PLAY) {
        c4s_ask_ai(s);
    }
}

static console_busy_t c4s_busy(void *p)
{
    c4_screen_t *s = p;
    return (s->falling || s->ai_pending) ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_NONE;
}

static int c4s_dirty(void *p) { return ((c4_screen_t *)p)->dirty; }

static uint16_t c4s_color(int player) { return player == C4_P1 ? C4S_COLOR_P1 : C4S_COLOR_P2; }

static int c4s_cx(int col) { return C4S_LEFT + col * C4S_CELL + C4S_CELL / 2; }
static int c4s_cy(int row) { return C4S_TOP + (C4_ROWS - 1 - row) * C4S_CELL + C4S_CELL / 2; }

static void c4s_render_board(const c4_screen_t *s)
{
    render_string_centered(4, "CONNECT FOUR", COLOR_TEXT, 2);
    render_fill_rect(C4S_LEFT - 8, C4S_TOP - 8, 7 * C4S_CELL + 16, 6 * C4S_CELL + 16,
                     C4S_COLOR_BOARD);
    for (int r = 0; r < C4_ROWS; r++)
        for (int c = 0; c < C4_COLS; c++) {
            int v = s->game.cell[r][c];
            render_circle(c4s_cx(c), c4s_cy(r), C4S_RADIUS, v ? c4s_color(v) : C4S_COLOR_HOLE,
                          1);
        }
    for (int c = 0; c < C4_COLS; c++) {
        char label[2] = {(char)('1' + c), 0};
        render_string_scaled(c4s_cx(c) - 5, C4S_TOP + 6 * C4S_CELL + 10, label, COLOR_DIM, 2);
    }
    if (s->screen == C4S_OVER && s->game.winner) {
        for (int k = 0; k < 4; k++) {
            int x = c4s_cx(s->game.win_cells[k][1]), y = c4s_cy(s->game.win_cells[k][0]);
            for (int d = 0; d < 3; d++)
                render_circle(x, y, C4S_RADIUS + 1 + d, C4S_COLOR_WIN, 0);
            render_circle(x, y, 6, C4S_COLOR_WIN, 1);
        }
    }
    if (s->falling) {
        int y = s->fall_shown >= C4_ROWS ? C4S_PREVIEW_Y : c4s_cy(s->fall_shown);
        render_circle(c4s_cx(s->fall_col), y, C4S_RADIUS, c4s_color(s->game.to_move), 1);
    } else if (c4s_human_to_move(s)) {
        /* The disc in hand, over the chosen column. */
        render_circle(c4s_cx(s->cursor), C4S_PREVIEW_Y, C4S_RADIUS, c4s_color(s->game.to_move),
                      1);
        render_circle(c4s_cx(s->cursor), C4S_PREVIEW_Y, C4S_RADIUS + 2, COLOR_TEXT, 0);
    }
    render_string_centered(C4S_STATUS_Y, s->status, COLOR_TEXT, 2);
}

static void c4s_render(void *p, uint16_t *fb)
{
    c4_screen_t *s = p;
    render_init(fb);
    if (s->screen == C4S_TITLE) {
        static const char *const items[C4S_MODE_COUNT] = {
            "You first (red) against the FPGA",
            "The FPGA first",
            "Two players",
        };
        render_menu_list("Connect Four", items, C4S_MODE_COUNT, s->menu_sel,
                         "Up/Down, then Enter; Escape: back");
    } else {
        render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
        c4s_render_board(s);
    }
    s->dirty = 0;
}

static int c4s_take_sound(void *p)
{
    c4_screen_t *s = p;
    int cue = s->sound;
    s->sound = AUDIO_NONE;
    return cue;
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
};

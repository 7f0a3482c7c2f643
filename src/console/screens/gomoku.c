/*
 * screens/gomoku.c - "Chess Club Dream" on the console (seed 002, issue 17):
 * the farm menu and the 15x15 Gomoku board around it.  The rules are the
 * pure libraries games/gomoku/gomoku.h (renju), gomoku_ai.h (levels 1-3)
 * and farm.h; this module draws them, maps the keys and saves.
 *
 * Two pages, as the seed's (§3.4.2); c switches between them:
 *   the farm   pigs, feed, stamina, money and grown pigs on the left, the
 *              five choices on the right (buy a pig, sell a pig, eat, buy
 *              feed, end the game), "WELCOME TO THE FARM" at the bottom;
 *   the board  15x15, the panel on the right with the mode (PVP, PVC, CVP),
 *              the level and the 30 s move clock: when it runs out the turn
 *              passes to the other side (§3.4.2, §5).
 * A game against the computer counts on the farm when it ends (2 stamina,
 * +5 coins for a win, -1 for a loss); the board then shows "WIN" in the
 * winner's stones (§3.4.3, fig 5.3).  Ending the farm shows "YOU DIE" in
 * red or "YOU WIN" (figs 5.6, 5.11); any key starts a new farm.
 *
 * Keys: arrows or w a s d move; Enter plays or chooses (space chooses on
 * the farm too); space on the board changes the mode (a new game, the
 * seed's key); 1-3 the level; '-', u or Backspace takes back (two plies
 * against the computer); n a new game; v the final position / WIN; t the
 * skin: the seed's four colours on its tile display peripheral (the
 * default, issue 19: the pages are written cell by cell, the peripheral
 * draws lines and stones) or our richer drawing; Escape on the board
 * starts a new two-player (PVP) game, as the seed's 0x76; on the farm it
 * goes back to the chooser.
 *
 * Everything is saved after every action and every move in farm.txt in the
 * save folder (docs/farm.md), atomically (save_write_text), and resumed at
 * start; an unreadable file is kept aside as farm.txt.corrupt.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/gomoku/farm.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"
#include "console/console_game.h"
#include "console/font.h"
#include "console/render.h"
#include "console/save.h"
#include "drivers/tile_display.h"
#include "hal.h"

/* The board: 15 lines 30 px apart, the panel right of it (the seed's
 * 480 px board and 160 px menu, §3.4.2). */
#define GK_CELL 30
#define GK_LEFT 36
#define GK_TOP 22
#define GK_SPAN (14 * GK_CELL) /* 420 */
#define GK_MARGIN 16
#define GK_STONE_R 13
#define GK_PANEL_X 484
#define GK_STATUS_Y 466

/* Seed §3.4.2, §5: 30 seconds a move. */
#define GK_MOVE_US 30000000ull
/* The computer's stone waits this much game time, so the player's shows first. */
#define GK_MIN_THINK_US 250000ull

#define GK_SAVE_NAME "farm.txt"
#define GK_SAVE_MAX 8192
#define GK_PATH_LEN 4096

#define GK_KEY(c) (HID_KEY_A + ((c) - 'a'))
#define GK_KEY_MINUS 0x2D

enum { GK_PAGE_FARM, GK_PAGE_BOARD };
enum { GK_PVP, GK_PVC, GK_CVP, GK_MODES };
static const char *const gk_mode_names[GK_MODES] = {"pvp", "pvc", "cvp"};
static const char *const gk_mode_labels[GK_MODES] = {"PVP", "PVC", "CVP"};
enum { GK_SKIN_CLASSIC, GK_SKIN_TILES, GK_SKINS };
static const char *const gk_skin_names[GK_SKINS] = {"classic", "tiles"};

/* The colours of a skin. */
typedef struct gk_palette {
    uint16_t bg, wood, line, black, white, cursor, text, dim, warn, select_bg;
} gk_palette_t;

/* Ours, and the seed's four tile colours (table 3.2: white 0xFF, black 0x00,
 * "blue" 0xDB = RGB332 (6,6,3), red 0xE0): the board page on blue with a red
 * cursor, the farm page on white with a blue cursor and red text. */
static const gk_palette_t gk_palettes[GK_SKINS] = {
    {COLOR_BG, COLOR_BOARD, COLOR_LINE, COLOR_BLACK, COLOR_WHITE, COLOR_CURSOR, COLOR_TEXT,
     COLOR_DIM, COLOR_WARN, COLOR_SELECT_BG},
    {0xDEDF, 0xDEDF, 0x0000, 0x0000, 0xFFFF, 0xF800, 0x0000, 0x0000, 0xF800, 0xDEDF},
};
/* The tile skin's farm page: white ground, black text, blue cursor. */
#define GK_TILE_PAPER 0xFFFF

/* "WIN" in stones, 15 points wide and 5 high (seed §3.4.3, fig 3.10). */
static const char *const gk_win_rows[5] = {
    "X...X.XXX.X...X",
    "X...X..X..XX..X",
    "X.X.X..X..X.X.X",
    "XX.XX..X..X..XX",
    "X...X.XXX.X...X",
};

typedef struct gk_screen {
    console_env_t env;
    int page;
    farm_t farm;
    int menu_sel;
    int skin;
    /* The board. */
    gomoku_t game;
    int mode, level;
    int cursor;             /* point 0..224 */
    int show_win;           /* a finished game shows WIN (1) or its position (0) */
    uint64_t now;           /* backend time of the last tick */
    uint64_t turn_start;    /* when the clock of the side to move started */
    int clock_set;          /* turn_start is valid */
    int secs_shown;
    /* The computer. */
    int ai_pending;         /* start thinking at the next tick */
    int thinking;           /* 1: a thread runs; 2: the move was found in place */
    uint64_t think_start;
    pthread_t thread;
    pthread_mutex_t lock;
    int ai_done, ai_point;  /* under lock */
    gomoku_t think_game;
    /* Messages, saves. */
    char status[112];
    uint16_t status_warn;
    char notice[112];
    int notice_warn;
    char save_path[GK_PATH_LEN];
    int have_saves, save_failed;
    int touched;            /* something changed since the start (for q without a save folder) */
    char save_error[96];
    int dirty, sound;
    /* The tiles skin draws through seed 002's tile display (issue 19,
     * docs/tile_display.md): the pages composed here, synced cell by cell. */
    int tiles_state;        /* 0 not opened yet, 1 open, -1 no tile display */
    tile_driver_t tiles;
    uint8_t tile_board[TILE_BOARD_N * TILE_BOARD_N];
    uint8_t tile_menu[TILE_MENU_W * TILE_MENU_H];
    uint8_t tile_welcome[TILE_WELCOME_W * TILE_WELCOME_H];
} gk_screen_t;

static const gk_palette_t *gk_pal(const gk_screen_t *s) { return &gk_palettes[s->skin]; }

static int gk_ai_color(const gk_screen_t *s)
{
    return s->mode == GK_PVC ? GOMOKU_WHITE : s->mode == GK_CVP ? GOMOKU_BLACK : 0;
}

static int gk_over(const gk_screen_t *s) { return s->game.winner != 0; }

static int gk_ai_turn(const gk_screen_t *s)
{
    return !gk_over(s) && gk_ai_color(s) && s->game.to_move == gk_ai_color(s);
}

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

/* The farm's lines, then the board's: skin, mode, level, the side to move
 * and the stones in order, each with its colour (a lost turn on the clock
 * shows as the same colour twice). */
static int gk_format(const gk_screen_t *s, char *out, size_t len)
{
    int n = farm_format(&s->farm, out, len);
    if (n < 0)
        return -1;
    size_t used = (size_t)n;
    int w = snprintf(out + used, len - used,
                     "# the Gomoku board: b:/w: the stones in the order played\n"
                     "skin %s\nmode %s\nlevel %d\nto-move %s\nmoves",
                     gk_skin_names[s->skin], gk_mode_names[s->mode], s->level,
                     s->game.to_move == GOMOKU_BLACK ? "black" : "white");
    if (w < 0 || (size_t)w >= len - used)
        return -1;
    used += (size_t)w;
    if (s->game.moves == 0) {
        w = snprintf(out + used, len - used, " none");
        if (w < 0 || (size_t)w >= len - used)
            return -1;
        used += (size_t)w;
    }
    for (int i = 0; i < s->game.moves; i++) {
        char pt[4];
        int p = s->game.history[i];
        gomoku_point_format(p, pt);
        w = snprintf(out + used, len - used, " %c:%s",
                     gomoku_at(&s->game, p) == GOMOKU_BLACK ? 'b' : 'w', pt);
        if (w < 0 || (size_t)w >= len - used)
            return -1;
        used += (size_t)w;
    }
    w = snprintf(out + used, len - used, "\n");
    if (w < 0 || (size_t)w >= len - used)
        return -1;
    return (int)(used + (size_t)w);
}

/* Parses the board's lines of a save into s (the farm's are farm_parse's).
 * Returns 0, or -1 with a reason; s is changed only on success. */
static int gk_parse_board(gk_screen_t *s, const char *text, char *err, size_t errlen)
{
    int skin = -1, mode = -1, level = -1, to_move = 0, have_moves = 0;
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    char buf[GK_SAVE_MAX + 1];
    snprintf(buf, sizeof buf, "%s", text);
    char *save_line = NULL;
    for (char *line = strtok_r(buf, "\n", &save_line); line;
         line = strtok_r(NULL, "\n", &save_line)) {
        size_t n = strlen(line);
        while (n && (line[n - 1] == '\r' || line[n - 1] == ' '))
            line[--n] = 0;
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = 0;
        else
            arg = line + n;
        if (!strcmp(line, "skin")) {
            for (skin = 0; skin < GK_SKINS && strcmp(arg, gk_skin_names[skin]); skin++)
                ;
            if (skin == GK_SKINS) {
                snprintf(err, errlen, "unknown skin '%.20s'", arg);
                return -1;
            }
        } else if (!strcmp(line, "mode")) {
            for (mode = 0; mode < GK_MODES && strcmp(arg, gk_mode_names[mode]); mode++)
                ;
            if (mode == GK_MODES) {
                snprintf(err, errlen, "unknown mode '%.20s'", arg);
                return -1;
            }
        } else if (!strcmp(line, "level")) {
            if (strlen(arg) != 1 || arg[0] < '1' || arg[0] > '3') {
                snprintf(err, errlen, "level must be 1, 2 or 3, not '%.20s'", arg);
                return -1;
            }
            level = arg[0] - '0';
        } else if (!strcmp(line, "to-move")) {
            to_move = !strcmp(arg, "black") ? GOMOKU_BLACK : !strcmp(arg, "white") ? GOMOKU_WHITE : -1;
            if (to_move < 0) {
                snprintf(err, errlen, "to-move must be black or white");
                return -1;
            }
        } else if (!strcmp(line, "moves")) {
            have_moves = 1;
            if (!strcmp(arg, "none"))
                continue;
            char *save_tok = NULL;
            for (char *tok = strtok_r(arg, " ", &save_tok); tok;
                 tok = strtok_r(NULL, " ", &save_tok)) {
                int color = tok[0] == 'b' ? GOMOKU_BLACK : tok[0] == 'w' ? GOMOKU_WHITE : 0;
                int p;
                if (!color || tok[1] != ':' || gomoku_point_parse(tok + 2, &p) != GOMOKU_OK) {
                    snprintf(err, errlen, "bad move '%.20s' (b:h8 or w:h8)", tok);
                    return -1;
                }
                if (g.to_move != color && gomoku_pass(&g) != GOMOKU_OK) {
                    snprintf(err, errlen, "move '%.20s' after the end of the game", tok);
                    return -1;
                }
                if (color == GOMOKU_BLACK && gomoku_forbidden(&g, p) != GOMOKU_FORBID_NONE) {
                    snprintf(err, errlen, "move '%.20s' is forbidden to Black", tok);
                    return -1;
                }
                if (gomoku_play(&g, p) != GOMOKU_OK) {
                    snprintf(err, errlen, "move '%.20s' cannot be played", tok);
                    return -1;
                }
            }
        }
    }
    if (skin < 0 || mode < 0 || level < 0 || !to_move || !have_moves) {
        snprintf(err, errlen, "no '%s' line",
                 skin < 0 ? "skin" : mode < 0 ? "mode" : level < 0 ? "level"
                                   : !to_move ? "to-move" : "moves");
        return -1;
    }
    if (!g.winner && g.to_move != to_move)
        gomoku_pass(&g);
    s->skin = skin;
    s->mode = mode;
    s->level = level;
    s->game = g;
    return 0;
}

/* Saves everything.  A failure is shown and logged; play goes on. */
static void gk_autosave(gk_screen_t *s)
{
    s->touched = 1;
    if (!s->have_saves)
        return;
    char text[GK_SAVE_MAX], err[GK_PATH_LEN + 128];
    if (gk_format(s, text, sizeof text) < 0) {
        snprintf(s->save_error, sizeof s->save_error, "Autosave failed: too much to save");
        s->save_failed = 1;
        return;
    }
    if (save_write_text(s->save_path, text, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: farm autosave failed in %s: %s\n", s->save_path, err);
        snprintf(s->save_error, sizeof s->save_error, "Autosave failed: %.70s", err);
        s->save_failed = 1;
        return;
    }
    s->save_failed = 0;
}

/* Reads the save at start.  Returns 0 if one was resumed. */
static int gk_load(gk_screen_t *s)
{
    if (!s->have_saves || !save_exists(s->save_path))
        return -1;
    char text[GK_SAVE_MAX + 1], err[200];
    int bad = 0;
    FILE *f = fopen(s->save_path, "rb");
    size_t n = 0;
    if (!f) {
        snprintf(err, sizeof err, "cannot open: %s", strerror(errno));
        bad = 1;
    } else {
        n = fread(text, 1, sizeof text, f);
        if (ferror(f))
            snprintf(err, sizeof err, "read error"), bad = 1;
        else if (n > GK_SAVE_MAX)
            snprintf(err, sizeof err, "larger than %d bytes", GK_SAVE_MAX), bad = 1;
        fclose(f);
    }
    if (!bad) {
        text[n] = 0;
        if (strlen(text) != n)
            snprintf(err, sizeof err, "contains a NUL byte"), bad = 1;
    }
    farm_t farm;
    gk_screen_t copy = *s;
    if (!bad && (farm_parse(&farm, text, err, sizeof err) != 0 ||
                 gk_parse_board(&copy, text, err, sizeof err) != 0))
        bad = 1;
    if (bad) {
        char aside[GK_PATH_LEN + 32], why[GK_PATH_LEN + 64], msg[112];
        fprintf(stderr, "tabletop: the farm save %s is unreadable: %s\n", s->save_path, err);
        if (save_move_aside(s->save_path, "corrupt", aside, sizeof aside, why, sizeof why) == 0) {
            const char *base = strrchr(aside, '/');
            snprintf(msg, sizeof msg, "Unreadable save kept as %.60s; a new farm",
                     base ? base + 1 : aside);
        } else {
            snprintf(msg, sizeof msg, "Unreadable save: %.80s", why);
        }
        gk_set_notice(s, 1, msg);
        return -1;
    }
    s->skin = copy.skin;
    s->mode = copy.mode;
    s->level = copy.level;
    s->game = copy.game;
    s->farm = farm;
    return 0;
}

/* ---- the computer's thread ---- */

static void *gk_think_main(void *arg)
{
    gk_screen_t *s = arg;
    gomoku_budget_t budget = {0, 0};
    if (s->level >= 3 && !s->env.headless)
        budget.max_ms = 5000; /* windowed: never a long stall */
    int p = gomoku_ai_move(&s->think_game, s->level, s->env.seed, &budget, NULL);
    pthread_mutex_lock(&s->lock);
    s->ai_point = p;
    s->ai_done = 1;
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static void gk_ai_start(gk_screen_t *s)
{
    s->ai_pending = 0;
    s->think_game = s->game;
    s->ai_done = 0;
    s->think_start = s->now;
    if (pthread_create(&s->thread, NULL, gk_think_main, s) != 0) {
        gk_think_main(s); /* no thread: think here */
        s->thinking = 2;
        return;
    }
    s->thinking = 1;
}

/* Waits for the thread and forgets its move. */
static void gk_ai_cancel(gk_screen_t *s)
{
    if (s->thinking == 1)
        pthread_join(s->thread, NULL);
    s->thinking = 0;
    s->ai_pending = 0;
}

/* ---- the game ---- */

/* The clock starts for the side to move; the computer's turn begins. */
static void gk_next_turn(gk_screen_t *s)
{
    s->turn_start = s->now;
    s->clock_set = 1;
    s->secs_shown = -1;
    if (gk_ai_turn(s) && s->page == GK_PAGE_BOARD) {
        s->ai_pending = 1;
        gk_set_status(s, 0, "The computer is thinking...");
    } else if (!gk_over(s)) {
        char text[96];
        if (gk_ai_color(s))
            snprintf(text, sizeof text, "Your move (%s): arrows/wasd, Enter",
                     gk_color_name(s->game.to_move));
        else
            snprintf(text, sizeof text, "%s to move: arrows/wasd, Enter",
                     gk_color_name(s->game.to_move));
        gk_set_status(s, 0, text);
    }
    s->dirty = 1;
}

static void gk_new_game(gk_screen_t *s)
{
    gk_ai_cancel(s);
    gomoku_init(&s->game, GOMOKU_RULE_RENJU);
    s->cursor = 7 * GOMOKU_SIZE + 7;
    s->show_win = 0;
    gk_autosave(s);
    gk_next_turn(s);
}

/* The game has just ended: the farm counts it (against the computer). */
static void gk_finish(gk_screen_t *s)
{
    char text[112];
    int ai = gk_ai_color(s);
    s->show_win = s->game.winner != GOMOKU_DRAW;
    s->sound = AUDIO_GAME_OVER;
    if (s->game.winner == GOMOKU_DRAW)
        snprintf(text, sizeof text, "The board is full: a draw.");
    else if (!ai)
        snprintf(text, sizeof text, "%s wins!", gk_color_name(s->game.winner));
    else
        snprintf(text, sizeof text, "%s", s->game.winner == ai ? "The computer wins." : "You win!");
    if (ai && s->farm.state == FARM_PLAYING) {
        farm_outcome_t o = s->game.winner == GOMOKU_DRAW ? FARM_GAME_DRAWN
                           : s->game.winner == ai        ? FARM_GAME_LOST
                                                         : FARM_GAME_WON;
        int starved = farm_after_game(&s->farm, o);
        size_t n = strlen(text);
        snprintf(text + n, sizeof text - n, " %s, -%d stamina%s.",
                 o == FARM_GAME_WON    ? "+5 coins"
                 : o == FARM_GAME_LOST ? "-1 coin"
                                       : "no coins",
                 FARM_GAME_STAMINA, starved ? ", pigs starved" : "");
    }
    size_t n = strlen(text);
    if (s->farm.state != FARM_PLAYING)
        snprintf(text + n, sizeof text - n, " The farm is over: any key.");
    else
        snprintf(text + n, sizeof text - n, " Enter: again, c: farm");
    gk_set_status(s, s->farm.state == FARM_LOST, text);
}

/* Plays point for the side to move (checked legal by the caller). */
static void gk_play(gk_screen_t *s, int point)
{
    gomoku_play(&s->game, point);
    s->cursor = point;
    s->sound = AUDIO_PLACE;
    if (gk_over(s))
        gk_finish(s);
    gk_autosave(s);
    if (!gk_over(s))
        gk_next_turn(s);
    s->dirty = 1;
}

static void gk_try_play(gk_screen_t *s)
{
    if (gomoku_at(&s->game, s->cursor) != GOMOKU_EMPTY) {
        gk_set_status(s, 1, "That point is taken: choose another");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    if (s->game.to_move == GOMOKU_BLACK) {
        gomoku_forbid_t f = gomoku_forbidden(&s->game, s->cursor);
        if (f != GOMOKU_FORBID_NONE) {
            char pt[4], text[112];
            gomoku_point_format(s->cursor, pt);
            snprintf(text, sizeof text, "%s is forbidden to Black (renju: %s): play elsewhere", pt,
                     gomoku_forbid_name(f));
            gk_set_status(s, 1, text);
            s->sound = AUDIO_ILLEGAL;
            return;
        }
    }
    gk_play(s, s->cursor);
}

/* The clock ran out: the turn passes to the other side (seed §3.4.2). */
static void gk_time_out(gk_screen_t *s)
{
    int who = s->game.to_move;
    gomoku_pass(&s->game);
    gk_autosave(s);
    gk_next_turn(s);
    char text[112];
    snprintf(text, sizeof text, "Time! %s's 30 seconds ran out: %s to move", gk_color_name(who),
             gk_color_name(s->game.to_move));
    if (!gk_ai_turn(s))
        gk_set_status(s, 1, text);
    s->sound = AUDIO_ILLEGAL;
}

/* '-': takes back the last stone; against the computer back to before the
 * player's last stone (two plies).  A game the farm has counted stays. */
static void gk_undo(gk_screen_t *s)
{
    int ai = gk_ai_color(s);
    if (gk_over(s) && ai) {
        gk_set_status(s, 1, "The farm has counted this game: n or Enter for a new one");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    int human_stones = 0;
    for (int i = 0; i < s->game.moves; i++)
        if (!ai || gomoku_at(&s->game, s->game.history[i]) != ai)
            human_stones++;
    if (human_stones == 0) {
        gk_set_status(s, 1, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        return;
    }
    int taken = 0;
    for (;;) {
        int last = s->game.history[s->game.moves - 1];
        int color = gomoku_at(&s->game, last);
        gomoku_undo(&s->game);
        s->cursor = last;
        taken++;
        if (!ai || color != ai)
            break;
    }
    s->show_win = 0;
    gk_autosave(s);
    gk_next_turn(s);
    char text[112];
    snprintf(text, sizeof text, "Took back %d stone%s. %s to move", taken, taken == 1 ? "" : "s",
             gk_color_name(s->game.to_move));
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
    gk_next_turn(s); /* the clock starts afresh: it stood while the farm showed */
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
    farm_init(&s->farm);
    s->menu_sel = 0;
    gk_set_notice(s, 0, "A new farm: stamina 5, everything else 0");
    gk_autosave(s);
}

static void gk_farm_act(gk_screen_t *s)
{
    static const char *const done[FARM_ACTIONS] = {
        "You bought a pig for 2 coins", "You sold a grown pig for 12 coins",
        "You ate: -1 coin, +5 stamina", "You bought 5 feed for 1 coin", ""};
    farm_result_t r = farm_act(&s->farm, (farm_action_t)s->menu_sel);
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
    gk_set_notice(s, 0, done[s->menu_sel]);
    s->sound = s->farm.state == FARM_PLAYING ? AUDIO_PLACE : AUDIO_GAME_OVER;
    gk_autosave(s);
}

/* ---- keys ---- */

static console_game_status_t gk_farm_key(gk_screen_t *s, int hid)
{
    if (s->farm.state != FARM_PLAYING) {
        /* Fig 5.6, 5.11: any key starts anew. */
        gk_new_farm(s);
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_UP || hid == GK_KEY('w')) {
        s->menu_sel = (s->menu_sel + FARM_ACTIONS - 1) % FARM_ACTIONS;
        s->notice[0] = 0;
        s->dirty = 1;
    } else if (hid == HID_KEY_DOWN || hid == GK_KEY('s')) {
        s->menu_sel = (s->menu_sel + 1) % FARM_ACTIONS;
        s->notice[0] = 0;
        s->dirty = 1;
    } else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE) {
        gk_farm_act(s);
    } else if (hid == GK_KEY('c')) {
        gk_show_board(s);
    } else if (hid == GK_KEY('t')) {
        s->skin = (s->skin + 1) % GK_SKINS;
        gk_autosave(s);
        s->dirty = 1;
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

/* The seed's Escape (0x76) on the board: InitializeGame, the cursor on the
 * centre, status=PVP - a new two-player game whatever the mode was.  A game
 * against the computer left this way is not counted on the farm (the seed
 * calls afterGame only when a game ends). */
static void gk_reset_pvp(gk_screen_t *s)
{
    s->mode = GK_PVP;
    gk_new_game(s);
    gk_set_status(s, 0, "Escape: a new game, two players (PVP). Black to move");
}

static console_game_status_t gk_board_key(gk_screen_t *s, int hid)
{
    if (s->thinking || s->ai_pending) {
        if (hid == GK_KEY('c'))
            gk_show_farm(s);
        else if (hid == HID_KEY_ESCAPE)
            gk_reset_pvp(s);
        return CONSOLE_GAME_STAY;
    }
    if (gk_over(s) && s->farm.state != FARM_PLAYING) {
        gk_show_farm(s); /* the farm is over: its screen */
        return CONSOLE_GAME_STAY;
    }
    if (hid == GK_KEY('c')) {
        gk_show_farm(s);
    } else if (hid == HID_KEY_ESCAPE) {
        gk_reset_pvp(s);
    } else if (hid == HID_KEY_UP || hid == GK_KEY('w')) {
        gk_cursor_move(s, 1, 0);
    } else if (hid == HID_KEY_DOWN || hid == GK_KEY('s')) {
        gk_cursor_move(s, -1, 0);
    } else if (hid == HID_KEY_LEFT || hid == GK_KEY('a')) {
        gk_cursor_move(s, 0, -1);
    } else if (hid == HID_KEY_RIGHT || hid == GK_KEY('d')) {
        gk_cursor_move(s, 0, 1);
    } else if (hid == HID_KEY_ENTER) {
        if (gk_over(s))
            gk_new_game(s);
        else
            gk_try_play(s);
    } else if (hid == HID_KEY_SPACE) {
        /* The seed's space: PVP -> PVC -> CVP -> PVP, each a new game. */
        s->mode = (s->mode + 1) % GK_MODES;
        gk_new_game(s);
    } else if (hid >= HID_KEY_1 && hid <= HID_KEY_1 + 2) {
        s->level = hid - HID_KEY_1 + 1;
        gk_autosave(s);
        s->dirty = 1;
    } else if (hid == GK_KEY_MINUS || hid == GK_KEY('u') || hid == HID_KEY_BACKSPACE) {
        gk_undo(s);
    } else if (hid == GK_KEY('n')) {
        gk_new_game(s);
    } else if (hid == GK_KEY('v') && gk_over(s)) {
        s->show_win = !s->show_win && s->game.winner != GOMOKU_DRAW;
        s->dirty = 1;
    } else if (hid == GK_KEY('t')) {
        s->skin = (s->skin + 1) % GK_SKINS;
        gk_autosave(s);
        s->dirty = 1;
    }
    return CONSOLE_GAME_STAY;
}

static void gk_tiles_release(gk_screen_t *s);

static console_game_status_t gk_key(void *p, int hid)
{
    gk_screen_t *s = p;
    console_game_status_t st =
        s->page == GK_PAGE_FARM ? gk_farm_key(s, hid) : gk_board_key(s, hid);
    if (st == CONSOLE_GAME_LEAVE)
        gk_tiles_release(s); /* the chooser draws in the framebuffer */
    return st;
}

/* ---- the console's calls ---- */

static void *gk_create(const console_env_t *env)
{
    gk_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->env = *env;
    pthread_mutex_init(&s->lock, NULL);
    farm_init(&s->farm);
    gomoku_init(&s->game, GOMOKU_RULE_RENJU);
    s->mode = GK_PVC;
    s->level = 1;
    s->skin = GK_SKIN_TILES; /* seed 002's tile display (issue 19); t: ours */
    s->cursor = 7 * GOMOKU_SIZE + 7;
    if (env->save_dir && snprintf(s->save_path, sizeof s->save_path, "%s/%s", env->save_dir,
                                  GK_SAVE_NAME) < (int)sizeof s->save_path)
        s->have_saves = 1;
    if (gk_load(s) == 0) {
        gk_set_notice(s, 0, "Welcome back: your farm is as you left it");
        if (s->game.moves)
            s->cursor = s->game.history[s->game.moves - 1];
        s->show_win = gk_over(s) && s->game.winner != GOMOKU_DRAW;
    }
    return s;
}

static void gk_destroy(void *p)
{
    gk_screen_t *s = p;
    if (!s)
        return;
    gk_ai_cancel(s);
    gk_tiles_release(s); /* the next program finds go_peripheral on the pins */
    pthread_mutex_destroy(&s->lock);
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
    if (s->thinking) {
        if (now_us < s->think_start + GK_MIN_THINK_US)
            return;
        pthread_mutex_lock(&s->lock);
        int done = s->ai_done, point = s->ai_point;
        pthread_mutex_unlock(&s->lock);
        if (!done)
            return;
        if (s->thinking == 1)
            pthread_join(s->thread, NULL);
        s->thinking = 0;
        if (point >= 0 && gomoku_can_play(&s->game, point))
            gk_play(s, point);
        else
            gk_set_status(s, 1, "The computer found no move");
        return;
    }
    if (gk_over(s) || !s->clock_set)
        return;
    uint64_t used = now_us - s->turn_start;
    if (used >= GK_MOVE_US) {
        gk_time_out(s);
        return;
    }
    int secs = (int)((GK_MOVE_US - used + 999999) / 1000000);
    if (secs != s->secs_shown) {
        s->secs_shown = secs;
        s->dirty = 1;
    }
}

static console_busy_t gk_busy(void *p)
{
    gk_screen_t *s = p;
    if (s->ai_pending)
        return CONSOLE_BUSY_WAITING;
    if (!s->thinking)
        return CONSOLE_BUSY_NONE;
    pthread_mutex_lock(&s->lock);
    int done = s->ai_done;
    pthread_mutex_unlock(&s->lock);
    return done ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_WORKING;
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

/* ---- drawing ---- */

static int gk_x(int point) { return GK_LEFT + (point % GOMOKU_SIZE) * GK_CELL; }
static int gk_y(int point) { return GK_TOP + (GOMOKU_SIZE - 1 - point / GOMOKU_SIZE) * GK_CELL; }

static void gk_stone(const gk_palette_t *pal, int x, int y, int r, int color)
{
    render_circle(x, y, r, color == GOMOKU_BLACK ? pal->black : pal->white, 1);
    if (color == GOMOKU_WHITE)
        render_circle(x, y, r, pal->line, 0); /* white on a light ground needs an edge */
}

/* "WIN" in stones of color, 15 x 5 points, centred at (cx, cy). */
static void gk_draw_win_stones(const gk_palette_t *pal, int cx, int cy, int step, int r, int color)
{
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 15; col++)
            if (gk_win_rows[row][col] == 'X')
                gk_stone(pal, cx + (col - 7) * step, cy + (row - 2) * step, r, color);
}

static void gk_render_board(const gk_screen_t *s)
{
    const gk_palette_t *pal = gk_pal(s);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, pal->bg);
    render_fill_rect(GK_LEFT - GK_MARGIN, GK_TOP - GK_MARGIN, GK_SPAN + 2 * GK_MARGIN + 1,
                     GK_SPAN + 2 * GK_MARGIN + 1, pal->wood);
    int winning = gk_over(s) && s->show_win;
    if (!winning) {
        for (int i = 0; i < GOMOKU_SIZE; i++) {
            render_fill_rect(GK_LEFT, GK_TOP + i * GK_CELL, GK_SPAN + 1, 1, pal->line);
            render_fill_rect(GK_LEFT + i * GK_CELL, GK_TOP, 1, GK_SPAN + 1, pal->line);
        }
        /* The renju board's five marked points: h8 and the four 4-4 points. */
        static const int stars[5] = {112, 48, 56, 168, 176};
        for (int i = 0; i < 5; i++)
            render_circle(gk_x(stars[i]), gk_y(stars[i]), 3, pal->line, 1);
        for (int p = 0; p < GOMOKU_CELLS; p++) {
            int c = gomoku_at(&s->game, p);
            if (c != GOMOKU_EMPTY)
                gk_stone(pal, gk_x(p), gk_y(p), GK_STONE_R, c);
        }
        if (s->game.moves) {
            int last = s->game.history[s->game.moves - 1];
            render_circle(gk_x(last), gk_y(last), 4, s->skin ? pal->cursor : COLOR_LAST_MOVE, 1);
        }
        if (!gk_over(s)) {
            for (int d = 0; d < 2; d++)
                render_circle(gk_x(s->cursor), gk_y(s->cursor), GK_STONE_R + 1 + d, pal->cursor,
                              0);
        }
    } else {
        /* Seed fig 5.3: the board cleared, "WIN" in the winner's stones. */
        for (int i = 0; i < GOMOKU_SIZE; i++) {
            render_fill_rect(GK_LEFT, GK_TOP + i * GK_CELL, GK_SPAN + 1, 1, pal->line);
            render_fill_rect(GK_LEFT + i * GK_CELL, GK_TOP, 1, GK_SPAN + 1, pal->line);
        }
        gk_draw_win_stones(pal, GK_LEFT + 7 * GK_CELL, GK_TOP + 7 * GK_CELL, GK_CELL, GK_STONE_R,
                           s->game.winner);
    }

    /* The panel (the seed's menu column). */
    int x = GK_PANEL_X;
    char line[40];
    render_string_scaled(x, 14, "GOMOKU", pal->text, 3);
    render_string_scaled(x, 48, gk_mode_labels[s->mode], pal->cursor, 4);
    snprintf(line, sizeof line, "LEVEL %d", s->level);
    render_string_scaled(x, 90, s->mode == GK_PVP ? "2 PLAYERS" : line, pal->text, 2);
    render_string_scaled(x, 124, "TIME", pal->dim, 2);
    if (!gk_over(s) && !gk_ai_turn(s)) {
        int secs = s->secs_shown >= 0 ? s->secs_shown : 30;
        snprintf(line, sizeof line, "%d", secs);
        render_string_scaled(x, 146, line, secs <= 5 ? pal->warn : pal->text, 6);
    } else {
        render_string_scaled(x, 146, "--", pal->dim, 6);
    }
    if (!gk_over(s)) {
        gk_stone(pal, x + 14, 222, 12, s->game.to_move);
        const char *who = !gk_ai_color(s)      ? "TO MOVE"
                          : gk_ai_turn(s)      ? "COMPUTER"
                                               : "YOU";
        render_string_scaled(x + 34, 215, who, pal->text, 2);
    }
    snprintf(line, sizeof line, "MONEY %d", s->farm.money);
    render_string_scaled(x, 256, line, pal->text, 2);
    snprintf(line, sizeof line, "STAMINA %d", s->farm.stamina);
    render_string_scaled(x, 280, line, s->farm.stamina < FARM_GAME_STAMINA ? pal->warn : pal->text,
                         2);
    static const char *const keys[] = {"Enter  play",   "Space  mode",  "1-3    level",
                                       "- u    undo",   "n      new game", "c      the farm",
                                       "t      skin",   "h      help"};
    for (int i = 0; i < 8; i++)
        render_string(x, 318 + i * 14, keys[i], pal->dim);
    render_string(GK_LEFT - GK_MARGIN, GK_STATUS_Y, s->status, s->status_warn ? pal->warn : pal->text);
    if (s->save_failed)
        render_string(GK_PANEL_X, GK_STATUS_Y, "AUTOSAVE FAILED", pal->warn);
}

static void gk_render_farm(const gk_screen_t *s)
{
    const gk_palette_t *pal = gk_pal(s);
    int tiles = s->skin == GK_SKIN_TILES;
    uint16_t paper = tiles ? GK_TILE_PAPER : pal->bg;
    uint16_t ink = tiles ? 0x0000 : pal->text;
    uint16_t red = tiles ? 0xF800 : pal->warn;
    uint16_t sel_bg = tiles ? 0xDEDF : pal->select_bg;
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, paper);
    char line[48];
    if (s->farm.state == FARM_LOST) {
        /* Fig 5.6: "YOU DIE" in red. */
        render_string_centered(120, "YOU DIE", 0xF800, 10);
        const char *why = s->farm.why == FARM_WHY_STAMINA ? "Your stamina fell below zero."
                          : s->farm.why == FARM_WHY_MONEY ? "Your money fell below zero."
                                                          : "You ended the game with 30 coins "
                                                            "or fewer.";
        render_string_centered(250, why, ink, 2);
        snprintf(line, sizeof line, "Money %d, stamina %d, %d game%s", s->farm.money,
                 s->farm.stamina, s->farm.games, s->farm.games == 1 ? "" : "s");
        render_string_centered(280, line, ink, 2);
        render_string_centered(420, "Any key: a new farm", tiles ? 0x0000 : pal->dim, 2);
        return;
    }
    if (s->farm.state == FARM_WON) {
        /* Fig 5.11: "YOU WIN", WIN in stones (fig 3.10). */
        render_string_centered(40, "YOU", ink, 8);
        gk_palette_t stones = *pal;
        if (!tiles)
            stones.line = COLOR_LINE;
        render_fill_rect(60, 130, 520, 180, tiles ? 0xDEDF : COLOR_BOARD);
        gk_draw_win_stones(&stones, 320, 220, 34, 15, GOMOKU_BLACK);
        snprintf(line, sizeof line, "You ended the game with %d coins", s->farm.money);
        render_string_centered(340, line, ink, 2);
        render_string_centered(420, "Any key: a new farm", tiles ? 0x0000 : pal->dim, 2);
        return;
    }
    render_string_centered(14, "CHESS CLUB DREAM", tiles ? red : COLOR_BOARD, 4);
    /* Fig 3.7: the values on the left, top to bottom. */
    static const char *const labels[5] = {"PIGS", "FEED", "STAMINA", "MONEY", "GROWN PIGS"};
    int values[5] = {s->farm.pigs, s->farm.feed, s->farm.stamina, s->farm.money,
                     farm_grown(&s->farm)};
    for (int i = 0; i < 5; i++) {
        int y = 86 + i * 54;
        render_string_scaled(30, y, labels[i], tiles ? 0x0000 : pal->dim, 2);
        snprintf(line, sizeof line, "%d", values[i]);
        render_string_scaled(30, y + 18, line, ink, 3);
    }
    /* The five choices on the right, the cursor on one. */
    static const char *const items[FARM_ACTIONS] = {"BUY A PIG", "SELL A PIG", "EAT", "BUY FEED",
                                                    "END GAME"};
    static const char *const prices[FARM_ACTIONS] = {"2 coins", "a grown pig: +12 coins",
                                                     "1 coin: +5 stamina", "1 coin: +5 feed",
                                                     "win with more than 30 coins"};
    for (int i = 0; i < FARM_ACTIONS; i++) {
        int y = 86 + i * 54;
        if (i == s->menu_sel) {
            render_fill_rect(236, y - 8, 380, 50, sel_bg);
            render_circle(254, y + 10, 7, tiles ? 0x0000 : COLOR_CURSOR, 1);
        }
        render_string_scaled(272, y, items[i], i == s->menu_sel || tiles ? ink : pal->dim, 3);
        render_string(272, y + 26, prices[i], tiles ? red : pal->dim);
    }
    if (s->notice[0])
        render_string_centered(362, s->notice, s->notice_warn ? red : ink, 2);
    render_string_centered(392, "Up/Down, Enter: choose   c: play Gomoku   Esc: back",
                           tiles ? 0x0000 : pal->dim, 1);
    if (s->save_failed)
        render_string_centered(406, s->save_error, red, 1);
    render_string_centered(430, "WELCOME TO THE FARM", red, 4);
}

/* ---- the tile display (seed 002 §3.4; docs/tile_display.md) ----
 *
 * The tiles skin (the default) composes the seed's pages in its four
 * colours and hands them to the peripheral, which draws the board lines and
 * the round stones itself and takes the VGA pins.  The framebuffer still
 * gets the software drawing of the same skin underneath: it shows when the
 * console draws over the game (help, the quit question), and it is what the
 * board backend's frame dump reads. */

/* 3x5 digits and the mode letters for the board page's menu (the seed draws
 * its numbers in 3x6 cells, §3.4.3): rows top first, bit 2 the left column. */
static const char gk_glyph3_chars[] = "0123456789-PVC";
static const uint8_t gk_glyph3[][5] = {
    {7, 5, 5, 5, 7}, {2, 6, 2, 2, 7}, {7, 1, 7, 4, 7}, {7, 1, 7, 1, 7}, {5, 5, 7, 1, 1},
    {7, 4, 7, 1, 7}, {7, 4, 7, 5, 7}, {7, 1, 2, 2, 2}, {7, 5, 7, 5, 7}, {7, 5, 7, 1, 7},
    {0, 0, 7, 0, 0}, {7, 5, 7, 4, 4}, {5, 5, 5, 5, 2}, {7, 4, 4, 4, 7},
};

static void gk_tile_fill(uint8_t *cells, int w, int h, int x, int y, int rw, int rh, int colour)
{
    for (int j = y; j < y + rh; j++)
        for (int i = x; i < x + rw; i++)
            if (i >= 0 && j >= 0 && i < w && j < h)
                cells[j * w + i] = (uint8_t)colour;
}

static void gk_tile_glyph3(uint8_t *cells, int w, int h, int x, int y, char c, int colour)
{
    const char *at = strchr(gk_glyph3_chars, c);
    if (!at || !c)
        return;
    const uint8_t *g = gk_glyph3[at - gk_glyph3_chars];
    for (int row = 0; row < 5; row++)
        for (int col = 0; col < 3; col++)
            if (g[row] >> (2 - col) & 1)
                gk_tile_fill(cells, w, h, x + col, y + row, 1, 1, colour);
}

/* Text in the console's 5x7 font, one cell a font pixel times scale, 6
 * cells a letter (the seed's letters are 6x8, §3.4.3). */
static void gk_tile_text(uint8_t *cells, int w, int h, int x, int y, const char *t, int colour,
                         int scale)
{
    for (; *t; t++, x += 6 * scale) {
        int c = (unsigned char)*t;
        if (c < FONT_FIRST || c >= FONT_FIRST + FONT_GLYPHS)
            c = '?';
        for (int row = 0; row < 7; row++)
            for (int col = 0; col < 5; col++)
                if (font_5x7[c - FONT_FIRST][row] >> (4 - col) & 1)
                    gk_tile_fill(cells, w, h, x + col * scale, y + row * scale, scale, scale,
                                 colour);
    }
}

static void gk_tile_text_centered(uint8_t *cells, int y, const char *t, int colour, int scale)
{
    int width = (int)strlen(t) * 6 * scale - scale;
    gk_tile_text(cells, TILE_WELCOME_W, TILE_WELCOME_H, (TILE_WELCOME_W - width) / 2, y, t,
                 colour, scale);
}

/* The welcome page (160 x 120 cells of 4 px): fig 3.7's farm, figs 5.6 and
 * 5.11's endings.  White ground, black text, the blue cursor, red text. */
static void gk_tile_farm(gk_screen_t *s)
{
    uint8_t *c = s->tile_welcome;
    const int w = TILE_WELCOME_W, h = TILE_WELCOME_H;
    char line[40];
    memset(c, TILE_WHITE, sizeof s->tile_welcome);
    if (s->farm.state != FARM_PLAYING) {
        int lost = s->farm.state == FARM_LOST;
        /* drawDie(..., 3, ...) in red, drawWin(..., 2, ...) in blue. */
        gk_tile_text_centered(c, 30, lost ? "YOU DIE" : "YOU WIN", lost ? TILE_RED : TILE_BLUE, 2);
        const char *why = !lost                            ? "MORE THAN 30 COINS"
                          : s->farm.why == FARM_WHY_STAMINA ? "STAMINA BELOW ZERO"
                          : s->farm.why == FARM_WHY_MONEY   ? "MONEY BELOW ZERO"
                                                            : "30 COINS OR FEWER";
        gk_tile_text_centered(c, 60, why, TILE_BLACK, 1);
        snprintf(line, sizeof line, "MONEY %d", s->farm.money);
        gk_tile_text_centered(c, 72, line, TILE_BLACK, 1);
        gk_tile_text_centered(c, 100, "ANY KEY: A NEW FARM", TILE_BLACK, 1);
        return;
    }
    gk_tile_text_centered(c, 2, "CHESS CLUB DREAM", TILE_RED, 1);
    static const char *const labels[5] = {"PIGS", "FEED", "STAMINA", "MONEY", "GROWN"};
    static const char *const items[FARM_ACTIONS] = {"BUY PIG", "SELL PIG", "EAT", "BUY FEED",
                                                    "END GAME"};
    int values[5] = {s->farm.pigs, s->farm.feed, s->farm.stamina, s->farm.money,
                     farm_grown(&s->farm)};
    for (int i = 0; i < 5; i++) {
        int y = 12 + 15 * i;
        gk_tile_text(c, w, h, 3, y + 4, labels[i], TILE_BLACK, 1);
        snprintf(line, sizeof line, "%d", values[i]);
        gk_tile_text(c, w, h, 51, y + 4, line, TILE_RED, 1);
        if (i == s->menu_sel)
            gk_tile_fill(c, w, h, 76, y + 1, w - 76, 13, TILE_BLUE);
        gk_tile_text(c, w, h, 82, y + 4, items[i], TILE_BLACK, 1);
    }
    if (s->save_failed) {
        gk_tile_text_centered(c, 89, "AUTOSAVE FAILED", TILE_RED, 1);
    } else if (s->notice[0]) {
        /* The last notice in capitals, on two lines of 26 letters at most. */
        char up[2][27];
        const char *t = s->notice;
        for (int l = 0; l < 2; l++) {
            size_t n = strlen(t), cut = n;
            if (n > 26) {
                for (cut = 26; cut > 0 && t[cut] != ' '; cut--)
                    ;
                if (cut == 0)
                    cut = 26;
            }
            for (size_t k = 0; k < cut; k++)
                up[l][k] = (char)(t[k] >= 'a' && t[k] <= 'z' ? t[k] - 32 : t[k]);
            up[l][cut] = 0;
            t += cut;
            while (*t == ' ')
                t++;
            gk_tile_text_centered(c, 89 + 9 * l, up[l], s->notice_warn ? TILE_RED : TILE_BLACK, 1);
        }
    }
    gk_tile_text_centered(c, 111, "WELCOME TO THE FARM", TILE_RED, 1);
}

/* The board page: the 15x15 board (the peripheral draws lines and stones)
 * and the 10x30 menu: the move clock, the side to move, the level, the mode
 * (PVP, PVC, CVP, one letter under the other). */
static void gk_tile_board(gk_screen_t *s)
{
    uint8_t *b = s->tile_board, *m = s->tile_menu;
    const int mw = TILE_MENU_W, mh = TILE_MENU_H;
    memset(b, TILE_BLUE, sizeof s->tile_board);
    memset(m, TILE_BLUE, sizeof s->tile_menu);
    if (gk_over(s) && s->show_win) {
        /* Fig 3.10: the board cleared, WIN in the winner's stones. */
        for (int row = 0; row < 5; row++)
            for (int col = 0; col < 15; col++)
                if (gk_win_rows[row][col] == 'X')
                    b[(5 + row) * TILE_BOARD_N + col] =
                        s->game.winner == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE;
    } else {
        for (int p = 0; p < GOMOKU_CELLS; p++) {
            int c = gomoku_at(&s->game, p);
            int x = p % GOMOKU_SIZE, y = GOMOKU_SIZE - 1 - p / GOMOKU_SIZE;
            if (c != GOMOKU_EMPTY)
                b[y * TILE_BOARD_N + x] = c == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE;
        }
        /* The seed's cursor: a red stone (DrawChess(x_cur, y_cur, CURSOR)),
         * on an empty point only: the seed's hides the stone under it. */
        if (!gk_over(s) && gomoku_at(&s->game, s->cursor) == GOMOKU_EMPTY)
            b[(GOMOKU_SIZE - 1 - s->cursor / GOMOKU_SIZE) * TILE_BOARD_N +
              s->cursor % GOMOKU_SIZE] = TILE_RED;
    }
    char clock[3] = "--";
    int clock_colour = TILE_BLACK;
    if (!gk_over(s) && !gk_ai_turn(s)) {
        int secs = s->secs_shown >= 0 ? s->secs_shown : 30;
        clock[0] = (char)('0' + secs / 10 % 10);
        clock[1] = (char)('0' + secs % 10);
        if (secs <= 5)
            clock_colour = TILE_RED;
    }
    gk_tile_glyph3(m, mw, mh, 1, 1, clock[0], clock_colour);
    gk_tile_glyph3(m, mw, mh, 5, 1, clock[1], clock_colour);
    if (!gk_over(s))
        gk_tile_fill(m, mw, mh, 1, 8, 2, 2,
                     s->game.to_move == GOMOKU_BLACK ? TILE_BLACK : TILE_WHITE);
    if (s->mode != GK_PVP)
        gk_tile_glyph3(m, mw, mh, 5, 7, (char)('0' + s->level), TILE_BLACK);
    for (int i = 0; i < 3; i++)
        gk_tile_glyph3(m, mw, mh, 3, 13 + 6 * i, gk_mode_labels[s->mode][i], TILE_BLACK);
}

/* Composes the page on screen and shows it on the tile display, or gives
 * the pins back to the framebuffer (the classic skin, no peripheral). */
static void gk_tiles_draw(gk_screen_t *s)
{
    if (s->skin != GK_SKIN_TILES || !s->env.hal) {
        if (s->tiles_state == 1 && tile_enabled(&s->tiles))
            tile_show(&s->tiles, TILE_PAGE_BOARD, 0);
        return;
    }
    if (s->tiles_state == 0)
        s->tiles_state = tile_open(&s->tiles, s->env.hal) == 0 ? 1 : -1;
    if (s->tiles_state != 1)
        return; /* no tile display: the framebuffer's drawing of the skin shows */
    if (s->page == GK_PAGE_FARM) {
        gk_tile_farm(s);
        tile_sync(&s->tiles, TILE_PAGE_WELCOME, s->tile_welcome);
        tile_show(&s->tiles, TILE_PAGE_WELCOME, 1);
    } else {
        gk_tile_board(s);
        tile_sync(&s->tiles, TILE_PAGE_BOARD, s->tile_board);
        tile_sync(&s->tiles, TILE_PAGE_MENU, s->tile_menu);
        tile_show(&s->tiles, TILE_PAGE_BOARD, 1);
    }
}

/* The pins back to go_peripheral (the console draws over the game, the
 * game is left or closed). */
static void gk_tiles_release(gk_screen_t *s)
{
    if (s->tiles_state == 1 && tile_enabled(&s->tiles))
        tile_show(&s->tiles, TILE_PAGE_BOARD, 0);
}

static void gk_covered(void *p)
{
    gk_tiles_release(p);
}

static void gk_render(void *p, uint16_t *fb)
{
    gk_screen_t *s = p;
    render_init(fb);
    if (s->page == GK_PAGE_FARM)
        gk_render_farm(s);
    else
        gk_render_board(s);
    gk_tiles_draw(s);
    s->dirty = 0;
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
    "v\tafter a game: WIN / the position",
    "t\tskin: ours / the seed's tiles",
    "Escape\tboard: new PVP game; farm: back",
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
    .covered = gk_covered,
};

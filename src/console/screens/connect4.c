/*
 * screens/connect4.c - Connect Four on the console (issue 6): the console-side
 * half of the game (console_game.h).  Screens: a title menu (you first, the
 * AI first, two players), the board, and the end of the game with the
 * winning four highlighted.  Keys: Left/Right choose a column, Enter drops
 * (digits 1-7 drop straight into that column, like the seed's terminal
 * entry), Backspace or 'u' takes back a move (two against the computer),
 * Escape goes back with the game kept.  A disc falls row by row and the
 * place sound plays when it lands.
 *
 * The game is saved after every move to connect4.txt in the save folder
 * (docs/connect4.md: the mode and the columns played, 1-7), written to a
 * temporary file, synced and renamed over the old one, so a crash leaves the
 * old save or the new one, never half of one.  The title menu offers to
 * resume it; an unreadable save is kept aside as connect4.txt.corrupt.
 *
 * The AI's move comes from the FPGA through the one driver (c4_driver.h);
 * the module never draws or plays through the HAL, it only passes the
 * console's hal to the driver.  A failing mailbox (timeout, illegal move)
 * is shown on the status line and logged; the game is left as it was.
 *
 * Two more modes play against "Perfect" (issue 19): the exact solver of
 * games/connect4/solver.h, which never lets a won game go and never loses
 * a drawn or won one.  It opens in the centre (the first player's only
 * winning first move), answers the positions of its opening book
 * (games/connect4/book.h) at once, and elsewhere searches at most
 * C4S_PERFECT_BUDGET positions; past that (early positions the book does
 * not hold, where a solve can take minutes to hours) it lets the seed's AI
 * move instead and says so on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivers/connect4_mailbox.h"
#include "drivers/seven_seg.h"
#include "games/connect4/book.h"
#include "games/connect4/c4_game.h"
#include "games/connect4/solver.h"
#include "console/console_game.h"
#include "console/render.h"
#include "console/save.h"
#include "hal.h"

/* Layout: 7 x 6 holes of 56 px, the preview disc above the board. */
#define C4S_CELL 56
#define C4S_LEFT ((RENDER_WIDTH - 7 * C4S_CELL) / 2) /* 124 */
#define C4S_TOP 80
#define C4S_PREVIEW_Y 48
#define C4S_RADIUS 23
#define C4S_STATUS_Y 452
#define C4S_WARN_Y 471 /* the autosave warning, under the status line */
#define C4S_NOTICE_Y 410 /* a notice on the title menu */

#define C4S_COLOR_BOARD 0x0219 /* blue */
#define C4S_COLOR_HOLE 0x1082
#define C4S_COLOR_P1 0xE8A4 /* red: player 1 (moves first) */
#define C4S_COLOR_P2 0xFEA0 /* yellow */
#define C4S_COLOR_WIN 0x07E0 /* green ring around the winning four */

/* Game time a falling disc spends in each row. */
#define C4S_ROW_US 40000u

#define C4S_SAVE_NAME "connect4.txt"
#define C4S_LAST_NAME "connect4-last.txt"
#define C4S_PATH_LEN 4096
/* A save is a few short lines; anything much larger is not ours. */
#define C4S_SAVE_MAX 4096
/* 'u' (HID 0x18): undo, like Backspace. */
#define C4S_KEY_U (HID_KEY_A + ('u' - 'a'))

enum { C4S_TITLE, C4S_PLAY, C4S_OVER };
enum {
    C4S_MODE_YOU_FIRST,
    C4S_MODE_AI_FIRST,
    C4S_MODE_TWO_PLAYERS,
    C4S_MODE_PERFECT_YOU_FIRST, /* against the solver (issue 19) */
    C4S_MODE_PERFECT_FIRST,
    C4S_MODE_COUNT
};
/* Positions the solver may search for one move (about 2-3 s on a PC). */
#define C4S_PERFECT_BUDGET 20000000u
/* The title menu's last item while a game can be resumed. */
#define C4S_MENU_RESUME C4S_MODE_COUNT

/* The mode names of the save file, in C4S_MODE_* order. */
static const char *const c4s_mode_names[C4S_MODE_COUNT] = {
    "you-first", "ai-first", "two-players", "you-first-perfect", "perfect-first"};

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
    /* Saves. */
    int have_saves;          /* a save folder exists */
    char save_path[C4S_PATH_LEN];
    char last_path[C4S_PATH_LEN];
    int save_failed;         /* the last autosave of this game failed */
    char save_error[96];     /* why, for the warning line */
    int suspended;           /* a game left with Escape, kept in memory */
    int resumable;           /* the title offers "Resume" (suspended or a readable save) */
    c4_game_t pending;       /* the save offered for resuming (when not suspended) */
    int pending_mode;
    char notice[128];        /* a one-off line on the title (saved, kept aside...) */
    uint16_t notice_color;
    c4_solver_t *solver;     /* the perfect level's, made when first needed */
    char hex_text[8];        /* what the seven-segment digits show (docs/seven_seg.md) */
    int hex_shown;
} c4_screen_t;

static void *c4s_create(const console_env_t *env)
{
    c4_screen_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->hal = env->hal;
    s->cursor = 3;
    if (env->save_dir &&
        snprintf(s->save_path, sizeof s->save_path, "%s/%s", env->save_dir, C4S_SAVE_NAME) <
            (int)sizeof s->save_path &&
        snprintf(s->last_path, sizeof s->last_path, "%s/%s", env->save_dir, C4S_LAST_NAME) <
            (int)sizeof s->last_path)
        s->have_saves = 1;
    return s;
}

static void c4s_destroy(void *p)
{
    c4_screen_t *s = p;
    if (s)
        c4_solver_free(s->solver);
    free(s);
}

/* 1 in the modes against the perfect player. */
static int c4s_is_perfect(int mode)
{
    return mode == C4S_MODE_PERFECT_YOU_FIRST || mode == C4S_MODE_PERFECT_FIRST;
}

/* ---- the save file ---- */

/* The file name without its folder, for messages on the screen. */
static const char *c4s_base(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

/* The save's text: the mode, the columns played (1-7, Pascal Pons'
 * notation, as `tabletop connect4 move` takes them), and for a finished
 * game the result. */
static void c4s_format(const c4_screen_t *s, char *out, size_t len)
{
    char moves[C4_CELLS + 1];
    for (int i = 0; i < s->game.moves; i++)
        moves[i] = (char)('1' + s->game.history[i]);
    moves[s->game.moves] = 0;
    int n = snprintf(out, len,
                     "# tabletop Connect Four game (docs/connect4.md): the columns played,\n"
                     "# 1-7 from the left, from the empty board; red moves first.\n"
                     "mode %s\nmoves %s\n",
                     c4s_mode_names[s->mode], moves);
    if (c4_game_is_over(&s->game) && n > 0 && (size_t)n < len)
        snprintf(out + n, len - (size_t)n, "result %s\n",
                 !s->game.winner ? "draw" : s->game.winner == C4_P1 ? "red wins" : "yellow wins");
}

/* Parses a save's text into *g and *mode.  Returns 0, or -1 with a
 * one-line reason in err. */
static int c4s_parse(const char *text, c4_game_t *g, int *mode, char *err, size_t errlen)
{
    int have_mode = 0, have_moves = 0, line_no = 0;
    const char *p = text;
    while (*p) {
        line_no++;
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char line[128];
        if (n >= sizeof line) {
            snprintf(err, errlen, "line %d is too long", line_no);
            return -1;
        }
        memcpy(line, p, n);
        line[n] = 0;
        p += n + (end ? 1 : 0);
        while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = 0;
        if (!n || line[0] == '#')
            continue;
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = 0;
        else
            arg = line + n;
        if (!strcmp(line, "mode") && !have_mode) {
            for (*mode = 0; *mode < C4S_MODE_COUNT; (*mode)++)
                if (!strcmp(arg, c4s_mode_names[*mode]))
                    break;
            if (*mode == C4S_MODE_COUNT) {
                snprintf(err, errlen, "line %d: unknown mode '%.20s'", line_no, arg);
                return -1;
            }
            have_mode = 1;
        } else if (!strcmp(line, "moves") && !have_moves) {
            char why[128];
            if (c4_game_parse(g, arg, why, sizeof why) != C4_OK) {
                snprintf(err, errlen, "line %d: %s", line_no, why);
                return -1;
            }
            have_moves = 1;
        } else if (!strcmp(line, "result")) {
            continue; /* a finished game's result: informative only */
        } else {
            snprintf(err, errlen, "line %d: unexpected '%.20s'", line_no, line);
            return -1;
        }
    }
    if (!have_mode || !have_moves) {
        snprintf(err, errlen, "no '%s' line", have_mode ? "moves" : "mode");
        return -1;
    }
    return 0;
}

/* Reads and parses the save at path.  Returns 0, or -1 with a reason. */
static int c4s_load(const char *path, c4_game_t *g, int *mode, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    char text[C4S_SAVE_MAX + 1];
    size_t n = fread(text, 1, sizeof text, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "read error");
        return -1;
    }
    if (n > C4S_SAVE_MAX) {
        snprintf(err, errlen, "larger than %d bytes", C4S_SAVE_MAX);
        return -1;
    }
    text[n] = 0;
    if (strlen(text) != n) {
        snprintf(err, errlen, "contains a NUL byte");
        return -1;
    }
    return c4s_parse(text, g, mode, err, errlen);
}

/* Saves the game after a move or an undo.  A finished game goes to
 * connect4-last.txt and the autosave is removed (nothing left to resume);
 * an empty board removes it too.  A failure is shown on the screen and
 * logged; the game goes on in memory. */
static void c4s_autosave(c4_screen_t *s)
{
    if (!s->have_saves)
        return;
    char text[512], err[C4S_PATH_LEN + 128];
    int over = c4_game_is_over(&s->game);
    if (s->game.moves == 0) {
        unlink(s->save_path);
        s->save_failed = 0;
        return;
    }
    c4s_format(s, text, sizeof text);
    if (save_write_text(over ? s->last_path : s->save_path, text, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: Connect Four autosave failed in %s: %s\n", s->save_path, err);
        snprintf(s->save_error, sizeof s->save_error, "Autosave failed: %.70s", err);
        s->save_failed = 1;
        return;
    }
    s->save_failed = 0;
    if (over)
        unlink(s->save_path);
}

/* Puts the save aside as *.SUFFIX (never deletes it); the notice names the
 * new file. */
static int c4s_put_aside(c4_screen_t *s, const char *suffix, const char *what)
{
    char aside[C4S_PATH_LEN + 32], err[C4S_PATH_LEN + 64];
    if (save_move_aside(s->save_path, suffix, aside, sizeof aside, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        snprintf(s->notice, sizeof s->notice, "%.120s", err);
        s->notice_color = COLOR_WARN;
        return -1;
    }
    fprintf(stderr, "tabletop: %s kept as %s\n", what, aside);
    s->notice_color = COLOR_TEXT;
    snprintf(s->notice, sizeof s->notice, "%s kept as %.80s", what, c4s_base(aside));
    return 0;
}

/* Decides whether the title offers "Resume": a game left with Escape, or a
 * readable save.  An unreadable save is kept aside as *.corrupt and the
 * title says so; a finished one (killed at the very end) becomes the last
 * game. */
static void c4s_check_saved(c4_screen_t *s)
{
    s->resumable = s->suspended;
    if (s->suspended || !s->have_saves || !save_exists(s->save_path))
        return;
    char err[256];
    if (c4s_load(s->save_path, &s->pending, &s->pending_mode, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved Connect Four game unreadable: %s: %s\n", s->save_path,
                err);
        if (c4s_put_aside(s, "corrupt", "Unreadable save") == 0)
            s->notice_color = COLOR_WARN;
        return;
    }
    if (c4_game_is_over(&s->pending)) {
        rename(s->save_path, s->last_path);
        return;
    }
    s->resumable = 1;
}

static void c4s_enter(void *p)
{
    c4_screen_t *s = p;
    s->hex_shown = 0; /* another module may have left its message */
    s->screen = C4S_TITLE;
    s->notice[0] = 0;
    c4s_check_saved(s);
    if (s->resumable)
        s->menu_sel = C4S_MENU_RESUME;
    else if (s->menu_sel >= C4S_MODE_COUNT)
        s->menu_sel = 0;
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

/* The side the AI plays in a mode (0: two players). */
static int c4s_ai_side(int mode)
{
    if (mode == C4S_MODE_YOU_FIRST || mode == C4S_MODE_PERFECT_YOU_FIRST)
        return C4_P2;
    return mode == C4S_MODE_AI_FIRST || mode == C4S_MODE_PERFECT_FIRST ? C4_P1 : 0;
}

/* Shows the board of s->game (new or resumed): the AI moves if it is its turn. */
static void c4s_start_play(c4_screen_t *s)
{
    s->ai_side = c4s_ai_side(s->mode);
    if (s->ai_side && s->hal)
        c4_driver_reset_ai(s->hal); /* seed 004: reset the AI logic before each game */
    s->screen = C4S_PLAY;
    s->falling = 0;
    s->suspended = 0;
    s->resumable = 0;
    s->notice[0] = 0;
    s->ai_pending = s->ai_side && s->game.to_move == s->ai_side;
    if (s->ai_pending)
        snprintf(s->status, sizeof s->status, "%s is thinking...",
                 c4s_is_perfect(s->mode) ? "Perfect" : "The FPGA");
    else
        c4s_set_turn_status(s);
    s->dirty = 1;
}

static void c4s_new_game(c4_screen_t *s)
{
    /* A game that could have been resumed is not overwritten by a new one. */
    if (s->have_saves && save_exists(s->save_path))
        c4s_put_aside(s, "bak", "Saved game");
    c4_game_init(&s->game);
    s->save_failed = 0;
    s->cursor = 3;
    c4s_start_play(s);
}

static void c4s_resume(c4_screen_t *s)
{
    if (!s->suspended) {
        s->game = s->pending;
        s->mode = s->pending_mode;
        s->save_failed = 0;
    }
    c4s_start_play(s);
}

/* Escape during a game: back to the title with the game kept in memory
 * (and on disk if the last autosave worked); the title says which. */
static void c4s_suspend(c4_screen_t *s)
{
    s->screen = C4S_TITLE;
    s->ai_pending = 0;
    s->dirty = 1;
    s->notice[0] = 0;
    if (s->game.moves == 0 || c4_game_is_over(&s->game)) {
        s->suspended = 0;
        c4s_check_saved(s);
        return;
    }
    s->suspended = 1;
    s->resumable = 1;
    s->menu_sel = C4S_MENU_RESUME;
    if (s->have_saves && !s->save_failed) {
        snprintf(s->notice, sizeof s->notice, "Game saved in %s: Resume continues it",
                 C4S_SAVE_NAME);
        s->notice_color = COLOR_TEXT;
    } else {
        snprintf(s->notice, sizeof s->notice, "Game kept until you quit: %s",
                 s->have_saves ? "the autosave failed" : "no save folder");
        s->notice_color = COLOR_WARN;
    }
}

/* How many moves the human (or, with two players, anybody) has on the
 * board: what Undo may take back. */
static int c4s_undoable(const c4_screen_t *s)
{
    if (!s->ai_side)
        return s->game.moves;
    /* The human's plies: every other one, starting with the first or second. */
    return s->ai_side == C4_P2 ? (s->game.moves + 1) / 2 : s->game.moves / 2;
}

/* Backspace or 'u': takes back the last move; against the AI, back to
 * before the human's last move (two plies, or one if the human's move
 * ended the game). */
static void c4s_undo(c4_screen_t *s)
{
    if (c4s_undoable(s) == 0) {
        snprintf(s->status, sizeof s->status, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    int taken = 0;
    for (;;) {
        int mover = 3 - s->game.to_move; /* who played the last ply */
        c4_game_undo(&s->game);
        taken++;
        if (!s->ai_side || mover != s->ai_side)
            break;
    }
    s->screen = C4S_PLAY;
    c4s_autosave(s);
    const char *next = s->ai_side                   ? "Your move"
                       : s->game.to_move == C4_P1 ? "Red to move"
                                                  : "Yellow to move";
    snprintf(s->status, sizeof s->status, "Took back %d move%s. %s", taken, taken == 1 ? "" : "s",
             next);
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
        int items = C4S_MODE_COUNT + (s->resumable ? 1 : 0);
        if (hid == HID_KEY_UP && s->menu_sel > 0)
            s->menu_sel--, s->dirty = 1;
        else if (hid == HID_KEY_DOWN && s->menu_sel < items - 1)
            s->menu_sel++, s->dirty = 1;
        else if (hid == HID_KEY_ENTER) {
            if (s->menu_sel == C4S_MENU_RESUME) {
                c4s_resume(s);
            } else {
                s->mode = s->menu_sel;
                s->suspended = 0;
                c4s_new_game(s);
            }
        } else if (hid == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_ESCAPE) {
        if (!s->falling)
            c4s_suspend(s);
        return CONSOLE_GAME_STAY;
    }
    if (hid == HID_KEY_BACKSPACE || hid == C4S_KEY_U) {
        if (s->screen == C4S_OVER || c4s_human_to_move(s))
            c4s_undo(s);
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
    c4s_autosave(s);
    if (c4_game_is_over(&s->game)) {
        s->screen = C4S_OVER;
        s->sound = AUDIO_GAME_OVER;
        const char *who;
        if (!s->game.winner)
            who = "A draw!";
        else if (s->ai_side)
            who = s->game.winner != s->ai_side ? "You win!"
                  : c4s_is_perfect(s->mode)    ? "Perfect wins!"
                                               : "The FPGA wins!";
        else
            who = s->game.winner == C4_P1 ? "Red wins!" : "Yellow wins!";
        snprintf(s->status, sizeof s->status, "%s Enter: again, Escape: menu", who);
        /* Finished: nothing left to resume; the record is connect4-last.txt. */
        s->suspended = 0;
        return;
    }
    s->sound = AUDIO_PLACE;
    if (s->ai_side && s->game.to_move == s->ai_side) {
        s->ai_pending = 1;
        snprintf(s->status, sizeof s->status, "%s is thinking...",
                 c4s_is_perfect(s->mode) ? "Perfect" : "The FPGA");
    } else {
        c4s_set_turn_status(s);
    }
}

/* The perfect player's column, or -1 when the solver cannot answer within
 * its budget (or has no memory for its table). */
static int c4s_perfect_move(c4_screen_t *s)
{
    if (s->game.moves == 0)
        return 3; /* the centre: the first player's only winning opening */
    if (!s->solver) {
        s->solver = c4_solver_new(C4_SOLVER_TABLE_LOG2);
        if (!s->solver) {
            fprintf(stderr, "tabletop connect4: out of memory for the solver's table\n");
            return -1;
        }
        c4_solver_set_budget(s->solver, C4S_PERFECT_BUDGET);
    }
    c4_solver_pos_t p;
    c4_solver_pos_from_game(&p, &s->game);
    return c4_perfect_move(s->solver, &p, NULL); /* the opening book first */
}

static void c4s_ask_ai(c4_screen_t *s)
{
    s->ai_pending = 0;
    char err[200];
    int col = -1;
    if (c4s_is_perfect(s->mode)) {
        col = c4s_perfect_move(s);
        if (col >= 0) {
            c4s_drop(s, col);
            return;
        }
        /* Too early to solve in time: the seed's AI moves (below). */
        fprintf(stderr, "tabletop connect4: Perfect needs more than %u positions at move %d; "
                        "the seed's AI moves instead\n",
                C4S_PERFECT_BUDGET, s->game.moves + 1);
    }
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
    if (s->save_failed)
        render_string_centered(C4S_WARN_Y, s->save_error, COLOR_WARN, 1);
}

/* The title menu: render_menu_list's look, closer lines (six items fit
 * above the notice line). */
static void c4s_render_menu(const char *const *items, int count, int selected)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(60, "Connect Four", COLOR_BOARD, 4);
    int y = 140;
    for (int i = 0; i < count; i++, y += 42) {
        int w = render_text_width(items[i], 3);
        int x = (RENDER_WIDTH - w) / 2;
        if (i == selected) {
            render_fill_rect(x - 40, y - 9, w + 80, 39, COLOR_SELECT_BG);
            render_circle(x - 22, y + 10, 7, COLOR_CURSOR, 1);
        }
        render_string_scaled(x, y, items[i], i == selected ? COLOR_TEXT : COLOR_DIM, 3);
    }
    render_string_centered(440, "Up/Down, then Enter; Escape: back", COLOR_DIM, 1);
}

/* The six digits (docs/seven_seg.md): whose turn it is ("rEd"/"yELLO"
 * between two players, "yOU"/"FPGA"/"PErF" against the computer), and at
 * the end "WInnEr"/"LOSEr" against the computer, "r  WIn"/"y  WIn" between
 * two players, "drAW"; dark on the title. */
static void c4s_hex_update(c4_screen_t *s)
{
    char text[sizeof s->hex_text] = "";
    if (!s->hal)
        return;
    if (s->screen == C4S_OVER || (s->screen == C4S_PLAY && c4_game_is_over(&s->game))) {
        if (!s->game.winner)
            snprintf(text, sizeof text, "%s", "drAW");
        else if (s->ai_side)
            snprintf(text, sizeof text, "%s", s->game.winner != s->ai_side ? "WInnEr" : "LOSEr");
        else
            snprintf(text, sizeof text, "%s", s->game.winner == C4_P1 ? "r  WIn" : "y  WIn");
    } else if (s->screen == C4S_PLAY) {
        if (s->ai_side)
            snprintf(text, sizeof text, "%s", s->game.to_move != s->ai_side ? "yOU"
                                              : c4s_is_perfect(s->mode)     ? "PErF"
                                                                            : "FPGA");
        else
            snprintf(text, sizeof text, "%s", s->game.to_move == C4_P1 ? "rEd" : "yELLO");
    }
    if (s->hex_shown && !strcmp(text, s->hex_text))
        return;
    if (seven_seg_show_text(s->hal, text) == 0) {
        snprintf(s->hex_text, sizeof s->hex_text, "%s", text);
        s->hex_shown = 1;
    }
}

static void c4s_render(void *p, uint16_t *fb)
{
    c4_screen_t *s = p;
    c4s_hex_update(s);
    render_init(fb);
    if (s->screen == C4S_TITLE) {
        char resume[64];
        const c4_game_t *g = s->suspended ? &s->game : &s->pending;
        int mode = s->suspended ? s->mode : s->pending_mode;
        snprintf(resume, sizeof resume, "Resume: %s, %d move%s",
                 mode == C4S_MODE_TWO_PLAYERS ? "2 players"
                 : c4s_is_perfect(mode)       ? "vs Perfect"
                                              : "vs the FPGA",
                 g->moves,
                 g->moves == 1 ? "" : "s");
        const char *const items[C4S_MODE_COUNT + 1] = {
            "You first (red) against the FPGA",
            "The FPGA first",
            "Two players",
            "You first vs Perfect (exact)",
            "Perfect (exact) first",
            resume,
        };
        c4s_render_menu(items, C4S_MODE_COUNT + (s->resumable ? 1 : 0), s->menu_sel);
        if (s->notice[0])
            render_string_centered(C4S_NOTICE_Y, s->notice, s->notice_color, 1);
        else if (s->menu_sel < C4S_MODE_COUNT && c4s_is_perfect(s->menu_sel))
            render_string_centered(C4S_NOTICE_Y,
                                   s->menu_sel == C4S_MODE_PERFECT_FIRST
                                       ? "Perfect opens in the centre and plays the won game "
                                         "exactly (book, then solver)"
                                       : "Perfect is exact in its book and from about the 10th "
                                         "disc; else the FPGA's AI",
                                   COLOR_DIM, 1);
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

/* 'q': a disc still falling lands (and is saved) first.  A game in
 * progress that is not on disk would be lost: the console asks. */
static int c4s_quit(void *p)
{
    c4_screen_t *s = p;
    if (s->falling)
        c4s_land(s);
    int in_progress = (s->screen == C4S_PLAY || s->suspended) && s->game.moves > 0 &&
                      !c4_game_is_over(&s->game);
    return in_progress && (!s->have_saves || s->save_failed);
}

static const char *const c4s_help[] = {
    "Up/Down\tchoose in the menu",
    "Left/Right\tchoose a column",
    "Enter, Space\tdrop a disc; choose",
    "1-7\tdrop in that column",
    "Backspace, u\ttake back a move",
    "Escape\tto the menu (game kept)",
    NULL,
};

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
};

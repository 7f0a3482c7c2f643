/*
 * screens/othello.c - Othello on the console (issue 16, seed 003): the
 * console-side half of the game (console_game.h) and the seed's "PC".
 *
 * Modes (the title menu): you play White against the Othello machine, the
 * FPGA logic of seed 003 that plays Black through its ports (sdl answers
 * with the machine's C model, sim with the Verilated RTL, board with the
 * FPGA); you play Black or White against the software engine
 * (games/othello/othello_engine.h); or two players at one keyboard.
 *
 * Against the machine this module is the referee: it sends White's moves
 * through the driver (drivers/othello_machine.h), waits for each of
 * Black's answers and checks it against the rules.  An illegal answer, a
 * pass while Black has a move, or no answer within the driver's time-out
 * stops the game with a clear message, and the record so far is kept as
 * othello-last.txt.  The machine keeps its own board, so a resumed game or
 * an undo replays the record into a freshly reset machine and checks that
 * the machine answers as the record says (it is deterministic).
 *
 * Keys: arrows (or w a s d) move the cursor, Enter or Space places a disc,
 * Backspace or 'u' takes back a move (back to your previous turn against a
 * computer), Tab shows or hides the legal-move hints, Escape goes back to
 * the menu with the game kept.  A side without a legal move passes by
 * itself and the status line says so; the game ends when neither side can
 * move.  Saved after every move in othello.txt (docs/othello.md), written
 * atomically; the menu offers to resume it.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console/console_game.h"
#include "console/render.h"
#include "console/save.h"
#include "drivers/othello_machine.h"
#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
#include "hal.h"

/* Layout: 8 x 8 squares of 50 px, labels around, the counts below. */
#define OS_CELL 50
#define OS_LEFT ((RENDER_WIDTH - 8 * OS_CELL) / 2) /* 120 */
#define OS_TOP 26
#define OS_DISC_R 21
#define OS_STATUS_Y 452
#define OS_WARN_Y 471
#define OS_NOTICE_Y 410
#define OS_COUNT_Y 432

#define OS_COLOR_BOARD 0x2C45  /* green baize */
#define OS_COLOR_GRID 0x0140
#define OS_COLOR_HINT 0x5D6B
#define OS_COLOR_FLIP 0xFEA0   /* ring around the discs the last move turned */

/* The software engine's level in the console: depth-limited, no clock, so
 * a game is the same on every machine (tests compare frames). */
#define OS_ENGINE_LEVEL 4

#define OS_SAVE_NAME "othello.txt"
#define OS_LAST_NAME "othello-last.txt"
#define OS_PATH_LEN 4096
#define OS_SAVE_MAX 4096
#define OS_MAX_PLIES 128 /* 60 discs and the passes between them */
#define OS_KEY(ch) (HID_KEY_A + ((ch) - 'a'))

enum { OS_TITLE, OS_PLAY, OS_OVER };
enum {
    OS_MODE_MACHINE,    /* you White, the machine Black (the seed's game) */
    OS_MODE_YOU_BLACK,  /* you Black, the engine White */
    OS_MODE_YOU_WHITE,  /* you White, the engine Black */
    OS_MODE_TWO,        /* two players */
    OS_MODE_ENGINE_MACHINE, /* the engine White against the machine: you watch */
    OS_MODE_COUNT
};
#define OS_MENU_RESUME OS_MODE_COUNT

static const char *const os_mode_names[OS_MODE_COUNT] = {
    "machine", "you-black", "you-white", "two-players", "computer-vs-machine"};

typedef struct os_screen {
    hal_t *hal;
    int screen, menu_sel, mode;
    int machine;                 /* 1: Black is the machine (through its ports) */
    int engine_side;             /* colour the software engine plays, -1 none */
    othello_board_t board;
    int plies[OS_MAX_PLIES];     /* the game from the start: 0..63 or OTHELLO_PASS */
    int n_plies;
    int cursor;                  /* square 0..63 */
    int hints;                   /* show the legal moves of a human to move */
    uint64_t flipped;            /* discs the last move turned */
    int last;                    /* the last disc placed, -1 none */
    int dirty, sound;
    char status[112];
    /* The software engine, on its own thread. */
    othello_engine_t *engine;
    pthread_t thread;
    pthread_mutex_t lock;
    int thinking;                /* 1: a thread runs; 2: thought inline */
    int think_done, think_move;  /* under lock */
    othello_board_t think_board;
    /* The machine. */
    int machine_ready;           /* reset and in step with the record */
    int stopped;                 /* the referee stopped the game */
    /* Saves. */
    int have_saves;
    char save_path[OS_PATH_LEN], last_path[OS_PATH_LEN];
    int save_failed;
    char save_error[96];
    int suspended, resumable;
    int pending_plies[OS_MAX_PLIES], pending_n, pending_mode;
    char notice[128];
    uint16_t notice_color;
} os_screen_t;

/* ---- the record ---- */

/* Plays the record's plies into b from the start.  Returns 0, or the
 * 1-based index of the first ply that is not legal. */
static int os_replay(othello_board_t *b, const int *plies, int n)
{
    othello_board_start(b);
    for (int i = 0; i < n; i++)
        if (othello_play(b, plies[i]) != 0)
            return i + 1;
    return 0;
}

static int os_over(const os_screen_t *s) { return othello_game_over(&s->board); }

static const char *os_colour_name(int colour) { return colour == OTHELLO_BLACK ? "Black" : "White"; }

/* ---- the save file ---- */

static const char *os_base(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

static void os_format(const os_screen_t *s, char *out, size_t len)
{
    int n = snprintf(out, len,
                     "# tabletop Othello game (docs/othello.md): the moves from the start,\n"
                     "# a1..h8 with row 1 at the top, 'pass' where a side had no move;\n"
                     "# Black moves first.\n"
                     "mode %s\nmoves",
                     os_mode_names[s->mode]);
    for (int i = 0; i < s->n_plies && n > 0 && (size_t)n < len; i++) {
        char m[8];
        n += snprintf(out + n, len - (size_t)n, " %s", othello_format_move(s->plies[i], m));
    }
    if (n > 0 && (size_t)n < len)
        n += snprintf(out + n, len - (size_t)n, "\n");
    if (os_over(s) && n > 0 && (size_t)n < len) {
        int bl = othello_count(&s->board, OTHELLO_BLACK), wh = othello_count(&s->board, OTHELLO_WHITE);
        snprintf(out + n, len - (size_t)n, "result %s %d-%d\n",
                 bl > wh ? "black wins" : wh > bl ? "white wins" : "draw", bl, wh);
    } else if (s->stopped && n > 0 && (size_t)n < len) {
        snprintf(out + n, len - (size_t)n, "stopped %s\n", s->status);
    }
}

/* Parses a save into plies/n/mode.  Returns 0, or -1 with a reason. */
static int os_parse(const char *text, int *plies, int *n, int *mode, char *err, size_t errlen)
{
    int have_mode = 0, have_moves = 0, line_no = 0;
    const char *p = text;
    while (*p) {
        line_no++;
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char line[1024];
        if (len >= sizeof line) {
            snprintf(err, errlen, "line %d is too long", line_no);
            return -1;
        }
        memcpy(line, p, len);
        line[len] = 0;
        p += len + (end ? 1 : 0);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
            line[--len] = 0;
        if (!len || line[0] == '#')
            continue;
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = 0;
        else
            arg = line + len;
        if (!strcmp(line, "mode") && !have_mode) {
            for (*mode = 0; *mode < OS_MODE_COUNT; (*mode)++)
                if (!strcmp(arg, os_mode_names[*mode]))
                    break;
            if (*mode == OS_MODE_COUNT) {
                snprintf(err, errlen, "line %d: unknown mode '%.20s'", line_no, arg);
                return -1;
            }
            have_mode = 1;
        } else if (!strcmp(line, "moves") && !have_moves) {
            *n = 0;
            for (char *tok = strtok(arg, " \t"); tok; tok = strtok(NULL, " \t")) {
                int m = othello_parse_move(tok);
                if (m < 0 || *n >= OS_MAX_PLIES) {
                    snprintf(err, errlen, "line %d: '%.8s' is not a move", line_no, tok);
                    return -1;
                }
                plies[(*n)++] = m;
            }
            othello_board_t b;
            int bad = os_replay(&b, plies, *n);
            if (bad) {
                char m[8];
                snprintf(err, errlen, "line %d: move %d (%s) is not legal", line_no, bad,
                         othello_format_move(plies[bad - 1], m));
                return -1;
            }
            have_moves = 1;
        } else if (!strcmp(line, "result") || !strcmp(line, "stopped")) {
            continue; /* informative */
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

static int os_load(const char *path, int *plies, int *n, int *mode, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    char text[OS_SAVE_MAX + 1];
    size_t len = fread(text, 1, sizeof text, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errlen, "read error");
        return -1;
    }
    if (len > OS_SAVE_MAX) {
        snprintf(err, errlen, "larger than %d bytes", OS_SAVE_MAX);
        return -1;
    }
    text[len] = 0;
    if (strlen(text) != len) {
        snprintf(err, errlen, "contains a NUL byte");
        return -1;
    }
    return os_parse(text, plies, n, mode, err, errlen);
}

/* After every move, undo or stop.  A finished (or stopped) game goes to
 * othello-last.txt and the autosave is removed. */
static void os_autosave(os_screen_t *s)
{
    if (!s->have_saves)
        return;
    if (s->n_plies == 0 && !s->stopped) {
        unlink(s->save_path);
        s->save_failed = 0;
        return;
    }
    char text[OS_SAVE_MAX], err[OS_PATH_LEN + 128];
    int done = os_over(s) || s->stopped;
    os_format(s, text, sizeof text);
    if (save_write_text(done ? s->last_path : s->save_path, text, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: Othello autosave failed in %s: %s\n", s->save_path, err);
        snprintf(s->save_error, sizeof s->save_error, "Autosave failed: %.70s", err);
        s->save_failed = 1;
        return;
    }
    s->save_failed = 0;
    if (done)
        unlink(s->save_path);
}

static void os_put_aside(os_screen_t *s, const char *suffix, const char *what)
{
    char aside[OS_PATH_LEN + 32], err[OS_PATH_LEN + 64];
    if (save_move_aside(s->save_path, suffix, aside, sizeof aside, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        snprintf(s->notice, sizeof s->notice, "%.120s", err);
        s->notice_color = COLOR_WARN;
        return;
    }
    fprintf(stderr, "tabletop: %s kept as %s\n", what, aside);
    snprintf(s->notice, sizeof s->notice, "%s kept as %.80s", what, os_base(aside));
    s->notice_color = COLOR_TEXT;
}

static void os_check_saved(os_screen_t *s)
{
    s->resumable = s->suspended;
    if (s->suspended || !s->have_saves || !save_exists(s->save_path))
        return;
    char err[256];
    if (os_load(s->save_path, s->pending_plies, &s->pending_n, &s->pending_mode, err,
                sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved Othello game unreadable: %s: %s\n", s->save_path, err);
        os_put_aside(s, "corrupt", "Unreadable save");
        s->notice_color = COLOR_WARN;
        return;
    }
    othello_board_t b;
    os_replay(&b, s->pending_plies, s->pending_n);
    if (othello_game_over(&b)) {
        rename(s->save_path, s->last_path);
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
    s->hal = env->hal;
    s->hints = 1;
    s->last = -1;
    s->cursor = 2 * 8 + 3; /* d3, Black's usual first move */
    pthread_mutex_init(&s->lock, NULL);
    if (env->save_dir &&
        snprintf(s->save_path, sizeof s->save_path, "%s/%s", env->save_dir, OS_SAVE_NAME) <
            (int)sizeof s->save_path &&
        snprintf(s->last_path, sizeof s->last_path, "%s/%s", env->save_dir, OS_LAST_NAME) <
            (int)sizeof s->last_path)
        s->have_saves = 1;
    othello_board_start(&s->board);
    return s;
}

static void os_think_cancel(os_screen_t *s)
{
    if (s->thinking == 1)
        pthread_join(s->thread, NULL);
    s->thinking = 0;
}

static void os_destroy(void *p)
{
    os_screen_t *s = p;
    if (!s)
        return;
    os_think_cancel(s);
    othello_engine_free(s->engine);
    pthread_mutex_destroy(&s->lock);
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

/* Who plays each colour in a mode: the machine (Black), the engine, or a
 * human at the keyboard. */
static int os_machine_mode(int mode) { return mode == OS_MODE_MACHINE || mode == OS_MODE_ENGINE_MACHINE; }

static int os_engine_side(int mode)
{
    switch (mode) {
    case OS_MODE_YOU_BLACK:
    case OS_MODE_ENGINE_MACHINE:
        return OTHELLO_WHITE;
    case OS_MODE_YOU_WHITE:
        return OTHELLO_BLACK;
    default:
        return -1;
    }
}

static int os_is_machine(const os_screen_t *s, int colour) { return s->machine && colour == OTHELLO_BLACK; }

static int os_is_human(const os_screen_t *s, int colour)
{
    return !os_is_machine(s, colour) && colour != s->engine_side;
}

/* "The machine" or "The computer" for a colour that is not a human's. */
static const char *os_player_name(const os_screen_t *s, int colour)
{
    return os_is_machine(s, colour) ? "The machine" : "The computer";
}

static int os_human_to_move(const os_screen_t *s)
{
    return s->screen == OS_PLAY && !s->thinking && !os_over(s) && !s->stopped &&
           os_is_human(s, s->board.to_move);
}

static void os_turn_status(os_screen_t *s)
{
    int c = s->board.to_move;
    if (os_over(s))
        return;
    if (!os_is_human(s, c))
        snprintf(s->status, sizeof s->status, "%s is thinking...", os_player_name(s, c));
    else if (!os_is_human(s, !c))
        snprintf(s->status, sizeof s->status, "Your move (%s)", os_colour_name(c));
    else
        snprintf(s->status, sizeof s->status, "%s to move", os_colour_name(c));
}

/* The game is over: counts, the winner, the record kept. */
static void os_finish(os_screen_t *s)
{
    int bl = othello_count(&s->board, OTHELLO_BLACK), wh = othello_count(&s->board, OTHELLO_WHITE);
    const char *who;
    int winner = bl > wh ? OTHELLO_BLACK : OTHELLO_WHITE;
    if (bl == wh)
        who = "A draw";
    else if (os_is_human(s, winner))
        who = os_is_human(s, !winner) ? (winner == OTHELLO_BLACK ? "Black wins" : "White wins")
                                      : "You win";
    else
        who = os_is_machine(s, winner) ? "The machine wins" : "The computer wins";
    snprintf(s->status, sizeof s->status, "%s %d-%d. Enter: again", who, bl > wh ? bl : wh,
             bl > wh ? wh : bl);
    s->screen = OS_OVER;
    s->sound = AUDIO_GAME_OVER;
    s->suspended = 0;
    os_autosave(s);
}

/* The referee stops the game: the message says why; the record is kept. */
static void os_stop(os_screen_t *s, const char *why)
{
    fprintf(stderr, "tabletop othello: %s\n", why);
    snprintf(s->status, sizeof s->status, "%.100s", why);
    s->stopped = 1;
    s->machine_ready = 0;
    s->screen = OS_OVER;
    s->sound = AUDIO_ILLEGAL;
    s->suspended = 0;
    os_autosave(s);
    s->dirty = 1;
}

/* Records and plays a legal ply (a disc or a pass). */
static void os_apply(os_screen_t *s, int move)
{
    othello_board_t before = s->board;
    othello_play(&s->board, move);
    s->plies[s->n_plies++] = move;
    if (move == OTHELLO_PASS) {
        s->flipped = 0;
        s->last = -1;
    } else {
        int mover = before.to_move;
        s->flipped = s->board.disc[mover] & before.disc[!mover];
        s->last = move;
        s->sound = AUDIO_PLACE;
    }
    s->dirty = 1;
}

/* ---- the machine (seed 003's ports) ---- */

static void os_machine_error(os_screen_t *s, const char *what)
{
    char why[112];
    snprintf(why, sizeof why, "%s: %.60s", what, othello_machine_error());
    os_stop(s, why);
}

/* White's ply goes to the machine. */
static int os_machine_send(os_screen_t *s, int move)
{
    int rc = move == OTHELLO_PASS ? othello_machine_send_white(1, 0, 0)
                                  : othello_machine_send_white(0, move / 8, move % 8);
    if (rc != 0) {
        os_machine_error(s, "Cannot send White's move to the machine");
        return -1;
    }
    return 0;
}

/* Black's answer from the machine, checked against the rules on b.
 * Returns the move, or -1 after stopping the game. */
static int os_machine_answer(os_screen_t *s, const othello_board_t *b)
{
    int pass = 0, row = 0, col = 0;
    if (othello_machine_wait_black(&pass, &row, &col, 0) != 1) {
        os_machine_error(s, "The machine did not answer");
        return -1;
    }
    int move = pass ? OTHELLO_PASS : row * 8 + col;
    if (!othello_is_legal(b, move)) {
        char m[8], why[112];
        if (move == OTHELLO_PASS)
            snprintf(why, sizeof why, "The machine passed with a legal move: game stopped");
        else
            snprintf(why, sizeof why, "The machine played %s, not a legal move: game stopped",
                     othello_format_move(move, m));
        os_stop(s, why);
        return -1;
    }
    return move;
}

/* Resets the machine and plays the record into it, checking that its
 * answers are the record's.  Returns 0, or -1 after stopping the game. */
static int os_machine_sync(os_screen_t *s)
{
    s->machine_ready = 0;
    if (!s->hal) {
        os_stop(s, "No hardware backend: the machine is not there");
        return -1;
    }
    char err[160];
    if (othello_machine_open(s->hal, err, sizeof err) != 0) {
        char why[112];
        snprintf(why, sizeof why, "No Othello machine: %.80s", err);
        os_stop(s, why);
        return -1;
    }
    if (othello_machine_reset() != 0) {
        os_machine_error(s, "Cannot reset the machine");
        return -1;
    }
    /* The machine waits for White first: a White pass lets Black open. */
    if (os_machine_send(s, OTHELLO_PASS) != 0)
        return -1;
    othello_board_t b;
    othello_board_start(&b);
    int waiting = 1; /* an answer from Black is due */
    for (int i = 0; i < s->n_plies; i++) {
        int move = s->plies[i];
        if (b.to_move == OTHELLO_BLACK) {
            int got = os_machine_answer(s, &b);
            if (got < 0)
                return -1;
            if (got != move) {
                char a[8], w[8], why[112];
                snprintf(why, sizeof why, "The machine answered %s where the record has %s "
                         "(move %d)", othello_format_move(got, a), othello_format_move(move, w),
                         i + 1);
                os_stop(s, why);
                return -1;
            }
            waiting = 0;
        } else {
            if (os_machine_send(s, move) != 0)
                return -1;
            waiting = 1;
        }
        othello_play(&b, move);
    }
    (void)waiting;
    s->machine_ready = 1;
    return 0;
}

/* ---- the software engine ---- */

static void *os_think_main(void *arg)
{
    os_screen_t *s = arg;
    othello_result_t r;
    int move = OTHELLO_PASS;
    if (othello_engine_think(s->engine, &s->think_board, othello_level_config(OS_ENGINE_LEVEL),
                             &r) == 0)
        move = r.move;
    pthread_mutex_lock(&s->lock);
    s->think_move = move;
    s->think_done = 1;
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

static void os_think_start(os_screen_t *s)
{
    if (!s->engine) {
        s->engine = othello_engine_new();
        if (!s->engine) {
            os_stop(s, "Out of memory for the computer player");
            return;
        }
    }
    s->think_board = s->board;
    s->think_done = 0;
    if (pthread_create(&s->thread, NULL, os_think_main, s) != 0) {
        os_think_main(s);
        s->thinking = 2;
        return;
    }
    s->thinking = 1;
}

/* ---- the flow of a game ---- */

/* Whoever is to move now: forced passes are played (and said); the
 * machine or the engine is asked when it is theirs.  Called after every
 * ply. */
static void os_advance(os_screen_t *s)
{
    for (;;) {
        if (os_over(s)) {
            os_finish(s);
            return;
        }
        if (othello_legal_moves(&s->board) != 0)
            break;
        /* No legal move: a pass, which the machine must hear when it is
         * White's, and say itself when it is Black's. */
        int mover = s->board.to_move;
        if (os_is_machine(s, mover))
            break; /* the machine must answer with a pass: asked below */
        if (s->machine && s->machine_ready && os_machine_send(s, OTHELLO_PASS) != 0)
            return;
        os_apply(s, OTHELLO_PASS);
        os_autosave(s);
        snprintf(s->notice, sizeof s->notice, "%s has no move and passes", os_colour_name(mover));
        s->notice_color = COLOR_TEXT;
    }
    os_turn_status(s);
    if (os_is_human(s, s->board.to_move))
        return;
    if (os_is_machine(s, s->board.to_move)) {
        if (!s->machine_ready && os_machine_sync(s) != 0)
            return;
        othello_board_t b = s->board;
        int move = os_machine_answer(s, &b);
        if (move < 0)
            return;
        if (move == OTHELLO_PASS) {
            snprintf(s->notice, sizeof s->notice, "The machine has no move and passes");
            s->notice_color = COLOR_TEXT;
        }
        os_apply(s, move);
        os_autosave(s);
        os_advance(s);
        return;
    }
    os_think_start(s);
}

static void os_start_play(os_screen_t *s)
{
    s->machine = os_machine_mode(s->mode);
    s->engine_side = os_engine_side(s->mode);
    s->screen = OS_PLAY;
    s->stopped = 0;
    s->suspended = 0;
    s->resumable = 0;
    s->notice[0] = 0;
    s->machine_ready = 0;
    if (s->engine)
        othello_engine_clear(s->engine);
    s->dirty = 1;
    if (s->machine && os_machine_sync(s) != 0)
        return;
    os_advance(s);
}

static void os_new_game(os_screen_t *s)
{
    if (s->have_saves && save_exists(s->save_path))
        os_put_aside(s, "bak", "Saved game");
    othello_board_start(&s->board);
    s->n_plies = 0;
    s->flipped = 0;
    s->last = -1;
    s->save_failed = 0;
    s->cursor = 2 * 8 + 3;
    os_start_play(s);
}

static void os_resume(os_screen_t *s)
{
    if (!s->suspended) {
        memcpy(s->plies, s->pending_plies, sizeof s->plies);
        s->n_plies = s->pending_n;
        s->mode = s->pending_mode;
        os_replay(&s->board, s->plies, s->n_plies);
        s->flipped = 0;
        s->last = -1;
        s->save_failed = 0;
    }
    os_start_play(s);
}

static void os_suspend(os_screen_t *s)
{
    os_think_cancel(s); /* its move is not wanted: asked again on resume */
    s->screen = OS_TITLE;
    s->dirty = 1;
    s->notice[0] = 0;
    if (s->n_plies == 0 || os_over(s) || s->stopped) {
        s->suspended = 0;
        os_check_saved(s);
        return;
    }
    s->suspended = 1;
    s->resumable = 1;
    s->menu_sel = OS_MENU_RESUME;
    if (s->have_saves && !s->save_failed) {
        snprintf(s->notice, sizeof s->notice, "Game saved in %s: Resume continues it",
                 OS_SAVE_NAME);
        s->notice_color = COLOR_TEXT;
    } else {
        snprintf(s->notice, sizeof s->notice, "Game kept until you quit: %s",
                 s->have_saves ? "the autosave failed" : "no save folder");
        s->notice_color = COLOR_WARN;
    }
}

/* Backspace or 'u': back to the position before the last disc a human
 * placed (against a computer that takes its answer back too; with two
 * players one move); the passes after it go with it. */
static void os_undo(os_screen_t *s)
{
    othello_board_t b;
    othello_board_start(&b);
    int n = -1;
    for (int i = 0; i < s->n_plies; i++) {
        if (os_is_human(s, b.to_move) && s->plies[i] != OTHELLO_PASS)
            n = i;
        othello_play(&b, s->plies[i]);
    }
    if (n < 0) {
        snprintf(s->status, sizeof s->status, "Nothing to take back");
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    int taken = s->n_plies - n;
    s->n_plies = n;
    os_replay(&s->board, s->plies, s->n_plies);
    s->flipped = 0;
    s->last = -1;
    s->stopped = 0;
    s->screen = OS_PLAY;
    s->notice[0] = 0;
    os_autosave(s);
    if (s->machine && os_machine_sync(s) != 0)
        return;
    os_advance(s);
    snprintf(s->notice, sizeof s->notice, "Took back %d move%s", taken, taken == 1 ? "" : "s");
    s->notice_color = COLOR_TEXT;
    s->dirty = 1;
}

static void os_try_place(os_screen_t *s)
{
    if (!othello_is_legal(&s->board, s->cursor)) {
        char m[8];
        snprintf(s->status, sizeof s->status, "%s: not a legal move (it must turn a disc)",
                 othello_format_move(s->cursor, m));
        s->sound = AUDIO_ILLEGAL;
        s->dirty = 1;
        return;
    }
    int mover = s->board.to_move;
    s->notice[0] = 0;
    if (s->machine && mover == OTHELLO_WHITE && s->machine_ready &&
        os_machine_send(s, s->cursor) != 0)
        return;
    os_apply(s, s->cursor);
    os_autosave(s);
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
        if ((hid == HID_KEY_UP || hid == OS_KEY('w')) && s->menu_sel > 0)
            s->menu_sel--, s->dirty = 1;
        else if ((hid == HID_KEY_DOWN || hid == OS_KEY('s')) && s->menu_sel < items - 1)
            s->menu_sel++, s->dirty = 1;
        else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE) {
            if (s->menu_sel == OS_MENU_RESUME) {
                os_resume(s);
            } else {
                s->mode = s->menu_sel;
                s->suspended = 0;
                os_new_game(s);
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
    if (hid == HID_KEY_BACKSPACE || hid == OS_KEY('u')) {
        if (!s->thinking)
            os_undo(s);
        return CONSOLE_GAME_STAY;
    }
    if (s->screen == OS_OVER) {
        if (hid == HID_KEY_ENTER)
            os_new_game(s);
        return CONSOLE_GAME_STAY;
    }
    if (!os_human_to_move(s))
        return CONSOLE_GAME_STAY;
    if (hid == HID_KEY_UP || hid == OS_KEY('w'))
        os_cursor_move(s, -1, 0);
    else if (hid == HID_KEY_DOWN || hid == OS_KEY('s'))
        os_cursor_move(s, 1, 0);
    else if (hid == HID_KEY_LEFT || hid == OS_KEY('a'))
        os_cursor_move(s, 0, -1);
    else if (hid == HID_KEY_RIGHT || hid == OS_KEY('d'))
        os_cursor_move(s, 0, 1);
    else if (hid == HID_KEY_ENTER || hid == HID_KEY_SPACE)
        os_try_place(s);
    return CONSOLE_GAME_STAY;
}

static void os_tick(void *p, uint64_t now_us)
{
    os_screen_t *s = p;
    (void)now_us;
    if (!s->thinking)
        return;
    pthread_mutex_lock(&s->lock);
    int done = s->think_done, move = s->think_move;
    pthread_mutex_unlock(&s->lock);
    if (!done)
        return;
    os_think_cancel(s);
    if (!othello_is_legal(&s->board, move)) {
        os_stop(s, "The computer chose an illegal move: game stopped");
        return;
    }
    if (move == OTHELLO_PASS) {
        snprintf(s->notice, sizeof s->notice, "The computer has no move and passes");
        s->notice_color = COLOR_TEXT;
    }
    /* The engine's White move goes to the machine as a human's would. */
    if (s->machine && s->board.to_move == OTHELLO_WHITE && s->machine_ready &&
        os_machine_send(s, move) != 0)
        return;
    os_apply(s, move);
    os_autosave(s);
    os_advance(s);
}

static console_busy_t os_busy(void *p)
{
    os_screen_t *s = p;
    if (!s->thinking)
        return CONSOLE_BUSY_NONE;
    pthread_mutex_lock(&s->lock);
    int done = s->think_done;
    pthread_mutex_unlock(&s->lock);
    return done ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_WORKING;
}

static int os_dirty(void *p) { return ((os_screen_t *)p)->dirty; }

/* ---- drawing ---- */

static int os_cx(int sq) { return OS_LEFT + (sq % 8) * OS_CELL + OS_CELL / 2; }
static int os_cy(int sq) { return OS_TOP + (sq / 8) * OS_CELL + OS_CELL / 2; }

static void os_render_board(const os_screen_t *s)
{
    render_fill_rect(OS_LEFT - 6, OS_TOP - 6, 8 * OS_CELL + 12, 8 * OS_CELL + 12, COLOR_BOARD_EDGE);
    render_fill_rect(OS_LEFT, OS_TOP, 8 * OS_CELL, 8 * OS_CELL, OS_COLOR_BOARD);
    for (int i = 0; i <= 8; i++) {
        render_fill_rect(OS_LEFT + i * OS_CELL, OS_TOP, 1, 8 * OS_CELL + 1, OS_COLOR_GRID);
        render_fill_rect(OS_LEFT, OS_TOP + i * OS_CELL, 8 * OS_CELL + 1, 1, OS_COLOR_GRID);
    }
    /* The four dots of the usual board (c3, f3, c6, f6 corners). */
    for (int i = 0; i < 4; i++)
        render_circle(OS_LEFT + (i & 1 ? 6 : 2) * OS_CELL, OS_TOP + (i & 2 ? 6 : 2) * OS_CELL, 3,
                      OS_COLOR_GRID, 1);
    for (int c = 0; c < 8; c++) {
        char l[2] = {(char)('a' + c), 0};
        render_string_scaled(OS_LEFT + c * OS_CELL + OS_CELL / 2 - 5, 8, l, COLOR_DIM, 2);
    }
    for (int r = 0; r < 8; r++) {
        char l[2] = {(char)('1' + r), 0};
        render_string_scaled(OS_LEFT - 26, OS_TOP + r * OS_CELL + OS_CELL / 2 - 7, l, COLOR_DIM,
                             2);
    }
    uint64_t hint = 0;
    if (s->hints && os_human_to_move(s))
        hint = othello_legal_moves(&s->board);
    for (int sq = 0; sq < 64; sq++) {
        int who = othello_at(&s->board, sq);
        if (who >= 0) {
            render_circle(os_cx(sq), os_cy(sq), OS_DISC_R,
                          who == OTHELLO_BLACK ? COLOR_BLACK : COLOR_WHITE, 1);
            if ((s->flipped >> sq) & 1)
                render_circle(os_cx(sq), os_cy(sq), OS_DISC_R + 2, OS_COLOR_FLIP, 0);
        } else if ((hint >> sq) & 1) {
            render_circle(os_cx(sq), os_cy(sq), 5, OS_COLOR_HINT, 1);
        }
    }
    if (s->last >= 0)
        render_circle(os_cx(s->last), os_cy(s->last), 4, COLOR_LAST_MOVE, 1);
    if (os_human_to_move(s)) {
        int x = OS_LEFT + (s->cursor % 8) * OS_CELL, y = OS_TOP + (s->cursor / 8) * OS_CELL;
        render_rect(x + 1, y + 1, OS_CELL - 1, OS_CELL - 1, COLOR_CURSOR);
        render_rect(x + 2, y + 2, OS_CELL - 3, OS_CELL - 3, COLOR_CURSOR);
    }
}

static void os_render_side(const os_screen_t *s)
{
    char line[64];
    int bl = othello_count(&s->board, OTHELLO_BLACK), wh = othello_count(&s->board, OTHELLO_WHITE);
    render_circle(150, OS_COUNT_Y + 6, 8, COLOR_BLACK, 1);
    render_circle(150, OS_COUNT_Y + 6, 8, COLOR_DIM, 0);
    snprintf(line, sizeof line, "%2d", bl);
    render_string_scaled(164, OS_COUNT_Y, line, COLOR_TEXT, 2);
    render_circle(470, OS_COUNT_Y + 6, 8, COLOR_WHITE, 1);
    snprintf(line, sizeof line, "%2d", wh);
    render_string_scaled(484, OS_COUNT_Y, line, COLOR_TEXT, 2);
    const char *mode = s->mode == OS_MODE_MACHINE          ? "vs the machine"
                       : s->mode == OS_MODE_TWO            ? "two players"
                       : s->mode == OS_MODE_ENGINE_MACHINE ? "the computer vs the machine"
                                                           : "vs the computer";
    render_string_centered(OS_COUNT_Y + 4, mode, COLOR_DIM, 1);
    /* Left column: whose turn; right column: the move number. */
    if (!os_over(s) && !s->stopped) {
        render_string(8, 40, "To move:", COLOR_DIM);
        render_string(8, 52, os_colour_name(s->board.to_move), COLOR_TEXT);
    }
    snprintf(line, sizeof line, "Move %d", s->n_plies + 1);
    render_string(RENDER_WIDTH - 8 - render_text_width(line, 1), 40, line, COLOR_DIM);
    render_string(8, 80, s->hints ? "Tab: hide hints" : "Tab: show hints", COLOR_DIM);
}

static void os_render_title(const os_screen_t *s)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(40, "Othello", COLOR_WHITE, 5);
    render_circle(270, 112, 12, COLOR_WHITE, 1);
    render_circle(298, 112, 12, COLOR_BLACK, 1);
    render_circle(342, 112, 12, COLOR_BLACK, 1);
    render_circle(370, 112, 12, COLOR_WHITE, 1);
    char resume[64];
    int mode = s->suspended ? s->mode : s->pending_mode;
    int n = s->suspended ? s->n_plies : s->pending_n;
    snprintf(resume, sizeof resume, "Resume: %s, move %d",
             mode == OS_MODE_MACHINE          ? "vs the machine"
             : mode == OS_MODE_TWO            ? "two players"
             : mode == OS_MODE_ENGINE_MACHINE ? "computer vs machine"
                                              : "vs the computer",
             n + 1);
    const char *const items[OS_MODE_COUNT + 1] = {
        "You (White) vs the machine", "You (Black) vs the computer",
        "You (White) vs the computer", "Two players", "The computer vs the machine", resume,
    };
    int count = OS_MODE_COUNT + (s->resumable ? 1 : 0);
    int y = 150;
    for (int i = 0; i < count; i++, y += 40) {
        int w = render_text_width(items[i], 3);
        int x = (RENDER_WIDTH - w) / 2;
        if (i == s->menu_sel) {
            render_fill_rect(x - 40, y - 9, w + 80, 39, COLOR_SELECT_BG);
            render_circle(x - 22, y + 10, 7, COLOR_CURSOR, 1);
        }
        render_string_scaled(x, y, items[i], i == s->menu_sel ? COLOR_TEXT : COLOR_DIM, 3);
    }
    if (s->notice[0])
        render_string_centered(OS_NOTICE_Y, s->notice, s->notice_color, 1);
    else if (s->menu_sel == OS_MODE_MACHINE || s->menu_sel == OS_MODE_ENGINE_MACHINE)
        render_string_centered(OS_NOTICE_Y,
                               "Seed 003: the FPGA logic plays Black through its ports",
                               COLOR_DIM, 1);
    render_string_centered(440, "Up/Down, then Enter; Escape: back", COLOR_DIM, 1);
}

static void os_render(void *p, uint16_t *fb)
{
    os_screen_t *s = p;
    render_init(fb);
    if (s->screen == OS_TITLE) {
        os_render_title(s);
    } else {
        render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
        os_render_board(s);
        os_render_side(s);
        if (s->notice[0])
            render_string_centered(OS_NOTICE_Y + 8, s->notice, s->notice_color, 1);
        render_string_centered(OS_STATUS_Y, s->status,
                               s->stopped ? COLOR_WARN : COLOR_TEXT, 2);
        if (s->save_failed)
            render_string_centered(OS_WARN_Y, s->save_error, COLOR_WARN, 1);
    }
    s->dirty = 0;
}

static int os_take_sound(void *p)
{
    os_screen_t *s = p;
    int cue = s->sound;
    s->sound = AUDIO_NONE;
    return cue;
}

static int os_quit(void *p)
{
    os_screen_t *s = p;
    os_think_cancel(s);
    int in_progress = (s->screen == OS_PLAY || s->suspended) && s->n_plies > 0 && !os_over(s) &&
                      !s->stopped;
    return in_progress && (!s->have_saves || s->save_failed);
}

static const char *const os_help[] = {
    "Arrows, wasd\tmove the cursor",
    "Enter, Space\tplace a disc; choose",
    "Backspace, u\ttake back your move",
    "Tab\tshow or hide legal moves",
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
    .render = os_render,
    .take_sound = os_take_sound,
    .help = os_help,
    .quit = os_quit,
};

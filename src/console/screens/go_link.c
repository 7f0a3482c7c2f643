/*
 * screens/go_link.c - Go against another console over a serial link
 * (seed 001; docs/link.md).  `tabletop play --game go --link SPEC` starts
 * here.  The protocol is games/go/link.h; the bytes cross the console's
 * link (console_link.h: the console core opened it on the backend's UART
 * or the host transport).  Input is locked while it is the other side's
 * turn (seed 001's user IO FSM); the game is saved after every move as
 * go-link.sgf (+ go-link.side, this console's colour) and a restart with
 * the same save folder resumes it from the last agreed move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "console/console_game.h"
#include "console/console_link.h"
#include "common/keys.h"
#include "console/render.h"
#include "console/save.h"
#include "console/sgf_save.h"
#include "games/go/board.h"
#include "games/go/link.h"
#include "games/go/sgf.h"

#define LINK_SAVE "go-link.sgf"
#define LINK_SIDE "go-link.side"
#define LINK_LAST "go-link-last.sgf"
#define PATH_LEN 4096

typedef struct go_link_game {
    console_env_t env;
    link_t link;
    int opened;        /* enter() started the game on the link */
    int up;            /* the console's link opened: bytes can flow */
    uint64_t now_us;   /* backend time of the last tick */
    int failed;        /* the link stopped (or never opened) */
    int reported;      /* the failure was printed */
    int cur_row, cur_col;
    int confirm_resign;
    char status[160];
    uint16_t status_color;
    int dirty;
    int sound;
    sgf_game_t *record;
    char save_path[PATH_LEN], side_path[PATH_LEN], last_path[PATH_LEN];
    uint8_t saved[LINK_MAX_MOVES];
    int n_saved;
    int saved_size, saved_komi2;
    Stone saved_mine;
} go_link_game_t;

static uint64_t real_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void status(go_link_game_t *g, uint16_t color, const char *text)
{
    snprintf(g->status, sizeof g->status, "%.159s", text);
    g->status_color = color;
    g->dirty = 1;
}

static const char *side_name(Stone s)
{
    return s == BLACK ? "Black" : "White";
}

static void turn_status(go_link_game_t *g)
{
    char line[160];
    Stone mine = link_agreement(&g->link)->mine;
    if (link_state(&g->link) == LINK_OVER) {
        char res[32];
        link_result_string(&g->link, res, sizeof res);
        snprintf(line, sizeof line, "Game over: %s  (Enter: back)", res);
    } else if (link_my_turn(&g->link))
        snprintf(line, sizeof line, "Your move (%s)", side_name(mine));
    else
        snprintf(line, sizeof line, "Waiting for the other console (%s)...",
                 side_name(stone_opponent(mine)));
    status(g, COLOR_TEXT, line);
}

/* Saves the game (atomic) and this side's colour; a failure is shown. */
static void autosave(go_link_game_t *g)
{
    if (!g->env.save_dir)
        return;
    char err[512];
    if (link_to_sgf(&g->link, g->record) != 0)
        return;
    snprintf(g->record->application, SGF_TEXT, "%s", "tabletop link");
    const char *side = link_agreement(&g->link)->mine == BLACK ? "black\n" : "white\n";
    if (sgf_save_file(g->save_path, g->record, err, sizeof err) != 0 ||
        save_write_text(g->side_path, side, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: autosave failed: %s\n", err);
        status(g, COLOR_WARN, "Autosave failed: see the terminal");
    }
}

/* A saved, unfinished link game to resume: fills g->saved. */
static void load_saved(go_link_game_t *g)
{
    g->n_saved = 0;
    if (!g->env.save_dir || !save_exists(g->save_path))
        return;
    char err[512];
    static sgf_game_t rec;
    BoardState b;
    FILE *f = fopen(g->side_path, "r");
    char side[16] = "";
    if (f) {
        if (!fgets(side, sizeof side, f))
            side[0] = 0;
        fclose(f);
    }
    Stone mine = !strncmp(side, "black", 5) ? BLACK : !strncmp(side, "white", 5) ? WHITE : EMPTY;
    if (sgf_read_file(g->save_path, &rec, err, sizeof err) != 0 || mine == EMPTY ||
        rec.size > LINK_MAX_SIZE || rec.n_setup || sgf_replay(&rec, -1, &b, err, sizeof err) != 0) {
        char aside[PATH_LEN];
        fprintf(stderr, "tabletop: saved link game unreadable; starting a new one\n");
        save_move_aside(g->save_path, "corrupt", aside, sizeof aside, err, sizeof err);
        return;
    }
    if (rec.result[0]) { /* finished: a record, not a game to resume */
        save_replace(g->save_path, g->last_path);
        return;
    }
    for (int i = 0; i < rec.n_moves; i++)
        g->saved[i] = link_encode_move(rec.size, rec.moves[i].move);
    g->n_saved = rec.n_moves;
    g->saved_size = rec.size;
    g->saved_komi2 = rec.komi2;
    g->saved_mine = mine;
}

static void *gl_create(const console_env_t *env)
{
    go_link_game_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->record = malloc(sizeof *g->record);
    if (!g->record) {
        free(g);
        return NULL;
    }
    g->env = *env;
    if (env->save_dir) {
        snprintf(g->save_path, sizeof g->save_path, "%s/%s", env->save_dir, LINK_SAVE);
        snprintf(g->side_path, sizeof g->side_path, "%s/%s", env->save_dir, LINK_SIDE);
        snprintf(g->last_path, sizeof g->last_path, "%s/%s", env->save_dir, LINK_LAST);
    }
    g->sound = AUDIO_NONE;
    return g;
}

static void gl_destroy(void *p)
{
    go_link_game_t *g = p;
    if (g->up && console_link_has_transport(g->env.link) && getenv("TABLETOP_LINK_STATS")) {
        /* docs/link.md */
        const link_stats_t *st = link_stats(&g->link);
        fprintf(stderr,
                "tabletop: link: %u frames in, %u out, %u CRC errors, %u framing errors, "
                "%u late partial frames, %u duplicates, %u stale, %u retransmissions%s%s\n",
                st->frames_in, st->frames_out, st->crc_errors, st->framing_errors, st->gap_drops,
                st->duplicates, st->stale, st->retransmits,
                *console_link_path(g->env.link) ? "; bytes through the " : "",
                console_link_path(g->env.link));
    }
    /* The link is the console's: it closes it after the modules. */
    free(g->record);
    free(g);
}

static void report(go_link_game_t *g, const char *why)
{
    char line[200];
    g->failed = 1;
    if (!g->reported)
        fprintf(stderr, "tabletop: link: %s%s\n", why,
                g->env.save_dir && link_board(&g->link)->move_number ? " (the game is saved)" : "");
    g->reported = 1;
    snprintf(line, sizeof line, "Link stopped: %.120s", why);
    status(g, COLOR_WARN, line);
    g->sound = AUDIO_ILLEGAL;
}

static void gl_enter(void *p)
{
    go_link_game_t *g = p;
    g->dirty = 1;
    if (g->opened)
        return;
    g->opened = 1;
    if (!g->env.link_spec) {
        g->failed = 1;
        status(g, COLOR_WARN, "Start with --link SPEC to play another console (docs/link.md)");
        return;
    }
    load_saved(g);
    /* The nonce only breaks ties between the two consoles: the clock's
     * nanoseconds, the seed and the process, mixed (splitmix64). */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t z = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ g->env.seed << 17 ^
                 (uint64_t)getpid() << 12 ^ 0x9E3779B97F4A7C15ull;
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ z >> 27) * 0x94D049BB133111EBull;
    link_prefs_t prefs = {.nonce = (uint32_t)(z ^ z >> 31)};
    /* Who plays Black unless the other side insists (docs/link.md): the
     * console that listens, as a host would; the one that dials plays White. */
    prefs.color = !strncmp(g->env.link_spec, "listen:", 7) ? BLACK
                  : !strncmp(g->env.link_spec, "tcp:", 4)  ? WHITE
                                                           : EMPTY;
    if (link_init(&g->link, &prefs, g->saved, g->n_saved, g->saved_size, g->saved_komi2,
                  g->saved_mine) != 0) {
        link_init(&g->link, &prefs, NULL, 0, 0, 0, EMPTY);
    }
    const char *why = g->env.link ? console_link_error(g->env.link) : "out of memory";
    if (why) {
        report(g, why);
        return;
    }
    g->up = 1;
    g->cur_row = g->cur_col = BOARD_DEFAULT_SIZE / 2;
    status(g, COLOR_TEXT, g->n_saved ? "Connected: resuming the saved game..."
                                     : "Connected: agreeing colours with the other console...");
}

/* Hands the protocol's bytes to the link (the UART path also pushes what
 * its FIFO could not take before, so it runs even with nothing new). */
static void pump(go_link_game_t *g)
{
    char err[256];
    uint8_t buf[LINK_OUT_CAP];
    size_t room = console_link_room(g->env.link);
    size_t n = link_take_output(&g->link, buf, room < sizeof buf ? room : sizeof buf);
    if (console_link_send(g->env.link, buf, n, err, sizeof err) != 0)
        link_close(&g->link, LINK_ERR_CLOSED, err);
}

static void gl_tick(void *p, uint64_t now_us)
{
    go_link_game_t *g = p; /* the protocol runs on real time: the other console does */
    g->now_us = now_us;
    if (!g->up || g->failed)
        return;
    uint64_t now = real_ms();
    uint8_t buf[256];
    char err[256];
    for (;;) {
        int n = console_link_receive(g->env.link, g->now_us, buf, sizeof buf, err, sizeof err);
        if (n < 0) {
            if (link_state(&g->link) != LINK_OVER || !link_settled(&g->link))
                link_close(&g->link, LINK_ERR_CLOSED, err);
            break;
        }
        if (n == 0)
            break;
        link_feed(&g->link, buf, (size_t)n, now);
    }
    link_tick(&g->link, now);
    link_event_t ev;
    while (link_next_event(&g->link, &ev)) {
        switch (ev.kind) {
        case LINK_EV_READY:
            g->cur_row = g->cur_col = link_board(&g->link)->size / 2;
            turn_status(g);
            autosave(g);
            break;
        case LINK_EV_PEER_MOVE:
            g->sound = link_board(&g->link)->last_captures ? AUDIO_CAPTURE : AUDIO_PLACE;
            turn_status(g);
            autosave(g);
            break;
        case LINK_EV_OVER:
            g->sound = AUDIO_GAME_OVER;
            turn_status(g);
            autosave(g);
            break;
        case LINK_EV_FAILED:
            report(g, link_message(&g->link));
            break;
        default:
            break;
        }
    }
    pump(g);
}

static console_busy_t gl_busy(void *p)
{
    (void)p;
    return CONSOLE_BUSY_NONE;
}

static int gl_awaiting(void *p)
{
    go_link_game_t *g = p;
    if (g->failed || !g->up)
        return -1;
    link_state_t s = link_state(&g->link);
    /* Our bytes are still on their way out (of the UART). */
    if (console_link_sending(g->env.link))
        return 1;
    if (s == LINK_OVER)
        return link_settled(&g->link) ? 0 : 1;
    if (s == LINK_PLAYING && link_my_turn(&g->link))
        return 0;
    return 1;
}

/* Seed 001's cursor: it skips occupied points and never leaves the board. */
static void cursor_move(go_link_game_t *g, int dr, int dc)
{
    const BoardState *b = link_board(&g->link);
    int size = b->size ? b->size : BOARD_DEFAULT_SIZE;
    for (int r = g->cur_row + dr, c = g->cur_col + dc; r >= 0 && c >= 0 && r < size && c < size;
         r += dr, c += dc)
        if (board_get(b, r, c) == EMPTY) {
            g->cur_row = r, g->cur_col = c;
            break;
        }
    g->dirty = 1;
}

static void play(go_link_game_t *g, Move m)
{
    int r = link_play(&g->link, m, real_ms());
    if (r != MOVE_OK) {
        g->sound = AUDIO_ILLEGAL;
        status(g, COLOR_WARN, r < 0 ? "Not your turn" : "Illegal move");
        return;
    }
    g->sound = m.pass ? AUDIO_NONE
               : link_board(&g->link)->last_captures ? AUDIO_CAPTURE
                                                     : AUDIO_PLACE;
    turn_status(g);
    autosave(g);
    pump(g);
}

static console_game_status_t gl_key(void *p, int key)
{
    go_link_game_t *g = p;
    if (key == HID_KEY_ESCAPE || (link_state(&g->link) == LINK_OVER && key == HID_KEY_ENTER) ||
        (g->failed && key == HID_KEY_ENTER)) {
        /* The game is on disk; the link stays open until the console quits. */
        return CONSOLE_GAME_LEAVE;
    }
    if (g->failed || link_state(&g->link) != LINK_PLAYING)
        return CONSOLE_GAME_STAY;
    if (g->confirm_resign) {
        g->confirm_resign = 0;
        if (key == HID_KEY_ENTER && link_resign(&g->link, real_ms()) == 0) {
            autosave(g);
            pump(g);
        }
        turn_status(g);
        return CONSOLE_GAME_STAY;
    }
    int dr, dc;
    if (hid_arrow_step(key, 0, &dr, &dc))
        cursor_move(g, dr, dc);
    else if (!link_my_turn(&g->link)) {
        if (key == HID_KEY_ENTER || key == HID_KEY_SPACE || key == HID_KEY_LETTER('r')) {
            g->sound = AUDIO_ILLEGAL; /* input locked: the other side's turn */
            status(g, COLOR_WARN, "Wait: it is the other console's turn");
        }
    } else if (key == HID_KEY_ENTER)
        play(g, (Move){.row = g->cur_row, .col = g->cur_col, .pass = 0});
    else if (key == HID_KEY_SPACE)
        play(g, (Move){.row = -1, .col = -1, .pass = 1});
    else if (key == HID_KEY_LETTER('r')) {
        g->confirm_resign = 1;
        status(g, COLOR_WARN, "Resign? Enter confirms, any other key plays on");
    }
    return CONSOLE_GAME_STAY;
}

static int gl_dirty(void *p)
{
    go_link_game_t *g = p;
    return g->dirty || g->sound != AUDIO_NONE;
}

static int gl_take_sound(void *p)
{
    go_link_game_t *g = p;
    int s = g->sound;
    g->sound = AUDIO_NONE;
    return s;
}

static void gl_render(void *p, uint16_t *fb)
{
    go_link_game_t *g = p;
    render_init(fb);
    const BoardState *b = link_board(&g->link);
    link_state_t s = link_state(&g->link);
    if (!g->up || b->size == 0 || s == LINK_HANDSHAKE) {
        render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
        render_string_centered(120, "Go over a link", COLOR_BOARD, 4);
        render_string_centered(220, g->env.link_spec ? g->env.link_spec : "no --link given",
                               COLOR_DIM, 2);
        render_string_centered(300, g->status, g->status_color, 1);
        render_string_centered(452, "Escape: back", COLOR_DIM, 1);
        g->dirty = 0;
        return;
    }
    int cursor = link_my_turn(&g->link) && !g->failed;
    render_board(b, cursor ? g->cur_row : -1, g->cur_col);
    render_coordinates(b->size);
    render_last_move(b);
    render_score_panel(-1, -1, b->captured_black, b->captured_white,
                       s == LINK_PLAYING ? b->turn : EMPTY);
    char line[40];
    snprintf(line, sizeof line, "Move %d", b->move_number);
    render_string(556, 40, line, COLOR_TEXT);
    snprintf(line, sizeof line, "You: %s", side_name(link_agreement(&g->link)->mine));
    render_string(556, 56, line, COLOR_DIM);
    render_string(556, 72, "Linked", COLOR_DIM);
    static const char *const help[] = {"Arrows move", "Enter place", "Space pass", "r resign",
                                       "Esc menu"};
    for (int i = 0; i < 5; i++)
        render_string(6, 40 + 16 * i, help[i], COLOR_DIM);
    render_string_centered(460, g->status, g->status_color, 1);
    g->dirty = 0;
}

static int gl_quit(void *p)
{
    (void)p;
    return 0; /* saved after every move */
}

static const char *const gl_help[] = {
    "Arrows\tmove (skips stones)",
    "Enter\tplace a stone",
    "Space\tpass",
    "r\tresign (Enter confirms)",
    "Escape\tback (the game is saved)",
    NULL,
};

const console_game_t go_link_game_module = {
    .id = "go-link",
    .title = "Go over a link",
    .create = gl_create,
    .destroy = gl_destroy,
    .enter = gl_enter,
    .key = gl_key,
    .tick = gl_tick,
    .busy = gl_busy,
    .dirty = gl_dirty,
    .render = gl_render,
    .take_sound = gl_take_sound,
    .help = gl_help,
    .quit = gl_quit,
    .awaiting_peer = gl_awaiting,
};

/*
 * screens/go_link.c - Go against another console over a serial link
 * (seed 001; docs/link.md).  `tabletop play --game go --link SPEC` starts
 * here.  The protocol is games/go/link.h; the bytes cross the console's
 * link (console_link.h: the console core opened it on the backend's UART
 * or the host transport).  The moves are judged by the rules seam the
 * console built (env.go_rules: the go_rules peripheral with `--rules hw`,
 * board.c without).  Input is locked while it is the other side's turn
 * (seed 001's user IO FSM); two passes open the dead-stone review, whose
 * marks both consoles share; the result box shows on both.  The game is
 * saved after every move as go-link.sgf (+ go-link.side, this console's
 * colour) and a restart with the same save folder resumes it from the last
 * agreed move.  go_link_draw.c draws.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/keys.h"
#include "console/console_link.h"
#include "console/render.h"
#include "console/screen_common.h"
#include "games/go/status.h"
#include "go_link_screen.h"


uint64_t go_link_real_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* A one-off message on the status line (cleared by the next key or event). */
void go_link_warn(go_link_game_t *g, const char *text)
{
    snprintf(g->warn, sizeof g->warn, "%s", text);
    g->sound = AUDIO_ILLEGAL;
    g->dirty = 1;
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
    screen_saves_init(&g->saves, env, LINK_SAVE, LINK_LAST);
    if (g->saves.have)
        snprintf(g->side_path, sizeof g->side_path, "%s/%s", env->save_dir, LINK_SIDE);
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
    if (!g->failed)
        g->failed_ms = go_link_real_ms();
    g->failed = 1;
    if (!g->reported)
        fprintf(stderr, "tabletop: link: %s%s\n", why,
                g->saves.have && link_board(&g->link)->move_number ? " (the game is saved)" : "");
    g->reported = 1;
    snprintf(g->failure, sizeof g->failure, "%s", why);
    g->confirm_resign = 0;
    g->sound = AUDIO_ILLEGAL;
    g->dirty = 1;
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
        snprintf(g->failure, sizeof g->failure, "%s",
                 "Start with --link SPEC to play another console (docs/link.md)");
        return;
    }
    go_link_load_saved(g);
    /* The nonce only breaks ties between the two consoles: the clock's
     * nanoseconds, the seed and the process, mixed (splitmix64). */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t z = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^ g->env.seed << 17 ^
                 (uint64_t)getpid() << 12 ^ 0x9E3779B97F4A7C15ull;
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ z >> 27) * 0x94D049BB133111EBull;
    /* Every move, own and received, and the count go through the rules
     * the console built: the go_rules peripheral with --rules hw. */
    /* A saved game the other console offers, when this one holds none,
     * becomes ours only if the player takes it (docs/link.md). */
    link_prefs_t prefs = {
        .nonce = (uint32_t)(z ^ z >> 31), .rules = g->env.go_rules, .theirs = LINK_THEIRS_ASK};
    /* Who plays Black unless the other side insists (docs/link.md): the
     * console that listens, as a host would; the one that dials plays White. */
    prefs.color = !strncmp(g->env.link_spec, "listen:", 7) ? BLACK
                  : !strncmp(g->env.link_spec, "tcp:", 4)  ? WHITE
                                                           : EMPTY;
    if (link_init(&g->link, &prefs, g->saved, g->n_saved, g->saved_size, g->saved_komi2,
                  g->saved_mine) != 0) {
        char why[200];
        snprintf(why, sizeof why, "its moves do not replay: %.160s", link_message(&g->link));
        go_link_saved_unreadable(g, why);
        link_init(&g->link, &prefs, NULL, 0, 0, 0, EMPTY);
    }
    const char *why = g->env.link ? console_link_error(g->env.link) : "out of memory";
    if (why) {
        report(g, why);
        return;
    }
    g->up = 1;
    g->cur_row = g->cur_col = BOARD_DEFAULT_SIZE / 2;
}

/* Hands the protocol's bytes to the link (the UART path also pushes what
 * its FIFO could not take before, so it runs even with nothing new). */
void go_link_pump(go_link_game_t *g)
{
    char err[256];
    uint8_t buf[LINK_OUT_CAP];
    size_t room = console_link_room(g->env.link);
    size_t n = link_take_output(&g->link, buf, room < sizeof buf ? room : sizeof buf);
    if (console_link_send(g->env.link, buf, n, err, sizeof err) != 0)
        link_close(&g->link, LINK_ERR_CLOSED, err);
}

/* This side's acceptance as the leader last said. */
int go_link_my_acceptance(const go_link_game_t *g)
{
    const link_review_t *rv = link_review(&g->link);
    return link_agreement(&g->link)->mine == BLACK ? rv->accepted_black : rv->accepted_white;
}

/* The other console's acceptance as the leader last said. */
static int their_acceptance(const go_link_game_t *g)
{
    const link_review_t *rv = link_review(&g->link);
    return link_agreement(&g->link)->mine == BLACK ? rv->accepted_white : rv->accepted_black;
}

/* The marks changed (or may have): what differs from what this side
 * expected, once its own requests are applied, is the other console's;
 * so is its acceptance given, or taken back without a change of ours. */
static void marks_arrived(go_link_game_t *g)
{
    const link_review_t *rv = link_review(&g->link);
    if (!rv->known || rv->pending)
        return; /* our own flips are still on their way: judge when they are in */
    int theirs = their_acceptance(g), acted = 0;
    if (memcmp(g->seen_dead, rv->dead, sizeof g->seen_dead)) {
        g->peer_changed = acted = 1;
        memcpy(g->seen_dead, rv->dead, sizeof g->seen_dead);
    }
    if (theirs != g->seen_theirs && (theirs || !g->own_flip))
        acted = 1;
    g->seen_theirs = theirs;
    g->own_flip = 0;
    if (acted)
        g->my_acted = 0; /* the other console answered */
    g->accept_wish = go_link_my_acceptance(g);
}

static void gl_tick(void *p, uint64_t now_us)
{
    go_link_game_t *g = p; /* the protocol runs on real time: the other console does */
    g->now_us = now_us;
    if (!g->up)
        return;
    if (g->failed) {
        /* The ERROR frames link.c queued to tell the other console why still
         * go out (the UART path moves bytes only when it is called). */
        go_link_pump(g);
        (void)console_link_sending(g->env.link);
        return;
    }
    uint64_t now = go_link_real_ms();
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
        g->dirty = 1;
        switch (ev.kind) {
        case LINK_EV_READY:
            g->cur_row = g->cur_col = link_board(&g->link)->size / 2;
            g->warn[0] = 0;
            go_link_autosave(g);
            break;
        case LINK_EV_PEER_MOVE:
            g->warn[0] = 0;
            g->peer_passed = ev.move.pass && !ev.resign;
            g->own_passed = 0;
            g->resumed = 0;
            g->sound = ev.move.pass ? AUDIO_NONE
                       : link_board(&g->link)->last_captures ? AUDIO_CAPTURE
                                                             : AUDIO_PLACE;
            go_link_autosave(g);
            break;
        case LINK_EV_REVIEW: {
            /* The marks start as the leader's dead-stone estimate, which is
             * the position's alone: White works it out too, so that a change
             * Black makes before its first marks arrive shows as a change. */
            const link_review_t *rv = link_review(&g->link);
            const BoardState *b = link_board(&g->link);
            if (rv->known) {
                memcpy(g->seen_dead, rv->dead, sizeof g->seen_dead);
            } else {
                unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
                go_status_dead(b, dead);
                memset(g->seen_dead, 0, sizeof g->seen_dead);
                for (int r = 0; r < b->size; r++)
                    for (int c = 0; c < b->size; c++)
                        g->seen_dead[r * b->size + c] = dead[r][c];
            }
            g->peer_changed = g->seen_theirs = g->own_flip = 0;
            /* Scripts take turns in the review as in play: Black (the
             * leader) first, White's await-peer waits for its first word. */
            g->my_acted = link_agreement(&g->link)->mine != BLACK;
            g->accept_wish = 0;
            g->warn[0] = 0;
            go_link_autosave(g);
            break;
        }
        case LINK_EV_MARKS:
            marks_arrived(g);
            break;
        case LINK_EV_RESUMED:
            g->resumed = 1;
            g->peer_passed = g->own_passed = 0;
            g->peer_changed = 0;
            g->warn[0] = 0;
            go_link_autosave(g);
            break;
        case LINK_EV_OVER:
            g->sound = AUDIO_GAME_OVER;
            g->confirm_resign = 0;
            g->warn[0] = 0;
            go_link_autosave(g);
            break;
        case LINK_EV_FAILED:
            report(g, link_message(&g->link));
            break;
        default:
            break;
        }
    }
    go_link_pump(g);
}

static console_busy_t gl_busy(void *p)
{
    (void)p;
    return CONSOLE_BUSY_NONE;
}

/* The script step await-peer: 1 while this side waits for the other
 * console (its move; in the review its marks, or its answer to this side's
 * last change or acceptance, Black speaking first), 0 when this side may
 * act or the game is over and acknowledged. */
/* 1 while a failed link's last frames (its ERROR to the other console)
 * are still leaving, for at most 2 s. */
static int failure_sending(go_link_game_t *g)
{
    return g->failed && g->up && go_link_real_ms() - g->failed_ms < 2000 &&
           console_link_sending(g->env.link);
}

static int gl_awaiting(void *p)
{
    go_link_game_t *g = p;
    if (failure_sending(g))
        return 1;
    if (g->failed || !g->up)
        return -1;
    link_state_t s = link_state(&g->link);
    if (s == LINK_OFFER)
        return 0; /* the player answers the other console's offer */
    /* Our bytes are still on their way out (of the UART). */
    if (console_link_sending(g->env.link))
        return 1;
    if (s == LINK_OVER)
        return link_settled(&g->link) ? 0 : 1;
    if (s == LINK_PLAYING && link_my_turn(&g->link))
        return 0;
    if (s == LINK_REVIEW) {
        const link_review_t *rv = link_review(&g->link);
        if (!rv->known || rv->pending || !link_settled(&g->link))
            return 1;
        /* After this side's change or acceptance, the other console's
         * answer (a change, an acceptance) is awaited. */
        return g->my_acted;
    }
    return 1;
}

static int gl_dirty(void *p)
{
    go_link_game_t *g = p;
    return g->dirty || g->sound != AUDIO_NONE;
}

static int gl_take_sound(void *p) { return screen_take_sound(&((go_link_game_t *)p)->sound); }

static void gl_render(void *p, uint16_t *fb)
{
    go_link_game_t *g = p;
    go_link_draw(g, fb);
    g->dirty = 0;
}

static void gl_output(void *p, console_output_t *out)
{
    go_link_game_t *g = p;
    go_link_digits(g, out->digits, sizeof out->digits);
    out->digits_set = 1;
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
    "Review: Enter\tmark a chain dead/alive",
    "Review: Space\taccept the marks (again: withdraw)",
    "Review: p\tresume play",
    "Game over: v\thide/show the result",
    "Escape\tback (the game is saved)",
    NULL,
};

const console_game_t go_link_game_module = {
    .id = "go-link",
    .title = "Go over a link",
    .create = gl_create,
    .destroy = gl_destroy,
    .enter = gl_enter,
    .key = go_link_key,
    .tick = gl_tick,
    .busy = gl_busy,
    .dirty = gl_dirty,
    .render = gl_render,
    .take_sound = gl_take_sound,
    .help = gl_help,
    .quit = gl_quit,
    .awaiting_peer = gl_awaiting,
    .output = gl_output,
};

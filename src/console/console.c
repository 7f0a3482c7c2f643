/*
 * console.c - console_run(): opens the backend, shows the game chooser (or
 * the game named by --game), runs the active game module, presents its
 * frames with their sound cues through the go_peripheral driver, and runs
 * headless scripts (docs/play.md).
 */
#include "console.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "console_game.h"
#include "frame_png.h"
#include "hal.h"
#include "drivers/go_peripheral.h"
#include "lock.h"
#include "render.h"
#include "save.h"
#include "script.h"

/* Windowed idle step: the loop polls keys and threads this often. */
#define IDLE_STEP_US 4000
/* Headless `wait` is cut into steps of this much game time. */
#define WAIT_STEP_US 10000

/* The games on the console, in chooser order. */
static const console_game_t *const games[] = {
    &go_game_module,
    &connect4_game_module, /* connect4 (issue 6) */
};
#define GAME_COUNT ((int)(sizeof games / sizeof games[0]))

typedef struct console {
    hal_t hal;
    gp_driver_t gp;
    const console_options_t *opts;
    console_env_t env;
    char save_dir[4096];
    console_lock_t lock; /* one console per save folder (lock.h) */
    void *state[GAME_COUNT];
    int active;          /* index into games, -1: the chooser */
    int chooser;         /* 1 if the chooser exists (no --game) */
    int chooser_sel;
    int chooser_dirty;
    uint16_t *frame;     /* RGB444 scratch for snaps */
} console_t;

static void chooser_render(console_t *c, uint16_t *fb)
{
    const char *items[GAME_COUNT];
    for (int i = 0; i < GAME_COUNT; i++)
        items[i] = games[i]->title;
    render_init(fb);
    render_menu_list("tabletop", items, GAME_COUNT, c->chooser_sel,
                     "Choose a game: Up/Down, then Enter");
    c->chooser_dirty = 0;
}

static void chooser_key(console_t *c, int key)
{
    if (key == HID_KEY_UP && c->chooser_sel > 0)
        c->chooser_sel--, c->chooser_dirty = 1;
    else if (key == HID_KEY_DOWN && c->chooser_sel < GAME_COUNT - 1)
        c->chooser_sel++, c->chooser_dirty = 1;
    else if (key == HID_KEY_ENTER) {
        c->active = c->chooser_sel;
        games[c->active]->enter(c->state[c->active]);
    }
}

/* The keypad's Enter (HID 0x58) works like Enter. */
#define HID_KEY_KEYPAD_ENTER 0x58

static void dispatch_key(console_t *c, int key)
{
    if (key == HID_KEY_KEYPAD_ENTER)
        key = HID_KEY_ENTER;
    if (c->active < 0) {
        chooser_key(c, key);
        return;
    }
    const console_game_t *g = games[c->active];
    if (g->key(c->state[c->active], key) == CONSOLE_GAME_LEAVE && c->chooser) {
        c->active = -1;
        c->chooser_dirty = 1;
    }
}

/* Renders and presents if the screen changed; returns 1 if it did. */
static int refresh(console_t *c)
{
    if (c->active < 0) {
        if (!c->chooser_dirty)
            return 0;
        chooser_render(c, gp_driver_back(&c->gp));
        gp_driver_present(&c->gp, AUDIO_NONE);
        return 1;
    }
    const console_game_t *g = games[c->active];
    void *s = c->state[c->active];
    if (!g->dirty(s))
        return 0;
    g->render(s, gp_driver_back(&c->gp));
    gp_driver_present(&c->gp, g->take_sound(s));
    return 1;
}

static console_busy_t busy(console_t *c)
{
    return c->active < 0 ? CONSOLE_BUSY_NONE : games[c->active]->busy(c->state[c->active]);
}

static int snap(console_t *c, const char *name)
{
    if (!c->opts->frames)
        return 0; /* snaps are for --frames; without it a script still plays */
    char path[4096], err[512];
    if (snprintf(path, sizeof path, "%s/%s.png", c->opts->frames, name) >= (int)sizeof path) {
        fprintf(stderr, "tabletop: frame path too long\n");
        return -1;
    }
    if (hal_read_frame(&c->hal, c->frame) != 0) {
        fprintf(stderr, "tabletop: the %s backend cannot read its frames\n", c->hal.ops->name);
        return -1;
    }
    if (frame_png_write(path, c->frame, HAL_FB_WIDTH, HAL_FB_HEIGHT, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        return -1;
    }
    return 0;
}

static void sleep_real_us(long us)
{
    struct timespec ts = {.tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
}

/* Lets the clip that is playing finish (at most a few seconds of game
 * time), so that a headless run's WAV ends with whole clips. */
static void drain_audio(console_t *c)
{
    for (int i = 0; i < 3000 && gp_driver_audio_busy(&c->gp); i++)
        hal_advance(&c->hal, 1000);
}

/* The main loop: keys from the window and/or the script, module ticks,
 * frames.  Returns the exit status. */
static int run_loop(console_t *c, script_t *script)
{
    int headless = c->opts->headless;
    int script_done = script == NULL;
    uint64_t wait_until = 0;
    for (;;) {
        if (!headless) {
            int key = hal_poll_key(&c->hal);
            if (key == HAL_KEY_QUIT)
                return 0;
            if (key > 0 && key < 0x100)
                dispatch_key(c, key);
        }
        uint64_t now = hal_time_us(&c->hal);
        if (c->active >= 0)
            games[c->active]->tick(c->state[c->active], now);
        if (refresh(c))
            continue;
        console_busy_t b = busy(c);
        if (!script_done && b == CONSOLE_BUSY_NONE && now >= wait_until) {
            script_step_t step;
            char err[512];
            int r = script_next(script, &step, err, sizeof err);
            if (r < 0) {
                fprintf(stderr, "tabletop: %s\n", err);
                return 2;
            }
            if (r == 0) {
                script_done = 1;
                if (headless) {
                    drain_audio(c);
                    return 0;
                }
                continue;
            }
            if (step.op == SCRIPT_KEY)
                dispatch_key(c, step.key);
            else if (step.op == SCRIPT_WAIT)
                wait_until = now + (uint64_t)step.wait_ms * 1000;
            else if (snap(c, step.name) != 0)
                return 1;
            continue;
        }
        if (headless) {
            if (script_done)
                return 0;
            if (b == CONSOLE_BUSY_WORKING) {
                /* Game time stands still while the computer thinks, so the
                 * same script and seed give the same frames and samples. */
                sleep_real_us(200);
                continue;
            }
            uint64_t step = WAIT_STEP_US;
            if (b == CONSOLE_BUSY_NONE && wait_until > now && wait_until - now < step)
                step = wait_until - now;
            if (b == CONSOLE_BUSY_WAITING)
                step = 1000;
            hal_advance(&c->hal, (uint32_t)step);
            continue;
        }
        hal_advance(&c->hal, IDLE_STEP_US);
    }
}

int console_run(const console_options_t *opts)
{
    char err[512];
    console_t *c = calloc(1, sizeof *c);
    if (!c) {
        fprintf(stderr, "tabletop: out of memory\n");
        return 1;
    }
    int status = 1;
    script_t *script = NULL;
    c->opts = opts;
    c->active = -1;
    c->lock.fd = -1;
    c->env.seed = opts->seed ? opts->seed : 1;
    c->env.headless = opts->headless;
    c->env.hal = &c->hal; /* connect4 (issue 6): for the mailbox driver */

    /* Check everything the user typed before opening anything. */
    if (opts->script) {
        script = script_open(opts->script, err, sizeof err);
        if (!script) {
            fprintf(stderr, "tabletop: %s\n", err);
            free(c);
            return 2;
        }
    }
    int wanted = -1;
    if (opts->game) {
        for (int i = 0; i < GAME_COUNT; i++)
            if (!strcmp(games[i]->id, opts->game))
                wanted = i;
        if (wanted < 0) {
            fprintf(stderr, "tabletop: the game '%s' is not on the console yet (try --game go)\n",
                    opts->game);
            status = 2;
            goto out;
        }
    }
    if (save_dir_resolve(opts->save_dir, c->save_dir, sizeof c->save_dir, err, sizeof err) == 0) {
        c->env.save_dir = c->save_dir;
        /* A second console on the same folder is refused: two would
         * overwrite each other's saves without a word (docs/play.md). */
        lock_status_t ls = lock_acquire(&c->lock, c->save_dir, err, sizeof err);
        if (ls == LOCK_BUSY) {
            fprintf(stderr, "tabletop: %s\n", err);
            status = 1;
            goto out;
        }
        if (ls == LOCK_NO_FILE)
            fprintf(stderr, "tabletop: %s; another tabletop on this folder would not be noticed\n",
                    err);
    } else if (opts->save_dir) {
        fprintf(stderr, "tabletop: %s\n", err);
        status = 2;
        goto out;
    } else {
        fprintf(stderr, "tabletop: %s; games will not be saved\n", err);
    }

    if (opts->frames && save_make_dirs(opts->frames) != 0) {
        fprintf(stderr, "tabletop: cannot create the frames directory %s: %s\n", opts->frames,
                strerror(errno));
        status = 2;
        goto out;
    }

    hal_config_t cfg = {
        .backend = opts->backend,
        .headless = opts->headless,
        .devmem = opts->devmem,
        .trace = opts->trace,
        .wav = opts->wav,
    };
    if (hal_open(&c->hal, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        goto out;
    }
    if (gp_driver_init(&c->gp, &c->hal, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        goto out_hal;
    }
    c->frame = malloc(HAL_FB_BYTES);
    if (!c->frame) {
        fprintf(stderr, "tabletop: out of memory\n");
        goto out_hal;
    }
    for (int i = 0; i < GAME_COUNT; i++) {
        c->state[i] = games[i]->create(&c->env);
        if (!c->state[i]) {
            fprintf(stderr, "tabletop: out of memory\n");
            goto out_games;
        }
    }
    if (wanted >= 0) {
        c->active = wanted;
        games[wanted]->enter(c->state[wanted]);
    } else {
        c->chooser = 1;
        c->chooser_dirty = 1;
    }
    status = run_loop(c, script);

out_games:
    for (int i = 0; i < GAME_COUNT; i++)
        if (c->state[i])
            games[i]->destroy(c->state[i]);
out_hal:
    hal_close(&c->hal);
out:
    lock_release(&c->lock);
    script_close(script);
    free(c->frame);
    free(c);
    return status;
}

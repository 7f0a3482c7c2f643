/*
 * console.c - console_run(): opens the backend, shows the game chooser
 * (chooser.c; or the game named by --game), runs the active game module,
 * presents its frames with their sound cues through the go_peripheral
 * driver, and runs headless scripts (docs/play.md).  It also owns the keys
 * that work on every screen: h / F1 help (help.c), m sound on/off
 * (remembered by settings.c), q quit (and the chooser's Quit item); the
 * board backend has no window to close.  Its modules are the table the
 * command line hands it (src/games/games.def): it names no game.
 */
#include "console.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "chooser.h"
#include "console_game.h"
#include "console_hw.h"
#include "console_link.h"
#include "frame_png.h"
#include "hal.h"
#include "drivers/go_peripheral.h"
#include "help.h"
#include "lock.h"
#include "render.h"
#include "save.h"
#include "script.h"
#include "settings.h"

/* Windowed idle step: the loop polls keys and threads this often. */
#define IDLE_STEP_US 4000
/* Headless `wait` is cut into steps of this much game time. */
#define WAIT_STEP_US 10000

/* The console-wide keys (HID usage codes). */
#define KEY_F1 0x3A
#define KEY_H 0x0B
#define KEY_M 0x10
#define KEY_Q 0x14

typedef struct console {
    hal_t hal;
    gp_driver_t gp;
    console_hw_t *hw;    /* the digits, the tile display, the seams in logic */
    const console_options_t *opts;
    console_env_t env;
    char save_dir[4096]; /* the save folder; "" if there is none */
    char saves_off[2][112]; /* why games are not saved (chooser lines); "" if they are */
    console_lock_t lock; /* one console per save folder (lock.h) */
    const console_module_t *modules; /* the games (console.h), ended by a NULL module */
    int count;           /* how many modules */
    void **state;        /* each module's, in the table's order */
    int active;          /* index into modules, -1: the chooser */
    int return_to;       /* the module that opened the active one (SWITCH), or -1 */
    int chooser;         /* 1 if the chooser exists (no --game) */
    chooser_t rows;      /* the chooser's rows and highlight */
    int chooser_dirty;   /* the console's own drawing changed (chooser, help, overlays) */
    int help;            /* 1 while the help screen shows */
    int confirm_quit;    /* 1 while "quit anyway?" shows */
    int sound_off;       /* m: no AUDIO_* cue is written */
    int quit;            /* the player quit: the loop ends */
    uint16_t *frame;     /* RGB444 scratch for snaps */
} console_t;

/* The module at index i of the table. */
static const console_game_t *game_at(const console_t *c, int i)
{
    return c->modules[i].module;
}

/* Quits, unless a game in progress would be lost: then asks first.  Every
 * module is asked, not only the one on screen: a game left with Escape is
 * still in memory. */
static void ask_quit(console_t *c)
{
    int lost = 0;
    for (int i = 0; i < c->count; i++)
        if (game_at(c, i)->quit && game_at(c, i)->quit(c->state[i]))
            lost = 1;
    if (lost) {
        c->confirm_quit = 1;
        c->chooser_dirty = 1;
        return;
    }
    c->quit = 1;
}

static void console_chooser_key(console_t *c, int key)
{
    int module;
    chooser_action_t a = chooser_key(&c->rows, key, &module);
    if (a == CHOOSER_MOVED)
        c->chooser_dirty = 1;
    else if (a == CHOOSER_QUIT)
        c->quit = 1;
    else if (a == CHOOSER_OPEN) {
        c->active = module;
        game_at(c, module)->enter(c->state[module]);
    }
}

/* The keys that work on every screen.  Returns 1 if the key was one. */
static int global_key(console_t *c, int key)
{
    if (c->confirm_quit) {
        c->confirm_quit = 0;
        c->chooser_dirty = 1;
        if (key == KEY_Q)
            c->quit = 1;
        return 1;
    }
    if (c->help) {
        /* Any key closes the help; m still toggles the sound. */
        if (key == KEY_M) {
            c->sound_off = !c->sound_off;
            settings_save_sound(c->env.save_dir, c->sound_off);
        } else {
            c->help = 0;
        }
        c->chooser_dirty = 1;
        return 1;
    }
    if (key == KEY_F1 || key == KEY_H) {
        c->help = 1;
        c->chooser_dirty = 1;
        return 1;
    }
    if (key == KEY_M) {
        c->sound_off = !c->sound_off;
        settings_save_sound(c->env.save_dir, c->sound_off);
        c->chooser_dirty = 1;
        return 1;
    }
    if (key == KEY_Q) {
        ask_quit(c);
        return 1;
    }
    return 0;
}

/* The keypad's Enter (HID 0x58) works like Enter. */
#define HID_KEY_KEYPAD_ENTER 0x58

static void dispatch_key(console_t *c, int key)
{
    if (key == HID_KEY_KEYPAD_ENTER)
        key = HID_KEY_ENTER;
    if (global_key(c, key))
        return;
    if (c->active < 0) {
        console_chooser_key(c, key);
        return;
    }
    const console_game_t *g = game_at(c, c->active);
    console_game_status_t st = g->key(c->state[c->active], key);
    if (st == CONSOLE_GAME_SWITCH && g->switch_to) {
        /* One module opens another (Go's mode menu -> the link game);
         * leaving that one comes back. */
        const char *id = g->switch_to(c->state[c->active]);
        for (int i = 0; id && i < c->count; i++)
            if (!strcmp(game_at(c, i)->id, id)) {
                c->return_to = c->active;
                c->active = i;
                game_at(c, i)->enter(c->state[i]);
                break;
            }
    } else if (st == CONSOLE_GAME_LEAVE && c->return_to >= 0) {
        c->active = c->return_to;
        c->return_to = -1;
        game_at(c, c->active)->enter(c->state[c->active]);
    } else if (st == CONSOLE_GAME_LEAVE && c->chooser) {
        c->active = -1;
        c->chooser_dirty = 1;
    }
}

/* Renders and presents if the screen changed; returns 1 if it did.  While
 * the help shows, the game's own changes wait (its sound plays when the
 * help closes). */
static int refresh(console_t *c)
{
    const console_game_t *g = c->active >= 0 ? game_at(c, c->active) : NULL;
    void *s = g ? c->state[c->active] : NULL;
    int game_dirty = g && !c->help && g->dirty(s);
    if (!c->chooser_dirty && !game_dirty)
        return 0;
    uint16_t *fb = gp_driver_back(&c->gp);
    int cue = AUDIO_NONE;
    if (c->help)
        help_render(fb, g, c->sound_off);
    else if (!g)
        chooser_render(&c->rows, fb, c->saves_off[0], c->saves_off[1]);
    else {
        g->render(s, fb);
        cue = g->take_sound(s);
    }
    /* What the module shows beside the framebuffer; while the console
     * draws over it, the framebuffer takes the VGA pins. */
    console_output_t out = {0};
    if (g && !c->help && g->output)
        g->output(s, &out);
    console_hw_output(c->hw, &out, c->help || c->confirm_quit);
    if (c->confirm_quit)
        help_confirm_quit_render();
    if (c->sound_off) {
        help_sound_off_render();
        cue = AUDIO_NONE; /* sound off: the cue is never written */
    }
    c->chooser_dirty = 0;
    gp_driver_present(&c->gp, cue);
    return 1;
}

static console_busy_t busy(console_t *c)
{
    return c->active < 0 ? CONSOLE_BUSY_NONE : game_at(c, c->active)->busy(c->state[c->active]);
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

/* Script step await-peer: real time passes (the other console
 * runs on its own clock) until the active module no longer awaits the
 * other side; game time advances with it so frames keep coming. */
static int await_peer(console_t *c, uint32_t ms, int line)
{
    const console_game_t *g = c->active >= 0 ? game_at(c, c->active) : NULL;
    if (!g || !g->awaiting_peer) {
        fprintf(stderr, "tabletop: script line %d: await-peer needs a link game (--link)\n", line);
        return -1;
    }
    for (uint32_t waited = 0;; waited += 5) {
        g->tick(c->state[c->active], hal_time_us(&c->hal));
        int r = g->awaiting_peer(c->state[c->active]);
        if (r == 0)
            return 0;
        if (r < 0)
            return -1;
        if (waited >= ms) {
            fprintf(stderr, "tabletop: script line %d: the other console did not move within "
                            "%u ms\n", line, ms);
            return -1;
        }
        /* Game time passes too: the link UART's bytes need it to cross. */
        hal_advance(&c->hal, 5000);
        if (c->opts->headless)
            sleep_real_us(5000);
    }
}

/* The main loop: keys from the window and/or the script, module ticks,
 * frames.  Returns the exit status. */
static int run_loop(console_t *c, script_t *script)
{
    int headless = c->opts->headless;
    int script_done = script == NULL;
    uint64_t wait_until = 0;
    for (;;) {
        if (c->quit)
            return 0; /* q or Quit: the games have saved what they have */
        if (!headless) {
            int key = hal_poll_key(&c->hal);
            if (key == HAL_KEY_QUIT) {
                /* Closing the window is q: it asks if a game would be lost,
                 * and a second close (or q) quits. */
                if (c->confirm_quit)
                    return 0;
                ask_quit(c);
                continue;
            }
            if (key > 0 && key < 0x100)
                dispatch_key(c, key);
        }
        uint64_t now = hal_time_us(&c->hal);
        if (c->active >= 0)
            game_at(c, c->active)->tick(c->state[c->active], now);
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
            else if (step.op == SCRIPT_AWAIT_PEER) {
                if (await_peer(c, step.wait_ms, step.line) != 0)
                    return 1;
            }
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

/* A headless run is a script's or CI's: it ends with status 1 when a game
 * in progress is left unsaved although saves are on (its last autosave
 * failed, which the game said on stderr at the time), as a window would
 * have asked before quitting.  With saves off (no folder, or a read-only
 * one, said at the start) nothing was expected to be saved, and a script
 * that quit with q (confirming when asked) chose to: status kept. */
static int unsaved_status(console_t *c, int status)
{
    if (status != 0 || !c->opts->headless || !c->env.save_dir || c->quit)
        return status; /* a confirmed q or Quit chose to leave it */
    for (int i = 0; i < c->count; i++)
        if (c->state[i] && game_at(c, i)->quit && game_at(c, i)->quit(c->state[i])) {
            fprintf(stderr, "tabletop: the %s game in progress is not saved: its last autosave did "
                            "not succeed\n", game_at(c, i)->id);
            return 1;
        }
    return 0;
}

/* 0 if a file can be made in dir, else the errno that stopped it.  Tried,
 * not guessed from permission bits: root ignores them, and a read-only
 * mount or a full disk refuses root too. */
static int folder_writable(const char *dir)
{
    char probe[4200];
    snprintf(probe, sizeof probe, "%s/.tabletop-probe-%ld", dir, (long)getpid());
    for (int attempt = 0; attempt < 2; attempt++) {
        int fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
        if (fd >= 0) {
            close(fd);
            unlink(probe);
            return 0;
        }
        if (errno != EEXIST)
            return errno;
        unlink(probe); /* left by a crashed console with this pid */
    }
    return EEXIST;
}

/* The chooser's two lines for a console without saves: that, and why. */
static void note_saves_off(console_t *c, const char *why)
{
    snprintf(c->saves_off[0], sizeof c->saves_off[0], "Games will not be saved");
    size_t n = strlen(why), room = sizeof c->saves_off[1] - 1;
    if (n <= room) /* a long path loses its start, where it is least telling */
        snprintf(c->saves_off[1], sizeof c->saves_off[1], "%s", why);
    else
        snprintf(c->saves_off[1], sizeof c->saves_off[1], "...%s", why + n - (room - 3));
}

/* Finds the save folder and takes its lock.  A folder that cannot be
 * written, or none at all, is no reason to stop: the console plays on
 * with saves off and says so (stderr and the chooser).  Returns 0, or the
 * exit status after a line on stderr (another console holds the folder). */
static int open_save_folder(console_t *c, const char *option)
{
    char err[512];
    if (save_dir_resolve(option, c->save_dir, sizeof c->save_dir, err, sizeof err) != 0) {
        c->save_dir[0] = 0;
        fprintf(stderr, "tabletop: %s; playing on, games are not saved\n", err);
        if (err[0] >= 'a' && err[0] <= 'z')
            err[0] = (char)(err[0] - 'a' + 'A'); /* a sentence on the screen */
        note_saves_off(c, err);
        return 0;
    }
    /* A second console on the same folder is refused: two would
     * overwrite each other's saves without a word (docs/play.md). */
    lock_status_t ls = lock_acquire(&c->lock, c->save_dir, err, sizeof err);
    if (ls == LOCK_BUSY) {
        fprintf(stderr, "tabletop: %s\n", err);
        return 1;
    }
    int why = folder_writable(c->save_dir);
    if (why != 0) {
        fprintf(stderr, "tabletop: the save folder %s cannot be written (%s): playing on, games "
                        "are not saved; give a folder you can write with --save-dir DIR\n",
                c->save_dir, strerror(why));
        char line[4400];
        snprintf(line, sizeof line, "The save folder %s is read-only (%s)", c->save_dir,
                 strerror(why));
        note_saves_off(c, line);
        return 0;
    }
    if (ls == LOCK_NO_FILE)
        fprintf(stderr, "tabletop: %s; another tabletop on this folder would not be noticed\n",
                err);
    c->env.save_dir = c->save_dir;
    return 0;
}

/* The module --game opens: the game's own, or with --link its link game;
 * -1 if the console has no such game. */
static int wanted_module(const console_t *c, const char *game, int link)
{
    int wanted = -1;
    for (int i = 0; i < c->count; i++) {
        const console_module_t *m = &c->modules[i];
        if (!strcmp(m->game, game) && m->link && link)
            return i;
        if (!strcmp(m->game, game) && !m->link && wanted < 0)
            wanted = i;
    }
    return wanted;
}

int console_run(const console_options_t *opts, const console_module_t *modules)
{
    char err[512];
    console_t *c = calloc(1, sizeof *c);
    while (c && modules[c->count].module)
        c->count++;
    if (!c || !(c->state = calloc((size_t)c->count + 1, sizeof *c->state))) {
        fprintf(stderr, "tabletop: out of memory\n");
        free(c);
        return 1;
    }
    int status = 1;
    script_t *script = NULL;
    c->modules = modules;
    c->rows.modules = modules;
    c->opts = opts;
    c->active = -1;
    c->return_to = -1;
    c->lock.fd = -1;
    c->env.seed = opts->seed ? opts->seed : 1;
    c->env.headless = opts->headless;
    c->env.link_spec = opts->link;
    /* A file-size limit (ulimit -f) is a failed write like a full disk
     * (EFBIG), for the saves, the frames and the WAV alike, not a kill. */
    signal(SIGXFSZ, SIG_IGN);

    /* Check everything the user typed before opening anything. */
    if (opts->script) {
        script = script_open(opts->script, err, sizeof err);
        if (!script) {
            fprintf(stderr, "tabletop: %s\n", err);
            free(c->state);
            free(c);
            return 2;
        }
    }
    int wanted = -1;
    if (opts->game) {
        wanted = wanted_module(c, opts->game, opts->link != NULL);
        if (wanted < 0) {
            fprintf(stderr, "tabletop: the game '%s' is not on the console yet (try --game go)\n",
                    opts->game);
            status = 2;
            goto out;
        }
    }
    status = open_save_folder(c, opts->save_dir);
    if (status != 0)
        goto out;
    status = 1;
    c->sound_off = settings_load_sound_off(c->save_dir, c->sound_off);

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
        .link = opts->link, /* a backend with a model of the link UART wires it to its pins */
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
    c->hw = console_hw_open(&c->hal, opts, &c->env);
    if (!c->hw) {
        fprintf(stderr, "tabletop: out of memory\n");
        goto out_games;
    }
    /* The link after the backend: it asks hal whether the UART carries it. */
    if (opts->link && !(c->env.link = console_link_open(&c->hal, opts->link, err, sizeof err))) {
        fprintf(stderr, "tabletop: %s\n", err);
        goto out_games;
    }
    for (int i = 0; i < c->count; i++) {
        c->state[i] = game_at(c, i)->create(&c->env);
        if (!c->state[i]) {
            fprintf(stderr, "tabletop: out of memory\n");
            goto out_games;
        }
    }
    if (wanted >= 0) {
        c->active = wanted;
        game_at(c, wanted)->enter(c->state[wanted]);
    } else {
        c->chooser = 1;
        c->chooser_dirty = 1;
    }
    status = run_loop(c, script);
    status = unsaved_status(c, status);

out_games:
    for (int i = 0; i < c->count; i++)
        if (c->state[i])
            game_at(c, i)->destroy(c->state[i]);
    console_hw_close(c->hw);
    console_link_close(c->env.link); /* after the link game, before the backend */
out_hal:
    if (hal_close(&c->hal) != 0 && status == 0)
        status = 1; /* e.g. the --wav file is incomplete */
out:
    lock_release(&c->lock);
    script_close(script);
    free(c->frame);
    free(c->state);
    free(c);
    return status;
}

/*
 * screen_common.c - the save files, the autosave, the saves put aside and
 * the sound cue of every game screen (screen_common.h).
 */
#include "screen_common.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/keys.h"
#include "render.h"

void screen_saves_init(screen_saves_t *sv, const console_env_t *env, const char *name,
                       const char *last_name)
{
    *sv = (screen_saves_t){0};
    if (!env->save_dir)
        return;
    int n = snprintf(sv->path, sizeof sv->path, "%s/%s", env->save_dir, name);
    int fits = n >= 0 && n < (int)sizeof sv->path;
    if (last_name) {
        n = snprintf(sv->last_path, sizeof sv->last_path, "%s/%s", env->save_dir, last_name);
        fits = fits && n >= 0 && n < (int)sizeof sv->last_path;
    }
    sv->have = fits;
}

int screen_autosave(screen_saves_t *sv, const char *game, int empty, int done,
                    const char *header, save_kv_emit_fn emit, void *session)
{
    if (!sv->have)
        return 0;
    if (empty) {
        unlink(sv->path);
        sv->failed = 0;
        return 0;
    }
    char err[SCREEN_PATH_LEN + 128];
    const char *path = done ? sv->last_path : sv->path;
    if (save_kv_write(path, header, emit, session, err, sizeof err) != 0) {
        /* The file written, named as a file: err names it without its folder. */
        fprintf(stderr, "tabletop: %s autosave to %s failed: %s\n", game, path, err);
        snprintf(sv->error, sizeof sv->error, "Autosave failed: %.70s", err);
        sv->failed = 1;
        return -1;
    }
    sv->failed = 0;
    if (done)
        unlink(sv->path);
    return 0;
}

int screen_autosave_with(screen_saves_t *sv, screen_write_fn writer, void *session, char *err,
                         size_t len)
{
    if (!sv->have)
        return 0;
    sv->failed = writer(sv->path, session, err, len) != 0;
    if (sv->failed)
        fprintf(stderr, "tabletop: autosave failed: %s\n", err);
    return sv->failed ? -1 : 0;
}

int screen_put_aside(const char *path, const char *suffix, const char *what, char *notice,
                     size_t len, uint16_t *color)
{
    char aside[SCREEN_PATH_LEN + 32], err[SCREEN_PATH_LEN + 64];
    if (save_move_aside(path, suffix, aside, sizeof aside, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        snprintf(notice, len, "%.120s", err);
        *color = COLOR_WARN;
        return -1;
    }
    fprintf(stderr, "tabletop: %s kept as %s\n", what, aside);
    snprintf(notice, len, "%s kept as %.80s", what, screen_file_name(aside));
    *color = COLOR_TEXT;
    return 0;
}

const char *screen_file_name(const char *path)
{
    const char *base = strrchr(path, '/');
    return base ? base + 1 : path;
}

void screen_suspended_notice(const screen_saves_t *sv, const char *name, char *notice,
                             size_t len, uint16_t *color)
{
    int saved = sv->have && !sv->failed;
    *color = saved ? COLOR_TEXT : COLOR_WARN;
    if (saved)
        snprintf(notice, len, "Game saved in %s: Resume continues it", name);
    else
        snprintf(notice, len, "Game kept until you quit: %s",
                 sv->have ? "the autosave failed" : "no save folder");
}

int screen_take_sound(int *sound)
{
    int cue = *sound;
    *sound = AUDIO_NONE;
    return cue;
}

/*
 * screen_common.h - what every game screen does the same way, written once:
 * its save files in the console's save folder (the game in progress and
 * the last finished one), the autosave after each move, a save put aside
 * (*.bak before a new game, *.corrupt when unreadable) with the line that
 * says so, the title's line on a game left with Escape, and the sound cue
 * taken once.
 *
 * Usage (given const console_env_t *env, void *session, save_kv_emit_fn emit, int sound):
 *   screen_saves_t sv;
 *   char notice[128];
 *   uint16_t color;
 *   screen_saves_init(&sv, env, "connect4.txt", "connect4-last.txt");
 *   screen_autosave(&sv, "Connect Four", 0, 0, "# a header\n", emit, session);
 *   char err[256];
 *   screen_write_fn writer = NULL;   // Go's: sgf_save_file of its record
 *   if (writer)
 *       screen_autosave_with(&sv, writer, session, err, sizeof err);
 *   screen_put_aside(sv.path, "bak", "Saved game", notice, sizeof notice, &color);
 *   screen_suspended_notice(&sv, "connect4.txt", notice, sizeof notice, &color);
 *   const char *shown = screen_file_name(sv.path);  // "connect4.txt"
 *   int cue = screen_take_sound(&sound);
 */
#ifndef TABLETOP_CONSOLE_SCREEN_COMMON_H
#define TABLETOP_CONSOLE_SCREEN_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "console_game.h"
#include "save.h"

#define SCREEN_PATH_LEN 4096 /* a save's path */

/* A game's save files and how the last autosave went. */
typedef struct screen_saves {
    int have;                        /* the console has a save folder */
    char path[SCREEN_PATH_LEN];      /* the game in progress */
    char last_path[SCREEN_PATH_LEN]; /* the last finished game */
    int failed;                      /* the last autosave of this game failed */
    char error[96];                  /* why, for the warning line ("Autosave failed: ...") */
} screen_saves_t;

/* The files name and last_name (NULL: none) in env's save folder; have is
 * 0 without a folder (or when a path would not fit). */
void screen_saves_init(screen_saves_t *sv, const console_env_t *env, const char *name,
                       const char *last_name);

/* Saves the game after a move, an undo or a stop: an empty game (empty)
 * removes the autosave; a finished one (done) goes to last_path and the
 * autosave is removed (nothing left to resume).  A failure is logged with
 * game's name, noted in sv (failed, error); the game goes on in memory.
 * Returns 0, or -1 when the write failed. */
int screen_autosave(screen_saves_t *sv, const char *game, int empty, int done,
                    const char *header, save_kv_emit_fn emit, void *session);

/* Writes a game to path: 0, or -1 with why in err. */
typedef int (*screen_write_fn)(const char *path, void *session, char *err, size_t len);

/* The autosave of a game whose file is not key/value (Go's SGF): writer
 * puts session in sv->path (nothing without a save folder).  A failure is
 * logged ("autosave failed: ERR"), noted in sv->failed and ERR left in
 * err.  Returns 0, or -1 when the write failed. */
int screen_autosave_with(screen_saves_t *sv, screen_write_fn writer, void *session, char *err,
                         size_t len);

/* Puts the file at path aside as *.SUFFIX (never deletes it, numbered if
 * taken).  Logs it; notice gets "WHAT kept as NAME" (the new file without
 * its folder) in COLOR_TEXT, or why it failed in COLOR_WARN.  Returns 0,
 * or -1. */
int screen_put_aside(const char *path, const char *suffix, const char *what, char *notice,
                     size_t len, uint16_t *color);

/* The file's name in path, without its folder: what a screen shows of a
 * save put aside. */
const char *screen_file_name(const char *path);

/* The title's line on a game left with Escape: saved in name (Resume
 * continues it), or kept in memory only, and why. */
void screen_suspended_notice(const screen_saves_t *sv, const char *name, char *notice,
                             size_t len, uint16_t *color);

/* The sound cue to play with the next frame; taking it clears it. */
int screen_take_sound(int *sound);

#endif

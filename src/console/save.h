/*
 * save.h - where autosaves live and how they are put aside.  A save is
 * never deleted silently: a discarded one becomes NAME.bak, an unreadable
 * one NAME.corrupt (numbered if that name is taken).
 */
#ifndef TABLETOP_SAVE_H
#define TABLETOP_SAVE_H

#include <stddef.h>

/* The autosave directory: option if given, else $XDG_STATE_HOME/tabletop,
 * else ~/.local/state/tabletop; created if missing, and cleared of stale
 * temporary files (save_clean_stale_temps).  Returns 0 with the path in
 * buf, or -1 with a message in err. */
int save_dir_resolve(const char *option, char *buf, size_t len, char *err, size_t errlen);

/* mkdir -p: creates path and its parents.  Returns 0, or -1 (errno set). */
int save_make_dirs(const char *path);

/* 1 if path names an existing regular file (not a symbolic link to one). */
int save_exists(const char *path);

/* Deletes path if it is a regular file; 0 also when it does not exist.
 * Anything else there (a link, a directory, a device) is left alone: -1. */
int save_remove(const char *path);

/* rename(from, to) for a regular file `from`, when `to` is missing or a
 * regular file; -1 (nothing renamed) otherwise. */
int save_replace(const char *from, const char *to);

/* Removes NAME.sgf.tmpXXXXXX files that saves killed half-way (kill -9, a
 * power cut) left in the save folder dir: regular files of this user,
 * untouched for over a minute.  Best effort; one pass over the folder.
 * save_dir_resolve calls it, so every console start cleans up. */
void save_clean_stale_temps(const char *dir);

/* Renames path to the first free of "path.SUFFIX", "path.1.SUFFIX",
 * "path.2.SUFFIX"...  Returns 0 with the new name in newpath, or -1 with a
 * message in err (the file is then untouched). */
int save_move_aside(const char *path, const char *suffix, char *newpath, size_t len, char *err,
                    size_t errlen);

/* Writes text to path atomically: a temporary file in the same folder,
 * written, synced, given the old file's mode (0644 for a new one) and
 * renamed over path.  Refuses to replace anything but a regular file (a
 * symlink or a device is not ours to replace).  Returns 0, or -1 with a
 * message naming the file without its folder in err, and path untouched. */
int save_write_text(const char *path, const char *text, char *err, size_t errlen);

/*
 * One key/value record for every save file: a line "KEY VALUE" (the value
 * is the rest of the line after one space; it may be empty), lines that
 * are empty or start with '#' ignored, a '\r' and trailing blanks dropped.
 * Lines may be of any length.  The game's session says what each key
 * means, through two callbacks with plain C types (a session is pure and
 * never includes this header):
 *
 *   take(ctx, key, value, err, errlen)   one line read; 0, or -1 with why
 *   emit(ctx, put, sink)                 writes its lines by calling
 *                                        put(sink, key, value); 0 or -1
 */
typedef void (*save_kv_put_fn)(void *sink, const char *key, const char *value);
typedef int (*save_kv_take_fn)(void *ctx, const char *key, const char *value, char *err,
                               size_t errlen);
typedef int (*save_kv_emit_fn)(void *ctx, save_kv_put_fn put, void *sink);

/* Parses text line by line into take().  Returns 0, or -1 with
 * "line N: WHY" in err (WHY from take). */
int save_kv_parse(const char *text, save_kv_take_fn take, void *ctx, char *err, size_t errlen);

/* Reads the file at path (at most max bytes; a NUL byte, a read error or a
 * larger file is refused with a reason) and parses it.  Returns 0, or -1
 * with why in err: "cannot open: REASON", "larger than N bytes",
 * "contains a NUL byte", "read error", or save_kv_parse's reason. */
int save_kv_read(const char *path, size_t max, save_kv_take_fn take, void *ctx, char *err,
                 size_t errlen);

/* save_kv_parse for records whose lines are short: the lines before the
 * first one of more than max_line characters are parsed, and that line is
 * then refused as "line N is too long" (0: any length). */
int save_kv_parse_lines(const char *text, size_t max_line, save_kv_take_fn take, void *ctx,
                        char *err, size_t errlen);

/* save_kv_read for records whose lines are short: the lines before the
 * first one of more than max_line characters are parsed, and that line is
 * then refused as "line N is too long". */
int save_kv_read_lines(const char *path, size_t max, size_t max_line, save_kv_take_fn take,
                       void *ctx, char *err, size_t errlen);

/* Reads the file at path whole (the same checks as save_kv_read) into a
 * malloc'd NUL-terminated buffer (*out, which the caller frees). */
int save_read_text(const char *path, size_t max, char **out, char *err, size_t errlen);

/* The record as text: header (comment lines, may be NULL) then emit's lines,
 * "KEY VALUE\n" each.  Returns a malloc'd string, or NULL (out of memory
 * or emit failed). */
char *save_kv_format(const char *header, save_kv_emit_fn emit, void *ctx);

/* save_kv_format, then save_write_text.  Returns 0, or -1 with why. */
int save_kv_write(const char *path, const char *header, save_kv_emit_fn emit, void *ctx,
                  char *err, size_t errlen);

#endif

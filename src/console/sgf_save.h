/*
 * sgf_save.h - a Go record kept in a file, for the screens that keep one
 * (the game goes to text through sgf_write; a game writes no files).
 */
#ifndef TABLETOP_CONSOLE_SGF_SAVE_H
#define TABLETOP_CONSOLE_SGF_SAVE_H

#include <stddef.h>

#include "games/go/sgf.h"

/* The largest record a screen reads back (a 19x19 game is a few KiB). */
#define SGF_SAVE_MAX_BYTES (4u << 20)

/* Writes g to path atomically (save_write_text).  Returns 0, or -1 with
 * "NAME: why" in err, NAME the file without its folder: the file is named
 * first and what stands in its way (a link, a folder, a device: never
 * replaced) is said, as players and the hardening checks read it. */
int sgf_save_file(const char *path, const sgf_game_t *g, char *err, size_t errlen);

/* Reads and parses the record at path (at most SGF_SAVE_MAX_BYTES) into g.
 * Returns 0, or -1 with why in err. */
int sgf_read_file(const char *path, sgf_game_t *g, char *err, size_t errlen);

#endif

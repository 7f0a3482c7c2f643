/*
 * sgf_save.h - a Go record saved to a file, for the screens that keep one
 * (the game goes to text through sgf_write; a game writes no files).
 */
#ifndef TABLETOP_CONSOLE_SGF_SAVE_H
#define TABLETOP_CONSOLE_SGF_SAVE_H

#include <stddef.h>

#include "games/go/sgf.h"

/* Writes g to path atomically (common/file_atomic.h): a symbolic link,
 * directory, device, FIFO or socket there is refused, a replaced file keeps
 * its mode and owner, a new one gets 0666 less the umask.  Returns 0, or -1
 * with "PATH: why" in err ("PATH: is a directory; not replaced"). */
int sgf_save_file(const char *path, const sgf_game_t *g, char *err, size_t errlen);

#endif

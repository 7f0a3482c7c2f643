/* sgf_save.c - a Go record saved to a file; see sgf_save.h. */
#include "sgf_save.h"

#include <stdio.h>
#include <stdlib.h>

#include "common/file_atomic.h"

int sgf_save_file(const char *path, const sgf_game_t *g, char *err, size_t errlen)
{
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    sgf_write(g, text, need + 1);
    int rc = file_atomic_write(path, text, need, NULL, err, errlen) == FILE_ATOMIC_OK ? 0 : -1;
    free(text);
    return rc;
}

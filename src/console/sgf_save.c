/* sgf_save.c - a Go record kept in a file; see sgf_save.h. */
#include "sgf_save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "save.h"

int sgf_save_file(const char *path, const sgf_game_t *g, char *err, size_t errlen)
{
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        const char *what = S_ISLNK(st.st_mode)   ? "is a symbolic link; not replaced"
                           : S_ISDIR(st.st_mode) ? "is a directory; not replaced"
                                                 : "not a regular file (a device, FIFO or "
                                                   "socket); not written";
        snprintf(err, errlen, "%s: %s", name, what);
        return -1;
    }
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    if (!text) {
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    sgf_write(g, text, need + 1);
    char why[400];
    int rc = save_write_text(path, text, why, sizeof why);
    if (rc != 0)
        snprintf(err, errlen, "%s: %s", name, why);
    free(text);
    return rc;
}

int sgf_read_file(const char *path, sgf_game_t *g, char *err, size_t errlen)
{
    char *text;
    if (save_read_text(path, SGF_SAVE_MAX_BYTES, &text, err, errlen) != 0)
        return -1;
    int rc = sgf_parse(text, strlen(text), g, err, errlen);
    free(text);
    return rc;
}

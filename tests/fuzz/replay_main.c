/*
 * replay_main.c - runs a fuzz target's LLVMFuzzerTestOneInput on files, the
 * way libFuzzer replays a corpus, for builds without libFuzzer (gcc, the
 * sanitizer build, the -Werror build).
 *
 *   replay_TARGET PATH...    each PATH a file or a directory of files
 *
 * Prints TAP (one case per input file) and exits non-zero if a path cannot
 * be read.  A crashing input crashes the process, which Meson reports.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz_util.h"

static int replay_count;
static int replay_failed;

/* Feeds one file to the target; returns 0, or -1 if it cannot be read. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("not ok %d - %s: %s\n", ++replay_count, path, strerror(errno));
        replay_failed = 1;
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    if (!buf)
        abort();
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            uint8_t *grown = realloc(buf, cap);
            if (!grown)
                abort();
            buf = grown;
        }
    }
    fclose(f);
    /* A copy of exactly n bytes, so ASan sees a read past the input. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact)
        abort();
    memcpy(exact, buf, n);
    free(buf);
    fflush(stdout);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    printf("ok %d - %s\n", ++replay_count, path);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular file in dir, in name order (stable TAP output). */
static void replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        printf("not ok %d - %s: %s\n", ++replay_count, dir, strerror(errno));
        replay_failed = 1;
        return;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (ent->d_name[0] == '.')
            continue;
        char **grown = realloc(names, (n + 1) * sizeof *names);
        if (!grown)
            abort();
        names = grown;
        size_t len = strlen(dir) + strlen(ent->d_name) + 2;
        names[n] = malloc(len);
        if (!names[n])
            abort();
        snprintf(names[n], len, "%s/%s", dir, ent->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, compare_names);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            replay_file(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            replay_dir(argv[i]);
        else
            replay_file(argv[i]);
    }
    printf("1..%d\n", replay_count);
    return replay_failed;
}

/*
 * fuzz_util.h - small helpers shared by the libFuzzer targets in tests/fuzz.
 *
 * Every target defines LLVMFuzzerTestOneInput(); the same file is linked
 * either with libFuzzer (-Dfuzz=true, clang) or with replay_main.c, which
 * feeds it the checked-in corpus in any build, so every input that once
 * crashed stays a regression test under gcc, ASan and -Werror alike.
 */
#ifndef TABLETOP_FUZZ_UTIL_H
#define TABLETOP_FUZZ_UTIL_H

#include <dirent.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libFuzzer's entry point: runs one input; always returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with a message: an oracle in a target found a broken contract.
 * abort() is what libFuzzer and the replay driver both report as a crash. */
#define FUZZ_CHECK(cond, ...)                                                  \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "fuzz check failed at %s:%d: %s: ", __FILE__,     \
                    __LINE__, #cond);                                          \
            fprintf(stderr, __VA_ARGS__);                                      \
            fputc('\n', stderr);                                               \
            abort();                                                           \
        }                                                                      \
    } while (0)

/* Returns a NUL-terminated heap copy of data (the parsers under test take C
 * strings); the caller frees it. */
static inline char *fuzz_strndup(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* A scratch folder of this process (mkdtemp under $TMPDIR or /tmp), made
 * on first use and removed at exit.  Targets whose code under test writes
 * files point it here, never at the working directory: CI fuzzes as root
 * from the checkout, where a fuzzed name could replace anything. */
static char fuzz_scratch_path[4096];

/* Removes every entry of the scratch folder (and empty sub-folders). */
static inline void fuzz_scratch_empty(void)
{
    if (!fuzz_scratch_path[0])
        return;
    DIR *d = opendir(fuzz_scratch_path);
    if (!d)
        return;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        if (!strcmp(ent->d_name, ".") || !strcmp(ent->d_name, ".."))
            continue;
        if (unlinkat(dirfd(d), ent->d_name, 0) != 0)
            (void)unlinkat(dirfd(d), ent->d_name, AT_REMOVEDIR);
    }
    closedir(d);
}

static inline void fuzz_scratch_remove(void)
{
    fuzz_scratch_empty();
    if (fuzz_scratch_path[0])
        (void)rmdir(fuzz_scratch_path);
}

/* The scratch folder's path (aborts if it cannot be made). */
static inline const char *fuzz_scratch(void)
{
    if (fuzz_scratch_path[0])
        return fuzz_scratch_path;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || tmp[0] != '/')
        tmp = "/tmp";
    snprintf(fuzz_scratch_path, sizeof fuzz_scratch_path, "%s/tabletop-fuzz-XXXXXX", tmp);
    if (!mkdtemp(fuzz_scratch_path)) {
        perror("fuzz: mkdtemp");
        abort();
    }
    atexit(fuzz_scratch_remove);
    return fuzz_scratch_path;
}

#endif

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

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#endif

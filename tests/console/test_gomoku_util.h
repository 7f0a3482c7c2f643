/*
 * test_gomoku_util.h - the helpers of the console's Gomoku and farm script
 * tests (test_gomoku_screens.c, test_gomoku_details.c): play a script with
 * `--game gomoku`, write a farm save of the test's own making, read the
 * save's fields (farm.txt, docs/farm.md).  The generic ones are in
 * console_test_util.h, included here.  Static functions: each test file
 * includes it once.
 */
#ifndef TABLETOP_TEST_GOMOKU_UTIL_H
#define TABLETOP_TEST_GOMOKU_UTIL_H

#include "console_test_util.h"

/* Runs `tabletop play --game gomoku --seed 7` headless on dir/save with the
 * script; frames go to dir.  Returns the exit status; stderr is in
 * dir/stderr.txt. */
static inline int play(const char *dir, const char *script_text)
{
    static const char *const gomoku[] = {"--game", "gomoku", "--seed", "7", NULL};
    return play_in(dir, script_text, gomoku).status;
}

/* The text of dir/save/farm.txt (the caller frees it). */
static inline char *save_text(const char *dir)
{
    char *p = path_join(dir, "save/farm.txt");
    char *t = read_all(p, NULL);
    free(p);
    cr_assert(t, "no farm.txt in %s/save", dir);
    return t;
}

/* The value of `key` in the save ("" if missing). */
static inline const char *field(const char *text, const char *key)
{
    static char val[1024];
    char pat[64];
    snprintf(pat, sizeof pat, "\n%s ", key);
    const char *p = strstr(text, pat);
    val[0] = 0;
    if (!p)
        return val;
    p += strlen(pat);
    size_t n = strcspn(p, "\n");
    if (n >= sizeof val)
        n = sizeof val - 1;
    memcpy(val, p, n);
    val[n] = 0;
    return val;
}

static inline void expect_field(const char *text, const char *key, const char *want,
                                const char *step)
{
    cr_expect_str_eq(field(text, key), want, "after %s: %s is '%s', want '%s'", step, key,
                     field(text, key), want);
}

/* A save of our own making in dir/save/farm.txt (the file is
 * human-readable: docs/farm.md); board is its Gomoku part. */
static inline void put_save(const char *dir, int money, int stamina, int feed, const char *ages,
                            int pigs, int grown, const char *board)
{
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    char text[4096];
    snprintf(text, sizeof text,
             "money %d\nstamina %d\nfeed %d\npigs %d\ngrown %d\nages %s\ngames 0\nstarved 0\n"
             "state playing\n%s",
             money, stamina, feed, pigs, grown, ages, board);
    char *p = path_join(save, "farm.txt");
    write_text(p, text);
    free(p);
    free(save);
}

#endif

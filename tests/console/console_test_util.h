/*
 * console_test_util.h - the generic helpers of the console's script tests
 * (tests/console/test_*.c that run the real `tabletop` headless): scratch
 * folders (mkdtemp under /tmp, removed when the test's process ends),
 * paths, reading and writing files, the environment `meson test` sets
 * (TABLETOP_BIN, TABLETOP_TEST_DATA), running the program, and comparing
 * frames with golden PNGs (TABLETOP_UPDATE_GOLDEN=1 rewrites the goldens).
 * Static inline functions: each test file includes it once.  Go's own
 * helpers are in test_go_util.h, Gomoku's and the farm's in test_gomoku_util.h.
 */
#ifndef TABLETOP_CONSOLE_TEST_UTIL_H
#define TABLETOP_CONSOLE_TEST_UTIL_H

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "console/frame_png.h"

#define MAX_ARGS 32

/* ---- the environment ---- */

static inline const char *env_or_die(const char *name)
{
    const char *v = getenv(name);
    cr_assert(v && *v, "%s is not set (run through meson test)", name);
    return v;
}

static inline const char *bin(void) { return env_or_die("TABLETOP_BIN"); }
static inline const char *data_dir(void) { return env_or_die("TABLETOP_TEST_DATA"); }

/* ---- scratch folders ---- */

#define SCRATCH_MAX 64

/* The folders scratch() made in this process, removed when it exits. */
static char *scratch_made[SCRATCH_MAX];
static int scratch_count;

/* Removes path and, if it is a folder, everything inside (links are
 * removed, not followed). */
static inline void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d)) != NULL) {
                if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
                    continue;
                char *sub = malloc(strlen(path) + strlen(e->d_name) + 2);
                sprintf(sub, "%s/%s", path, e->d_name);
                remove_tree(sub);
                free(sub);
            }
            closedir(d);
        }
    }
    if (remove(path) != 0)
        fprintf(stderr, "could not remove %s: %s\n", path, strerror(errno));
}

static inline void scratch_remove_all(void)
{
    for (int i = 0; i < scratch_count; i++) {
        remove_tree(scratch_made[i]);
        free(scratch_made[i]);
    }
    scratch_count = 0;
}

/* A fresh folder /tmp/tabletop-TAG-XXXXXX for one test: everything the
 * test writes goes inside, and it is removed when the test's process
 * exits (pass or fail).  The caller owns the returned string. */
static inline char *scratch(const char *tag)
{
    char *d = malloc(strlen(tag) + 32);
    cr_assert(d);
    sprintf(d, "/tmp/tabletop-%s-XXXXXX", tag);
    cr_assert(mkdtemp(d), "mkdtemp: %s", strerror(errno));
    cr_assert(scratch_count < SCRATCH_MAX, "too many scratch folders in one test");
    if (scratch_count == 0)
        atexit(scratch_remove_all);
    scratch_made[scratch_count++] = strdup(d);
    return d;
}

/* Removes a scratch folder now (before the process ends) and frees dir. */
static inline void cleanup(char *dir)
{
    remove_tree(dir);
    free(dir);
}

/* ---- paths and files ---- */

/* "a/b", malloc'd. */
static inline char *path_join(const char *a, const char *b)
{
    char *p = malloc(strlen(a) + strlen(b) + 2);
    sprintf(p, "%s/%s", a, b);
    return p;
}

/* The whole file, NUL-terminated and malloc'd (its length in *len unless
 * len is NULL), or NULL if it cannot be opened. */
static inline char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    size_t r;
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* 1 if there is anything at path (a link is not followed). */
static inline int file_exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* ---- running the program ---- */

typedef struct {
    int status;     /* exit status, or 128 + signal */
    char err[8192]; /* its stderr */
} run_t;

/* Starts tabletop with args (after the program's name, NULL-terminated)
 * and environment changes env ("NAME=value" sets, "NAME" unsets; NULL:
 * none), stdin from fd_in (-1: /dev/null), stdout to /dev/null, stderr
 * into errpath.  Returns its pid. */
static inline pid_t spawn_tabletop(const char *const *args, const char *const *env, int fd_in,
                                   const char *errpath)
{
    const char *program = bin();
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        dup2(fd_in >= 0 ? fd_in : devnull, 0);
        dup2(devnull, 1);
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            dup2(fd, 2);
        for (int i = 0; env && env[i]; i++) {
            const char *eq = strchr(env[i], '=');
            if (eq) {
                char name[128];
                snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
                setenv(name, eq + 1, 1);
            } else {
                unsetenv(env[i]);
            }
        }
        char *argv[MAX_ARGS];
        int n = 0;
        argv[n++] = (char *)program;
        for (int i = 0; args[i] && n < MAX_ARGS - 1; i++)
            argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Waits for pid: its exit status, or 128 + the signal that ended it. */
static inline int reap(pid_t pid)
{
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Runs tabletop with args and env (as spawn_tabletop) to its end; its
 * stderr is in the result and, unless errpath is NULL, in errpath (NULL:
 * a temporary file, removed). */
static inline run_t run_tabletop(const char *const *args, const char *const *env,
                                 const char *errpath)
{
    run_t r = {0};
    char tmp[] = "/tmp/tabletop-stderr-XXXXXX";
    if (!errpath) {
        int fd = mkstemp(tmp);
        cr_assert(fd >= 0, "mkstemp: %s", strerror(errno));
        close(fd);
    }
    const char *path = errpath ? errpath : tmp;
    r.status = reap(spawn_tabletop(args, env, -1, path));
    char *e = read_all(path, NULL);
    if (e) {
        snprintf(r.err, sizeof r.err, "%s", e);
        free(e);
    }
    if (!errpath)
        unlink(tmp);
    return r;
}

/* Plays the script file headless: frames into dir, saves into dir/save,
 * stderr into dir/stderr.txt; extra (NULL or NULL-terminated) adds options
 * such as --game. */
static inline run_t play_file(const char *dir, const char *script, const char *const *extra)
{
    char *save = path_join(dir, "save"), *errpath = path_join(dir, "stderr.txt");
    const char *args[MAX_ARGS] = {"play",   "--headless", "--script", script, "--frames",
                                  dir,      "--save-dir", save};
    int n = 8;
    for (int i = 0; extra && extra[i]; i++) {
        cr_assert(n < MAX_ARGS - 1, "too many options");
        args[n++] = extra[i];
    }
    args[n] = NULL;
    run_t r = run_tabletop(args, NULL, errpath);
    free(save);
    free(errpath);
    return r;
}

/* The same with the script given as text (written to dir/steps.txt). */
static inline run_t play_in(const char *dir, const char *script_text, const char *const *extra)
{
    char *script = path_join(dir, "steps.txt");
    write_text(script, script_text);
    run_t r = play_file(dir, script, extra);
    free(script);
    return r;
}

/* ---- frames ---- */

/* 1 if TABLETOP_UPDATE_GOLDEN asks for the goldens to be rewritten. */
static inline int update_golden(void)
{
    const char *update = getenv("TABLETOP_UPDATE_GOLDEN");
    return update && *update && strcmp(update, "0") != 0;
}

/* Compares the frame at got_path with the golden at want_path pixel for
 * pixel (what names it in messages); when rewrite is set, the golden is
 * first rewritten from the frame. */
static inline void check_golden_file(const char *got_path, const char *want_path, int rewrite,
                                     const char *what)
{
    char err[512];
    uint16_t *got = NULL, *want = NULL;
    int gw, gh, ww, wh;
    cr_assert(file_exists(got_path), "no frame %s", got_path);
    cr_assert_eq(frame_png_read(got_path, &got, &gw, &gh, err, sizeof err), 0, "%s", err);
    if (rewrite) {
        cr_assert_eq(frame_png_write(want_path, got, gw, gh, err, sizeof err), 0, "%s", err);
        cr_log_warn("rewrote %s", want_path);
    }
    cr_assert_eq(frame_png_read(want_path, &want, &ww, &wh, err, sizeof err), 0, "%s", err);
    cr_assert(gw == ww && gh == wh, "%s: %dx%d, golden %dx%d", what, gw, gh, ww, wh);
    long diff = 0, first = -1;
    for (long i = 0; i < (long)gw * gh; i++)
        if (got[i] != want[i]) {
            if (first < 0)
                first = i;
            diff++;
        }
    cr_expect_eq(diff, 0, "%s: %ld pixels differ from golden %s, first at (%ld, %ld)", what, diff,
                 want_path, first % (gw ? gw : 1), first / (gw ? gw : 1));
    free(got);
    free(want);
}

/* Compares dir/snap.png with TABLETOP_TEST_DATA/golden/golden.png.  With
 * TABLETOP_UPDATE_GOLDEN the golden is rewritten from the frame of its own
 * name when the test snapped one (dir/golden.png), else from this one. */
static inline void check_golden(const char *dir, const char *snap, const char *golden)
{
    char got_path[4096], want_path[4096], owner[4096];
    snprintf(got_path, sizeof got_path, "%s/%s.png", dir, snap);
    snprintf(want_path, sizeof want_path, "%s/golden/%s.png", data_dir(), golden);
    snprintf(owner, sizeof owner, "%s/%s.png", dir, golden);
    int rewrite = update_golden() && (!strcmp(snap, golden) || !file_exists(owner));
    check_golden_file(got_path, want_path, rewrite, snap);
}

/* Two frames are the same, pixel for pixel. */
/* Nothing drawn in the frame's last four columns between rows y0 and y1:
 * a line of text that runs off the right edge is cut (help screens). */
static inline void assert_right_edge_clear(const char *png, int y0, int y1)
{
    uint16_t *px;
    int w, h;
    char err[256];
    cr_assert_eq(frame_png_read(png, &px, &w, &h, err, sizeof err), 0, "%s", err);
    uint16_t bg = px[y0 * w + w - 1];
    for (int y = y0; y < y1 && y < h; y++)
        for (int x = w - 4; x < w; x++)
            cr_assert_eq(px[y * w + x], bg, "%s: something drawn at (%d, %d): a line is cut", png,
                         x, y);
    free(px);
}

static inline void same_frames(const char *a, const char *b)
{
    char err[512];
    uint16_t *pa = NULL, *pb = NULL;
    int wa, ha, wb, hb;
    cr_assert_eq(frame_png_read(a, &pa, &wa, &ha, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(b, &pb, &wb, &hb, err, sizeof err), 0, "%s", err);
    cr_assert(wa == wb && ha == hb && !memcmp(pa, pb, (size_t)wa * ha * sizeof *pa),
              "%s and %s differ", a, b);
    free(pa);
    free(pb);
}

#endif

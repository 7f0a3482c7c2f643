/*
 * test_go_util.h - helpers shared by the console's script tests
 * (test_play.c, test_go_*.c): run the real `tabletop` headless on a
 * script, compare frames with the golden PNGs, read WAV streams and SGF
 * main lines.  Static functions: each test file includes it once.
 */
#ifndef TABLETOP_TEST_GO_UTIL_H
#define TABLETOP_TEST_GO_UTIL_H

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "console/frame_png.h"

#define MAX_ARGS 32

static inline const char *env_or_die(const char *name)
{
    const char *v = getenv(name);
    cr_assert(v && *v, "%s is not set (run through meson test)", name);
    return v;
}

static inline const char *bin(void) { return env_or_die("TABLETOP_BIN"); }
static inline const char *data_dir(void) { return env_or_die("TABLETOP_TEST_DATA"); }
static inline const char *sound_dir(void) { return env_or_die("TABLETOP_SOUNDS"); }

static inline char *make_tmpdir(void)
{
    char *d = strdup("/tmp/tabletop-console-XXXXXX");
    cr_assert(mkdtemp(d), "mkdtemp: %s", strerror(errno));
    return d;
}

static inline char *path_join(const char *a, const char *b)
{
    char *p = malloc(strlen(a) + strlen(b) + 2);
    sprintf(p, "%s/%s", a, b);
    return p;
}

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

static inline int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

typedef struct {
    int status; /* exit status, or 128 + signal */
    char err[8192];
} run_t;

/* Runs tabletop with argv (argv[0] is ignored) and extra environment
 * changes ("NAME=value" sets, "NAME" unsets); stderr is captured. */
static inline run_t run_env(const char *const *argv, const char *const *env)
{
    run_t r = {0};
    char errpath[] = "/tmp/tabletop-stderr-XXXXXX";
    int fd = mkstemp(errpath);
    cr_assert(fd >= 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(fd, 2);
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
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
        char *args[MAX_ARGS];
        int n = 0;
        args[n++] = (char *)bin();
        for (int i = 1; argv[i] && n < MAX_ARGS - 1; i++)
            args[n++] = (char *)argv[i];
        args[n] = NULL;
        execv(args[0], args);
        _exit(127);
    }
    int st;
    waitpid(pid, &st, 0);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    close(fd);
    char *e = read_all(errpath, NULL);
    if (e) {
        snprintf(r.err, sizeof r.err, "%s", e);
        free(e);
    }
    unlink(errpath);
    return r;
}

/* Plays script (a file path) headless with --game go, frames into dir,
 * saves into dir/save, samples into dir/out.wav. */
static inline run_t play(const char *dir, const char *script, const char *seed)
{
    char *frames = strdup(dir), *save = path_join(dir, "save"), *wav = path_join(dir, "out.wav");
    const char *argv[] = {"tabletop", "play", "--game", "go", "--headless", "--script", script,
                          "--frames", frames, "--save-dir", save, "--wav", wav, "--seed",
                          seed ? seed : "1", NULL};
    run_t r = run_env(argv, NULL);
    free(frames);
    free(save);
    free(wav);
    return r;
}

static inline char *data_file(const char *name)
{
    return path_join(data_dir(), name);
}

/* Plays a script given as text. */
static inline run_t play_text(const char *dir, const char *text, const char *seed)
{
    char *script = path_join(dir, "script.txt");
    write_text(script, text);
    run_t r = play(dir, script, seed);
    free(script);
    return r;
}

static inline void copy_file(const char *from, const char *to)
{
    size_t n;
    char *buf = read_all(from, &n);
    cr_assert(buf, "cannot read %s", from);
    FILE *f = fopen(to, "wb");
    cr_assert(f, "cannot write %s", to);
    fwrite(buf, 1, n, f);
    fclose(f);
    free(buf);
}

/* Compares dir/snap.png with golden/golden.png pixel for pixel (or
 * replaces the golden when TABLETOP_UPDATE_GOLDEN is set). */
static inline void check_golden(const char *dir, const char *snap, const char *golden)
{
    char actual[4096], want[4096], err[512];
    snprintf(actual, sizeof actual, "%s/%s.png", dir, snap);
    snprintf(want, sizeof want, "%s/golden/%s.png", data_dir(), golden);
    cr_assert(file_exists(actual), "no frame %s", actual);
    const char *update = getenv("TABLETOP_UPDATE_GOLDEN");
    if (update && *update && strcmp(update, "0")) {
        if (!strcmp(snap, golden))
            copy_file(actual, want);
        return;
    }
    uint16_t *a = NULL, *b = NULL;
    int aw, ah, bw, bh;
    cr_assert_eq(frame_png_read(actual, &a, &aw, &ah, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(want, &b, &bw, &bh, err, sizeof err), 0, "%s", err);
    cr_assert(aw == bw && ah == bh, "%s: %dx%d, golden %dx%d", snap, aw, ah, bw, bh);
    long diff = 0, first = -1;
    for (long i = 0; i < (long)aw * ah; i++)
        if (a[i] != b[i]) {
            if (first < 0)
                first = i;
            diff++;
        }
    cr_assert_eq(diff, 0, "%s differs from golden %s in %ld pixels, first at (%ld, %ld): %03x vs %03x",
                 snap, golden, diff, first % aw, first / aw, a[first], b[first]);
    free(a);
    free(b);
}

/* ---- WAV helpers ---- */

typedef struct {
    int16_t *s;
    size_t n;
} pcm_t;

static inline pcm_t read_wav(const char *path)
{
    size_t len;
    char *buf = read_all(path, &len);
    cr_assert(buf, "cannot read %s", path);
    cr_assert(len >= 44 && !memcmp(buf, "RIFF", 4) && !memcmp(buf + 36, "data", 4),
              "%s is not a canonical WAV", path);
    unsigned char *u = (unsigned char *)buf;
    cr_assert_eq(u[22], 1, "mono");
    cr_assert_eq(u[24] | u[25] << 8, 8000, "8 kHz");
    size_t data = (size_t)u[40] | (size_t)u[41] << 8 | (size_t)u[42] << 16 | (size_t)u[43] << 24;
    cr_assert_eq(data, len - 44, "data size in the header matches the file");
    pcm_t p = {malloc(data + 2), data / 2};
    for (size_t i = 0; i < p.n; i++)
        p.s[i] = (int16_t)(u[44 + 2 * i] | u[45 + 2 * i] << 8);
    free(buf);
    return p;
}

static inline pcm_t clip(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.wav", sound_dir(), name);
    return read_wav(path);
}

/* 1 if the stream ends with the whole clip. */
static inline int ends_with(pcm_t stream, pcm_t c)
{
    return stream.n >= c.n && !memcmp(stream.s + stream.n - c.n, c.s, c.n * 2);
}

static inline char *out_wav(const char *dir)
{
    return path_join(dir, "out.wav");
}

/* The main line of an SGF file, e.g. ";B[ee];W[ed]". */
static inline void sgf_moves(const char *path, char *out, size_t len)
{
    char *text = read_all(path, NULL);
    cr_assert(text, "no record %s", path);
    size_t n = 0;
    for (char *p = text; *p; p++)
        if (*p == ';' && (p[1] == 'B' || p[1] == 'W') && p[2] == '[') {
            char *end = strchr(p, ']');
            cr_assert(end);
            size_t k = (size_t)(end - p) + 1;
            cr_assert(n + k < len);
            memcpy(out + n, p, k);
            n += k;
        }
    out[n] = 0;
    free(text);
}

#define GNUGO "/usr/games/gnugo"

/* GNU Go's final_score (Chinese rules) for the record at path, e.g. "B+3.5". */
static inline void gnugo_final_score(const char *dir, const char *path, char *out, size_t len)
{
    if (access(GNUGO, X_OK) != 0)
        cr_skip_test("GNU Go is not installed at " GNUGO " (apt-get install gnugo)");
    char *cmds = path_join(dir, "gnugo.gtp");
    char text[4200];
    snprintf(text, sizeof text, "loadsgf %s\nfinal_score\nquit\n", path);
    write_text(cmds, text);
    char command[8400];
    snprintf(command, sizeof command, GNUGO " --mode gtp --chinese-rules < '%s'", cmds);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run GNU Go");
    char line[256];
    out[0] = 0;
    int answers = 0;
    while (fgets(line, sizeof line, p)) {
        if (line[0] != '=')
            continue;
        /* The second answer is final_score's (the first is loadsgf's colour). */
        if (++answers == 2) {
            snprintf(out, len, "%.60s", line + 2);
            out[strcspn(out, "\r\n")] = 0;
        }
    }
    pclose(p);
    cr_assert(out[0], "GNU Go gave no final_score for %s", path);
}

#endif

/*
 * test_go_util.h - the Go screen's helpers for the console's script tests
 * (test_play.c, test_go_*.c, test_othello.c): play a script with --game go,
 * read WAV streams and SGF main lines, ask GNU Go for a score.  The generic
 * ones (scratch folders, files, running the program, golden frames) are in
 * console_test_util.h, included here.  Static functions: each test file
 * includes it once.
 */
#ifndef TABLETOP_TEST_GO_UTIL_H
#define TABLETOP_TEST_GO_UTIL_H

#include <time.h>

#include "console/font.h"
#include "console/render.h"
#include "console_test_util.h"

static inline const char *sound_dir(void) { return env_or_die("TABLETOP_SOUNDS"); }

/* Plays script (a file path) headless with --game go, frames into dir,
 * saves into dir/save, samples into dir/out.wav, stderr into
 * dir/stderr.txt. */
static inline run_t play(const char *dir, const char *script, const char *seed)
{
    char *wav = path_join(dir, "out.wav");
    const char *const go[] = {"--game", "go", "--wav", wav, "--seed", seed ? seed : "1", NULL};
    run_t r = play_file(dir, script, go);
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

/* ---- reading text off a frame ---- */

/* Reads the line of text drawn at (x, y) with render_string_scaled at
 * scale into out: each cell of FONT_ADVANCE * scale pixels is compared
 * with every glyph of the font (src/console/font.c, 5x7), a pixel being
 * lit when it differs from the background at (x - 1, y); '?' for a cell
 * that is no glyph.  Trailing blanks are dropped.  The font is the
 * console's, but which glyph stands where is read from the picture. */
static inline void frame_read_text(const char *png, int x, int y, int scale, char *out,
                                   size_t len)
{
    char err[512];
    uint16_t *px = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(png, &px, &w, &h, err, sizeof err), 0, "%s", err);
    cr_assert(x >= 1 && y >= 0 && y + FONT_H * scale <= h, "text off the frame");
    uint16_t bg = px[(size_t)y * (size_t)w + (size_t)(x - 1)];
    size_t n = 0;
    for (int cx = x; cx + FONT_W * scale <= w && n + 1 < len; cx += FONT_ADVANCE * scale) {
        char got = '?';
        for (int gi = 0; gi < FONT_GLYPHS && got == '?'; gi++) {
            int same = 1;
            for (int row = 0; row < FONT_H && same; row++)
                for (int col = 0; col < FONT_W && same; col++) {
                    int lit = px[(size_t)(y + row * scale) * (size_t)w +
                                 (size_t)(cx + col * scale)] != bg;
                    same = lit == !!(font_5x7[gi][row] & (0x10 >> col));
                }
            if (same)
                got = (char)(FONT_FIRST + gi);
        }
        out[n++] = got;
    }
    while (n > 0 && out[n - 1] == ' ')
        n--;
    out[n] = 0;
    free(px);
}

#endif

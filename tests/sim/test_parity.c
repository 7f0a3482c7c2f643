/*
 * test_parity.c - the sim backend against the sdl backend: the real
 * `tabletop` program runs the console's golden-frame scripts
 * (tests/data/console/ scripts) headless on both backends; every PNG frame the
 * sim backend writes (rebuilt from the simulated VGA pins) must equal the
 * sdl backend's pixel for pixel, and the golden frame of the same name.
 * The audio each writes with --wav is cut into clips, and every clip the
 * simulated Avalon-ST stream carried must be (a prefix of, and the last
 * one all of) the ROM image of the sound the sdl backend played there.
 * tests/data/sim/sounds.txt lets every clip play out: there both WAVs must
 * be exactly the ROM clips one after another.
 */
#define _GNU_SOURCE /* nftw */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "console/frame_png.h"

#define NCLIPS 4
static const char *const clip_names[NCLIPS] = {"place", "capture", "illegal", "gameover"};

typedef struct {
    int16_t *s;
    size_t n;
} pcm_t;

static const char *env_or_die(const char *name)
{
    const char *v = getenv(name);
    cr_assert(v && *v, "%s is not set (run through meson test)", name);
    return v;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Deletes a test's scratch folder (only once its checks have run). */
static void remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static char *make_tmpdir(void)
{
    char *d = strdup("/tmp/tabletop-parity-XXXXXX");
    cr_assert(mkdtemp(d), "mkdtemp: %s", strerror(errno));
    return d;
}

/* Runs tabletop headless on backend with the script; frames, saves and
 * the WAV go under dir.  Returns the exit status; stderr goes to
 * dir/stderr.txt. */
static int play(const char *backend, const char *dir, const char *script, const char *game)
{
    char save[4096], wav[4096], errf[4096];
    snprintf(save, sizeof save, "%s/save", dir);
    snprintf(wav, sizeof wav, "%s/out.wav", dir);
    snprintf(errf, sizeof errf, "%s/stderr.txt", dir);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int fd = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
        if (fd >= 0)
            dup2(fd, 2);
        const char *bin = getenv("TABLETOP_BIN");
        if (game)
            execl(bin, bin, "play", "--backend", backend, "--game", game, "--headless",
                  "--script", script, "--frames", dir, "--save-dir", save, "--wav", wav,
                  "--seed", "1", (char *)NULL);
        else
            execl(bin, bin, "play", "--backend", backend, "--headless", "--script", script,
                  "--frames", dir, "--save-dir", save, "--wav", wav, "--seed", "1",
                  (char *)NULL);
        _exit(127);
    }
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static pcm_t read_wav(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot read %s", path);
    unsigned char h[44];
    cr_assert_eq(fread(h, 1, 44, f), 44u, "%s: short header", path);
    cr_assert(!memcmp(h, "RIFF", 4) && !memcmp(h + 36, "data", 4), "%s: not a WAV", path);
    cr_assert_eq(h[22], 1, "%s: not mono", path);
    cr_assert_eq(h[24] | h[25] << 8, 8000, "%s: not 8 kHz", path);
    size_t bytes = (size_t)h[40] | (size_t)h[41] << 8 | (size_t)h[42] << 16 |
                   (size_t)h[43] << 24;
    pcm_t p = {malloc(bytes + 2), bytes / 2};
    unsigned char *raw = malloc(bytes + 2);
    cr_assert_eq(fread(raw, 1, bytes, f), bytes, "%s: data shorter than its header", path);
    for (size_t i = 0; i < p.n; i++)
        p.s[i] = (int16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);
    fclose(f);
    return p;
}

/* A clip as the simulated ROM holds it (the .vh image the model loaded). */
static pcm_t read_rom(int c)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.vh", env_or_die("TABLETOP_ROM_DIR"), clip_names[c]);
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot read %s", path);
    pcm_t p = {malloc(2 * 12000 + 2), 0};
    unsigned v;
    while (p.n < 12000 && fscanf(f, "%x", &v) == 1)
        p.s[p.n++] = (int16_t)v;
    fclose(f);
    return p;
}

static pcm_t roms[NCLIPS];

static void load_roms(void)
{
    for (int c = 0; c < NCLIPS; c++)
        if (!roms[c].s)
            roms[c] = read_rom(c);
}

/* Cuts s[pos..n) into clips: each a prefix of one of clips[NCLIPS], the
 * last one whole if last_whole is set.  Writes the clip numbers to ids and
 * returns their count, or -1 if the stream is not made of clips.  A prefix
 * may run on by chance into samples of the next clip, so shorter cuts are
 * tried too. */
static int split_in(const pcm_t *clips, int last_whole, const pcm_t *s, size_t pos, int *ids,
                    int max, size_t *lens)
{
    if (pos == s->n)
        return 0;
    if (max == 0)
        return -1;
    for (int c = 0; c < NCLIPS; c++) {
        size_t lcp = 0;
        while (lcp < clips[c].n && pos + lcp < s->n && s->s[pos + lcp] == clips[c].s[lcp])
            lcp++;
        for (size_t len = lcp; len > 0 && len + 8 > lcp; len--) {
            /* Only the last clip of the stream must be whole. */
            if (last_whole && pos + len == s->n && len != clips[c].n)
                continue;
            int k = split_in(clips, last_whole, s, pos + len, ids + 1, max - 1,
                             lens ? lens + 1 : NULL);
            if (k >= 0) {
                ids[0] = c;
                if (lens)
                    lens[0] = len;
                return k + 1;
            }
        }
    }
    return -1;
}

/* The same with the ROM clips. */
static int split_clips(const pcm_t *s, size_t pos, int *ids, int max, size_t *lens)
{
    return split_in(roms, 1, s, pos, ids, max, lens);
}

static void check_png_pair(const char *sim_png, const char *other_png, const char *what)
{
    uint16_t *a = NULL, *b = NULL;
    int aw, ah, bw, bh;
    char err[512];
    cr_assert_eq(frame_png_read(sim_png, &a, &aw, &ah, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(other_png, &b, &bw, &bh, err, sizeof err), 0, "%s", err);
    cr_assert(aw == bw && ah == bh, "%s: %dx%d vs %dx%d", what, aw, ah, bw, bh);
    long diff = 0, first = -1;
    for (long i = 0; i < (long)aw * ah; i++)
        if (a[i] != b[i]) {
            if (first < 0)
                first = i;
            diff++;
        }
    cr_expect_eq(diff, 0, "%s: %ld pixels differ, first at (%ld,%ld): sim %03x, other %03x",
                 what, diff, first % aw, first / aw, first >= 0 ? a[first] : 0,
                 first >= 0 ? b[first] : 0);
    free(a);
    free(b);
}

/* Runs script on both backends and holds sim to sdl (and to the golden
 * frames where one has the snap's name).  Returns the number of frames. */
static int check_script(const char *script_name, const char *game)
{
    char script[4096];
    snprintf(script, sizeof script, "%s/%s", env_or_die("TABLETOP_CONSOLE_DATA"), script_name);
    char *dsim = make_tmpdir(), *dsdl = make_tmpdir();
    int st = play("sdl", dsdl, script, game);
    cr_assert_eq(st, 0, "sdl backend exited %d on %s (see %s/stderr.txt)", st, script_name,
                 dsdl);
    st = play("sim", dsim, script, game);
    cr_assert_eq(st, 0, "sim backend exited %d on %s (see %s/stderr.txt)", st, script_name,
                 dsim);

    int frames = 0;
    DIR *d = opendir(dsdl);
    cr_assert(d);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".png"))
            continue;
        char a[4096], b[4096], g[4096], what[512];
        snprintf(a, sizeof a, "%s/%s", dsim, e->d_name);
        snprintf(b, sizeof b, "%s/%s", dsdl, e->d_name);
        snprintf(g, sizeof g, "%s/golden/%s", env_or_die("TABLETOP_CONSOLE_DATA"), e->d_name);
        cr_assert(access(a, R_OK) == 0, "%s: the sim backend wrote no %s", script_name,
                  e->d_name);
        snprintf(what, sizeof what, "%s %s (sim vs sdl)", script_name, e->d_name);
        check_png_pair(a, b, what);
        if (access(g, R_OK) == 0) {
            snprintf(what, sizeof what, "%s %s (sim vs golden)", script_name, e->d_name);
            check_png_pair(a, g, what);
        }
        frames++;
    }
    closedir(d);

    /* Sounds: the same clips in the same order, each exactly its ROM. */
    load_roms();
    char wsim[4096], wsdl[4096];
    snprintf(wsim, sizeof wsim, "%s/out.wav", dsim);
    snprintf(wsdl, sizeof wsdl, "%s/out.wav", dsdl);
    pcm_t psim = read_wav(wsim), psdl = read_wav(wsdl);
    int ids_sim[256], ids_sdl[256];
    int nsim = split_clips(&psim, 0, ids_sim, 256, NULL);
    int nsdl = split_clips(&psdl, 0, ids_sdl, 256, NULL);
    cr_expect_geq(nsim, 0, "%s: the sim audio stream (%zu samples) is not made of ROM clips",
                  script_name, psim.n);
    cr_expect_geq(nsdl, 0, "%s: the sdl audio stream is not made of clips", script_name);
    cr_expect_eq(nsim, nsdl, "%s: %d clips on sim, %d on sdl", script_name, nsim, nsdl);
    for (int i = 0; i < nsim && i < nsdl; i++)
        cr_expect_eq(ids_sim[i], ids_sdl[i], "%s: clip %d is %s on sim, %s on sdl", script_name,
                     i, clip_names[ids_sim[i]], clip_names[ids_sdl[i]]);
    free(psim.s);
    free(psdl.s);
    remove_tree(dsim);
    remove_tree(dsdl);
    free(dsim);
    free(dsdl);
    return frames;
}

Test(sim_parity, title, .timeout = 120)
{
    cr_expect_eq(check_script("title.txt", "go"), 1);
}

Test(sim_parity, menus, .timeout = 180)
{
    cr_expect_eq(check_script("menus.txt", "go"), 8);
}

Test(sim_parity, board_capture_illegal_cursor, .timeout = 180)
{
    cr_expect_eq(check_script("board.txt", "go"), 3);
}

Test(sim_parity, ko_and_suicide, .timeout = 180)
{
    cr_expect_eq(check_script("ko.txt", "go"), 3);
}

Test(sim_parity, game_over, .timeout = 180)
{
    cr_expect_eq(check_script("gameover.txt", "go"), 3);
}

Test(sim_parity, chooser, .timeout = 120)
{
    cr_expect_eq(check_script("chooser.txt", NULL), 3);
}

/* The clips tests/data/sim/sounds.txt plays, in order: six place clips,
 * capture, illegal, game over. */
static const int sounds_want[] = {0, 0, 0, 0, 0, 0, 1, 2, 3};
#define NSOUNDS ((int)(sizeof sounds_want / sizeof sounds_want[0]))

/* The script's path in script; returns the samples its clips hold. */
static size_t sounds_script(char *script, size_t len)
{
    snprintf(script, len, "%s/sounds.txt", env_or_die("TABLETOP_SIM_DATA"));
    load_roms();
    size_t total = 0;
    for (int i = 0; i < NSOUNDS; i++)
        total += roms[sounds_want[i]].n;
    return total;
}

/* Every clip played to its end: the WAV is the ROM clips back to back, on
 * both backends, to the sample. */
Test(sim_parity, every_sound_is_its_rom_clip, .timeout = 180)
{
    char script[4096];
    const size_t total = sounds_script(script, sizeof script);
    const int *want = sounds_want, nwant = NSOUNDS;
    const char *backends[] = {"sim", "sdl"};
    for (int b = 0; b < 2; b++) {
        char *dir = make_tmpdir();
        int st = play(backends[b], dir, script, "go");
        cr_assert_eq(st, 0, "%s backend exited %d (see %s/stderr.txt)", backends[b], st, dir);
        char wav[4096];
        snprintf(wav, sizeof wav, "%s/out.wav", dir);
        pcm_t p = read_wav(wav);
        cr_assert_eq(p.n, total, "%s: %zu samples, want %zu (9 whole clips)", backends[b], p.n,
                     total);
        size_t pos = 0;
        for (int i = 0; i < nwant; i++) {
            const pcm_t *c = &roms[want[i]];
            cr_expect(!memcmp(p.s + pos, c->s, c->n * 2), "%s: clip %d is not the %s ROM",
                      backends[b], i, clip_names[want[i]]);
            pos += c->n;
        }
        free(p.s);
        remove_tree(dir);
        free(dir);
    }
}

/* The clip splitter must reject a stream that is not made of clips, or
 * the checks above could not fail. */
Test(sim_parity, splitter_rejects_foreign_audio)
{
    load_roms();
    pcm_t s = {malloc(2 * 3000), 0};
    memcpy(s.s, roms[0].s, 500 * 2); /* a cut place clip */
    s.n = 500;
    memcpy(s.s + s.n, roms[2].s, roms[2].n * 2); /* a whole illegal clip */
    s.n += roms[2].n;
    int ids[8];
    size_t lens[8];
    cr_assert_eq(split_clips(&s, 0, ids, 8, lens), 2);
    cr_expect_eq(ids[0], 0);
    cr_expect_eq(lens[0], 500u);
    cr_expect_eq(ids[1], 2);
    s.s[700] ^= 0x40; /* one sample off inside the last clip */
    cr_expect_lt(split_clips(&s, 0, ids, 8, NULL), 0);
    s.s[700] ^= 0x40;
    s.n -= 1; /* the last clip cut short */
    cr_expect_lt(split_clips(&s, 0, ids, 8, NULL), 0);
    free(s.s);
}

/* Windowed (SDL's dummy video driver): the window path of the backend -
 * sampler always on, frames to the window, pacing to real time, samples to
 * the SDL queue - gives the same frames, and SIGTERM quits cleanly. */
Test(sim_parity, windowed_sim_gives_the_same_frames, .timeout = 120)
{
    char *dir = make_tmpdir();
    char script[4096], save[4096], last[4096];
    snprintf(script, sizeof script, "%s/script.txt", dir);
    snprintf(save, sizeof save, "%s/save", dir);
    snprintf(last, sizeof last, "%s/mode_menu.png", dir);
    FILE *f = fopen(script, "w");
    cr_assert(f);
    fputs("snap title\nenter\nsnap mode_menu\n", f);
    fclose(f);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
        setenv("SDL_VIDEODRIVER", "dummy", 1);
        setenv("SDL_AUDIODRIVER", "dummy", 1);
        const char *bin = getenv("TABLETOP_BIN");
        execl(bin, bin, "play", "--backend", "sim", "--game", "go", "--script", script,
              "--frames", dir, "--save-dir", save, (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 6000 && access(last, R_OK) != 0; i++)
        usleep(10000);
    usleep(200000);
    kill(pid, SIGTERM);
    int st;
    waitpid(pid, &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "windowed sim run did not quit cleanly (%d)",
              st);
    const char *names[] = {"title", "mode_menu"};
    for (int i = 0; i < 2; i++) {
        char a[4096], g[4096], what[256];
        snprintf(a, sizeof a, "%s/%s.png", dir, names[i]);
        snprintf(g, sizeof g, "%s/golden/%s.png", env_or_die("TABLETOP_CONSOLE_DATA"), names[i]);
        cr_assert(access(a, R_OK) == 0, "no %s.png from the windowed run", names[i]);
        snprintf(what, sizeof what, "windowed %s (sim vs golden)", names[i]);
        check_png_pair(a, g, what);
    }
    remove_tree(dir);
    free(dir);
}

/* The samples of s that are not silence, in order. */
static pcm_t non_silent(const int16_t *s, size_t n)
{
    pcm_t p = {malloc(2 * n + 2), 0};
    for (size_t i = 0; i < n; i++)
        if (s[i] != 0)
            p.s[p.n++] = s[i];
    return p;
}

/* What the audio device has played so far: SDL's disk driver writes every
 * buffer it plays (the queue's samples, silence where the queue ran dry)
 * to SDL_DISKAUDIOFILE, in the format asked for (S16 mono 8 kHz). */
static pcm_t device_stream(const char *path)
{
    pcm_t p = {NULL, 0};
    FILE *f = fopen(path, "rb");
    if (!f)
        return p;
    long bytes = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (bytes < 0) {
        fclose(f);
        return p;
    }
    rewind(f);
    unsigned char *raw = malloc((size_t)bytes + 2);
    size_t got = fread(raw, 1, (size_t)bytes, f);
    fclose(f);
    p.s = malloc(got + 2);
    p.n = got / 2;
    for (size_t i = 0; i < p.n; i++)
        p.s[i] = (int16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
    free(raw);
    return p;
}

/* Runs `tabletop play` windowed (SDL's dummy video driver) on backend
 * with the script, the audio device being SDL's disk driver, which writes
 * what the device plays to dir/device.raw; with a WAV at dir/out.wav when
 * wav is set.  Waits for dir/LAST.png, then until the device has played
 * at least `want` samples other than silence (want 0: until it has played
 * nothing new for a second), stops it with SIGTERM and returns what the
 * device played, silence left out.  Its stderr must not say it has no
 * sound. */
static pcm_t play_windowed(const char *backend, const char *script, const char *last,
                           const char *dir, int wav, size_t want)
{
    char save[4096], lastf[4096], raw[4096], errf[4096], wavf[4096];
    snprintf(save, sizeof save, "%s/save", dir);
    snprintf(lastf, sizeof lastf, "%s/%s.png", dir, last);
    snprintf(raw, sizeof raw, "%s/device.raw", dir);
    snprintf(errf, sizeof errf, "%s/stderr.txt", dir);
    snprintf(wavf, sizeof wavf, "%s/out.wav", dir);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        int fd = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(devnull, 0);
        dup2(devnull, 1);
        if (fd >= 0)
            dup2(fd, 2);
        setenv("SDL_VIDEODRIVER", "dummy", 1);
        setenv("SDL_AUDIODRIVER", "disk", 1);
        setenv("SDL_DISKAUDIOFILE", raw, 1);
        unsetenv("SDL_DISKAUDIODELAY");
        const char *bin = getenv("TABLETOP_BIN");
        if (wav)
            execl(bin, bin, "play", "--backend", backend, "--game", "go", "--script", script,
                  "--frames", dir, "--save-dir", save, "--seed", "1", "--wav", wavf,
                  (char *)NULL);
        else
            execl(bin, bin, "play", "--backend", backend, "--game", "go", "--script", script,
                  "--frames", dir, "--save-dir", save, "--seed", "1", (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 12000 && access(lastf, R_OK) != 0; i++)
        usleep(10000);
    /* The last clip may still be playing at the snap: wait for the device
     * (for `want` samples, or until a second passes with nothing new). */
    pcm_t heard = {NULL, 0};
    size_t before = 0;
    int still = 0;
    for (int i = 0; i < 300; i++) {
        pcm_t dev = device_stream(raw);
        free(heard.s);
        heard = non_silent(dev.s, dev.n);
        free(dev.s);
        if (want ? heard.n >= want : heard.n > 0 && (still = heard.n == before ? still + 1 : 0) == 10)
            break;
        before = heard.n;
        usleep(100000);
    }
    kill(pid, SIGTERM);
    int st;
    waitpid(pid, &st, 0);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: windowed run did not quit cleanly (%d)",
              backend, st);
    FILE *e = fopen(errf, "r");
    char line[1024];
    while (e && fgets(line, sizeof line, e))
        cr_expect(!strstr(line, "no sound"), "%s: %s", backend, line);
    if (e)
        fclose(e);
    return heard;
}

/* In a window, the sounds reach the audio device: every clip of
 * sounds.txt, whole and in order, on both backends.  The device plays
 * silence wherever its queue is empty, between clips and, where a host
 * falls behind, inside one, so silence is left out on both sides.  The
 * console once had no sound in any window: the Go engine's thread-local
 * boards took the 64 KB stack SDL gives its audio thread, which could then
 * not be created (docs/hal.md). */
Test(sim_parity, windowed_sounds_reach_the_device, .timeout = 180)
{
    char script[4096];
    const size_t total = sounds_script(script, sizeof script);
    const int *want = sounds_want, nwant = NSOUNDS;
    int16_t *all = malloc(2 * total + 2);
    size_t at = 0;
    for (int i = 0; i < nwant; i++) {
        memcpy(all + at, roms[want[i]].s, 2 * roms[want[i]].n);
        at += roms[want[i]].n;
    }
    pcm_t expect = non_silent(all, total);
    free(all);
    const char *backends[] = {"sim", "sdl"};
    for (int b = 0; b < 2; b++) {
        char *dir = make_tmpdir();
        pcm_t heard = play_windowed(backends[b], script, "sounds_gameover", dir, 0, expect.n);
        cr_assert_eq(heard.n, expect.n,
                     "%s: the device played %zu samples other than silence, the clips hold %zu",
                     backends[b], heard.n, expect.n);
        cr_expect(!memcmp(heard.s, expect.s, 2 * expect.n),
                  "%s: the device did not play the nine clips in order", backends[b]);
        free(heard.s);
        remove_tree(dir);
        free(dir);
    }
    free(expect.s);
}

/* The ROM clips with their silence left out, for streams that have it
 * left out too. */
static pcm_t roms_heard[NCLIPS];

/* Clips cut short by the next sound, in a window on sim: the speaker is
 * given exactly the samples the model's audio pins carry, as they come
 * (sim/hal_sim.cpp drain_audio), so what it played must be the WAV's clips:
 * the same ROM clips in the same order, each as long as the model let it
 * play, and never a sample that is not its ROM's.  The run is stopped once
 * the speaker has played nothing new for a second; by then a host slower
 * than real time (ASan, a loaded CI) may have samples of the last clip
 * queued and not yet played, so the speaker's last clip may be shorter
 * than the model's, never longer. */
Test(sim_parity, windowed_cut_sounds_are_the_models, .timeout = 180)
{
    load_roms();
    for (int c = 0; c < NCLIPS; c++)
        if (!roms_heard[c].s)
            roms_heard[c] = non_silent(roms[c].s, roms[c].n);
    const char *scripts[][2] = {{"board.txt", "board_cursor"}, {"gameover.txt", "after_gameover"}};
    for (int k = 0; k < 2; k++) {
        char script[4096], wavf[4096];
        snprintf(script, sizeof script, "%s/%s", env_or_die("TABLETOP_CONSOLE_DATA"),
                 scripts[k][0]);
        char *dir = make_tmpdir();
        pcm_t heard = play_windowed("sim", script, scripts[k][1], dir, 1, 0);
        snprintf(wavf, sizeof wavf, "%s/out.wav", dir);
        pcm_t w = read_wav(wavf);
        pcm_t model = non_silent(w.s, w.n);
        int mids[64], hids[64];
        size_t mlens[64], hlens[64];
        int nm = split_in(roms_heard, 0, &model, 0, mids, 64, mlens);
        int nh = split_in(roms_heard, 0, &heard, 0, hids, 64, hlens);
        cr_assert_gt(nm, 1, "%s: the WAV is not two clips or more (%d)", scripts[k][0], nm);
        cr_assert_eq(nh, nm, "%s: the device played %d clips (ROM prefixes), the model %d",
                     scripts[k][0], nh, nm);
        int cut = 0;
        for (int i = 0; i < nm; i++) {
            cr_expect_eq(hids[i], mids[i], "%s: clip %d: the device played %s, the model %s",
                         scripts[k][0], i, clip_names[hids[i]], clip_names[mids[i]]);
            if (i < nm - 1)
                cr_expect_eq(hlens[i], mlens[i],
                             "%s: clip %d: the device played %zu samples, the model took %zu",
                             scripts[k][0], i, hlens[i], mlens[i]);
            else
                cr_expect_leq(hlens[i], mlens[i],
                              "%s: last clip: the device played %zu samples, the model only %zu",
                              scripts[k][0], hlens[i], mlens[i]);
            cut += i < nm - 1 && mlens[i] < roms_heard[mids[i]].n;
        }
        cr_expect_gt(cut, 0, "%s: no clip was cut short: the test would not see a cut clip played",
                     scripts[k][0]);
        free(w.s);
        free(model.s);
        free(heard.s);
        remove_tree(dir);
        free(dir);
    }
}

/* Runs `tabletop connect4 move POSITION --backend B`; returns its output
 * (stdout and stderr) and exit status in *status. */
static char *c4_move(const char *position, const char *backend, int *status)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' connect4 move '%s' --backend %s 2>&1",
             getenv("TABLETOP_BIN"), position, backend);
    FILE *p = popen(cmd, "r");
    cr_assert(p, "popen %s", cmd);
    char *out = calloc(1, 1024);
    size_t n = fread(out, 1, 1023, p);
    out[n] = 0;
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
    return out;
}

/* The Connect Four AI in the Verilated mailbox answers every position as
 * the C model does (and refuses the same impossible ones). */
Test(sim_parity, connect4_moves_from_the_rtl, .timeout = 120)
{
    uint32_t seed = 2024;
    int answered = 0;
    for (int trial = 0; trial < 60; trial++) {
        char pos[64];
        seed = seed * 1664525u + 1013904223u;
        int len = (int)((seed >> 8) % 30);
        int height[7] = {0};
        int n = 0;
        for (int i = 0; i < len; i++) {
            seed = seed * 1664525u + 1013904223u;
            int c = (int)((seed >> 8) % 7);
            /* Every tenth position keeps an overfull column: bad input. */
            if (height[c] == 6 && trial % 10)
                continue;
            height[c]++;
            pos[n++] = (char)('1' + c);
        }
        pos[n] = 0;
        int ssim, ssdl;
        char *osim = c4_move(pos, "sim", &ssim), *osdl = c4_move(pos, "sdl", &ssdl);
        cr_expect_eq(ssim, ssdl, "'%s': exit %d on sim, %d on sdl", pos, ssim, ssdl);
        cr_expect_str_eq(osim, osdl, "'%s': sim said '%s', sdl '%s'", pos, osim, osdl);
        answered += ssim == 0;
        free(osim);
        free(osdl);
    }
    cr_expect_gt(answered, 30, "only %d positions were answered", answered);
}

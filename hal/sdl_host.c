/* sdl_host.c - SDL2 window, keyboard and speaker; see sdl_host.h. */
#include "sdl_host.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL.h>
#ifdef TABLETOP_HAVE_X11
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#endif

#include "hal.h"

#define KEY_QUEUE 64
/* Silence queued ahead of a clip: 100 ms at 8 kHz. */
#define AUDIO_LEAD_SAMPLES 800
/* The speaker's ring (play_audio): 4 s, more than the longest clip and its
 * lead, so a tail not yet played can always be taken back
 * (sdl_host_unqueue_audio). */
#define AUDIO_KEEP_SAMPLES (4 * HAL_AUDIO_RATE)

/* Bounds on a remembered window size: anything outside is a corrupt file. */
#define SETTINGS_MIN_W HAL_FB_WIDTH
#define SETTINGS_MIN_H HAL_FB_HEIGHT
#define SETTINGS_MAX 32768
#define SETTINGS_MAX_BYTES 4096

struct host {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    SDL_AudioDeviceID audio; /* 0: no sound card */
    int keys[KEY_QUEUE];
    int key_head, key_count;
    int redraw;
    int have_frame;
    host_pacer_t pacer;         /* backend time against real time */
    sdl_host_window_t opened;   /* the window as opened: close saves only a change */
    int windowed_w, windowed_h; /* the windowed size, kept while fullscreen */
    int own_fullscreen;         /* 1: covering the display itself (no window manager) */
    int windowed_x, windowed_y; /* where the window was before covering the display */
    uint8_t segments[6];        /* lit segments of HEX0..HEX5 in the strip */
    /* The speaker's ring, shared with SDL's audio thread under the
     * device's lock: sample i of all queued (the leads included) is at
     * kept[i % AUDIO_KEEP_SAMPLES]; [played, queued) wait to be played, and
     * queued - played <= AUDIO_KEEP_SAMPLES. */
    uint64_t queued;
    uint64_t played;
    int16_t kept[AUDIO_KEEP_SAMPLES];
};

/* The window's logical size: the picture and the digit strip below it. */
#define WINDOW_LOGICAL_H (HAL_FB_HEIGHT + SDL_HOST_STRIP_HEIGHT)

static uint64_t real_us(void)
{
    return SDL_GetPerformanceCounter() * 1000000ull / SDL_GetPerformanceFrequency();
}

/* True when SDL has nowhere to put a window: no X11/Wayland display and no
 * video driver forced by the user. */
static int display_missing(void)
{
#if defined(__linux__)
    if (getenv("SDL_VIDEODRIVER"))
        return 0;
    const char *x = getenv("DISPLAY");
    const char *w = getenv("WAYLAND_DISPLAY");
    return !(x && *x) && !(w && *w);
#else
    return 0;
#endif
}

static const char no_display_msg[] =
    "no display found: run `tabletop play --headless --script FILE --frames DIR`, or set DISPLAY";

/* The largest whole factor at which the picture and a strip of
 * SDL_HOST_STRIP_MIN fit width x height; 0 if none does. */
static int largest_scale(long width, long height)
{
    int scale = 0;
    /* No upper limit but the display: a 4K desktop gets 4x. */
    while (scale < 64 && (long)HAL_FB_WIDTH * (scale + 1) <= width &&
           (long)HAL_FB_HEIGHT * (scale + 1) + SDL_HOST_STRIP_MIN <= height)
        scale++;
    return scale;
}

int sdl_host_fit_scale(int usable_w, int usable_h, int deco_w, int deco_h)
{
    int scale = largest_scale((long)usable_w - deco_w, (long)usable_h - deco_h);
    return scale > 1 ? scale : 1;
}

void sdl_host_fit_window(int usable_w, int usable_h, int deco_w, int deco_h, int *width,
                         int *height)
{
    int scale = sdl_host_fit_scale(usable_w, usable_h, deco_w, deco_h);
    long strip = (long)usable_h - deco_h - (long)HAL_FB_HEIGHT * scale;
    if (strip > (long)SDL_HOST_STRIP_HEIGHT * scale || scale == 1)
        strip = (long)SDL_HOST_STRIP_HEIGHT * scale; /* 1x: never below the minimum size */
    *width = HAL_FB_WIDTH * scale;
    *height = HAL_FB_HEIGHT * scale + (int)strip;
}

void sdl_host_layout(int out_w, int out_h, sdl_host_layout_t *out)
{
    sdl_host_layout_t l = {0};
    l.scale = largest_scale(out_w, out_h);
    if (l.scale >= 1) {
        l.width = HAL_FB_WIDTH * l.scale;
        l.height = HAL_FB_HEIGHT * l.scale;
        l.strip_height = SDL_HOST_STRIP_HEIGHT * l.scale;
    } else if (out_w > 0 && out_h > 0) {
        /* Smaller than 1x: the picture and a full strip shrunk to fit. */
        long w = out_w;
        long by_height = (long)out_h * HAL_FB_WIDTH / (HAL_FB_HEIGHT + SDL_HOST_STRIP_HEIGHT);
        if (by_height < w)
            w = by_height;
        l.width = (int)w;
        l.height = (int)(w * HAL_FB_HEIGHT / HAL_FB_WIDTH);
        l.strip_height = (int)(w * SDL_HOST_STRIP_HEIGHT / HAL_FB_WIDTH);
    }
    if (l.strip_height > out_h - l.height)
        l.strip_height = out_h - l.height > 0 ? out_h - l.height : 0;
    l.x = (out_w - l.width) / 2;
    l.y = (out_h - l.height - l.strip_height) / 2;
    *out = l;
}

int sdl_host_settings_path(char *buf, size_t len)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && *xdg == '/') /* the XDG spec: a relative value is ignored */
        n = snprintf(buf, len, "%s/tabletop/window.conf", xdg);
    else if (home && *home)
        n = snprintf(buf, len, "%s/.local/state/tabletop/window.conf", home);
    else
        return -1;
    return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Reads the space-separated decimal numbers after `key ` in line into
 * v[0..n-1]; the line must hold exactly those.  Returns 0 or -1. */
static int parse_line(const char *line, const char *key, long *v, int n)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0)
        return -1;
    const char *p = line + k;
    for (int i = 0; i < n; i++) {
        if (*p != ' ' || p[1] == ' ' || p[1] == '+')
            return -1;
        char *end;
        errno = 0;
        v[i] = strtol(p + 1, &end, 10);
        if (errno || end == p + 1)
            return -1;
        p = end;
    }
    return *p ? -1 : 0;
}

int sdl_host_settings_load(const char *path, sdl_host_window_t *out)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char text[SETTINGS_MAX_BYTES + 1];
    size_t n = fread(text, 1, sizeof text, f);
    int read_error = ferror(f);
    fclose(f);
    if (read_error || n > SETTINGS_MAX_BYTES || memchr(text, 0, n))
        return -1;
    text[n] = 0;
    sdl_host_window_t w = {0};
    int have_size = 0, have_fullscreen = 0;
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        long v[2];
        if (line[0] == '#')
            continue;
        if (!have_size && parse_line(line, "size", v, 2) == 0 && v[0] >= SETTINGS_MIN_W &&
            v[0] <= SETTINGS_MAX && v[1] >= SETTINGS_MIN_H && v[1] <= SETTINGS_MAX) {
            w.width = (int)v[0];
            w.height = (int)v[1];
            have_size = 1;
        } else if (!have_fullscreen && parse_line(line, "fullscreen", v, 1) == 0 &&
                   (v[0] == 0 || v[0] == 1)) {
            w.fullscreen = (int)v[0];
            have_fullscreen = 1;
        } else {
            return -1;
        }
    }
    if (!have_size || !have_fullscreen)
        return -1;
    *out = w;
    return 0;
}

/* mkdir -p for the folder holding path (everything before its last '/'). */
static int make_parent_dirs(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return 0;
    size_t n = (size_t)(slash - path);
    if (n >= sizeof dir)
        return -1;
    memcpy(dir, path, n);
    dir[n] = 0;
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(dir, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    if (stat(dir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int sdl_host_settings_save(const char *path, const sdl_host_window_t *w, char *err,
                           size_t errlen)
{
    char tmp[4096 + 32];
    mode_t mode = 0644;
    struct stat st;
    if (lstat(path, &st) == 0) {
        /* Someone else's device, pipe or link is not ours to replace. */
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "cannot remember the window in %s: not a regular file "
                                  "(remove it to let tabletop write it)", path);
            return -1;
        }
        mode = st.st_mode & 07777;
    }
    if (make_parent_dirs(path) != 0) {
        snprintf(err, errlen, "cannot remember the window: cannot create the folder of %s: %s",
                 path, strerror(errno));
        return -1;
    }
    if (snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof tmp) {
        snprintf(err, errlen, "cannot remember the window: path too long: %s", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        snprintf(err, errlen, "cannot remember the window in %s: %s", tmp, strerror(errno));
        return -1;
    }
    char text[160];
    int n = snprintf(text, sizeof text,
                     "# tabletop's window, written when it closes (a broken file is ignored)\n"
                     "size %d %d\nfullscreen %d\n",
                     w->width, w->height, w->fullscreen ? 1 : 0);
    int ok = n > 0 && write(fd, text, (size_t)n) == n && fchmod(fd, mode) == 0 && fsync(fd) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = 0;
        saved = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = 0;
        saved = errno;
    }
    if (!ok) {
        unlink(tmp);
        snprintf(err, errlen, "cannot remember the window in %s: %s", path, strerror(saved));
        return -1;
    }
    return 0;
}

/* alsa-lib reports a missing sound card on stderr itself, eight lines of it,
 * before SDL can tell us; our own one line says it all.  While audio opens,
 * stderr goes to a scratch file; afterwards every line that is not alsa-lib's
 * is passed on. */
static int quiet_stderr_begin(FILE **capture)
{
    *capture = tmpfile();
    if (!*capture)
        return -1;
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    if (saved < 0 || dup2(fileno(*capture), STDERR_FILENO) < 0) {
        if (saved >= 0)
            close(saved);
        fclose(*capture);
        *capture = NULL;
        return -1;
    }
    return saved;
}

static void quiet_stderr_end(int saved, FILE *capture)
{
    if (saved < 0)
        return;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char line[1024];
    rewind(capture);
    while (fgets(line, sizeof line, capture))
        if (strncmp(line, "ALSA lib ", 9) != 0)
            fputs(line, stderr);
    fclose(capture);
}

static const char no_sound_fmt[] = "tabletop: no sound (SDL: %s): playing on silently; set "
                                   "SDL_AUDIODRIVER to a working driver or use --headless\n";

/* SDL's audio thread asks for len bytes (the device's lock held): the ring's
 * waiting samples, then silence. */
static void SDLCALL play_audio(void *userdata, Uint8 *stream, int len)
{
    host_t *host = userdata;
    int16_t *out = (int16_t *)(void *)stream;
    const size_t n = (size_t)len / sizeof *out;
    size_t i = 0;
    while (i < n && host->played < host->queued)
        out[i++] = host->kept[host->played++ % AUDIO_KEEP_SAMPLES];
    memset(out + i, 0, (n - i) * sizeof *out);
}

static void open_audio(host_t *host)
{
    FILE *capture;
    int saved = quiet_stderr_begin(&capture);
    char why[256] = "";
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0) {
        SDL_AudioSpec want = {0}, have;
        want.freq = HAL_AUDIO_RATE;
        want.format = AUDIO_S16SYS;
        want.channels = 1;
        want.samples = 256;
        /* Our own callback, not SDL's queue: SDL gives the thread that
         * plays its queue a 64 KB stack, which the program's thread-local
         * storage must fit in beside it (docs/hal.md). */
        want.callback = play_audio;
        want.userdata = host;
        host->audio = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
        if (host->audio)
            SDL_PauseAudioDevice(host->audio, 0);
        else
            snprintf(why, sizeof why, "%s", SDL_GetError());
        if (!host->audio)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
    } else {
        snprintf(why, sizeof why, "%s", SDL_GetError());
    }
    quiet_stderr_end(saved, capture);
    if (!host->audio)
        fprintf(stderr, no_sound_fmt, why);
}

#ifdef TABLETOP_HAVE_X11
static int x11_error_seen;

static int x11_note_error(Display *d, XErrorEvent *e)
{
    (void)d, (void)e;
    x11_error_seen = 1;
    return 0;
}

/* The window named by w's WINDOW property prop, or None. */
static Window x11_window_property(Display *d, Window w, const char *prop)
{
    Atom type;
    int format;
    unsigned long n, left;
    unsigned char *data = NULL;
    Window found = None;
    Atom atom = XInternAtom(d, prop, False);
    if (XGetWindowProperty(d, w, atom, 0, 1, False, XA_WINDOW, &type, &format, &n, &left,
                           &data) == Success &&
        data && type == XA_WINDOW && format == 32 && n == 1)
        found = (Window)((unsigned long *)(void *)data)[0];
    if (data)
        XFree(data);
    return found;
}

/* 1 if the root window's _NET_SUPPORTED lists atom. */
static int x11_supported(Display *d, Atom atom)
{
    Atom type;
    int format;
    unsigned long n = 0, left;
    unsigned char *data = NULL;
    int found = 0;
    if (XGetWindowProperty(d, DefaultRootWindow(d), XInternAtom(d, "_NET_SUPPORTED", False), 0,
                           4096, False, XA_ATOM, &type, &format, &n, &left, &data) == Success &&
        data && type == XA_ATOM && format == 32)
        for (unsigned long i = 0; i < n && !found; i++)
            found = ((unsigned long *)(void *)data)[i] == atom;
    if (data)
        XFree(data);
    return found;
}
#endif

/* 1 unless this is X11 without a running window manager that does
 * fullscreen (EWMH: the root's _NET_SUPPORTING_WM_CHECK names a window
 * that names itself, and _NET_SUPPORTED lists _NET_WM_STATE_FULLSCREEN).
 * SDL 2.26 only asks the window manager; with none, the request is lost
 * while SDL draws as if the window covered the display. */
static int wm_does_fullscreen(void)
{
#ifdef TABLETOP_HAVE_X11
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!driver || strcmp(driver, "x11") != 0)
        return 1;
    Display *d = XOpenDisplay(NULL);
    if (!d)
        return 1; /* SDL has the display; let it try */
    XErrorHandler previous = XSetErrorHandler(x11_note_error);
    x11_error_seen = 0;
    Window wm = x11_window_property(d, DefaultRootWindow(d), "_NET_SUPPORTING_WM_CHECK");
    /* A manager that has exited leaves the root's property behind: its
     * window must exist and name itself. */
    int live = wm != None && x11_window_property(d, wm, "_NET_SUPPORTING_WM_CHECK") == wm;
    XSync(d, False);
    live = live && !x11_error_seen;
    int does = live && x11_supported(d, XInternAtom(d, "_NET_WM_STATE_FULLSCREEN", False));
    XSetErrorHandler(previous);
    XCloseDisplay(d);
    return does;
#else
    return 1;
#endif
}

/* Fullscreen without a window manager: the window itself, borderless,
 * covers its display (on = 1), or goes back to its windowed place and
 * size (on = 0). */
static void cover_display(host_t *host, int on)
{
    SDL_Window *w = host->window;
    if (on) {
        SDL_Rect b;
        int display = SDL_GetWindowDisplayIndex(w);
        if (display < 0 || SDL_GetDisplayBounds(display, &b) != 0)
            return;
        if (!host->own_fullscreen)
            SDL_GetWindowPosition(w, &host->windowed_x, &host->windowed_y);
        host->own_fullscreen = 1;
        SDL_SetWindowBordered(w, SDL_FALSE);
        SDL_SetWindowPosition(w, b.x, b.y);
        SDL_SetWindowSize(w, b.w, b.h);
        SDL_RaiseWindow(w);
    } else {
        host->own_fullscreen = 0;
        SDL_SetWindowSize(w, host->windowed_w, host->windowed_h);
        SDL_SetWindowPosition(w, host->windowed_x, host->windowed_y);
        SDL_SetWindowBordered(w, SDL_TRUE);
    }
    host->redraw = 1;
}

/* The area a window may take on the first display: without panels if SDL
 * knows them, else the whole display, else just 1x. */
static SDL_Rect usable_bounds(void)
{
    SDL_Rect r = {0, 0, HAL_FB_WIDTH, HAL_FB_HEIGHT};
    if (SDL_GetDisplayUsableBounds(0, &r) != 0 || r.w <= 0 || r.h <= 0)
        if (SDL_GetDisplayBounds(0, &r) != 0 || r.w <= 0 || r.h <= 0)
            r = (SDL_Rect){0, 0, HAL_FB_WIDTH, HAL_FB_HEIGHT};
    return r;
}

host_t *host_open(const char *title, int scale, char *err, size_t errlen)
{
    if (display_missing()) {
        snprintf(err, errlen, "%s", no_display_msg);
        return NULL;
    }
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errlen, "%s (SDL: %s)", no_display_msg, SDL_GetError());
        return NULL;
    }
    host_t *host = calloc(1, sizeof *host);
    if (!host) {
        snprintf(err, errlen, "out of memory");
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return NULL;
    }
    SDL_Rect usable = usable_bounds();
    sdl_host_window_t want = {0};
    char path[4096];
    int fitted = 0; /* the size came from sdl_host_fit_scale: may shrink for decorations */
    if (scale > 0) {
        want.width = HAL_FB_WIDTH * scale; /* the caller's scale comes first */
        want.height = WINDOW_LOGICAL_H * scale;
    } else if (sdl_host_settings_path(path, sizeof path) == 0 &&
               sdl_host_settings_load(path, &want) == 0 && want.width <= usable.w &&
               want.height <= usable.h) {
        /* as the player left it */
    } else {
        int fullscreen = want.fullscreen;
        sdl_host_fit_window(usable.w, usable.h, 0, 0, &want.width, &want.height);
        want.fullscreen = fullscreen;
        fitted = 1;
    }
    /* Fullscreen from the start (not switched to after mapping), so that
     * the window manager sees it as it maps the window; w x h stays the
     * windowed size that F11 returns to.  Without a window manager to do
     * it, the window covers the display itself once it is up. */
    int own_fullscreen = want.fullscreen && !wm_does_fullscreen();
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                   (want.fullscreen && !own_fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    /* OpenGL from the start where the driver has it: the accelerated
     * renderer would otherwise destroy and recreate the window just mapped
     * (a flash, and a second placement by the window manager). */
    host->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                    want.width, want.height, flags | SDL_WINDOW_OPENGL);
    if (!host->window)
        host->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                        want.width, want.height, flags);
    if (!host->window && want.fullscreen && !own_fullscreen) {
        want.fullscreen = 0;
        host->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                        want.width, want.height,
                                        flags & ~SDL_WINDOW_FULLSCREEN_DESKTOP);
    }
    if (host->window) {
        /* The title bar and frame are known only once the window is up: if
         * they push a fitted window off the usable area, one factor less. */
        int top = 0, left = 0, bottom = 0, right = 0;
        if (fitted && !want.fullscreen &&
            SDL_GetWindowBordersSize(host->window, &top, &left, &bottom, &right) == 0) {
            int w, h;
            sdl_host_fit_window(usable.w, usable.h, left + right, top + bottom, &w, &h);
            if (w < want.width || h < want.height) {
                want.width = w;
                want.height = h;
                SDL_SetWindowSize(host->window, want.width, want.height);
                SDL_SetWindowPosition(host->window, SDL_WINDOWPOS_CENTERED,
                                      SDL_WINDOWPOS_CENTERED);
            }
        }
        host->windowed_w = want.width;
        host->windowed_h = want.height;
        host->opened = want;
        host->renderer = SDL_CreateRenderer(host->window, -1, SDL_RENDERER_PRESENTVSYNC);
    }
    if (host->window && !host->renderer)
        host->renderer = SDL_CreateRenderer(host->window, -1, SDL_RENDERER_SOFTWARE);
    if (host->renderer) {
        /* Any window size shows the 4:3 picture at a whole factor, the
         * digit strip below it, centred on black (sdl_host_layout): pixels
         * stay square and sharp. */
        host->texture = SDL_CreateTexture(host->renderer, SDL_PIXELFORMAT_RGB444,
                                          SDL_TEXTUREACCESS_STREAMING, HAL_FB_WIDTH,
                                          HAL_FB_HEIGHT);
    }
    if (host->texture) {
        SDL_SetTextureScaleMode(host->texture, SDL_ScaleModeNearest);
        /* Smaller, the picture would be cut.  Set last: creating an OpenGL
         * renderer may recreate the window, losing what was set before. */
        SDL_SetWindowMinimumSize(host->window, HAL_FB_WIDTH, WINDOW_LOGICAL_H);
        if (own_fullscreen)
            cover_display(host, 1);
    }
    if (!host->texture) {
        snprintf(err, errlen, "cannot open a window (SDL: %s); or run `tabletop play --headless "
                              "--script FILE --frames DIR`", SDL_GetError());
        host_close(host);
        return NULL;
    }
    /* Sound is a bonus: without a sound card the console still plays. */
    open_audio(host);
    host->pacer.anchor_real_us = real_us();
    return host;
}

void sdl_host_get_window(host_t *host, sdl_host_window_t *out)
{
    out->fullscreen = host->own_fullscreen ||
                      (SDL_GetWindowFlags(host->window) & SDL_WINDOW_FULLSCREEN) != 0;
    if (!out->fullscreen)
        SDL_GetWindowSize(host->window, &host->windowed_w, &host->windowed_h);
    out->width = host->windowed_w;
    out->height = host->windowed_h;
}

void *sdl_host_sdl_window(host_t *host)
{
    return host->window;
}

/* Remembers the window if the player changed it since open. */
static void remember_window(host_t *host)
{
    sdl_host_window_t now;
    char path[4096], err[4096 + 128];
    sdl_host_get_window(host, &now);
    if (now.width == host->opened.width && now.height == host->opened.height &&
        now.fullscreen == host->opened.fullscreen)
        return;
    if (sdl_host_settings_path(path, sizeof path) != 0)
        return; /* no HOME, no XDG_STATE_HOME: nowhere to remember it */
    if (sdl_host_settings_save(path, &now, err, sizeof err) != 0)
        fprintf(stderr, "tabletop: %s\n", err);
}

void host_close(host_t *host)
{
    if (!host)
        return;
    if (host->audio) {
        SDL_CloseAudioDevice(host->audio);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    if (host->texture)
        remember_window(host); /* only a window that fully opened */
    if (host->texture)
        SDL_DestroyTexture(host->texture);
    if (host->renderer)
        SDL_DestroyRenderer(host->renderer);
    if (host->window)
        SDL_DestroyWindow(host->window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    free(host);
}

/* A digit's size in the strip: at 1x (a 48-pixel strip) 20 wide, bars 4
 * thick, vertical bars 12 long (36 high), on a 28-pixel pitch; a strip of
 * another height scales them. */
typedef struct digit_shape {
    int w, t, l, pitch;
} digit_shape_t;

static int strip_part(int strip_height, int at_1x, int least)
{
    int v = (at_1x * strip_height + SDL_HOST_STRIP_HEIGHT / 2) / SDL_HOST_STRIP_HEIGHT;
    return v < least ? least : v;
}

/* One digit's seven segments at (x, y) (host_segment_rect). */
static void draw_digit(SDL_Renderer *r, int x, int y, const digit_shape_t *d, uint8_t lit)
{
    for (int k = 0; k < 7; k++) {
        int rc[4];
        host_segment_rect(k, x, y, d->w, d->t, d->l, rc);
        const uint8_t *c = lit >> k & 1 ? host_segment_lit : host_segment_unlit;
        SDL_SetRenderDrawColor(r, c[0], c[1], c[2], 255);
        SDL_RenderFillRect(r, &(SDL_Rect){rc[0], rc[1], rc[2], rc[3]});
    }
}

void host_show_segments(host_t *host, const uint8_t lit[6])
{
    if (memcmp(host->segments, lit, sizeof host->segments) != 0) {
        memcpy(host->segments, lit, sizeof host->segments);
        host->redraw = 1;
    }
}

/* The strip below the picture: HEX5 leftmost, the six digits centred. */
static void draw_strip(SDL_Renderer *r, const sdl_host_layout_t *lay, const uint8_t lit[6])
{
    const int h = lay->strip_height;
    digit_shape_t d = {strip_part(h, 20, 3), strip_part(h, 4, 1), strip_part(h, 12, 1), 0};
    d.pitch = strip_part(h, 28, d.w + 1);
    const int digit_h = 3 * d.t + 2 * d.l;
    if (digit_h > h)
        return; /* a shrunk window on a tiny display: no room for the digits */
    const int x = lay->x + (lay->width - (5 * d.pitch + d.w)) / 2;
    const int y = lay->y + lay->height + (h - digit_h) / 2;
    for (int i = 0; i < 6; i++)
        draw_digit(r, x + d.pitch * (5 - i), y, &d, lit[i]);
}

void host_show_frame(host_t *host, const uint16_t *rgb444)
{
    /* RGB444 in SDL is 0x0RGB in a 16-bit word: exactly our pixel format. */
    SDL_UpdateTexture(host->texture, NULL, rgb444, HAL_FB_WIDTH * 2);
    SDL_SetRenderDrawColor(host->renderer, 0, 0, 0, 255);
    SDL_RenderClear(host->renderer);
    int out_w = HAL_FB_WIDTH, out_h = WINDOW_LOGICAL_H;
    SDL_GetRendererOutputSize(host->renderer, &out_w, &out_h);
    sdl_host_layout_t lay;
    sdl_host_layout(out_w, out_h, &lay);
    const SDL_Rect picture = {lay.x, lay.y, lay.width, lay.height};
    SDL_RenderCopy(host->renderer, host->texture, NULL, &picture);
    draw_strip(host->renderer, &lay, host->segments);
    SDL_RenderPresent(host->renderer);
    host->have_frame = 1;
    host->redraw = 0;
}

/* Appends samples to the ring (the device's lock held).  Should the
 * waiting samples ever pass the ring's 4 s, the oldest are dropped. */
static void keep_audio(host_t *host, const int16_t *samples, size_t n)
{
    for (size_t i = 0; i < n; i++)
        host->kept[host->queued++ % AUDIO_KEEP_SAMPLES] = samples[i];
    if (host->queued - host->played > AUDIO_KEEP_SAMPLES)
        host->played = host->queued - AUDIO_KEEP_SAMPLES;
}

void host_queue_audio(host_t *host, const int16_t *samples, size_t n)
{
    if (!host->audio || !n)
        return;
    SDL_LockAudioDevice(host->audio);
    /* Samples arrive in real time in small bursts; when the ring has run
     * dry, lead them with a little silence so the device never starves in
     * the middle of a clip. */
    if (host->played == host->queued) {
        static const int16_t lead[AUDIO_LEAD_SAMPLES];
        keep_audio(host, lead, AUDIO_LEAD_SAMPLES);
    }
    keep_audio(host, samples, n);
    SDL_UnlockAudioDevice(host->audio);
}

int host_has_audio(const host_t *host)
{
    return host->audio != 0;
}

size_t sdl_host_unqueue_audio(host_t *host, size_t n)
{
    if (!host->audio || !n)
        return 0;
    /* Under the device's lock nothing is played between the count and the
     * taking back. */
    SDL_LockAudioDevice(host->audio);
    const uint64_t left = host->queued - host->played;
    const size_t take = n < left ? n : (size_t)left;
    host->queued -= take;
    SDL_UnlockAudioDevice(host->audio);
    return take;
}

static void push_key(host_t *host, int key)
{
    if (host->key_count == KEY_QUEUE)
        return; /* a stuck queue drops keys rather than blocking the window */
    host->keys[(host->key_head + host->key_count++) % KEY_QUEUE] = key;
}

static int is_arrow(SDL_Scancode sc)
{
    return sc == SDL_SCANCODE_UP || sc == SDL_SCANCODE_DOWN || sc == SDL_SCANCODE_LEFT ||
           sc == SDL_SCANCODE_RIGHT;
}

/* F11: desktop fullscreen (no mode switch) and back; the windowed size is
 * noted first so that close remembers it, not the desktop's. */
static void toggle_fullscreen(host_t *host)
{
    sdl_host_window_t now;
    sdl_host_get_window(host, &now);
    if (host->own_fullscreen) {
        cover_display(host, 0);
    } else if (!now.fullscreen && !wm_does_fullscreen()) {
        cover_display(host, 1);
    } else {
        SDL_SetWindowFullscreen(host->window, now.fullscreen ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
        /* Not every driver or window manager restores the windowed size. */
        if (now.fullscreen)
            SDL_SetWindowSize(host->window, now.width, now.height);
    }
    host->redraw = 1;
}

int host_poll_key(host_t *host)
{
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        switch (ev.type) {
        case SDL_QUIT:
            push_key(host, HAL_KEY_QUIT);
            break;
        case SDL_KEYDOWN: {
            SDL_Scancode sc = ev.key.keysym.scancode;
            if (ev.key.repeat && !is_arrow(sc))
                break;
            if (sc == SDL_SCANCODE_F11) {
                toggle_fullscreen(host);
                break;
            }
            if (sc > 0 && sc < 0x100) /* SDL scancodes below 0x100 are HID usage codes */
                push_key(host, (int)sc);
            break;
        }
        case SDL_WINDOWEVENT:
            if (ev.window.event == SDL_WINDOWEVENT_EXPOSED ||
                ev.window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
                host->redraw = 1;
            break;
        default:
            break;
        }
    }
    if (!host->key_count)
        return 0;
    int key = host->keys[host->key_head];
    host->key_head = (host->key_head + 1) % KEY_QUEUE;
    host->key_count--;
    return key;
}

int host_needs_redraw(host_t *host)
{
    return host->redraw && host->have_frame;
}

void host_pace(host_t *host, uint64_t backend_us)
{
    uint64_t wait = host_pacer_wait_us(&host->pacer, real_us(), backend_us);
    if (wait >= 1000)
        SDL_Delay((Uint32)(wait / 1000));
}

/*
 * sdl_host.h - the laptop's window, keyboard and speaker, shared by the
 * sdl and sim backends (they differ only in where frames and samples come
 * from).  Frames arrive as the VGA output sees them (640x480 RGB444), keys
 * leave as HID usage codes (SDL scancodes are HID usage codes), samples
 * go to an 8 kHz ring that SDL's audio thread plays from.
 *
 *   host_t *host = host_open("tabletop", 0, err, sizeof err);
 *   loop: host_show_frame(host, rgb444);
 *         host_queue_audio(host, samples, n);
 *         key = host_poll_key(host);
 *         host_pace(host, backend_time_us);
 *   host_close(host);
 *
 * All calls come from one thread (SDL's video thread rule).
 */
#ifndef TABLETOP_SDL_HOST_H
#define TABLETOP_SDL_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "host.h"

/* The SDL window is this build's host: host.h's functions, declared again
 * below with what they do here, and the window's own sdl_host_ extras. */

/* The window as the player left it, remembered across runs in the state
 * folder (sdl_host_settings_path): the windowed size, even while
 * fullscreen, and whether it was fullscreen. */
typedef struct sdl_host_window {
    int width, height; /* windowed size in screen coordinates */
    int fullscreen;    /* 1: desktop fullscreen (F11) */
} sdl_host_window_t;

/* Opens the window and, if there is a sound card, 8 kHz mono audio.  Its
 * size: `scale` times 640x528 (the picture and the digit strip) if
 * scale > 0; else the size remembered from the last run if it still fits
 * the display; else the window sdl_host_fit_window gives for the display's
 * usable area.  Returns NULL with a one-line message naming the fix in err
 * when there is no display. */
host_t *host_open(const char *title, int scale, char *err, size_t errlen);

/* Closes everything; if the player resized the window or pressed F11,
 * remembers the window first (a failure to is one line on stderr). */
void host_close(host_t *host);

/* Shows a 640x480 frame of 0x0RGB pixels (RGB444, as the VGA pins), with
 * the digit strip below it. */
void host_show_frame(host_t *host, const uint16_t *rgb444);

/* The board's six seven-segment digits, drawn in a strip of
 * SDL_HOST_STRIP_HEIGHT below the picture (never in the VGA frame):
 * lit[i] holds digit HEXi's lit segments, bit k = segment a..g (1 = lit);
 * HEX5 is drawn leftmost, as on the board.  A change asks for a redraw
 * (host_needs_redraw). */
void host_show_segments(host_t *host, const uint8_t lit[6]);

/* Queues samples (8 kHz mono) for the speaker; dropped if there is none.
 * Up to 4 s wait to be played; past that the oldest are dropped. */
void host_queue_audio(host_t *host, const int16_t *samples, size_t n);

/* 1 if samples queued are played (a sound device was opened). */
int host_has_audio(const host_t *host);

/* Takes back the last n samples queued, as far as the speaker has not yet
 * played them; returns how many were taken back (the samples queued before
 * them stay queued, in order). */
size_t sdl_host_unqueue_audio(host_t *host, size_t n);

/* Next key press as a HID usage code, 0 if none, HAL_KEY_QUIT when the
 * window was closed.  Pumps SDL events; held arrow keys repeat.  F11 is the
 * window's own key: it toggles desktop fullscreen and is not returned.
 * Under X11 without a window manager that does fullscreen (EWMH
 * _NET_WM_STATE_FULLSCREEN), nobody would act on SDL's request: the window
 * itself then covers the display and goes back to its place. */
int host_poll_key(host_t *host);

/* 1 if the window needs the last frame shown again (exposed, resized). */
int host_needs_redraw(host_t *host);

/* Sleeps until real time since open reaches backend_us, so that backend
 * time tracks real time; if the backend fell far behind (a long blocking
 * call) real time is re-anchored instead of racing to catch up. */
void host_pace(host_t *host, uint64_t backend_us);

/* The digit strip below the 640x480 picture: SDL_HOST_STRIP_HEIGHT pixels
 * at 1x.  At a factor s it is up to s times that, and never less than
 * SDL_HOST_STRIP_MIN: when the display leaves less room below a picture at
 * s, the strip gets what is left (the picture matters more than the
 * digits, which repeat what the screen says). */
#define SDL_HOST_STRIP_HEIGHT 48
#define SDL_HOST_STRIP_MIN 16

/* Where the picture and the strip go in a drawable of out_w x out_h
 * pixels: the picture at the largest whole factor that leaves room for a
 * strip of at least SDL_HOST_STRIP_MIN below it, the strip as high as
 * SDL_HOST_STRIP_HEIGHT * scale or what is left, both centred on black.  A
 * drawable smaller than 640 x (480 + SDL_HOST_STRIP_MIN) shrinks the
 * picture to fit (scale 0).  Pure. */
typedef struct sdl_host_layout {
    int scale;         /* whole factor of the picture (2: 1280x960); 0: shrunk */
    int x, y;          /* the picture's top-left corner */
    int width, height; /* the picture's size (640*scale x 480*scale) */
    int strip_height;  /* the digit strip's, below the picture, as wide */
} sdl_host_layout_t;
void sdl_host_layout(int out_w, int out_h, sdl_host_layout_t *out);

/* The largest whole factor >= 1 at which the 640x480 picture, a strip of
 * SDL_HOST_STRIP_MIN and the window's decorations (deco_w x deco_h) fit a
 * usable area of usable_w x usable_h; 1 when even 1x does not fit.  Pure. */
int sdl_host_fit_scale(int usable_w, int usable_h, int deco_w, int deco_h);

/* The window (inside its decorations) that opens on that usable area: the
 * picture at sdl_host_fit_scale and the strip at its full height for that
 * factor if there is room, else what is left: 1280x1056 on 1920x1080,
 * 1280x1024 on 1280x1024.  Pure. */
void sdl_host_fit_window(int usable_w, int usable_h, int deco_w, int deco_h, int *width,
                         int *height);

/* The window's current state (windowed size kept while fullscreen). */
void sdl_host_get_window(host_t *host, sdl_host_window_t *out);

/* The SDL window itself (a struct SDL_Window *), for tests. */
void *sdl_host_sdl_window(host_t *host);

/* The settings file: $XDG_STATE_HOME/tabletop/window.conf, else
 * ~/.local/state/tabletop/window.conf.  Returns 0, or -1 if neither
 * variable gives a place. */
int sdl_host_settings_path(char *buf, size_t len);

/* Reads a settings file.  Returns 0 with *out filled, or -1 (out
 * untouched) if it is missing, unreadable or not exactly what
 * sdl_host_settings_save writes: a corrupt file is ignored, never fatal. */
int sdl_host_settings_load(const char *path, sdl_host_window_t *out);

/* Writes the settings atomically (a temporary file in the same folder,
 * fsync, rename), creating the folder; keeps an existing file's mode and
 * never replaces anything but a regular file.  Returns 0, or -1 with a
 * one-line message in err. */
int sdl_host_settings_save(const char *path, const sdl_host_window_t *w, char *err,
                           size_t errlen);

#endif

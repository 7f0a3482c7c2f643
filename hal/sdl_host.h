/*
 * sdl_host.h - the laptop's window, keyboard and speaker, shared by the
 * sdl and sim backends (they differ only in where frames and samples come
 * from).  Frames arrive as the VGA output sees them (640x480 RGB444), keys
 * leave as HID usage codes (SDL scancodes are HID usage codes), samples
 * go to an 8 kHz SDL audio queue.
 *
 *   sdl_host_t *host = sdl_host_open("tabletop", 0, err, sizeof err);
 *   loop: sdl_host_show_frame(host, rgb444);
 *         sdl_host_queue_audio(host, samples, n);
 *         key = sdl_host_poll_key(host);
 *         sdl_host_pace(host, backend_time_us);
 *   sdl_host_close(host);
 *
 * All calls come from one thread (SDL's video thread rule).
 */
#ifndef TABLETOP_SDL_HOST_H
#define TABLETOP_SDL_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef struct sdl_host sdl_host_t;

/* Opens the window (scale 0: the largest whole factor that fits the
 * desktop, at most 3) and, if there is a sound card, 8 kHz mono audio.
 * Returns NULL with a one-line message naming the fix in err when there
 * is no display. */
sdl_host_t *sdl_host_open(const char *title, int scale, char *err, size_t errlen);

void sdl_host_close(sdl_host_t *host);

/* Shows a 640x480 frame of 0x0RGB pixels (RGB444, as the VGA pins). */
void sdl_host_show_frame(sdl_host_t *host, const uint16_t *rgb444);

/* Queues samples (8 kHz mono) for the speaker; dropped if there is none. */
void sdl_host_queue_audio(sdl_host_t *host, const int16_t *samples, size_t n);

/* Next key press as a HID usage code, 0 if none, HAL_KEY_QUIT when the
 * window was closed.  Pumps SDL events; held arrow keys repeat. */
int sdl_host_poll_key(sdl_host_t *host);

/* 1 if the window needs the last frame shown again (exposed, resized). */
int sdl_host_needs_redraw(sdl_host_t *host);

/* Sleeps until real time since open reaches backend_us, so that backend
 * time tracks real time; if the backend fell far behind (a long blocking
 * call) real time is re-anchored instead of racing to catch up. */
void sdl_host_pace(sdl_host_t *host, uint64_t backend_us);

#endif

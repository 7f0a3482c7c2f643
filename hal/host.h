/*
 * host.h - the player's side of the local backends: a picture, a keyboard
 * and a speaker, whatever shows them.  The sdl and sim backends differ only
 * in where frames and samples come from; both hand them to a host:
 *
 *   sdl_host.c   an SDL2 window (the laptop; sdl_host.h has its own extras:
 *                remembered window size, fullscreen without a window manager)
 *   web_host.c   a canvas in a web page (the WebAssembly build, docs/web.md)
 *
 * One build links exactly one of them.  Frames arrive as the VGA output sees
 * them (640x480 RGB444), keys leave as HID usage codes, samples are 8 kHz
 * mono.
 *
 *   host_t *host = host_open("tabletop", 0, err, sizeof err);
 *   loop: host_show_frame(host, rgb444);
 *         host_queue_audio(host, samples, n);
 *         key = host_poll_key(host);
 *         host_pace(host, backend_time_us);
 *   host_close(host);
 *
 * All calls come from one thread, the one that opened the host.
 */
#ifndef TABLETOP_HOST_H
#define TABLETOP_HOST_H

#include <stddef.h>
#include <stdint.h>

typedef struct host host_t;

/* Opens the picture, the keyboard and, where there is one, the speaker.
 * `scale`: a whole factor for the picture (0: the host's own choice).
 * Returns NULL with a one-line message naming the fix in err when there is
 * nowhere to show a picture. */
host_t *host_open(const char *title, int scale, char *err, size_t errlen);

/* Closes everything (the SDL window first remembers its size). */
void host_close(host_t *host);

/* Shows a 640x480 frame of 0x0RGB pixels (RGB444, as the VGA pins), with
 * the digit strip below it. */
void host_show_frame(host_t *host, const uint16_t *rgb444);

/* The board's six seven-segment digits, drawn in a strip below the picture
 * (never in the VGA frame): lit[i] holds digit HEXi's lit segments, bit k =
 * segment a..g (1 = lit); HEX5 leftmost, as on the board.  A change asks for
 * a redraw (host_needs_redraw). */
void host_show_segments(host_t *host, const uint8_t lit[6]);

/* Queues samples (8 kHz mono) for the speaker; dropped if there is none. */
void host_queue_audio(host_t *host, const int16_t *samples, size_t n);

/* 1 if samples queued are played (there is a speaker). */
int host_has_audio(const host_t *host);

/* Next key press as a HID usage code, 0 if none, HAL_KEY_QUIT when the
 * player closed the window.  Held arrow keys repeat.  F11 is the host's own
 * key (fullscreen) and is not returned. */
int host_poll_key(host_t *host);

/* 1 if the host needs the last frame shown again (exposed, resized). */
int host_needs_redraw(host_t *host);

/* Sleeps until real time since open reaches backend_us, so that backend
 * time tracks real time; a backend far behind re-anchors real time instead
 * of racing to catch up (host_pacer_wait_us below). */
void host_pace(host_t *host, uint64_t backend_us);

/* The pacing every host does, as arithmetic (hal/host_common.c): backend
 * time against real time, both in microseconds. */
typedef struct host_pacer {
    uint64_t anchor_real_us;    /* real time matching anchor_backend_us */
    uint64_t anchor_backend_us;
} host_pacer_t;

/* Backend time may lag real time by this much before pacing re-anchors. */
#define HOST_PACE_SLACK_US 100000

/* How long to sleep now (real time now_us) for real time to reach
 * backend_us, at most 1 s; 0 when it is there already, and when the backend
 * fell more than HOST_PACE_SLACK_US behind, after re-anchoring *p at now. */
uint64_t host_pacer_wait_us(host_pacer_t *p, uint64_t now_us, uint64_t backend_us);

/* The digit strip as every host draws it (hal/host_common.c): segment k
 * (0..6: a top, b upper right, c lower right, d bottom, e lower left,
 * f upper left, g middle) of a digit whose top-left corner is (x, y), w
 * wide with bars t thick and l long, as {x, y, width, height}; lit segments
 * bright red, the others faint (RGB), as the board's LEDs. */
void host_segment_rect(int k, int x, int y, int w, int t, int l, int rect[4]);
extern const uint8_t host_segment_lit[3];
extern const uint8_t host_segment_unlit[3];

#endif

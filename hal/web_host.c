/*
 * web_host.c - the page's canvas, keyboard and speaker (host.h) for the
 * WebAssembly build (docs/web.md).  The console runs on a Web Worker
 * (-sPROXY_TO_PTHREAD); the page's own thread owns the canvas, the keys and
 * Web Audio, so this half composes what is shown and the JavaScript half,
 * hal/web/web_host.js, puts it on the page:
 *
 *   frames    the picture and the digit strip as one 640x528 RGBA image,
 *             each RGB444 channel v as v*17 (the native PNG frames' values),
 *             handed over by a call that waits until the canvas has it
 *   keys      a ring of HID codes in shared memory: the page writes, the
 *             console reads, neither waits for the other
 *   sound     8 kHz samples handed over like frames, played by Web Audio
 *   resizing  a flag in shared memory that the page raises
 */
#include <emscripten/emscripten.h>
#include <emscripten/threading.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal.h"
#include "host.h"

/* The digit strip below the picture at 1x, as the window's
 * (SDL_HOST_STRIP_HEIGHT in sdl_host.h); the page scales both together. */
#define STRIP_HEIGHT 48
#define IMAGE_HEIGHT (HAL_FB_HEIGHT + STRIP_HEIGHT)
/* Keys the page may queue before the console takes them. */
#define KEY_RING 256

/* hal/web/web_host.js, run on the page's thread (each waits for it). */
extern int web_host_attach(int32_t *keys, int32_t ring, int32_t *tail, int32_t *head,
                           int32_t *redraw);
extern void web_host_draw(const uint8_t *rgba, int32_t width, int32_t height);
extern void web_host_play(const int16_t *samples, int32_t n);
extern void web_host_detach(void);

struct host {
    /* Shared with the page: it writes keys[tail % KEY_RING] and then tail;
     * the console reads up to tail and then writes head.  redraw: 1 when
     * the page was resized and wants the frame again. */
    int32_t keys[KEY_RING];
    int32_t tail, head;
    int32_t redraw;
    int audio;     /* 1: the page has Web Audio */
    int have_frame;
    uint8_t segments[6]; /* lit segments of HEX0..HEX5 */
    host_pacer_t pacer;         /* backend time against real time */
    uint8_t rgba[HAL_FB_WIDTH * IMAGE_HEIGHT * 4];
};

static uint64_t real_us(void)
{
    return (uint64_t)(emscripten_get_now() * 1000.0);
}

host_t *host_open(const char *title, int scale, char *err, size_t errlen)
{
    (void)title; /* the page has its own */
    (void)scale; /* the page fits the picture to the browser's window */
    host_t *host = calloc(1, sizeof *host);
    if (!host) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    host->audio = web_host_attach(host->keys, KEY_RING, &host->tail, &host->head,
                                  &host->redraw);
    host->pacer.anchor_real_us = real_us();
    return host;
}

void host_close(host_t *host)
{
    if (!host)
        return;
    web_host_detach();
    free(host);
}

/* A digit's size in the strip at 1x, as the window draws it: 20 wide, bars
 * 4 thick, vertical bars 12 long (36 high), on a 28-pixel pitch. */
enum { DIGIT_W = 20, DIGIT_T = 4, DIGIT_L = 12, DIGIT_PITCH = 28 };

static void fill_rect(uint8_t *rgba, int x, int y, int w, int h, const uint8_t colour[3])
{
    for (int row = y; row < y + h; row++)
        for (int col = x; col < x + w; col++) {
            uint8_t *p = rgba + ((size_t)row * HAL_FB_WIDTH + (size_t)col) * 4;
            memcpy(p, colour, 3);
            p[3] = 255;
        }
}

/* One digit's seven segments at (x, y) (host_segment_rect), as the
 * window's strip. */
static void draw_digit(uint8_t *rgba, int x, int y, uint8_t lit)
{
    for (int k = 0; k < 7; k++) {
        int rc[4];
        host_segment_rect(k, x, y, DIGIT_W, DIGIT_T, DIGIT_L, rc);
        fill_rect(rgba, rc[0], rc[1], rc[2], rc[3],
                  lit >> k & 1 ? host_segment_lit : host_segment_unlit);
    }
}

/* The strip below the picture: black, HEX5 leftmost, the six digits
 * centred. */
static void draw_strip(uint8_t *rgba, const uint8_t lit[6])
{
    static const uint8_t black[3] = {0, 0, 0};
    const int digit_h = 3 * DIGIT_T + 2 * DIGIT_L;
    const int x = (HAL_FB_WIDTH - (5 * DIGIT_PITCH + DIGIT_W)) / 2;
    const int y = HAL_FB_HEIGHT + (STRIP_HEIGHT - digit_h) / 2;
    fill_rect(rgba, 0, HAL_FB_HEIGHT, HAL_FB_WIDTH, STRIP_HEIGHT, black);
    for (int i = 0; i < 6; i++)
        draw_digit(rgba, x + DIGIT_PITCH * (5 - i), y, lit[i]);
}

void host_show_frame(host_t *host, const uint16_t *rgb444)
{
    uint8_t *p = host->rgba;
    for (size_t i = 0; i < (size_t)HAL_FB_WIDTH * HAL_FB_HEIGHT; i++, p += 4) {
        p[0] = (uint8_t)((rgb444[i] >> 8 & 0xF) * 17);
        p[1] = (uint8_t)((rgb444[i] >> 4 & 0xF) * 17);
        p[2] = (uint8_t)((rgb444[i] & 0xF) * 17);
        p[3] = 255;
    }
    draw_strip(host->rgba, host->segments);
    web_host_draw(host->rgba, HAL_FB_WIDTH, IMAGE_HEIGHT);
    host->have_frame = 1;
    __atomic_store_n(&host->redraw, 0, __ATOMIC_RELAXED);
}

void host_show_segments(host_t *host, const uint8_t lit[6])
{
    if (memcmp(host->segments, lit, sizeof host->segments) != 0) {
        memcpy(host->segments, lit, sizeof host->segments);
        __atomic_store_n(&host->redraw, 1, __ATOMIC_RELAXED);
    }
}

void host_queue_audio(host_t *host, const int16_t *samples, size_t n)
{
    if (host->audio && n)
        web_host_play(samples, (int32_t)n);
}

int host_has_audio(const host_t *host)
{
    return host->audio;
}

int host_poll_key(host_t *host)
{
    int32_t head = host->head;
    if (head == __atomic_load_n(&host->tail, __ATOMIC_ACQUIRE))
        return 0;
    int key = host->keys[(uint32_t)head % KEY_RING];
    __atomic_store_n(&host->head, head + 1, __ATOMIC_RELEASE);
    return key;
}

int host_needs_redraw(host_t *host)
{
    return host->have_frame && __atomic_load_n(&host->redraw, __ATOMIC_RELAXED);
}

void host_pace(host_t *host, uint64_t backend_us)
{
    uint64_t wait = host_pacer_wait_us(&host->pacer, real_us(), backend_us);
    /* The console runs on a worker: a real sleep, the page stays live. */
    if (wait)
        emscripten_thread_sleep((double)wait / 1000.0);
}

/* sdl_host.c - SDL2 window, keyboard and audio queue; see sdl_host.h. */
#include "sdl_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "hal.h"

#define KEY_QUEUE 64
/* Backend time may lag real time by this much before pacing re-anchors. */
#define PACE_SLACK_US 100000
/* Silence queued ahead of a clip: 100 ms at 8 kHz. */
#define AUDIO_LEAD_SAMPLES 800

struct sdl_host {
    SDL_Window *window;
    SDL_Renderer *renderer;
    SDL_Texture *texture;
    SDL_AudioDeviceID audio; /* 0: no sound card */
    int keys[KEY_QUEUE];
    int key_head, key_count;
    int redraw;
    int have_frame;
    uint64_t anchor_real_us;    /* real time matching anchor_backend_us */
    uint64_t anchor_backend_us;
};

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

sdl_host_t *sdl_host_open(const char *title, int scale, char *err, size_t errlen)
{
    if (display_missing()) {
        snprintf(err, errlen, "%s", no_display_msg);
        return NULL;
    }
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
        snprintf(err, errlen, "%s (SDL: %s)", no_display_msg, SDL_GetError());
        return NULL;
    }
    sdl_host_t *host = calloc(1, sizeof *host);
    if (!host) {
        snprintf(err, errlen, "out of memory");
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return NULL;
    }
    if (scale <= 0) {
        SDL_DisplayMode mode;
        scale = 1;
        if (SDL_GetDesktopDisplayMode(0, &mode) == 0) {
            /* Leave room for panels and window decorations. */
            while (scale < 3 && HAL_FB_WIDTH * (scale + 1) <= mode.w * 9 / 10 &&
                   HAL_FB_HEIGHT * (scale + 1) <= mode.h * 85 / 100)
                scale++;
        }
    }
    host->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                    HAL_FB_WIDTH * scale, HAL_FB_HEIGHT * scale,
                                    SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (host->window)
        host->renderer = SDL_CreateRenderer(host->window, -1, SDL_RENDERER_PRESENTVSYNC);
    if (host->window && !host->renderer)
        host->renderer = SDL_CreateRenderer(host->window, -1, SDL_RENDERER_SOFTWARE);
    if (host->renderer) {
        SDL_RenderSetLogicalSize(host->renderer, HAL_FB_WIDTH, HAL_FB_HEIGHT);
        host->texture = SDL_CreateTexture(host->renderer, SDL_PIXELFORMAT_RGB444,
                                          SDL_TEXTUREACCESS_STREAMING, HAL_FB_WIDTH,
                                          HAL_FB_HEIGHT);
    }
    if (!host->texture) {
        snprintf(err, errlen, "cannot open a window (SDL: %s); or run `tabletop play --headless "
                              "--script FILE --frames DIR`", SDL_GetError());
        sdl_host_close(host);
        return NULL;
    }
    /* Sound is a bonus: without a sound card the console still plays. */
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) == 0) {
        SDL_AudioSpec want = {0}, have;
        want.freq = HAL_AUDIO_RATE;
        want.format = AUDIO_S16SYS;
        want.channels = 1;
        want.samples = 256;
        host->audio = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
        if (host->audio)
            SDL_PauseAudioDevice(host->audio, 0);
        else
            fprintf(stderr, "tabletop: no sound (SDL: %s): playing on silently; set "
                    "SDL_AUDIODRIVER to a working driver or use --headless\n",
                    SDL_GetError());
    } else {
        fprintf(stderr, "tabletop: no sound (SDL: %s): playing on silently; set "
                "SDL_AUDIODRIVER to a working driver or use --headless\n",
                SDL_GetError());
    }
    host->anchor_real_us = real_us();
    host->anchor_backend_us = 0;
    return host;
}

void sdl_host_close(sdl_host_t *host)
{
    if (!host)
        return;
    if (host->audio) {
        SDL_CloseAudioDevice(host->audio);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    if (host->texture)
        SDL_DestroyTexture(host->texture);
    if (host->renderer)
        SDL_DestroyRenderer(host->renderer);
    if (host->window)
        SDL_DestroyWindow(host->window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    free(host);
}

void sdl_host_show_frame(sdl_host_t *host, const uint16_t *rgb444)
{
    /* RGB444 in SDL is 0x0RGB in a 16-bit word: exactly our pixel format. */
    SDL_UpdateTexture(host->texture, NULL, rgb444, HAL_FB_WIDTH * 2);
    SDL_SetRenderDrawColor(host->renderer, 0, 0, 0, 255);
    SDL_RenderClear(host->renderer);
    SDL_RenderCopy(host->renderer, host->texture, NULL, NULL);
    SDL_RenderPresent(host->renderer);
    host->have_frame = 1;
    host->redraw = 0;
}

void sdl_host_queue_audio(sdl_host_t *host, const int16_t *samples, size_t n)
{
    if (!host->audio || !n)
        return;
    /* Samples arrive in real time in small bursts; when the queue has run
     * dry, lead them with a little silence so the device never starves in
     * the middle of a clip. */
    if (SDL_GetQueuedAudioSize(host->audio) == 0) {
        static const int16_t lead[AUDIO_LEAD_SAMPLES];
        SDL_QueueAudio(host->audio, lead, sizeof lead);
    }
    SDL_QueueAudio(host->audio, samples, (Uint32)(n * sizeof *samples));
}

static void push_key(sdl_host_t *host, int key)
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

int sdl_host_poll_key(sdl_host_t *host)
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

int sdl_host_needs_redraw(sdl_host_t *host)
{
    return host->redraw && host->have_frame;
}

void sdl_host_pace(sdl_host_t *host, uint64_t backend_us)
{
    uint64_t now = real_us();
    uint64_t target = host->anchor_real_us + (backend_us - host->anchor_backend_us);
    if (target > now) {
        uint64_t ahead = target - now;
        if (ahead > 1000000)
            ahead = 1000000;
        SDL_Delay((Uint32)(ahead / 1000));
    } else if (now - target > PACE_SLACK_US) {
        host->anchor_real_us = now;
        host->anchor_backend_us = backend_us;
    }
}

/*
 * hal_sdl.c - the `sdl` backend: the FPGA is replaced by C models of the
 * RTL (models/go_peripheral_model.h for the display core, and the peripheral
 * table of models/models.h on the bus), SDRAM by host memory, and the monitor,
 * speaker and keyboard by a host (host.h: an SDL2 window, or a web page's
 * canvas in the WebAssembly build) - or, headless, by
 * nothing at all: frames are read back with read_frame and samples go only
 * to the --wav file.
 *
 * Time is the model's clock.  Windowed, advance() sleeps so that it tracks
 * real time; headless it is virtual and runs as fast as the host can.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "models/go_peripheral_model.h"
#include "models/models.h"
#include "hal.h"
#include "hal_backends.h"
#include "frontend.h"
#include "periph.h"
#include "host.h"
#include "wav.h"

#define SAMPLE_CHUNK 256

typedef struct sdl_backend {
    gp_model_t gp;
    periph_bus_t bus;      /* the other peripherals' C models, on the same 50 MHz clock */
    uint16_t *fb[2];       /* host memory behind HAL_FB0_PHYS and HAL_FB1_PHYS */
    wav_writer_t wav;
    int have_wav;
    int16_t chunk[SAMPLE_CHUNK]; /* samples on their way to the WAV and the speaker */
    size_t chunk_len;
    host_t *host;      /* NULL when headless (always, in a build without a host) */
    hal_link_t *link;      /* hal_config_t.link, on this instance's link UART pins, or NULL */
#if HAVE_HOST
    uint16_t *frame;       /* RGB444 scratch for the window */
    int shown_hi;          /* buffer last shown in the window, -1 none */
    int tile_shown;        /* the window shows the tile display's picture */
    uint32_t tile_changes; /* its change count when last shown */
#endif
} sdl_backend_t;

static void flush_samples(sdl_backend_t *s)
{
    if (!s->chunk_len)
        return;
    if (s->have_wav) {
        wav_writer_append(&s->wav, s->chunk, s->chunk_len);
        /* Keep the header right, so a killed run leaves a readable file. */
        wav_writer_flush(&s->wav);
    }
#if HAVE_HOST
    if (s->host)
        host_queue_audio(s->host, s->chunk, s->chunk_len);
#endif
    s->chunk_len = 0;
}

static void on_sample(void *user, int16_t sample)
{
    sdl_backend_t *s = user;
    s->chunk[s->chunk_len++] = sample;
    if (s->chunk_len == SAMPLE_CHUNK)
        flush_samples(s);
}

/* The framebuffer the VGA controller reads for FB_ADDR_HI = hi, or NULL
 * for SDRAM outside the two buffers (it reads as black). */
static const uint16_t *buffer_for_hi(const sdl_backend_t *s, unsigned hi)
{
    if (hi == (HAL_FB0_PHYS >> 24))
        return s->fb[0];
    if (hi == (HAL_FB1_PHYS >> 24))
        return s->fb[1];
    return NULL;
}

static void *sdl_map(void *ctx, uint32_t phys, size_t len)
{
    sdl_backend_t *s = ctx;
    const uint32_t bases[2] = {HAL_FB0_PHYS, HAL_FB1_PHYS};
    for (int i = 0; i < 2; i++)
        if (phys >= bases[i] && len <= HAL_FB_BYTES && phys - bases[i] <= HAL_FB_BYTES - len)
            return (uint8_t *)s->fb[i] + (phys - bases[i]);
    return NULL;
}

static uint32_t sdl_reg_read(void *ctx, uint32_t offset)
{
    sdl_backend_t *s = ctx;
    uint32_t v = 0;
    periph_bus_read(&s->bus, s->gp.clock, offset, &v);
    return v; /* 0 where no model answers */
}

static void sdl_reg_write(void *ctx, uint32_t offset, uint32_t value)
{
    sdl_backend_t *s = ctx;
    periph_bus_write(&s->bus, s->gp.clock, offset, value);
}

/* Converts the displayed buffer as the VGA pins carry it. */
static void convert_displayed(const sdl_backend_t *s, uint16_t *rgb444)
{
    const uint16_t *src = buffer_for_hi(s, s->gp.displayed_hi);
    for (size_t i = 0; i < (size_t)HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        rgb444[i] = src ? gp_rgb565_to_444(src[i]) : 0;
}

static int sdl_read_frame(void *ctx, uint16_t *rgb444)
{
    sdl_backend_t *s = ctx;
    /* As on the other backends, the frame read is the first one scanned
     * completely after the last swap: let a pending swap happen, then run
     * to the end of the visible part of the next frame that starts now or
     * later.  Nothing writes the displayed buffer meanwhile, so the picture
     * is that buffer; the time matters for the audio stream. */
    for (int i = 0; i < 3 && s->gp.swap_pending; i++)
        gp_model_advance(&s->gp, GP_CLOCKS_PER_FRAME - s->gp.clock % GP_CLOCKS_PER_FRAME);
    uint64_t start = s->gp.clock + (GP_CLOCKS_PER_FRAME - s->gp.clock % GP_CLOCKS_PER_FRAME) %
                                       GP_CLOCKS_PER_FRAME;
    gp_model_advance(&s->gp, start + GP_VBLANK_START - s->gp.clock);
    /* The tile display (seed 002) has the VGA pins while it is enabled. */
    if (!periph_bus_scan_frame(&s->bus, hal_model_vga_source, s->gp.clock, rgb444))
        convert_displayed(s, rgb444);
    return 0;
}

static void sdl_advance(void *ctx, uint32_t usec)
{
    sdl_backend_t *s = ctx;
    gp_model_advance(&s->gp, (uint64_t)usec * (GP_CLOCK_HZ / 1000000u));
#if HAVE_HOST
    if (s->host) {
        flush_samples(s);
        /* The digit strip beside the picture: the seven-segment model's pins. */
        uint8_t hex_n[6], lit[6];
        periph_bus_hex_pins(&s->bus, hal_model_hex_source, s->gp.clock, hex_n);
        for (int i = 0; i < 6; i++)
            lit[i] = (uint8_t)(~hex_n[i] & 0x7Fu);
        host_show_segments(s->host, lit);
        /* The tile display's picture while it drives VGA (seed 002). */
        uint32_t changes = periph_bus_vga_changes(&s->bus, hal_model_vga_source);
        if (changes != s->tile_changes || (s->tile_shown && host_needs_redraw(s->host))) {
            s->tile_changes = changes;
            int was = s->tile_shown;
            s->tile_shown = periph_bus_scan_frame(&s->bus, hal_model_vga_source, s->gp.clock,
                                                  s->frame);
            if (s->tile_shown)
                host_show_frame(s->host, s->frame);
            else if (was)
                s->shown_hi = -1; /* back to the framebuffer */
        }
        if (!s->tile_shown &&
            (s->shown_hi != s->gp.displayed_hi || host_needs_redraw(s->host))) {
            convert_displayed(s, s->frame);
            host_show_frame(s->host, s->frame);
            s->shown_hi = s->gp.displayed_hi;
        }
        host_pace(s->host, s->gp.clock / (GP_CLOCK_HZ / 1000000u));
    }
#endif
}

static uint64_t sdl_time_us(void *ctx)
{
    sdl_backend_t *s = ctx;
    return s->gp.clock / (GP_CLOCK_HZ / 1000000u);
}

static int sdl_poll_key(void *ctx)
{
    sdl_backend_t *s = ctx;
#if HAVE_HOST
    if (s->host)
        return host_poll_key(s->host);
#else
    (void)s;
#endif
    return 0; /* headless: keys come only from the console's script */
}

static int sdl_close(void *ctx)
{
    sdl_backend_t *s = ctx;
    flush_samples(s);
    int status = hal_frontend_close(s->host, &s->wav, s->have_wav);
#if HAVE_HOST
    free(s->frame);
#endif
    periph_bus_close(&s->bus);
    hal_link_close(s->link); /* after the model that wrote to it */
    free(s->fb[0]);
    free(s->fb[1]);
    free(s);
    return status;
}

static hal_link_t *sdl_link_pins(void *ctx)
{
    return ((sdl_backend_t *)ctx)->link;
}

static const hal_ops_t sdl_ops = {
    .name = "sdl",
    .map = sdl_map,
    .reg_read = sdl_reg_read,
    .reg_write = sdl_reg_write,
    .advance = sdl_advance,
    .time_us = sdl_time_us,
    .poll_key = sdl_poll_key,
    .read_frame = sdl_read_frame,
    .close = sdl_close,
    .link_pins = sdl_link_pins,
};

int hal_sdl_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    sdl_backend_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* SDRAM powers up with garbage on the board; zero here, and the console
     * draws every pixel before its first swap anyway. */
    s->fb[0] = calloc(1, HAL_FB_BYTES);
    s->fb[1] = calloc(1, HAL_FB_BYTES);
    if (!s->fb[0] || !s->fb[1]) {
        snprintf(err, errlen, "out of memory");
        sdl_close(s);
        return -1;
    }
    gp_model_init(&s->gp, on_sample, s);
    if (periph_bus_open(&s->bus, hal_model_bindings, hal_model_binding_count, err, errlen) != 0) {
        sdl_close(s);
        return -1;
    }
    /* The display core is the table's go_peripheral row: every address is
     * routed by the same span, the sim backend's way. */
    periph_bus_attach(&s->bus, PERIPH_GO_PERIPHERAL, &s->gp);
#if HAVE_HOST
    s->shown_hi = -1;
    if (!cfg->headless && !(s->frame = malloc(HAL_FB_BYTES))) {
        snprintf(err, errlen, "out of memory");
        sdl_close(s);
        return -1;
    }
#endif
    if (hal_frontend_open(cfg, "tabletop", &s->host, &s->wav, &s->have_wav, err, errlen) != 0) {
        sdl_close(s);
        return -1;
    }
    /* The link's far end goes on this instance's UART pins, opened last so
     * that nothing else can fail after a peer has connected. */
    if (periph_bus_open_link(&s->bus, hal_model_link_pins, cfg->link, &s->link) != 0) {
        snprintf(err, errlen, "out of memory");
        sdl_close(s);
        return -1;
    }
    h->ops = &sdl_ops;
    h->ctx = s;
    return 0;
}

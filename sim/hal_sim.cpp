/*
 * hal_sim.cpp - the `sim` backend: the HAL on top of the Verilator harness.
 *
 * The console's framebuffers are the harness's SDRAM (map), its register
 * accesses are Avalon-MM slave transactions on the model (reg_read/write),
 * and backend time is the model's clock, 50 cycles per microsecond
 * (advance).  What the player sees is what the VGA sampler rebuilt from the
 * simulated pins (read_frame, and the window), what they hear is what the
 * Avalon-ST sink took from the simulated audio sources (the WAV file, and
 * the speaker's ring).  Every clock is simulated (docs/sim.md): no picture
 * or sample reaches the window, the speaker or a file but what the model's
 * pins gave.  Windowed, advance() paces the model to real time
 * (host_pace) and falls behind gracefully when the host is too slow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "bindings/bindings.h"
#include "sim_harness.h"

extern "C" {
#include "config.h"
#include "hal.h"
#include "hal_sim.h"
#include "frontend.h"
#include "periph.h"
#include "wav.h"
#if HAVE_HOST
#include "host.h"
#endif
}

namespace {

/* One frame of clk: 800 x 525 pixels at 2 clocks each. */
constexpr uint64_t FRAME_CYCLES = 800ull * 525 * 2;

struct sim_backend {
    sim_harness_t *h = nullptr;
    periph_bus_t bus = {}; /* the other peripherals' Verilated models (bindings/) */
    wav_writer_t wav;
    int have_wav = 0;
    std::vector<int16_t> left, right;
    uint64_t channel_mismatches = 0;
    host_t *host = nullptr; /* NULL when headless */
    hal_link_t *link = nullptr; /* hal_config_t.link, on this instance's link UART pins */
    void (*on_frame)(void *, const uint16_t *, uint64_t) = nullptr; /* hal_config_t.on_frame */
    void *on_frame_ctx = nullptr;
    uint64_t seen_frames = 0; /* frames_done when on_frame was last called */
#if HAVE_HOST
    uint64_t shown_frames = 0; /* frames_done when the window was last updated */
    std::vector<uint16_t> tile_frame; /* the tile display's picture (seed 002) */
    uint32_t tile_changes = 0;
    bool tile_shown = false;
#endif
};

/* Moves the samples the sink collected to the WAV file and the speaker. */
void drain_audio(sim_backend *s)
{
    s->left.clear();
    s->right.clear();
    sim_harness_take_audio(s->h, &s->left, &s->right, nullptr);
    if (s->left.empty())
        return;
    if (s->left != s->right)
        s->channel_mismatches++;
    if (s->have_wav)
        wav_writer_append(&s->wav, s->left.data(), s->left.size());
#if HAVE_HOST
    if (s->host)
        host_queue_audio(s->host, s->left.data(), s->left.size());
#endif
}

void *sim_map(void *ctx, uint32_t phys, size_t len)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    if (phys < HAL_FB0_PHYS)
        return nullptr;
    return sim_harness_sdram(s->h, phys - HAL_FB0_PHYS, len);
}

uint32_t sim_reg_read(void *ctx, uint32_t offset)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    uint32_t v = 0;
    /* Every address by the table's spans, as on sdl; one that nothing
     * answers reads 0, like go_peripheral's own unmapped offsets. */
    if (periph_bus_read(&s->bus, sim_harness_cycles(s->h), offset, &v) &&
        periph_find(offset) != PERIPH_GO_PERIPHERAL)
        sim_harness_run(s->h, 1); /* one bus clock for the whole FPGA; the display core's took it */
    return v;
}

void sim_reg_write(void *ctx, uint32_t offset, uint32_t value)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    const bool mine = periph_find(offset) == PERIPH_GO_PERIPHERAL;
    if (periph_bus_write(&s->bus, sim_harness_cycles(s->h), offset, value) && !mine)
        sim_harness_run(s->h, 1);
}

#if HAVE_HOST
void update_window(sim_backend *s)
{
    /* The digit strip beside the picture: the Verilated HEX pins. */
    uint8_t hex_n[6], lit[6];
    periph_bus_hex_pins(&s->bus, sim_hex_source, sim_harness_cycles(s->h), hex_n);
    for (int i = 0; i < 6; i++)
        lit[i] = (uint8_t)(~hex_n[i] & 0x7Fu);
    host_show_segments(s->host, lit);
    /* The tile display's pins while its mux bit gives it VGA (its binding
     * clocks and samples it up to now), go_peripheral's otherwise. */
    const uint32_t changes = periph_bus_vga_changes(&s->bus, sim_vga_source);
    if (s->tile_shown || changes != s->tile_changes) {
        s->tile_frame.resize((size_t)SIM_FRAME_W * SIM_FRAME_H);
        const bool was = s->tile_shown;
        s->tile_shown = periph_bus_scan_frame(&s->bus, sim_vga_source, sim_harness_cycles(s->h),
                                              s->tile_frame.data());
        const uint32_t now_changes = periph_bus_vga_changes(&s->bus, sim_vga_source);
        if (s->tile_shown &&
            (!was || now_changes != s->tile_changes || host_needs_redraw(s->host)))
            host_show_frame(s->host, s->tile_frame.data());
        else if (!s->tile_shown && was)
            s->shown_frames = ~0ull; /* back to go_peripheral's pins */
        s->tile_changes = now_changes;
    }
    /* Every frame the sampler completed: the last one. */
    const uint64_t done = sim_harness_frames_done(s->h);
    const uint16_t *f = sim_harness_frame(s->h);
    if (!s->tile_shown && (done != s->shown_frames || host_needs_redraw(s->host))) {
        if (f)
            host_show_frame(s->host, f);
        s->shown_frames = done;
    }
}
#endif

void sim_advance(void *ctx, uint32_t usec)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    sim_harness_run(s->h, (uint64_t)usec * SIM_CYCLES_PER_US);
    drain_audio(s);
    if (s->on_frame && sim_harness_frames_done(s->h) != s->seen_frames) {
        s->seen_frames = sim_harness_frames_done(s->h);
        s->on_frame(s->on_frame_ctx, sim_harness_frame(s->h), s->seen_frames);
    }
#if HAVE_HOST
    if (s->host) {
        update_window(s);
        host_pace(s->host, sim_harness_cycles(s->h) / SIM_CYCLES_PER_US);
    }
#endif
}

uint64_t sim_time_us(void *ctx)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    return sim_harness_cycles(s->h) / SIM_CYCLES_PER_US;
}

int sim_poll_key(void *ctx)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
#if HAVE_HOST
    if (s->host)
        return host_poll_key(s->host);
#else
    (void)s;
#endif
    return 0; /* headless: keys come only from the console's script */
}

/* Runs the clock until a frame that began scanning after this call (and
 * after any pending swap was taken) has been sampled: memory written
 * before the call is then on it. */
int read_fresh_frame(sim_backend *s, uint16_t *rgb444)
{
    for (int i = 0; i < 200 && (sim_harness_reg_read(s->h, GP_REG_VGA_CTRL) & 1); i++)
        sim_harness_run(s->h, FRAME_CYCLES / 100);
    const uint64_t since = sim_harness_cycles(s->h);
    const uint64_t limit = since + 3 * FRAME_CYCLES;
    while (!(sim_harness_frames_done(s->h) > 0 && sim_harness_frame_start_cycle(s->h) >= since)) {
        if (sim_harness_cycles(s->h) > limit)
            return -1;
        sim_harness_run(s->h, 5000);
    }
    drain_audio(s);
    memcpy(rgb444, sim_harness_frame(s->h), sizeof(uint16_t) * SIM_FRAME_W * SIM_FRAME_H);
    return 0;
}

/* The sampler runs only while a frame is wanted, unless a window shows
 * every frame. */
int sim_read_frame(void *ctx, uint16_t *rgb444)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    sim_harness_set_sampling(s->h, 1);
    int status = read_fresh_frame(s, rgb444);
    /* While the tile display's mux bit is set it has the VGA pins: its picture is the frame. */
    if (status == 0)
        periph_bus_scan_frame(&s->bus, sim_vga_source, sim_harness_cycles(s->h), rgb444);
#if HAVE_HOST
    if (s->host)
        return status;
#endif
    if (!s->on_frame)
        sim_harness_set_sampling(s->h, 0);
    return status;
}

int sim_close(void *ctx)
{
    sim_backend *s = static_cast<sim_backend *>(ctx);
    if (s->h)
        drain_audio(s);
    if (s->channel_mismatches)
        fprintf(stderr, "tabletop: sim: left and right audio channels differed %llu times\n",
                (unsigned long long)s->channel_mismatches);
    int status = hal_frontend_close(s->host, &s->wav, s->have_wav);
    sim_harness_free(s->h);
    periph_bus_close(&s->bus);
    hal_link_close(s->link); /* after the model that wrote to it */
    delete s;
    return status;
}

hal_link_t *sim_link_pins_of(void *ctx)
{
    return static_cast<sim_backend *>(ctx)->link;
}

const hal_ops_t sim_ops = {
    "sim",
    sim_map,
    sim_reg_read,
    sim_reg_write,
    sim_advance,
    sim_time_us,
    sim_poll_key,
    sim_read_frame,
    sim_close,
    sim_link_pins_of,
};

} // namespace

extern "C" int hal_sim_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    static const hal_config_t defaults = {};
    if (!cfg)
        cfg = &defaults;
    sim_backend *s = new sim_backend();
    memset(&s->wav, 0, sizeof s->wav);
    s->h = sim_harness_new(cfg->trace, err, errlen);
    if (!s->h) {
        delete s;
        return -1;
    }
    if (periph_bus_open(&s->bus, sim_bindings, sim_binding_count, err, errlen) != 0) {
        sim_close(s);
        return -1;
    }
    periph_bus_attach(&s->bus, PERIPH_GO_PERIPHERAL, s->h);
    if (hal_frontend_open(cfg, "tabletop (sim)", &s->host, &s->wav, &s->have_wav, err, errlen) !=
        0) {
        sim_close(s);
        return -1;
    }
    /* Headless, nobody looks at the pins between read_frame calls, unless
     * the caller watches every frame. */
    s->on_frame = cfg->on_frame;
    s->on_frame_ctx = cfg->on_frame_ctx;
    if (cfg->headless && !s->on_frame)
        sim_harness_set_sampling(s->h, 0);
    /* The link's far end goes on this instance's UART pins, opened last so
     * that nothing else can fail after a peer has connected. */
    if (periph_bus_open_link(&s->bus, sim_link_pins, cfg->link, &s->link) != 0) {
        snprintf(err, errlen, "out of memory");
        sim_close(s);
        return -1;
    }
    h->ops = &sim_ops;
    h->ctx = s;
    return 0;
}

/* sim_harness.cpp - clock, bus models and VGA sampler around the Verilated
 * go_peripheral (sim_harness.h).  Every clock is simulated: what the
 * sampler and the sinks collect is what the model's pins did, and nothing
 * here computes what the RTL would have done (docs/sim.md). */
#include "sim_harness.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <memory>
#include <string>

#include "Vgo_peripheral.h"
#include "rtl/go_peripheral_regs.h"
#include "Vgo_peripheral__Dpi.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
#endif

#include "sim_rom_images.h"

namespace {

struct burst_t {
    uint32_t addr;     /* next byte address */
    unsigned left;     /* words still to deliver */
    uint64_t ready_at; /* first cycle a word may be delivered */
};

void span_add(sim_span_t *sp, uint64_t v)
{
    if (sp->count == 0 || v < sp->min)
        sp->min = v;
    if (sp->count == 0 || v > sp->max)
        sp->max = v;
    sp->count++;
}

/* The first ROM image that a Verilated sample_rom asked for and the
 * program does not hold, or asked past its end ("" when none). */
thread_local std::string rom_error;

const sim_rom_image_t *rom_image(const char *file)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    for (unsigned i = 0; i < sim_rom_image_count; i++)
        if (!strcmp(sim_rom_images[i].name, base))
            return &sim_rom_images[i];
    return nullptr;
}

#if VM_TRACE_FST
typedef VerilatedFstC trace_writer_t;
#else
/* A build without FST (no zlib: the WebAssembly one, docs/sim.md "In a web
 * page") never opens a trace; its writer is always absent. */
struct trace_writer_t {
    void dump(uint64_t) {}
    void close() {}
};
#endif

} // namespace

/* DPI (rtl/go_peripheral/sample_rom.sv with TABLETOP_SIM_ROM): word index
 * of the ROM image named file, as sim/rom_images.py embedded it. */
int tabletop_sim_rom_word(const char *file, int index)
{
    const sim_rom_image_t *im = rom_image(file);
    if (!im || index < 0 || (unsigned)index >= im->count) {
        if (rom_error.empty())
            rom_error = std::string("sim: the program holds no ROM image ") + file +
                        (im ? " of that depth" : "") + ": rebuild (meson compile)";
        return 0;
    }
    return im->words[index];
}

struct sim_harness {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgo_peripheral> top;
    std::unique_ptr<trace_writer_t> fst;
    uint64_t cycle = 0;

    /* SDRAM: calloc'd so untouched pages cost nothing. */
    uint8_t *sdram = nullptr;

    /* master responder */
    sim_bus_config_t bus;
    /* Bursts accepted and not yet delivered, in order: bursts[burst_head..]. */
    std::vector<burst_t> bursts;
    size_t burst_head = 0;
    uint64_t bad_reads = 0;
    uint64_t words_read = 0;

    /* audio sink */
    std::vector<int16_t> left, right;
    std::vector<uint64_t> left_cycles, right_cycles;

    /* VGA sampler state, in sampled pixels */
    uint64_t pix = 0;
    uint64_t t_hs_fall = 0, t_hs_rise = 0, t_bl_rise = 0, t_bl_fall = 0;
    uint64_t t_vs_fall = 0, t_vs_rise = 0, t_last_line = 0;
    uint64_t active_lines = 0;
    unsigned x = 0, y = 0;
    uint64_t vsyncs = 0;
    uint64_t cur_start_cycle = 0, done_start_cycle = 0, frames_done = 0;
    std::vector<uint16_t> cur, done;
    sim_vga_timing_t timing;

    bool bus_plain = true; /* master responder: no patterns, the fast path */
    bool sampling = true;  /* VGA sampler */
    bool prev_clk = false, prev_hs = true, prev_vs = true, prev_bl = false;
    bool have_hs_fall = false, have_hs_rise = false, have_vs_fall = false, have_vs_rise = false;
    bool first_active_after_vs = false;
    bool frame_ok = false; /* a vsync has been seen since the frame began */

    template <bool PLAIN> void tick();
    void sample_vga();
    void sample_pins();
    /* The pixel the pins carry, at (x, y) of the frame being built. */
    void store_pixel(const Vgo_peripheral *t)
    {
        if (x < SIM_FRAME_W && y < SIM_FRAME_H)
            cur[y * SIM_FRAME_W + x] =
                (uint16_t)((t->vga_r & 0xF) << 8 | (t->vga_g & 0xF) << 4 | (t->vga_b & 0xF));
        x++;
    }
    void run(uint64_t n);
};

/* Starts the FST trace of every clock into trace_path; -1 with a one-line
 * message when the file cannot be written or the build has no FST. */
static int open_trace(sim_harness_t *s, const char *trace_path, char *err, size_t errlen)
{
#if VM_TRACE_FST
    FILE *probe = fopen(trace_path, "wb");
    if (!probe) {
        snprintf(err, errlen,
                 "sim: cannot write the trace file %s (%s): give --trace a path in a "
                 "writable directory",
                 trace_path, strerror(errno));
        return -1;
    }
    fclose(probe);
    s->fst.reset(new VerilatedFstC());
    s->top->trace(s->fst.get(), 99);
    s->fst->open(trace_path);
    return 0;
#else
    (void)s;
    snprintf(err, errlen,
             "sim: this build writes no trace (%s): FST needs zlib, which the WebAssembly "
             "build lacks; trace with the native build",
             trace_path);
    return -1;
#endif
}

sim_harness_t *sim_harness_new(const char *trace_path, char *err, size_t errlen)
{
    sim_harness_t *s = new sim_harness();
    s->sdram = static_cast<uint8_t *>(calloc(1, SIM_SDRAM_BYTES));
    if (!s->sdram) {
        snprintf(err, errlen, "sim: cannot allocate %u MB of simulated SDRAM",
                 SIM_SDRAM_BYTES >> 20);
        delete s;
        return nullptr;
    }
    s->ctx.reset(new VerilatedContext());
    s->ctx->debug(0);
    s->ctx->fatalOnError(false);
    if (trace_path)
        s->ctx->traceEverOn(true);
    s->top.reset(new Vgo_peripheral(s->ctx.get(), "go_peripheral"));
    if (trace_path && open_trace(s, trace_path, err, errlen) != 0) {
        sim_harness_free(s);
        return nullptr;
    }
    s->cur.assign(SIM_FRAME_W * SIM_FRAME_H, 0);
    memset(&s->timing, 0, sizeof s->timing);
    s->bus.read_latency = 1;

    Vgo_peripheral *t = s->top.get();
    t->clk = 0;
    t->tick = 0;
    t->reset_n = 0;
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->avm_readdata = 0;
    t->avm_readdatavalid = 0;
    t->avm_waitrequest = 0;
    t->aso_left_ready = 1;
    t->aso_right_ready = 1;
    rom_error.clear();
    s->run(4); /* the first eval loads the ROMs (sample_rom's initial block) */
    t->reset_n = 1;
    if (!rom_error.empty()) {
        snprintf(err, errlen, "%s", rom_error.c_str());
        sim_harness_free(s);
        return nullptr;
    }
    return s;
}

void sim_harness_free(sim_harness_t *s)
{
    if (!s)
        return;
    if (s->fst)
        s->fst->close();
    if (s->top)
        s->top->final();
    free(s->sdram);
    delete s;
}

Vgo_peripheral *sim_harness_model(sim_harness_t *s)
{
    return s->top.get();
}

/* The VGA sampler's common case, inline: a pixel in the middle of a
 * visible line (blank_n high now and at the last sample, no sync edge), 640
 * of every 800 samples; everything else goes to sample_vga(). */
inline void sim_harness::sample_pins()
{
    Vgo_peripheral *t = top.get();
    const bool hs = t->vga_hs;
    if (t->vga_blank_n && prev_bl && hs == prev_hs && t->vga_vs == prev_vs) {
        pix++;
        if (!hs)
            timing.hs_in_active++;
        store_pixel(t);
        return;
    }
    sample_vga();
}

/* The VGA sampler: called on every rising vga_clk, when the pins (which
 * change on the other clk edge) are stable, as the DAC latches them. */
void sim_harness::sample_vga()
{
    Vgo_peripheral *t = top.get();
    const bool hs = t->vga_hs, vs = t->vga_vs, bl = t->vga_blank_n;
    pix++;
    if (bl) {
        if (!prev_bl) {
            t_bl_rise = pix;
            if (have_hs_rise)
                span_add(&timing.h_back, pix - t_hs_rise);
            if (first_active_after_vs && have_vs_rise) {
                span_add(&timing.v_back, pix - t_vs_rise);
                first_active_after_vs = false;
            }
            t_last_line = pix;
            x = 0;
        }
        if (!hs)
            timing.hs_in_active++;
        store_pixel(t);
    } else if (prev_bl) {
        t_bl_fall = pix;
        span_add(&timing.h_active, pix - t_bl_rise);
        if (x != SIM_FRAME_W)
            timing.bad_lines++;
        active_lines++;
        y++;
        if (y == SIM_FRAME_H && frame_ok) {
            done.swap(cur);
            if (cur.size() != done.size())
                cur.assign(SIM_FRAME_W * SIM_FRAME_H, 0);
            done_start_cycle = cur_start_cycle;
            frames_done++;
        }
    }
    if (hs != prev_hs) {
        if (!hs) {
            if (have_hs_fall)
                span_add(&timing.h_total, pix - t_hs_fall);
            if (t_bl_fall > t_hs_fall && have_hs_fall)
                span_add(&timing.h_front, pix - t_bl_fall);
            t_hs_fall = pix;
            have_hs_fall = true;
        } else {
            if (have_hs_fall)
                span_add(&timing.h_sync, pix - t_hs_fall);
            t_hs_rise = pix;
            have_hs_rise = true;
        }
    }
    if (vs != prev_vs) {
        if (!vs) {
            if (have_vs_fall) {
                span_add(&timing.v_total, pix - t_vs_fall);
                span_add(&timing.v_active, active_lines);
                span_add(&timing.v_front, pix - t_last_line);
            }
            t_vs_fall = pix;
            have_vs_fall = true;
            active_lines = 0;
            vsyncs++;
            /* A new frame is scanned from here on. */
            y = 0;
            frame_ok = true;
            cur_start_cycle = cycle;
        } else {
            if (have_vs_fall)
                span_add(&timing.v_sync, pix - t_vs_fall);
            t_vs_rise = pix;
            have_vs_rise = true;
            first_active_after_vs = true;
        }
    }
    prev_hs = hs;
    prev_vs = vs;
    prev_bl = bl;
}

/* One clk cycle.  The bus models drive their outputs for this cycle, then
 * observe the DUT's (registered) outputs: a request accepted, a sample
 * taken; then the rising edge.  Untraced, the edge is one change of the
 * wrapper's tick input, one eval (sim/rtl/sim_go_peripheral.sv); traced,
 * two phases of its plain clock (clk low, eval, dump; clk high, eval,
 * dump), so the waveform shows the clock.  PLAIN: no bus pattern is set. */
template <bool PLAIN> void sim_harness::tick()
{
    Vgo_peripheral *t = top.get();

    /* The responder's outputs for this cycle. */
    bool wait = false;
    bool valid = false;
    const bool queued = burst_head < bursts.size();
    if (PLAIN) {
        valid = queued && bursts[burst_head].ready_at <= cycle;
    } else {
        if (!bus.waitreq.empty())
            wait = bus.waitreq[cycle % bus.waitreq.size()] != 0;
        if (queued && bursts[burst_head].ready_at <= cycle &&
            (bus.gaps.empty() || !bus.gaps[cycle % bus.gaps.size()]))
            valid = true;
        if (!bus.ready.empty()) {
            const uint8_t r = bus.ready[cycle % bus.ready.size()];
            t->aso_left_ready = r & 1;
            t->aso_right_ready = (r >> 1) & 1;
        }
    }
    uint32_t data = 0;
    if (valid) {
        burst_t &b = bursts[burst_head];
        if ((uint64_t)b.addr + 4 <= SIM_SDRAM_BYTES)
            memcpy(&data, sdram + b.addr, 4); /* little-endian host, as the HPS */
        else
            bad_reads++;
        b.addr += 4;
        words_read++;
        if (--b.left == 0 && ++burst_head == bursts.size()) {
            bursts.clear();
            burst_head = 0;
        }
    }
    t->avm_waitrequest = wait;
    t->avm_readdatavalid = valid;
    t->avm_readdata = data;
    if (fst) {
        t->clk = 0;
        t->eval();
        fst->dump(cycle * 20000 + 10000);
    }

    /* Observe: requests accepted and samples taken on this edge. */
    if (t->avm_read && !wait) {
        const unsigned lat = PLAIN ? 1 : bus.read_latency;
        bursts.push_back(burst_t{t->avm_address, t->avm_burstcount ? t->avm_burstcount : 16u,
                                 cycle + lat});
    }
    if (t->aso_left_valid && t->aso_left_ready) {
        left.push_back((int16_t)t->aso_left_data);
        left_cycles.push_back(cycle);
    }
    if (t->aso_right_valid && t->aso_right_ready) {
        right.push_back((int16_t)t->aso_right_data);
        right_cycles.push_back(cycle);
    }

    /* The rising edge. */
    if (fst)
        t->clk = 1;
    else
        t->tick = !t->tick;
    t->eval();
    cycle++;
    if (fst)
        fst->dump(cycle * 20000);
    const bool c = t->vga_clk;
    if (c && !prev_clk && sampling)
        sample_pins();
    prev_clk = c;
}

void sim_harness::run(uint64_t n)
{
    if (bus_plain)
        for (uint64_t i = 0; i < n; i++)
            tick<true>();
    else
        for (uint64_t i = 0; i < n; i++)
            tick<false>();
}

void sim_harness_run(sim_harness_t *s, uint64_t n)
{
    s->run(n);
}

unsigned sim_harness_run_frames(sim_harness_t *s, unsigned n)
{
    const uint64_t want = s->frames_done + n;
    /* A frame is 800 x 525 x 2 clocks; allow two more for the first vsync. */
    const uint64_t limit = s->cycle + (uint64_t)(n + 2) * 800 * 525 * 2;
    while (s->frames_done < want && s->cycle < limit)
        s->run(1000);
    return (unsigned)(s->frames_done + n - want);
}

uint64_t sim_harness_cycles(const sim_harness_t *s)
{
    return s->cycle;
}

uint32_t sim_harness_reg_read(sim_harness_t *s, uint32_t offset)
{
    Vgo_peripheral *t = s->top.get();
    t->avs_address = (offset >> 2) & ((1u << GP_ADDR_BITS) - 1u);
    t->avs_read = 1;
    s->run(1);
    t->avs_read = 0;
    /* Read latency 1: readdata was registered on that edge. */
    return t->avs_readdata;
}

void sim_harness_reg_write(sim_harness_t *s, uint32_t offset, uint32_t value)
{
    Vgo_peripheral *t = s->top.get();
    t->avs_address = (offset >> 2) & ((1u << GP_ADDR_BITS) - 1u);
    t->avs_writedata = value;
    t->avs_write = 1;
    s->run(1);
    t->avs_write = 0;
}

uint8_t *sim_harness_sdram(sim_harness_t *s, uint32_t addr, size_t len)
{
    if ((uint64_t)addr + len > SIM_SDRAM_BYTES)
        return nullptr;
    return s->sdram + addr;
}

void sim_harness_set_bus(sim_harness_t *s, const sim_bus_config_t *cfg)
{
    s->bus = *cfg;
    if (s->bus.read_latency == 0)
        s->bus.read_latency = 1;
    s->bus_plain = s->bus.read_latency == 1 && s->bus.waitreq.empty() && s->bus.gaps.empty() &&
                   s->bus.ready.empty();
    if (s->bus.ready.empty()) {
        s->top->aso_left_ready = 1;
        s->top->aso_right_ready = 1;
    }
}

void sim_harness_set_sampling(sim_harness_t *s, int on)
{
    if (on && !s->sampling) {
        /* Pins moved while nobody looked: take them as they are now (no
         * false edges), forget partial intervals, wait for a vsync. */
        Vgo_peripheral *t = s->top.get();
        s->prev_hs = t->vga_hs;
        s->prev_vs = t->vga_vs;
        s->prev_bl = t->vga_blank_n;
        s->have_hs_fall = s->have_hs_rise = s->have_vs_fall = s->have_vs_rise = false;
        s->first_active_after_vs = false;
        s->t_bl_fall = 0;
        s->frame_ok = false;
        s->y = SIM_FRAME_H;
    }
    s->sampling = on != 0;
}

int sim_harness_traced(const sim_harness_t *s)
{
    return s->fst != nullptr;
}

uint64_t sim_harness_bad_reads(sim_harness_t *s)
{
    return s->bad_reads;
}

uint64_t sim_harness_words_read(sim_harness_t *s)
{
    return s->words_read;
}

const uint16_t *sim_harness_frame(sim_harness_t *s)
{
    return s->frames_done ? s->done.data() : nullptr;
}

uint64_t sim_harness_frames_done(sim_harness_t *s)
{
    return s->frames_done;
}

uint64_t sim_harness_frame_start_cycle(sim_harness_t *s)
{
    return s->done_start_cycle;
}

uint64_t sim_harness_vsyncs(sim_harness_t *s)
{
    return s->vsyncs;
}

const sim_vga_timing_t *sim_harness_timing(sim_harness_t *s)
{
    return &s->timing;
}

void sim_harness_take_audio(sim_harness_t *s, std::vector<int16_t> *left,
                            std::vector<int16_t> *right, std::vector<uint64_t> *cycles,
                            std::vector<uint64_t> *right_cycles)
{
    if (right_cycles)
        right_cycles->insert(right_cycles->end(), s->right_cycles.begin(),
                             s->right_cycles.end());
    if (left)
        left->insert(left->end(), s->left.begin(), s->left.end());
    if (right)
        right->insert(right->end(), s->right.begin(), s->right.end());
    if (cycles)
        cycles->insert(cycles->end(), s->left_cycles.begin(), s->left_cycles.end());
    s->left.clear();
    s->right.clear();
    s->left_cycles.clear();
    s->right_cycles.clear();
}

/* sim_harness.cpp - clock, bus models and VGA sampler around the Verilated
 * go_peripheral (sim_harness.h). */
#include "sim_harness.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <deque>
#include <utility>
#include <memory>

#include "Vgo_peripheral.h"
#include "Vgo_peripheral___024root.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "rtl/go_peripheral_regs.h" /* GP_REG_*: the register map */

#ifndef SIM_SOUND_DIR
#error "SIM_SOUND_DIR must name the folder of the ROM images (sim/meson.build)"
#endif

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

/* One clk cycle costs one eval() instead of two when the model lets the
 * harness mark the clock as low since the last edge: Verilator 5 finds a
 * posedge by comparing clk with the value it saw at the previous eval.  The
 * model has no negedge logic and every output is a register, so the eval
 * with clk low only recomputed logic that the posedge eval recomputes
 * anyway (docs/sim.md).  Falls back to two evals where the member is absent. */
template <typename R>
auto mark_clock_low(R *r, int) -> decltype(r->__Vtrigrprev__TOP__clk = 0, bool())
{
    r->__Vtrigrprev__TOP__clk = 0;
    return true;
}
template <typename R> bool mark_clock_low(R *, long)
{
    return false;
}

/* A frame is 800 x 525 pixels of two clocks. */
constexpr uint64_t FRAME_CYCLES = 800ull * 525 * 2;
/* Fast-forward checkpoints: the first clock of line 500, in vertical
 * blanking, when no line fetch runs (lines 479-523 fetch nothing). */
constexpr uint64_t CHECKPOINT_PHASE = 500ull * 800 * 2;

/* ---- the audio path, advanced without clocking ----------------------------
 *
 * audio_controller.sv's registers, and the ROM words it reads, as the
 * Verilated model holds them.  With both ready inputs high on every clock
 * and no command written, audio_step() is one rising edge of that RTL
 * (docs/sim.md "Sound while skipping"): the same next-state logic, read
 * from the same members, in the same order.  Between samples only the
 * timer moves, so audio_advance() jumps over those clocks whole.  The
 * VGA side never reads any of it, so the two halves can stand at
 * different clocks while a debt runs. */
using root_t = Vgo_peripheral___024root;

/* SAMPLE_PERIOD of go_peripheral.sv as sim/meson.build builds it. */
constexpr unsigned AUDIO_PERIOD = 6250;

struct audio_regs {
    uint8_t playing = 0, all_sent = 0, lv = 0, rv = 0;
    uint16_t index = 0, timer = 0, ld = 0, rd = 0;
    uint16_t q[4] = {0, 0, 0, 0};
    bool operator==(const audio_regs &o) const
    {
        return playing == o.playing && all_sent == o.all_sent && lv == o.lv && rv == o.rv &&
               index == o.index && timer == o.timer && ld == o.ld && rd == o.rd &&
               memcmp(q, o.q, sizeof q) == 0;
    }
};

/* The four clip ROMs: words, depth, address mask (index[AW-1:0]). */
struct audio_roms {
    const uint16_t *mem[4];
    unsigned depth[4];
    unsigned mask[4];
};

#define AC(m) go_peripheral__DOT__audio_controller_inst__DOT__##m

template <typename A> unsigned rom_depth(const A &a)
{
    return (unsigned)(sizeof a / sizeof(SData));
}

audio_roms audio_roms_of(const root_t *r)
{
    audio_roms k;
    k.mem[0] = &r->AC(place_rom_inst__DOT__mem)[0];
    k.mem[1] = &r->AC(capture_rom_inst__DOT__mem)[0];
    k.mem[2] = &r->AC(illegal_rom_inst__DOT__mem)[0];
    k.mem[3] = &r->AC(gameover_rom_inst__DOT__mem)[0];
    k.depth[0] = rom_depth(r->AC(place_rom_inst__DOT__mem));
    k.depth[1] = rom_depth(r->AC(capture_rom_inst__DOT__mem));
    k.depth[2] = rom_depth(r->AC(illegal_rom_inst__DOT__mem));
    k.depth[3] = rom_depth(r->AC(gameover_rom_inst__DOT__mem));
    for (int i = 0; i < 4; i++) {
        unsigned aw = 0;
        while ((1u << aw) < k.depth[i])
            aw++;
        k.mask[i] = (1u << aw) - 1;
    }
    return k;
}

/* ROM i's address: the index while clip i + 1 plays, else 0. */
unsigned rom_addr(const audio_roms &k, const audio_regs &a, int i)
{
    return a.playing == i + 1 ? (a.index & k.mask[i]) : 0;
}

uint16_t rom_word(const audio_roms &k, int i, unsigned addr)
{
    return addr < k.depth[i] ? k.mem[i][addr] : 0;
}

audio_regs audio_read(const root_t *r)
{
    audio_regs a;
    a.playing = r->go_peripheral__DOT__audio_playing;
    a.all_sent = r->AC(all_sent);
    a.lv = r->aso_left_valid;
    a.rv = r->aso_right_valid;
    a.index = r->AC(index);
    a.timer = r->AC(timer);
    a.ld = r->aso_left_data;
    a.rd = r->aso_right_data;
    a.q[0] = r->AC(q_place);
    a.q[1] = r->AC(q_capture);
    a.q[2] = r->AC(q_illegal);
    a.q[3] = r->AC(q_gameover);
    return a;
}

/* Writes the registers back, and the signals Verilator keeps as members
 * that derive from them (as its combinational pass after an edge would). */
void audio_write(root_t *r, const audio_roms &k, const audio_regs &a)
{
    r->go_peripheral__DOT__audio_playing = a.playing;
    r->AC(all_sent) = a.all_sent;
    r->aso_left_valid = a.lv;
    r->aso_right_valid = a.rv;
    r->AC(index) = a.index;
    r->AC(timer) = a.timer;
    r->aso_left_data = a.ld;
    r->aso_right_data = a.rd;
    r->AC(q_place) = a.q[0];
    r->AC(q_capture) = a.q[1];
    r->AC(q_illegal) = a.q[2];
    r->AC(q_gameover) = a.q[3];
    r->AC(due) = a.timer == AUDIO_PERIOD - 1;
    r->AC(left_free) = (!a.lv || r->aso_left_ready) ? 1 : 0;
    r->AC(right_free) = (!a.rv || r->aso_right_ready) ? 1 : 0;
    r->AC(offer) = (a.playing != 0 && !a.all_sent && r->AC(due) && r->AC(left_free) &&
                    r->AC(right_free))
                       ? 1
                       : 0;
    const bool clip = a.playing >= 1 && a.playing <= 4;
    r->AC(sample) = clip ? a.q[a.playing - 1] : 0;
    r->AC(clip_len) = clip ? (SData)k.depth[a.playing - 1] : 0;
    r->AC(__Vcellinp__place_rom_inst__addr) = (SData)rom_addr(k, a, 0);
    r->AC(__Vcellinp__capture_rom_inst__addr) = (SData)rom_addr(k, a, 1);
    r->AC(__Vcellinp__illegal_rom_inst__addr) = (SData)rom_addr(k, a, 2);
    r->AC(__Vcellinp__gameover_rom_inst__addr) = (SData)rom_addr(k, a, 3);
}

#define VC(m) go_peripheral__DOT__vga_controller_inst__DOT__##m
/* The byte ranges of the root left out when the fast-forward compares
 * the model with its snapshot: the slave port's address and read data
 * (a read sets them and nothing else), and with audio, every member that
 * audio_write() sets.  With dead, also the VGA members that are dead at a
 * checkpoint (docs/sim.md "A new picture"): at line 500 no line is being
 * fetched, and the next frame writes each of them before anything reads
 * it into the pins or the control (both halves of the line buffer by the
 * end of line 0, the master address at line 524, the read word and the
 * pixel on every clock, and outside the visible area they reach no pin).
 * Their values at a checkpoint are those of the frame before; a frame
 * that began with others ends with the same, so they need not match. */
std::vector<std::pair<size_t, size_t>> masked_ranges(const root_t *r, bool audio, bool dead)
{
    const uint8_t *base = reinterpret_cast<const uint8_t *>(&r->clk);
    std::vector<std::pair<size_t, size_t>> v;
#define RANGE(m) v.push_back({(size_t)(reinterpret_cast<const uint8_t *>(&r->m) - base), sizeof r->m})
    RANGE(avs_address);
    RANGE(avs_readdata);
    RANGE(avs_writedata); /* read only while avs_write is high: a write's clock */
    if (dead) {
        RANGE(VC(line_buffer_inst__DOT__mem));
        RANGE(VC(line_buffer_inst__DOT____Vlvbound_h318c8c68__0));
        RANGE(VC(rd_data));
        RANGE(VC(pixel));
        RANGE(avm_address);
    }
    if (!audio) {
        std::sort(v.begin(), v.end());
        return v;
    }
    RANGE(go_peripheral__DOT__audio_playing);
    RANGE(AC(all_sent));
    RANGE(aso_left_valid);
    RANGE(aso_right_valid);
    RANGE(AC(index));
    RANGE(AC(timer));
    RANGE(aso_left_data);
    RANGE(aso_right_data);
    RANGE(AC(q_place));
    RANGE(AC(q_capture));
    RANGE(AC(q_illegal));
    RANGE(AC(q_gameover));
    RANGE(AC(due));
    RANGE(AC(left_free));
    RANGE(AC(right_free));
    RANGE(AC(offer));
    RANGE(AC(sample));
    RANGE(AC(clip_len));
    RANGE(AC(__Vcellinp__place_rom_inst__addr));
    RANGE(AC(__Vcellinp__capture_rom_inst__addr));
    RANGE(AC(__Vcellinp__illegal_rom_inst__addr));
    RANGE(AC(__Vcellinp__gameover_rom_inst__addr));
#undef RANGE
    std::sort(v.begin(), v.end());
    return v;
}
#undef AC

bool rom_outputs_settled(const audio_roms &k, const audio_regs &a)
{
    for (int i = 0; i < 4; i++)
        if (a.q[i] != rom_word(k, i, rom_addr(k, a, i)))
            return false;
    return true;
}

} // namespace

/* Where audio_advance() puts the samples the sinks take. */
struct audio_sink_t {
    std::vector<int16_t> *left, *right;
    std::vector<uint64_t> *left_cycles, *right_cycles;
    uint64_t *samples;
};

namespace {

/* One rising edge of audio_controller (both ready high, no command), on
 * clock c: what the sinks take on it, then the registers' next values. */
/* What every rising edge does, whatever else happens on it: the sinks take
 * what is offered, the ROMs answer the addresses they were given. */
audio_regs audio_edge(const audio_roms &k, const audio_regs &a, uint64_t c, const audio_sink_t &out)
{
    if (a.lv) {
        out.left->push_back((int16_t)a.ld);
        out.left_cycles->push_back(c);
        (*out.samples)++;
    }
    if (a.rv) {
        out.right->push_back((int16_t)a.rd);
        out.right_cycles->push_back(c);
        (*out.samples)++;
    }
    audio_regs n = a;
    for (int i = 0; i < 4; i++)
        n.q[i] = rom_word(k, i, rom_addr(k, a, i));
    return n;
}

void audio_step(const audio_roms &k, audio_regs &a, uint64_t c, const audio_sink_t &out)
{
    audio_regs n = audio_edge(k, a, c, out);
    if (a.playing != 0) {
        const bool clip = a.playing <= 4;
        const uint16_t sample = clip ? a.q[a.playing - 1] : 0;
        const uint16_t len = clip ? (uint16_t)k.depth[a.playing - 1] : 0;
        const bool due = a.timer == AUDIO_PERIOD - 1;
        n.lv = 0; /* taken, or never offered */
        n.rv = 0;
        if (!a.all_sent && due) {
            n.ld = n.rd = sample;
            n.lv = n.rv = 1;
            n.timer = 0;
            n.index = (uint16_t)((a.index + 1) & 0x3FFF);
            if (a.index == ((len - 1) & 0x3FFF))
                n.all_sent = 1;
        } else if (!due) {
            n.timer = (uint16_t)((a.timer + 1) & 0x1FFF);
        }
        if (a.all_sent)
            n.playing = 0;
    }
    a = n;
}

/* The rising edge at clock c on which AUDIO_CMD is written with a command
 * the RTL takes (cmd 0-4): what the sinks take and the ROMs answer as on
 * any edge, then the clip started afresh (or stopped), as the
 * `start || stop` branch of audio_controller.sv does. */
void audio_command(const audio_roms &k, audio_regs &a, uint64_t c, unsigned cmd,
                   const audio_sink_t &out)
{
    audio_regs n = audio_edge(k, a, c, out);
    n.playing = (uint8_t)cmd;
    n.index = 0;
    n.timer = 1;
    n.all_sent = 0;
    n.lv = n.rv = 0;
    a = n;
}

/* n rising edges from clock c on: single edges where anything but the
 * timer moves, one jump over the clocks in between. */
void audio_advance(const audio_roms &k, audio_regs &a, uint64_t c, uint64_t n,
                   const audio_sink_t &out)
{
    while (n > 0) {
        const bool quiet = !a.lv && !a.rv && rom_outputs_settled(k, a);
        if (quiet && a.playing == 0)
            return; /* idle: nothing moves any more */
        if (quiet && !a.all_sent && a.timer < AUDIO_PERIOD - 1) {
            const uint64_t m = std::min<uint64_t>(n, AUDIO_PERIOD - 1 - a.timer);
            a.timer = (uint16_t)(a.timer + m);
            c += m;
            n -= m;
            continue;
        }
        audio_step(k, a, c, out);
        c++;
        n--;
    }
}

} // namespace

/* Phases of a frame at which the fast-forward keeps the state it had, so
 * that paying a debt clocks at most one phase (docs/sim.md "Paying a debt
 * without clocking its remainder"). */
constexpr int PHASES = 16;
/* Phase i (i >= 1) is 33 i lines after the checkpoint, at pixel 700 of
 * its line: in horizontal blanking, with the next line fetched whole, so
 * that what the phase holds of the picture is two lines of the line
 * buffer (docs/sim.md "A new picture"). */
constexpr uint64_t PHASE_LINES = 33;
constexpr uint64_t phase_off(int i)
{
    return i == 0 ? 0 : (PHASE_LINES * (uint64_t)i * 800 + 700) * 2 + 1;
}
static_assert(phase_off(PHASES - 1) < FRAME_CYCLES - 800 * 2 * 20, "phases end before the checkpoint");
/* The phase at or before `into` clocks after the checkpoint. */
static int phase_at(uint64_t into)
{
    int i = PHASES - 1;
    while (i > 0 && phase_off(i) > into)
        i--;
    return i;
}

/* ---- a new picture --------------------------------------------------------
 *
 * What the VGA half holds of the picture, as a function of the words a frame
 * has read (docs/sim.md "A new picture"): vga_controller.sv writes word j
 * of a frame (line j / 320, word j % 320) to line_buffer half (line & 1);
 * its read word is the buffer's word at rd_addr (0 past the end), the pixel
 * its half by h[0]; the write temporary holds the last word written.  The
 * harness checks this against the model on every steady frame before it
 * uses it (vga_predict_matches), so a change to the RTL that breaks it
 * turns the new-picture skip off rather than making it wrong. */
namespace {

constexpr size_t LINE_WORDS = SIM_FRAME_W / 2;
constexpr size_t FRAME_WORDS = LINE_WORDS * SIM_FRAME_H;
constexpr uint32_t HPS_SDRAM_BASE = 0xC0000000u;

struct vga_data {
    uint32_t mem[2 * LINE_WORDS];
    uint32_t last;   /* the write temporary */
    uint32_t rd;     /* rd_data */
    uint16_t pixel;
};

/* Offset of member m in a snapshot of the root (bytes from &clk). */
template <typename M> size_t off_of(const root_t *r, const M &m)
{
    return (size_t)(reinterpret_cast<const uint8_t *>(&m) - reinterpret_cast<const uint8_t *>(&r->clk));
}
template <typename M> M snap_get(const std::vector<uint8_t> &v, const root_t *r, const M &m)
{
    M x;
    memcpy(&x, v.data() + off_of(r, m), sizeof x);
    return x;
}
template <typename M> void snap_put(std::vector<uint8_t> &v, const root_t *r, const M &m, const M &x)
{
    memcpy(v.data() + off_of(r, m), &x, sizeof x);
}

/* The picture members after d words of a frame w, with rd_addr and h as
 * given.  False before two lines. */
bool vga_predict(const uint32_t *w, size_t d, unsigned rd_addr, unsigned h, vga_data *out)
{
    if (d < 2 * LINE_WORDS || d > FRAME_WORDS)
        return false;
    for (size_t j = d - 2 * LINE_WORDS; j < d; j++)
        out->mem[((j / LINE_WORDS) & 1) * LINE_WORDS + j % LINE_WORDS] = w[j];
    out->last = w[d - 1];
    out->rd = rd_addr < 2 * LINE_WORDS ? out->mem[rd_addr] : 0;
    out->pixel = (uint16_t)((h & 1) ? out->rd >> 16 : out->rd & 0xFFFF);
    return true;
}

/* The line buffer address the read word was taken from: rd_addr as it
 * stood before the last edge, which moved the scan when pix_ce is low now. */
unsigned rd_addr_before(unsigned h, unsigned v, bool pix_ce)
{
    if (!pix_ce) {
        if (h == 0) {
            h = 799;
            v = v == 0 ? 524 : v - 1;
        } else {
            h--;
        }
    }
    return ((v & 1) ? LINE_WORDS : 0) + (h >> 1);
}

/* The same for the snapshot v of the live root r. */
bool vga_predict(const uint32_t *w, size_t d, const std::vector<uint8_t> &v, const root_t *r,
                 vga_data *out)
{
    const unsigned h = snap_get(v, r, r->VC(h));
    return vga_predict(w, d, rd_addr_before(h, snap_get(v, r, r->VC(v)), snap_get(v, r, r->VC(pix_ce))),
                       h, out);
}

bool vga_predict_matches(const vga_data &p, const std::vector<uint8_t> &v, const root_t *r)
{
    uint32_t mem[2 * LINE_WORDS];
    memcpy(mem, v.data() + off_of(r, r->VC(line_buffer_inst__DOT__mem)), sizeof mem);
    return memcmp(mem, p.mem, sizeof mem) == 0 &&
           snap_get(v, r, r->VC(line_buffer_inst__DOT____Vlvbound_h318c8c68__0)) == p.last &&
           snap_get(v, r, r->VC(rd_data)) == p.rd && snap_get(v, r, r->VC(pixel)) == p.pixel;
}

void vga_predict_put(const vga_data &p, std::vector<uint8_t> &v, const root_t *r)
{
    memcpy(v.data() + off_of(r, r->VC(line_buffer_inst__DOT__mem)), p.mem, sizeof p.mem);
    snap_put(v, r, r->VC(line_buffer_inst__DOT____Vlvbound_h318c8c68__0), p.last);
    snap_put(v, r, r->VC(rd_data), p.rd);
    snap_put(v, r, r->VC(pixel), p.pixel);
}

/* The sampled rows [0, rows) of the picture a frame's words w show
 * (RGB444: the top bits of RGB565, as the pins carry them). */
void picture_rows(const uint32_t *w, unsigned rows, uint16_t *out)
{
    for (size_t i = 0; i < (size_t)rows * SIM_FRAME_W; i++) {
        const uint32_t word = w[i / 2];
        const unsigned p = (i & 1) ? word >> 16 : word & 0xFFFF;
        out[i] = (uint16_t)(((p >> 12) & 0xF) << 8 | ((p >> 7) & 0xF) << 4 | ((p >> 1) & 0xF));
    }
}

bool picture_rows_match(const uint32_t *w, unsigned rows, const uint16_t *pic)
{
    std::vector<uint16_t> want((size_t)rows * SIM_FRAME_W);
    picture_rows(w, rows, want.data());
    return memcmp(want.data(), pic, want.size() * 2) == 0;
}

} // namespace

/* The model and the bus models at one phase of a frame: counts since
 * the frame's checkpoint, times relative to the phase's own clock and
 * pixel count, so that phases of different steady frames mix. */
struct sim_phase {
    bool ok = false;
    bool sampling = false;
    /* the picture members and rows as vga_predict() gives them */
    bool data_ok = false;
    std::vector<uint64_t> sampler;   /* sampler_state() at the phase */
    std::vector<uint8_t> root;
    std::deque<burst_t> bursts;      /* ready_at: clocks after the phase, as int64 */
    uint64_t d_cycle = 0, d_words = 0, d_bad = 0, d_frames = 0, d_vsyncs = 0, d_pix = 0;
    uint16_t d_fc = 0;               /* frame_count since the checkpoint */
    uint64_t d_count[10] = {};       /* timing spans measured since the checkpoint */
    uint64_t d_bad_lines = 0, d_hs_in_active = 0;
    bool prev_clk = false, prev_hs = false, prev_vs = false, prev_bl = false;
    bool have_hs_fall = false, have_hs_rise = false, have_vs_fall = false, have_vs_rise = false;
    bool first_active_after_vs = false, frame_ok = false;
    /* pixels before the phase's pixel count, clocks before its clock */
    uint64_t t_hs_fall = 0, t_hs_rise = 0, t_bl_rise = 0, t_bl_fall = 0, t_vs_fall = 0,
             t_vs_rise = 0, t_last_line = 0, cur_start_cycle = 0, done_start_cycle = 0;
    uint64_t active_lines = 0;
    unsigned x = 0, y = 0;
};

/* The state of the fast-forward (docs/sim.md "Skipping frames"): the model
 * snapshot at the last checkpoint, and what the frame after it did. */
struct sim_ff {
    uint64_t next_cp = 0;            /* cycle of the next checkpoint */
    uint64_t ref_cycle = 0;          /* the snapshot's checkpoint */
    /* counters at ref_cycle, to see what the frame after it did */
    uint64_t ops0 = 0, samples0 = 0, words0 = 0, bad0 = 0, frames0 = 0, vsyncs0 = 0, pix0 = 0;
    /* what one steady frame does to the counters */
    uint64_t d_words = 0, d_bad = 0, d_frames = 0, d_vsyncs = 0, d_pix = 0;
    uint64_t debt = 0;               /* clocks owed since the checkpoint at `cycle` */
    uint64_t skipped = 0;            /* frames skipped so far */
    size_t replay = SIZE_MAX;        /* not SIZE_MAX while paying a debt */
    sim_vga_timing_t timing0;
    sim_vga_timing_t d_timing;
    std::vector<uint8_t> snap;       /* the model's state bytes at ref_cycle */
    std::vector<uint64_t> sampler0;  /* the sampler's own state, times relative to now */
    /* the words delivered since ref_cycle, in order: one frame's reads */
    std::vector<uint32_t> log;
    /* what each steady frame reads, in order, from ref_first on */
    std::vector<uint32_t> ref_words;
    uint32_t log_first = 0;          /* byte address of the log's first word */
    uint32_t ref_first = 0;
    uint16_t snap_frame_count = 0;
    bool on = false;
    bool have_ref = false;           /* snapshot taken at ref_cycle */
    bool sampling0 = false;
    bool log_contiguous = true;
    /* steady: the frame after ref_cycle ended in the same state with every
     * word it read still in memory; frames may be skipped from a checkpoint */
    bool steady = false;
    /* the phases of the frame since ref_cycle as clocked (cand), and of
     * the last frame found steady (phase), whose reads were ref_words */
    std::vector<sim_phase> cand = std::vector<sim_phase>(PHASES);
    std::vector<sim_phase> phase = std::vector<sim_phase>(PHASES);
    bool phases_ok = false;
    /* A new picture (docs/sim.md): the last steady frame (phase, ref_words,
     * end_avm) can stand for a frame of another picture; rebased: the live
     * model's picture members are still the frame before's, and skipping
     * a frame puts the new picture's in. */
    bool tmpl_ok = false;
    bool rebased = false;
    bool edge_pending = false;       /* a read's edge is being clocked */
    /* Writes taken while owing (docs/sim.md "Writes while owing"): a swap
     * asked for, taken on edge swap_edge (counted from ref_cycle), to the
     * buffer whose words were next_words at next_first when it was asked;
     * and what the write's clock leaves in the model's combinational
     * members, should the debt end on it (stale_at). */
    bool swap_owed = false;
    uint64_t swap_edge = 0;
    /* the checkpoint after swap_edge, counted from ref_cycle: from there
     * the other buffer shows */
    uint64_t swap_checkpoint() const { return (swap_edge / FRAME_CYCLES + 1) * FRAME_CYCLES; }
    std::vector<uint32_t> next_words;
    uint32_t next_first = 0;
    uint64_t stale_at = UINT64_MAX;
    bool clock_rest = false;         /* the debt left by commit_swap() must be clocked */
    uint8_t stale_swap = 0, stale_cmd = 0, stale_start = 0;
    uint32_t end_avm = 0;            /* avm_address at the end of the steady frame */
    uint64_t done_off = 0;           /* its frame completed this many clocks after its checkpoint */
    uint64_t gen = 0;                /* +1 whenever ref_words or next_words change */
};

struct sim_harness {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgo_peripheral> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t cycle = 0;

    /* SDRAM: calloc'd so untouched pages cost nothing. */
    uint8_t *sdram = nullptr;

    /* master responder */
    sim_bus_config_t bus;
    std::deque<burst_t> bursts;
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
    uint64_t done_at = 0;  /* the clock the last frame was completed on */
    /* sim_harness_peek_frame's picture of a new picture owed, and which */
    mutable std::vector<uint16_t> peek_pic;
    mutable const std::vector<uint32_t> *peek_src = nullptr;
    mutable uint64_t peek_gen = 0;
    std::vector<uint16_t> cur, done;
    sim_vga_timing_t timing;

    uint64_t ops = 0;      /* slave transactions, bus and sampler changes */
    uint64_t samples = 0;  /* audio samples taken */
    sim_ff ff;
    /* The audio path while a debt runs (docs/sim.md "Sound while skipping"). */
    audio_roms roms;
    /* masked_ranges() of the root, without and with the audio path */
    std::vector<std::pair<size_t, size_t>> masked_io, masked_audio;
    /* the same with the members dead at a checkpoint, for the steady test */
    std::vector<std::pair<size_t, size_t>> cmp_io, cmp_audio;
    /* cmp_audio, the buffer shown and the frame counter: a new picture */
    std::vector<std::pair<size_t, size_t>> cmp_picture;
    /* masked_audio and the swap's registers: what a phase restored leaves
     * as it stands (the writes taken while owing set them) */
    std::vector<std::pair<size_t, size_t>> keep_restore;

    /* The flags together, after the wider members (no padding between). */
    bool bus_plain = true;    /* master responder: no patterns, the fast path */
    bool sampling = true;     /* VGA sampler */
    bool prev_clk = false, prev_hs = true, prev_vs = true, prev_bl = false;
    bool have_hs_fall = false, have_hs_rise = false, have_vs_fall = false, have_vs_rise = false;
    bool first_active_after_vs = false;
    bool frame_ok = false;    /* a vsync has been seen since the frame began */
    bool one_eval = false;    /* one eval a clock (no trace, mark_clock_low works) */
    bool audio_ahead = false; /* paying a debt: the audio members already stand at its end */

    void tick();
    void sample_vga();
    void simulate(uint64_t n);
    void checkpoint();
    void mark_reference();
    bool state_matches_snapshot();
    std::vector<uint64_t> sampler_state() const;
    bool memory_holds(uint32_t first, const std::vector<uint32_t> &words) const;
    void skip(uint64_t frames);
    void take_phase(int i);
    void restore_phase(int i);
    void settle();
    /* The sinks always ready: the audio path can run on without clocking. */
    bool audio_free() const { return ff.on && bus.ready.empty(); }
    void owe(uint64_t n);
    bool rebase(const std::vector<uint32_t> *words = nullptr);
    bool owe_ok();
    bool owing_now();
    bool take_write(uint32_t a, uint32_t v);
    bool commit_swap();
    uint32_t fb_base() const
    {
        return ((uint32_t)top->rootp->go_peripheral__DOT__fb_shown_hi << 24) - HPS_SDRAM_BASE;
    }
    bool read_now(uint32_t a, uint32_t *v) const;
    /* Before anything that changes the model's inputs: the debt is paid
     * and the frame this falls in is not steady. */
    void touch()
    {
        settle();
        ops++;
        ff.steady = false;
    }
};

const char *sim_harness_sound_dir(void)
{
    return SIM_SOUND_DIR;
}

sim_harness_t *sim_harness_new(const char *trace_path, char *err, size_t errlen)
{
    static const char *const names[] = {"place", "capture", "illegal", "gameover"};
    for (const char *n : names) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.vh", SIM_SOUND_DIR, n);
        if (access(path, R_OK) != 0) {
            snprintf(err, errlen, "sim: sample ROM image %s is missing: rebuild (meson compile)",
                     path);
            return nullptr;
        }
    }
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
    if (trace_path) {
        FILE *probe = fopen(trace_path, "wb");
        if (!probe) {
            snprintf(err, errlen,
                     "sim: cannot write the trace file %s (%s): give --trace a path in a "
                     "writable directory",
                     trace_path, strerror(errno));
            sim_harness_free(s);
            return nullptr;
        }
        fclose(probe);
        s->fst.reset(new VerilatedFstC());
        s->top->trace(s->fst.get(), 99);
        s->fst->open(trace_path);
    }
    s->cur.assign(SIM_FRAME_W * SIM_FRAME_H, 0);
    memset(&s->timing, 0, sizeof s->timing);
    s->bus.read_latency = 1;
    s->one_eval = !trace_path && mark_clock_low(s->top->rootp, 0);
    s->roms = audio_roms_of(s->top->rootp);
    s->masked_io = masked_ranges(s->top->rootp, false, false);
    s->masked_audio = masked_ranges(s->top->rootp, true, false);
    s->cmp_io = masked_ranges(s->top->rootp, false, true);
    s->cmp_audio = masked_ranges(s->top->rootp, true, true);
    {
        const root_t *r = s->top->rootp;
        s->cmp_picture = s->cmp_audio;
        for (size_t o : {off_of(r, r->go_peripheral__DOT__fb_shown_hi), off_of(r, r->go_peripheral__DOT__fb_addr_hi)})
            s->cmp_picture.push_back({o, 1});
        s->cmp_picture.push_back({off_of(r, r->go_peripheral__DOT__frame_count), sizeof r->go_peripheral__DOT__frame_count});
        std::sort(s->cmp_picture.begin(), s->cmp_picture.end());
        s->keep_restore = s->masked_audio;
        for (size_t o : {off_of(r, r->go_peripheral__DOT__fb_shown_hi), off_of(r, r->go_peripheral__DOT__fb_addr_hi),
                         off_of(r, r->go_peripheral__DOT__swap_pending)})
            s->keep_restore.push_back({o, 1});
        std::sort(s->keep_restore.begin(), s->keep_restore.end());
    }

    Vgo_peripheral *t = s->top.get();
    t->clk = 0;
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
    for (int i = 0; i < 4; i++)
        s->tick();
    t->reset_n = 1;
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
    s->touch(); /* the caller may drive pins */
    return s->top.get();
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
        if (x < SIM_FRAME_W && y < SIM_FRAME_H)
            cur[y * SIM_FRAME_W + x] =
                (uint16_t)((t->vga_r & 0xF) << 8 | (t->vga_g & 0xF) << 4 | (t->vga_b & 0xF));
        x++;
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
            done_at = cycle;
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
 * taken; then the rising edge.  Traced, in two phases (clk low, eval,
 * dump; clk high, eval, dump) so the waveform shows the clock; otherwise
 * with one eval (mark_clock_low). */
void sim_harness::tick()
{
    Vgo_peripheral *t = top.get();

    /* The responder's outputs for this cycle. */
    bool wait = false;
    bool valid = false;
    uint32_t data = 0;
    if (bus_plain) {
        if (!bursts.empty() && bursts.front().ready_at <= cycle)
            valid = true;
    } else {
        if (!bus.waitreq.empty())
            wait = bus.waitreq[cycle % bus.waitreq.size()] != 0;
        if (!bursts.empty() && bursts.front().ready_at <= cycle &&
            (bus.gaps.empty() || !bus.gaps[cycle % bus.gaps.size()]))
            valid = true;
        if (!bus.ready.empty()) {
            const uint8_t r = bus.ready[cycle % bus.ready.size()];
            t->aso_left_ready = r & 1;
            t->aso_right_ready = (r >> 1) & 1;
        }
    }
    if (valid) {
        burst_t &b = bursts.front();
        if ((uint64_t)b.addr + 4 <= SIM_SDRAM_BYTES) {
            const uint64_t i = (uint64_t)(b.addr - ff.ref_first) / 4;
            if (ff.replay != SIZE_MAX && b.addr >= ff.ref_first && i < ff.ref_words.size())
                data = ff.ref_words[i]; /* paying a debt: memory as it was then */
            else
                memcpy(&data, sdram + b.addr, 4); /* little-endian host, as the HPS */
        } else {
            bad_reads++;
        }
        if (ff.on) {
            if (ff.log.empty())
                ff.log_first = b.addr;
            else if (b.addr != ff.log_first + 4 * (uint32_t)ff.log.size())
                ff.log_contiguous = false;
            ff.log.push_back(data);
        }
        b.addr += 4;
        words_read++;
        if (--b.left == 0)
            bursts.pop_front();
    }
    t->avm_waitrequest = wait;
    t->avm_readdatavalid = valid;
    t->avm_readdata = data;
    if (!one_eval) {
        t->clk = 0;
        t->eval();
        if (fst)
            fst->dump(cycle * 20000 + 10000);
    }

    /* Observe: requests accepted and samples taken on this edge. */
    if (t->avm_read && !wait) {
        const unsigned lat = bus.read_latency ? bus.read_latency : 1;
        bursts.push_back(burst_t{t->avm_address, t->avm_burstcount ? t->avm_burstcount : 16u,
                                 cycle + lat});
    }
    if (audio_ahead) {
        /* paying a debt: these samples were taken when it was owed */
    } else if (t->aso_left_valid && t->aso_left_ready) {
        left.push_back((int16_t)t->aso_left_data);
        left_cycles.push_back(cycle);
        samples++;
    }
    if (!audio_ahead && t->aso_right_valid && t->aso_right_ready) {
        right.push_back((int16_t)t->aso_right_data);
        right_cycles.push_back(cycle);
        samples++;
    }

    /* The rising edge. */
    t->clk = 1;
    if (one_eval)
        mark_clock_low(t->rootp, 0);
    t->eval();
    cycle++;
    if (fst)
        fst->dump(cycle * 20000);
    const bool c = t->vga_clk;
    if (c && !prev_clk && sampling)
        sample_vga();
    prev_clk = c;
}

/* ---- fast-forward ---------------------------------------------------------
 *
 * At each checkpoint (line 500 of every frame, cycle ff.next_cp) the model's
 * whole state is compared with the snapshot taken at the checkpoint before.
 * The frame in between is "steady" when
 *   - no register write, bus or sampler change happened in it (a read
 *     sets only avs_readdata, which is left out below);
 *   - the model ended in the state it began in, but for frame_count and
 *     avs_readdata, and (the sinks always ready) the audio path, which
 *     owe() advances by itself; under a ready pattern no audio sample
 *     may have been taken and the audio path must repeat too;
 *   - every word it read is still in memory, at one contiguous range.
 * The model is deterministic, so from a steady checkpoint, with memory
 * unchanged and no transaction, the next frame repeats the steady one
 * clock for clock: the same reads, the same pins, the same state at the
 * next checkpoint with frame_count one higher.  The harness then stops
 * clocking and lets time pass as a debt, paid when anyone looks (or
 * memory changes): whole frames by skip() (frame_count and every counter
 * moved by what the steady frame did), then the state the steady frame had
 * at the last of its 16 kept phases before the debt's end (restore_phase),
 * the rest clocked, reading memory as the steady frame saw it (the debt ran
 * before any change was made).
 * tests/rtl/go_peripheral/test_fast_forward.cpp holds it to a plain run, pin for pin. */

/* a and b (len bytes) are the same outside the sorted ranges. */
static bool same_but(const uint8_t *a, const uint8_t *b, size_t len,
                     const std::vector<std::pair<size_t, size_t>> &ranges)
{
    size_t at = 0;
    for (const auto &rg : ranges) {
        if (rg.first > at && memcmp(a + at, b + at, rg.first - at) != 0)
            return false;
        at = std::max(at, rg.first + rg.second);
    }
    return at >= len || memcmp(a + at, b + at, len - at) == 0;
}

bool sim_harness::state_matches_snapshot()
{
    Vgo_peripheral___024root *r = top->rootp;
    const uint8_t *base = reinterpret_cast<const uint8_t *>(&r->clk);
    const uint16_t fc = r->go_peripheral__DOT__frame_count;
    r->go_peripheral__DOT__frame_count = ff.snap_frame_count;
    /* The audio path runs on by itself (audio_advance) when the sinks are
     * always ready; a read changes only what it reads. */
    const bool same = same_but(base, ff.snap.data(), ff.snap.size(), audio_free() ? cmp_audio : cmp_io);
    r->go_peripheral__DOT__frame_count = fc;
    return same;
}

bool sim_harness::memory_holds(uint32_t first, const std::vector<uint32_t> &words) const
{
    if ((uint64_t)first + 4 * words.size() > SIM_SDRAM_BYTES)
        return false;
    return memcmp(sdram + first, words.data(), 4 * words.size()) == 0;
}

/* What the sampler carries from one frame to the next, with its times
 * taken relative to the pixel count. */
std::vector<uint64_t> sim_harness::sampler_state() const
{
    if (!sampling)
        return {};
    return {prev_clk, prev_hs, prev_vs, prev_bl, pix - t_hs_fall, pix - t_hs_rise,
            pix - t_bl_rise, pix - t_bl_fall, pix - t_vs_fall, pix - t_vs_rise,
            pix - t_last_line, have_hs_fall, have_hs_rise, have_vs_fall, have_vs_rise,
            first_active_after_vs, active_lines, x, y, frame_ok, cycle - cur_start_cycle,
            cycle - done_start_cycle};
}

namespace {
void span_shift(sim_span_t *sp, const sim_span_t *d, uint64_t k)
{
    sp->count += k * d->count;
}
} // namespace

void sim_harness::checkpoint()
{
    Vgo_peripheral___024root *r = top->rootp;
    const uint8_t *base = reinterpret_cast<const uint8_t *>(&r->clk);
    const size_t len = (size_t)(reinterpret_cast<const uint8_t *>(&r->vlSymsp) - base);
    ff.steady = false;
    ff.gen++;
    if (ff.have_ref && cycle == ff.ref_cycle + FRAME_CYCLES && ops == ff.ops0 &&
        (audio_free() || samples == ff.samples0) && bursts.empty() && sampling == ff.sampling0 &&
        ff.log_contiguous && !ff.log.empty() && (!sampling || frames_done == ff.frames0 + 1) &&
        sampler_state() == ff.sampler0 && state_matches_snapshot() && memory_holds(ff.log_first, ff.log)) {
        ff.steady = true;
        ff.ref_first = ff.log_first;
        ff.ref_words.swap(ff.log);
        ff.done_off = done_at - ff.ref_cycle;
        ff.d_words = words_read - ff.words0;
        ff.d_bad = bad_reads - ff.bad0;
        ff.d_frames = frames_done - ff.frames0;
        ff.d_vsyncs = vsyncs - ff.vsyncs0;
        ff.d_pix = pix - ff.pix0;
        sim_span_t *d = &ff.d_timing.h_total;
        const sim_span_t *now = &timing.h_total, *then = &ff.timing0.h_total;
        for (int i = 0; i < 10; i++)
            d[i].count = now[i].count - then[i].count;
        ff.d_timing.bad_lines = timing.bad_lines - ff.timing0.bad_lines;
        ff.d_timing.hs_in_active = timing.hs_in_active - ff.timing0.hs_in_active;
    }
    /* The phases of the frame just found steady describe every later
     * one; any other frame's are of no use. */
    bool complete = true;
    for (const sim_phase &ph : ff.cand)
        complete = complete && ph.ok;
    ff.phases_ok = ff.steady && complete && bus_plain;
    if (ff.phases_ok)
        ff.phase.swap(ff.cand);
    for (sim_phase &ph : ff.cand)
        ph.ok = false;
    /* A new reference from here. */
    ff.have_ref = true;
    ff.snap.assign(base, base + len);
    if (ff.steady) {
        /* Can this frame stand for one of another picture?  Only if the
         * model's picture members, at every phase and here, and the rows
         * sampled, are what vga_predict() and picture_rows() say. */
        bool ok = ff.phases_ok && ff.ref_words.size() == FRAME_WORDS && ff.ref_first == fb_base();
        for (int i = 1; i < PHASES && ok; i++)
            ok = ff.phase[i].data_ok;
        vga_data p;
        ok = ok && vga_predict(ff.ref_words.data(), FRAME_WORDS, ff.snap, r, &p) &&
             vga_predict_matches(p, ff.snap, r) &&
             (!sampling || ff.d_frames != 1 || picture_rows_match(ff.ref_words.data(), SIM_FRAME_H, done.data()));
        ff.tmpl_ok = ok;
        ff.end_avm = r->avm_address;
    }
    ff.sampling0 = sampling;
    ff.sampler0 = sampler_state();
    mark_reference();
    take_phase(0);
}

/* Keeps the state at phase i of the frame since ref_cycle, while no
 * register write or bus change happened in it. */
void sim_harness::take_phase(int i)
{
    sim_phase &ph = ff.cand[i];
    ph.ok = bus_plain && ops == ff.ops0 && cycle >= ff.ref_cycle;
    if (!ph.ok)
        return;
    Vgo_peripheral___024root *r = top->rootp;
    const uint8_t *base = reinterpret_cast<const uint8_t *>(&r->clk);
    const size_t len = (size_t)(reinterpret_cast<const uint8_t *>(&r->vlSymsp) - base);
    ph.root.assign(base, base + len);
    ph.sampling = sampling;
    ph.bursts = bursts;
    for (burst_t &b : ph.bursts)
        b.ready_at -= cycle; /* wraps when due already: added back on restore */
    ph.d_cycle = cycle - ff.ref_cycle;
    ph.d_words = words_read - ff.words0;
    ph.d_bad = bad_reads - ff.bad0;
    ph.d_frames = frames_done - ff.frames0;
    ph.d_vsyncs = vsyncs - ff.vsyncs0;
    ph.d_pix = pix - ff.pix0;
    ph.d_fc = (uint16_t)(r->go_peripheral__DOT__frame_count - ff.snap_frame_count);
    const sim_span_t *now = &timing.h_total, *then = &ff.timing0.h_total;
    for (int k = 0; k < 10; k++)
        ph.d_count[k] = now[k].count - then[k].count;
    ph.d_bad_lines = timing.bad_lines - ff.timing0.bad_lines;
    ph.d_hs_in_active = timing.hs_in_active - ff.timing0.hs_in_active;
    ph.prev_clk = prev_clk;
    ph.prev_hs = prev_hs;
    ph.prev_vs = prev_vs;
    ph.prev_bl = prev_bl;
    ph.have_hs_fall = have_hs_fall;
    ph.have_hs_rise = have_hs_rise;
    ph.have_vs_fall = have_vs_fall;
    ph.have_vs_rise = have_vs_rise;
    ph.first_active_after_vs = first_active_after_vs;
    ph.frame_ok = frame_ok;
    ph.t_hs_fall = pix - t_hs_fall;
    ph.t_hs_rise = pix - t_hs_rise;
    ph.t_bl_rise = pix - t_bl_rise;
    ph.t_bl_fall = pix - t_bl_fall;
    ph.t_vs_fall = pix - t_vs_fall;
    ph.t_vs_rise = pix - t_vs_rise;
    ph.t_last_line = pix - t_last_line;
    ph.cur_start_cycle = cycle - cur_start_cycle;
    ph.done_start_cycle = cycle - done_start_cycle;
    ph.active_lines = active_lines;
    ph.x = x;
    ph.y = y;
    ph.sampler = sampler_state();
    /* What the phase holds of the picture, from the words read so far. */
    vga_data p;
    ph.data_ok = i > 0 && ff.log_contiguous && ff.log.size() == ph.d_words && ph.bursts.empty() &&
                 ff.log_first == fb_base() && !r->vga_blank_n && r->vga_r == 0 && r->vga_g == 0 &&
                 r->vga_b == 0 && vga_predict(ff.log.data(), ff.log.size(), ph.root, r, &p) &&
                 vga_predict_matches(p, ph.root, r);
    if (ph.data_ok && sampling && frame_ok) {
        const unsigned rows = std::min<unsigned>(y, SIM_FRAME_H);
        ph.data_ok = (size_t)rows * LINE_WORDS <= ff.log.size() &&
                     picture_rows_match(ff.log.data(), rows, cur.data());
    }
}

/* The counters as they stand at this checkpoint, and a new read log. */
void sim_harness::mark_reference()
{
    ff.ref_cycle = cycle;
    ff.snap_frame_count = top->rootp->go_peripheral__DOT__frame_count;
    ff.ops0 = ops;
    ff.samples0 = samples;
    ff.words0 = words_read;
    ff.bad0 = bad_reads;
    ff.frames0 = frames_done;
    ff.vsyncs0 = vsyncs;
    ff.pix0 = pix;
    ff.timing0 = timing;
    ff.log.clear();
    ff.log_contiguous = true;
    ff.next_cp = cycle + FRAME_CYCLES;
}

/* From the checkpoint at ref_cycle of a steady run, moves everything to
 * phase i of the frame, as clocking it would have: the model as it was at
 * that phase of the steady frame (but for frame_count, moved by as much,
 * and the members the steady test leaves out: the audio path and the slave
 * port's read data, which stand where they are), the responder's queue,
 * the counters and the sampler, each by what the steady frame did up to
 * that phase. */
void sim_harness::restore_phase(int i)
{
    const sim_phase &q = ff.phase[i];
    Vgo_peripheral___024root *r = top->rootp;
    uint8_t *base = reinterpret_cast<uint8_t *>(&r->clk);
    const uint16_t fc = r->go_peripheral__DOT__frame_count;
    size_t at = 0;
    for (const auto &rg : keep_restore) {
        if (rg.first > at)
            memcpy(base + at, q.root.data() + at, rg.first - at);
        at = std::max(at, rg.first + rg.second);
    }
    memcpy(base + at, q.root.data() + at, q.root.size() - at);
    r->go_peripheral__DOT__frame_count = (uint16_t)(fc + q.d_fc);
    cycle += q.d_cycle;
    bursts = q.bursts;
    for (burst_t &b : bursts)
        b.ready_at += cycle;
    words_read += q.d_words;
    bad_reads += q.d_bad;
    prev_clk = q.prev_clk;
    if (sampling) {
        frames_done += q.d_frames;
        vsyncs += q.d_vsyncs;
        pix += q.d_pix;
        t_hs_fall = pix - q.t_hs_fall;
        t_hs_rise = pix - q.t_hs_rise;
        t_bl_rise = pix - q.t_bl_rise;
        t_bl_fall = pix - q.t_bl_fall;
        t_vs_fall = pix - q.t_vs_fall;
        t_vs_rise = pix - q.t_vs_rise;
        t_last_line = pix - q.t_last_line;
        prev_hs = q.prev_hs;
        prev_vs = q.prev_vs;
        prev_bl = q.prev_bl;
        have_hs_fall = q.have_hs_fall;
        have_hs_rise = q.have_hs_rise;
        have_vs_fall = q.have_vs_fall;
        have_vs_rise = q.have_vs_rise;
        first_active_after_vs = q.first_active_after_vs;
        frame_ok = q.frame_ok;
        active_lines = q.active_lines;
        x = q.x;
        y = q.y;
        cur_start_cycle = cycle - q.cur_start_cycle;
        done_start_cycle = cycle - q.done_start_cycle;
        sim_span_t *sp = &timing.h_total;
        for (int k = 0; k < 10; k++)
            sp[k].count += q.d_count[k];
        timing.bad_lines += q.d_bad_lines;
        timing.hs_in_active += q.d_hs_in_active;
        /* The rows of the frame being built so far are the steady picture,
         * or (a new picture) the rows of the words it reads. */
        if (frames_done)
            cur = done;
        if (q.data_ok && q.frame_ok)
            picture_rows(ff.ref_words.data(), std::min<unsigned>(q.y, SIM_FRAME_H), cur.data());
    }
    ff.log.assign(ff.ref_words.begin(), ff.ref_words.begin() + q.d_words);
    ff.log_first = ff.ref_first;
    ff.log_contiguous = true;
}

/* Moves the model and every counter by k steady frames, as clocking them
 * would have. */
void sim_harness::skip(uint64_t k)
{
    Vgo_peripheral___024root *r = top->rootp;
    r->go_peripheral__DOT__frame_count = (uint16_t)(r->go_peripheral__DOT__frame_count + k);
    cycle += k * FRAME_CYCLES;
    words_read += k * ff.d_words;
    bad_reads += k * ff.d_bad;
    if (sampling) {
        frames_done += k * ff.d_frames;
        vsyncs += k * ff.d_vsyncs;
        const uint64_t dp = k * ff.d_pix;
        pix += dp;
        t_hs_fall += dp;
        t_hs_rise += dp;
        t_bl_rise += dp;
        t_bl_fall += dp;
        t_vs_fall += dp;
        t_vs_rise += dp;
        t_last_line += dp;
        cur_start_cycle += k * FRAME_CYCLES;
        done_start_cycle += k * FRAME_CYCLES;
        sim_span_t *sp = &timing.h_total;
        const sim_span_t *d = &ff.d_timing.h_total;
        for (int i = 0; i < 10; i++)
            span_shift(&sp[i], &d[i], k);
        timing.bad_lines += k * ff.d_timing.bad_lines;
        timing.hs_in_active += k * ff.d_timing.hs_in_active;
    }
    ff.skipped += k;
    if (ff.rebased && k > 0) {
        /* The first frame of a new picture: it ends with that picture's
         * members, as the steady frame's did with its own. */
        vga_data p;
        vga_predict(ff.ref_words.data(), FRAME_WORDS, rd_addr_before(r->VC(h), r->VC(v), r->VC(pix_ce)),
                    r->VC(h), &p);
        memcpy(&r->VC(line_buffer_inst__DOT__mem)[0], p.mem, sizeof p.mem);
        r->VC(line_buffer_inst__DOT____Vlvbound_h318c8c68__0) = p.last;
        r->VC(rd_data) = p.rd;
        r->VC(pixel) = p.pixel;
        r->avm_address = ff.end_avm;
        if (sampling && ff.d_frames == 1) {
            picture_rows(ff.ref_words.data(), SIM_FRAME_H, done.data());
            cur = done;
        }
        ff.rebased = false;
    }
    /* The checkpoint here is the same state as the reference's, with
     * frame_count k higher; the frames after it are steady too. */
    mark_reference();
    if (ff.phases_ok)
        ff.cand = ff.phase; /* this frame's phases, as it goes on */
    else
        take_phase(0);
}

/* Pays the debt: whole frames skipped, the rest clocked against memory as
 * the steady frame read it. */
void sim_harness::settle()
{
    if (ff.debt == 0)
        return;
    commit_swap(); /* when it cannot owe the new picture, it sets clock_rest */
    const bool clock_all = ff.clock_rest;
    ff.clock_rest = false;
    uint64_t owed = ff.debt;
    ff.debt = 0;
    ff.swap_owed = false; /* before the checkpoint after it: the model takes it */
    uint64_t rest = owed;
    if (!clock_all) {
        skip(owed / FRAME_CYCLES);
        rest = owed % FRAME_CYCLES;
        if (ff.phases_ok && bus_plain && audio_free() && sampling == ff.phase[0].sampling &&
            rest >= phase_off(1)) {
            const int i = phase_at(rest);
            restore_phase(i);
            rest -= phase_off(i);
        }
    }
    ff.rebased = false; /* the phase or the clocks below move the picture members on */
    ff.replay = 0;
    if (audio_free()) {
        /* The audio path already stands at the debt's end (owe()): the
         * clocks left move the rest of the model, then it is put back. */
        const audio_regs a = audio_read(top->rootp);
        audio_ahead = true;
        simulate(rest);
        audio_ahead = false;
        audio_write(top->rootp, roms, a);
    } else {
        simulate(rest);
    }
    ff.replay = SIZE_MAX;
    if (cycle == ff.stale_at) {
        /* The debt ended on a write's clock: its strobes still stand in
         * the combinational members, as after a clocked write. */
        root_t *r = top->rootp;
        r->go_peripheral__DOT__swap_request = ff.stale_swap;
        r->go_peripheral__DOT__audio_cmd_valid = ff.stale_cmd;
        r->go_peripheral__DOT__audio_controller_inst__DOT__start = ff.stale_start;
    }
}

/* A swap asked for while owing, when the debt runs past the checkpoint
 * after the edge that takes it: up to there the steady frame with the swap's
 * registers as written, from there the other buffer's picture.  Pays that
 * part, so the debt runs from that checkpoint with the new picture.  False
 * when the new picture cannot be owed: the debt is then to be clocked,
 * reading the buffer as it was when the swap was asked for. */
bool sim_harness::commit_swap()
{
    if (!ff.swap_owed)
        return true;
    const uint64_t c1 = ff.swap_checkpoint();
    if (ff.debt < c1)
        return true;
    const uint64_t owed = ff.debt;
    ff.debt = 0;
    ff.swap_owed = false;
    skip(c1 / FRAME_CYCLES);
    ff.rebased = false;
    root_t *r = top->rootp;
    r->go_peripheral__DOT__fb_shown_hi = r->go_peripheral__DOT__fb_addr_hi;
    r->go_peripheral__DOT__swap_pending = 0;
    ff.debt = owed - c1;
    if (rebase(&ff.next_words))
        return true;
    ff.ref_words.swap(ff.next_words);
    ff.ref_first = ff.next_first;
    ff.gen++;
    ff.clock_rest = true; /* settle() clocks what is left */
    return false;
}

/* At a checkpoint whose frame was not found steady, or whose picture
 * changed: if the model stands as the last steady frame began, but for the
 * members dead here, the buffer shown and the frame counter, the frame from
 * here is that frame with the words of the buffer shown now, at the same
 * clocks (the VGA half's control never reads a pixel).  The steady frame's
 * phases are given that picture, and the frames from here may be owed
 * (docs/sim.md "A new picture"). */
bool sim_harness::rebase(const std::vector<uint32_t> *words)
{
    Vgo_peripheral___024root *r = top->rootp;
    const uint8_t *base = reinterpret_cast<const uint8_t *>(&r->clk);
    const uint32_t fb = fb_base();
    if (!ff.tmpl_ok || ops != ff.ops0 || ff.edge_pending || !bus_plain || !audio_free() || !bursts.empty() ||
        sampling != ff.phase[0].sampling || (uint64_t)fb + 4 * FRAME_WORDS > SIM_SDRAM_BYTES ||
        sampler_state() != ff.phase[0].sampler ||
        !same_but(base, ff.phase[0].root.data(), ff.phase[0].root.size(), cmp_picture))
        return false;
    const uint32_t delta = fb - ff.ref_first;
    std::vector<uint32_t> w(FRAME_WORDS);
    if (words && words->size() == FRAME_WORDS)
        w = *words; /* the buffer as it was when the swap was asked for */
    else
        memcpy(w.data(), sdram + fb, 4 * FRAME_WORDS);
    const uint8_t shown = r->go_peripheral__DOT__fb_shown_hi, asked = r->go_peripheral__DOT__fb_addr_hi;
    for (int i = 0; i < PHASES; i++) {
        sim_phase &q = ff.phase[i];
        snap_put(q.root, r, r->go_peripheral__DOT__fb_shown_hi, shown);
        snap_put(q.root, r, r->go_peripheral__DOT__fb_addr_hi, asked);
        if (i == 0)
            continue; /* never restored: a debt pays from the checkpoint itself */
        vga_data p;
        vga_predict(w.data(), q.d_words, q.root, r, &p);
        vga_predict_put(p, q.root, r);
        snap_put(q.root, r, r->avm_address, snap_get(q.root, r, r->avm_address) + delta);
    }
    ff.end_avm += delta;
    ff.gen++;
    ff.ref_words.swap(w);
    ff.ref_first = fb;
    ff.rebased = true;
    ff.steady = true;
    ff.phases_ok = true;
    return true;
}

/* The clocks from here may be owed: a steady checkpoint, its memory as
 * the steady frame read it, or a new picture. */
bool sim_harness::owe_ok()
{
    if (!ff.on || !ff.have_ref || cycle != ff.ref_cycle || ff.replay != SIZE_MAX)
        return false;
    if (ff.steady && memory_holds(ff.ref_first, ff.ref_words))
        return true;
    return rebase();
}

/* Clocks may be owed from here on: a debt whose memory still holds, or a
 * checkpoint from which owing may begin. */
bool sim_harness::owing_now()
{
    if (ff.debt == 0)
        return owe_ok();
    if (!ff.swap_owed)
        return memory_holds(ff.ref_first, ff.ref_words);
    /* Once the debt runs past the checkpoint after the swap, the frames to
     * come read only the other buffer. */
    const uint64_t c1 = ff.swap_checkpoint();
    return memory_holds(ff.next_first, ff.next_words) &&
           (cycle + ff.debt - ff.ref_cycle >= c1 || memory_holds(ff.ref_first, ff.ref_words));
}

/* The edge at which the frame's swap is taken: the state after it shows
 * line 480, counted in clocks from the checkpoint at line 500. */
constexpr uint64_t VBLANK_EDGE = FRAME_CYCLES - CHECKPOINT_PHASE + 480ull * 800 * 2;

/* A register write while owing, taken without clocking (docs/sim.md
 * "Writes while owing"): FB_ADDR_HI and a swap request change only the
 * swap's registers, which the VGA half reads at vertical blanking alone;
 * AUDIO_CMD only the audio path, computed as it is while owing.  The
 * write's clock is owed like any other.  False: clock it. */
bool sim_harness::take_write(uint32_t a, uint32_t v)
{
    if (!ff.on || !audio_free() || !bus_plain || !ff.tmpl_ok || !owing_now())
        return false;
    if (!commit_swap()) {
        settle();
        return false;
    }
    root_t *r = top->rootp;
    const uint64_t pos = cycle + ff.debt - ff.ref_cycle; /* clocks before the write's */
    const uint64_t in = pos % FRAME_CYCLES;
    /* A debt replays a phase on with the swap's registers as they stand
     * at its end: no vertical blanking may lie between that phase and the
     * write. */
    if (in + 8 >= VBLANK_EDGE)
        return false;
    const uint8_t shown = r->go_peripheral__DOT__fb_shown_hi;
    switch (a) {
    case GP_REG_FB_ADDR_HI >> 2:
        if (ff.swap_owed || r->go_peripheral__DOT__swap_pending)
            return false;
        r->go_peripheral__DOT__fb_addr_hi = (uint8_t)v;
        break;
    case GP_REG_VGA_CTRL >> 2:
        if (v & 1) {
            if (ff.swap_owed || r->go_peripheral__DOT__swap_pending)
                return false;
            const uint32_t next = ((uint32_t)r->go_peripheral__DOT__fb_addr_hi << 24) - HPS_SDRAM_BASE;
            if ((uint64_t)next + 4 * FRAME_WORDS > SIM_SDRAM_BYTES || shown == r->go_peripheral__DOT__fb_addr_hi)
                return false;
            ff.next_first = next;
            ff.next_words.resize(FRAME_WORDS);
            memcpy(ff.next_words.data(), sdram + next, 4 * FRAME_WORDS);
            ff.swap_edge = pos - in + VBLANK_EDGE;
            ff.swap_owed = true;
            ff.gen++;
            r->go_peripheral__DOT__swap_pending = 1;
        }
        break;
    default:
        break;
    }
    const bool cmd = a == (GP_REG_AUDIO_CMD >> 2) && (v & 7) <= 4;
    if (cmd) {
        audio_regs au = audio_read(r);
        audio_command(roms, au, cycle + ff.debt, v & 7,
                      audio_sink_t{&left, &right, &left_cycles, &right_cycles, &samples});
        audio_write(r, roms, au);
        ff.debt += 1;
    } else {
        owe(1);
    }
    r->avs_address = (uint8_t)a;
    r->avs_writedata = v;
    ff.stale_at = cycle + ff.debt;
    ff.stale_swap = a == (GP_REG_VGA_CTRL >> 2) && (v & 1);
    ff.stale_cmd = cmd;
    ff.stale_start = cmd && (v & 7) != 0;
    return true;
}

/* n more clocks not clocked.  With the sinks always ready, the audio path
 * is advanced over them now, so its samples are taken on time and the
 * model's audio registers stand at the debt's end. */
void sim_harness::owe(uint64_t n)
{
    if (audio_free()) {
        audio_regs a = audio_read(top->rootp);
        const audio_regs before = a;
        audio_advance(roms, a, cycle + ff.debt, n,
                      audio_sink_t{&left, &right, &left_cycles, &right_cycles, &samples});
        if (!(a == before))
            audio_write(top->rootp, roms, a);
    }
    ff.debt += n;
}

/* Clocks n cycles, stopping at each checkpoint; from a steady checkpoint
 * with memory unchanged, the clocks become a debt. */
void sim_harness::simulate(uint64_t n)
{
    if (!ff.on) {
        for (uint64_t i = 0; i < n; i++)
            tick();
        return;
    }
    while (n > 0) {
        if (owe_ok()) {
            owe(n);
            return;
        }
        ff.rebased = false;
        uint64_t run = n;
        if (ff.next_cp > cycle && ff.next_cp - cycle < run)
            run = ff.next_cp - cycle;
        /* and at each phase of the frame, to keep its state */
        const uint64_t into = cycle - ff.ref_cycle;
        const bool phased = ff.have_ref && cycle >= ff.ref_cycle && into < FRAME_CYCLES;
        if (phased) {
            const int at = phase_at(into);
            const uint64_t next_phase =
                ff.ref_cycle + (at + 1 < PHASES ? phase_off(at + 1) : FRAME_CYCLES);
            if (next_phase - cycle < run)
                run = next_phase - cycle;
        }
        for (uint64_t i = 0; i < run; i++)
            tick();
        n -= run;
        if (cycle == ff.next_cp)
            checkpoint();
        else if (phased && phase_off(phase_at(cycle - ff.ref_cycle)) == cycle - ff.ref_cycle)
            take_phase(phase_at(cycle - ff.ref_cycle));
    }
}

void sim_harness_run(sim_harness_t *s, uint64_t n)
{
    if (s->ff.debt) {
        /* Memory changed since the debt began: pay it as it was, then clock
         * on with the new contents. */
        if (!s->owing_now())
            s->settle();
        else {
            s->owe(n);
            return;
        }
    }
    s->simulate(n);
}

unsigned sim_harness_run_frames(sim_harness_t *s, unsigned n)
{
    s->settle();
    const uint64_t want = s->frames_done + n;
    /* A frame is 800 x 525 x 2 clocks; allow two more for the first vsync. */
    const uint64_t limit = s->cycle + (uint64_t)(n + 2) * 800 * 525 * 2;
    while (s->frames_done < want && s->cycle < limit) {
        sim_harness_run(s, 1000);
        s->settle();
    }
    return (unsigned)(s->frames_done + n - want);
}

uint64_t sim_harness_cycles(const sim_harness_t *s)
{
    return s->cycle + s->ff.debt;
}

/* What a read of word address a returns now, from the registers as they
 * stand (go_peripheral.sv's read mux), where that does not depend on the
 * scan's position: false for VGA_STATUS. */
bool sim_harness::read_now(uint32_t a, uint32_t *v) const
{
    const root_t *r = top->rootp;
    if (ff.swap_owed && (a == (GP_REG_VGA_CTRL >> 2) || a == (GP_REG_FB_ADDR_HI >> 2))) {
        /* the swap owed is taken on edge swap_edge: before or after it */
        const uint64_t pos = cycle + ff.debt - ff.ref_cycle;
        if (pos + 4 >= ff.swap_edge && pos <= ff.swap_edge + 4)
            return false;
        const bool taken = pos >= ff.swap_edge;
        if (a == (GP_REG_VGA_CTRL >> 2))
            *v = taken ? 0 : 1;
        else
            *v = (uint32_t)(taken ? r->go_peripheral__DOT__fb_addr_hi : r->go_peripheral__DOT__fb_shown_hi) << 8 |
                 r->go_peripheral__DOT__fb_addr_hi;
        return true;
    }
    switch (a) {
    case GP_REG_AUDIO_CMD >> 2:
        *v = r->go_peripheral__DOT__audio_playing;
        return true;
    case GP_REG_AUDIO_STATUS >> 2:
        *v = r->go_peripheral__DOT__audio_playing != 0;
        return true;
    case GP_REG_VGA_CTRL >> 2:
        *v = r->go_peripheral__DOT__swap_pending;
        return true;
    case GP_REG_VGA_STATUS >> 2:
        return false;
    case GP_REG_FB_ADDR_HI >> 2:
        *v = (uint32_t)r->go_peripheral__DOT__fb_shown_hi << 8 | r->go_peripheral__DOT__fb_addr_hi;
        return true;
    default:
        *v = 0;
        return true;
    }
}

uint32_t sim_harness_reg_read(sim_harness_t *s, uint32_t offset)
{
    Vgo_peripheral *t = s->top.get();
    const uint32_t a = (offset >> 2) & 0x1F;
    if (!s->ff.on) {
        s->touch();
    } else {
        /* A read changes nothing but avs_readdata (left out of the steady
         * test): it neither pays the debt nor spoils a steady frame where
         * its answer stands in the registers already (docs/sim.md). */
        uint32_t v;
        if (s->owing_now() && s->read_now(a, &v)) {
            t->avs_address = a;
            t->avs_readdata = v;
            s->owe(1);
            return v;
        }
        s->settle();
        if (s->ff.steady && s->cycle == s->ff.ref_cycle)
            s->ff.steady = false; /* this edge must be clocked */
    }
    t->avs_address = a;
    t->avs_read = 1;
    s->ff.edge_pending = true;
    s->simulate(1);
    s->ff.edge_pending = false;
    t->avs_read = 0;
    /* Read latency 1: readdata was registered on that edge. */
    return t->avs_readdata;
}

void sim_harness_reg_write(sim_harness_t *s, uint32_t offset, uint32_t value)
{
    if (s->take_write((offset >> 2) & 0x1F, value))
        return;
    s->touch();
    Vgo_peripheral *t = s->top.get();
    t->avs_address = (offset >> 2) & 0x1F;
    t->avs_writedata = value;
    t->avs_write = 1;
    s->simulate(1);
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
    s->touch();
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
    s->settle();
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
    if ((on != 0) != s->sampling)
        s->touch();
    s->sampling = on != 0;
}

int sim_harness_set_fast_forward(sim_harness_t *s, int on)
{
    s->settle();
    if (on && (s->fst || !s->one_eval))
        return -1; /* traced runs clock every cycle */
    if ((on != 0) != s->ff.on) {
        const uint64_t skipped = s->ff.skipped;
        s->ff = sim_ff();
        s->ff.skipped = skipped;
        s->ff.on = on != 0;
        /* One frame's reads: 480 lines of 320 words. */
        s->ff.log.reserve(480 * 320);
        s->ff.ref_words.reserve(480 * 320);
        /* Checkpoints at line 500 of each frame: the counters start at
         * line 0 when reset ends (cycle 4). */
        const uint64_t c0 = 4 + CHECKPOINT_PHASE;
        s->ff.next_cp = s->cycle <= c0 ? c0
                                       : c0 + ((s->cycle - c0 + FRAME_CYCLES - 1) / FRAME_CYCLES) *
                                                  FRAME_CYCLES;
    }
    return 0;
}

uint64_t sim_harness_skipped_frames(const sim_harness_t *s)
{
    return s->ff.skipped + s->ff.debt / FRAME_CYCLES;
}

int sim_harness_one_eval(const sim_harness_t *s)
{
    return s->one_eval;
}

uint64_t sim_harness_bad_reads(sim_harness_t *s)
{
    s->settle();
    return s->bad_reads;
}

uint64_t sim_harness_words_read(sim_harness_t *s)
{
    s->settle();
    return s->words_read;
}

const uint16_t *sim_harness_frame(sim_harness_t *s)
{
    s->settle();
    return s->frames_done ? s->done.data() : nullptr;
}

const uint16_t *sim_harness_peek_frame(const sim_harness_t *s, uint64_t *frames_done)
{
    *frames_done = s->frames_done;
    const sim_ff &ff = s->ff;
    if (ff.debt == 0 || !s->sampling || ff.d_frames != 1 || ff.debt < ff.done_off)
        return s->frames_done ? s->done.data() : nullptr;
    /* Frames completed while owing show the steady frame's picture, a new
     * picture owed (docs/sim.md "A new picture"), or after a swap owed the
     * other buffer's; the count moves once for each of those pictures, so
     * that a window redraws when the picture changes and not at every
     * frame owed. */
    const std::vector<uint32_t> *src = nullptr;
    if (ff.rebased) {
        src = &ff.ref_words;
        *frames_done += 1;
    }
    if (ff.swap_owed && ff.debt >= ff.swap_checkpoint() + ff.done_off) {
        src = &ff.next_words;
        *frames_done += 1;
    }
    if (!src || src->size() != FRAME_WORDS)
        return s->done.data();
    if (s->peek_src != src || s->peek_gen != ff.gen) {
        s->peek_pic.resize((size_t)SIM_FRAME_W * SIM_FRAME_H);
        picture_rows(src->data(), SIM_FRAME_H, s->peek_pic.data());
        s->peek_src = src;
        s->peek_gen = ff.gen;
    }
    return s->peek_pic.data();
}

uint64_t sim_harness_frames_done(sim_harness_t *s)
{
    s->settle();
    return s->frames_done;
}

uint64_t sim_harness_frame_start_cycle(sim_harness_t *s)
{
    s->settle();
    return s->done_start_cycle;
}

uint64_t sim_harness_vsyncs(sim_harness_t *s)
{
    s->settle();
    return s->vsyncs;
}

const sim_vga_timing_t *sim_harness_timing(sim_harness_t *s)
{
    s->settle();
    return &s->timing;
}

long sim_harness_predict_audio(const sim_harness_t *s, std::vector<int16_t> *left, size_t max)
{
    if (!s->bus.ready.empty())
        return -1;
    /* The audio members stand at the model's present clock, cycle + debt
     * (owe() advanced them over the clocks owed). */
    audio_regs a = audio_read(s->top->rootp);
    std::vector<int16_t> l, r;
    std::vector<uint64_t> lc, rc;
    uint64_t n = 0;
    audio_advance(s->roms, a, s->cycle + s->ff.debt, (uint64_t)(max + 1) * AUDIO_PERIOD,
                  audio_sink_t{&l, &r, &lc, &rc, &n});
    if (l.size() > max)
        l.resize(max);
    left->insert(left->end(), l.begin(), l.end());
    return (long)l.size();
}

void sim_harness_take_audio(sim_harness_t *s, std::vector<int16_t> *left,
                            std::vector<int16_t> *right, std::vector<uint64_t> *cycles,
                            std::vector<uint64_t> *right_cycles)
{
    /* Samples of clocks still owed were put here when they were owed (owe()). */
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

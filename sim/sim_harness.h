/*
 * sim_harness.h - the Verilator harness around rtl/go_peripheral.sv.
 *
 * One sim_harness_t owns the Verilated model and the bus models around it:
 *
 *   - the clock: sim_harness_run() clocks the model (50 MHz) for N cycles,
 *     every one of them: the bus models drive their outputs, observe the
 *     DUT's registered outputs, then the rising edge, so no C++ model acts
 *     combinationally by accident (one eval a clock untraced, two phases
 *     traced: docs/sim.md "The clock");
 *   - an Avalon-MM slave driver: sim_harness_reg_read/_write run one slave
 *     transaction each (read latency 1, as the RTL declares);
 *   - an Avalon-MM master responder: the peripheral's burst reads are served
 *     from host memory (the "SDRAM"), in order, with a settable read latency
 *     and settable wait-state patterns on waitrequest and readdatavalid;
 *   - a VGA sampler: on every rising vga_clk it takes the pins and rebuilds
 *     frames from hsync/vsync/blank_n and RGB444, measuring the sync timing
 *     as it goes;
 *   - an Avalon-ST sink per audio channel, with a settable ready pattern,
 *     that collects every sample accepted.
 *
 * Usage (given const uint8_t *pixels):   a 640x480 RGB565 frame, 614400 bytes
 *   #include <cstring>
 *   #include "rtl/go_peripheral_regs.h"
 *   char err[256];
 *   sim_harness_t *s = sim_harness_new(NULL, err, sizeof err);   // NULL: no trace
 *   std::memcpy(sim_harness_sdram(s, 0, 614400), pixels, 614400);
 *   sim_harness_reg_write(s, GP_REG_VGA_CTRL, 1);   // swap at the next vsync
 *   sim_harness_run_frames(s, 2);
 *   const uint16_t *rgb444 = sim_harness_frame(s);
 *   sim_harness_free(s);
 *
 * The model is sim/rtl/sim_go_peripheral.sv around rtl/go_peripheral, reached
 * through its ports only (and the DPI function that hands the sample ROMs
 * their images), so any Verilator from 5.006 on builds it.  Nothing here
 * computes what the RTL would do: every pin and sample comes from clocking
 * the model.  Everything here is C++ (the model is); hal_sim.cpp wraps it
 * for C.
 */
#ifndef TABLETOP_SIM_HARNESS_H
#define TABLETOP_SIM_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include <vector>

class Vgo_peripheral;

#define SIM_CLOCK_HZ 50000000u     /* clk */
#define SIM_CYCLES_PER_US 50u
#define SIM_SDRAM_BYTES 0x02000000u /* master addresses 0 .. 32 MB: buffers 0xC0 and 0xC1 */
#define SIM_FRAME_W 640
#define SIM_FRAME_H 480

/* Min/max of one measured interval, in sampled pixels (25 MHz clocks). */
typedef struct sim_span {
    uint64_t min; /* e.g. 96 for the hsync pulse */
    uint64_t max;
    uint64_t count; /* how many were measured */
} sim_span_t;

/* Sync timing as seen on the pins, in pixel clocks (one line = 800). */
typedef struct sim_vga_timing {
    sim_span_t h_total;  /* hsync fall to hsync fall: 800 */
    sim_span_t h_active; /* blank_n high run: 640 */
    sim_span_t h_front;  /* blank_n fall to hsync fall: 16 */
    sim_span_t h_sync;   /* hsync low: 96 */
    sim_span_t h_back;   /* hsync rise to blank_n rise: 48 */
    sim_span_t v_total;  /* vsync fall to vsync fall: 525 lines */
    sim_span_t v_active; /* active lines between vsync falls: 480 (in lines, not pixels) */
    sim_span_t v_front;  /* start of the last active line to vsync fall: 1 + 10 lines */
    sim_span_t v_sync;   /* vsync low: 2 lines */
    sim_span_t v_back;   /* vsync rise to the first active pixel: 33 lines */
    uint64_t bad_lines;  /* active runs that were not exactly 640 pixels */
    uint64_t hs_in_active; /* hsync low while blank_n high (must be 0) */
} sim_vga_timing_t;

/* Master responder settings; zeroes mean "fastest" (no waits, latency 1). */
typedef struct sim_bus_config {
    unsigned read_latency;         /* cycles from request accepted to first word (>= 1) */
    std::vector<uint8_t> waitreq;  /* waitrequest on cycle c = waitreq[c % size] */
    std::vector<uint8_t> gaps;     /* no readdatavalid on cycle c when gaps[c % size] */
    std::vector<uint8_t> ready;    /* audio ready on cycle c: bit 0 left, bit 1 right of ready[c % size]; empty: always 1 */
} sim_bus_config_t;

typedef struct sim_harness sim_harness_t;

/* Builds and resets the model.  trace_path: FST file to write, or NULL (no
 * tracing, no cost).  Returns NULL with a one-line message in err when the
 * SDRAM cannot be allocated, a sample ROM's image is not built in, or the
 * trace file cannot be opened (always, in a build without FST: the
 * WebAssembly one). */
sim_harness_t *sim_harness_new(const char *trace_path, char *err, size_t errlen);
void sim_harness_free(sim_harness_t *s);

/* The Verilated model itself, for testbenches that drive or peek at pins. */
Vgo_peripheral *sim_harness_model(sim_harness_t *s);

/* Clocks the model for n cycles of clk. */
void sim_harness_run(sim_harness_t *s, uint64_t n);
/* Clocks until n more complete frames have been sampled (or ~n+2 frame
 * times passed: returns the number actually completed). */
unsigned sim_harness_run_frames(sim_harness_t *s, unsigned n);
/* Clocks since reset: simulated time, every clock of it simulated. */
uint64_t sim_harness_cycles(const sim_harness_t *s);

/* One Avalon-MM slave transaction on the register port; offset in bytes
 * (0x00-0x7C reach the peripheral: its 5-bit word address). */
uint32_t sim_harness_reg_read(sim_harness_t *s, uint32_t offset);
void sim_harness_reg_write(sim_harness_t *s, uint32_t offset, uint32_t value);

/* Host view of master address addr (0 = HPS 0xC0000000), or NULL if
 * [addr, addr + len) is outside the SDRAM. */
uint8_t *sim_harness_sdram(sim_harness_t *s, uint32_t addr, size_t len);

/* Replaces the master responder's and audio sink's behaviour. */
void sim_harness_set_bus(sim_harness_t *s, const sim_bus_config_t *cfg);
/* Master reads outside the SDRAM so far (each answered with 0). */
uint64_t sim_harness_bad_reads(sim_harness_t *s);
/* Words delivered on the master port so far. */
uint64_t sim_harness_words_read(sim_harness_t *s);

/* Turns the VGA sampler off (a headless run that reads no frame saves its
 * cost) or back on; on again, it waits for the next vsync before it builds
 * a frame or measures anything.  On after sim_harness_new. */
void sim_harness_set_sampling(sim_harness_t *s, int on);

/* 1 when the harness writes an FST trace: two evals a clock (clk low,
 * clk high) instead of one (docs/sim.md "The clock"). */
int sim_harness_traced(const sim_harness_t *s);

/* The last complete frame, 640x480 RGB444 (0x0RGB), or NULL before one. */
const uint16_t *sim_harness_frame(sim_harness_t *s);
/* Frames completed so far, and the cycle at which the last completed
 * frame's vsync pulse began (the frame was scanned after it). */
uint64_t sim_harness_frames_done(sim_harness_t *s);
uint64_t sim_harness_frame_start_cycle(sim_harness_t *s);
/* Vsync pulses seen so far (one per frame, at line 490). */
uint64_t sim_harness_vsyncs(sim_harness_t *s);
const sim_vga_timing_t *sim_harness_timing(sim_harness_t *s);

/* Audio samples accepted on each channel since the last take, moved to out
 * (appended).  Also appends the clock each left (cycles) and right
 * (right_cycles) sample was taken on, when those are not NULL. */
void sim_harness_take_audio(sim_harness_t *s, std::vector<int16_t> *left,
                            std::vector<int16_t> *right, std::vector<uint64_t> *cycles,
                            std::vector<uint64_t> *right_cycles = nullptr);

#endif

/*
 * bindings/tile_display_bind.h - the Verilated tile display (rtl/tile_display/,
 * seed 002, LW 0x6000; docs/tile_display.md) on the sim backend's bus, and
 * a sampler of its own VGA pins: scan clocks the model through a whole
 * frame and rebuilds the 640x480 picture from hsync/vsync/blank and RGB on
 * the rising edges of its vga_clk, as the board's DAC latches them.
 *
 * On the sim backend's bus an access first runs the clocks since the last
 * one, then takes one clock.  While the model drives VGA, every clock is
 * simulated and its pins are sampled into frames; whole frames are passed
 * over only where Verilator's save of the model's state shows it repeating
 * with no access in between (docs/sim.md).  While it does not, nobody sees
 * the pins and a gap is cut to a clear's length (nothing else in the
 * registers moves with time).
 */
#ifndef TABLETOP_SIM_BINDING_TILE_DISPLAY_H
#define TABLETOP_SIM_BINDING_TILE_DISPLAY_H

#include <stdint.h>

extern "C" {
#include "periph.h"
}

typedef struct sim_td sim_td_t;

/* What the sampler measured, in pixels (vga_clk periods) and lines. */
typedef struct sim_td_timing {
    unsigned h_total, h_sync; /* hsync fall to fall, hsync low */
    unsigned v_total, v_sync; /* lines from vsync fall to fall, vsync low */
    unsigned lines;           /* active lines in the frame (480) */
    unsigned bad_lines;       /* active lines that were not 640 pixels */
    unsigned rgb_in_blank;    /* pixels with RGB not 0 while blanked */
} sim_td_timing_t;

/* A model after reset with the reset clear done (rst, then 19,200 clocks). */
sim_td_t *sim_td_new(void);
/* Reset held for two clocks only: the reset clear still to run. */
sim_td_t *sim_td_new_raw(void);
void sim_td_free(sim_td_t *t);
/* n clocks with no bus access. */
void sim_td_tick(sim_td_t *t, uint64_t n);
/* One clock each; offset in bytes (TILE_DISPLAY_REG_*). */
uint32_t sim_td_reg_read(sim_td_t *t, uint32_t offset);
void sim_td_reg_write(sim_td_t *t, uint32_t offset, uint32_t value);
/* The vga_drive pin (CTRL[0]). */
int sim_td_drives(sim_td_t *t);
/* Clocks the model until a whole frame has been sampled from its pins (at
 * most three frames' worth): 0 with rgb444 (640x480, 0x0RGB) and the
 * timing filled, -1 if no complete frame came out. */
int sim_td_sample_frame(sim_td_t *t, uint16_t *rgb444, sim_td_timing_t *timing);
/* The model's clock: clocks simulated since it was made, and the whole
 * periods the bus binding's skip passed over. */
uint64_t sim_td_clocks(const sim_td_t *t);
/* The bus binding's skip of repeating frames: on (1, after sim_td_new) or
 * off (0: every clock up to the caller's, as a reference), and how many
 * frames it has passed over. */
void sim_td_set_skip(sim_td_t *t, int on);
uint64_t sim_td_skipped_frames(const sim_td_t *t);

extern const periph_binding_t sim_td_binding;
extern const periph_vga_source_t sim_td_vga_source;

#endif

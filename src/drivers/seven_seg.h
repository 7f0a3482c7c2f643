/*
 * drivers/seven_seg.h - the DE1-SoC's six seven-segment digits HEX5..HEX0
 * at LW 0x5000 (SEVEN_SEG_BASE; docs/seven_seg.md) through the HAL:
 * sdl answers with hal/models/seven_seg_model.c, sim with rtl/seven_seg
 * Verilated, the board with the FPGA.  Screens show seed 001's messages
 * with it ("PASS", the territory counts, "WInnEr"/"LOSEr").
 *
 *   seven_seg_show_text(hal, "PASS");      HEX5..HEX2 = P A S S, HEX1..0 blank
 *   seven_seg_show_counts(hal, 45, 36);    " 45 36"
 *   seven_seg_clear(hal);
 *
 * Segments: bit 0 = a (top), 1 = b (upper right), 2 = c (lower right),
 * 3 = d (bottom), 4 = e (lower left), 5 = f (upper left), 6 = g (middle);
 * 1 = lit.  seg[i] is digit HEXi: HEX5 is the leftmost on the board, so
 * text reads from seg[5] down to seg[0].
 */
#ifndef TABLETOP_SEVEN_SEG_DRIVER_H
#define TABLETOP_SEVEN_SEG_DRIVER_H

#include <stdint.h>

#include "hal.h"
#include "rtl/seven_seg_regs.h"

/* Registers: SEVEN_SEG_BASE + SEVEN_SEG_REG_* (rtl/seven_seg/seven_seg_regs.def). */

/* The driver's font: the lit segments of one character, or -1 if it has no
 * glyph.  Digits, space, '-', '_', '=' and the letters a seven-segment
 * display can draw (A b C c d E F G H h I J L n N o O P q r S t U u y Y, and
 * W as three bars, an approximation); a letter drawn in one case only is
 * found in the other too. */
int seven_seg_glyph(char c);

/* Lays text out on the digits, text[0] on HEX5: out[i] is HEXi's segments,
 * short text padded with blanks on the right.  Returns 0, or -1 (out
 * untouched) if text is longer than six or has a character without a glyph. */
int seven_seg_encode(const char *text, uint8_t out[SEVEN_SEG_REG_DIGIT_COUNT]);

/* Lights exactly the segments seg[i] (7 bits) on HEXi: two bus writes. */
void seven_seg_show_raw(hal_t *h, const uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT]);
/* Shows text (seven_seg_encode).  Returns 0, or -1 with the display unchanged. */
int seven_seg_show_text(hal_t *h, const char *text);
/* Shows n right-aligned (a minus sign for a negative n).  Returns 0, or -1
 * with the display unchanged if it takes more than six digits. */
int seven_seg_show_number(hal_t *h, long n);
/* Seed 001's territory counts: Black's right-aligned on HEX5..HEX3,
 * White's on HEX2..HEX0 (" 45 36").  Counts outside 0..999: -1, unchanged. */
int seven_seg_show_counts(hal_t *h, int black, int white);
/* All six dark. */
void seven_seg_clear(hal_t *h);
/* What the digits show now (read back from the registers). */
void seven_seg_read(hal_t *h, uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT]);

#endif

/* font.h - the 5x7 bitmap font (font.c): glyph c is font_5x7[c - FONT_FIRST]. */
#ifndef TABLETOP_FONT_H
#define TABLETOP_FONT_H

#include <stdint.h>

#define FONT_FIRST 32
#define FONT_GLYPHS 95 /* ASCII 32..126 */

/* Rows top to bottom; bit 4 is the leftmost of the 5 columns. */
extern const uint8_t font_5x7[FONT_GLYPHS][7];

#endif

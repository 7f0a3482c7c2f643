/*
 * test_gomoku_text.h - reads a line of text off a frame: is `text` drawn
 * anywhere in the console's 5x7 font (console/font.h, the glyphs as data)
 * at `scale` pixels a font pixel (1-2 for the framebuffer's lines, 4 for
 * the tile display's welcome page, one 4x4 cell a font pixel)?  A glyph
 * matches when its set pixels are all one colour and its unset pixels in
 * the 5x7 box all another, so the ink's colour need not be known.  Used by
 * the Gomoku and farm tests (test_gomoku_*.c, test_farm_tiles.c) to check
 * what a notice or status line says, its case and that it is not cut.
 */
#ifndef TABLETOP_TEST_GOMOKU_TEXT_H
#define TABLETOP_TEST_GOMOKU_TEXT_H

#include <stdint.h>
#include <string.h>

#include "console/font.h"

static inline int text_at(const uint16_t *f, int w, int x, int y, const char *text, int scale)
{
    int have_ink = 0;
    uint16_t ink = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; text[i]; i++) {
            int c = (unsigned char)text[i];
            if (c < FONT_FIRST || c >= FONT_FIRST + FONT_GLYPHS)
                return 0;
            for (int row = 0; row < 7; row++)
                for (int col = 0; col < 5; col++) {
                    uint16_t v = f[(y + row * scale) * w + x + (i * 6 + col) * scale];
                    int set = font_5x7[c - FONT_FIRST][row] >> (4 - col) & 1;
                    if (pass == 0 && set && !have_ink) {
                        ink = v; /* the first set pixel's colour is the ink */
                        have_ink = 1;
                    }
                    if (pass == 1 && (set ? v != ink : v == ink))
                        return 0;
                }
        }
    return have_ink;
}

/* 1 when text is drawn somewhere in the w x h frame f at scale. */
static inline int text_in_frame(const uint16_t *f, int w, int h, const char *text, int scale)
{
    int width = ((int)strlen(text) * 6 - 1) * scale, height = 7 * scale;
    for (int y = 0; y + height <= h; y++)
        for (int x = 0; x + width <= w; x++)
            if (text_at(f, w, x, y, text, scale))
                return 1;
    return 0;
}

#endif

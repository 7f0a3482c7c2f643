/* drivers/seven_seg.c - text and numbers on HEX5..HEX0 (seven_seg.h). */
#include "drivers/seven_seg.h"

#include <stdio.h>
#include <string.h>

/* Segment bits, a..g. */
#define A 0x01
#define B 0x02
#define C 0x04
#define D 0x08
#define E 0x10
#define F 0x20
#define G 0x40

typedef struct glyph {
    char c;
    uint8_t seg;
} glyph_t;

static const glyph_t font[] = {
    {' ', 0},
    {'0', A | B | C | D | E | F},
    {'1', B | C},
    {'2', A | B | D | E | G},
    {'3', A | B | C | D | G},
    {'4', B | C | F | G},
    {'5', A | C | D | F | G},
    {'6', A | C | D | E | F | G},
    {'7', A | B | C},
    {'8', A | B | C | D | E | F | G},
    {'9', A | B | C | D | F | G},
    {'-', G},
    {'_', D},
    {'=', D | G},
    {'A', A | B | C | E | F | G},
    {'b', C | D | E | F | G},
    {'C', A | D | E | F},
    {'c', D | E | G},
    {'d', B | C | D | E | G},
    {'E', A | D | E | F | G},
    {'F', A | E | F | G},
    {'G', A | C | D | E | F},
    {'H', B | C | E | F | G},
    {'h', C | E | F | G},
    {'I', E | F},
    {'J', B | C | D | E},
    {'L', D | E | F},
    {'n', C | E | G},
    {'N', A | B | C | E | F},
    {'o', C | D | E | G},
    {'O', A | B | C | D | E | F},
    {'P', A | B | E | F | G},
    {'q', A | B | C | F | G},
    {'r', E | G},
    {'S', A | C | D | F | G},
    {'t', D | E | F | G},
    {'U', B | C | D | E | F},
    {'u', C | D | E},
    {'W', B | D | F},
    {'y', B | C | D | F | G},
};

static int lookup(char c)
{
    for (size_t i = 0; i < sizeof font / sizeof font[0]; i++)
        if (font[i].c == c)
            return font[i].seg;
    return -1;
}

int seven_seg_glyph(char c)
{
    int s = lookup(c);
    if (s >= 0)
        return s;
    if (c >= 'a' && c <= 'z')
        return lookup((char)(c - 'a' + 'A'));
    if (c >= 'A' && c <= 'Z')
        return lookup((char)(c - 'A' + 'a'));
    return -1;
}

int seven_seg_encode(const char *text, uint8_t out[SEVEN_SEG_REG_DIGIT_COUNT])
{
    uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT] = {0};
    size_t n = strlen(text);
    if (n > SEVEN_SEG_REG_DIGIT_COUNT)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int s = seven_seg_glyph(text[i]);
        if (s < 0)
            return -1;
        seg[SEVEN_SEG_REG_DIGIT_COUNT - 1 - i] = (uint8_t)s;
    }
    memcpy(out, seg, sizeof seg);
    return 0;
}

void seven_seg_show_raw(hal_t *h, const uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT])
{
    uint32_t lo = 0, hi = 0;
    for (int i = 0; i < SEVEN_SEG_REG_DIGIT_COUNT; i++) {
        uint32_t s = (seg[i] & SEVEN_SEG_DIGIT_SEGMENTS_MASK) >> SEVEN_SEG_DIGIT_SEGMENTS_SHIFT;
        if (i < SEVEN_SEG_LOW_DIGITS)
            lo |= s << (SEVEN_SEG_DIGIT_STRIDE * i);
        else
            hi |= s << (SEVEN_SEG_DIGIT_STRIDE * (i - SEVEN_SEG_LOW_DIGITS));
    }
    hal_write(h, SEVEN_SEG_BASE + SEVEN_SEG_REG_HEX3_HEX0, lo);
    hal_write(h, SEVEN_SEG_BASE + SEVEN_SEG_REG_HEX5_HEX4, hi);
}

int seven_seg_show_text(hal_t *h, const char *text)
{
    uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT];
    if (seven_seg_encode(text, seg) != 0)
        return -1;
    seven_seg_show_raw(h, seg);
    return 0;
}

int seven_seg_show_number(hal_t *h, long n)
{
    char text[32];
    int len = snprintf(text, sizeof text, "%6ld", n);
    if (len < 0 || len > SEVEN_SEG_REG_DIGIT_COUNT)
        return -1;
    return seven_seg_show_text(h, text);
}

int seven_seg_show_counts(hal_t *h, int black, int white)
{
    if (black < 0 || black > 999 || white < 0 || white > 999)
        return -1;
    char text[8];
    snprintf(text, sizeof text, "%3d%3d", black, white);
    return seven_seg_show_text(h, text);
}

void seven_seg_clear(hal_t *h)
{
    static const uint8_t dark[SEVEN_SEG_REG_DIGIT_COUNT];
    seven_seg_show_raw(h, dark);
}

void seven_seg_read(hal_t *h, uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT])
{
    uint32_t lo = hal_read(h, SEVEN_SEG_BASE + SEVEN_SEG_REG_HEX3_HEX0);
    uint32_t hi = hal_read(h, SEVEN_SEG_BASE + SEVEN_SEG_REG_HEX5_HEX4);
    for (int i = 0; i < SEVEN_SEG_REG_DIGIT_COUNT; i++) {
        uint32_t w = i < SEVEN_SEG_LOW_DIGITS
                         ? lo >> (SEVEN_SEG_DIGIT_STRIDE * i)
                         : hi >> (SEVEN_SEG_DIGIT_STRIDE * (i - SEVEN_SEG_LOW_DIGITS));
        seg[i] = (uint8_t)(w & SEVEN_SEG_DIGIT_SEGMENTS_MASK);
    }
}

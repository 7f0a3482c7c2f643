/*
 * frame_png.h - frames as PNG files (ARCHITECTURE.md "Frames and parity"):
 * 640x480 RGB444 pixels (0x0RGB) stored as 8-bit RGB with each 4-bit
 * value v written as v * 17, so the same frame gives the same file from
 * every backend.
 */
#ifndef TABLETOP_FRAME_PNG_H
#define TABLETOP_FRAME_PNG_H

#include <stddef.h>
#include <stdint.h>

/* Writes a width x height RGB444 frame to path (atomically: a temporary
 * file renamed into place).  Returns 0, or -1 with a message in err. */
int frame_png_write(const char *path, const uint16_t *rgb444, int width, int height, char *err,
                    size_t errlen);

/* Reads an 8-bit RGB PNG back as RGB444 (each channel / 17, which must be
 * exact).  *width and *height receive the size; *out is malloc'ed.
 * Returns 0, or -1 with a message in err. */
int frame_png_read(const char *path, uint16_t **out, int *width, int *height, char *err,
                   size_t errlen);

#endif

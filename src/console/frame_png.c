/* frame_png.c - RGB444 frames as PNG files through libpng; see frame_png.h. */
#include "frame_png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#if HAVE_PNG
#include <png.h>

int frame_png_write(const char *path, const uint16_t *rgb444, int width, int height, char *err,
                    size_t errlen)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(err, errlen, "path too long: %s", path);
        return -1;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    uint8_t *row = malloc((size_t)width * 3);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!row || !png || !info) {
        snprintf(err, errlen, "out of memory writing %s", path);
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(row);
        fclose(f);
        remove(tmp);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        snprintf(err, errlen, "libpng failed writing %s", path);
        png_destroy_write_struct(&png, &info);
        free(row);
        fclose(f);
        remove(tmp);
        return -1;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    /* Frames are mostly flat colour: fast compression is nearly as small. */
    png_set_compression_level(png, 3);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint16_t *src = rgb444 + (size_t)y * width;
        for (int x = 0; x < width; x++) {
            row[3 * x + 0] = (uint8_t)(((src[x] >> 8) & 0xF) * 17);
            row[3 * x + 1] = (uint8_t)(((src[x] >> 4) & 0xF) * 17);
            row[3 * x + 2] = (uint8_t)((src[x] & 0xF) * 17);
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int frame_png_read(const char *path, uint16_t **out, int *width, int *height, char *err,
                   size_t errlen)
{
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, path)) {
        snprintf(err, errlen, "cannot read PNG %s: %s", path, image.message);
        return -1;
    }
    image.format = PNG_FORMAT_RGB;
    size_t n = (size_t)image.width * image.height;
    uint8_t *rgb = malloc(n * 3);
    uint16_t *px = malloc(n * sizeof *px);
    if (!rgb || !px || !png_image_finish_read(&image, NULL, rgb, 0, NULL)) {
        snprintf(err, errlen, "cannot read PNG %s: %s", path, rgb && px ? image.message : "out of memory");
        png_image_free(&image);
        free(rgb);
        free(px);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = rgb + 3 * i;
        if (p[0] % 17 || p[1] % 17 || p[2] % 17) {
            snprintf(err, errlen, "%s: pixel %zu is not RGB444 scaled by 17", path, i);
            free(rgb);
            free(px);
            return -1;
        }
        px[i] = (uint16_t)((p[0] / 17) << 8 | (p[1] / 17) << 4 | (p[2] / 17));
    }
    free(rgb);
    *out = px;
    *width = (int)image.width;
    *height = (int)image.height;
    return 0;
}

#else

int frame_png_write(const char *path, const uint16_t *rgb444, int width, int height, char *err,
                    size_t errlen)
{
    (void)rgb444, (void)width, (void)height;
    snprintf(err, errlen, "cannot write %s: this tabletop was built without libpng "
                          "(install libpng-dev and rebuild)", path);
    return -1;
}

int frame_png_read(const char *path, uint16_t **out, int *width, int *height, char *err,
                   size_t errlen)
{
    (void)out, (void)width, (void)height;
    snprintf(err, errlen, "cannot read %s: built without libpng", path);
    return -1;
}

#endif

/* wav.c - streaming WAV writer; see wav.h. */
#include "wav.h"

#include <errno.h>
#include <string.h>

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void put_u16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

/* The 44-byte canonical PCM header for `samples` mono 16-bit samples. */
static void wav_header(uint8_t h[44], uint32_t rate, uint64_t samples)
{
    uint64_t data = samples * 2;
    if (data > 0xFFFFFFFFu - 36)
        data = 0xFFFFFFFFu - 36; /* RIFF cannot say more; players read to EOF */
    memcpy(h, "RIFF", 4);
    put_u32(h + 4, (uint32_t)(36 + data));
    memcpy(h + 8, "WAVEfmt ", 8);
    put_u32(h + 16, 16);
    put_u16(h + 20, 1); /* PCM */
    put_u16(h + 22, 1); /* mono */
    put_u32(h + 24, rate);
    put_u32(h + 28, rate * 2);
    put_u16(h + 32, 2);
    put_u16(h + 34, 16);
    memcpy(h + 36, "data", 4);
    put_u32(h + 40, (uint32_t)data);
}

int wav_writer_open(wav_writer_t *w, const char *path, uint32_t rate, char *err, size_t errlen)
{
    *w = (wav_writer_t){0};
    w->rate = rate;
    w->f = fopen(path, "wb");
    if (!w->f) {
        snprintf(err, errlen, "cannot write WAV file %s: %s", path, strerror(errno));
        return -1;
    }
    uint8_t h[44];
    wav_header(h, rate, 0);
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h) {
        snprintf(err, errlen, "cannot write WAV file %s: %s", path, strerror(errno));
        fclose(w->f);
        w->f = NULL;
        return -1;
    }
    return 0;
}

void wav_writer_append(wav_writer_t *w, const int16_t *samples, size_t n)
{
    if (!w->f)
        return;
    for (size_t i = 0; i < n; i++) {
        uint8_t b[2];
        put_u16(b, (uint16_t)samples[i]);
        if (fwrite(b, 1, 2, w->f) != 2)
            w->failed = 1;
    }
    w->samples += n;
}

void wav_writer_flush(wav_writer_t *w)
{
    if (!w->f)
        return;
    uint8_t h[44];
    wav_header(h, w->rate, w->samples);
    long pos = ftell(w->f);
    if (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, w->f) != sizeof h)
        w->failed = 1;
    if (pos >= 0 && fseek(w->f, pos, SEEK_SET) != 0)
        w->failed = 1;
    if (fflush(w->f) != 0)
        w->failed = 1;
}

int wav_writer_close(wav_writer_t *w)
{
    if (!w->f)
        return -1;
    wav_writer_flush(w);
    if (fclose(w->f) != 0)
        w->failed = 1;
    w->f = NULL;
    return w->failed ? -1 : 0;
}

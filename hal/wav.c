/* wav.c - streaming WAV writer; see wav.h. */
#include "wav.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Remembers the first write error; later ones are its consequences. */
static void note_failure(wav_writer_t *w)
{
    if (!w->failed)
        w->failed = errno ? errno : EIO;
}

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
    snprintf(w->path, sizeof w->path, "%s", path);
    struct stat st;
    w->created = stat(path, &st) != 0 && errno == ENOENT &&
                 strlen(path) < sizeof w->path; /* discard needs the whole name */
    w->f = fopen(path, "wb");
    if (!w->f) {
        snprintf(err, errlen, "cannot write WAV file %s: %s: give another --wav path", path,
                 strerror(errno));
        return -1;
    }
    uint8_t h[44];
    wav_header(h, rate, 0);
    errno = 0;
    if (fwrite(h, 1, sizeof h, w->f) != sizeof h || fflush(w->f) != 0) {
        int e = errno ? errno : EIO;
        snprintf(err, errlen, "cannot write WAV file %s: %s: give another --wav path", path,
                 strerror(e));
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
            note_failure(w);
    }
    w->samples += n;
}

void wav_writer_flush(wav_writer_t *w)
{
    if (!w->f)
        return;
    uint8_t h[44];
    wav_header(h, w->rate, w->samples);
    errno = 0;
    /* The data first: a device that refuses it must not be seen as taking it
     * because the header rewrite happened to succeed. */
    if (fflush(w->f) != 0)
        note_failure(w);
    long pos = ftell(w->f);
    if (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(h, 1, sizeof h, w->f) != sizeof h)
        note_failure(w);
    if (pos >= 0 && fseek(w->f, pos, SEEK_SET) != 0)
        note_failure(w);
    if (fflush(w->f) != 0)
        note_failure(w);
}

int wav_writer_close(wav_writer_t *w)
{
    if (!w->f)
        return -1;
    wav_writer_flush(w);
    errno = 0;
    if (fclose(w->f) != 0)
        note_failure(w);
    w->f = NULL;
    return w->failed ? -1 : 0;
}

void wav_writer_discard(wav_writer_t *w)
{
    if (!w->f)
        return;
    fclose(w->f);
    w->f = NULL;
    if (w->created)
        unlink(w->path);
}

void wav_writer_describe_failure(const wav_writer_t *w, char *err, size_t errlen)
{
    snprintf(err, errlen, "the WAV file %s is incomplete (%s): free some space or give another "
                          "--wav path", w->path, strerror(w->failed ? w->failed : EIO));
}

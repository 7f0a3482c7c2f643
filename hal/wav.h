/*
 * wav.h - a streaming WAV writer for --wav: 8 kHz mono signed 16-bit PCM.
 * The header's sizes are patched on every wav_writer_flush() and at close,
 * so a file cut short by a crash is still readable up to the last flush.
 */
#ifndef TABLETOP_WAV_H
#define TABLETOP_WAV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct wav_writer {
    FILE *f;
    uint32_t rate;     /* samples per second (8000) */
    uint64_t samples;  /* samples written so far */
    int failed;        /* errno of the first write error (EIO if none was set), 0: none */
    int created;       /* 1 if open made the file (discard may remove it) */
    char path[512];    /* for messages (cut if longer) */
} wav_writer_t;

/* Creates (truncates) path and writes the header through to the file, so a
 * device that takes no bytes (/dev/full) fails here, before anything runs.
 * Returns 0, or -1 with a message naming the file and the fix in err. */
int wav_writer_open(wav_writer_t *w, const char *path, uint32_t rate, char *err, size_t errlen);

/* Appends samples (little-endian on disk whatever the host). */
void wav_writer_append(wav_writer_t *w, const int16_t *samples, size_t n);

/* Patches the header's sizes and flushes the stream. */
void wav_writer_flush(wav_writer_t *w);

/* Flushes and closes; returns 0, or -1 if any write failed. */
int wav_writer_close(wav_writer_t *w);

/* Closes without a word and removes the file if open created it: for a run
 * that failed before it started, which should leave nothing behind. */
void wav_writer_discard(wav_writer_t *w);

/* After a failed close: one line naming the file, the error and the fix. */
void wav_writer_describe_failure(const wav_writer_t *w, char *err, size_t errlen);

#endif

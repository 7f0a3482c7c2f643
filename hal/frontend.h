/*
 * frontend.h - the host side that the sdl and sim backends share: the host
 * (host.h: the SDL window, or the web page's canvas) with keyboard and
 * speaker (unless headless) and the --wav writer.
 */
#ifndef TABLETOP_HAL_FRONTEND_H
#define TABLETOP_HAL_FRONTEND_H

#include <stddef.h>

#include "hal.h"
#include "host.h"
#include "wav.h"

/* Opens the WAV writer if cfg->wav is set (*have_wav = 1), then the window
 * titled `title` into *host unless cfg->headless: a bad --wav path fails
 * before any window shows, and a window that cannot open removes the WAV
 * file it just created.  Returns 0, or -1 with a one-line message in err;
 * whatever stays open is in *host / *wav for hal_frontend_close. */
int hal_frontend_open(const hal_config_t *cfg, const char *title, host_t **host,
                      wav_writer_t *wav, int *have_wav, char *err, size_t errlen);

/* Closes the WAV writer (if have_wav) and the window (if host).  Returns 0,
 * or -1 after one line on stderr when the WAV file could not be written
 * completely: the run failed to deliver what was asked. */
int hal_frontend_close(host_t *host, wav_writer_t *wav, int have_wav);

#endif

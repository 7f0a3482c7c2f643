/* frontend.c - host (window or page) and WAV writer for the sdl and sim backends. */
#include "frontend.h"

#include <stdio.h>

#include "config.h"

int hal_frontend_open(const hal_config_t *cfg, const char *title, host_t **host,
                      wav_writer_t *wav, int *have_wav, char *err, size_t errlen)
{
    if (cfg->wav) {
        if (wav_writer_open(wav, cfg->wav, HAL_AUDIO_RATE, err, errlen) != 0)
            return -1;
        *have_wav = 1;
    }
    if (!cfg->headless) {
#if HAVE_HOST
        *host = host_open(title, cfg->scale, err, errlen);
        if (!*host) {
            /* No window, no run: leave no WAV file behind either. */
            if (*have_wav)
                wav_writer_discard(wav);
            *have_wav = 0;
            return -1;
        }
#else
        (void)host;
        (void)title;
        if (*have_wav)
            wav_writer_discard(wav);
        *have_wav = 0;
        snprintf(err, errlen, "this tabletop was built without a window (SDL2): run with --headless, or "
                              "install libsdl2-dev and rebuild");
        return -1;
#endif
    }
    return 0;
}

int hal_frontend_close(host_t *host, wav_writer_t *wav, int have_wav)
{
    int status = 0;
    if (have_wav && wav_writer_close(wav) != 0) {
        char err[768];
        wav_writer_describe_failure(wav, err, sizeof err);
        fprintf(stderr, "tabletop: %s\n", err);
        status = -1;
    }
#if HAVE_HOST
    if (host)
        host_close(host);
#else
    (void)host;
#endif
    return status;
}

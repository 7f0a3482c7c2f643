/*
 * drivers/go_peripheral.h - the go_peripheral driver: seed 000 §4.6's write sequence,
 * written once and used with every backend.
 *
 *   gp_driver_t gp;
 *   gp_driver_init(&gp, &hal);                  maps both framebuffers
 *   draw into gp_driver_back(&gp) (RGB565, 640x480)
 *   gp_driver_present(&gp, AUDIO_PLACE);        sound, swap, wait for the swap
 */
#ifndef TABLETOP_HAL_GP_H
#define TABLETOP_HAL_GP_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"

typedef struct gp_driver {
    hal_t *hal;
    uint16_t *fb[2]; /* host views of HAL_FB0_PHYS and HAL_FB1_PHYS */
    int front;       /* index of the buffer on screen (after reset: 0) */
    uint32_t presents; /* frames presented so far */
} gp_driver_t;

/* Maps the two framebuffers.  Returns 0, or -1 with a message in err. */
int gp_driver_init(gp_driver_t *gp, hal_t *hal, char *err, size_t errlen);

/* The buffer to draw the next frame into (never the one on screen). */
uint16_t *gp_driver_back(gp_driver_t *gp);

/* Seed §4.6 steps 4 and 5: writes AUDIO_CMD when sound is not AUDIO_NONE,
 * FB_ADDR_HI = the back buffer's upper address byte, VGA_CTRL = 1, then
 * lets backend time pass in 1 ms steps until VGA_CTRL[0] reads 0 (swap
 * taken).  Afterwards the old front buffer is the back buffer. */
void gp_driver_present(gp_driver_t *gp, int sound);

/* AUDIO_STATUS[0]: 1 while a clip is playing. */
int gp_driver_audio_busy(gp_driver_t *gp);

#endif

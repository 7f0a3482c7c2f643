/* drivers/go_peripheral.c - seed 000 §4.6 write sequence over any backend; see go_peripheral.h. */
#include "go_peripheral.h"

#include <stdio.h>

/* A swap waits at most one frame (16.8 ms); poll in steps small enough
 * that presenting costs little more than the wait itself. */
#define PRESENT_STEP_US 1000
/* Give up after this long: a backend that never swaps is broken, and the
 * console must not hang on it. */
#define PRESENT_TIMEOUT_US 200000

int gp_driver_init(gp_driver_t *gp, hal_t *hal, char *err, size_t errlen)
{
    *gp = (gp_driver_t){.hal = hal};
    gp->fb[0] = hal->ops->map(hal->ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    gp->fb[1] = hal->ops->map(hal->ctx, HAL_FB1_PHYS, HAL_FB_BYTES);
    if (!gp->fb[0] || !gp->fb[1]) {
        snprintf(err, errlen, "the %s backend did not map the framebuffers", hal->ops->name);
        return -1;
    }
    /* Whatever the backend shows after reset, we start drawing into the
     * buffer that is not on screen. */
    uint32_t shown = REG_FIELD_GET(hal_read(hal, GP_REG_FB_ADDR_HI), GP_FB_ADDR_HI_SHOWN);
    gp->front = shown == (HAL_FB1_PHYS >> GP_FB_ADDR_SHIFT) ? 1 : 0;
    return 0;
}

uint16_t *gp_driver_back(gp_driver_t *gp)
{
    return gp->fb[1 - gp->front];
}

void gp_driver_present(gp_driver_t *gp, int sound)
{
    hal_t *hal = gp->hal;
    int back = 1 - gp->front;
    uint32_t phys = back ? HAL_FB1_PHYS : HAL_FB0_PHYS;
    if (sound != AUDIO_NONE)
        hal_write(hal, GP_REG_AUDIO_CMD, REG_FIELD_PUT(sound, GP_AUDIO_CMD_CLIP));
    hal_write(hal, GP_REG_FB_ADDR_HI, REG_FIELD_PUT(phys >> GP_FB_ADDR_SHIFT, GP_FB_ADDR_HI_ADDR));
    hal_write(hal, GP_REG_VGA_CTRL, GP_VGA_CTRL_SWAP);
    uint32_t waited = 0;
    while (hal_read(hal, GP_REG_VGA_CTRL) & GP_VGA_CTRL_PENDING) {
        if (waited >= PRESENT_TIMEOUT_US) {
            fprintf(stderr, "tabletop: the %s backend did not take a swap in %u ms\n",
                    hal->ops->name, (unsigned)(PRESENT_TIMEOUT_US / 1000));
            break;
        }
        hal_advance(hal, PRESENT_STEP_US);
        waited += PRESENT_STEP_US;
    }
    gp->front = back;
    gp->presents++;
}

int gp_driver_audio_busy(gp_driver_t *gp)
{
    return (hal_read(gp->hal, GP_REG_AUDIO_STATUS) & GP_AUDIO_STATUS_BUSY) != 0;
}

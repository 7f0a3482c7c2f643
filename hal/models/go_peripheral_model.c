/* models/go_peripheral_model.c - the go_peripheral C model; see go_peripheral.h and docs/registers.md. */
#include "go_peripheral_model.h"

#include "hal.h"

void gp_model_init(gp_model_t *m, gp_sample_fn on_sample, void *user)
{
    *m = (gp_model_t){0};
    m->fb_addr_hi = GP_RESET_FB_HI;
    m->displayed_hi = GP_RESET_FB_HI;
    m->on_sample = on_sample;
    m->user = user;
}

/* The first start of vertical blanking strictly after clock c. */
static uint64_t next_vblank_after(uint64_t c)
{
    uint64_t frame = c / GP_CLOCKS_PER_FRAME;
    uint64_t at = frame * GP_CLOCKS_PER_FRAME + GP_VBLANK_START;
    if (at <= c)
        at += GP_CLOCKS_PER_FRAME;
    return at;
}

uint64_t gp_model_frame_count(const gp_model_t *m)
{
    if (m->clock < GP_VBLANK_START)
        return 0;
    return (m->clock - GP_VBLANK_START) / GP_CLOCKS_PER_FRAME + 1;
}

int gp_model_in_vblank(const gp_model_t *m)
{
    return m->clock % GP_CLOCKS_PER_FRAME >= GP_VBLANK_START;
}

void gp_model_advance(gp_model_t *m, uint64_t clocks)
{
    uint64_t end = m->clock + clocks;
    /* Events in time order: samples and the swap are independent, so each
     * can be processed up to `end` on its own. */
    if (m->swap_pending) {
        uint64_t at = next_vblank_after(m->clock);
        if (at <= end) {
            m->displayed_hi = m->fb_addr_hi;
            m->swap_pending = 0;
        }
    }
    while (m->active_clip && m->next_sample_at <= end) {
        const gp_clip_t *clip = &gp_sound_clips[m->active_clip - 1];
        int16_t s = clip->samples[m->sample_index++];
        m->samples_streamed++;
        if (m->on_sample)
            m->on_sample(m->user, s);
        if (m->sample_index >= clip->length)
            m->active_clip = 0; /* busy falls once the last sample is taken */
        else
            m->next_sample_at += GP_SAMPLE_PERIOD;
    }
    m->clock = end;
}

uint32_t gp_model_read(const gp_model_t *m, uint32_t offset)
{
    switch (offset) {
    case GP_REG_AUDIO_CMD:
        return REG_FIELD_PUT(m->active_clip, GP_AUDIO_CMD_PLAYING);
    case GP_REG_AUDIO_STATUS:
        return m->active_clip ? GP_AUDIO_STATUS_BUSY : 0u;
    case GP_REG_VGA_CTRL:
        return m->swap_pending ? GP_VGA_CTRL_PENDING : 0u;
    case GP_REG_VGA_STATUS:
        return REG_FIELD_PUT(gp_model_frame_count(m), GP_VGA_STATUS_FRAMES) |
               (gp_model_in_vblank(m) ? GP_VGA_STATUS_VBLANK : 0u);
    case GP_REG_FB_ADDR_HI:
        return REG_FIELD_PUT(m->displayed_hi, GP_FB_ADDR_HI_SHOWN) |
               REG_FIELD_PUT(m->fb_addr_hi, GP_FB_ADDR_HI_ADDR);
    default:
        return 0; /* RESERVED and unmapped offsets */
    }
}

void gp_model_write(gp_model_t *m, uint32_t offset, uint32_t value)
{
    switch (offset) {
    case GP_REG_AUDIO_CMD: {
        uint32_t cmd = REG_FIELD_GET(value, GP_AUDIO_CMD_CLIP);
        if (cmd == 0) {
            m->active_clip = 0;
        } else if (cmd <= GP_CLIP_COUNT) {
            m->active_clip = (int)cmd;
            m->sample_index = 0;
            m->next_sample_at = m->clock + GP_SAMPLE_PERIOD;
        } /* 5..7: ignored */
        break;
    }
    case GP_REG_VGA_CTRL:
        if (value & GP_VGA_CTRL_SWAP)
            m->swap_pending = 1;
        break;
    case GP_REG_FB_ADDR_HI:
        m->fb_addr_hi = (uint8_t)REG_FIELD_GET(value, GP_FB_ADDR_HI_ADDR);
        break;
    default:
        break;
    }
}

static uint32_t gp_binding_read(void *inst, uint64_t now, uint32_t offset)
{
    (void)now; /* the display core keeps the system clock itself */
    return gp_model_read(inst, offset);
}

static void gp_binding_write(void *inst, uint64_t now, uint32_t offset, uint32_t value)
{
    (void)now;
    gp_model_write(inst, offset, value);
}

const periph_binding_t gp_model_binding = {
    .id = PERIPH_GO_PERIPHERAL,
    .read = gp_binding_read,
    .write = gp_binding_write,
};

/* hid.c - HID boot-keyboard report decoder (see hid.h). */
#include "hid.h"

#include <string.h>

/* Usage codes below 0x04 are error states, not keys (HID Usage Tables §10). */
#define HID_FIRST_KEY_USAGE 0x04

void hid_decoder_init(hid_decoder_t *d)
{
    memset(d, 0, sizeof *d);
}

int hid_usage_is_arrow(int usage)
{
    return usage >= 0x4F && usage <= 0x52;
}

static int held_contains(const uint8_t *held, int usage)
{
    for (int i = 0; i < HID_REPORT_KEYS; i++)
        if (held[i] == usage)
            return 1;
    return 0;
}

static int report_is_phantom(const uint8_t *report)
{
    /* Keyboards fill every slot with ErrorRollOver; some fill only the
     * first.  Either way the snapshot is unusable. */
    for (int i = 2; i < HID_REPORT_BYTES; i++)
        if (report[i] == HID_USAGE_ROLLOVER)
            return 1;
    return 0;
}

int hid_decoder_feed(hid_decoder_t *d, const uint8_t *report, size_t len, uint64_t now_us,
                     int *keys, int max)
{
    if (!report || len < HID_REPORT_BYTES)
        return -1;
    if (report_is_phantom(report))
        return 0;

    uint8_t now_held[HID_REPORT_KEYS] = {0};
    int n_held = 0, n_edges = 0;
    for (int i = 2; i < HID_REPORT_BYTES; i++) {
        uint8_t u = report[i];
        if (u < HID_FIRST_KEY_USAGE || held_contains(now_held, u))
            continue; /* empty slot, error code, or a duplicate in one report */
        now_held[n_held++] = u;
        if (held_contains(d->held, u))
            continue; /* still held: no new edge */
        if (n_edges < max)
            keys[n_edges++] = u;
        if (hid_usage_is_arrow(u)) {
            d->repeat_key = u;
            d->repeat_due_us = now_us + HID_REPEAT_DELAY_US;
        }
    }
    if (d->repeat_key && !held_contains(now_held, d->repeat_key))
        d->repeat_key = 0;
    memcpy(d->held, now_held, sizeof d->held);
    d->modifiers = report[0];
    return n_edges;
}

int hid_decoder_repeat(hid_decoder_t *d, uint64_t now_us, int *keys, int max)
{
    if (!d->repeat_key || max < 1 || now_us < d->repeat_due_us)
        return 0;
    keys[0] = d->repeat_key;
    d->repeat_due_us += HID_REPEAT_PERIOD_US;
    if (d->repeat_due_us <= now_us)
        d->repeat_due_us = now_us + HID_REPEAT_PERIOD_US;
    return 1;
}

int64_t hid_decoder_next_repeat_in(const hid_decoder_t *d, uint64_t now_us)
{
    if (!d->repeat_key)
        return -1;
    return d->repeat_due_us > now_us ? (int64_t)(d->repeat_due_us - now_us) : 0;
}

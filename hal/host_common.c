/* host_common.c - what both hosts compute alike: pacing, the digit strip's
 * segments; see host.h. */
#include "host.h"

uint64_t host_pacer_wait_us(host_pacer_t *p, uint64_t now_us, uint64_t backend_us)
{
    uint64_t target = p->anchor_real_us + (backend_us - p->anchor_backend_us);
    if (target > now_us)
        return target - now_us > 1000000 ? 1000000 : target - now_us;
    if (now_us - target > HOST_PACE_SLACK_US) {
        p->anchor_real_us = now_us;
        p->anchor_backend_us = backend_us;
    }
    return 0;
}

const uint8_t host_segment_lit[3] = {255, 32, 16};
const uint8_t host_segment_unlit[3] = {48, 8, 8};

void host_segment_rect(int k, int x, int y, int w, int t, int l, int rect[4])
{
    const int seg[7][4] = {
        {x + t, y, w - 2 * t, t},                 /* a: top */
        {x + w - t, y + t, t, l},                 /* b: upper right */
        {x + w - t, y + 2 * t + l, t, l},         /* c: lower right */
        {x + t, y + 2 * t + 2 * l, w - 2 * t, t}, /* d: bottom */
        {x, y + 2 * t + l, t, l},                 /* e: lower left */
        {x, y + t, t, l},                         /* f: upper left */
        {x + t, y + t + l, w - 2 * t, t},         /* g: middle */
    };
    for (int i = 0; i < 4; i++)
        rect[i] = seg[k][i];
}

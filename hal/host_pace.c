/* host_pace.c - the hosts' shared pacing arithmetic; see host.h. */
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

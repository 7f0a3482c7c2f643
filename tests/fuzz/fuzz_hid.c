/*
 * fuzz_hid.c - a USB HID report stream (hal/hid.h) as the board's libusb
 * thread hands it to the decoder: reports of any length, at any times.
 *
 * Input: records of [length 0..15][time step, 0..255 ms][length bytes].
 * Oracles: a feed returns -1 (short report), 0 or up to max keys, each a
 * usage code that is new in this report and never ErrorRollOver or 0;
 * repeats come only for arrows, never more than max, and the decoder never
 * reads past the report it was given (ASan).
 */
#include "fuzz_util.h"

#include "input/hid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    hid_decoder_t d;
    hid_decoder_init(&d);
    uint64_t now = 0;
    size_t i = 0;
    while (i + 2 <= size) {
        size_t len = data[i] & 15u;
        int max = 1 + (data[i] >> 4) % HID_MAX_EDGES;
        now += (uint64_t)data[i + 1] * 1000u;
        i += 2;
        if (len > size - i)
            len = size - i;
        /* An exact-size heap copy, so a read past len is caught. */
        uint8_t *report = malloc(len ? len : 1);
        FUZZ_CHECK(report != NULL, "out of memory");
        memcpy(report, data + i, len);
        i += len;

        hid_decoder_t before = d;
        int keys[HID_MAX_EDGES];
        int n = hid_decoder_feed(&d, report, len, now, keys, max);
        if (len < HID_REPORT_BYTES) {
            FUZZ_CHECK(n == -1, "short report (%zu bytes) gave %d", len, n);
            FUZZ_CHECK(memcmp(&before, &d, sizeof d) == 0, "short report changed the state");
        } else {
            FUZZ_CHECK(n >= 0 && n <= max, "feed gave %d keys (max %d)", n, max);
            for (int k = 0; k < n; k++) {
                FUZZ_CHECK(keys[k] > HID_USAGE_ROLLOVER && keys[k] <= 0xFF, "key 0x%x", keys[k]);
                int was_held = 0;
                for (int j = 0; j < HID_REPORT_KEYS; j++)
                    was_held |= before.held[j] == keys[k];
                FUZZ_CHECK(!was_held, "edge for key 0x%x that was already held", keys[k]);
            }
        }
        free(report);

        int rk[HID_MAX_EDGES];
        int rmax = 1 + (int)(now % HID_MAX_EDGES);
        int r = hid_decoder_repeat(&d, now, rk, rmax);
        FUZZ_CHECK(r == 0 || r == 1, "repeat gave %d", r);
        if (r == 1)
            FUZZ_CHECK(hid_usage_is_arrow(rk[0]), "repeat of non-arrow 0x%x", rk[0]);
        int64_t next = hid_decoder_next_repeat_in(&d, now);
        FUZZ_CHECK(next >= -1, "next repeat in %lld", (long long)next);
    }
    return 0;
}

/* test_hid.c - the HID boot-keyboard decoder on recorded reports
 * (tests/data/board/hid_*.txt) and on malformed input. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/hid.h"
#include "tests/test_data.h"

/* Replays one recording; every line's edges must match exactly. */
static void replay(const char *name)
{
    FILE *f = test_data_open("board", name, "r");

    hid_decoder_t d;
    hid_decoder_init(&d);
    char line[256];
    int lineno = 0, steps = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || strspn(line, " \t\r\n") == strlen(line))
            continue;
        char *arrow = strstr(line, "->");
        cr_assert_not_null(arrow, "%s:%d: no '->'", name, lineno);
        *arrow = 0;
        char *p = line, *end;
        unsigned long long t = strtoull(p, &end, 10);
        cr_assert(end != p, "%s:%d: no time", name, lineno);
        p = end;
        int got[HID_MAX_EDGES], n;
        if (strstr(p, "repeat")) {
            n = hid_decoder_repeat(&d, t, got, HID_MAX_EDGES);
        } else {
            uint8_t report[8];
            for (int i = 0; i < 8; i++) {
                unsigned long b = strtoul(p, &end, 16);
                cr_assert(end != p, "%s:%d: report byte %d missing", name, lineno, i);
                report[i] = (uint8_t)b;
                p = end;
            }
            n = hid_decoder_feed(&d, report, sizeof report, t, got, HID_MAX_EDGES);
        }
        int want[HID_MAX_EDGES], m = 0;
        p = arrow + 2;
        for (;;) {
            unsigned long k = strtoul(p, &end, 16);
            if (end == p)
                break;
            cr_assert(m < HID_MAX_EDGES, "%s:%d: too many expected keys", name, lineno);
            want[m++] = (int)k;
            p = end;
        }
        cr_assert_eq(n, m, "%s:%d: %d edges, expected %d", name, lineno, n, m);
        for (int i = 0; i < m; i++)
            cr_assert_eq(got[i], want[i], "%s:%d: edge %d is 0x%02x, expected 0x%02x", name,
                         lineno, i, got[i], want[i]);
        steps++;
    }
    fclose(f);
    cr_assert_gt(steps, 5, "%s: too few steps", name);
}

Test(hid, rollover_recording) { replay("hid_rollover.txt"); }
Test(hid, several_keys_modifiers_phantom) { replay("hid_chord.txt"); }
Test(hid, arrow_auto_repeat) { replay("hid_repeat.txt"); }

Test(hid, short_report_is_rejected_and_changes_nothing)
{
    hid_decoder_t d;
    hid_decoder_init(&d);
    const uint8_t down[8] = {0, 0, 0x4F, 0, 0, 0, 0, 0};
    int keys[HID_MAX_EDGES];
    cr_assert_eq(hid_decoder_feed(&d, down, 8, 0, keys, HID_MAX_EDGES), 1);
    hid_decoder_t before = d;
    const uint8_t empty[8] = {0};
    cr_assert_eq(hid_decoder_feed(&d, empty, 7, 10, keys, HID_MAX_EDGES), -1);
    cr_assert_eq(hid_decoder_feed(&d, NULL, 8, 10, keys, HID_MAX_EDGES), -1);
    cr_assert_eq(memcmp(&before, &d, sizeof d), 0, "a rejected report changed the state");
    /* Right is still held, so it still repeats. */
    cr_assert_eq(hid_decoder_repeat(&d, HID_REPEAT_DELAY_US, keys, HID_MAX_EDGES), 1);
    cr_assert_eq(keys[0], 0x4F);
}

Test(hid, long_report_reads_first_eight_bytes)
{
    hid_decoder_t d;
    hid_decoder_init(&d);
    /* Some keyboards pad to their endpoint size. */
    const uint8_t padded[16] = {0, 0, 0x2C, 0, 0, 0, 0, 0, 0x28, 0x28};
    int keys[HID_MAX_EDGES];
    cr_assert_eq(hid_decoder_feed(&d, padded, sizeof padded, 0, keys, HID_MAX_EDGES), 1);
    cr_assert_eq(keys[0], 0x2C);
}

Test(hid, edges_beyond_max_are_dropped_but_tracked)
{
    hid_decoder_t d;
    hid_decoder_init(&d);
    const uint8_t six[8] = {0, 0, 4, 5, 6, 7, 8, 9};
    int keys[2];
    cr_assert_eq(hid_decoder_feed(&d, six, 8, 0, keys, 2), 2);
    cr_assert_eq(keys[0], 4);
    cr_assert_eq(keys[1], 5);
    /* The same snapshot again: all six count as held, no new edges. */
    cr_assert_eq(hid_decoder_feed(&d, six, 8, 1, keys, 2), 0);
}

Test(hid, next_repeat_in)
{
    hid_decoder_t d;
    hid_decoder_init(&d);
    cr_assert_eq(hid_decoder_next_repeat_in(&d, 0), -1);
    const uint8_t up[8] = {0, 0, 0x52};
    int keys[HID_MAX_EDGES];
    hid_decoder_feed(&d, up, 8, 1000, keys, HID_MAX_EDGES);
    cr_assert_eq(hid_decoder_next_repeat_in(&d, 1000), HID_REPEAT_DELAY_US);
    cr_assert_eq(hid_decoder_next_repeat_in(&d, 1000 + HID_REPEAT_DELAY_US + 5), 0);
    cr_assert(hid_usage_is_arrow(0x52) && hid_usage_is_arrow(0x4F));
    cr_assert(!hid_usage_is_arrow(0x28) && !hid_usage_is_arrow(0x53));
}

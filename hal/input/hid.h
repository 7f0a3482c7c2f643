/*
 * hid.h - decoder for USB HID boot-keyboard input reports, shared by every
 * backend that sees raw reports (the board's libusb thread, tests, tools).
 *
 * A boot-protocol report is 8 bytes (HID 1.11, Appendix B.1):
 *
 *   byte 0     modifier bits (LCtrl LShift LAlt LGui RCtrl RShift RAlt RGui)
 *   byte 1     reserved
 *   bytes 2-7  usage codes of up to six keys held now, in any order, 0 = none
 *
 * A report is a snapshot of what is held, not a list of events, so the
 * decoder remembers the previous snapshot and emits a key-down edge for every
 * code that is new.  When more keys are held than a report can name, the
 * keyboard sends "phantom state": every slot holds ErrorRollOver (0x01).
 * That says nothing about which keys are down, so the decoder ignores it and
 * keeps the previous snapshot (no edges, no releases).
 *
 * Held arrow keys auto-repeat, like a PC keyboard's typematic: the most
 * recently pressed arrow repeats HID_REPEAT_DELAY_US after its press and then
 * every HID_REPEAT_PERIOD_US until it is released (releasing it stops the
 * repeat even if an older arrow is still held).  Other keys never repeat (a
 * held Enter must not place a stone twice) and do not stop an arrow's repeat.  Time is passed in by the caller, so the decoder is pure and
 * its tests need no clock.
 *
 * Usage (given const uint8_t report[HID_REPORT_BYTES], uint64_t now_us):
 *   hid_decoder_t d;
 *   int keys[HID_MAX_EDGES];
 *   hid_decoder_init(&d);
 *   int n = hid_decoder_feed(&d, report, HID_REPORT_BYTES, now_us, keys, HID_MAX_EDGES);
 *   n = hid_decoder_repeat(&d, now_us, keys, HID_MAX_EDGES);   // each tick: held arrows
 */
#ifndef TABLETOP_HID_H
#define TABLETOP_HID_H

#include <stddef.h>
#include <stdint.h>

#define HID_REPORT_BYTES 8
#define HID_REPORT_KEYS 6
#define HID_USAGE_ROLLOVER 0x01    /* ErrorRollOver: the phantom state */
#define HID_REPEAT_DELAY_US 400000 /* first repeat of a held arrow, after the press */
#define HID_REPEAT_PERIOD_US 100000 /* then one repeat per period */
/* Most edges one call can produce (six new keys; repeats are capped). */
#define HID_MAX_EDGES 8

typedef struct hid_decoder {
    uint8_t held[HID_REPORT_KEYS]; /* usage codes held in the last valid report, 0 = free slot */
    uint8_t modifiers;             /* byte 0 of the last valid report (e.g. 0x02 = LShift) */
    uint8_t repeat_key;            /* arrow being auto-repeated, 0 = none */
    uint64_t repeat_due_us;        /* caller time of its next repeat */
} hid_decoder_t;

/* Resets d to "nothing held". */
void hid_decoder_init(hid_decoder_t *d);

/* Decodes one report of len bytes taken at now_us (microseconds, any epoch,
 * non-decreasing).  Writes the usage codes of keys newly pressed into keys[]
 * (at most max, in report order) and returns how many; returns 0 for the
 * phantom state, and -1 (state unchanged) for a report shorter than 8 bytes.
 * Longer reports are accepted and read as their first 8 bytes. */
int hid_decoder_feed(hid_decoder_t *d, const uint8_t *report, size_t len, uint64_t now_us,
                     int *keys, int max);

/* Writes the auto-repeat due by now_us, if any, into keys[] (max >= 1) and
 * returns how many (0 or 1).  A caller that polls late gets one repeat, not a
 * burst of every period it missed; the next is due a period later. */
int hid_decoder_repeat(hid_decoder_t *d, uint64_t now_us, int *keys, int max);

/* Microseconds from now_us until the next repeat is due, or -1 if no key is
 * repeating (lets an input thread choose its transfer timeout). */
int64_t hid_decoder_next_repeat_in(const hid_decoder_t *d, uint64_t now_us);

/* Returns 1 if usage is an arrow key (0x4F-0x52), else 0. */
int hid_usage_is_arrow(int usage);

#endif

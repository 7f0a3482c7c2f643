/*
 * usb_keyboard.h - a USB HID boot keyboard read through libusb-1.0 on its
 * own thread (seed 000 §4.2): the board backend's keyboard.
 *
 * The input thread looks for an interface of class 3 (HID), subclass 1
 * (boot), protocol 1 (keyboard), detaches the kernel's driver from it,
 * claims it, switches it to the boot protocol and reads its 8-byte reports
 * with interrupt transfers.  Reports go through the shared decoder (hid.h),
 * and the key-down edges and arrow repeats land in a thread-safe queue that
 * the main loop empties with usb_keyboard_poll().
 *
 * Unplugging is not an error: the thread releases the device, says so in the
 * status line, and rescans every USB_KEYBOARD_RESCAN_MS until a keyboard
 * appears again (the same one or another).  Keys held at the unplug are
 * forgotten, so nothing repeats forever.
 *
 * Built without libusb (-Dusb=disabled), usb_keyboard_open() always fails
 * with a message saying so, and the caller falls back to the terminal.
 */
#ifndef TABLETOP_USB_KEYBOARD_H
#define TABLETOP_USB_KEYBOARD_H

#include <stddef.h>
#include <stdint.h>

#define USB_KEYBOARD_RESCAN_MS 500 /* how often to look for a keyboard when none is attached */
#define USB_KEYBOARD_QUEUE_KEYS 64 /* keys buffered between the thread and the main loop */

typedef struct usb_keyboard usb_keyboard_t;

/* Starts libusb, scans once for a keyboard (so usb_keyboard_attached() is
 * meaningful at once) and starts the input thread.  Returns NULL with a
 * one-line message in err if libusb cannot start (no USB support, built
 * without libusb); no keyboard attached is not a failure. */
usb_keyboard_t *usb_keyboard_open(char *err, size_t errlen);

/* 1 if a keyboard is attached and claimed now, else 0. */
int usb_keyboard_attached(usb_keyboard_t *k);

/* Copies a one-line description of the current state into buf ("keyboard
 * 046d:c31c attached", "no USB keyboard found", "keyboard unplugged; waiting
 * for one", "cannot open 046d:c31c: access denied (run as root)"). */
void usb_keyboard_status(usb_keyboard_t *k, char *buf, size_t len);

/* Next key-down as a HID usage code, or 0 if the queue is empty.  Never
 * blocks.  Safe to call while the input thread runs. */
int usb_keyboard_poll(usb_keyboard_t *k);

/* Decodes one report taken at now_us into the queue, exactly as the input
 * thread does with what the keyboard sends (for replaying recorded reports).
 * Returns the number of keys queued, or -1 for a malformed report. */
int usb_keyboard_feed_report(usb_keyboard_t *k, const uint8_t *report, size_t len,
                             uint64_t now_us);

/* Stops the thread (within about one transfer timeout), gives the keyboard
 * back to the kernel's driver and frees k.  NULL is ignored. */
void usb_keyboard_close(usb_keyboard_t *k);

#endif

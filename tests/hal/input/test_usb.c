/* test_usb.c - the USB keyboard through the real libusb on a machine with no
 * USB keyboard: it must start, say so, return no keys, and close cleanly;
 * recorded reports fed through its queue come out as the decoder says. */
#include <criterion/criterion.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "hal.h"
#include "input/usb_keyboard.h"

#if HAVE_USB
#include <libusb.h>

/* Counts HID boot keyboards the way the input thread looks for them. */
static int count_boot_keyboards(void)
{
    libusb_context *ctx;
    if (libusb_init(&ctx) != 0)
        return -1;
    libusb_device **list;
    ssize_t n = libusb_get_device_list(ctx, &list);
    int found = 0;
    for (ssize_t i = 0; i < n; i++) {
        struct libusb_config_descriptor *cfg;
        if (libusb_get_active_config_descriptor(list[i], &cfg) != 0)
            continue;
        for (int j = 0; j < cfg->bNumInterfaces; j++)
            for (int a = 0; a < cfg->interface[j].num_altsetting; a++) {
                const struct libusb_interface_descriptor *d = &cfg->interface[j].altsetting[a];
                found += d->bInterfaceClass == 3 && d->bInterfaceSubClass == 1 &&
                         d->bInterfaceProtocol == 1;
            }
        libusb_free_config_descriptor(cfg);
    }
    if (n >= 0)
        libusb_free_device_list(list, 1);
    libusb_exit(ctx);
    return found;
}

Test(usb, no_keyboard_is_handled)
{
    int present = count_boot_keyboards();
    char err[256] = "";
    usb_keyboard_t *k = usb_keyboard_open(err, sizeof err);
    if (!k) {
        /* libusb itself could not start (no usbfs here): a clean, named failure. */
        cr_assert(strstr(err, "libusb cannot start"), "message: %s", err);
        cr_assert_eq(present, -1, "libusb_init works here but usb_keyboard_open failed: %s",
                     err);
        return;
    }
    if (present > 0) {
        usb_keyboard_close(k);
        cr_skip_test("a USB boot keyboard is attached to this machine");
    }
    char status[128];
    usb_keyboard_status(k, status, sizeof status);
    cr_assert_eq(usb_keyboard_attached(k), 0);
    cr_assert_str_eq(status, "no USB keyboard found");
    /* Let the input thread rescan at least once: still nothing, no keys. */
    usleep((USB_KEYBOARD_RESCAN_MS + 200) * 1000);
    cr_assert_eq(usb_keyboard_attached(k), 0);
    cr_assert_eq(usb_keyboard_poll(k), 0);
    usb_keyboard_close(k);
}

Test(usb, reports_reach_the_queue_in_order)
{
    char err[256] = "";
    usb_keyboard_t *k = usb_keyboard_open(err, sizeof err);
    if (!k)
        cr_skip_test("libusb cannot start here: %s", err);
    static const uint8_t reports[][8] = {
        {0, 0, 0x52, 0, 0, 0, 0, 0},    /* Up */
        {0, 0, 0x52, 0x28, 0, 0, 0, 0}, /* + Enter */
        {0, 0, 1, 1, 1, 1, 1, 1},       /* phantom */
        {0, 0, 0, 0, 0, 0, 0, 0},
        {0, 0, 0x2C, 0x29, 0, 0, 0, 0}, /* Space + Escape together */
    };
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++)
        usb_keyboard_feed_report(k, reports[i], 8, i * 1000);
    cr_assert_eq(usb_keyboard_feed_report(k, reports[0], 3, 9000), -1);
    static const int want[] = {HID_KEY_UP, HID_KEY_ENTER, HID_KEY_SPACE, HID_KEY_ESCAPE};
    for (size_t i = 0; i < 4; i++)
        cr_assert_eq(usb_keyboard_poll(k), want[i], "key %zu", i);
    cr_assert_eq(usb_keyboard_poll(k), 0);
    usb_keyboard_close(k);
}

Test(usb, queue_overflow_drops_newest)
{
    char err[256] = "";
    usb_keyboard_t *k = usb_keyboard_open(err, sizeof err);
    if (!k)
        cr_skip_test("libusb cannot start here: %s", err);
    const uint8_t down[8] = {0, 0, 0x04}, up[8] = {0};
    for (int i = 0; i < USB_KEYBOARD_QUEUE_KEYS + 10; i++) {
        usb_keyboard_feed_report(k, down, 8, 2 * i);
        usb_keyboard_feed_report(k, up, 8, 2 * i + 1);
    }
    int n = 0;
    while (usb_keyboard_poll(k) == HID_KEY_A)
        n++;
    cr_assert_eq(n, USB_KEYBOARD_QUEUE_KEYS);
    usb_keyboard_close(k);
}

#else

Test(usb, built_without_libusb_says_so)
{
    char err[256] = "";
    cr_assert_null(usb_keyboard_open(err, sizeof err));
    cr_assert(strstr(err, "without libusb"), "message: %s", err);
}

#endif

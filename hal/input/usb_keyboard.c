/* usb_keyboard.c - libusb-1.0 boot keyboard on an input thread (see usb_keyboard.h). */
#include "usb_keyboard.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "hid.h"

#if HAVE_USB
#include <libusb.h>
#endif

/* The input thread's transfer timeout: bounds how late a repeat or a stop
 * request is noticed. */
#define USB_TRANSFER_TIMEOUT_MS 20
#define USB_STATUS_BYTES 128
#define USB_MAX_PACKET 64

struct usb_keyboard {
    pthread_mutex_t lock; /* guards queue, status, attached, decoder */
    int queue[USB_KEYBOARD_QUEUE_KEYS];
    size_t q_head, q_len;
    char status[USB_STATUS_BYTES];
    int attached;
    hid_decoder_t decoder;
#if HAVE_USB
    libusb_context *usb;
    libusb_device_handle *handle; /* owned by the thread once it runs */
    int iface;
    unsigned char endpoint;
    int packet_bytes;
    pthread_t thread;
    int thread_started;
    atomic_int stop; /* set by close, read by the thread */
#endif
};

__attribute__((unused)) static uint64_t usb_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* Caller holds k->lock. */
static void queue_push_locked(usb_keyboard_t *k, int key)
{
    if (k->q_len == USB_KEYBOARD_QUEUE_KEYS)
        return; /* nobody is reading: drop new keys rather than block the thread */
    k->queue[(k->q_head + k->q_len) % USB_KEYBOARD_QUEUE_KEYS] = key;
    k->q_len++;
}

static void set_status(usb_keyboard_t *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), unused));
static void set_status(usb_keyboard_t *k, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&k->lock);
    va_start(ap, fmt);
    vsnprintf(k->status, sizeof k->status, fmt, ap);
    va_end(ap);
    pthread_mutex_unlock(&k->lock);
}

int usb_keyboard_feed_report(usb_keyboard_t *k, const uint8_t *report, size_t len,
                             uint64_t now_us)
{
    int keys[HID_MAX_EDGES];
    pthread_mutex_lock(&k->lock);
    int n = hid_decoder_feed(&k->decoder, report, len, now_us, keys, HID_MAX_EDGES);
    for (int i = 0; i < n; i++)
        queue_push_locked(k, keys[i]);
    pthread_mutex_unlock(&k->lock);
    return n;
}

int usb_keyboard_poll(usb_keyboard_t *k)
{
    int key = 0;
    pthread_mutex_lock(&k->lock);
    if (k->q_len > 0) {
        key = k->queue[k->q_head];
        k->q_head = (k->q_head + 1) % USB_KEYBOARD_QUEUE_KEYS;
        k->q_len--;
    }
    pthread_mutex_unlock(&k->lock);
    return key;
}

int usb_keyboard_attached(usb_keyboard_t *k)
{
    pthread_mutex_lock(&k->lock);
    int a = k->attached;
    pthread_mutex_unlock(&k->lock);
    return a;
}

void usb_keyboard_status(usb_keyboard_t *k, char *buf, size_t len)
{
    pthread_mutex_lock(&k->lock);
    snprintf(buf, len, "%s", k->status);
    pthread_mutex_unlock(&k->lock);
}

__attribute__((unused)) static usb_keyboard_t *usb_keyboard_alloc(void)
{
    usb_keyboard_t *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    pthread_mutex_init(&k->lock, NULL);
    hid_decoder_init(&k->decoder);
    snprintf(k->status, sizeof k->status, "no USB keyboard found");
    return k;
}

#if HAVE_USB

/* Finds a boot keyboard interface and its interrupt IN endpoint on dev.
 * Returns 1 and fills iface/ep/packet if there is one. */
static int find_boot_keyboard(libusb_device *dev, int *iface, unsigned char *ep, int *packet)
{
    struct libusb_config_descriptor *cfg;
    if (libusb_get_active_config_descriptor(dev, &cfg) != 0)
        return 0;
    int found = 0;
    for (int i = 0; i < cfg->bNumInterfaces && !found; i++) {
        const struct libusb_interface *in = &cfg->interface[i];
        for (int a = 0; a < in->num_altsetting && !found; a++) {
            const struct libusb_interface_descriptor *d = &in->altsetting[a];
            if (d->bInterfaceClass != LIBUSB_CLASS_HID || d->bInterfaceSubClass != 1 ||
                d->bInterfaceProtocol != 1)
                continue;
            for (int e = 0; e < d->bNumEndpoints; e++) {
                const struct libusb_endpoint_descriptor *ed = &d->endpoint[e];
                if ((ed->bEndpointAddress & LIBUSB_ENDPOINT_DIR_MASK) == LIBUSB_ENDPOINT_IN &&
                    (ed->bmAttributes & LIBUSB_TRANSFER_TYPE_MASK) ==
                        LIBUSB_TRANSFER_TYPE_INTERRUPT) {
                    *iface = d->bInterfaceNumber;
                    *ep = ed->bEndpointAddress;
                    *packet = ed->wMaxPacketSize;
                    found = 1;
                    break;
                }
            }
        }
    }
    libusb_free_config_descriptor(cfg);
    return found;
}

/* Claims the first usable boot keyboard.  Returns 1 if one is now attached. */
static int usb_attach(usb_keyboard_t *k)
{
    libusb_device **list;
    ssize_t n = libusb_get_device_list(k->usb, &list);
    if (n < 0) {
        set_status(k, "cannot list USB devices: %s", libusb_strerror((int)n));
        return 0;
    }
    int attached = 0, seen = 0;
    for (ssize_t i = 0; i < n && !attached; i++) {
        int iface, packet;
        unsigned char ep;
        if (!find_boot_keyboard(list[i], &iface, &ep, &packet))
            continue;
        seen = 1;
        struct libusb_device_descriptor dd;
        libusb_get_device_descriptor(list[i], &dd);
        libusb_device_handle *h;
        int r = libusb_open(list[i], &h);
        if (r != 0) {
            set_status(k, "cannot open keyboard %04x:%04x: %s%s", dd.idVendor, dd.idProduct,
                       libusb_strerror(r), r == LIBUSB_ERROR_ACCESS ? " (run as root)" : "");
            continue;
        }
        /* Auto-detach hands the interface back to usbhid on release. */
        if (libusb_set_auto_detach_kernel_driver(h, 1) != 0 &&
            libusb_kernel_driver_active(h, iface) == 1)
            libusb_detach_kernel_driver(h, iface);
        r = libusb_claim_interface(h, iface);
        if (r != 0) {
            set_status(k, "cannot claim keyboard %04x:%04x: %s", dd.idVendor, dd.idProduct,
                       libusb_strerror(r));
            libusb_close(h);
            continue;
        }
        /* HID class requests: SET_PROTOCOL(boot) so reports have the 8-byte
         * boot layout whatever the report descriptor says, and SET_IDLE(0)
         * so the keyboard reports only on change.  Some keyboards stall
         * these; they are in boot layout already then. */
        const uint8_t out_class_iface = LIBUSB_ENDPOINT_OUT | LIBUSB_REQUEST_TYPE_CLASS |
                                        LIBUSB_RECIPIENT_INTERFACE;
        libusb_control_transfer(h, out_class_iface, 0x0B, 0, (uint16_t)iface, NULL, 0, 500);
        libusb_control_transfer(h, out_class_iface, 0x0A, 0, (uint16_t)iface, NULL, 0, 500);
        k->handle = h;
        k->iface = iface;
        k->endpoint = ep;
        k->packet_bytes = packet > 0 && packet <= USB_MAX_PACKET ? packet : HID_REPORT_BYTES;
        pthread_mutex_lock(&k->lock);
        k->attached = 1;
        hid_decoder_init(&k->decoder);
        snprintf(k->status, sizeof k->status, "keyboard %04x:%04x attached", dd.idVendor,
                 dd.idProduct);
        pthread_mutex_unlock(&k->lock);
        attached = 1;
    }
    libusb_free_device_list(list, 1);
    if (!seen)
        set_status(k, "no USB keyboard found");
    return attached;
}

static void usb_detach(usb_keyboard_t *k, const char *why)
{
    if (!k->handle)
        return;
    libusb_release_interface(k->handle, k->iface);
    libusb_close(k->handle);
    k->handle = NULL;
    pthread_mutex_lock(&k->lock);
    k->attached = 0;
    hid_decoder_init(&k->decoder); /* forget held keys: no endless repeat */
    snprintf(k->status, sizeof k->status, "%s", why);
    pthread_mutex_unlock(&k->lock);
}

static void *usb_thread_main(void *arg)
{
    usb_keyboard_t *k = arg;
    uint64_t next_scan = 0;
    while (!k->stop) {
        if (!k->handle) {
            uint64_t now = usb_now_us();
            if (now >= next_scan) {
                usb_attach(k);
                next_scan = now + USB_KEYBOARD_RESCAN_MS * 1000u;
            }
            if (!k->handle) {
                struct timespec ts = {0, USB_TRANSFER_TIMEOUT_MS * 1000000L};
                nanosleep(&ts, NULL);
            }
            continue;
        }
        unsigned char buf[USB_MAX_PACKET];
        int got = 0;
        int r = libusb_interrupt_transfer(k->handle, k->endpoint, buf, k->packet_bytes, &got,
                                          USB_TRANSFER_TIMEOUT_MS);
        uint64_t now = usb_now_us();
        if (r == 0 && got > 0) {
            usb_keyboard_feed_report(k, buf, (size_t)got, now);
        } else if (r == LIBUSB_ERROR_NO_DEVICE || r == LIBUSB_ERROR_IO ||
                   r == LIBUSB_ERROR_PIPE || r == LIBUSB_ERROR_OTHER) {
            usb_detach(k, "keyboard unplugged; waiting for one");
            next_scan = now + USB_KEYBOARD_RESCAN_MS * 1000u;
            continue;
        }
        int keys[HID_MAX_EDGES];
        pthread_mutex_lock(&k->lock);
        int n = hid_decoder_repeat(&k->decoder, now, keys, HID_MAX_EDGES);
        for (int i = 0; i < n; i++)
            queue_push_locked(k, keys[i]);
        pthread_mutex_unlock(&k->lock);
    }
    usb_detach(k, "closed");
    return NULL;
}

usb_keyboard_t *usb_keyboard_open(char *err, size_t errlen)
{
    usb_keyboard_t *k = usb_keyboard_alloc();
    if (!k) {
        snprintf(err, errlen, "USB keyboard: out of memory");
        return NULL;
    }
    int r = libusb_init(&k->usb);
    if (r != 0) {
        snprintf(err, errlen, "USB keyboard: libusb cannot start: %s", libusb_strerror(r));
        pthread_mutex_destroy(&k->lock);
        free(k);
        return NULL;
    }
    usb_attach(k);
    r = pthread_create(&k->thread, NULL, usb_thread_main, k);
    if (r != 0) {
        snprintf(err, errlen, "USB keyboard: cannot start the input thread: %s", strerror(r));
        usb_detach(k, "closed");
        libusb_exit(k->usb);
        pthread_mutex_destroy(&k->lock);
        free(k);
        return NULL;
    }
    k->thread_started = 1;
    return k;
}

void usb_keyboard_close(usb_keyboard_t *k)
{
    if (!k)
        return;
    k->stop = 1;
    if (k->thread_started)
        pthread_join(k->thread, NULL);
    usb_detach(k, "closed");
    libusb_exit(k->usb);
    pthread_mutex_destroy(&k->lock);
    free(k);
}

#else /* !HAVE_USB */

usb_keyboard_t *usb_keyboard_open(char *err, size_t errlen)
{
    snprintf(err, errlen, "USB keyboard: built without libusb (reconfigure with -Dusb=enabled)");
    return NULL;
}

void usb_keyboard_close(usb_keyboard_t *k)
{
    if (!k)
        return;
    pthread_mutex_destroy(&k->lock);
    free(k);
}

#endif

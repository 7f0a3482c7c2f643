/*
 * hal_board.c - the board backend: the DE1-SoC through /dev/mem
 * (seed 000 §4.3), the USB keyboard through libusb with the terminal as
 * fallback (§4.2).
 *
 * It maps the lightweight HPS-to-FPGA bridge span (0xFF200000, 2 MB) for the
 * go_peripheral registers and the two SDRAM framebuffers (0xC0000000 and
 * 0xC1000000, 614,400 bytes each) from the memory device, and answers every
 * register access with a volatile 32-bit load or store.  Nothing here knows
 * the write sequence of a move; the console does that through the registers
 * exactly as it does on the other backends.
 *
 * A regular file can stand in for /dev/mem (--devmem FILE, a sparse file of
 * at least 0xFF400000 bytes: `truncate -s 4G FILE`).  Nothing behind a file
 * runs, so the backend then plays the hardware's part of the register
 * contract (docs/registers.md) itself -- "file mode":
 *   - every write still lands in the file, so the file holds the last value
 *     software wrote to each register;
 *   - a VGA_CTRL[0] = 1 write takes the swap at once: the buffer named by
 *     FB_ADDR_HI becomes the displayed one, and VGA_CTRL reads 0;
 *   - reads of go_peripheral registers come from that state (FB_ADDR_HI
 *     [15:8] the displayed buffer, VGA_STATUS in blanking, audio idle);
 *     other offsets read the file;
 *   - headless, time is virtual (advance() adds to a counter and returns),
 *     so a script runs as fast as the CPU allows; with a keyboard it sleeps.
 * On a real board (a character device) time is the monotonic clock and
 * advance() sleeps.
 *
 * Debug write log: when the environment variable TABLETOP_BOARD_LOG names a
 * file, every register write is appended to it as one line
 * "OFFSET VALUE" (both hex, e.g. "0x08 0x00000001").  A memory file keeps
 * only the last value of each register; the log keeps the sequence (the
 * qemu test reads it to see the place and capture sound codes).
 */
#ifndef _FILE_OFFSET_BITS
#define _FILE_OFFSET_BITS 64
#endif
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "hal.h"
#include "hal_backends.h"
#include "input/term_keyboard.h"
#include "input/usb_keyboard.h"
#include "periph.h"

_Static_assert(sizeof(off_t) == 8, "mmap offsets above 2 GB need a 64-bit off_t");

#define BOARD_DEFAULT_DEVMEM "/dev/mem"
#define BOARD_FILE_MIN_BYTES ((uint64_t)HAL_LW_BRIDGE_BASE + HAL_LW_BRIDGE_SPAN)
#define BOARD_FRAME_US 16683u      /* one 60 Hz frame, for VGA_STATUS's frame counter */

typedef struct board {
    int fd;
    int file_mode;         /* devmem is a regular file: nothing runs behind it */
    int headless;
    volatile uint32_t *lw; /* LW bridge span */
    uint16_t *fb[2];       /* fb[0] at 0xC0000000, fb[1] at 0xC1000000 */
    struct timespec start;
    uint64_t virtual_us;   /* file mode, headless: the clock */
    /* File mode: the hardware's side of the register contract. */
    uint8_t fb_addr_hi;    /* FB_ADDR_HI as written (reset 0xC0) */
    uint8_t displayed_hi;  /* buffer on screen (reset 0xC0) */
    FILE *log;             /* TABLETOP_BOARD_LOG, or NULL */
    usb_keyboard_t *usb;
    term_keyboard_t *term;
} board_t;

static uint64_t board_time_us(void *ctx);

static void *board_map(void *ctx, uint32_t phys, size_t len)
{
    board_t *b = ctx;
    static const uint32_t base[2] = {HAL_FB0_PHYS, HAL_FB1_PHYS};
    for (int i = 0; i < 2; i++)
        if (phys >= base[i] && len <= HAL_FB_BYTES && phys - base[i] <= HAL_FB_BYTES - len)
            return (uint8_t *)b->fb[i] + (phys - base[i]);
    return NULL;
}

/* The board walks the same peripheral table as the other backends: only
 * words inside a peripheral of the address map reach the bridge.  On the
 * real HPS an access that no slave decodes is a bus error, not a 0. */
static int board_offset_ok(uint32_t offset)
{
    return (offset & 3u) == 0 && offset < HAL_LW_BRIDGE_SPAN && periph_find(offset) != PERIPH_COUNT;
}

static uint32_t board_reg_read(void *ctx, uint32_t offset)
{
    board_t *b = ctx;
    if (!board_offset_ok(offset))
        return 0;
    if (b->file_mode && offset < GP_BASE + GP_SPAN) {
        switch (offset) {
        case GP_REG_VGA_CTRL:
            return 0; /* every swap has been taken */
        case GP_REG_VGA_STATUS:
            return GP_VGA_STATUS_VBLANK |
                   REG_FIELD_PUT(board_time_us(b) / BOARD_FRAME_US, GP_VGA_STATUS_FRAMES);
        case GP_REG_FB_ADDR_HI:
            return REG_FIELD_PUT(b->fb_addr_hi, GP_FB_ADDR_HI_ADDR) |
                   REG_FIELD_PUT(b->displayed_hi, GP_FB_ADDR_HI_SHOWN);
        default:
            return 0; /* audio idle; reserved and unmapped words read 0 */
        }
    }
    return b->lw[offset / 4];
}

static void board_reg_write(void *ctx, uint32_t offset, uint32_t value)
{
    board_t *b = ctx;
    if (!board_offset_ok(offset))
        return;
    b->lw[offset / 4] = value;
    if (b->log) {
        fprintf(b->log, "0x%02x 0x%08x\n", (unsigned)offset, (unsigned)value);
        fflush(b->log);
    }
    if (b->file_mode) {
        if (offset == GP_REG_FB_ADDR_HI)
            b->fb_addr_hi = (uint8_t)REG_FIELD_GET(value, GP_FB_ADDR_HI_ADDR);
        else if (offset == GP_REG_VGA_CTRL && (value & GP_VGA_CTRL_SWAP))
            b->displayed_hi = b->fb_addr_hi;
    }
}

static uint64_t board_time_us(void *ctx)
{
    board_t *b = ctx;
    if (b->file_mode && b->headless)
        return b->virtual_us;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ns = (int64_t)(now.tv_sec - b->start.tv_sec) * 1000000000 +
                 (now.tv_nsec - b->start.tv_nsec);
    return (uint64_t)(ns / 1000);
}

static void board_advance(void *ctx, uint32_t usec)
{
    board_t *b = ctx;
    if (b->file_mode && b->headless) {
        b->virtual_us += usec;
        return;
    }
    struct timespec ts = {(time_t)(usec / 1000000u), (long)(usec % 1000000u) * 1000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

static int board_poll_key(void *ctx)
{
    board_t *b = ctx;
    int key = 0;
    if (b->usb)
        key = usb_keyboard_poll(b->usb);
    if (!key && b->term)
        key = term_keyboard_poll(b->term);
    return key;
}

/* The upper address byte of the buffer on screen, or 0 if unknown. */
static uint8_t board_displayed_hi(board_t *b)
{
    uint32_t v = board_reg_read(b, GP_REG_FB_ADDR_HI);
    uint8_t shown = (uint8_t)REG_FIELD_GET(v, GP_FB_ADDR_HI_SHOWN);
    uint8_t written = (uint8_t)REG_FIELD_GET(v, GP_FB_ADDR_HI_ADDR);
    if (shown == 0xC0 || shown == 0xC1)
        return shown;
    /* An FPGA image without the read-back extension: trust the last write. */
    return written == 0xC0 || written == 0xC1 ? written : 0;
}

static int board_read_frame(void *ctx, uint16_t *rgb444)
{
    board_t *b = ctx;
    uint8_t hi = board_displayed_hi(b);
    if (!hi)
        return -1;
    /* 32-bit loads: half the bus transactions on the uncached mapping. */
    const volatile uint32_t *src = (const volatile uint32_t *)b->fb[hi - 0xC0];
    for (size_t i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT / 2; i++) {
        uint32_t two = src[i];
        for (int half = 0; half < 2; half++) {
            uint16_t p = (uint16_t)(two >> (16 * half)); /* lower address in [15:0] */
            /* The DAC gets the top four bits of each RGB565 channel. */
            rgb444[2 * i + half] = (uint16_t)(((p >> 12) & 0xFu) << 8 | ((p >> 7) & 0xFu) << 4 |
                                              ((p >> 1) & 0xFu));
        }
    }
    return 0;
}

static int board_close(void *ctx)
{
    board_t *b = ctx;
    if (!b)
        return 0;
    usb_keyboard_close(b->usb);
    term_keyboard_close(b->term);
    if (b->fb[1])
        munmap(b->fb[1], HAL_FB_BYTES);
    if (b->fb[0])
        munmap(b->fb[0], HAL_FB_BYTES);
    if (b->lw)
        munmap((void *)b->lw, HAL_LW_BRIDGE_SPAN);
    if (b->fd >= 0)
        close(b->fd);
    if (b->log)
        fclose(b->log);
    free(b);
    return 0;
}

static const hal_ops_t board_ops = {
    .name = "board",
    .map = board_map,
    .reg_read = board_reg_read,
    .reg_write = board_reg_write,
    .advance = board_advance,
    .time_us = board_time_us,
    .poll_key = board_poll_key,
    .read_frame = board_read_frame,
    .close = board_close,
};

/* Returns 0 if the device tree says Cyclone V SoC, else -1 with a message. */
static int board_check_soc(char *err, size_t errlen)
{
    char compat[512];
    FILE *f = fopen("/proc/device-tree/compatible", "rb");
    if (!f) {
        snprintf(err, errlen, "board backend: this machine has no device tree, so it is not a "
                              "DE1-SoC: play here with --backend sdl (or --devmem FILE to test)");
        return -1;
    }
    size_t n = fread(compat, 1, sizeof compat - 1, f);
    fclose(f);
    compat[n] = 0;
    /* The list is NUL-separated: look at every entry. */
    for (size_t i = 0; i < n; i += strlen(compat + i) + 1)
        if (strstr(compat + i, "socfpga-cyclone5") || strstr(compat + i, "de1-soc") ||
            strstr(compat + i, "de1_soc"))
            return 0;
    snprintf(err, errlen, "board backend: this is not a DE1-SoC (device tree: '%s'): run it on "
                          "the board, or use --backend sdl", compat);
    return -1;
}

/* Returns 0 unless the FPGA manager says the FPGA is not configured. */
static int board_check_fpga(char *err, size_t errlen)
{
    char state[64] = "";
    FILE *f = fopen("/sys/class/fpga_manager/fpga0/state", "r");
    if (!f)
        return 0; /* older kernels have no FPGA manager: the probe read decides */
    if (!fgets(state, sizeof state, f))
        state[0] = 0;
    fclose(f);
    state[strcspn(state, "\n")] = 0;
    /* "unknown": the manager cannot tell (the probe read decides). */
    if (state[0] && strcmp(state, "operating") != 0 && strcmp(state, "unknown") != 0) {
        snprintf(err, errlen, "board backend: the FPGA is not configured (fpga_manager state "
                              "'%s'): load board/tabletop.rbf first (docs/board.md)", state);
        return -1;
    }
    return 0;
}

static sigjmp_buf board_probe_jmp;
static void board_probe_sigbus(int sig)
{
    (void)sig;
    siglongjmp(board_probe_jmp, 1);
}

/* Reads FB_ADDR_HI once, catching the bus error a disabled bridge or an
 * empty FPGA gives.  Returns 0 if go_peripheral answers, else -1. */
static int board_probe_peripheral(board_t *b, char *err, size_t errlen)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = board_probe_sigbus;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &old);
    volatile uint32_t v = 0;
    int faulted = sigsetjmp(board_probe_jmp, 1);
    if (!faulted)
        v = b->lw[GP_REG_FB_ADDR_HI / 4];
    sigaction(SIGBUS, &old, NULL);
    if (faulted) {
        snprintf(err, errlen, "board backend: bus error reading 0xFF200010: the LW HPS-to-FPGA "
                              "bridge is off or the FPGA is empty; load board/tabletop.rbf "
                              "(docs/board.md)");
        return -1;
    }
    uint8_t shown = (uint8_t)(v >> 8);
    if (shown != 0xC0 && shown != 0xC1) {
        snprintf(err, errlen, "board backend: no go_peripheral at 0xFF200000 (FB_ADDR_HI reads "
                              "0x%08x): load board/tabletop.rbf (docs/board.md)", (unsigned)v);
        return -1;
    }
    return 0;
}

static void *board_mmap(board_t *b, uint32_t phys, size_t len, const char *path, const char *what,
                        char *err, size_t errlen)
{
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, b->fd, (off_t)phys);
    if (p == MAP_FAILED) {
        snprintf(err, errlen, "board backend: cannot map %s at 0x%08x from %s: %s%s", what,
                 (unsigned)phys, path, strerror(errno),
                 errno == EPERM ? " (kernel forbids /dev/mem there: CONFIG_STRICT_DEVMEM)" : "");
        return NULL;
    }
    return p;
}

static void board_open_keyboards(board_t *b)
{
    char msg[256], term_err[128];
    b->usb = usb_keyboard_open(msg, sizeof msg);
    if (b->usb)
        usb_keyboard_status(b->usb, msg, sizeof msg);
    int usb_ready = b->usb && usb_keyboard_attached(b->usb);
    /* The terminal is read as well whenever there is one, so keys still
     * come if the USB keyboard is unplugged, and Ctrl-C quits cleanly. */
    b->term = isatty(STDIN_FILENO) ? term_keyboard_open(STDIN_FILENO, term_err, sizeof term_err)
                                   : NULL;
    if (!b->term && isatty(STDIN_FILENO) == 0)
        snprintf(term_err, sizeof term_err, "input is not a terminal");
    if (usb_ready)
        return;
    if (b->term)
        fprintf(stderr, "board backend: %s; reading keys from the terminal\n", msg);
    else
        fprintf(stderr, "board backend: %s, and %s: no keys until a USB keyboard is "
                        "plugged in\n", msg, term_err);
}

int hal_board_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    const char *path = cfg->devmem ? cfg->devmem : BOARD_DEFAULT_DEVMEM;
    board_t *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "board backend: out of memory");
        return -1;
    }
    b->fd = -1;
    b->headless = cfg->headless;
    b->fb_addr_hi = b->displayed_hi = 0xC0; /* after reset (docs/registers.md) */
    clock_gettime(CLOCK_MONOTONIC, &b->start);

    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT && !cfg->devmem)
            snprintf(err, errlen, "board backend: /dev/mem does not exist, so this is not a "
                                  "DE1-SoC Linux: use --backend sdl here");
        else
            snprintf(err, errlen, "board backend: cannot use %s: %s (give a memory device or "
                                  "a file made with truncate -s 4G)", path, strerror(errno));
        goto fail;
    }
    if (S_ISREG(st.st_mode)) {
        b->file_mode = 1;
        if ((uint64_t)st.st_size < BOARD_FILE_MIN_BYTES) {
            snprintf(err, errlen, "board backend: %s is too small to stand in for physical "
                                  "memory (%lld bytes, needs 0x%llx): make it with truncate "
                                  "-s 4G %s", path, (long long)st.st_size,
                     (unsigned long long)BOARD_FILE_MIN_BYTES, path);
            goto fail;
        }
    } else if (S_ISCHR(st.st_mode)) {
        if (board_check_soc(err, errlen) != 0 || board_check_fpga(err, errlen) != 0)
            goto fail;
    } else {
        snprintf(err, errlen, "board backend: %s is neither a memory device nor a regular "
                              "file", path);
        goto fail;
    }

    b->fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
    if (b->fd < 0) {
        if (errno == EACCES || errno == EPERM)
            snprintf(err, errlen, "board backend: permission denied opening %s: run as root "
                                  "(sudo ./tabletop ...)", path);
        else
            snprintf(err, errlen, "board backend: cannot open %s: %s", path, strerror(errno));
        goto fail;
    }
    b->lw = board_mmap(b, HAL_LW_BRIDGE_BASE, HAL_LW_BRIDGE_SPAN, path, "the LW bridge", err,
                       errlen);
    if (!b->lw)
        goto fail;
    b->fb[0] = board_mmap(b, HAL_FB0_PHYS, HAL_FB_BYTES, path, "framebuffer 0", err, errlen);
    if (!b->fb[0])
        goto fail;
    b->fb[1] = board_mmap(b, HAL_FB1_PHYS, HAL_FB_BYTES, path, "framebuffer 1", err, errlen);
    if (!b->fb[1])
        goto fail;
    if (!b->file_mode && board_probe_peripheral(b, err, errlen) != 0)
        goto fail;

    const char *log_path = getenv("TABLETOP_BOARD_LOG");
    if (log_path && *log_path) {
        b->log = fopen(log_path, "a");
        if (!b->log) {
            snprintf(err, errlen, "board backend: cannot write the register log %s: %s",
                     log_path, strerror(errno));
            goto fail;
        }
    }
    if (!cfg->headless)
        board_open_keyboards(b);

    h->ops = &board_ops;
    h->ctx = b;
    return 0;

fail:
    board_close(b);
    return -1;
}

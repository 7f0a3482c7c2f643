/*
 * hal.h - the hardware abstraction layer: one table of operations per
 * backend (ARCHITECTURE.md):
 *
 *   sdl    C models of the RTL, SDL2 window/keyboard/audio or headless
 *   sim    the project's RTL compiled by Verilator (sim/), same frontend
 *   board  the DE1-SoC through /dev/mem, USB keyboard through libusb
 *
 * The console never draws to a window or plays a sound itself: it renders
 * RGB565 into a framebuffer in (host view of) SDRAM and drives the
 * go_peripheral registers exactly as seed 000 §4.6 says (the driver
 * src/drivers/go_peripheral.h wraps that write sequence).  Everything the player sees comes back out of the
 * backend's VGA output (hal_read_frame), and everything they hear out of
 * its audio stream.  So the same console code runs unchanged on all three.
 *
 * Time: every backend has a clock that advances only through
 * ops->advance().  Windowed backends keep it near real time (advance
 * sleeps); headless ones run it as fast as they can, so a script and a seed
 * always give the same frames and samples.
 *
 * Keys are HID usage codes (seed 000 Appendix B), whatever the backend.
 */
#ifndef TABLETOP_HAL_H
#define TABLETOP_HAL_H

#include <stddef.h>
#include <stdint.h>

#define HAL_FB_WIDTH 640
#define HAL_FB_HEIGHT 480
#define HAL_FB_BYTES (HAL_FB_WIDTH * HAL_FB_HEIGHT * 2) /* 614400 */

/* HPS physical addresses (ARCHITECTURE.md address map). */
#define HAL_LW_BRIDGE_BASE 0xFF200000u
#define HAL_LW_BRIDGE_SPAN 0x00200000u /* 2 MB */
#define HAL_FB0_PHYS 0xC0000000u       /* FB_ADDR_HI 0xC0 */
#define HAL_FB1_PHYS 0xC1000000u       /* FB_ADDR_HI 0xC1 */

/* The peripherals' registers, bases and spans, each made by tools/regmap.py
 * from its rtl/<periph>/<periph>_regs.def (docs/registers.md): a register's
 * LW byte offset is <P>_BASE + <P>_REG_<NAME>. */
#include "common/keys.h" /* HID_KEY_*, AUDIO_*: shared with the screens */
#include "rtl/connect4_regs.h"
#include "rtl/go_peripheral_regs.h"
#include "rtl/go_rules_regs.h"
#include "rtl/link_uart_regs.h"
#include "rtl/othello_regs.h"
#include "rtl/seven_seg_regs.h"
#include "rtl/tile_display_regs.h"

/* A multi-bit field F of a register word by its generated F_SHIFT and
 * F_MASK: REG_FIELD_PUT(point, GO_RULES_MOVE_POINT) places a value (bits
 * outside the field dropped), REG_FIELD_GET(word, GO_RULES_MOVE_POINT)
 * takes it out. */
#define REG_FIELD_PUT(value, F) (((uint32_t)(value) << F##_SHIFT) & F##_MASK)
#define REG_FIELD_GET(word, F) (((uint32_t)(word) & F##_MASK) >> F##_SHIFT)

/*
 * The address map (ARCHITECTURE.md), once: every peripheral on the LW
 * bridge as X(ID, name, byte offset, span in bytes), the offset and span
 * from its .def.  Backends without the real FPGA walk it through
 * hal/periph.h: the sdl backend binds each entry to a C model
 * (hal/models/), the sim backend to a Verilated model (sim/bindings/); an
 * entry no backend binds yet reads 0 and ignores writes.  go_peripheral is
 * the display core each backend owns itself (it also clocks the system,
 * scans the framebuffer out and streams audio).
 */
#define HAL_PERIPHERALS(X)                                                 \
    X(GO_PERIPHERAL, "go_peripheral", GP_BASE, GP_SPAN)       /* seed 000 */ \
    X(CONNECT4, "connect4", C4_BASE, C4_SPAN)                 /* seed 004 */ \
    X(OTHELLO, "othello", OTH_BASE, OTH_SPAN)                 /* seed 003 */ \
    X(LINK_UART, "link_uart", LINK_UART_BASE, LINK_UART_SPAN) /* seed 001 */ \
    X(GO_RULES, "go_rules", GO_RULES_BASE, GO_RULES_SPAN)     /* seed 001 */ \
    X(SEVEN_SEG, "seven_segment", SEVEN_SEG_BASE, SEVEN_SEG_SPAN)          \
    X(TILE_DISPLAY, "tile_display", TILE_DISPLAY_BASE, TILE_DISPLAY_SPAN) /* seed 002 */

/* Audio stream format: 8 kHz mono signed 16-bit (seed 000 §3.8). */
#define HAL_AUDIO_RATE 8000

/* Not a HID code: the user closed the window or sent EOF/SIGINT. */
#define HAL_KEY_QUIT 0x10000

/* The far end of the serial link UART's pins (hal_link_* below). */
typedef struct hal_link hal_link_t;

typedef struct hal_ops {
    const char *name; /* "sdl", "sim", "board" */

    /* Host view of physical memory [phys, phys + len): the two SDRAM
     * framebuffers.  NULL if the range is not mapped. */
    void *(*map)(void *ctx, uint32_t phys, size_t len);

    /* 32-bit register access on the LW bridge; offset is in bytes. */
    uint32_t (*reg_read)(void *ctx, uint32_t offset);
    void (*reg_write)(void *ctx, uint32_t offset, uint32_t value);

    /* Lets usec microseconds of backend time pass (clocks the model,
     * streams audio, refreshes the window when there is one). */
    void (*advance)(void *ctx, uint32_t usec);

    /* Backend time in microseconds since open. */
    uint64_t (*time_us)(void *ctx);

    /* Next key press as a HID usage code, 0 if none is waiting,
     * HAL_KEY_QUIT if the user asked to quit.  Held arrows auto-repeat. */
    int (*poll_key)(void *ctx);

    /* The picture at the VGA output now, as 640x480 RGB444 (0x0RGB per
     * pixel): a complete frame scanned after the last swap took effect
     * (the backend runs its clock as far as needed).  Returns 0, or -1 if
     * the backend cannot see its output. */
    int (*read_frame)(void *ctx, uint16_t *rgb444);

    /* Releases everything; returns 0, or -1 after a one-line message when
     * something the run was asked to produce is incomplete (a --wav file). */
    int (*close)(void *ctx);

    /* Optional (NULL: none): the transport this backend's link UART carries
     * on its pins (hal_config_t.link, opened for this instance), or NULL
     * when its pins are real or idle. */
    hal_link_t *(*link_pins)(void *ctx);
} hal_ops_t;

typedef struct hal {
    const hal_ops_t *ops;
    void *ctx;
} hal_t;

/* Zeroed fields mean "default". */
typedef struct hal_config {
    const char *backend; /* "sdl" (default), "sim", "board" */
    int headless;        /* no window, no sound card; keys only from the console's script */
    const char *devmem;  /* board: memory device (default "/dev/mem") */
    const char *trace;   /* sim: FST waveform file, or NULL */
    const char *wav;     /* write every audio sample streamed to this WAV file, or NULL */
    int scale;           /* window scale factor; 0: the remembered size, else the largest that fits */
    /* --link SPEC (tty:, tcp:, listen:), or NULL.  A backend whose link UART
     * is a model (sdl's C model, sim's Verilated RTL) opens this transport
     * when it opens and wires it to that instance's pins (hal_link_pins
     * reports it); a backend whose UART has real pins (the board's, to the
     * HC-05) leaves the spec to the caller. */
    const char *link;
    /* sim: called with each new frame the window shows, as it is shown
     * (headless: each frame a window would show), 640x480 RGB444, and the
     * count of frames completed so far; NULL: none.  What a test of the
     * whole backend watches (tests/rtl/go_peripheral/test_faults.cpp), in
     * the manner of an emulator core's vblank callback. */
    void (*on_frame)(void *ctx, const uint16_t *rgb444, uint64_t frame);
    void *on_frame_ctx;
} hal_config_t;

/* Opens the backend named in cfg from the program's registry (src/backends.c).
 * Returns 0, or -1 with a one-line message that names the problem and the fix
 * in err (e.g. "no display: run with --headless"). */
int hal_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);
/* Checks a --backend name against the program's registry before anything
 * opens: 0, or -1 with "unknown backend 'NAME' (choose sdl, sim or board)"
 * in err (a backend this build lacks is known: opening it says why). */
int hal_backend_check(const char *name, char *err, size_t errlen);
/* Closes the backend; returns 0, or -1 (already reported on stderr) when
 * an output of the run could not be written completely: exit non-zero. */
int hal_close(hal_t *h);

/*
 * A backend registry is a table of rows ending in a row whose name is NULL,
 * in the manner of mGBA's core filters: a backend is one row, and adding one
 * adds a row and names it nowhere else.  The program owns the table
 * (src/backends.c, which also defines hal_open above); the HAL only walks
 * it, so hal/ depends on no backend, and the sim backend's Verilator build
 * is needed only where a row names it.
 */
typedef struct hal_backend {
    const char *name; /* what --backend takes: "sdl" */
    /* Fills *h and returns 0, or returns -1 with a one-line message in err;
     * NULL when this build does not have the backend. */
    int (*open)(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen);
    /* Why open is NULL and how to get the backend (the message of an open
     * attempt); NULL when open is set. */
    const char *missing;
} hal_backend_t;

/* The row of table named name, or NULL (unknown name). */
const hal_backend_t *hal_backend_find(const hal_backend_t *table, const char *name);
/* Writes the table's names as a choice into buf ("sdl, sim or board"), cut
 * to len - 1 characters; returns buf. */
char *hal_backend_choice(const hal_backend_t *table, char *buf, size_t len);
/* Opens the row named cfg->backend (the first row when cfg or the name is
 * NULL), as hal_open does; an unknown name or a backend this build lacks
 * gets -1 and its one-line message in err, and *h is left without ops. */
int hal_backend_open(const hal_backend_t *table, hal_t *h, const hal_config_t *cfg, char *err,
                     size_t errlen);

/* Inline helpers so callers read like the seed's hw_iface.h. */
static inline uint32_t hal_read(hal_t *h, uint32_t off) { return h->ops->reg_read(h->ctx, off); }
static inline void hal_write(hal_t *h, uint32_t off, uint32_t v) { h->ops->reg_write(h->ctx, off, v); }
static inline void hal_advance(hal_t *h, uint32_t usec) { h->ops->advance(h->ctx, usec); }
static inline uint64_t hal_time_us(hal_t *h) { return h->ops->time_us(h->ctx); }
static inline int hal_poll_key(hal_t *h) { return h->ops->poll_key(h->ctx); }
static inline int hal_read_frame(hal_t *h, uint16_t *rgb444) { return h->ops->read_frame(h->ctx, rgb444); }

/*
 * Serial link transports (docs/link.md): the far end of the link UART's
 * pins, opened from --link SPEC:
 *   tty:PATH (termios 9600 8N1) | tcp:HOST:PORT | listen:[ADDR:]PORT (127.0.0.1 default).
 * hal/link_transport.c; host I/O only, no protocol.  Nothing here is
 * global: each transport is one object, and a backend that carries one on
 * its UART holds it in that instance.
 */
/* How long listen: waits for its one peer, in ms (two minutes to start the other console). */
#define HAL_LINK_WAIT_MS 120000
/* 0 if spec is well formed, else -1 with a one-line message. */
int hal_link_spec_check(const char *spec, char *err, size_t errlen);
/* Opens (connects, or waits up to timeout_ms for one peer: 0 = forever). */
hal_link_t *hal_link_open(const char *spec, int timeout_ms, char *err, size_t errlen);
/* A transport that failed before it opened, whose hal_link_error is why: a
 * backend keeps it on its UART's pins so the failure reaches whoever reads
 * them, as a failure after opening would.  NULL only when out of memory. */
hal_link_t *hal_link_failed(const char *why);
/* Reads what is waiting (never blocks): n >= 0, or -1 (closed, failed) with err. */
int hal_link_read(hal_link_t *l, uint8_t *buf, size_t cap, char *err, size_t errlen);
/* Writes all n bytes: 0, or -1 with err. */
int hal_link_write(hal_link_t *l, const uint8_t *buf, size_t n, char *err, size_t errlen);
/* Waits up to ms for bytes to read: 1 if some are waiting. */
int hal_link_wait(hal_link_t *l, int ms);
/* The descriptor, for poll() next to other descriptors (-1 if it never opened). */
int hal_link_fd(const hal_link_t *l);
void hal_link_close(hal_link_t *l);
/* Why the link failed (closed, read or write error, or never opened), or NULL. */
const char *hal_link_error(const hal_link_t *l);
/* The transport h's link UART carries on its pins (ops->link_pins), or NULL. */
static inline hal_link_t *hal_link_pins(hal_t *h)
{
    return h->ops->link_pins ? h->ops->link_pins(h->ctx) : NULL;
}

#endif

/*
 * periph.h - the peripherals on the LW bridge as one table that every
 * backend without the real FPGA walks the same way.
 *
 * The address map is HAL_PERIPHERALS in hal.h.  A backend supplies one
 * binding per peripheral it can answer, all of the same shape: the sdl
 * backend its C models (hal/models/models.c), the sim backend its
 * Verilated models (sim/bindings/bindings.cpp).  periph_bus_* opens them
 * and routes each 32-bit access to the one whose span holds the offset.
 * Adding a peripheral touches HAL_PERIPHERALS, the two binding tables and
 * the peripheral's own files; no backend names it.
 *
 *   periph_bus_t bus;
 *   periph_bus_open(&bus, hal_model_bindings, hal_model_binding_count, err, n);
 *   if (periph_bus_read(&bus, now, offset, &v)) ...   (0: nobody there)
 *   periph_bus_close(&bus);
 */
#ifndef TABLETOP_PERIPH_H
#define TABLETOP_PERIPH_H

#include <stddef.h>
#include <stdint.h>

#include "hal.h"

#define PERIPH_ENUM(id, name, base, span) PERIPH_##id,
typedef enum periph_id { HAL_PERIPHERALS(PERIPH_ENUM) PERIPH_COUNT } periph_id_t;
#undef PERIPH_ENUM

typedef struct periph_info {
    const char *name; /* "connect4" */
    uint32_t base;    /* LW byte offset (0x1000) */
    uint32_t span;    /* bytes (0x20: eight registers) */
} periph_info_t;

/* HAL_PERIPHERALS as data, indexed by periph_id_t. */
extern const periph_info_t periph_map[PERIPH_COUNT];

/* The peripheral whose span holds the LW byte offset, or PERIPH_COUNT. */
periph_id_t periph_find(uint32_t offset);

/* A C model in the one shape every model of hal/models/ has: its state is
 * plain data of `size` bytes, changed only by these operations, and it
 * knows nothing of the system clock.  The bus hosts it behind one catch-up
 * adapter (periph.c): before each access the model runs the clocks since
 * the last one, so an idle peripheral costs nothing per frame. */
typedef struct periph_model {
    size_t size;                 /* bytes of state (sizeof (c4_model_t)) */
    const char *what;            /* for messages: "the Connect Four mailbox model" */
    void (*reset)(void *m);      /* the state after the FPGA's reset */
    /* n clocks with the bus idle; NULL when nothing in it moves with time. */
    void (*run)(void *m, uint64_t n);
    /* One bus access at byte offset inside the span (one clock of the model). */
    uint32_t (*read)(void *m, uint32_t offset);
    void (*write)(void *m, uint32_t offset, uint32_t value);
    /* Clocks run after reset before the caller's clock 0: the FPGA leaves
     * reset long before the program runs (the tile display's reset clear). */
    uint64_t settle;
    /* 1: an access takes one of the caller's clocks (the model's read and
     * write run it), so the next catch-up starts one clock later; 0: the
     * catch-up runs every clock since the last access again. */
    int access_takes_clock;
} periph_model_t;

/* One backend's model of one peripheral.  Offsets are bytes inside the
 * span, word aligned; now is the system clock (50 MHz cycles since the
 * backend opened), so a model can catch up lazily to the moment of the
 * access.  Each access is one bus clock of the model.  A C model's binding
 * is PERIPH_MODEL_BINDING: the catch-up adapter's functions with `model`
 * set; other bindings (the sim backend's Verilated models) fill in their
 * own functions and leave `model` NULL. */
typedef struct periph_binding {
    periph_id_t id;
    /* A new instance in its reset state, or NULL with a one-line message. */
    void *(*open)(char *err, size_t errlen);
    void (*close)(void *inst);
    uint32_t (*read)(void *inst, uint64_t now, uint32_t offset);
    void (*write)(void *inst, uint64_t now, uint32_t offset, uint32_t value);
    const periph_model_t *model; /* the C model the adapter hosts, or NULL */
} periph_binding_t;

/* The catch-up adapter: a new instance of model in its reset state (run
 * `settle` clocks), or NULL with a one-line message; the other three are a
 * binding's close, read and write for it. */
void *periph_model_open(const periph_model_t *model, char *err, size_t errlen);
void periph_model_close(void *inst);
uint32_t periph_model_read(void *inst, uint64_t now, uint32_t offset);
void periph_model_write(void *inst, uint64_t now, uint32_t offset, uint32_t value);

/* Defines `const periph_binding_t var` at row id for a periph_model_t. */
#define PERIPH_MODEL_BINDING(var, id, model_var)                                               \
    static void *var##_open(char *err, size_t errlen)                                           \
    {                                                                                           \
        return periph_model_open(&(model_var), err, errlen);                                    \
    }                                                                                           \
    const periph_binding_t var = {(id), var##_open, periph_model_close, periph_model_read,      \
                                  periph_model_write, &(model_var)}


/* The state of the C model behind a bus instance of a `model` binding, run
 * to the system clock now (no bus access: for reading its pins). */
void *periph_model_at(void *inst, uint64_t now);
/* The same state as it stands, not run (for wiring its pins). */
void *periph_model_state(void *inst);

/* The peripheral of a backend's table that drives the DE1-SoC's six
 * seven-segment pins, and how to read them: hex_n[i] for HEXi, bit k =
 * segment k (a..g), active low as on the board (0 = lit).  Reading them is
 * not a bus access.  Each table names its own (models.c, bindings.cpp). */
typedef struct periph_hex_source {
    periph_id_t id;
    void (*hex_pins)(void *inst, uint64_t now, uint8_t hex_n[6]);
} periph_hex_source_t;

/* The peripheral of a backend's table that can drive the VGA pins in place
 * of go_peripheral (seed 002's tile display; on the board the top level's
 * mux chooses by its enable bit).  Reading it is not a bus access.
 *   scan_frame  1 when it drives VGA now, with the 640x480 RGB444 frame its
 *               pins carry in rgb444; 0 when it does not (the picture is
 *               go_peripheral's, rgb444 untouched)
 *   changes     a count that moves whenever its picture or its enable may
 *               have changed (a window redraws when it moves)
 * Each table names its own (models.c, bindings.cpp). */
typedef struct periph_vga_source {
    periph_id_t id;
    int (*scan_frame)(void *inst, uint64_t now, uint16_t *rgb444);
    uint32_t (*changes)(void *inst);
} periph_vga_source_t;

/* The peripheral of a backend's table whose pins carry the serial link
 * (the link UART), and how to wire one instance's pins to a transport
 * (hal_link_* in hal.h; NULL idles them).  Each table names its own
 * (models.c, bindings.cpp); the backend attaches hal_config_t.link with
 * periph_bus_open_link. */
typedef struct periph_link_pins {
    periph_id_t id;
    void (*attach)(void *inst, hal_link_t *link);
} periph_link_pins_t;

typedef struct periph_bus {
    const periph_binding_t *binding[PERIPH_COUNT]; /* NULL: nothing answers there */
    void *inst[PERIPH_COUNT];
} periph_bus_t;

/* Opens every binding of the table.  Returns 0, or -1 with a message (and
 * nothing left open). */
int periph_bus_open(periph_bus_t *bus, const periph_binding_t *const *table, size_t count,
                    char *err, size_t errlen);
void periph_bus_close(periph_bus_t *bus);

/* A binding without open is the backend's display core
 * (go_peripheral: it also clocks the system, scans out the framebuffer
 * and streams audio, so the backend owns it): periph_bus_open leaves its
 * row empty until the backend attaches its instance with this, and
 * periph_bus_close does not close it.  Returns 0, or -1 if the table has
 * no such row for id. */
int periph_bus_attach(periph_bus_t *bus, periph_id_t id, void *inst);

/* Routes a read or write at LW byte offset.  Returns 1 if a bound
 * peripheral took it (the read's value in *value), 0 if no bound peripheral
 * holds a word at that offset (unaligned, unmapped, or not modelled): then
 * nothing changed and a read should see 0. */
int periph_bus_read(periph_bus_t *bus, uint64_t now, uint32_t offset, uint32_t *value);
int periph_bus_write(periph_bus_t *bus, uint64_t now, uint32_t offset, uint32_t value);

/* The seven-segment pins of src's peripheral (periph_hex_source_t above).
 * Returns 1 with hex_n filled, or 0 (hex_n all 0x7F: dark) if src is NULL
 * or its peripheral is not bound.  A window shows them below the picture. */
int periph_bus_hex_pins(periph_bus_t *bus, const periph_hex_source_t *src, uint64_t now,
                        uint8_t hex_n[6]);

/* The frame of src's peripheral when it drives VGA (periph_vga_source_t
 * above): 1 with rgb444 filled, 0 if it does not drive VGA, src is NULL or
 * its peripheral is not bound. */
int periph_bus_scan_frame(periph_bus_t *bus, const periph_vga_source_t *src, uint64_t now,
                          uint16_t *rgb444);
/* src's change count, 0 if src is NULL or not bound. */
uint32_t periph_bus_vga_changes(periph_bus_t *bus, const periph_vga_source_t *src);

/* The backends' hal_config_t.link: when pins' peripheral is on this bus,
 * opens spec's transport (waiting HAL_LINK_WAIT_MS for a peer) and wires it
 * to those pins.  A transport that does not open stays on the pins as a
 * failed one (hal_link_failed), so the console shows why as for a link
 * that fails later.  Returns 0 with the transport in *link (NULL when the
 * bus has no such pins: nothing opened), or -1 when out of memory. */
int periph_bus_open_link(periph_bus_t *bus, const periph_link_pins_t *pins, const char *spec,
                         hal_link_t **link);

#endif

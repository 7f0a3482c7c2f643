/*
 * models/link_uart_model.h - the C model of rtl/link_uart (seed 001, docs/link.md):
 * the same registers, each byte taking 10 bits x 16 ticks x DIVISOR clocks
 * of the system clock on its way through the pins (9600 baud by default).
 * The pins of each instance are the transport wired to it with
 * lu_model_attach (the sdl backend's hal_config_t.link), or idle.
 */
#ifndef TABLETOP_MODEL_LINK_UART_H
#define TABLETOP_MODEL_LINK_UART_H

#include <stdint.h>

#include "hal.h"
#include "periph.h"

typedef struct lu_model {
    uint32_t div;
    int loopback, overrun, ferr;
    uint8_t txq[LINK_UART_DEPTH], rxq[LINK_UART_DEPTH];
    uint64_t txq_at[LINK_UART_DEPTH]; /* the clock each TX byte was written at */
    int tx_head, tx_count, rx_head, rx_count;
    uint64_t tx_free_at;   /* the shifter finishes its byte at this clock */
    int tx_shifting;       /* a byte is in the shifter */
    uint8_t tx_byte;
    uint8_t in[4096];      /* bytes from the far end still on the RX pin */
    int in_head, in_count;
    uint64_t in_done_at;   /* the byte on the RX pin completes at this clock */
    uint64_t now;
    hal_link_t *pins;      /* the far end of TX and RX, or NULL: the pins idle */
} lu_model_t;

/* The registers' reset state; the pins stay wired as they were. */
void lu_model_reset(lu_model_t *m);
/* Wires this instance's pins to transport t (NULL: they idle); t outlives the wiring. */
void lu_model_attach(lu_model_t *m, hal_link_t *t);
/* Brings the model to clock now: bytes finish, cross the pins, land in the FIFOs. */
void lu_model_run(lu_model_t *m, uint64_t now);
/* A register access at byte offset (LINK_UART_REG_*) at the model's clock
 * (run it to the access's clock first); an access takes no clock. */
uint32_t lu_model_read(lu_model_t *m, uint32_t offset);
void lu_model_write(lu_model_t *m, uint32_t offset, uint32_t value);

/* The model in the shape the bus hosts (hal/periph.h), and as the sdl
 * backend's binding at LINK_UART_BASE. */
extern const periph_model_t lu_model;
extern const periph_binding_t lu_model_binding;
/* Its pins, for the backend to wire to the link's transport. */
extern const periph_link_pins_t lu_model_link_pins;

#endif

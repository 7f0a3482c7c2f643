/*
 * bindings/link_uart_bind.h - the link UART (rtl/link_uart/, seed 001)
 * Verilated and clocked lazily.  The bytes of the transport wired to this
 * instance (sim_lu_attach: the sim backend's hal_config_t.link) are driven
 * bit by bit onto the uart_rx pin at the baud of the DIVISOR register; the
 * uart_tx pin is decoded by a reference receiver and its bytes written to
 * the transport.  So on the sim backend every byte of a link game crosses
 * the RTL's pins.
 */
#ifndef TABLETOP_SIM_LINK_UART_H
#define TABLETOP_SIM_LINK_UART_H

#include <stdint.h>

typedef struct sim_lu sim_lu_t;

sim_lu_t *sim_lu_new(void);
void sim_lu_free(sim_lu_t *u);
uint32_t sim_lu_reg_read(sim_lu_t *u, uint64_t now, uint32_t offset);
void sim_lu_reg_write(sim_lu_t *u, uint64_t now, uint32_t offset, uint32_t value);
/* Clocks actually simulated, and bytes that crossed each pin. */
uint64_t sim_lu_clocks_run(const sim_lu_t *u);

extern "C" {
#include "hal.h"
#include "periph.h"
}
/* Wires this instance's pins to transport t (NULL: they idle); t outlives the wiring. */
void sim_lu_attach(sim_lu_t *u, hal_link_t *t);

extern const periph_binding_t sim_lu_binding;
/* Its pins, for the backend to wire to the link's transport. */
extern const periph_link_pins_t sim_lu_link_pins;

#endif

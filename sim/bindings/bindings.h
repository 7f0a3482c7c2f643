/*
 * bindings/bindings.h - the sim backend's peripheral table: one Verilated
 * model per peripheral of HAL_PERIPHERALS that has RTL, in the shape of
 * hal/periph.h (the sdl backend's table, hal/models/models.h, has the same
 * rows with C models).  go_peripheral's row is the harness itself
 * (sim_harness.h), attached by hal_sim.cpp.
 */
#ifndef TABLETOP_SIM_BINDINGS_H
#define TABLETOP_SIM_BINDINGS_H

#include <stddef.h>

extern "C" {
#include "periph.h"
}

extern const periph_binding_t *const sim_bindings[];
extern const size_t sim_binding_count;
/* The model whose HEX pins the window's digit strip shows. */
extern const periph_hex_source_t *const sim_hex_source;
/* The model that can drive the VGA pins in place of go_peripheral (seed
 * 002's tile display). */
extern const periph_vga_source_t *const sim_vga_source;
/* The model whose pins carry the serial link (the link UART). */
extern const periph_link_pins_t *const sim_link_pins;

#endif

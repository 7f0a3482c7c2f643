/*
 * models/models.h - the sdl backend's peripheral table: one C model per
 * peripheral of HAL_PERIPHERALS that has RTL, each bit-exact with it
 * (tests/rtl/ holds every model to its RTL).  go_peripheral's model
 * (go_peripheral.h) is the backend's display core: its row is attached by
 * hal_sdl.c to the instance the backend owns.
 */
#ifndef TABLETOP_HAL_MODELS_H
#define TABLETOP_HAL_MODELS_H

#include <stddef.h>

#include "periph.h"

extern const periph_binding_t *const hal_model_bindings[];
extern const size_t hal_model_binding_count;
/* The model whose pins the window's digit strip shows (HEX5..HEX0). */
extern const periph_hex_source_t *const hal_model_hex_source;
/* The model that can drive the VGA pins in place of go_peripheral (seed
 * 002's tile display). */
extern const periph_vga_source_t *const hal_model_vga_source;
/* The model whose pins carry the serial link (the link UART). */
extern const periph_link_pins_t *const hal_model_link_pins;

#endif

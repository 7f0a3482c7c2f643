/* models/models.c - the C models the sdl backend answers registers with (models.h). */
#include "models.h"

#include "connect4_model.h"
#include "go_peripheral_model.h"
#include "go_rules_model.h"
#include "link_uart_model.h"
#include "othello_model.h"
#include "seven_seg_model.h"
#include "tile_display_model.h"

const periph_binding_t *const hal_model_bindings[] = {
    &gp_model_binding, /* seed 000: the display core, attached by hal_sdl.c */
    &c4_model_binding, /* seed 004: the Connect Four mailbox and AI */
    &go_rules_model_binding, /* seed 001: pruner, board updater, territory counter */
    &lu_model_binding, /* seed 001: the serial link UART */
    &oth_model_binding, /* seed 003: the Othello machine */
    &ss_model_binding, /* seed 001: the seven-segment digits HEX5..HEX0 */
    &td_model_binding, /* seed 002: the tile display */
};

const size_t hal_model_binding_count = sizeof hal_model_bindings / sizeof hal_model_bindings[0];

const periph_hex_source_t *const hal_model_hex_source = &ss_model_hex_source;

const periph_vga_source_t *const hal_model_vga_source = &td_model_vga_source;

const periph_link_pins_t *const hal_model_link_pins = &lu_model_link_pins;

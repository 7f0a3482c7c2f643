/* bindings/bindings.cpp - the Verilated models on the sim backend's bus (bindings.h). */
#include "bindings.h"

#include "connect4_bind.h"
#include "go_peripheral_bind.h"
#include "go_rules_bind.h"
#include "link_uart_bind.h"
#include "othello_bind.h"
#include "seven_seg_bind.h"
#include "tile_display_bind.h"

const periph_binding_t *const sim_bindings[] = {
    &sim_gp_binding, /* seed 000: the harness's display core, attached by hal_sim.cpp */
    &sim_c4_binding, /* seed 004: rtl/connect4/connect4_mailbox.sv */
    &sim_go_rules_binding, /* seed 001: rtl/go_rules/go_rules.sv */
    &sim_lu_binding, /* seed 001: rtl/link_uart/link_uart.sv */
    &sim_oth_binding, /* seed 003: rtl/othello/othello_machine.sv */
    &sim_ss_binding, /* rtl/seven_seg/seven_seg.sv: HEX5..HEX0 */
    &sim_td_binding, /* seed 002: rtl/tile_display/tile_display.sv */
};

const size_t sim_binding_count = sizeof sim_bindings / sizeof sim_bindings[0];

const periph_hex_source_t *const sim_hex_source = &sim_ss_hex_source;

const periph_vga_source_t *const sim_vga_source = &sim_td_vga_source;

const periph_link_pins_t *const sim_link_pins = &sim_lu_link_pins;

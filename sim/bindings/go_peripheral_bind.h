/*
 * bindings/go_peripheral_bind.h - the sim backend's row for go_peripheral: the
 * Verilated display core of the harness (sim_harness.h), which the backend
 * owns because it also clocks the system, and attaches to its table with
 * periph_bus_attach.  An access is the harness's own Avalon transaction.
 */
#ifndef TABLETOP_SIM_BINDING_GO_PERIPHERAL_H
#define TABLETOP_SIM_BINDING_GO_PERIPHERAL_H

extern "C" {
#include "periph.h"
}

extern const periph_binding_t sim_gp_binding;

#endif

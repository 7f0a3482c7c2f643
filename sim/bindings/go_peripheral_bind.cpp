/* bindings/go_peripheral_bind.cpp - the harness's display core as the table's go_peripheral row (go_peripheral.h). */
#include "go_peripheral_bind.h"

#include "sim_harness.h"

namespace {

/* The harness keeps the system clock: its transaction takes the bus clock. */
uint32_t binding_read(void *inst, uint64_t, uint32_t offset)
{
    return sim_harness_reg_read(static_cast<sim_harness_t *>(inst), offset);
}

void binding_write(void *inst, uint64_t, uint32_t offset, uint32_t value)
{
    sim_harness_reg_write(static_cast<sim_harness_t *>(inst), offset, value);
}

} // namespace

const periph_binding_t sim_gp_binding = {
    PERIPH_GO_PERIPHERAL, nullptr, nullptr, binding_read, binding_write, nullptr,
};

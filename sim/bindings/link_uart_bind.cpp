/* bindings/link_uart_bind.cpp - the Verilated link UART with its pins on the transport (link_uart.h). */
#include "link_uart_bind.h"

#include <deque>
#include <memory>

#include "Vlink_uart.h"
#include "bus_slave.h"
#include "verilated.h"

struct sim_lu : sim_bus_slave<Vlink_uart, LINK_UART_ADDR_BITS> {
    uint32_t div = LINK_UART_DIV_9600;
    int loopback = 0;
    uint64_t tx_pending = 0; /* bytes written to DATA not yet seen on the TX pin */
    /* RX pin driver */
    std::deque<uint8_t> far;
    int rx_bit = -1;        /* bit of the frame on the pin (0 start .. 9 stop), -1 idle */
    uint16_t rx_frame = 0;
    uint64_t rx_clocks = 0; /* clocks into the current bit */
    /* TX pin reference receiver */
    int tx_prev = 1;
    int tx_bit = -1;        /* -1 idle; 0 waiting for the middle of the start bit; 1..9 */
    uint64_t tx_clocks = 0;
    uint8_t tx_shift = 0;
    hal_link_t *pins = nullptr; /* the far end of both pins, or none: they idle */

    uint64_t bit_clocks() const { return 16u * (uint64_t)div; }

    /* RX pin: the frames of the far end's bytes, back to back. */
    void pins_in() override
    {
        if (rx_bit < 0 && !far.empty()) {
            rx_frame = (uint16_t)(0x200u | (uint16_t)far.front() << 1); /* stop, data, start */
            far.pop_front();
            rx_bit = 0;
            rx_clocks = 0;
        }
        top->uart_rx = rx_bit < 0 ? 1 : (rx_frame >> rx_bit) & 1;
    }

    /* The RX pin's bit clock, and the TX pin sampled in each bit's middle. */
    void pins_out() override
    {
        if (rx_bit >= 0 && ++rx_clocks == bit_clocks()) {
            rx_clocks = 0;
            if (++rx_bit == 10)
                rx_bit = -1;
        }
        int pin = top->uart_tx;
        if (tx_bit < 0) {
            if (tx_prev && !pin) {
                tx_bit = 0;
                tx_clocks = 0;
            }
        } else if (++tx_clocks == (tx_bit == 0 ? bit_clocks() / 2 : bit_clocks())) {
            tx_clocks = 0;
            if (tx_bit == 0 && pin)
                tx_bit = -1; /* not a start bit */
            else if (tx_bit >= 1 && tx_bit <= 8) {
                tx_shift = (uint8_t)(tx_shift >> 1 | pin << 7);
                tx_bit++;
            } else if (tx_bit == 0) {
                tx_bit = 1;
            } else { /* the stop bit */
                if (pin && pins) {
                    char err[200]; /* a failure shows in hal_link_error */
                    hal_link_write(pins, &tx_shift, 1, err, sizeof err);
                }
                if (tx_pending)
                    tx_pending--;
                tx_bit = -1;
            }
        }
        tx_prev = pin;
    }

    void poll_far_end()
    {
        if (!pins || loopback || far.size() > 4096)
            return;
        uint8_t buf[256];
        char err[200];
        int n = hal_link_read(pins, buf, sizeof buf, err, sizeof err);
        for (int i = 0; i < n; i++)
            far.push_back(buf[i]);
    }

    /* Brings the model to the caller's clock: every clock while bytes are
     * on a pin or queued; an idle UART skips ahead. */
    void catch_up(uint64_t now)
    {
        poll_far_end();
        while (cycle < now) {
            bool idle = rx_bit < 0 && far.empty() && tx_bit < 0 && tx_pending == 0 && !loopback;
            if (idle) {
                cycle = now;
                break;
            }
            tick();
            cycle++;
        }
    }
};

sim_lu_t *sim_lu_new(void)
{
    sim_lu_t *u = new sim_lu();
    u->make("link_uart");
    u->top->uart_rx = 1;
    u->reset(4);
    /* The receiver waits one idle bit after reset (seed 001). */
    for (uint64_t i = 0; i < u->bit_clocks() + 16; i++)
        u->tick();
    return u;
}

void sim_lu_free(sim_lu_t *u)
{
    sim_free(u);
}

uint32_t sim_lu_reg_read(sim_lu_t *u, uint64_t now, uint32_t offset)
{
    return sim_read_at(u, now, offset);
}

void sim_lu_reg_write(sim_lu_t *u, uint64_t now, uint32_t offset, uint32_t value)
{
    sim_write_at(u, now, offset, value);
    /* What the pins' driver and receiver follow (the RTL decodes a 3-bit word address). */
    switch (offset & ((4u << LINK_UART_ADDR_BITS) - 4u)) {
    case LINK_UART_REG_DATA:
        u->tx_pending++;
        break;
    case LINK_UART_REG_DIVISOR: {
        uint32_t clocks = REG_FIELD_GET(value, LINK_UART_DIVISOR_CLOCKS);
        u->div = clocks ? clocks : 1;
        break;
    }
    case LINK_UART_REG_CONTROL:
        u->loopback = (value & LINK_UART_CONTROL_LOOPBACK) != 0;
        break;
    default:
        break;
    }
}

uint64_t sim_lu_clocks_run(const sim_lu_t *u)
{
    return u->run;
}

void sim_lu_attach(sim_lu_t *u, hal_link_t *t)
{
    u->pins = t;
}

namespace {

void binding_attach(void *inst, hal_link_t *t)
{
    sim_lu_attach(static_cast<sim_lu_t *>(inst), t);
}

} // namespace

const periph_binding_t sim_lu_binding =
    sim_bus_binding<sim_lu_t, sim_lu_new, sim_lu_free,
                    sim_lu_reg_read, sim_lu_reg_write>::row(PERIPH_LINK_UART);

const periph_link_pins_t sim_lu_link_pins = {PERIPH_LINK_UART, binding_attach};

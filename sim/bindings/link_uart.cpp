/* bindings/link_uart.cpp - the Verilated link UART with its pins on the transport (link_uart.h). */
#include "link_uart.h"

#include <deque>
#include <memory>

#include "Vlink_uart.h"
#include "bus_slave.h"
#include "verilated.h"

struct sim_lu {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vlink_uart> top;
    uint64_t cycle = 0;
    uint64_t run = 0;
    uint32_t div = 326;
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

    void tick()
    {
        /* RX pin: the frames of the far end's bytes, back to back. */
        if (rx_bit < 0 && !far.empty()) {
            rx_frame = (uint16_t)(0x200u | (uint16_t)far.front() << 1); /* stop, data, start */
            far.pop_front();
            rx_bit = 0;
            rx_clocks = 0;
        }
        top->uart_rx = rx_bit < 0 ? 1 : (rx_frame >> rx_bit) & 1;
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        run++;
        if (rx_bit >= 0 && ++rx_clocks == bit_clocks()) {
            rx_clocks = 0;
            if (++rx_bit == 10)
                rx_bit = -1;
        }
        /* TX pin: sample each bit in its middle. */
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

    void close() { top->final(); }

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
    u->ctx.reset(new VerilatedContext());
    u->top.reset(new Vlink_uart(u->ctx.get(), "link_uart"));
    Vlink_uart *t = u->top.get();
    t->avs_address = 0;
    t->avs_read = 0;
    t->avs_write = 0;
    t->avs_writedata = 0;
    t->uart_rx = 1;
    t->rst = 1;
    for (int i = 0; i < 4; i++)
        u->tick();
    t->rst = 0;
    /* The receiver waits one idle bit after reset (seed 001). */
    for (uint64_t i = 0; i < u->bit_clocks() + 16; i++)
        u->tick();
    return u;
}

void sim_lu_free(sim_lu_t *u)
{
    sim_free(u);
}

uint32_t sim_lu_reg_read(sim_lu_t *u, uint64_t now, uint32_t word)
{
    u->catch_up(now);
    Vlink_uart *t = u->top.get();
    t->avs_address = word & 7;
    t->avs_read = 1;
    u->tick();
    t->avs_read = 0;
    u->cycle++;
    return t->avs_readdata;
}

void sim_lu_reg_write(sim_lu_t *u, uint64_t now, uint32_t word, uint32_t value)
{
    u->catch_up(now);
    Vlink_uart *t = u->top.get();
    t->avs_address = word & 7;
    t->avs_writedata = value;
    t->avs_write = 1;
    u->tick();
    t->avs_write = 0;
    u->cycle++;
    if ((word & 7) == 0)
        u->tx_pending++;
    else if ((word & 7) == 2)
        u->div = (value & 0xFFFF) ? (value & 0xFFFF) : 1;
    else if ((word & 7) == 3)
        u->loopback = (int)(value & 1);
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

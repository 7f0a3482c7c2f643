// tb_link_uart.cpp - testbench of rtl/link_uart (docs/link.md): the
// registers through the Avalon port, the TX pin decoded by a reference
// receiver written here, the RX pin driven by a reference transmitter with
// +-2% baud mismatch, random gaps, back-to-back frames, noise glitches and
// spurious lows after a stop bit (seed 001's wait).  Prints TAP.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "Vlink_uart.h"
#include "verilated.h"

static Vlink_uart *dut;
static uint64_t cycles;
static std::vector<int> tx_pin; // the TX pin, one entry per clock (when recording)
static bool recording;
static int rx_level = 1;        // what the testbench drives on uart_rx

static void tick()
{
    dut->uart_rx = rx_level;
    dut->clk = 0;
    dut->eval();
    dut->clk = 1;
    dut->eval();
    cycles++;
    if (recording)
        tx_pin.push_back(dut->uart_tx);
}

static void idle(uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        tick();
}

static void bus_write(int addr, uint32_t v)
{
    dut->avs_address = addr;
    dut->avs_writedata = v;
    dut->avs_write = 1;
    tick();
    dut->avs_write = 0;
}

static uint32_t bus_read(int addr)
{
    dut->avs_address = addr;
    dut->avs_read = 1;
    tick();
    dut->avs_read = 0;
    tick();
    return dut->avs_readdata;
}

static void reset()
{
    dut->rst = 1;
    rx_level = 1;
    idle(4);
    dut->rst = 0;
    idle(6000); // the receiver waits one idle bit after reset
}

static int n_test, n_fail;
static void check(bool ok, const char *name)
{
    n_test++;
    if (!ok)
        n_fail++;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", n_test, name);
}

static const double BIT = 16.0 * 326; // clocks per bit at the default divisor

// Drives one 8N1 frame on uart_rx with a bit of bit_clocks; stop_ok = 0
// sends a low stop bit.  glitch: a pulse of glitch_len clocks inverted at a
// random point inside each bit (away from nothing: anywhere).
// stop_bits < 1 cuts the stop bit short (a low that follows begins inside it).
static void send_byte(uint8_t b, double bit_clocks, int glitch_len = 0, bool stop_ok = true,
                      double stop_bits = 1.0)
{
    int bits[10];
    bits[0] = 0;
    for (int i = 0; i < 8; i++)
        bits[1 + i] = (b >> i) & 1;
    bits[9] = stop_ok ? 1 : 0;
    double t = 0;
    uint64_t start = cycles;
    for (int i = 0; i < 10; i++) {
        t += i == 9 ? bit_clocks * stop_bits : bit_clocks;
        uint64_t end = start + (uint64_t)t;
        uint64_t len = end - cycles;
        uint64_t g0 = glitch_len ? (uint64_t)(rand() % (int)(len - glitch_len)) : len;
        for (uint64_t k = 0; cycles < end; k++) {
            int level = bits[i];
            if (k >= g0 && k < g0 + (uint64_t)glitch_len)
                level ^= 1;
            rx_level = level;
            tick();
        }
    }
    rx_level = 1;
}

static std::vector<uint8_t> drain_rx()
{
    std::vector<uint8_t> got;
    for (;;) {
        uint32_t v = bus_read(0);
        if (!(v & 0x100))
            break;
        got.push_back(v & 0xFF);
    }
    return got;
}

// Holds uart_rx at level for n clocks, then lets it idle high.
static void drive(int level, uint64_t n)
{
    rx_level = level;
    idle(n);
    rx_level = 1;
}

static const uint64_t TICK = 326; // clocks per 1/16 bit: one sample of the receiver

// Sends count random bytes back to back (each start bit right after the
// previous stop bit) from a sender whose bit lasts BIT * (1 + err), in
// bursts of 16 (the RX FIFO) from a random phase of the receiver's ticks;
// returns 1 if every byte arrived intact with no framing error or overrun.
static int back_to_back_ok(double err, int count, const char *name)
{
    reset();
    static const uint8_t hard[] = {0x00, 0xFF, 0x7F, 0x80, 0x55, 0xAA, 0xFE, 0x01};
    int n = 0, ok = 1;
    while (n < count) {
        std::vector<uint8_t> sent;
        idle((uint64_t)(rand() % (int)TICK));
        for (int i = 0; i < 16 && n < count; i++, n++) {
            uint8_t b = n < (int)sizeof hard ? hard[n] : (uint8_t)rand();
            sent.push_back(b);
            send_byte(b, BIT * (1 + err));
        }
        idle((uint64_t)(2 * BIT));
        std::vector<uint8_t> got = drain_rx();
        uint32_t st = bus_read(1);
        if (got != sent || (st & 0x18)) {
            if (name)
                printf("# %s: sent %zu bytes, got %zu, STATUS 0x%X\n", name, sent.size(), got.size(), st);
            ok = 0;
            break;
        }
    }
    return ok;
}

// A reference receiver on the recorded TX pin: finds start bits, samples
// each bit in its middle at the nominal bit time.
static std::vector<uint8_t> decode_tx(std::vector<int> &bad_stop)
{
    std::vector<uint8_t> out;
    size_t i = 1;
    while (i < tx_pin.size()) {
        if (tx_pin[i - 1] == 1 && tx_pin[i] == 0) {
            size_t mid = i + (size_t)(BIT / 2);
            if (mid + (size_t)(9 * BIT) >= tx_pin.size())
                break;
            uint8_t b = 0;
            for (int k = 0; k < 8; k++)
                b |= (uint8_t)(tx_pin[mid + (size_t)((k + 1) * BIT)] << k);
            if (!tx_pin[mid + (size_t)(9 * BIT)])
                bad_stop.push_back((int)out.size());
            out.push_back(b);
            i = mid + (size_t)(9 * BIT);
        } else {
            i++;
        }
    }
    return out;
}

int main(int argc, char **argv)
{
    Verilated::commandArgs(argc, argv);
    dut = new Vlink_uart;
    srand(14);
    reset();

    // Registers after reset.
    check(bus_read(2) == 326, "DIVISOR resets to 326 (9600 baud x16 from 50 MHz)");
    check((bus_read(1) & 0x7) == 0x4, "STATUS after reset: RX empty, TX not full, TX idle");
    check(bus_read(0) == 0, "DATA with nothing received reads 0 (bit 8 clear)");

    // TX: bytes written go out on the pin at 9600 baud, LSB first, 8N1.
    {
        std::vector<uint8_t> sent = {0x00, 0xFF, 0x55, 0xA5, 0x01, 0x80, 0x3C, 0xFE, 0x7E, 0xC3};
        recording = true;
        tx_pin.clear();
        idle(100);
        for (uint8_t b : sent)
            bus_write(0, b);
        uint32_t st = bus_read(1);
        check(((st >> 16) & 0x1F) >= 8, "TX count shows the queued bytes");
        while (!(bus_read(1) & 4))
            idle(1000);
        idle(6000);
        recording = false;
        std::vector<int> bad;
        std::vector<uint8_t> got = decode_tx(bad);
        check(got == sent && bad.empty(), "TX pin: the bytes, 8N1, decoded by a reference receiver");
        // Bit period: the first falling edge to the next rising edge of 0x00's frame = 9 bits.
        size_t fall = 0, rise = 0;
        for (size_t i = 1; i < tx_pin.size(); i++)
            if (tx_pin[i - 1] && !tx_pin[i]) {
                fall = i;
                break;
            }
        for (size_t i = fall + 1; i < tx_pin.size(); i++)
            if (!tx_pin[i - 1] && tx_pin[i]) {
                rise = i;
                break;
            }
        double bit = (double)(rise - fall) / 9.0;
        double baud = 50e6 / bit;
        printf("# measured TX bit: %.1f clocks, %.1f baud\n", bit, baud);
        check(baud > 9600 * 0.995 && baud < 9600 * 1.005, "TX baud within 0.5% of 9600");
    }

    // TX FIFO: 16 deep; a 17th write while full is dropped.
    {
        reset();
        bus_write(3, 1); // loopback: TX feeds RX inside
        for (int i = 0; i < 20; i++)
            bus_write(0, (uint32_t)(0x40 + i));
        idle(60000 * 22);
        std::vector<uint8_t> got = drain_rx();
        bool ok = got.size() >= 16 && got.size() <= 17;
        for (size_t i = 0; ok && i < got.size(); i++)
            ok = got[i] == 0x40 + i;
        check(ok, "loopback: TX FIFO to RX FIFO in order; writes into a full TX FIFO are dropped");
        bus_write(3, 0);
    }

    // RX at +-2% baud mismatch, random gaps (none to several bits).
    for (double err : {-0.02, 0.0, 0.02}) {
        reset();
        std::vector<uint8_t> sent, got;
        for (int i = 0; i < 64; i++) {
            uint8_t b = (uint8_t)rand();
            sent.push_back(b);
            send_byte(b, BIT * (1 + err));
            idle((uint64_t)(rand() % 3 == 0 ? 0 : rand() % (int)(3 * BIT)));
            if ((bus_read(1) >> 8 & 0x1F) >= 8)
                for (uint8_t x : drain_rx())
                    got.push_back(x);
        }
        idle((uint64_t)BIT * 2);
        for (uint8_t x : drain_rx())
            got.push_back(x);
        char name[96];
        snprintf(name, sizeof name, "RX at %+.0f%% baud: 64 random bytes, random gaps", err * 100);
        check(got == sent && !(bus_read(1) & 0x18), name);
    }

    // Noise: glitches shorter than one sample tick (326 clocks) inside every
    // bit are outvoted; glitches on the idle line are no start bits.
    {
        reset();
        std::vector<uint8_t> sent, got;
        for (int i = 0; i < 48; i++) {
            uint8_t b = (uint8_t)rand();
            sent.push_back(b);
            send_byte(b, BIT * (i % 2 ? 1.02 : 0.98), 200);
            // A glitch on the idle line, a bit before the next start bit.
            idle((uint64_t)BIT);
            rx_level = 0;
            idle(150);
            rx_level = 1;
            idle((uint64_t)(2 * BIT));
            for (uint8_t x : drain_rx())
                got.push_back(x);
        }
        check(got == sent, "noise: 200-clock glitches in every bit and on the idle line, +-2% baud");
    }

    // Seed 001: "An FSM is used to wait after reset or completion of
    // receiving a packet to prevent sampling after a spurious low value on
    // the transmission line."  Byte A, then right after its stop bit a low
    // of g ticks, h ticks of idle line, then byte B, from a sender at -2%,
    // 0 and +2%: only A and B arrive, both intact, no framing error.  (The
    // receiver before the wait took B's bits from the glitch's edge.)
    for (double err : {-0.02, 0.0, 0.02}) {
        reset();
        int bad = 0, cases = 0;
        for (int g = 1; g <= 8; g++)
            for (int h : {3, 4, 5, 6, 8, 12}) {
                uint8_t a = (uint8_t)rand(), b = (uint8_t)rand();
                if (cases % 2)
                    b &= 0x7F; // a low last data bit next to the stop bit
                idle((uint64_t)(rand() % (int)TICK));
                send_byte(a, BIT * (1 + err));
                drive(0, (uint64_t)g * TICK);
                drive(1, (uint64_t)h * TICK);
                send_byte(b, BIT * (1 + err));
                idle((uint64_t)(2 * BIT));
                std::vector<uint8_t> got = drain_rx();
                uint32_t st = bus_read(1);
                cases++;
                if (got != std::vector<uint8_t>{a, b} || (st & 0x18)) {
                    if (!bad)
                        printf("# bit %+.0f%%: low of %d ticks, %d idle: sent %02X %02X, got %zu bytes%s%s, STATUS 0x%X\n",
                               err * 100, g, h, a, b, got.size(), got.size() > 0 ? " first " : "",
                               got.size() > 0 ? (got[0] == a ? "A" : "?") : "", st);
                    bad++;
                    bus_write(1, 0x18);
                    idle((uint64_t)(2 * BIT));
                }
            }
        char name[160];
        snprintf(name, sizeof name,
                 "spurious low of 1-8 ticks right after a stop bit, next byte 3-12 ticks later, sender bit %+.0f%% (%d/%d bad)",
                 err * 100, bad, cases);
        check(bad == 0, name);
    }

    // A low that begins inside the stop bit after its middle, where no start
    // bit can be yet, and lasts longer than half a bit: the wait after the
    // byte ignores it (a start bit would have been taken from it before).
    {
        reset();
        int bad = 0, cases = 0;
        for (int i = 0; i < 24; i++) {
            uint8_t a = (uint8_t)rand(), b = (uint8_t)rand();
            idle((uint64_t)(rand() % (int)TICK));
            send_byte(a, BIT, 0, true, 10.5 / 16); // stop bit cut 5.5 ticks short
            drive(0, 12 * TICK);
            drive(1, 4 * TICK);
            send_byte(b, BIT);
            idle((uint64_t)(2 * BIT));
            std::vector<uint8_t> got = drain_rx();
            uint32_t st = bus_read(1);
            cases++;
            if (got != std::vector<uint8_t>{a, b} || (st & 0x18)) {
                if (!bad)
                    printf("# low from stop tick 10.5: sent %02X %02X, got %zu bytes, STATUS 0x%X\n", a, b,
                           got.size(), st);
                bad++;
                bus_write(1, 0x18);
                idle((uint64_t)(2 * BIT));
            }
        }
        char name[160];
        snprintf(name, sizeof name, "a 12-tick low from the stop bit's tick 10.5 is no byte, the next byte intact (%d/%d bad)", bad, cases);
        check(bad == 0, name);
    }

    // A start bit with a one-tick high inside it (at each of its ticks 1-14)
    // is still a start bit: the wait after a spurious low needs two high
    // ticks in a row.
    {
        reset();
        int bad = 0;
        for (int k = 1; k <= 14; k++) {
            uint8_t b = (uint8_t)rand();
            idle((uint64_t)(rand() % (int)TICK));
            // Start bit: low, then high for one tick at tick k, then the rest.
            drive(0, (uint64_t)k * TICK);
            drive(1, TICK);
            rx_level = 0;
            idle((uint64_t)(BIT - (double)(k + 1) * TICK));
            for (int i = 0; i < 8; i++)
                drive((b >> i) & 1, (uint64_t)BIT);
            drive(1, (uint64_t)(2 * BIT));
            std::vector<uint8_t> got = drain_rx();
            if (got != std::vector<uint8_t>{b} || (bus_read(1) & 0x18)) {
                printf("# one high tick at start tick %d: got %zu bytes\n", k, got.size());
                bad++;
                bus_write(1, 0x18);
            }
        }
        check(bad == 0, "a one-tick high inside a start bit (each of ticks 1-14) keeps the byte");
    }

    // Back to back: each start bit right after the previous stop bit, from
    // a sender at -2%, 0 and +2%, the bit timing the testbench's own.
    for (double err : {-0.02, 0.0, 0.02}) {
        char name[96];
        snprintf(name, sizeof name, "back to back, sender bit %+.0f%%: 64 bytes, all intact", err * 100);
        check(back_to_back_ok(err, 64, name), name);
    }

    // The margin: the range of sender baud errors over which 48 bytes back
    // to back still arrive, searched in 0.1% steps out from 0.
    {
        double lo = 0, hi = 0;
        while (lo > -0.08 && back_to_back_ok(lo - 0.001, 48, nullptr))
            lo -= 0.001;
        while (hi < 0.08 && back_to_back_ok(hi + 0.001, 48, nullptr))
            hi += 0.001;
        printf("# back to back: intact for a sender bit from %.1f%% shorter to %.1f%% longer\n",
               -lo * 100, hi * 100);
        check(lo <= -0.02 && hi >= 0.02, "back to back: the margin covers -2% to +2%");
    }

    // A low stop bit: the byte is dropped, the framing error is sticky and
    // cleared by writing 1; the next byte (after an idle bit) is received.
    {
        reset();
        send_byte(0x5A, BIT, 0, false);
        idle((uint64_t)(2 * BIT));
        uint32_t st = bus_read(1);
        check((st & 0x10) && !(st & 1), "bad stop bit: framing error set, nothing received");
        bus_write(1, 0x10);
        check(!(bus_read(1) & 0x10), "writing 1 to STATUS[4] clears the framing error");
        send_byte(0xC3, BIT);
        idle((uint64_t)BIT);
        std::vector<uint8_t> got = drain_rx();
        check(got.size() == 1 && got[0] == 0xC3, "the next byte after a framing error arrives");
    }

    // Overrun: 17 bytes unread: 16 kept, overrun set.
    {
        reset();
        for (int i = 0; i < 17; i++)
            send_byte((uint8_t)i, BIT);
        idle((uint64_t)BIT);
        uint32_t st = bus_read(1);
        std::vector<uint8_t> got = drain_rx();
        bool ok = got.size() == 16;
        for (size_t i = 0; ok && i < 16; i++)
            ok = got[i] == i;
        check((st & 0x08) && ((st >> 8) & 0x1F) == 16 && ok,
              "RX overrun: 16 bytes kept in order, overrun flag set");
    }

    // A faster divisor (115200 baud: 50e6/16/115200 = 27) still loops back.
    {
        reset();
        bus_write(2, 27);
        bus_write(3, 1);
        for (int i = 0; i < 8; i++)
            bus_write(0, (uint32_t)(0xA0 + i));
        idle(27 * 16 * 10 * 10);
        std::vector<uint8_t> got = drain_rx();
        bool ok = got.size() == 8;
        for (size_t i = 0; ok && i < 8; i++)
            ok = got[i] == 0xA0 + i;
        check(ok && bus_read(2) == 27, "DIVISOR 27 (115200 baud) loops back");
    }

    // The waits count ticks, the pin's two synchronising flops count clocks:
    // at the smallest divisors (a tick every 1-4 clocks) the flops delay the
    // line by up to two ticks; 16 bytes back to back in loopback still arrive.
    {
        int bad = 0;
        for (uint32_t d = 1; d <= 4; d++) {
            reset();
            bus_write(2, d);
            bus_write(3, 1);
            for (int i = 0; i < 16; i++)
                bus_write(0, (uint32_t)(0x11 * d + 7 * i) & 0xFF);
            idle(d * 16 * 10 * 20);
            std::vector<uint8_t> got = drain_rx();
            bool ok = got.size() == 16 && !(bus_read(1) & 0x18);
            for (size_t i = 0; ok && i < 16; i++)
                ok = got[i] == ((0x11 * d + 7 * i) & 0xFF);
            if (!ok) {
                printf("# DIVISOR %u: got %zu bytes\n", d, got.size());
                bad++;
            }
        }
        check(bad == 0, "DIVISOR 1-4: 16 bytes back to back loop back");
    }

    printf("1..%d\n", n_test);
    printf("# %llu clocks simulated\n", (unsigned long long)cycles);
    dut->final();
    delete dut;
    return n_fail ? 1 : 0;
}

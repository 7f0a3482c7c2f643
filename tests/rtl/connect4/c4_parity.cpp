// c4_parity.cpp - the C model of the Connect Four AI and mailbox against the
// Verilated RTL (rtl/connect4_*.sv):
//   1. the combinational AI module on >= 100,000 positions reached by random
//      legal play (and by the AI playing one side), plus random 84-bit states:
//      every intermediate result must match, not only the column;
//   2. the mailbox FSM clock by clock against hal/c4_model.c, including the
//      clocks from the flag to the answer (printed for the bench);
//   3. on the same positions, the column chosen by a third party: seed 004's
//      AI written from the seed's text alone (c4_seed_reference.c), against
//      the C model's and the RTL's column;
//   4. seed 004's reset PIO (ai_rst): a pulse at a random clock of a
//      question - while the rows are read, while the AI computes, while the
//      answer is written, after it - leaves RTL and model in lock step with
//      every word 0 and the FSM idle; the question in flight is never
//      answered afterwards; the next question is answered as the AI says.
// Usage: c4_parity [POSITIONS]   (default 100000).  Exit 0 when all agree.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vconnect4_parity_top.h"
#include "verilated.h"

extern "C" {
#include "games/connect4/c4_ai.h"
#include "games/connect4/c4_game.h"
#include "models/connect4_model.h"
#include "c4_seed_reference.h"
}

namespace {

uint64_t rng_state = 0x9E3779B97F4A7C15ull;

uint32_t rng_next()
{
    // xorshift64*: deterministic, so a failure can be replayed.
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

int failures = 0;
long ref_checked = 0, ref_failures = 0;

// Compares the seed reference's column with the C model's and the RTL's
// (7 = no legal column; the reference says -1).
void check_reference(const uint16_t rows[6], unsigned c_move, unsigned rtl_move)
{
    int cell[6][7];
    for (int r = 0; r < 6; r++)
        for (int c = 0; c < 7; c++)
            cell[r][c] = (rows[r] >> (2 * c)) & 3;
    int ref = c4_seed_reference_move(cell);
    unsigned ref_col = ref < 0 ? 7u : (unsigned)ref;
    ref_checked++;
    if (ref_col != (c_move & 7u) || ref_col != (rtl_move & 7u)) {
        if (ref_failures < 10) {
            fprintf(stderr, "seed reference column %u, C model %u, RTL %u\n", ref_col,
                    c_move & 7u, rtl_move & 7u);
        }
        ref_failures++;
    }
}

void set_state(Vconnect4_parity_top *t, const uint16_t rows[6])
{
    uint32_t w[3] = {0, 0, 0};
    for (int r = 0; r < 6; r++) {
        for (int b = 0; b < 14; b++) {
            if (rows[r] & (1u << b)) {
                int bit = 14 * r + b;
                w[bit / 32] |= 1u << (bit % 32);
            }
        }
    }
    t->state[0] = w[0];
    t->state[1] = w[1];
    t->state[2] = w[2];
}

void print_rows(const uint16_t rows[6])
{
    for (int r = 5; r >= 0; r--) {
        fprintf(stderr, "  ");
        for (int c = 0; c < 7; c++)
            fputc(".XO#"[(rows[r] >> (2 * c)) & 3], stderr);
        fputc('\n', stderr);
    }
}

void rtl_clock(Vconnect4_parity_top *t);

// Compares the RTL's AI outputs for rows with the C model; returns 1 if equal.
// The AI reads its state at a `start` clock and answers it C4_MODEL_AI_LATENCY
// clock edges later, counting that one (connect4_pkg::AI_LATENCY).  One ask in
// eight first starts another position and interrupts it after 1 to
// AI_LATENCY - 1 clocks: a start during a computation must begin afresh, with
// nothing of the earlier position left in the answer.
int check_ai(Vconnect4_parity_top *t, const uint16_t rows[6])
{
    c4_ai_detail_t d;
    c4_ai_decide(rows, &d);
    if (rng_next() % 8 == 0) {
        uint16_t other[6];
        for (int r = 0; r < 6; r++)
            other[r] = (uint16_t)(rng_next() & 0x3FFFu);
        set_state(t, other);
        t->start = 1;
        rtl_clock(t);
        t->start = 0;
        unsigned n = 1 + rng_next() % (C4_MODEL_AI_LATENCY - 1);
        for (unsigned i = 1; i < n; i++)
            rtl_clock(t);
    }
    set_state(t, rows);
    t->start = 1;
    rtl_clock(t);
    t->start = 0;
    // The state may change once read: the AI must have kept its own copy.
    uint16_t noise[6];
    for (int r = 0; r < 6; r++)
        noise[r] = (uint16_t)(rng_next() & 0x3FFFu);
    set_state(t, noise);
    for (unsigned i = 1; i < C4_MODEL_AI_LATENCY; i++)
        rtl_clock(t);
    t->eval();
    uint64_t hmax = 0;
    for (int c = 0; c < 7; c++)
        hmax |= (uint64_t)d.human_max[c] << (5 * c);
    int ok = t->move == d.move && t->dbg_legal == d.legal && t->dbg_ai_discs == d.ai_discs &&
             t->dbg_now_value == d.now_value && t->dbg_now_col == d.now_col &&
             t->dbg_human_max == hmax && t->dbg_human_win == d.human_win &&
             t->dbg_trap == d.trap && t->dbg_min_col == d.min_col;
    check_reference(rows, d.move, t->move);
    if (!ok) {
        if (failures < 10) {
            fprintf(stderr,
                    "AI mismatch: rtl move %02x legal %02x discs %u now %u/%u hmax %09llx hwin "
                    "%02x trap %02x min %u\n"
                    "             c   move %02x legal %02x discs %u now %u/%u hmax %09llx hwin "
                    "%02x trap %02x min %u\n",
                    t->move, t->dbg_legal, t->dbg_ai_discs, t->dbg_now_value, t->dbg_now_col,
                    (unsigned long long)t->dbg_human_max, t->dbg_human_win, t->dbg_trap,
                    t->dbg_min_col, d.move, d.legal, d.ai_discs, d.now_value, d.now_col,
                    (unsigned long long)hmax, d.human_win, d.trap, d.min_col);
            print_rows(rows);
        }
        failures++;
    }
    return ok;
}

// --- mailbox: the RTL and the C model in lock step -------------------------

struct lockstep {
    Vconnect4_parity_top *t;
    c4_model_t m;
    uint64_t clocks = 0;
};

// One rising edge of the RTL with the bus signals as set.
void rtl_clock(Vconnect4_parity_top *t)
{
    t->clk = 0;
    t->eval();
    t->clk = 1;
    t->eval();
}

void idle(lockstep *ls, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        rtl_clock(ls->t);
    c4_model_tick(&ls->m, n);
    ls->clocks += n;
}

void bus_write(lockstep *ls, unsigned word, uint32_t value)
{
    Vconnect4_parity_top *t = ls->t;
    t->avs_address = word;
    t->avs_writedata = value;
    t->avs_write = 1;
    rtl_clock(t);
    t->avs_write = 0;
    c4_model_reg_write(&ls->m, 4 * word, value);
    ls->clocks++;
}

// Reads a word from both; counts a failure when they differ.
uint32_t bus_read(lockstep *ls, unsigned word)
{
    Vconnect4_parity_top *t = ls->t;
    t->avs_address = word;
    t->avs_read = 1;
    rtl_clock(t);
    t->avs_read = 0;
    uint32_t r = t->avs_readdata;
    uint32_t c = c4_model_reg_read(&ls->m, 4 * word);
    ls->clocks++;
    if (r != c || (int)t->busy != c4_model_busy(&ls->m)) {
        if (failures < 10)
            fprintf(stderr, "mailbox mismatch at clock %llu word %u: rtl %08x busy %d, model "
                            "%08x busy %d\n",
                    (unsigned long long)ls->clocks, word, r, t->busy, c, c4_model_busy(&ls->m));
        failures++;
    }
    return r;
}

// Writes the reset PIO on both: one clock with the old value (the model's
// register write takes one clock too), then the new value drives ai_rst.
void pio_write(lockstep *ls, uint32_t value)
{
    rtl_clock(ls->t);
    ls->t->ai_rst = value & 1u;
    c4_model_reg_write(&ls->m, C4_REG_RESET_PIO, value);
    ls->clocks++;
}

// Asks both mailboxes for a move; returns the clocks from the flag write to
// the first read that sees the flag at 2, or -1.
int mailbox_ask(lockstep *ls, const uint16_t rows[6], uint32_t *move)
{
    for (int r = 0; r < 6; r++)
        bus_write(ls, 1 + r, rows[r]);
    bus_write(ls, 0, 1);
    for (int n = 1; n <= 200; n++) {
        if (bus_read(ls, 0) == 2) {
            *move = bus_read(ls, 7);
            bus_write(ls, 0, 0);
            return n;
        }
    }
    return -1;
}

// Plays a random game; calls f on every position that is not over.  With
// ai_side set, that side plays the C model's moves instead of random ones.
template <typename F> void random_game(int ai_side, F f)
{
    c4_game_t g;
    c4_game_init(&g);
    while (!c4_game_is_over(&g)) {
        uint16_t rows[6];
        c4_game_state_rows(&g, g.to_move, rows);
        f(rows);
        int col;
        if (g.to_move == ai_side) {
            col = (int)(c4_ai_decide(rows, nullptr) & 7u);
        } else {
            do
                col = (int)(rng_next() % 7);
            while (!c4_game_can_play(&g, col));
        }
        if (c4_game_play(&g, col) != C4_OK) {
            fprintf(stderr, "the AI chose an illegal column %d\n", col + 1);
            failures++;
            return;
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    long want = argc > 1 ? strtol(argv[1], nullptr, 10) : 100000;
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vconnect4_parity_top>(ctx.get());
    Vconnect4_parity_top *t = top.get();
    t->ai_rst = 0;

    // 1. The AI module on positions from play.
    long positions = 0, games = 0;
    long why_count[8] = {0};
    while (positions < want) {
        int ai_side = (games % 3 == 0) ? 0 : (int)(1 + games % 2);
        random_game(ai_side, [&](const uint16_t rows[6]) {
            check_ai(t, rows);
            why_count[(c4_ai_decide(rows, nullptr) >> 4) & 7]++;
            positions++;
        });
        games++;
    }
    // ... and on arbitrary 84-bit states (11 cells, floating discs).
    long garbage = want / 10;
    for (long i = 0; i < garbage; i++) {
        uint16_t rows[6];
        for (int r = 0; r < 6; r++)
            rows[r] = (uint16_t)(rng_next() & 0x3FFF);
        check_ai(t, rows);
    }
    int ai_failures = failures;
    printf("%s - AI module: %ld positions from %ld games + %ld random states, %d mismatches\n",
           ai_failures ? "not ok 1" : "ok 1", positions, games, garbage, ai_failures);
    printf("# decisions: defensive %ld, win/block %ld, only %ld, trap %ld, minimax %ld\n",
           why_count[1], why_count[2], why_count[3], why_count[4], why_count[5]);

    // 2. The mailbox, clock by clock.
    lockstep ls;
    ls.t = t;
    t->rst = 1;
    rtl_clock(t);
    t->rst = 0;
    c4_model_reset(&ls.m);
    int min_clocks = 1 << 30, max_clocks = 0;
    long sum_clocks = 0, asked = 0;
    int before = failures;
    for (long gnum = 0; gnum < 60; gnum++) {
        random_game(1 + (int)(gnum % 2), [&](const uint16_t rows[6]) {
            idle(&ls, rng_next() % 8); // vary the FSM's polling phase
            uint32_t move = 0;
            int n = mailbox_ask(&ls, rows, &move);
            uint32_t want_move = c4_ai_decide(rows, nullptr);
            if (n < 0 || move != want_move) {
                if (failures < 10)
                    fprintf(stderr, "mailbox answered %08x after %d clocks, AI says %08x\n", move,
                            n, want_move);
                failures++;
                return;
            }
            min_clocks = n < min_clocks ? n : min_clocks;
            max_clocks = n > max_clocks ? n : max_clocks;
            sum_clocks += n;
            asked++;
        });
    }
    int mb_failures = failures - before;
    printf("%s - mailbox FSM: %ld questions in lock step with hal/c4_model.c, %d mismatches\n",
           mb_failures ? "not ok 2" : "ok 2", asked, mb_failures);
    if (asked) {
        // Clocks from the flag write to the read that sees the answer flag.
        printf("# c4_rtl_flag_to_move_min: %d cycles\n", min_clocks);
        printf("# c4_rtl_flag_to_move_max: %d cycles\n", max_clocks);
        printf("# c4_rtl_flag_to_move_mean: %.2f cycles\n", (double)sum_clocks / (double)asked);
    }
    // 3. The seed reference, checked by check_ai on every position of step 1.
    printf("%s - seed reference (written from seed 004's text): %ld positions, %ld "
           "disagreements on the column\n",
           ref_failures ? "not ok 3" : "ok 3", ref_checked, ref_failures);

    // 4. The reset PIO at every phase of a question.
    before = failures;
    enum { PH_IDLE, PH_READING, PH_COMPUTING, PH_WRITING, PH_ANSWERED, PH_COUNT };
    static const char *const phase_names[PH_COUNT] = {"idle", "reading the rows", "computing",
                                                      "writing the answer", "answered"};
    long phase_hits[PH_COUNT] = {0};
    long pulses = 0;
    for (long gnum = 0; gnum < 8 && failures - before < 10; gnum++) {
        random_game(1 + (int)(gnum % 2), [&](const uint16_t rows[6]) {
            idle(&ls, rng_next() % 4);
            for (int r = 0; r < 6; r++)
                bus_write(&ls, 1 + r, rows[r]);
            bus_write(&ls, 0, 1);
            idle(&ls, rng_next() % 40); // anywhere from the first read to well after the answer
            const c4_model_t &m = ls.m;
            int phase = m.mem[0] == C4_FLAG_DONE ? PH_ANSWERED
                        : m.fsm == 3                    ? PH_COMPUTING
                        : m.fsm > 3                     ? PH_WRITING
                        : m.idx != 0                    ? PH_READING
                                                        : PH_IDLE;
            phase_hits[phase]++;
            int rtl_busy_before = t->busy;
            pio_write(&ls, 1);
            idle(&ls, 1 + rng_next() % 4);
            bus_write(&ls, 1, 0x1555); // ignored while the PIO holds reset
            pio_write(&ls, 0);
            pulses++;
            // Right after the pulse: the FSM idle, back at its first state.
            int bad = t->busy || c4_model_busy(&ls.m) || ls.m.fsm != 0 || ls.m.idx != 0;
            for (unsigned w = 0; w < 8; w++)
                if (bus_read(&ls, w) != 0)
                    bad = 1;
            // The question in flight is gone: nothing is written later.
            idle(&ls, 40); // a whole question takes about 26 clocks
            if (bus_read(&ls, 0) != 0 || bus_read(&ls, 7) != 0)
                bad = 1;
            if (bad) {
                if (failures - before < 10)
                    fprintf(stderr, "reset PIO while %s (RTL busy %d): state left behind\n",
                            phase_names[phase], rtl_busy_before);
                failures++;
                return;
            }
            // A fresh question gets the AI's answer.
            uint32_t move = 0;
            int n = mailbox_ask(&ls, rows, &move);
            if (n < 0 || move != c4_ai_decide(rows, nullptr)) {
                if (failures - before < 10)
                    fprintf(stderr, "after a reset while %s: answer %08x after %d clocks\n",
                            phase_names[phase], move, n);
                failures++;
            }
        });
    }
    int pio_failures = failures - before;
    for (int p = PH_READING; p < PH_COUNT; p++)
        if (phase_hits[p] == 0) {
            fprintf(stderr, "no reset pulse fell while %s\n", phase_names[p]);
            pio_failures++;
        }
    printf("%s - reset PIO: %ld pulses in lock step with the model (reading %ld, computing %ld, "
           "writing %ld, answered %ld), %d mismatches\n",
           pio_failures ? "not ok 4" : "ok 4", pulses, phase_hits[PH_READING],
           phase_hits[PH_COMPUTING], phase_hits[PH_WRITING], phase_hits[PH_ANSWERED],
           pio_failures);
    if (pio_failures && !failures)
        failures = pio_failures;

    printf("1..4\n");
    printf("# %d passed, %d failed\n",
           (ai_failures == 0) + (mb_failures == 0) + (ref_failures == 0) + (pio_failures == 0),
           (ai_failures != 0) + (mb_failures != 0) + (ref_failures != 0) + (pio_failures != 0));
    top->final();
    return failures || ref_failures ? 1 : 0;
}

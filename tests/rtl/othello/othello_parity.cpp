// othello_parity.cpp - seed 003's Othello machine (rtl/othello/) held to
// three sources of truth:
//   * the seed's port protocol, quoted in docs/othello.md: BR high after
//     reset, the move on D6..D0 before BR falls, BR high as soon as WR is
//     asserted, a move taken only on the positive edge of D7, the global
//     reset that restarts the game though the RAM keeps the old board;
//   * oth_ref.c, an array board with an eight-direction scan and a plain
//     minimax written from the rules: every Black move legal, every pass
//     forced, and at depths 1-3 the very move minimax picks;
//   * the C model hal/models/othello_model.c against the Verilated RTL in
//     lockstep, clock by clock: every word read equal (so every port byte of
//     every poll) and the same `active` output.
// Parts (TAP): power-on, seed-example, wr-held-high, wr-one-clock-pulse,
// wr-edge-while-thinking, reset-held, reset-mid-game, white-pass-first,
// black-pass, double-pass-end, cycles, search-vs-minimax, parity.
// Usage: othello_parity [POSITIONS] (default 100000 White/Black exchanges)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "Vothello_machine.h"
#include "verilated.h"

extern "C" {
#include "models/othello_model.h"
#include "oth_ref.h"
}

namespace {

int tap_n = 0, tap_failed = 0;
void tap(bool ok, const char *what)
{
    tap_n++;
    if (!ok)
        tap_failed++;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", tap_n, what);
    fflush(stdout);
}

uint64_t rng_state = 0x9E3779B97F4A7C15ull;
uint32_t rnd()
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

// ---- the C model and the RTL in lockstep ----

struct Dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vothello_machine> top;
    oth_model_t *m;
    bool use_rtl;
    long mismatches = 0;
    uint64_t clocks = 0;

    explicit Dut(bool rtl = true) : m(new oth_model_t), use_rtl(rtl)
    {
        oth_model_reset(m);
        if (use_rtl) {
            ctx.reset(new VerilatedContext());
            top.reset(new Vothello_machine(ctx.get(), "othello_machine"));
            top->avs_address = 0;
            top->avs_read = 0;
            top->avs_write = 0;
            top->avs_writedata = 0;
            top->rst = 1;
            for (int i = 0; i < 4; i++)
                clock();
            top->rst = 0;
        }
    }
    ~Dut()
    {
        if (use_rtl)
            top->final();
        delete m;
    }
    void clock()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
    }
    void mismatch(const char *what, uint32_t a, uint32_t b)
    {
        if (mismatches++ < 5)
            printf("# mismatch %s: model 0x%08X rtl 0x%08X at clock %llu\n", what, (unsigned)a,
                   (unsigned)b, (unsigned long long)clocks);
    }
    void check_active()
    {
        if (use_rtl && (int)top->active != oth_model_active(m))
            mismatch("active", (uint32_t)oth_model_active(m), top->active);
    }
    uint32_t read(uint32_t off)
    {
        uint32_t a = oth_model_read(m, off);
        if (use_rtl) {
            top->avs_address = (off >> 2) & 7;
            top->avs_read = 1;
            clock();
            top->avs_read = 0;
            if (top->avs_readdata != a)
                mismatch("read", a, top->avs_readdata);
        }
        clocks++;
        check_active();
        return a;
    }
    void write(uint32_t off, uint32_t v)
    {
        oth_model_write(m, off, v);
        if (use_rtl) {
            top->avs_address = (off >> 2) & 7;
            top->avs_writedata = v;
            top->avs_write = 1;
            clock();
            top->avs_write = 0;
        }
        clocks++;
        check_active();
    }
    void idle(uint64_t n)
    {
        for (uint64_t i = 0; i < n; i++) {
            oth_model_tick(m, 1);
            if (use_rtl)
                clock();
            clocks++;
            check_active();
        }
    }
    void reset_game(uint32_t config)
    {
        write(OTH_REG_RESET, 1);
        write(OTH_REG_WHITE, OTH_WHITE_WR);
        idle(3);
        write(OTH_REG_RESET, 0);
        if (config)
            write(OTH_REG_CONFIG, config);
    }
};

// Protocol violations seen while polling (any counts as a failure).
struct Watch {
    long br_early = 0;     // BR fell while D6..D0 changed in the same clock
    long br_not_prompt = 0; // BR still low when read right after WR was asserted
    long never = 0;        // no answer within the clock limit
    long bad_cycles = 0;   // CYCLES + 2 != clocks from the D7 = 1 write to BR low
} watch;

// Sends White's byte (D7 = 0, then D7 = 1); check_prompt reads the Black
// port between the two writes: BR must read high already.
void send_white(Dut &d, uint32_t bits, bool check_prompt)
{
    d.write(OTH_REG_WHITE, bits & 0x7F);
    if (check_prompt && !(d.read(OTH_REG_BLACK) & OTH_BLACK_BR))
        watch.br_not_prompt++;
    d.write(OTH_REG_WHITE, (bits & 0x7F) | OTH_WHITE_WR);
}

// Polls the Black port every clock until BR is low; returns D6..D0 (or -1).
// Unless told otherwise the poll starts right after the D7 = 1 write, and
// the clocks to BR low are checked against CYCLES.
int poll_black(Dut &d, bool check_cycles = true, uint64_t limit = 50000000)
{
    uint32_t prev = d.read(OTH_REG_BLACK);
    uint64_t n = 1;
    while (prev & OTH_BLACK_BR) {
        uint32_t v = d.read(OTH_REG_BLACK);
        n++;
        if (!(v & OTH_BLACK_BR)) {
            if ((v & 0x7F) != (prev & 0x7F))
                watch.br_early++;
            uint32_t cyc = d.read(OTH_REG_CYCLES);
            if (check_cycles && (uint64_t)cyc + 2 != n && watch.bad_cycles++ < 3)
                printf("# CYCLES %u, clocks from the D7 = 1 write to BR low %llu\n", (unsigned)cyc,
                       (unsigned long long)n);
            return (int)(v & 0x7F);
        }
        prev = v;
        if (n > limit) {
            watch.never++;
            return -1;
        }
    }
    return -2; // BR was already low: no new answer
}

struct GameStats {
    int exchanges = 0, black_passes = 0, white_passes = 0, illegal = 0, wrong_pass = 0;
    int black_mid_passes = 0, white_mid_passes = 0; // passes with the other side still able to move
    bool double_pass_end = false;
    int answers[128];
    int n_answers = 0;
};

// White's random legal move (-1: pass).
int white_choice(const oth_ref_t &b)
{
    int mv[64];
    int n = oth_ref_moves(&b, OTH_REF_WHITE, mv);
    return n ? mv[rnd() % (uint32_t)n] : -1;
}

// One game from the start: White random (or from a list), Black the machine.
// white_first_pass: White's first byte is a pass (Black opens).
GameStats play_game(Dut &d, uint32_t config, bool white_first_pass, int max_exchanges = 200,
                    uint64_t seed = 0)
{
    GameStats g;
    if (seed)
        rng_state = seed;
    d.reset_game(config);
    oth_ref_t b;
    oth_ref_start(&b);
    int consecutive_passes = 0;
    bool first = true;
    while (g.exchanges < max_exchanges) {
        int w = (first && white_first_pass) ? -1 : white_choice(b);
        first = false;
        if (w < 0) {
            int bm[64];
            g.white_passes++;
            g.white_mid_passes += oth_ref_moves(&b, OTH_REF_BLACK, bm) != 0;
            consecutive_passes++;
        } else {
            oth_ref_play(&b, OTH_REF_WHITE, w / 8, w % 8);
            consecutive_passes = 0;
        }
        send_white(d, w < 0 ? OTH_WHITE_PA : (uint32_t)w, (rnd() & 3) == 0);
        int a = poll_black(d);
        g.exchanges++;
        if (a < 0)
            break;
        if (g.n_answers < 128)
            g.answers[g.n_answers++] = a;
        int mv[64];
        int legal = oth_ref_moves(&b, OTH_REF_BLACK, mv);
        if (a & OTH_WHITE_PA) {
            int wm[64];
            g.black_passes++;
            g.black_mid_passes += oth_ref_moves(&b, OTH_REF_WHITE, wm) != 0;
            if (legal)
                g.wrong_pass++;
            if (++consecutive_passes >= 2) {
                int wm[64];
                g.double_pass_end = oth_ref_moves(&b, OTH_REF_WHITE, wm) == 0 && legal == 0;
                break;
            }
        } else {
            if (!oth_ref_play(&b, OTH_REF_BLACK, (a >> 3) & 7, a & 7))
                g.illegal++;
            consecutive_passes = 0;
        }
    }
    return g;
}

bool game_ok(const GameStats &g)
{
    return g.illegal == 0 && g.wrong_pass == 0;
}

} // namespace

int main(int argc, char **argv)
{
    long positions = argc > 1 ? atol(argv[1]) : 100000;
    Verilated::commandArgs(argc, argv);
    Dut d;

    // power-on: BR high (Black not ready), the ID.
    {
        uint32_t black = d.read(OTH_REG_BLACK), id = d.read(OTH_REG_ID);
        tap((black & OTH_BLACK_BR) && id == OTH_ID_VALUE, "power-on: BR high, ID OTH1");
    }

    // seed-example: the bytes 0x2B then 0xAB are White d6 (row 5, column 3).
    {
        d.reset_game(0);
        oth_ref_t b;
        oth_ref_start(&b);
        bool ok = oth_ref_play(&b, OTH_REF_WHITE, 5, 3) == 1;
        d.write(OTH_REG_WHITE, 0x2B);
        d.write(OTH_REG_WHITE, 0xAB);
        int a = poll_black(d);
        ok = ok && a >= 0 && !(a & OTH_WHITE_PA) && oth_ref_flips(&b, OTH_REF_BLACK, a >> 3, a & 7);
        tap(ok, "seed-example: White d6 as 0x2B, 0xAB gets a legal Black answer");

        // wr-held-high: D7 written 1 again without a 0 first: no edge, no move.
        uint32_t cyc = d.read(OTH_REG_CYCLES);
        for (int i = 0; i < 5; i++)
            d.write(OTH_REG_WHITE, 0xA2);
        d.idle(20000);
        uint32_t black = d.read(OTH_REG_BLACK);
        tap(!(black & OTH_BLACK_BR) && (int)(black & 0x7F) == a && d.read(OTH_REG_CYCLES) == cyc,
            "wr-held-high: writes with D7 = 1 and no 0 before take no move, BR stays low");
    }

    // wr-one-clock-pulse: D7 = 0 for a single clock, then 1, is a move.
    {
        d.reset_game(0);
        d.write(OTH_REG_WHITE, 0x2B);
        d.write(OTH_REG_WHITE, 0xAB);
        int a = poll_black(d);
        tap(a >= 0 && !(a & OTH_WHITE_PA), "wr-one-clock-pulse: a one-clock WR pulse is taken");
    }

    // wr-edge-while-thinking: a second White move before Black's answer is
    // ignored; the game goes on from the first (every later move legal).
    {
        d.reset_game(2); // depth 2: think long enough
        oth_ref_t b;
        oth_ref_start(&b);
        oth_ref_play(&b, OTH_REF_WHITE, 5, 3);
        d.write(OTH_REG_WHITE, 0x2B);
        d.write(OTH_REG_WHITE, 0xAB);
        d.idle(4);
        bool busy = d.read(OTH_REG_BLACK) & OTH_BLACK_BR;
        d.write(OTH_REG_WHITE, 0x25); // White f5 (row 4, col 5), out of turn
        d.write(OTH_REG_WHITE, 0xA5);
        int a = poll_black(d, false);
        bool ok = busy && a >= 0 && !(a & OTH_WHITE_PA) &&
                  oth_ref_play(&b, OTH_REF_BLACK, a >> 3, a & 7);
        // The machine must still wait for White (the extra edge was dropped).
        d.idle(20000);
        ok = ok && !(d.read(OTH_REG_BLACK) & OTH_BLACK_BR);
        int bad = 0;
        for (int k = 0; k < 12 && ok; k++) {
            int w = white_choice(b);
            if (w >= 0)
                oth_ref_play(&b, OTH_REF_WHITE, w / 8, w % 8);
            send_white(d, w < 0 ? OTH_WHITE_PA : (uint32_t)w, true);
            int r = poll_black(d);
            if (r < 0)
                bad++;
            else if (r & OTH_WHITE_PA) {
                int mv[64];
                bad += oth_ref_moves(&b, OTH_REF_BLACK, mv) != 0;
            } else
                bad += !oth_ref_play(&b, OTH_REF_BLACK, r >> 3, r & 7);
        }
        tap(ok && bad == 0, "wr-edge-while-thinking: the out-of-turn edge is ignored");
    }

    // reset-held: while the global reset is high BR reads high and White's
    // edges are not taken; after it the machine waits for White.
    {
        d.reset_game(0);
        d.write(OTH_REG_WHITE, 0x2B);
        d.write(OTH_REG_WHITE, 0xAB);
        poll_black(d); // BR low now
        d.write(OTH_REG_RESET, 1);
        d.idle(2);
        bool br_high = d.read(OTH_REG_BLACK) == OTH_BLACK_BR;
        d.write(OTH_REG_WHITE, 0x2B);
        d.write(OTH_REG_WHITE, 0xAB);
        d.idle(100);
        d.write(OTH_REG_RESET, 0);
        d.idle(20000);
        bool waiting = d.read(OTH_REG_BLACK) & OTH_BLACK_BR;
        tap(br_high && waiting, "reset-held: BR high in reset, edges in reset not taken");
    }

    // reset-mid-game: 15 exchanges, a reset, then a full game: its answers
    // equal a fresh machine's answering the same White moves (the RAM kept
    // the old board; the machine restored it).
    {
        play_game(d, 3, false, 15, 0x1234567ull);
        GameStats after = play_game(d, 3, false, 200, 0xABCDEFull);
        Dut fresh(false);
        GameStats ref = play_game(fresh, 3, false, 200, 0xABCDEFull);
        bool same = after.n_answers == ref.n_answers && after.n_answers > 10 &&
                    memcmp(after.answers, ref.answers, sizeof(int) * (size_t)ref.n_answers) == 0;
        tap(same && game_ok(after), "reset-mid-game: the next game as from a fresh machine");
    }

    // white-pass-first: White's first byte a pass, Black opens from the start.
    {
        d.reset_game(0);
        send_white(d, OTH_WHITE_PA, true);
        int a = poll_black(d);
        oth_ref_t b;
        oth_ref_start(&b);
        tap(a >= 0 && !(a & OTH_WHITE_PA) && oth_ref_flips(&b, OTH_REF_BLACK, a >> 3, a & 7),
            "white-pass-first: Black opens with a legal move");
    }

    // black-pass and double-pass-end over random games (depth 1-2 for speed).
    {
        int black_passes = 0, wrong = 0, games = 0, ends = 0, white_passes = 0;
        for (int i = 0; i < 400 && (black_passes < 3 || white_passes < 3 || games < 10); i++) {
            GameStats g = play_game(d, 1 + (rnd() & 1), false);
            games++;
            black_passes += g.black_mid_passes;
            white_passes += g.white_mid_passes;
            wrong += g.wrong_pass + g.illegal;
            ends += g.double_pass_end;
        }
        char msg[160];
        snprintf(msg, sizeof msg,
                 "black-pass: %d forced Black passes and %d White passes mid-game (the other side "
                 "moving on) in %d games, no pass with a legal move",
                 black_passes, white_passes, games);
        tap(black_passes >= 3 && white_passes >= 3 && wrong == 0, msg);
        snprintf(msg, sizeof msg, "double-pass-end: %d of %d games end by two passes with no move left",
                 ends, games);
        tap(ends == games, msg);
    }

    // search-vs-minimax: at depths 1-3 with no budget limit the machine plays
    // the move plain minimax (oth_ref.c) picks, in random positions.
    {
        int checked = 0, wrong = 0;
        for (int i = 0; i < 60; i++) {
            int depth = 1 + i % 3;
            d.reset_game(0xFFFF0000u | (uint32_t)depth);
            oth_ref_t b;
            oth_ref_start(&b);
            int passes = 0;
            while (passes < 2) {
                int w = white_choice(b);
                if (w >= 0) {
                    oth_ref_play(&b, OTH_REF_WHITE, w / 8, w % 8);
                    passes = 0;
                } else
                    passes++;
                send_white(d, w < 0 ? OTH_WHITE_PA : (uint32_t)w, false);
                int a = poll_black(d);
                int expect = oth_ref_search(&b, OTH_REF_BLACK, depth);
                checked++;
                if (a < 0 || (a & OTH_WHITE_PA ? -1 : a) != expect) {
                    if (wrong++ < 3)
                        printf("# depth %d: machine 0x%02X, minimax %d\n", depth, a, expect);
                }
                if (a < 0)
                    break;
                if (a & OTH_WHITE_PA)
                    passes++;
                else {
                    oth_ref_play(&b, OTH_REF_BLACK, a >> 3, a & 7);
                    passes = 0;
                }
            }
        }
        char msg[160];
        snprintf(msg, sizeof msg, "search-vs-minimax: %d positions at depths 1-3, %d differ",
                 checked, wrong);
        tap(wrong == 0 && checked > 1000, msg);
    }

    // parity: random games until POSITIONS exchanges, every read equal.
    {
        long done = 0, games = 0, bad = 0;
        while (done < positions) {
            // Mostly shallow (cheap) games; one in ten each at depth 3, at
            // depth 4, and cut by a small clock budget at depths 4-10; one
            // in 200 at the default search.
            uint32_t config;
            switch (games % 10) {
            case 7: config = 3; break;
            case 8: config = (1 + rnd() % 4) << 16 | (4 + rnd() % 7); break;
            case 9: config = 4; break;
            default: config = 1 + rnd() % 2; break;
            }
            if (games % 200 == 199)
                config = 0;
            GameStats g = play_game(d, config, games % 7 == 3);
            done += g.exchanges;
            bad += !game_ok(g);
            games++;
        }
        char msg[200];
        snprintf(msg, sizeof msg,
                 "parity: %ld exchanges in %ld games, %llu clocks, model = RTL on every read "
                 "(%ld mismatches), every Black move legal (%ld games not)",
                 done, games, (unsigned long long)d.clocks, d.mismatches, bad);
        tap(d.mismatches == 0 && bad == 0, msg);
    }

    // cycles: every poll saw CYCLES + 2 clocks from the D7 = 1 write to BR low.
    tap(watch.bad_cycles == 0 && watch.never == 0,
        "cycles: CYCLES + 2 = clocks from the D7 = 1 write to the read that sees BR low");

    tap(watch.br_early == 0, "protocol: Black's move was on D6..D0 before BR fell, every time");
    tap(watch.br_not_prompt == 0, "protocol: BR read high right after WR was asserted, every time");
    printf("1..%d\n", tap_n);
    printf("# %d passed, %d failed\n", tap_n - tap_failed, tap_failed);
    return tap_failed ? 1 : 0;
}

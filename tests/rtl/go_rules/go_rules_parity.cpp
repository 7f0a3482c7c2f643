// go_rules_parity.cpp - the go_rules peripheral (rtl/go_rules/, seed 001)
// held to two sources of truth:
//   * the C rules engine src/games/go/board.c, which knows nothing of
//     wires or pruners (groups, liberties, a simple-ko point): every
//     decision, resulting board and capture count, and area counts;
//   * the C model hal/models/go_rules_model.c against the Verilated RTL, in
//     lockstep bus transaction by bus transaction: every word read equal,
//     so every STATUS poll, board word and clock count.
// Parts (TAP, one line each):
//   positions  tests/data/go_rules/positions.txt: ladders, snakes, eyes,
//              ko, suicide, multi-group captures, a full board; each
//              diagram's last move judged by board.c, the model and the RTL
//   cycles     the clock counts against a breadth-first search over the
//              wires written here (7 + d1 + d2 for a stone), and the growth
//              with the length of a snake
//   random     N random positions and moves from random games (default
//              100000; --rtl-every K runs the RTL on every K-th, default 1)
//   registers  bad moves, points written as 3, writes while busy
// Usage: go_rules_parity DATA_DIR [N] [--rtl-every K]
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vgo_rules.h"
#include "verilated.h"

extern "C" {
#include "games/go/board.h"
#include "games/go/rules.h"
#include "models/go_rules_model.h"
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

uint64_t rng_state = 0x2545F4914F6CDD1Dull;
uint32_t rnd()
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 2685821657736338717ull) >> 32);
}

// ---- the two peripherals in lockstep ----

struct Dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgo_rules> top;
    go_rules_model_t m;
    bool rtl = true;       // drive the RTL too
    long mismatches = 0;
    uint64_t rtl_clocks = 0;

    Dut()
    {
        ctx.reset(new VerilatedContext());
        top.reset(new Vgo_rules(ctx.get(), "go_rules"));
        top->avs_read = 0;
        top->avs_write = 0;
        top->avs_address = 0;
        top->avs_writedata = 0;
        top->rst = 1;
        for (int i = 0; i < 3; i++)
            tick();
        top->rst = 0;
        go_rules_model_reset(&m);
    }
    void tick()
    {
        top->clk = 0;
        top->eval();
        top->clk = 1;
        top->eval();
        rtl_clocks++;
    }
    uint32_t read(uint32_t word)
    {
        uint32_t mv = go_rules_model_read(&m, word * 4);
        if (!rtl)
            return mv;
        top->avs_address = word;
        top->avs_read = 1;
        tick();
        top->avs_read = 0;
        uint32_t rv = top->avs_readdata;
        if (rv != mv) {
            if (mismatches < 10)
                fprintf(stderr, "word %u: model 0x%08X, RTL 0x%08X\n", word, mv, rv);
            mismatches++;
        }
        return mv;
    }
    void write(uint32_t word, uint32_t v)
    {
        go_rules_model_write(&m, word * 4, v);
        if (!rtl)
            return;
        top->avs_address = word;
        top->avs_writedata = v;
        top->avs_write = 1;
        tick();
        top->avs_write = 0;
    }
    void write_board(uint32_t base_word, const uint8_t b[81])
    {
        for (unsigned k = 0; k < 6; k++) {
            uint32_t w = 0;
            for (unsigned i = 0; i < 16 && 16 * k + i < 81; i++)
                w |= (uint32_t)b[16 * k + i] << (2 * i);
            write(base_word + k, w);
        }
    }
    void read_board(uint32_t base_word, uint8_t b[81])
    {
        for (unsigned k = 0; k < 6; k++) {
            uint32_t w = read(base_word + k);
            for (unsigned i = 0; i < 16 && 16 * k + i < 81; i++)
                b[16 * k + i] = (uint8_t)((w >> (2 * i)) & 3u);
        }
    }
};

struct Answer {
    int legal, reason, captured;
    uint32_t cycles;
    uint8_t board[81];
};

// One decision through the registers (docs/go_rules.md's protocol).
Answer decide(Dut &d, const uint8_t board[81], const uint8_t ko[81], int colour, int point)
{
    d.write_board(16, board);
    d.write_board(24, ko);
    uint32_t move = (uint32_t)colour << 16 | (point < 0 ? 1u << 8 : (uint32_t)point);
    d.write(3, move);
    d.write(1, 1);
    uint32_t st = 0;
    for (int i = 0; i < 10000; i++) {
        st = d.read(2);
        if ((st & 2) && !(st & 1))
            break;
    }
    Answer a;
    a.legal = (st >> 2) & 1;
    a.reason = (st >> 4) & 7;
    d.read_board(32, a.board);
    a.captured = (int)d.read(4);
    a.cycles = d.read(5);
    return a;
}

void territory(Dut &d, const uint8_t board[81], int *black, int *white, uint32_t *cycles)
{
    d.write_board(16, board);
    d.write(1, 2);
    for (int i = 0; i < 10000; i++) {
        uint32_t st = d.read(2);
        if ((st & (1u << 9)) && !(st & (1u << 8)))
            break;
    }
    uint32_t t = d.read(6);
    *black = (int)(t & 0x7F);
    *white = (int)((t >> 16) & 0x7F);
    *cycles = d.read(7);
}

void grid_of(const BoardState *b, uint8_t g[81])
{
    for (int p = 0; p < 81; p++)
        g[p] = (uint8_t)board_get(b, p / 9, p % 9);
}

int reason_of(MoveResult r)
{
    switch (r) {
    case MOVE_OK:
        return 0;
    case MOVE_ILLEGAL_OCCUPIED:
        return 1;
    case MOVE_ILLEGAL_SUICIDE:
        return 2;
    case MOVE_ILLEGAL_KO:
        return 3;
    default:
        return 4;
    }
}

// ---- an independent account of the propagation time ----

// The clocks the hot front needs: a breadth-first search over the wires
// (a wire touching an empty is hot at time 1; a wire between two stones
// of one colour is hot one clock after a hot wire sharing an end point).
int front_time(const uint8_t g[81])
{
    struct W {
        int a, b;
    };
    std::vector<W> wires;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            if (c < 8)
                wires.push_back({r * 9 + c, r * 9 + c + 1});
            if (r < 8)
                wires.push_back({r * 9 + c, (r + 1) * 9 + c});
        }
    std::vector<int> t(wires.size(), 0);
    std::vector<size_t> queue;
    for (size_t i = 0; i < wires.size(); i++)
        if (g[wires[i].a] == 0 || g[wires[i].b] == 0) {
            t[i] = 1;
            queue.push_back(i);
        }
    int maxt = queue.empty() ? 0 : 1;
    for (size_t qi = 0; qi < queue.size(); qi++) {
        const W &w = wires[queue[qi]];
        for (size_t j = 0; j < wires.size(); j++) {
            if (t[j])
                continue;
            const W &x = wires[j];
            if (g[x.a] == 0 || g[x.b] == 0 || g[x.a] != g[x.b])
                continue;
            if (x.a == w.a || x.a == w.b || x.b == w.a || x.b == w.b) {
                t[j] = t[queue[qi]] + 1;
                if (t[j] > maxt)
                    maxt = t[j];
                queue.push_back(j);
            }
        }
    }
    return maxt;
}

// ---- positions from tests/data/go_rules/positions.txt ----

// Blocks separated by lines "---": a title line "# ...", a 9x9 diagram
// (X black, O white, . empty), then "moves: b E5 w D4 ..." played in
// order by board.c; the last move is the one under test (the earlier ones
// must be legal: they give the ko history).
int run_positions(Dut &d, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        tap(false, "positions file readable");
        return 0;
    }
    std::string text;
    char buf[512];
    while (fgets(buf, sizeof buf, f))
        text += buf;
    fclose(f);
    int n = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find("\n---", pos);
        std::string block = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        pos = end == std::string::npos ? text.size() : text.find('\n', end + 1) + 1;
        if (pos == 0)
            pos = text.size();
        std::string title = "position", diagram, moves;
        size_t lp = 0;
        while (lp < block.size()) {
            size_t le = block.find('\n', lp);
            std::string line = block.substr(lp, le == std::string::npos ? std::string::npos : le - lp);
            lp = le == std::string::npos ? block.size() : le + 1;
            if (line.empty() || line[0] == ';')
                continue;
            if (line[0] == '#')
                title = line.substr(1);
            else if (!line.compare(0, 6, "moves:"))
                moves = line.substr(6);
            else
                diagram += line + "\n";
        }
        if (diagram.empty())
            continue;
        static BoardState b;
        char err[128];
        if (board_from_ascii(&b, diagram.c_str(), err, sizeof err) != 0 || b.size != 9) {
            tap(false, (title + ": diagram: " + err).c_str());
            continue;
        }
        // The moves; ko board = the position before the opponent's last move.
        std::vector<std::vector<uint8_t>> history;
        uint8_t g[81];
        grid_of(&b, g);
        history.push_back(std::vector<uint8_t>(g, g + 81));
        std::vector<std::pair<Stone, Move>> seq;
        char mbuf[512];
        snprintf(mbuf, sizeof mbuf, "%s", moves.c_str());
        for (char *tok = strtok(mbuf, " \t"); tok; tok = strtok(NULL, " \t")) {
            Stone c = (tok[0] == 'w' || tok[0] == 'W') ? WHITE : BLACK;
            char *v = strtok(NULL, " \t");
            Move m;
            if (!v || board_vertex_parse(9, v, &m) != 0)
                break;
            seq.push_back({c, m});
        }
        bool ok = !seq.empty();
        for (size_t i = 0; ok && i + 1 < seq.size(); i++) {
            Move m = seq[i].second;
            if (m.pass)
                board_pass_color(&b, seq[i].first);
            else if (board_play(&b, seq[i].first, m.row, m.col) != MOVE_OK)
                ok = false;
            grid_of(&b, g);
            history.push_back(std::vector<uint8_t>(g, g + 81));
        }
        if (!ok) {
            tap(false, (title + ": moves replay").c_str());
            continue;
        }
        Stone c = seq.back().first;
        Move m = seq.back().second;
        grid_of(&b, g);
        const uint8_t *ko = history.size() >= 2 ? history[history.size() - 2].data() : g;
        int point = m.pass ? -1 : m.row * 9 + m.col;
        Answer a = decide(d, g, ko, c, point);
        MoveResult sw = m.pass ? MOVE_OK : board_check(&b, c, m.row, m.col);
        bool good = a.reason == reason_of(sw) && a.legal == (sw == MOVE_OK);
        uint8_t after[81];
        memcpy(after, g, 81);
        int d1 = 0, d2 = 0;
        if (sw == MOVE_OK && !m.pass) {
            uint8_t placed[81];
            memcpy(placed, g, 81);
            placed[point] = (uint8_t)c;
            d1 = front_time(placed);
            board_play(&b, c, m.row, m.col);
            grid_of(&b, after);
            d2 = front_time(after);
            good = good && a.captured == b.last_captures &&
                   a.cycles == (uint32_t)(7 + d1 + d2);
        }
        good = good && !memcmp(a.board, after, 81);
        char msg[256];
        snprintf(msg, sizeof msg, "%s: reason %d (board.c %d), captured %d, %u clocks "
                 "(7 + %d + %d)", title.c_str(), a.reason, reason_of(sw), a.captured, a.cycles,
                 d1, d2);
        tap(good, msg);
        n++;
    }
    return n;
}

// ---- the cycle-count claim: a chain of L stones, its liberty at one end ----

void run_cycles(Dut &d)
{
    // White along the top edge from A9, L stones, its only liberty the
    // point after its end; black under it (each black stone touches an
    // empty point below).  Black plays J1, far away: both prunes must wait
    // for the hot front to walk the white chain, one wire a clock.
    uint32_t prev = 0;
    bool grows = true, formula = true, tformula = true;
    int lengths = 0;
    for (int L = 2; L <= 8; L++) {
        uint8_t g[81] = {0};
        for (int c = 0; c < L; c++) {
            g[c] = 2;
            g[9 + c] = 1;
        }
        Answer a = decide(d, g, g, 1, 80);
        uint8_t placed[81];
        memcpy(placed, g, 81);
        placed[80] = 1;
        int d1 = front_time(placed);
        if (!a.legal || a.captured != 0 || memcmp(a.board, placed, 81) ||
            a.cycles != (uint32_t)(7 + 2 * d1) || d1 != L)
            formula = false;
        if (lengths > 0 && a.cycles != prev + 2)
            grows = false;
        // The territory count: two pruners on swapped boards at once.
        uint8_t sb[81], sw[81];
        for (int p = 0; p < 81; p++) {
            sb[p] = (uint8_t)(g[p] == 1 ? 1 : g[p] == 2 ? 0 : 2);
            sw[p] = (uint8_t)(g[p] == 2 ? 2 : g[p] == 1 ? 0 : 1);
        }
        int tb, tw;
        uint32_t tc;
        territory(d, g, &tb, &tw, &tc);
        int db = front_time(sb), dw = front_time(sw);
        if (tc != (uint32_t)(2 + (db > dw ? db : dw)))
            tformula = false;
        printf("# chain of %d stones: %u clocks (front %d clocks each prune)\n", L, a.cycles, d1);
        prev = a.cycles;
        lengths++;
    }
    tap(formula, "cycles: a legal stone takes 7 + d1 + d2 clocks, d from a breadth-first "
                 "search over the wires (here d = the chain's length)");
    tap(grows, "cycles: each stone more in the chain costs two clocks (one a prune)");
    tap(tformula, "cycles: a territory count takes 2 + max(db, dw) clocks");
}

// ---- random positions from random games ----

void run_random(Dut &dut, long n, int rtl_every)
{
    static Dut alone;
    alone.rtl = false;
    static BoardState b;
    board_init(&b);
    std::vector<uint8_t> prev_pos(81, 0), cur(81, 0);  // history for the ko board
    uint8_t before_last[81];
    memset(before_last, 0, 81);
    long bad = 0, legal = 0, occupied = 0, suicide = 0, ko = 0, multi = 0, captures = 0;
    long terr_checked = 0, terr_bad = 0, moves_in_game = 0, seam_checked = 0, seam_bad = 0;
    uint64_t cyc_sum = 0;
    uint32_t cyc_max = 0;
    for (long i = 0; i < n; i++) {
        // The RTL's twin answers every rtl_every-th decision in lockstep;
        // the others go to a model of their own (a model that answered
        // alone would hold other stale answers in STATUS than the RTL).
        Dut &d = rtl_every > 0 && i % rtl_every == 0 ? dut : alone;
        uint8_t g[81];
        grid_of(&b, g);
        Stone c = b.turn;
        // Mostly a legal point, sometimes any point, rarely a pass.
        Move m = {0, 0, 0};
        uint32_t pick = rnd() % 100;
        if (pick < 3) {
            m.pass = 1;
        } else if (pick < 13 && b.ko_point && b.ko_color == c) {
            m.row = b.ko_point / BOARD_STRIDE - 1; // retake the ko at once
            m.col = b.ko_point % BOARD_STRIDE - 1;
        } else if (pick < 25) {
            m.row = (int)(rnd() % 9);
            m.col = (int)(rnd() % 9);
        } else {
            int empties[81], ne = 0;
            for (int p = 0; p < 81; p++)
                if (!g[p] && board_check(&b, c, p / 9, p % 9) == MOVE_OK)
                    empties[ne++] = p;
            if (!ne) {
                m.pass = 1;
            } else {
                int p = empties[rnd() % ne];
                m.row = p / 9;
                m.col = p % 9;
            }
        }
        int point = m.pass ? -1 : m.row * 9 + m.col;
        // The seam's ko board, derived from the BoardState alone
        // (games/go/rules.c), must give the verdict the true history gives.
        if (i % 4 == 1) {
            uint8_t pos[81], derived[81];
            go_rules_position(&b, c, pos, derived);
            Answer h = decide(alone, g, before_last, c, point);
            Answer v = decide(alone, pos, derived, c, point);
            seam_checked++;
            if (memcmp(pos, g, 81) || h.reason != v.reason || memcmp(h.board, v.board, 81))
                seam_bad++;
        }
        // The ko board: the position before the opponent's last move.
        Answer a = decide(d, g, before_last, c, point);
        MoveResult sw = m.pass ? MOVE_OK : board_check(&b, c, m.row, m.col);
        bool good = a.reason == reason_of(sw) && a.legal == (sw == MOVE_OK);
        uint8_t after[81];
        memcpy(after, g, 81);
        if (sw == MOVE_OK) {
            if (m.pass)
                board_pass_color(&b, c);
            else
                board_play(&b, c, m.row, m.col);
            grid_of(&b, after);
            int caps = m.pass ? 0 : b.last_captures;
            good = good && a.captured == caps;
            captures += caps > 0;
            // More than one group removed: count the groups taken.
            if (caps > 1 && !m.pass) {
                int groups = 0;
                uint8_t seen[81] = {0};
                for (int p = 0; p < 81; p++) {
                    if (!(g[p] && !after[p]) || seen[p])
                        continue;
                    groups++;
                    int stack[81], sp = 0;
                    stack[sp++] = p;
                    seen[p] = 1;
                    while (sp) {
                        int q = stack[--sp];
                        int nb[4] = {q % 9 ? q - 1 : -1, q % 9 < 8 ? q + 1 : -1, q - 9, q + 9};
                        for (int k = 0; k < 4; k++) {
                            int r = nb[k];
                            if (r >= 0 && r < 81 && !seen[r] && g[r] == g[p] && !after[r]) {
                                seen[r] = 1;
                                stack[sp++] = r;
                            }
                        }
                    }
                }
                multi += groups > 1;
            }
            memcpy(before_last, g, 81);
            legal++;
            moves_in_game++;
            cyc_sum += a.cycles;
            if (a.cycles > cyc_max)
                cyc_max = a.cycles;
        } else {
            occupied += sw == MOVE_ILLEGAL_OCCUPIED;
            suicide += sw == MOVE_ILLEGAL_SUICIDE;
            ko += sw == MOVE_ILLEGAL_KO;
        }
        good = good && !memcmp(a.board, after, 81);
        if (!good) {
            if (bad < 5) {
                char v[8];
                board_vertex_format(9, m, v, sizeof v);
                fprintf(stderr, "random %ld: %s %s: reason %d board.c %d captured %d\n", i,
                        c == BLACK ? "b" : "w", v, a.reason, reason_of(sw), a.captured);
            }
            bad++;
        }
        // Area counts every 8th position (board.c's board_score: stones
        // plus regions bordered by one colour only; the seed's counter
        // gives a region touching no stone to both, board_score to neither).
        if (i % 8 == 0) {
            int tb, tw, sb, sw2;
            uint32_t tc;
            territory(d, after, &tb, &tw, &tc);
            board_score(&b, &sb, &sw2);
            int stones = 0;
            for (int p = 0; p < 81; p++)
                stones += after[p] != 0;
            if (!stones) {
                sb = 81;
                sw2 = 81;
            }
            terr_checked++;
            if (tb != sb || tw != sw2) {
                if (terr_bad < 5)
                    fprintf(stderr, "random %ld: territory %d/%d, board_score %d/%d\n", i, tb,
                            tw, sb, sw2);
                terr_bad++;
            }
        }
        if (b.game_over || moves_in_game > 160) {
            board_init(&b);
            memset(before_last, 0, 81);
            moves_in_game = 0;
        }
    }
    printf("# %ld moves: %ld legal (%ld capturing, %ld taking several groups), %ld occupied, "
           "%ld suicide, %ld ko; %ld territory counts\n",
           n, legal, captures, multi, occupied, suicide, ko, terr_checked);
    printf("# clocks per legal move: mean %.2f, max %u\n",
           legal ? (double)cyc_sum / (double)legal : 0.0, cyc_max);
    char msg[200];
    snprintf(msg, sizeof msg, "random: %ld decisions equal to board.c's (verdict, board, captures)",
             n);
    tap(bad == 0, msg);
    tap(terr_bad == 0, "random: territory counts equal to board_score's area counts");
    snprintf(msg, sizeof msg, "random: the ko board rules.c derives from the BoardState gives "
             "the verdict of the true history (%ld positions)", seam_checked);
    tap(seam_bad == 0 && seam_checked > 0, msg);
    tap(occupied > 0 && suicide > 0 && ko > 0 && multi > 0,
        "random: the positions include occupied points, suicides, kos and multi-group captures");
}

// ---- registers: the edges of the map ----

void run_registers(Dut &d)
{
    bool ok = d.read(0) == 0x474F5231u;
    tap(ok, "registers: ID reads GOR1");
    uint8_t empty[81] = {0};
    Answer a = decide(d, empty, empty, 3, 40);
    tap(a.reason == 4 && !a.legal && a.cycles == 1, "registers: colour 3 is a bad move");
    a = decide(d, empty, empty, 1, 81);
    tap(a.reason == 4 && !a.legal, "registers: point 81 is a bad move");
    a = decide(d, empty, empty, 2, -1);
    tap(a.legal && a.cycles == 1 && !memcmp(a.board, empty, 81), "registers: a pass is legal at once");
    // A point written as 3 reads back 0.
    d.write(16, 0xFFFFFFFFu);
    uint32_t w = d.read(16);
    tap(w == 0, "registers: a point written as 3 is stored empty");
    // Writes while busy are ignored.
    uint8_t g[81] = {0};
    g[0] = 2;
    g[1] = 1;
    d.write_board(16, g);
    d.write_board(24, empty);
    d.write(3, 1u << 16 | 9u); // black A8 captures A9
    d.write(1, 1);
    d.write(16, 0); // while busy: ignored
    uint32_t st;
    do
        st = d.read(2);
    while (st & 1);
    uint8_t res[81];
    d.read_board(32, res);
    tap(res[0] == 0 && res[1] == 1 && res[9] == 1 && d.read(4) == 1 && d.read(16) == 0x6u,
        "registers: BOARD writes while busy are ignored; the capture stands");
    tap(d.mismatches == 0, "model and RTL read the same word at every bus transaction");
}

// ---- the seam: a decider that is wrong is caught, the board kept ----

int lie_mode = 0; // 0 truthful (via the model), 1 wrong board, 2 wrong verdict

int lying_decide(void *ctx, const uint8_t board[81], const uint8_t ko[81], Stone colour, Move m,
                 go_rules_decision_t *dd, char *err, size_t errlen)
{
    Dut &d = *static_cast<Dut *>(ctx);
    int point = m.pass ? -1 : m.row * 9 + m.col;
    Answer a = decide(d, board, ko, colour, point);
    static const MoveResult reasons[] = {MOVE_OK, MOVE_ILLEGAL_OCCUPIED, MOVE_ILLEGAL_SUICIDE,
                                         MOVE_ILLEGAL_KO, MOVE_ILLEGAL_OFF_BOARD};
    dd->result = reasons[a.reason];
    memcpy(dd->board, a.board, 81);
    dd->captured = a.captured;
    dd->cycles = a.cycles;
    if (lie_mode == 1 && dd->result == MOVE_OK)
        dd->board[80] = dd->board[80] ? 0 : 1;
    if (lie_mode == 2)
        dd->result = dd->result == MOVE_OK ? MOVE_ILLEGAL_SUICIDE : MOVE_OK;
    (void)err;
    (void)errlen;
    return 0;
}

void run_seam(Dut &d)
{
    go_rules_t rules;
    memset(&rules, 0, sizeof rules);
    rules.name = "test";
    rules.decide = lying_decide;
    rules.ctx = &d;
    static BoardState b, before;
    board_init(&b);
    char err[256];
    MoveResult r;
    Move e5 = {4, 4, 0}, d5 = {4, 3, 0};
    lie_mode = 0;
    bool ok = go_rules_play(&rules, &b, BLACK, e5, &r, err, sizeof err) == 0 && r == MOVE_OK &&
              board_get(&b, 4, 4) == BLACK && rules.decisions == 1;
    tap(ok, "seam: a truthful decider plays the stone");
    board_copy(&before, &b);
    lie_mode = 1;
    int rc1 = go_rules_play(&rules, &b, WHITE, d5, &r, err, sizeof err);
    bool kept1 = !memcmp(&before, &b, sizeof b);
    lie_mode = 2;
    int rc2 = go_rules_play(&rules, &b, WHITE, d5, &r, err, sizeof err);
    bool kept2 = !memcmp(&before, &b, sizeof b);
    tap(rc1 == -1 && kept1 && rc2 == -1 && kept2 && strstr(err, "disagree"),
        "seam: a wrong board or a wrong verdict is reported, the board kept");
    lie_mode = 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: go_rules_parity DATA_DIR [N] [--rtl-every K]\n");
        return 2;
    }
    long n = 100000;
    int rtl_every = 1;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--rtl-every") && i + 1 < argc)
            rtl_every = atoi(argv[++i]);
        else
            n = atol(argv[i]);
    }
    Verilated::commandArgs(1, argv);
    Dut d;
    std::string path = std::string(argv[1]) + "/go_rules/positions.txt";
    int np = run_positions(d, path.c_str());
    tap(np >= 10, "positions: at least ten diagrams judged");
    run_cycles(d);
    run_registers(d);
    run_seam(d);
    long before = d.mismatches;
    run_random(d, n, rtl_every);
    tap(d.mismatches == before, "random: model and RTL equal at every bus transaction");
    printf("# RTL clocks simulated: %llu\n", (unsigned long long)d.rtl_clocks);
    printf("1..%d\n", tap_n);
    return tap_failed ? 1 : 0;
}

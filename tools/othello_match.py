#!/usr/bin/env python3
"""othello_match.py - games between two Othello GTP engines.

    tools/othello_match.py [--games N] [--first N] [--openings K [--seed S]] [--quiet]
                           "ENGINE A" "ENGINE B"

e.g.  tools/othello_match.py --games 4 "build/tabletop othello-gtp --level 7" \\
          "/usr/games/gtp-rhino -l 3"

Colours alternate: A is Black in games 1, 3, ... .  The controller keeps its
own board with rules written here from the game's text (an independent
model): it asks `genmove` only of a side that has a legal move, checks the
answer is legal, and sends it to the other engine with `play`, which must
accept it (so every move is legal by both engines' rules and by this
model).  A side with no legal move passes without a word: both engines pass
by themselves (gtp-rhino refuses `play COLOUR pass`).  At the end the final
score each engine reports is compared with this model's count (an engine that
answers "unknown command" to final_score, as Edax's GTP does, is said so
once and not asked again).

Both engines are deterministic, so games with the same colours repeat.
--openings K starts each pair of games (games 1-2, 3-4, ...) from its own
position: K uniformly random legal moves drawn by this script (seeded with S
and the pair's number, so a match can be replayed), sent to both engines with
`play`; each engine then plays the same opening once as Black and once as
White.  The opening's moves are the first of the record, and every line
names them.

Prints one line a game and a summary `A wins W, B wins L, draws D, discs +N`;
exit status 0, or 1 when an engine broke the rules or the protocol.
"""
import argparse
import random
import shlex
import subprocess
import sys
import time

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
BLACK, WHITE = "black", "white"


class Board:
    """8x8 cells, [row from the top][col]: '.', 'X' (black), 'O' (white)."""

    def __init__(self):
        self.cell = [["."] * 8 for _ in range(8)]
        self.cell[3][3] = self.cell[4][4] = "O"   # d4, e5 White
        self.cell[3][4] = self.cell[4][3] = "X"   # e4, d5 Black

    def flips(self, colour, r, c):
        me = "X" if colour == BLACK else "O"
        them = "O" if me == "X" else "X"
        if self.cell[r][c] != ".":
            return []
        out = []
        for dr, dc in DIRS:
            run, rr, cc = [], r + dr, c + dc
            while 0 <= rr < 8 and 0 <= cc < 8 and self.cell[rr][cc] == them:
                run.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if run and 0 <= rr < 8 and 0 <= cc < 8 and self.cell[rr][cc] == me:
                out += run
        return out

    def moves(self, colour):
        return [(r, c) for r in range(8) for c in range(8) if self.flips(colour, r, c)]

    def play(self, colour, r, c):
        f = self.flips(colour, r, c)
        assert f, "illegal move played on the model"
        me = "X" if colour == BLACK else "O"
        for rr, cc in f + [(r, c)]:
            self.cell[rr][cc] = me

    def count(self):
        flat = [x for row in self.cell for x in row]
        return flat.count("X"), flat.count("O")


def parse_move(text):
    text = text.strip().lower()
    if len(text) == 2 and "a" <= text[0] <= "h" and "1" <= text[1] <= "8":
        return int(text[1]) - 1, ord(text[0]) - ord("a")
    return None


def name(rc):
    return "abcdefgh"[rc[1]] + str(rc[0] + 1)


class Engine:
    def __init__(self, cmd):
        self.cmd = cmd
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.seconds = 0.0
        self.scores = True  # answers final_score (Edax's GTP does not: set False on its refusal)

    def ask(self, line):
        """Returns (ok, text) of one GTP response."""
        t0 = time.monotonic()
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            s = self.p.stdout.readline()
            if not s:
                raise RuntimeError(f"{self.cmd}: closed its output after '{line}'")
            s = s.rstrip("\r\n")
            if s == "" and lines:
                break
            if s == "" and not lines:
                continue
            lines.append(s)
        self.seconds += time.monotonic() - t0
        first = lines[0]
        ok = first.startswith("=")
        text = "\n".join([first[1:].strip()] + lines[1:])
        return ok, text

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def score_text(b, w):
    empties = 64 - b - w
    if b > w:
        return f"B+{b - w + empties}"
    if w > b:
        return f"W+{w - b + empties}"
    return "0"


def random_opening(plies, seed):
    """`plies` random legal moves from the start (passes where forced), drawn
    from Random(seed): the list of moves, each (colour, (r, c)) or (colour, None)."""
    rng = random.Random(seed)
    board, colour, moves = Board(), BLACK, []
    while len([m for m in moves if m[1]]) < plies:
        legal = board.moves(colour)
        other = WHITE if colour == BLACK else BLACK
        if not legal:
            if not board.moves(other):
                break
            moves.append((colour, None))
        else:
            rc = rng.choice(sorted(legal))
            board.play(colour, *rc)
            moves.append((colour, rc))
        colour = other
    return moves


def play_game(black, white, log=None, opening=()):
    """One game from the opening's moves.  Returns (black discs, white discs,
    errors[], moves[])."""
    errors = []
    for e in (black, white):
        for cmd in ("boardsize 8", "clear_board"):
            ok, text = e.ask(cmd)
            if not ok:
                errors.append(f"{e.cmd}: '{cmd}' refused: {text}")
    board, colour, record = Board(), BLACK, []
    engines = {BLACK: black, WHITE: white}
    for c, rc in opening:
        if rc is None:  # a forced pass: engines pass by themselves
            record.append("pass")
        else:
            for e in (black, white):
                ok, text = e.ask(f"play {c} {name(rc)}")
                if not ok:
                    errors.append(f"{e.cmd}: refused opening move 'play {c} {name(rc)}': {text}")
            board.play(c, *rc)
            record.append(name(rc))
        colour = WHITE if c == BLACK else BLACK
    while not errors:
        legal = board.moves(colour)
        other = WHITE if colour == BLACK else BLACK
        if not legal:
            if not board.moves(other):
                break
            record.append("pass")
            colour = other
            continue
        ok, text = engines[colour].ask(f"genmove {colour}")
        rc = parse_move(text) if ok else None
        if rc not in legal:
            errors.append(f"{engines[colour].cmd}: genmove {colour} gave '{text}' "
                          f"(legal: {' '.join(name(m) for m in legal)}) after {' '.join(record)}")
            break
        ok, text2 = engines[other].ask(f"play {colour} {name(rc)}")
        if not ok:
            errors.append(f"{engines[other].cmd}: refused 'play {colour} {name(rc)}': {text2} "
                          f"after {' '.join(record)}")
            break
        board.play(colour, *rc)
        record.append(name(rc))
        colour = other
    b, w = board.count()
    if not errors:
        for e in (black, white):
            if not e.scores:
                continue
            ok, text = e.ask("final_score")
            if not ok and "unknown command" in text.lower():
                e.scores = False  # an engine without the command; the model's count stands
                print(f"  note: {e.cmd}: no final_score; the model's count is the result")
                continue
            if not ok or text.strip().upper() != score_text(b, w).upper():
                errors.append(f"{e.cmd}: final_score '{text}', the model counts {score_text(b, w)}")
    if log:
        log(" ".join(record))
    return b, w, errors, record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--openings", type=int, default=0, metavar="K",
                    help="each pair of games starts after K random moves (default 0)")
    ap.add_argument("--seed", type=int, default=1, help="the openings' seed (default 1)")
    ap.add_argument("--first", type=int, default=1, metavar="N",
                    help="number the games from N (default 1): games N.. of a longer match, with "
                         "its colours and openings, so a match can be split across processes")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    if args.games < 1 or args.first < 1 or not 0 <= args.openings <= 20:
        ap.error("--games and --first want 1 or more, --openings 0..20")
    a, b = Engine(args.a), Engine(args.b)
    wins = losses = draws = disc_sum = 0
    status = 0
    for g in range(args.first - 1, args.first - 1 + args.games):
        black, white = (a, b) if g % 2 == 0 else (b, a)
        opening = random_opening(args.openings, args.seed * 1000003 + g // 2) if args.openings else ()
        nb, nw, errors, record = play_game(black, white, opening=opening)
        a_discs = nb - nw if black is a else nw - nb
        disc_sum += a_discs
        if a_discs > 0:
            wins += 1
        elif a_discs < 0:
            losses += 1
        else:
            draws += 1
        print(f"game {g + 1}: A plays {'black' if black is a else 'white'}, black {nb} white {nw} "
              f"({len([m for m in record if m != 'pass'])} moves"
              + (f", opening {' '.join(name(rc) for _, rc in opening if rc)}" if opening else "") + ")"
              + ("" if args.quiet else f": {' '.join(record)}"))
        for err in errors:
            print("  error: " + err)
            status = 1
    print(f"A wins {wins}, B wins {losses}, draws {draws}, discs {disc_sum:+d}; "
          f"seconds thinking: A {a.seconds:.1f}, B {b.seconds:.1f}")
    a.close()
    b.close()
    return status


if __name__ == "__main__":
    sys.exit(main())

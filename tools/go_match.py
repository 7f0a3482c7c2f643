#!/usr/bin/env python3
"""go_match.py - play N games of 9x9 Go between two GTP engines and score them.

    tools/go_match.py [--games N] [--seconds S] [--komi K] [--out DIR]
                      [--referee 'gnugo --mode gtp --chinese-rules']
                      'ENGINE A COMMAND' 'ENGINE B COMMAND'

Engine A takes Black in the odd games and White in the even ones.  `{game}`
in an engine command becomes the game's number (1, 2, ...), so that
deterministic engines play a different game each time
(`tabletop gtp --level 2 --seed {game}`).  Each
engine gets `time_settings 0 S 1` (S seconds a move, Canadian byo-yomi of
one stone), unless S is 0.  A game ends on two passes in a row, a resignation
or 400 moves.  The result of a game that ends on passes is the referee's
`final_score` (GNU Go's, with dead stones removed, the way docs/engine.md
measures level 3) on a fresh referee that is given every move.

A loss by more than 60 points after both sides passed is reported as a
*collapse*: the loser's stones were all or nearly all judged dead, the
failure docs/engine.md names.  Each game is written as SGF into --out (made if
missing; a fresh temporary folder by default) with the result in RE[].

Prints one line per game, then `name: value unit` lines:
    go_match_games, go_match_a_wins, go_match_a_win_rate,
    go_match_a_collapses, go_match_b_collapses, go_match_a_resigned
"""
import argparse
import os
import re
import shutil
import shlex
import subprocess
import sys
import tempfile
import time

COLS = "ABCDEFGHJ"


class Gtp:
    def __init__(self, command):
        self.command = command
        self.p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            out = self.p.stdout.readline()
            if out == "":
                raise RuntimeError(f"{self.command!r} closed its output after {line!r}")
            out = out.rstrip("\r\n")
            if out == "" and lines:
                break
            if out == "" and not lines:
                continue
            lines.append(out)
        reply = "\n".join(lines)
        if reply.startswith("?"):
            raise RuntimeError(f"{self.command!r} refused {line!r}: {reply}")
        return reply[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError, OSError):
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def sgf_point(vertex):
    if vertex.lower() == "pass":
        return ""
    col = COLS.index(vertex[0].upper())
    row = int(vertex[1:])
    return "abcdefghi"[col] + "abcdefghi"[9 - row]


def margin_of(result):
    """'B+12.5' -> (BLACK, 12.5); '0' -> (None, 0)."""
    m = re.match(r"([BW])\+([0-9.]+|R|Resign)", result)
    if not m:
        return None, 0.0
    value = m.group(2)
    return m.group(1), (float(value) if value[0].isdigit() else float("inf"))


def play_game(a_cmd, b_cmd, a_black, seconds, komi, referee_cmd, max_moves=400):
    black, white = (Gtp(a_cmd), Gtp(b_cmd)) if a_black else (Gtp(b_cmd), Gtp(a_cmd))
    moves, result, how = [], None, "passes"
    try:
        for e in (black, white):
            e.send("boardsize 9")
            e.send("clear_board")
            e.send(f"komi {komi}")
            if seconds > 0:
                e.send(f"time_settings 0 {seconds} 1")
        passes = 0
        turn = 0
        while len(moves) < max_moves:
            mover, other = (black, white) if turn == 0 else (white, black)
            colour = "b" if turn == 0 else "w"
            v = mover.send(f"genmove {colour}").strip()
            if v.lower() == "resign":
                result = ("W" if colour == "b" else "B") + "+R"
                how = "resign"
                break
            other.send(f"play {colour} {v}")
            moves.append((colour, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            if passes == 2:
                break
            turn ^= 1
        if result is None:
            ref = Gtp(referee_cmd)
            try:
                ref.send("boardsize 9")
                ref.send("clear_board")
                ref.send(f"komi {komi}")
                for colour, v in moves:
                    ref.send(f"play {colour} {v}")
                result = ref.send("final_score")
            finally:
                ref.close()
            if len(moves) >= max_moves:
                how = "cap"
    finally:
        black.close()
        white.close()
    return moves, result, how


def write_sgf(path, moves, result, black_name, white_name, komi):
    body = "".join(f";{c.upper()}[{sgf_point(v)}]" for c, v in moves)
    with open(path, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[9]KM[{komi}]RU[Chinese]PB[{black_name}]PW[{white_name}]"
                f"RE[{result}]{body})\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seconds", type=int, default=1)
    ap.add_argument("--komi", type=float, default=5.5)
    ap.add_argument("--out", default=None)
    gnugo = shutil.which("gnugo") or shutil.which("gnugo", path="/usr/games") or "gnugo"
    ap.add_argument("--referee", default=f"{gnugo} --mode gtp --chinese-rules")
    ap.add_argument("engine_a")
    ap.add_argument("engine_b")
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="go_match.")
    os.makedirs(out, exist_ok=True)

    a_wins = a_collapses = b_collapses = a_resigned = 0
    for g in range(args.games):
        a_black = g % 2 == 0
        t0 = time.monotonic()
        a_cmd = args.engine_a.replace("{game}", str(g + 1))
        b_cmd = args.engine_b.replace("{game}", str(g + 1))
        moves, result, how = play_game(a_cmd, b_cmd, a_black, args.seconds, args.komi,
                                       args.referee)
        winner, margin = margin_of(result)
        a_colour = "B" if a_black else "W"
        a_won = winner == a_colour
        a_wins += a_won
        collapse = how == "passes" and margin > 60
        if collapse and not a_won:
            a_collapses += 1
        if collapse and a_won:
            b_collapses += 1
        if how == "resign" and not a_won:
            a_resigned += 1
        names = ("A", "B") if a_black else ("B", "A")
        write_sgf(os.path.join(out, f"game{g + 1:03d}.sgf"), moves, result, *names, args.komi)
        print(f"game {g + 1}: A plays {'Black' if a_black else 'White'}, {len(moves)} moves, "
              f"{result} ({how}{', collapse' if collapse else ''}), A {'won' if a_won else 'lost'}, "
              f"{time.monotonic() - t0:.0f} s", flush=True)
    n = args.games
    print(f"go_match_games: {n} games")
    print(f"go_match_a_wins: {a_wins} games")
    print(f"go_match_a_win_rate: {100.0 * a_wins / n if n else 0:.1f} %")
    print(f"go_match_a_collapses: {a_collapses} games")
    print(f"go_match_b_collapses: {b_collapses} games")
    print(f"go_match_a_resigned: {a_resigned} games")
    print(f"go_match_sgf: {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""An independent model of a Go game for the link tests: moves, captures,
chains, area counts with marked stones taken off (written here from the
rules, not from board.c), and the dead-stone estimate a link review starts
from, asked of `tabletop gtp` (final_status_list dead) for the same moves."""
import re
import subprocess


class Model:
    def __init__(self, size=9):
        self.size = size
        self.stones = {}

    def nbrs(self, p):
        r, c = p
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def chain(self, p, stones=None):
        stones = self.stones if stones is None else stones
        col, seen, todo, libs = stones[p], {p}, [p], 0
        while todo:
            x = todo.pop()
            for q in self.nbrs(x):
                if q not in stones:
                    libs += 1
                elif stones[q] == col and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return seen, libs

    def play(self, col, p):
        """Returns the points captured; raises on an illegal move."""
        assert p not in self.stones, "occupied %s" % (p,)
        self.stones[p] = col
        taken = set()
        for q in list(self.nbrs(p)):
            if q in self.stones and self.stones[q] != col:
                g, libs = self.chain(q)
                if libs == 0:
                    taken |= g
        for x in taken:
            del self.stones[x]
        assert self.chain(p)[1] > 0, "suicide"
        return taken

    def counts(self, dead=()):
        """Area counts (stones + regions touching one colour only), the
        stones in dead taken off first."""
        stones = {p: c for p, c in self.stones.items() if p not in dead}
        score, seen = {"B": 0, "W": 0}, set()
        for r in range(self.size):
            for c in range(self.size):
                p = (r, c)
                if p in stones:
                    score[stones[p]] += 1
                elif p not in seen:
                    region, todo, border = {p}, [p], set()
                    while todo:
                        x = todo.pop()
                        for q in self.nbrs(x):
                            if q in stones:
                                border.add(stones[q])
                            elif q not in region:
                                region.add(q)
                                todo.append(q)
                    seen |= region
                    if len(border) == 1:
                        score[border.pop()] += len(region)
        return score["B"], score["W"]

    def result(self, komi, dead=()):
        b, w = self.counts(dead)
        margin = b - w - komi
        return "0" if margin == 0 else ("B+%g" % margin if margin > 0 else "W+%g" % -margin)

    def rows(self, dead=()):
        return ["".join("." if (r, c) in dead else self.stones.get((r, c), ".")
                        for c in range(self.size)) for r in range(self.size)]


def sgf_moves(text):
    return re.findall(r";([BW])\[([a-s]{2}|)\]", text)


def sgf_point(p):
    return "" if p is None else chr(97 + p[1]) + chr(97 + p[0])


def gtp_vertex(p, size=9):
    return "ABCDEFGHJKLMNOPQRST"[p[1]] + str(size - p[0])


def estimate_dead(exe, moves, komi=5.5, size=9):
    """The dead-stone estimate the review starts from (docs: Black's console
    starts the marks with it), asked of `tabletop gtp` for the same moves."""
    cmds = ["boardsize %d" % size, "clear_board", "komi %g" % komi]
    for col, p in moves:
        cmds.append("play %s %s" % (col, "pass" if p is None else gtp_vertex(p, size)))
    cmds += ["final_status_list dead", "quit"]
    out = subprocess.run([exe, "gtp"], input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, timeout=60).stdout
    answers = [a for a in out.split("\n\n") if a.strip()]
    dead = set()
    for v in answers[-2].lstrip("= ").split():
        dead.add((size - int(v[1:]), "ABCDEFGHJKLMNOPQRST".index(v[0].upper())))
    return dead


def sgf_game(text):
    """(size, komi, [(colour, (row, col) or None for a pass)]) of a record."""
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    komi = float(re.search(r"KM\[([-\d.]+)\]", text).group(1))
    moves = [(c, (ord(v[1]) - 97, ord(v[0]) - 97) if v and not (v == "tt" and size <= 19)
              else None) for c, v in sgf_moves(text)]
    return size, komi, moves


def record_result(exe, text):
    """The result of a link record counted here: every move replayed on the
    model, the estimate's dead stones (the marks a review starts from, when
    nobody changes them) taken off, area counts, komi to White."""
    size, komi, moves = sgf_game(text)
    m = Model(size)
    for c, p in moves:
        if p is not None:
            m.play(c, p)
    return m.result(komi, estimate_dead(exe, moves, komi, size))

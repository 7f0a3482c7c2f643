#!/usr/bin/env python3
"""An independent model of renju's forbidden points for Black, written from
the RIF rule text (docs/gomoku.md quotes it) without looking at gomoku.c.

It works on whole lines of a dict board {(col, row): 'B' | 'W'} (col, row
from 0, row 0 the bottom), where gomoku.c works on a padded array and
windows of four points; both follow the same definitions:

  five          an unbroken row of exactly five black stones;
  overline      an unbroken row of six or more;
  four          a row to which one stone can be added to make a five; a
                straight four can become five in two ways (_XXXX_);
  three         a row to which one stone can be added - without making a
                five at the same time - to make a straight four, that
                stone not itself forbidden;
  double-four / double-three: a stone making two or more fours / threes
                (that meet in it); overline, double four and double three
                are forbidden unless the same stone makes a five.
"""

N = 15
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def on(c, r):
    return 0 <= c < N and 0 <= r < N


def run_through(board, c, r, dc, dr):
    """Length of the unbroken black row through (c, r) along (dc, dr)."""
    n = 1
    for s in (1, -1):
        x, y = c + s * dc, r + s * dr
        while on(x, y) and board.get((x, y)) == 'B':
            n += 1
            x, y = x + s * dc, y + s * dr
    return n


def line_empties(board, c, r, dc, dr):
    """Every empty point of the whole line through (c, r)."""
    out = []
    for s in (1, -1):
        x, y = c + s * dc, r + s * dr
        while on(x, y):
            if (x, y) not in board:
                out.append((x, y))
            x, y = x + s * dc, y + s * dr
    return out


def fives_after(board, c, r, dc, dr):
    """Empty points of the line that would give the black stone at (c, r)
    an unbroken row of exactly five along the line."""
    pts = []
    for e in line_empties(board, c, r, dc, dr):
        board[e] = 'B'
        if run_through(board, c, r, dc, dr) == 5:
            pts.append(e)
        del board[e]
    return pts


def straight(pts, dc, dr):
    if len(pts) != 2:
        return False
    (x1, y1), (x2, y2) = pts
    return (x2 - x1, y2 - y1) in ((5 * dc, 5 * dr), (-5 * dc, -5 * dr))


def makes_five(board, p):
    board[p] = 'B'
    five = any(run_through(board, p[0], p[1], dc, dr) == 5 for dc, dr in DIRS)
    del board[p]
    return five


def forbidden(board, p):
    """'overline', 'double-four', 'double-three' or None for Black at the
    empty point p."""
    if p in board:
        return None
    c, r = p
    board[p] = 'B'
    try:
        runs = [run_through(board, c, r, dc, dr) for dc, dr in DIRS]
        if 5 in runs:
            return None
        if any(n >= 6 for n in runs):
            return 'overline'
        fours = 0
        four_dirs = set()
        for dc, dr in DIRS:
            pts = fives_after(board, c, r, dc, dr)
            k = 1 if straight(pts, dc, dr) else len(pts)
            if k:
                four_dirs.add((dc, dr))
            fours += k
        if fours >= 2:
            return 'double-four'
        threes = 0
        for dc, dr in DIRS:
            if (dc, dr) in four_dirs:
                continue
            for e in line_empties(board, c, r, dc, dr):
                board[e] = 'B'
                ok = straight(fives_after(board, c, r, dc, dr), dc, dr)
                del board[e]
                if ok and not makes_five(board, e) and forbidden(board, e) is None:
                    threes += 1
                    break
        return 'double-three' if threes >= 2 else None
    finally:
        del board[p]


def name(p):
    return "abcdefghijklmno"[p[0]] + str(p[1] + 1)


def all_forbidden(board):
    """`POINT KIND` lines in board order (a1, b1, ..., o1, a2, ...)."""
    out = []
    for r in range(N):
        for c in range(N):
            k = forbidden(board, (c, r))
            if k:
                out.append(f"{name((c, r))} {k}")
    return out

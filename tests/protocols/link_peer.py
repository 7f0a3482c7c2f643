"""A scripted peer of the link protocol for tests/protocols/test_link_trust.py:
it speaks the frames of docs/link.md (written here from that page, not from
link.c) over one TCP connection, and does exactly what a test tells it,
including what an honest console never would: claim a saved game it does
not hold in full, accept the dead-stone marks for the other player, play a
move past the limit.

    0xA5  TYPE  SEQ  LEN  PAYLOAD[LEN]  CRC16-hi  CRC16-lo

HELLO (version 3): version, size, komi (half points, signed), colour wish
(0 either, 1 B, 2 W), nonce u32, moves held u16, their hash u32, flags
(1: I have your hello, 2: a reply), the most moves this console holds u16.
The hash is FNV-1a over the move bytes."""
import socket
import struct
import time

from link_relay import crc16, frame

HELLO, MOVE, ACK, PING, ERROR, REVIEW, MARK = 1, 2, 3, 4, 5, 6, 7
PASS, RESIGN, RESUME = 0xFE, 0xFD, 0xFC
VERSION = 3


def fnv(moves, h=2166136261):
    for b in moves:
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h


class Peer:
    """One side of a link game on a socket.  `moves` is the list both sides
    are meant to hold; `claimed` is what this peer says it holds at the
    handshake (a saved game)."""

    def __init__(self, sock, size=9, komi2=11, wish=1, nonce=0x7FFFFFFF, claimed=(),
                 max_moves=1024):
        self.s = sock
        self.s.settimeout(0.005)
        self.size, self.komi2, self.wish, self.nonce = size, komi2, wish, nonce
        self.claimed = bytes(claimed)
        self.max_moves = max_moves
        self.moves = bytearray()
        self.rx = bytearray()
        self.errors = []       # ERROR codes received
        self.acked = 0         # moves of ours the other side acknowledged
        self.have_hello = False
        self.closed = False
        self.reviews = []      # REVIEW payloads received
        self.marks = []        # MARK payloads received

    # ---- frames
    def send(self, ftype, seq, payload):
        try:
            self.s.sendall(frame(ftype, seq & 0xFF, payload))
        except OSError:
            self.closed = True

    def hello(self, reply):
        flags = (1 if self.have_hello else 0) | (2 if reply else 0)
        p = struct.pack(">BBbBIHIBH", VERSION, self.size, self.komi2, self.wish, self.nonce,
                        len(self.claimed), fnv(self.claimed), flags, self.max_moves)
        self.send(HELLO, 0, p)

    def frames(self):
        """Reads what is there; yields complete, CRC-checked frames."""
        try:
            data = self.s.recv(4096)
            if not data:
                self.closed = True
            self.rx += data
        except socket.timeout:
            pass
        except OSError:
            self.closed = True
        while True:
            i = self.rx.find(0xA5)
            if i < 0:
                self.rx.clear()
                return
            del self.rx[:i]
            if len(self.rx) < 4 or len(self.rx) < 6 + self.rx[3]:
                return
            n = 6 + self.rx[3]
            f = bytes(self.rx[:n])
            if crc16(f[1:n - 2]) != (f[n - 2] << 8 | f[n - 1]):
                del self.rx[:1]
                continue
            del self.rx[:n]
            yield f[1], f[2], f[4:n - 2]

    def _handle(self, t, seq, p):
        if t == HELLO:
            first = not self.have_hello
            self.have_hello = True
            if not p[14] & 2 or first:
                self.hello(reply=True)
        elif t == MOVE:
            n = len(self.moves)
            if seq == n & 0xFF and struct.unpack(">I", p[1:5])[0] == fnv(self.moves):
                self.moves.append(p[0])
            if self.moves:
                self.send(ACK, len(self.moves) - 1,
                          struct.pack(">HI", len(self.moves), fnv(self.moves)))
            self.acked = len(self.moves)  # it built on our whole list
        elif t == ACK:
            self.acked = max(self.acked, struct.unpack(">H", p[:2])[0])
        elif t == ERROR:
            self.errors.append(p[0] if p else 0)
        elif t == REVIEW:
            self.reviews.append(p)
        elif t == MARK:
            self.marks.append(p)

    def pump(self, seconds=0.05):
        """Handles frames for a while: answers hellos, acknowledges the other
        side's moves (applying them), counts acks of ours, keeps ERRORs."""
        end = time.monotonic() + seconds
        while not self.closed and time.monotonic() < end:
            for f in self.frames():
                self._handle(*f)

    def until(self, cond, limit=20.0):
        end = time.monotonic() + limit
        while not cond():
            if self.closed or time.monotonic() > end:
                return False
            for f in self.frames():
                self._handle(*f)
        return True

    def handshake(self, limit=20.0):
        self.hello(reply=False)
        ok = self.until(lambda: self.have_hello, limit)
        self.pump(0.2)
        return ok

    def play(self, b, limit=20.0):
        """Sends our move and waits for its ack (resent as the protocol does)."""
        n = len(self.moves)
        payload = bytes([b]) + struct.pack(">I", fnv(self.moves))
        self.moves.append(b)
        end = time.monotonic() + limit
        while not self.errors and time.monotonic() < end:
            self.send(MOVE, n, payload)
            if self.until(lambda: self.acked >= len(self.moves) or self.errors,
                          min(1.2, max(0.0, end - time.monotonic()))) and not self.errors:
                return True
        return False

    def review(self, at, rev, req_done, marks_rev, flags, black, white, dead):
        """A REVIEW frame, as Black's console would send it (dead: points)."""
        bits = bytearray((self.size * self.size + 7) // 8)
        for p in dead:
            bits[p // 8] |= 0x80 >> (p % 8)
        self.send(REVIEW, 0, struct.pack(">HHHHBBB", at, rev, req_done, marks_rev, flags,
                                         black, white) + bytes(bits))


def serve(port):
    """A listening socket on 127.0.0.1:port."""
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", port))
    ls.listen(1)
    ls.settimeout(30)
    return ls


def accept(ls):
    c, _ = ls.accept()
    c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return c

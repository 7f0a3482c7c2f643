"""Relays that sit between two consoles of a link game (docs/link.md) on
loopback TCP, for tests/protocols/test_link*.py:

  - FaultRelay: drops, flips, duplicates and delays single bytes (seeded);
  - ForgeRelay: a man in the middle that rewrites the move byte of one MOVE
    frame (every copy of it: retransmissions too) and re-computes the frame's
    CRC, so the receiver gets a well-formed move the sender never played.

The frame is written here from docs/link.md, not from link.c:

    0xA5  TYPE  SEQ  LEN  PAYLOAD[LEN]  CRC16-hi  CRC16-lo

CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over TYPE..PAYLOAD; a MOVE
(type 2) carries SEQ = move index mod 256 and the payload [move byte, u32
hash of the sender's list before it]."""
import socket
import threading
import time

SOF = 0xA5
T_MOVE = 2
T_REVIEW = 6
MAX_PAYLOAD = 48


def crc16(data):
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = (crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


assert crc16(b"123456789") == 0x29B1  # the catalogue's check value


def frame(ftype, seq, payload):
    body = bytes([ftype, seq, len(payload)]) + bytes(payload)
    c = crc16(body)
    return bytes([SOF]) + body + bytes([c >> 8, c & 0xFF])


def _listener(port):
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", port))
    ls.listen(1)
    return ls


class _Relay:
    """Accepts one console on listen_port and dials the other on
    target_port; each direction runs in its own thread through
    self.filter(direction, data) -> bytes to forward (direction 0: from the
    dialler to the listener, 1: back)."""

    def __init__(self, listen_port, target_port):
        self.ls = _listener(listen_port)
        self.target_port = target_port
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        self.ls.settimeout(120)
        try:
            conn, _ = self.ls.accept()
        except OSError:
            return
        up = socket.create_connection(("127.0.0.1", self.target_port))
        for s in (conn, up):
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        ts = [threading.Thread(target=self._pipe, args=(d, a, b), daemon=True)
              for d, (a, b) in enumerate(((conn, up), (up, conn)))]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        for s in (conn, up):
            s.close()

    def _pipe(self, direction, src, dst):
        src.settimeout(0.2)
        while not self.stop.is_set():
            try:
                data = src.recv(4096)
            except socket.timeout:
                data = None
            except OSError:
                break
            if data == b"":
                break
            out = self.filter(direction, data or b"")
            if out:
                try:
                    dst.sendall(out)
                except OSError:
                    break
        self.drain(direction, dst)
        try:
            dst.shutdown(socket.SHUT_WR)
        except OSError:
            pass

    def filter(self, direction, data):
        return data

    def drain(self, direction, dst):
        pass

    def close(self):
        self.stop.set()
        self.ls.close()
        self.thread.join(timeout=5)


class FaultRelay(_Relay):
    """Per byte: dropped with p_drop, one bit flipped with p_flip, sent twice
    with p_dup; every byte delayed 0..max_delay s, in order.  stats counts
    what was done."""

    def __init__(self, listen_port, target_port, rnd, p_drop=0.01, p_flip=0.01, p_dup=0.01,
                 max_delay=0.3):
        self.rnd, self.p = rnd, (p_drop, p_flip, p_dup)
        self.max_delay = max_delay
        self.stats = {"drop": 0, "flip": 0, "dup": 0}
        self.lock = threading.Lock()
        self.queues = [[], []]
        self.last = [0.0, 0.0]
        super().__init__(listen_port, target_port)

    def _send_due(self, direction, dst, everything=False):
        with self.lock:
            q = self.queues[direction]
            now = time.time()
            due = [x for x in q if everything or x[0] <= now]
            del q[:len(due)]
        for _, b in due:
            dst.sendall(b)

    def filter(self, direction, data):
        out = []
        with self.lock:
            for byte in data:
                if self.rnd.random() < self.p[0]:
                    self.stats["drop"] += 1
                    continue
                if self.rnd.random() < self.p[1]:
                    byte ^= 1 << self.rnd.randrange(8)
                    self.stats["flip"] += 1
                copies = 2 if self.rnd.random() < self.p[2] else 1
                self.stats["dup"] += copies - 1
                for _ in range(copies):
                    self.last[direction] = max(self.last[direction],
                                               time.time() + self.rnd.uniform(0, self.max_delay))
                    self.queues[direction].append((self.last[direction], bytes([byte])))
        return b""

    def _pipe(self, direction, src, dst):
        # A sender thread per direction keeps the delays running while the
        # reader waits for bytes.
        done = threading.Event()

        def sender():
            while not done.is_set():
                try:
                    self._send_due(direction, dst)
                except OSError:
                    return
                time.sleep(0.002)
        t = threading.Thread(target=sender, daemon=True)
        t.start()
        try:
            super()._pipe(direction, src, dst)
        finally:
            done.set()
            t.join()

    def drain(self, direction, dst):
        try:
            time.sleep(self.max_delay)
            self._send_due(direction, dst, everything=True)
        except OSError:
            pass


class ForgeRelay(_Relay):
    """Rewrites the MOVE frame with SEQ seq sent in direction `direction` so
    that its move byte becomes new_byte (its hash and SEQ kept, the CRC made
    anew); every other byte passes unchanged.  forged counts the frames
    rewritten, seen lists (direction, type, seq, payload) of the frames that
    crossed."""

    def __init__(self, listen_port, target_port, direction, seq, new_byte):
        self.target = (direction, seq, new_byte)
        self.bufs = [bytearray(), bytearray()]
        self.forged = 0
        self.original = None
        self.seen = []
        super().__init__(listen_port, target_port)

    def filter(self, direction, data):
        buf = self.bufs[direction]
        buf += data
        out = bytearray()
        while buf:
            if buf[0] != SOF:
                out.append(buf.pop(0))
                continue
            if len(buf) < 4:
                break
            n = buf[3]
            if n > MAX_PAYLOAD:
                out.append(buf.pop(0))
                continue
            if len(buf) < 6 + n:
                break
            f = bytes(buf[:6 + n])
            if crc16(f[1:4 + n]) != (f[4 + n] << 8 | f[5 + n]):
                out.append(buf.pop(0))  # not a frame (or a broken one): pass the byte on
                continue
            del buf[:6 + n]
            ftype, seq, payload = f[1], f[2], f[4:4 + n]
            self.seen.append((direction, ftype, seq, bytes(payload)))
            new = self.rewrite(direction, ftype, seq, bytes(payload))
            if new is not None:
                f = frame(ftype, seq, new)
                self.forged += 1
            out += f
        return bytes(out)

    def rewrite(self, direction, ftype, seq, payload):
        """The payload a frame arrives with instead, or None to pass it on."""
        want_dir, want_seq, new_byte = self.target
        if direction == want_dir and ftype == T_MOVE and seq == want_seq and payload:
            self.original = payload[0]
            return bytes([new_byte]) + payload[1:]
        return None


class ReviewForgeRelay(ForgeRelay):
    """A hostile Black console, played by a man in the middle: the first
    REVIEW frame from the listener (Black, direction 1) is rewritten to mark
    the points in `dead` dead and to say "Black accepted, White accepted,
    counted" with the counts given (REVIEW: at u16, rev u16, requests applied
    u16, marks revision u16, flags, Black's count, White's count, the marks a
    bit a point, row-major, high bit first)."""

    def __init__(self, listen_port, target_port, size, dead, black, white):
        self.review = (size, dead, black, white)
        super().__init__(listen_port, target_port, 1, -1, 0)

    def rewrite(self, direction, ftype, seq, payload):
        if direction != 1 or ftype != T_REVIEW or self.forged:
            return None
        size, dead, black, white = self.review
        bits = bytearray((size * size + 7) // 8)
        for p in dead:
            bits[p // 8] |= 0x80 >> (p % 8)
        return payload[:8] + bytes([1 | 2 | 4, black, white]) + bytes(bits)


if __name__ == "__main__":
    # By hand, between two consoles (docs/link.md's examples):
    #   tabletop play --game go --link listen:4000
    #   python3 tests/protocols/link_relay.py 4001 4000 --drop 0.01 --flip 0.01 --dup 0.01
    #   tabletop play --game go --link tcp:127.0.0.1:4001
    # or --forge SEQ BYTE: the dialler's MOVE SEQ arrives as move byte BYTE.
    import argparse
    import random
    ap = argparse.ArgumentParser(description="a faulty or forging relay for a link game")
    ap.add_argument("listen", type=int, help="port the dialling console connects to")
    ap.add_argument("target", type=int, help="port the listening console waits on")
    for name in ("drop", "flip", "dup"):
        ap.add_argument("--" + name, type=float, default=0.0, help="probability per byte")
    ap.add_argument("--delay", type=float, default=0.0, help="each byte up to this late (s)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--forge", type=int, nargs=2, metavar=("SEQ", "BYTE"))
    a = ap.parse_args()
    if a.forge:
        r = ForgeRelay(a.listen, a.target, 0, a.forge[0], a.forge[1])
    else:
        r = FaultRelay(a.listen, a.target, random.Random(a.seed), a.drop, a.flip, a.dup, a.delay)
    try:
        r.thread.join()
    except KeyboardInterrupt:
        pass
    r.close()
    print(getattr(r, "stats", None) or "%d frame(s) forged" % r.forged)

"""A fixed delay on packets, in user space, for kernels without `sch_netem` (this machine's).

An iptables rule (`-j NFQUEUE --queue-num N`, the xtables target: this kernel has no nftables
`queue` statement) hands every packet it matches to queue N of its network namespace; this
program, run in that namespace, holds each one `--delay-ms` and then lets it go (NF_ACCEPT).
One delay for every packet, so they leave in the order they came: one batch verdict (every
packet id up to the last one due) lets out all that are due. Packets stay in the kernel; only
their ids come up (copy mode META).

    ip netns exec NS python -m tests.netfaults.delayer --queue 0 --delay-ms 100

It prints "ready" once bound (before that, packets the rule queues would be dropped: no rule is
put in before it). SIGTERM lets every held packet go at once, then it exits.

The netlink messages are the kernel's nfnetlink_queue interface (linux/netfilter/
nfnetlink_queue.h), written out with `struct`: only the standard library, nothing to build.
"""

from __future__ import annotations

import argparse
import collections
import os
import select
import signal
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
SOL_NETLINK = 270
NETLINK_NO_ENOBUFS = 5
SO_RCVBUFFORCE = 33

NLM_F_REQUEST, NLM_F_ACK = 0x1, 0x4
NLMSG_ERROR = 2
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_CONFIG, NFQNL_MSG_VERDICT_BATCH = 0, 2, 3
NFQA_PACKET_HDR = 1
NFQA_VERDICT_HDR = 2
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN = 1, 2, 3
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NF_ACCEPT = 1

_HEADER = struct.Struct("=IHHII")  # nlmsghdr: length, type, flags, sequence, port id
_ATTR = struct.Struct("=HH")  # nlattr: length, type


def _attr(kind: int, payload: bytes) -> bytes:
    data = _ATTR.pack(_ATTR.size + len(payload), kind) + payload
    return data + b"\0" * (-len(data) % 4)


def _message(kind: int, flags: int, queue: int, attrs: bytes, seq: int = 0) -> bytes:
    body = struct.pack("=BB", socket.AF_UNSPEC, 0) + struct.pack(">H", queue) + attrs  # nfgenmsg
    return _HEADER.pack(_HEADER.size + len(body), (NFNL_SUBSYS_QUEUE << 8) | kind, flags, seq, 0) + body


def _messages(data: bytes) -> list[tuple[int, bytes]]:
    """(type, payload after the nlmsghdr) of each netlink message in one datagram."""
    out = []
    pos = 0
    while pos + _HEADER.size <= len(data):
        length, kind, _, _, _ = _HEADER.unpack_from(data, pos)
        if length < _HEADER.size:
            break
        out.append((kind, data[pos + _HEADER.size : pos + length]))
        pos += (length + 3) & ~3
    return out


def _packet_id(payload: bytes) -> int | None:
    pos = 4  # past the nfgenmsg
    while pos + _ATTR.size <= len(payload):
        length, kind = _ATTR.unpack_from(payload, pos)
        if length < _ATTR.size:
            return None
        if kind & 0x7FFF == NFQA_PACKET_HDR:
            return int(struct.unpack_from(">I", payload, pos + _ATTR.size)[0])
        pos += (length + 3) & ~3
    return None


def bind(queue: int, max_len: int = 65536) -> socket.socket:
    """A netlink socket bound to `queue` of this namespace, packets copied as metadata only."""
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
    sock.bind((0, 0))
    sock.setsockopt(SOL_NETLINK, NETLINK_NO_ENOBUFS, 1)
    sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 8 << 20)
    attrs = (
        _attr(NFQA_CFG_CMD, struct.pack(">BBH", NFQNL_CFG_CMD_BIND, 0, socket.AF_INET))
        + _attr(NFQA_CFG_PARAMS, struct.pack(">IB", 0, NFQNL_COPY_META))
        + _attr(NFQA_CFG_QUEUE_MAXLEN, struct.pack(">I", max_len))
    )
    sock.send(_message(NFQNL_MSG_CONFIG, NLM_F_REQUEST | NLM_F_ACK, queue, attrs, seq=1))
    for kind, payload in _messages(sock.recv(65536)):
        if kind == NLMSG_ERROR:
            (error,) = struct.unpack_from("=i", payload)
            if error:
                sock.close()
                raise OSError(-error, f"binding NFQUEUE {queue}: {os.strerror(-error)}")
    return sock


def run(queue: int, delay_s: float) -> None:
    sock = bind(queue)
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    held: collections.deque[tuple[float, int]] = collections.deque()  # (due, packet id), in order

    def release(last: int) -> None:
        sock.send(
            _message(
                NFQNL_MSG_VERDICT_BATCH,
                NLM_F_REQUEST,
                queue,
                _attr(NFQA_VERDICT_HDR, struct.pack(">II", NF_ACCEPT, last)),
            )
        )

    print("ready", flush=True)
    while not stopping:
        timeout = max(0.0, held[0][0] - time.monotonic()) if held else 0.2
        try:
            readable, _, _ = select.select([sock], [], [], timeout)
        except InterruptedError:
            continue
        if readable:
            while True:
                try:
                    data = sock.recv(65536, socket.MSG_DONTWAIT)
                except (BlockingIOError, InterruptedError):
                    break
                arrived = time.monotonic()
                for kind, payload in _messages(data):
                    if kind & 0xFF == NFQNL_MSG_PACKET and kind >> 8 == NFNL_SUBSYS_QUEUE:
                        packet = _packet_id(payload)
                        if packet is not None:
                            held.append((arrived + delay_s, packet))
        due, last = time.monotonic(), None
        while held and held[0][0] <= due:
            last = held.popleft()[1]
        if last is not None:
            release(last)
    if held:
        release(held[-1][1])
    sock.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--queue", type=int, default=0)
    ap.add_argument("--delay-ms", type=float, required=True)
    args = ap.parse_args(argv)
    run(args.queue, args.delay_ms / 1000)
    return 0


if __name__ == "__main__":
    sys.exit(main())

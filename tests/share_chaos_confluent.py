"""A confluent-kafka 2.16 ShareConsumer for the share chaos tests, as a process of its own:

    python -m tests.share_chaos_confluent BOOTSTRAP TOPIC GROUP

Explicit acknowledgement, the same rule as tests/share_chaos.py's consumers (RELEASE a record at
an offset multiple of RELEASE_EVERY at its first delivery, ACCEPT the others), each poll's
acknowledgements sent at once (commit_sync). It tells the test, one line each on stdout:
`D offset count` (delivered), `S` / `E` (a commit sent / answered or failed), and from
librdkafka's acknowledgement commit callback, which names the offsets the broker answered:
`A offset...` (ACCEPT answered), `R offset:count...` (RELEASE answered), `F offset...` (failed or
unanswered: ambiguous). It runs until killed or stdin closes.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from typing import Any

import confluent_kafka

from tests.share_chaos import RELEASE_EVERY


def main(bootstrap: str, topic: str, group: str) -> None:
    out = sys.stdout
    sent: dict[int, tuple[str, int]] = {}  # offset -> its last acknowledgement: (A or R, count)
    pending: set[int] = set()  # sent in the last commit, no answer yet

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    def answered(offsets: dict[Any, set[int]], error: Exception | None) -> None:
        for tp, found in offsets.items():
            if tp.topic != topic:
                continue
            pending.difference_update(found)
            done = [sent.get(o, ("A", 0)) + (o,) for o in sorted(found)]
            if error is not None:
                say("F " + " ".join(str(o) for _, _, o in done))
                continue
            accepted = [str(o) for kind, _, o in done if kind == "A"]
            released = [f"{o}:{c}" for kind, c, o in done if kind == "R"]
            if accepted:
                say("A " + " ".join(accepted))
            if released:
                say("R " + " ".join(released))

    stop = threading.Event()

    def until_stdin_closes() -> None:
        sys.stdin.read()
        stop.set()

    threading.Thread(target=until_stdin_closes, daemon=True).start()
    c = confluent_kafka.ShareConsumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": group,
            "share.acknowledgement.mode": "explicit",
            "socket.timeout.ms": 5000,
            "reconnect.backoff.ms": 50,
            "reconnect.backoff.max.ms": 200,
        }
    )
    c.set_acknowledgement_commit_callback(answered)
    c.subscribe([topic])
    while not stop.is_set():
        try:
            msgs = [m for m in c.poll(0.3) if m.error() is None]
        except confluent_kafka.KafkaException:
            continue
        if not msgs:
            continue
        for m in msgs:
            offset, count = m.offset(), m.delivery_count()
            assert offset is not None and count is not None
            say(f"D {offset} {count}")
            if offset % RELEASE_EVERY == 0 and count == 1:
                c.acknowledge(m, confluent_kafka.AcknowledgeType.RELEASE)
                sent[offset] = ("R", count)
            else:
                c.acknowledge(m)
                sent[offset] = ("A", count)
            pending.add(offset)
        say("S")
        with contextlib.suppress(confluent_kafka.KafkaException):
            c.commit_sync(5.0)
        say("E")
        if pending:  # no answer came for these: they may or may not have been applied
            say("F " + " ".join(str(o) for o in sorted(pending)))
            pending.clear()


if __name__ == "__main__":
    main(*sys.argv[1:4])

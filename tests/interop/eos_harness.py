"""The exactly-once chaos run shared by the confluent-kafka and kbroker-client tests: an input
topic, the consume-transform-produce application (eos_app.py) as a process, kill -9 of the
application or of the broker at random points, and the checks on the output."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import ROOT, BrokerProcess, RawConnection, create_topic

INPUT, OUTPUT, GROUP, TXN_ID = "eos-in", "eos-out", "eos-app", "eos-txn"
PARTITIONS = 6


class App:
    """The application process; its JSON lines collected by a thread."""

    def __init__(self, client: str, bootstrap: str, log_path: Path, pace: float, batch: int):
        self.args = [
            sys.executable,
            "-m",
            "tests.interop.eos_app",
            client,
            bootstrap,
            INPUT,
            OUTPUT,
            GROUP,
            TXN_ID,
            "--pace",
            str(pace),
            "--batch",
            str(batch),
        ]
        self.log_path = log_path
        self.events: list[dict] = []
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        self.watchdog_kills = 0
        self.last_progress = time.monotonic()

    def start(self) -> None:
        self.starts += 1
        self.events = []
        self.last_progress = time.monotonic()
        err = open(self.log_path, "ab")  # noqa: SIM115 - the child holds it
        self.proc = subprocess.Popen(self.args, cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
        err.close()
        proc = self.proc

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                try:
                    self.events.append(json.loads(line))
                    self.last_progress = time.monotonic()
                except ValueError:
                    pass

        threading.Thread(target=read, daemon=True).start()

    def commits(self) -> int:
        return sum(1 for e in self.events if e.get("event") == "committed")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def supervise(self, stall_s: float = 15.0) -> None:
        """What a supervisor does: start it again if it exited, and kill -9 it first if it made
        no progress for `stall_s` (librdkafka can stay stuck in send_offsets_to_transaction when
        the broker restarts under an AddOffsetsToTxn: a retried request whose answer it drops)."""
        if self.alive() and time.monotonic() - self.last_progress > stall_s:
            self.watchdog_kills += 1
            self.kill()
        if not self.alive():
            self.start()

    def kill(self) -> None:
        if self.alive():
            assert self.proc is not None
            self.proc.kill()
            self.proc.wait(10)


async def _request(port: int, api: int, version: int, body: dict):
    c = await RawConnection.open(port)
    try:
        return await c.request(api, version, body)
    finally:
        await c.close()


def txn_state(port: int, deadline_s: float = 30.0) -> str:
    """The transactional id's state as its coordinator has it (waits out its loading)."""
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            r = asyncio.run(_request(port, ApiKey.DESCRIBE_TRANSACTIONS, 0, {"transactional_ids": [TXN_ID]}))
            s = r.transaction_states[0]
            if s.error_code == ErrorCode.NONE:
                return s.transaction_state
            if s.error_code == ErrorCode.TRANSACTIONAL_ID_NOT_FOUND:
                return "None"
        except (TimeoutError, OSError):
            pass
        if time.monotonic() > deadline:
            raise TimeoutError("the transaction coordinator did not answer")
        time.sleep(0.05)


def committed_offsets(port: int) -> dict[int, int]:
    r = asyncio.run(
        _request(
            port,
            ApiKey.OFFSET_FETCH,
            7,
            {"group_id": GROUP, "topics": [{"name": INPUT, "partition_indexes": list(range(PARTITIONS))}]},
        )
    )
    return {p.partition_index: p.committed_offset for t in r.topics for p in t.partitions}


def produce_input(bootstrap: str, n: int) -> dict[int, int]:
    """n keyed records; returns the end offset of each partition."""
    from confluent_kafka import Consumer, Producer, TopicPartition

    p = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "linger.ms": 5})
    for i in range(n):
        p.produce(INPUT, key=b"k%d" % i, value=b"v%d" % i)
        if i % 1000 == 0:
            p.poll(0)
    assert p.flush(60) == 0
    c = Consumer({"bootstrap.servers": bootstrap, "group.id": "eos-probe"})
    ends = {q: c.get_watermark_offsets(TopicPartition(INPUT, q), timeout=10)[1] for q in range(PARTITIONS)}
    c.close()
    assert sum(ends.values()) == n
    return ends


def read_output(bootstrap: str, isolation: str) -> list[bytes]:
    from confluent_kafka import Consumer, TopicPartition

    c = Consumer(
        {
            "bootstrap.servers": bootstrap,
            "group.id": f"eos-check-{isolation}",
            "isolation.level": isolation,
            "enable.auto.commit": False,
            "auto.offset.reset": "earliest",
            "enable.partition.eof": True,
        }
    )
    c.assign([TopicPartition(OUTPUT, q, 0) for q in range(PARTITIONS)])
    values: list[bytes] = []
    eof: set[int] = set()
    deadline = time.monotonic() + 60
    while len(eof) < PARTITIONS and time.monotonic() < deadline:
        m = c.poll(0.5)
        if m is None:
            continue
        if m.error():
            if m.error().code() == -191:  # _PARTITION_EOF
                eof.add(m.partition())
            continue
        values.append(m.value())
    c.close()
    assert len(eof) == PARTITIONS, "the output was not read to its end"
    return values


@dataclass
class ChaosResult:
    kills: list[tuple[str, str]] = field(default_factory=list)  # (what, transaction state at the kill)
    app_starts: int = 0
    watchdog_kills: int = 0
    committed: list[bytes] = field(default_factory=list)
    uncommitted: list[bytes] = field(default_factory=list)

    @property
    def mid_transaction(self) -> int:
        return sum(1 for _, s in self.kills if s in ("Ongoing", "PrepareCommit", "PrepareAbort"))


def run_chaos(
    tmp_path: Path,
    client: str,
    *,
    rounds: int = 10,
    n: int = 20000,
    seed: int | None = None,
    pace: float = 0.001,
) -> ChaosResult:
    seed = seed if seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    print(f"chaos seed {seed}")
    bp = BrokerProcess(
        tmp_path / "data", extra={"transaction.abort.timed.out.transaction.cleanup.interval.ms": "500"}
    )
    bp.start()
    app = App(client, bp.bootstrap, tmp_path / "app.log", pace, 200)
    result = ChaosResult()
    try:
        asyncio.run(create_topic(bp.port, INPUT, PARTITIONS))
        asyncio.run(create_topic(bp.port, OUTPUT, PARTITIONS))
        ends = produce_input(bp.bootstrap, n)
        app.start()
        for _ in range(rounds):
            deadline = time.monotonic() + 60
            while app.commits() < 1:  # a random point once it is working again
                app.supervise()
                assert time.monotonic() < deadline, f"the application made no progress: {app.events[-5:]}"
                time.sleep(0.02)
            time.sleep(rng.uniform(0, 0.6))  # where the kill lands: random, not a state waited for
            if rng.random() < 0.5:
                app.kill()
                result.kills.append(("app", txn_state(bp.port)))
                app.start()
            else:
                bp.kill()
                bp.start()
                result.kills.append(("broker", txn_state(bp.port)))
                app.events = [e for e in app.events if e.get("event") != "committed"]
        deadline = time.monotonic() + 180
        while committed_offsets(bp.port) != ends:
            app.supervise()
            assert time.monotonic() < deadline, f"offsets {committed_offsets(bp.port)} never reached {ends}"
            time.sleep(0.1)
        app.kill()
        result.app_starts = app.starts
        result.watchdog_kills = app.watchdog_kills
        result.committed = read_output(bp.bootstrap, "read_committed")
        result.uncommitted = read_output(bp.bootstrap, "read_uncommitted")
        return result
    finally:
        app.kill()
        bp.stop()

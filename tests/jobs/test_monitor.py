"""Must show 1: the lag monitor against a live broker. Three groups commit; `stuck` stops
committing while its topic grows (STOP), then commits the same offset again and again (STALL);
`rewinder` commits forward then goes back (REWIND); `steady` keeps up (OK throughout). The
monitor's status table (Parquet) and the alerts topic, read back with aiokafka, show each
transition within two micro-batches of the moment it became true, and nothing for `steady`;
reading the broker's log dir, and reading it over the network (`--over-network`)."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, create_topic, wait_until
from tests.jobs.workload import LoopThread

pytestmark = pytest.mark.slow

TRIGGER_S = 1.0
WINDOW = 5
MIN_STOP_MS = 4000


async def commit(port: int, group: str, topic: str, offset: int) -> None:
    c = await RawConnection.open(port)
    try:
        r = await c.request(
            ApiKey.OFFSET_COMMIT,
            8,
            {
                "group_id": group,
                "generation_id_or_member_epoch": -1,
                "member_id": "",
                "group_instance_id": None,
                "retention_time_ms": -1,
                "topics": [
                    {
                        "name": topic,
                        "partitions": [
                            {
                                "partition_index": 0,
                                "committed_offset": offset,
                                "committed_leader_epoch": -1,
                                "committed_metadata": "",
                            }
                        ],
                    }
                ],
            },
        )
        assert r.topics[0].partitions[0].error_code == ErrorCode.NONE
    finally:
        await c.close()


async def produce(bootstrap: str, topic: str, n: int) -> None:
    from client.producer import AsyncProducer

    async with AsyncProducer(bootstrap, linger_ms=0) as p:
        futures = [await p.send(topic, b"x%d" % i) for i in range(n)]
        for f in futures:
            await f


async def read_alerts(bootstrap: str, topic: str, expected: int, timeout: float = 30) -> list[dict]:
    from aiokafka import AIOKafkaConsumer

    c = AIOKafkaConsumer(
        topic, bootstrap_servers=bootstrap, auto_offset_reset="earliest", enable_auto_commit=False
    )
    await c.start()
    out: list[dict] = []
    try:
        deadline = time.monotonic() + timeout
        while len(out) < expected and time.monotonic() < deadline:
            for records in (await c.getmany(timeout_ms=500)).values():
                out.extend(json.loads(r.value) | {"_key": r.key.decode() if r.key else None} for r in records)
        # anything more (a spurious alert) would be in the same partitions, right behind
        for records in (await c.getmany(timeout_ms=1000)).values():
            out.extend(json.loads(r.value) | {"_key": r.key.decode() if r.key else None} for r in records)
    finally:
        await c.stop()
    return out


@pytest.mark.parametrize("over_network", [False, True], ids=["files", "network"])
def test_monitor_statuses_and_alerts_on_a_live_broker(spark, tmp_path: Path, over_network: bool) -> None:
    from jobs import monitor as M

    broker = BrokerProcess(tmp_path / "data", extra={"offsets.topic.num.partitions": "3"}).start()
    loop = LoopThread()
    query = None
    try:
        port, bootstrap = broker.port, broker.bootstrap
        for t in ("t-ok", "t-stuck", "t-rw"):
            loop.run(create_topic(port, t, 1))
        loop.run(produce(bootstrap, "t-ok", 10))
        loop.run(produce(bootstrap, "t-stuck", 10))
        loop.run(produce(bootstrap, "t-rw", 1000))

        args = M.parse_args(
            [
                "--data",
                str(tmp_path / "data"),
                "--out",
                str(tmp_path / "monitor"),
                "--bootstrap",
                bootstrap,
                "--trigger",
                str(TRIGGER_S),
                "--window",
                str(WINDOW),
                "--min-stop-ms",
                str(MIN_STOP_MS),
            ]
            + (["--over-network"] if over_network else [])
        )
        assert isinstance(args, argparse.Namespace)
        query, monitor = M.start(spark, args)

        def batch() -> int:
            return monitor.state.batch_id

        def changes() -> list[dict]:
            while True:
                try:
                    return list(monitor.state.changes)
                except RuntimeError:  # mutated by the batch thread meanwhile
                    continue

        def change_of(group: str, status: str, topic: str | None = "any") -> dict | None:
            return next(
                (
                    c
                    for c in changes()
                    if c["group"] == group
                    and c["status"] == status
                    and (topic == "any" or c["topic"] == topic)
                ),
                None,
            )

        wait_until(lambda: batch() >= 0, 90, what="the monitor's first micro-batch")

        def keep_up(rounds: int, rw_from: int) -> int:
            rw = rw_from
            for _ in range(rounds):
                loop.run(commit(port, "steady", "t-ok", 10))
                loop.run(commit(port, "rewinder", "t-rw", rw))
                rw += 1
                time.sleep(0.3)  # the cadence of the commits, not a wait for a state
            return rw

        # phase 1: everyone commits; stuck keeps up too
        rw = 100  # of 1000: lag stays far from 0
        for _ in range(3):
            loop.run(commit(port, "stuck", "t-stuck", 10))
            rw = keep_up(1, rw)
        rw = keep_up(WINDOW, rw)
        wait_until(
            lambda: {"steady", "stuck", "rewinder"} <= set(monitor.state.evaluator.groups),
            30,
            what="the monitor to see the three groups",
        )

        # phase 2: stuck stops committing while its topic grows -> STOP
        loop.run(produce(bootstrap, "t-stuck", 50))
        stop_true_at = (
            time.time() + MIN_STOP_MS / 1000
        )  # its last commit is older than the window spans by then
        while time.time() < stop_true_at:
            rw = keep_up(1, rw)
        batch_at_stop = batch()
        deadline = time.monotonic() + 60
        while change_of("stuck", "STOP", "t-stuck") is None and time.monotonic() < deadline:
            rw = keep_up(1, rw)
        stop = change_of("stuck", "STOP", "t-stuck")
        assert stop is not None, changes()

        # phase 3: stuck commits its old offset again and again while its topic grows -> STALL
        loop.run(produce(bootstrap, "t-stuck", 20))
        for _ in range(WINDOW):
            loop.run(commit(port, "stuck", "t-stuck", 10))
        batch_at_stall = batch()
        deadline = time.monotonic() + 60
        while change_of("stuck", "STALL", "t-stuck") is None and time.monotonic() < deadline:
            loop.run(commit(port, "stuck", "t-stuck", 10))
            rw = keep_up(1, rw)
        assert change_of("stuck", "STALL", "t-stuck") is not None, changes()
        settled = batch()
        while batch() < settled + 2:  # two more micro-batches: nothing else changes
            loop.run(commit(port, "stuck", "t-stuck", 10))
            rw = keep_up(1, rw)

        # phase 4: rewinder goes back -> REWIND (then the query stops, before it could be STOP)
        loop.run(commit(port, "rewinder", "t-rw", rw - 5))
        batch_at_rewind = batch()
        wait_until(lambda: change_of("rewinder", "REWIND", "t-rw") is not None, 60, what="REWIND")
        query.stop()

        # the status table: each transition, within two micro-batches of becoming true
        rows = [
            r.asDict() for r in spark.read.parquet(str(tmp_path / "monitor" / "status_changes")).collect()
        ]
        got = sorted(
            ((r["batch"], r["group"], r["topic"], r["previous"], r["status"]) for r in rows),
            key=lambda r: (r[0], r[1], r[2] or ""),
        )
        transitions = [(g, t, p, s) for _b, g, t, p, s in got]
        assert transitions.count(("stuck", "t-stuck", "OK", "STOP")) == 1
        assert transitions.count(("stuck", "t-stuck", "STOP", "STALL")) == 1
        assert transitions.count(("stuck", None, "OK", "ERROR")) == 1
        assert transitions.count(("rewinder", "t-rw", "OK", "REWIND")) == 1
        assert transitions.count(("rewinder", None, "OK", "ERROR")) == 1
        assert not [t for t in transitions if t[0] == "steady"]
        assert len(transitions) == 5, got
        batch_of = {(g, t, s): b for b, g, t, _p, s in got}
        assert batch_of[("stuck", "t-stuck", "STOP")] <= batch_at_stop + 2
        assert batch_of[("rewinder", "t-rw", "REWIND")] <= batch_at_rewind + 2
        assert batch_of[("stuck", "t-stuck", "STALL")] <= batch_at_stall + 2

        # the alerts topic, read with aiokafka: the same five changes, keyed by group
        alerts = loop.run(read_alerts(bootstrap, "__lag_alerts", 5))

        def order(t: tuple) -> tuple:
            return t[0], t[1] or "", t[2], t[3]

        assert sorted(
            ((a["group"], a["topic"], a["previous"], a["status"]) for a in alerts), key=order
        ) == sorted(transitions, key=order)
        assert all(a["_key"] == a["group"] for a in alerts)

        page = (tmp_path / "monitor" / "monitor.html").read_text()
        for g in ("steady", "stuck", "rewinder"):
            assert f'data-group="{g}"' in page
    finally:
        if query is not None and query.isActive:
            query.stop()
        loop.close()
        broker.stop()

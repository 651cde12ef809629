"""Produce requests taken from the receive buffer (broker/apis/produce_raw.py) answer exactly as
the generic path does (decode, handler) and leave the same log: two brokers with the same topics
get the same generated requests, one through the raw path, the other through the generic one,
and must write the same answer bytes and the same segment files. Versions 2-12, acks 0, 1 and
-1, several partitions, unknown topics and partitions, idempotent producers' sequences (in
order, duplicated, out of order), corrupt batches, transactional ids, tagged fields; truncated or
corrupted frames are answered or closed alike."""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broker.apis import produce_raw
from protocol.apis import ApiKey
from protocol.frames import RequestHeader, encode_request
from protocol.records import Record, build_batch
from tests.helpers import create_topic, start_broker
from tests.integration.test_quotas import _set_quota
from tests.integration.test_raw_heartbeat import _Capture
from tests.integration.test_raw_offset_commit import _answers, _with_body_tag

K = ApiKey
TOPICS = {"p1": 3, "p2": 2}  # created on both brokers; "p3" is not
_TIMESTAMP = 1_700_000_000_000
_PLAIN = {"records": 1, "producer": None, "sequence": 0, "corrupt": False}


@pytest.fixture
def pair(tmp_path):
    """Two brokers with TOPICS (fsync before acks=-1 answers), in a loop of their own."""
    loop = asyncio.new_event_loop()
    brokers = []
    try:
        for side in ("raw", "generic"):
            broker = loop.run_until_complete(start_broker(tmp_path / side))
            brokers.append(broker)
            for name, partitions in TOPICS.items():
                loop.run_until_complete(create_topic(broker.bound_port, name, partitions))
        yield loop, brokers[0], brokers[1], tmp_path
    finally:
        for broker in brokers:
            loop.run_until_complete(broker.stop())
        loop.close()


def _frame(version: int, cid: int, body: dict, client_id: str | None = "raw-p", header_tags=None) -> bytes:
    header = RequestHeader(K.PRODUCE, version, cid, client_id)
    if header_tags:
        header.tagged = header_tags
    data = encode_request(header, body)
    return struct.pack(">i", len(data)) + data


async def _serve(broker, frames: bytes, count: int, raw: bool) -> tuple[bytes, bool, int]:
    """What a connection answers to `frames` (count answers expected): the bytes written,
    whether it closed, and how many requests the raw path took."""
    from broker.server import _Connection

    server = broker.servers[0]
    conn = _Connection(server)
    taken = 0
    if raw:
        assert server.raw_later_handlers and conn.raw_later is server.raw_later_handlers
        handler = server.raw_later_handlers[K.PRODUCE]

        def counting(buf: bytearray, start: int, end: int) -> Any:
            nonlocal taken
            answer = handler(buf, start, end)
            taken += answer is not None
            return answer

        conn.raw_later = {**server.raw_later_handlers, K.PRODUCE: counting}
    else:
        conn.raw = conn.raw_later = None
    transport = _Capture()
    conn.connection_made(transport)  # type: ignore[arg-type]
    conn.data_received(frames)
    deadline = asyncio.get_running_loop().time() + 10
    while not transport.closed and (_answers(b"".join(transport.written)) < count or conn.inflight):
        assert asyncio.get_running_loop().time() < deadline, "no answer"
        await asyncio.sleep(0.001)
    conn.connection_lost(None)
    return b"".join(transport.written), transport.closed, taken


async def _logs(broker, root: Path) -> dict[str, bytes]:
    """Every segment file's bytes, once every log's writes are done."""
    for name, partitions in TOPICS.items():
        for p in range(partitions):
            lg = broker.topics.log(name, p)
            assert lg is not None
            await lg.wait_idle()
    return {str(f.relative_to(root)): f.read_bytes() for f in sorted(root.rglob("*.log"))}  # noqa: ASYNC240


_batch = st.fixed_dictionaries(
    {
        "records": st.integers(1, 4),
        "producer": st.sampled_from([None, (1000, 0), (1000, 1), (1001, 0)]),
        "sequence": st.integers(0, 6),
        "corrupt": st.sampled_from([False, False, False, True]),
    }
)
_partition = st.fixed_dictionaries({"index": st.sampled_from([0, 0, 1, 2, 5]), "batch": _batch})
_topic = st.fixed_dictionaries(
    {"name": st.sampled_from(["p1", "p1", "p2"]), "partitions": st.lists(_partition, min_size=1, max_size=3)}
)
# What makes a request one the raw path leaves to the generic one (None: nothing, it takes it).
_TWISTS = ["acks0", "acks2", "tx", "body tag", "header tag", "null batch", "unknown topic", "no topic"]
_request = st.fixed_dictionaries(
    {
        "version": st.integers(2, 12),
        "acks": st.sampled_from([1, -1]),
        "topics": st.lists(_topic, min_size=1, max_size=2),
        "client_id": st.none() | st.text(max_size=8),
        "pipelined": st.integers(1, 2),
        "twist": st.sampled_from([None] * len(_TWISTS) + _TWISTS),
    }
)


def _records(batch: dict[str, Any] | None, n: int) -> bytes | None:
    if batch is None:
        return None
    pid, epoch = batch["producer"] or (-1, -1)
    data = bytearray(
        build_batch(
            [Record(value=b"v%d-%d" % (n, i)) for i in range(batch["records"])],
            base_timestamp=_TIMESTAMP,
            producer_id=pid,
            producer_epoch=epoch,
            base_sequence=batch["sequence"] if pid >= 0 else -1,
        )
    )
    if batch["corrupt"]:
        data[-1] ^= 0x5A  # the CRC no longer matches
    return bytes(data)


def _takes(case: dict[str, Any]) -> bool:
    """Whether the raw path is to take the case (else: the generic path)."""
    v = case["version"]
    twist = case["twist"]
    return 3 <= v <= 12 and (twist is None or (twist in ("body tag", "header tag") and v < 9))


def _body(case: dict[str, Any], n: int) -> dict[str, Any]:
    twist = case["twist"]
    topics = [
        {
            "name": t["name"],
            "partition_data": [
                {"index": p["index"], "records": _records(p["batch"], n)} for p in t["partitions"]
            ],
        }
        for t in case["topics"]
    ]
    if twist == "null batch":
        topics[-1]["partition_data"][-1]["records"] = None
    elif twist == "unknown topic":
        topics.append({"name": "p3", "partition_data": [{"index": 0, "records": _records(_PLAIN, n)}]})
    elif twist == "no topic":
        topics = []
    return {
        "transactional_id": "tx" if twist == "tx" else None,
        "acks": {"acks0": 0, "acks2": 2}.get(twist or "", case["acks"]),
        "timeout_ms": 5000,
        "topic_data": topics,
    }


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=_request)
def test_generated_produces_answer_and_append_as_the_generic_path_does(pair, case):
    loop, fast_broker, slow_broker, root = pair
    run: Callable[[Any], Any] = loop.run_until_complete
    v = case["version"]
    frames = []
    for i in range(case["pipelined"]):
        tags = {7: b"hdr"} if case["twist"] == "header tag" and v >= 9 else None
        frame = _frame(v, 100 + i, _body(case, i), case["client_id"], tags)
        if case["twist"] == "body tag" and v >= 9:
            frame = _with_body_tag(frame, 3, b"x")
        frames.append(frame)
    data = b"".join(frames)
    count = case["pipelined"] if case["twist"] != "acks0" else 0
    fast, fast_closed, taken = run(_serve(fast_broker, data, count, raw=True))
    slow, slow_closed, _ = run(_serve(slow_broker, data, count, raw=False))
    assert (fast, fast_closed) == (slow, slow_closed)
    assert _answers(fast) == count
    assert taken == (case["pipelined"] if _takes(case) else 0)
    fast_logs = run(_logs(fast_broker, root / "raw"))
    assert fast_logs == run(_logs(slow_broker, root / "generic"))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    version=st.integers(3, 12),
    cut=st.integers(1, 120),
    flip=st.none() | st.tuples(st.integers(6, 200), st.integers(1, 255)),
)
def test_malformed_produces_are_answered_or_closed_as_before(pair, version, cut, flip):
    loop, fast_broker, slow_broker, _ = pair
    body = {
        "transactional_id": None,
        "acks": 1,
        "timeout_ms": 5000,
        "topic_data": [
            {
                "name": "p1",
                "partition_data": [{"index": 1, "records": _records(_PLAIN, 0)}],
            }
        ],
    }
    data = bytearray(_frame(version, 9, body)[4:])
    if flip is not None and flip[0] < len(data):
        data[flip[0]] ^= flip[1]
    data = data[: max(len(data) - cut, 8)] if flip is None else data
    frame = struct.pack(">i", len(data)) + bytes(data)
    fast = loop.run_until_complete(_serve(fast_broker, frame, 1, raw=True))
    slow = loop.run_until_complete(_serve(slow_broker, frame, 1, raw=False))
    assert fast[:2] == slow[:2]


async def test_acls_and_quotas_keep_the_raw_path_out(broker, monkeypatch):
    await create_topic(broker.bound_port, "p1", 1)
    body = {
        "transactional_id": None,
        "acks": 1,
        "timeout_ms": 5000,
        "topic_data": [
            {
                "name": "p1",
                "partition_data": [{"index": 0, "records": _records(_PLAIN, 0)}],
            }
        ],
    }
    frame = bytearray(_frame(9, 1, body)[4:])
    monkeypatch.setattr(broker, "authorizer", object())  # any authorizer: the generic path checks it
    assert produce_raw.handle_raw(broker, frame, 0, len(frame)) is None
    monkeypatch.undo()
    answer = produce_raw.handle_raw(broker, frame, 0, len(frame))
    assert answer is not None
    assert (await asyncio.wait_for(answer, 10))[4:8] == b"\x00\x00\x00\x01"
    # a produce quota: the generic path counts the request's bytes against it
    await _set_quota(broker.bound_port, [("client-id", None)], "producer_byte_rate", 1e9)
    assert produce_raw.handle_raw(broker, frame, 0, len(frame)) is None

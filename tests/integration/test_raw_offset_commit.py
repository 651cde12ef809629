"""OffsetCommits answered from the receive buffer (broker/apis/offset_commit.py `handle_raw`)
answer exactly as the generic path does (decode, handler) and commit the same offsets, for
generated requests of every version; what the raw path does not take (v0-1, tagged fields,
unknown partitions, malformed frames, ACLs, a SASL connection before it has authenticated)
goes the generic way, answered or closed as before."""

from __future__ import annotations

import asyncio
import itertools
import struct
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from broker.apis import offset_commit
from broker.security.sasl import SaslConfig
from broker.server import _Connection, _SaslConnection
from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from protocol.frames import RequestHeader, encode_request
from tests.helpers import RawConnection, create_topic, start_broker
from tests.integration.test_groups import join
from tests.integration.test_quotas import _set_quota
from tests.integration.test_raw_heartbeat import _Capture

K = ApiKey
TOPICS = {"t1": 3, "t2": 2}  # created; "t3" is not (UNKNOWN_TOPIC_OR_PARTITION)
_groups = itertools.count()


@pytest.fixture
def served(tmp_path):
    """A broker with TOPICS, in a loop of its own: hypothesis runs each example in it."""
    loop = asyncio.new_event_loop()
    broker = loop.run_until_complete(start_broker(tmp_path / "data"))
    try:
        for name, partitions in TOPICS.items():
            loop.run_until_complete(create_topic(broker.bound_port, name, partitions))
        yield loop, broker
    finally:
        loop.run_until_complete(broker.stop())
        loop.close()


def _frame(version: int, cid: int, body: dict, client_id: str | None = "raw-test", header_tags=None) -> bytes:
    header = RequestHeader(K.OFFSET_COMMIT, version, cid, client_id)
    if header_tags:
        header.tagged = header_tags
    data = encode_request(header, body)
    return struct.pack(">i", len(data)) + data


def _with_body_tag(frame: bytes, tag: int, value: bytes) -> bytes:
    """A flexible request with an unknown tagged field on its body (whose tag section is the
    frame's last byte, 0: none)."""
    assert frame[-1] == 0
    data = frame[4:-1] + bytes([1, tag, len(value)]) + value
    return struct.pack(">i", len(data)) + data


async def _serve(broker, frames: bytes, count: int, raw: bool) -> tuple[bytes, bool, int]:
    """What a connection answers to `frames` (count requests): the bytes written, whether it
    closed, and how many of them the raw path took."""
    server = broker.servers[0]
    conn = _Connection(server)
    taken = 0
    if raw:
        assert server.raw_later_handlers and conn.raw_later is server.raw_later_handlers
        handler = server.raw_later_handlers[K.OFFSET_COMMIT]

        def counting(buf: bytearray, start: int, end: int) -> Any:
            nonlocal taken
            answer = handler(buf, start, end)
            taken += answer is not None
            return answer

        conn.raw_later = {K.OFFSET_COMMIT: counting}
    else:
        conn.raw = conn.raw_later = None
    transport = _Capture()
    conn.connection_made(transport)  # type: ignore[arg-type]
    conn.data_received(frames)
    deadline = asyncio.get_running_loop().time() + 10
    while not transport.closed and _answers(b"".join(transport.written)) < count:
        assert asyncio.get_running_loop().time() < deadline, "no answer"
        await asyncio.sleep(0.001)
    conn.connection_lost(None)
    return b"".join(transport.written), transport.closed, taken


def _answers(written: bytes) -> int:
    n = pos = 0
    while pos + 4 <= len(written):
        pos += 4 + struct.unpack_from(">i", written, pos)[0]
        n += 1
    return n


async def _committed(broker, group: str) -> list[tuple[Any, ...]]:
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await conn.request(
            K.OFFSET_FETCH, 7, {"group_id": group, "topics": None, "require_stable": False}
        )
    finally:
        await conn.close()
    assert r.error_code == E.NONE
    return sorted(
        (t.name, p.partition_index, p.committed_offset, p.committed_leader_epoch, p.metadata, p.error_code)
        for t in r.topics
        for p in t.partitions
    )


_text = st.text(max_size=12)
_partition = st.fixed_dictionaries(
    {
        "partition_index": st.integers(0, 3),
        "committed_offset": st.integers(-1, 2**63 - 1),
        "committed_leader_epoch": st.integers(-1, 2**31 - 1),
        "committed_metadata": st.none() | _text,
    }
)
_topic = st.fixed_dictionaries(
    {"name": st.sampled_from(["t1", "t1", "t2", "t3"]), "partitions": st.lists(_partition, max_size=4)}
)
_request = st.fixed_dictionaries(
    {
        "version": st.integers(0, 9),
        "topics": st.lists(_topic, max_size=3),
        "member": st.sampled_from([(-1, ""), (-1, "m-1"), (1, "m-1"), (0, "")]),
        "instance": st.none() | _text,
        "retention": st.sampled_from([-1, 60_000]),
        "client_id": st.none() | _text,
        "tags": st.sampled_from([None, "body", "header"]),
        "pipelined": st.integers(1, 2),
    }
)


def _takes(case: dict[str, Any]) -> bool:
    """Whether the raw path is to take the case (else: the generic path)."""
    v = case["version"]
    return (
        v >= 2
        and not (v >= 8 and case["tags"])
        and bool(case["topics"])
        and all(
            t["partitions"] and all(p["partition_index"] < TOPICS.get(t["name"], 0) for p in t["partitions"])
            for t in case["topics"]
        )
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=_request)
def test_generated_commits_answer_and_commit_as_the_generic_path_does(served, case):
    loop, broker = served
    run: Callable[[Any], Any] = loop.run_until_complete
    v = case["version"]
    generation, member = case["member"]
    n = next(_groups)
    frames: dict[bool, bytes] = {}
    for raw in (True, False):
        body = {
            "group_id": f"g{'r' if raw else 'g'}-{n}",
            "generation_id_or_member_epoch": generation,
            "member_id": member,
            "group_instance_id": case["instance"],
            "retention_time_ms": case["retention"],
            "topics": case["topics"],
        }
        tags = {7: b"hdr"} if case["tags"] == "header" and v >= 8 else None
        frame = b"".join(_frame(v, 100 + i, body, case["client_id"], tags) for i in range(case["pipelined"]))
        if case["tags"] == "body" and v >= 8:
            one = _frame(v, 100, body, case["client_id"])
            frame = b"".join(
                _with_body_tag(_frame(v, 100 + i, body, case["client_id"]), 3, b"x")
                for i in range(case["pipelined"])
            )
            assert len(frame) == case["pipelined"] * (len(one) + 3)
        frames[raw] = frame
    fast, fast_closed, taken = run(_serve(broker, frames[True], case["pipelined"], raw=True))
    slow, slow_closed, _ = run(_serve(broker, frames[False], case["pipelined"], raw=False))
    assert (fast, fast_closed) == (slow, slow_closed)
    assert not fast_closed and _answers(fast) == case["pipelined"]
    assert taken == (case["pipelined"] if _takes(case) else 0)
    assert run(_committed(broker, f"gr-{n}")) == run(_committed(broker, f"gg-{n}"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    version=st.integers(2, 9),
    cut=st.integers(1, 200),
    flip=st.none() | st.tuples(st.integers(6, 200), st.integers(1, 255)),
)
def test_malformed_commits_are_answered_or_closed_as_before(served, version, cut, flip):
    loop, broker = served
    n = next(_groups)
    body = {
        "group_id": f"gm-{n}",
        "generation_id_or_member_epoch": -1,
        "member_id": "",
        "group_instance_id": None,
        "retention_time_ms": -1,
        "topics": [
            {
                "name": "t1",
                "partitions": [
                    {
                        "partition_index": 0,
                        "committed_offset": 5,
                        "committed_leader_epoch": 1,
                        "committed_metadata": "m",
                    }
                ],
            }
        ],
    }
    data = bytearray(_frame(version, 9, body)[4:])
    if flip is not None and flip[0] < len(data):
        data[flip[0]] ^= flip[1]
    data = data[: max(len(data) - cut, 8)] if flip is None else data
    frame = struct.pack(">i", len(data)) + bytes(data)
    fast = loop.run_until_complete(_serve(broker, frame, 1, raw=True))
    slow = loop.run_until_complete(_serve(broker, frame, 1, raw=False))
    assert fast[:2] == slow[:2]


def _commit_body(group: str, generation: int, member: str, instance: str | None, metadata: str = "m") -> dict:
    return {
        "group_id": group,
        "generation_id_or_member_epoch": generation,
        "member_id": member,
        "group_instance_id": instance,
        "retention_time_ms": -1,
        "topics": [
            {
                "name": "t1",
                "partitions": [
                    {
                        "partition_index": p,
                        "committed_offset": 7,
                        "committed_leader_epoch": 2,
                        "committed_metadata": metadata,
                    }
                    for p in (2, 0)
                ],
            }
        ],
    }


async def test_every_outcome_of_a_group_member_is_answered_as_the_generic_path_answers(broker):
    await create_topic(broker.bound_port, "t1", 3)
    conn = await RawConnection.open(broker.bound_port)
    try:
        r = await join(conn, 5, "raw-c", instance="i-1")
        assert r.error_code == E.NONE
        sync = {
            "group_id": "raw-c",
            "generation_id": r.generation_id,
            "member_id": r.member_id,
            "group_instance_id": "i-1",
            "assignments": [{"member_id": r.member_id, "assignment": b"A"}],
        }
        assert (await conn.request(K.SYNC_GROUP, 3, sync)).error_code == E.NONE
        generation, member_id = r.generation_id, r.member_id
        cases = [
            (generation, member_id, "i-1", "m"),  # NONE
            (generation + 1, member_id, "i-1", "m"),  # ILLEGAL_GENERATION
            (generation, "nobody", None, "m"),  # UNKNOWN_MEMBER_ID
            (generation, "other", "i-1", "m"),  # FENCED_INSTANCE_ID (v7+)
            (generation, member_id, "i-1", "x" * 5000),  # OFFSET_METADATA_TOO_LARGE
        ]
        seen = set()
        for version in range(2, 10):
            for cid, (gen, mid, instance, metadata) in enumerate(cases):
                frame = _frame(version, cid, _commit_body("raw-c", gen, mid, instance, metadata))
                fast = await _serve(broker, frame * 2, 2, raw=True)
                slow = await _serve(broker, frame * 2, 2, raw=False)
                assert fast[:2] == slow[:2], (version, gen, mid, instance)
                assert fast[2] == 2 and not fast[1]
                head = 9 if version >= 8 else 8  # size, correlation id (and tags), then the body
                head += 4  # throttle_time_ms
                head += 1 if version >= 8 else 4  # topics' count
                head += (1 if version >= 8 else 2) + 2 + (1 if version >= 8 else 4) + 4  # name, count, index
                seen.add(struct.unpack_from(">h", fast[0], head)[0])
        assert {
            E.NONE,
            E.ILLEGAL_GENERATION,
            E.UNKNOWN_MEMBER_ID,
            E.FENCED_INSTANCE_ID,
            E.OFFSET_METADATA_TOO_LARGE,
        } <= seen
    finally:
        await conn.close()


async def test_acls_quotas_and_sasl_keep_the_raw_path_out(broker, monkeypatch):
    await create_topic(broker.bound_port, "t1", 3)
    frame = _frame(9, 1, _commit_body("raw-a", -1, "", None))
    monkeypatch.setattr(broker, "authorizer", object())  # any authorizer: the generic path checks it
    assert offset_commit.handle_raw(broker, bytearray(frame[4:]), 0, len(frame) - 4) is None
    monkeypatch.undo()
    answer = offset_commit.handle_raw(broker, bytearray(frame[4:]), 0, len(frame) - 4)
    assert answer is not None
    await asyncio.wait_for(answer, 10)
    server = broker.servers[0]
    # a request quota, set while connections are open: the generic path charges its time
    assert (await _serve(broker, frame, 1, raw=True))[2] == 1
    await _set_quota(broker.bound_port, [("client-id", None)], "request_percentage", 50.0)
    fast, closed, taken = await _serve(broker, frame, 1, raw=True)
    assert taken == 0 and not closed and _answers(fast) == 1
    sasl = _SaslConnection(server, SaslConfig(("PLAIN",), None))  # type: ignore[arg-type]
    assert sasl.raw_later is None  # every frame through the SASL gate until authenticated
    sasl.transport = _Capture()  # type: ignore[assignment]
    sasl._authenticated()
    assert sasl.raw_later is server.raw_later_handlers

"""Micro-benchmark: the generated codecs (protocol/compiled.py) against the construct reference.

    .venv/bin/python bench/bench_codecs.py [--quick]

Prints µs per call of each message decode/encode, both ways, and the speed-up. "frame" rows
include the request/response header, as the broker's server loop does it (the construct
reference for those reads the header as frames.py did before the generated codecs).
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
import timeit
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from protocol import group_records as gr
from protocol import primitives as p
from protocol.apis import APIS, ApiKey
from protocol.frames import (
    RequestHeader,
    UnsupportedVersion,
    decode_request,
    encode_request,
    encode_response,
    peek_header,
)
from protocol.schema import Message


def _per_call(fn: Callable[[], object], budget: float) -> float:
    """Best µs per call over a few timed runs of about budget/5 seconds each."""
    timer = timeit.Timer(fn)
    number, elapsed = timer.autorange()
    number = max(1, int(number * (budget / 5) / max(elapsed, 1e-9)))
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


# --- Sample messages ----------------------------------------------------------------------------


def heartbeat() -> dict:
    return {
        "group_id": "orders-consumer-group",
        "generation_id": 17,
        "member_id": "consumer-1-6a1c9c9e-4a3f-4f55-9a43-1f0c2a7b9e11",
        "group_instance_id": None,
    }


def offset_commit_request() -> dict:
    return {
        "group_id": "orders-consumer-group",
        "generation_id_or_member_epoch": 17,
        "member_id": "consumer-1-6a1c9c9e-4a3f-4f55-9a43-1f0c2a7b9e11",
        "group_instance_id": None,
        "topics": [
            {
                "name": f"orders-{t}",
                "partitions": [
                    {
                        "partition_index": i,
                        "committed_offset": 1_000_000 + i,
                        "committed_leader_epoch": 3,
                        "committed_metadata": "",
                    }
                    for i in range(4)
                ],
            }
            for t in range(2)
        ],
    }


def offset_commit_response() -> dict:
    return {
        "throttle_time_ms": 0,
        "topics": [
            {"name": f"orders-{t}", "partitions": [{"partition_index": i, "error_code": 0} for i in range(4)]}
            for t in range(2)
        ],
    }


def join_group_request() -> dict:
    metadata = b"\x00\x03\x00\x00\x00\x02\x00\x08orders-0\x00\x08orders-1\xff\xff\xff\xff\x00\x00\x00\x00"
    return {
        "group_id": "orders-consumer-group",
        "session_timeout_ms": 45000,
        "rebalance_timeout_ms": 300000,
        "member_id": "consumer-1-6a1c9c9e-4a3f-4f55-9a43-1f0c2a7b9e11",
        "group_instance_id": None,
        "protocol_type": "consumer",
        "reason": "rebalance",
        "protocols": [
            {"name": "range", "metadata": metadata},
            {"name": "cooperative-sticky", "metadata": metadata},
        ],
    }


def fetch_response() -> dict:
    return {
        "throttle_time_ms": 0,
        "error_code": 0,
        "session_id": 0,
        "responses": [
            {
                "topic_id": uuid.UUID(int=0x1234_5678_9ABC_DEF0_1234_5678_9ABC_DEF0),
                "partitions": [
                    {
                        "partition_index": 0,
                        "error_code": 0,
                        "high_watermark": 123_456,
                        "last_stable_offset": 123_456,
                        "log_start_offset": 0,
                        "aborted_transactions": None,
                        "preferred_read_replica": -1,
                        "records": os.urandom(1 << 20),
                    }
                ],
            }
        ],
    }


def metadata_response() -> dict:
    brokers = [
        {"node_id": i, "host": f"broker-{i}.example.internal", "port": 9092, "rack": None} for i in range(3)
    ]
    topics = [
        {
            "error_code": 0,
            "name": f"topic-{t:03d}",
            "topic_id": uuid.UUID(int=t + 1),
            "is_internal": False,
            "partitions": [
                {
                    "error_code": 0,
                    "partition_index": i,
                    "leader_id": i % 3,
                    "leader_epoch": 5,
                    "replica_nodes": [0, 1, 2],
                    "isr_nodes": [0, 1, 2],
                    "offline_replicas": [],
                }
                for i in range(3)
            ],
            "topic_authorized_operations": -2147483648,
        }
        for t in range(50)
    ]
    return {
        "throttle_time_ms": 0,
        "brokers": brokers,
        "cluster_id": "kbroker-cluster",
        "controller_id": 0,
        "topics": topics,
    }


# --- The construct reference at frame level: frames.py as it was before the generated codecs ---

_CLIENT_ID = p.KString(compact=False, nullable=True)


def _construct_read_tags(stream: io.BytesIO) -> dict[int, bytes]:
    tags: dict[int, bytes] = {}
    for _ in range(p.read_uvarint(stream)):
        tag = p.read_uvarint(stream)
        size = p.read_uvarint(stream)
        tags[tag] = stream.read(size)
    return tags


def construct_decode_request(frame: bytes) -> tuple[RequestHeader, object]:
    api_key, api_version, correlation_id = peek_header(frame)
    api = APIS[api_key]
    stream = io.BytesIO(frame)
    stream.seek(8)
    client_id = _CLIENT_ID._parsereport(stream, None, "client_id")
    header = RequestHeader(api_key, api_version, correlation_id, client_id)
    if not api.supports(api_version):
        raise UnsupportedVersion(header)
    if api.request_header_version(api_version) >= 2:
        header.tagged = _construct_read_tags(stream)
    body = api.request._construct_read(stream, api_version)
    header.trailing = len(frame) - stream.tell()
    return header, body


def construct_encode_response(api_key: int, version: int, correlation_id: int, body: object) -> bytes:
    api = APIS[api_key]
    head = struct.pack(">i", correlation_id)
    if api.response_header_version(version) >= 1:
        head += b"\x00"
    return head + api.response._construct_encode(body, version)


# --- Cases --------------------------------------------------------------------------------------

Case = tuple[str, Callable[[], object], Callable[[], object]]


def message_cases(label: str, msg: Message, version: int, value: dict) -> list[Case]:
    data = msg.encode(value, version)
    assert data == msg._construct_encode(value, version)
    decoded = msg.decode(data, version)
    return [
        (f"{label} decode", lambda: msg.decode(data, version), lambda: msg._construct_decode(data, version)),
        (
            f"{label} encode",
            lambda: msg.encode(decoded, version),
            lambda: msg._construct_encode(decoded, version),
        ),
    ]


def request_frame_case(label: str, key: int, version: int, value: dict) -> Case:
    frame = encode_request(RequestHeader(key, version, 42, "rdkafka"), value)
    assert decode_request(frame)[1] == construct_decode_request(frame)[1]
    return (f"{label} frame decode", lambda: decode_request(frame), lambda: construct_decode_request(frame))


def response_frame_case(label: str, key: int, version: int, value: dict) -> Case:
    return (
        f"{label} frame encode",
        lambda: encode_response(key, version, 42, value),
        lambda: construct_encode_response(key, version, 42, value),
    )


def construct_encode_offset_commit_value(
    offset: int, leader_epoch: int | None, metadata: str | None, commit_ts: int
) -> bytes:
    """group_records.encode_offset_commit_value as it was, on the construct codec."""
    value = {
        "offset": offset,
        "leader_epoch": -1 if leader_epoch is None else leader_epoch,
        "metadata": metadata or "",
        "commit_timestamp": commit_ts,
        "expire_timestamp": -1,
    }
    return gr._VERSION.pack(3) + gr.OFFSET_COMMIT_VALUE._construct_encode(value, 3)


def construct_decode_offset_commit_value(data: bytes) -> gr.OffsetCommitValue:
    v = gr.OFFSET_COMMIT_VALUE._construct_read(io.BytesIO(data[2:]), 3)
    return gr.OffsetCommitValue(
        v.offset, v.leader_epoch, v.metadata, v.commit_timestamp, v.expire_timestamp, 3
    )


def offset_commit_value_cases() -> list[Case]:
    args = (1_234_567, 5, "", 1_700_000_000_000)
    data = gr.encode_offset_commit_value(*args)
    assert data == construct_encode_offset_commit_value(*args)
    assert gr.decode_value(gr.KeyKind.OFFSET_COMMIT, data) == construct_decode_offset_commit_value(data)
    return [
        (
            "__consumer_offsets OffsetCommitValue v3 encode",
            lambda: gr.encode_offset_commit_value(*args),
            lambda: construct_encode_offset_commit_value(*args),
        ),
        (
            "__consumer_offsets OffsetCommitValue v3 decode",
            lambda: gr.decode_value(gr.KeyKind.OFFSET_COMMIT, data),
            lambda: construct_decode_offset_commit_value(data),
        ),
    ]


def cases() -> list[Case]:
    hb, oc = APIS[ApiKey.HEARTBEAT], APIS[ApiKey.OFFSET_COMMIT]
    out: list[Case] = []
    out += message_cases("Heartbeat v4 request", hb.request, 4, heartbeat())
    out.append(request_frame_case("Heartbeat v4 request", ApiKey.HEARTBEAT, 4, heartbeat()))
    out.append(response_frame_case("Heartbeat v4 response", ApiKey.HEARTBEAT, 4, {"error_code": 0}))
    for v in (8, 9):
        out += message_cases(f"OffsetCommit v{v} request", oc.request, v, offset_commit_request())
        out += message_cases(f"OffsetCommit v{v} response", oc.response, v, offset_commit_response())
    out.append(
        request_frame_case("OffsetCommit v9 request", ApiKey.OFFSET_COMMIT, 9, offset_commit_request())
    )
    out.append(
        response_frame_case("OffsetCommit v9 response", ApiKey.OFFSET_COMMIT, 9, offset_commit_response())
    )
    out += message_cases("JoinGroup v9 request", APIS[ApiKey.JOIN_GROUP].request, 9, join_group_request())
    out += message_cases(
        "Fetch v15 response (1 MB records)", APIS[ApiKey.FETCH].response, 15, fetch_response()
    )
    out.append(response_frame_case("Fetch v15 response (1 MB records)", ApiKey.FETCH, 15, fetch_response()))
    out += message_cases(
        "Metadata v12 response (50 topics)", APIS[ApiKey.METADATA].response, 12, metadata_response()
    )
    out += offset_commit_value_cases()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timing runs (noisier)")
    budget = 0.25 if parser.parse_args().quick else 1.0
    rows = [
        (name, _per_call(compiled, budget), _per_call(reference, budget))
        for name, compiled, reference in cases()
    ]
    width = max(len(name) for name, _, _ in rows)
    print(f"{'case':<{width}}  {'compiled µs':>11}  {'construct µs':>12}  {'speed-up':>8}")
    for name, fast, slow in rows:
        print(f"{name:<{width}}  {fast:>11.2f}  {slow:>12.2f}  {slow / fast:>7.1f}x")


if __name__ == "__main__":
    main()

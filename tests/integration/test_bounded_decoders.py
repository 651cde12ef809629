"""A request whose counts are past Kafka's bounds closes that connection, with a log line; the
broker and its other clients go on (the bounds: tests/protocol/test_bounds.py)."""

from __future__ import annotations

import struct

import pytest
import structlog

from protocol import primitives as p
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, encode_request
from tests.helpers import RawConnection


def _metadata_v1(count: int, names: int) -> bytes:
    head = encode_request(RequestHeader(ApiKey.METADATA, 1, 9, "bad"), {"topics": []})[:-4]
    return head + struct.pack(">i", count) + b"\x00\x00" * names


def _find_coordinator_v4(count: int) -> bytes:
    head = encode_request(RequestHeader(ApiKey.FIND_COORDINATOR, 4, 9, "bad"), {"coordinator_keys": []})
    # The header, the key type; then a compact array of `count` empty keys and no tags.
    return head[:-2] + p.encode_uvarint(count + 1) + b"\x01" * count + b"\x00"


@pytest.mark.parametrize(
    "body",
    [
        _metadata_v1(p.MAX_ARRAY_ELEMENTS + 1, p.MAX_ARRAY_ELEMENTS + 1),  # every byte there: too many
        _metadata_v1(1000, 600),  # 1000 names need 2000 bytes, 1200 follow
        _find_coordinator_v4(p.MAX_ARRAY_ELEMENTS + 1),
    ],
    ids=["classic-over-bound", "classic-past-frame", "compact-over-bound"],
)
async def test_counts_past_the_bounds_close_only_that_connection(broker, body):
    port = broker.bound_port
    other = await RawConnection.open(port)
    assert (await other.request(ApiKey.API_VERSIONS, 2, {})).error_code == ErrorCode.NONE
    bad = await RawConnection.open(port)
    with structlog.testing.capture_logs() as logs:
        await bad.send_frame(body)
        assert await bad.closed_by_peer(timeout=20)
    closed = [e for e in logs if e["event"] == "close connection"]
    assert [e["reason"] for e in closed] == ["malformed request"], logs
    assert "array of" in closed[0]["error"]
    # The connection opened before goes on, and so does a new one.
    r = await other.request(ApiKey.METADATA, 12, {"topics": None})
    assert r.brokers[0].port == port
    await other.close()
    fresh = await RawConnection.open(port)
    assert (await fresh.request(ApiKey.API_VERSIONS, 2, {})).error_code == ErrorCode.NONE
    await fresh.close()
    await bad.close()

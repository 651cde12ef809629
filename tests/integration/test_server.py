"""The server over loopback: ApiVersions, Metadata, FindCoordinator, framing and bad input."""

from __future__ import annotations

import asyncio
import signal
import struct

import pytest

from broker.group.placement import coordinator_partition
from protocol.apis import APIS, ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, decode_response, encode_request
from tests.helpers import BrokerProcess, RawConnection, start_broker


@pytest.fixture
async def conn(broker):
    c = await RawConnection.open(broker.bound_port)
    yield c
    await c.close()


@pytest.mark.parametrize("version", range(0, 5))
async def test_api_versions_lists_served_apis(conn, version):
    body = {"client_software_name": "kbroker-tests", "client_software_version": "1.0"}
    r = await conn.request(ApiKey.API_VERSIONS, version, body)
    assert r.error_code == ErrorCode.NONE
    served = {k.api_key: (k.min_version, k.max_version) for k in r.api_keys}
    for key in (ApiKey.API_VERSIONS, ApiKey.METADATA, ApiKey.FIND_COORDINATOR):
        assert served[key] == (APIS[key].min_version, APIS[key].max_version)
    assert set(served) <= set(APIS)


async def test_unsupported_api_versions_version_gets_v0_error(conn):
    frame = bytearray(encode_request(RequestHeader(ApiKey.API_VERSIONS, 4, 5, "x"), {}))
    frame[2:4] = struct.pack(">h", 99)  # a version from the future, with a body we cannot know
    await conn.send_frame(bytes(frame))
    cid, r = decode_response(await conn.read_frame(), ApiKey.API_VERSIONS, 0)
    assert cid == 5
    assert r.error_code == ErrorCode.UNSUPPORTED_VERSION
    assert [(k.api_key, k.min_version, k.max_version) for k in r.api_keys] == [(18, 0, 4)]
    # The connection stays usable, so the client can retry with a version we know.
    r = await conn.request(ApiKey.API_VERSIONS, 0, {})
    assert r.error_code == ErrorCode.NONE


async def test_api_versions_rejects_bad_software_name(conn):
    r = await conn.request(
        ApiKey.API_VERSIONS, 3, {"client_software_name": "bad name!", "client_software_version": "1"}
    )
    assert r.error_code == ErrorCode.INVALID_REQUEST


@pytest.mark.parametrize("version", range(0, 14))
async def test_metadata_names_this_broker(broker, conn, version):
    r = await conn.request(ApiKey.METADATA, version, {"topics": [] if version == 0 else None})
    assert [(b.node_id, b.host, b.port) for b in r.brokers] == [
        (broker.node_id, "127.0.0.1", broker.bound_port)
    ]
    if version >= 1:
        assert r.controller_id == broker.node_id
    if version >= 2:
        assert r.cluster_id == broker.cluster_id and len(broker.cluster_id) == 22


async def test_metadata_unknown_topic(conn):
    r = await conn.request(
        ApiKey.METADATA, 12, {"topics": [{"name": "nope"}], "allow_auto_topic_creation": False}
    )
    assert [(t.name, t.error_code) for t in r.topics] == [("nope", ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)]


@pytest.mark.parametrize("version", range(0, 4))
async def test_find_coordinator_single_key(broker, conn, version):
    r = await conn.request(ApiKey.FIND_COORDINATOR, version, {"key": "test-group", "key_type": 0})
    assert r.error_code == ErrorCode.NONE
    assert (r.node_id, r.host, r.port) == (broker.node_id, "127.0.0.1", broker.bound_port)


@pytest.mark.parametrize("version", range(4, 7))
async def test_find_coordinator_batched_keys(broker, conn, version):
    groups = ["test-group", "my-group", "grp-42", "消费组", ""]
    r = await conn.request(ApiKey.FIND_COORDINATOR, version, {"key_type": 0, "coordinator_keys": groups})
    assert [c.key for c in r.coordinators] == groups
    for c in r.coordinators:
        assert (c.error_code, c.node_id, c.port) == (ErrorCode.NONE, broker.node_id, broker.bound_port)


async def test_find_coordinator_for_transactions_is_not_available(conn):
    r = await conn.request(ApiKey.FIND_COORDINATOR, 4, {"key_type": 1, "coordinator_keys": ["txn"]})
    assert r.coordinators[0].error_code == ErrorCode.COORDINATOR_NOT_AVAILABLE
    r = await conn.request(ApiKey.FIND_COORDINATOR, 4, {"key_type": 7, "coordinator_keys": ["x"]})
    assert r.coordinators[0].error_code == ErrorCode.INVALID_REQUEST


def test_coordinator_partition_is_javas():
    assert coordinator_partition("test-group", 50) == 12


async def test_pipelined_requests_are_answered_in_order(conn):
    frames = [
        encode_request(
            RequestHeader(ApiKey.METADATA if i % 2 else ApiKey.API_VERSIONS, 1, i, "p"), {"topics": None}
        )
        for i in range(200)
    ]
    conn.writer.write(b"".join(struct.pack(">i", len(f)) + f for f in frames))
    await conn.writer.drain()
    for i in range(200):
        cid, _ = decode_response(
            await conn.read_frame(), ApiKey.METADATA if i % 2 else ApiKey.API_VERSIONS, 1
        )
        assert cid == i


async def _assert_other_clients_unaffected(port: int) -> None:
    other = await RawConnection.open(port)
    r = await other.request(ApiKey.API_VERSIONS, 2, {})
    assert r.error_code == ErrorCode.NONE
    await other.close()


async def test_oversized_frame_is_refused_before_its_body(tmp_path):
    b = await start_broker(tmp_path / "d", **{"socket.request.max.bytes": "1000"})
    try:
        c = await RawConnection.open(b.bound_port)
        c.writer.write(struct.pack(">i", 1001))  # no body follows: the broker must not wait for it
        await c.writer.drain()
        assert await c.closed_by_peer()
        await _assert_other_clients_unaffected(b.bound_port)
    finally:
        await b.stop()


@pytest.mark.parametrize(
    "frame",
    [
        struct.pack(">i", -5),  # negative size
        struct.pack(">i", 3) + b"abc",  # shorter than a header
        struct.pack(">i", 10) + struct.pack(">hhih", 9999, 0, 1, -1),  # unknown api key
        struct.pack(">i", 10) + struct.pack(">hhih", 3, 99, 1, -1),  # unsupported Metadata version
        struct.pack(">i", 12) + struct.pack(">hhih", 3, 1, 1, -1) + b"\xff\xff",  # garbage body
        struct.pack(">i", 30) + struct.pack(">hhih", 18, 3, 1, 300) + b"\x00" * 20,  # client id past the end
    ],
    ids=["negative-size", "short", "unknown-api", "unsupported-version", "garbage-body", "bad-client-id"],
)
async def test_malformed_frame_closes_only_that_connection(broker, frame):
    c = await RawConnection.open(broker.bound_port)
    c.writer.write(frame)
    await c.writer.drain()
    assert await c.closed_by_peer()
    await _assert_other_clients_unaffected(broker.bound_port)


def test_sigterm_shuts_down_gracefully(tmp_path):
    bp = BrokerProcess(tmp_path / "data").start()

    async def idle_client_then_signal() -> None:
        c = await RawConnection.open(bp.port)
        r = await c.request(
            ApiKey.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        assert r.error_code == 0
        bp.proc.send_signal(signal.SIGTERM)
        assert await c.closed_by_peer(timeout=10)

    asyncio.run(idle_client_then_signal())
    assert bp.proc.wait(20) == 0
    bp.stop()
    out = bp.log()
    assert 'event="finish stopping broker"' in out
    # Each event names the module that logged it (it was dropped: the factory ignored the name).
    assert 'logger=kbroker.broker event="finish stopping broker"' in out

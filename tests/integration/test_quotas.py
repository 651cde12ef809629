"""Client quotas end to end: AlterClientQuotas/DescribeClientQuotas (kept across a restart),
produce and fetch throttled (throttle_time_ms in the answer, the connection muted), and the
connection bounds (max.connections.per.ip, idle connections, queued.max.request.bytes).

No timing is asserted as a speed: a throttled client is checked against a lower bound on its
time that the quota implies (a slower machine only makes it longer), and against the unlimited
client's time on the same broker."""

from __future__ import annotations

import asyncio
import time

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, encode_request
from protocol.records import Record, build_batch, iter_batches
from tests.helpers import RawConnection, async_wait_until, create_topic, start_broker
from tests.integration.test_metrics import scrape_async, value

USER, CLIENT = "user", "client-id"
# Two 1 s windows: a client's burst allowance is one window's worth (Kafka's default, 11
# windows, lets a new client send 10 s of its quota before the first throttle).
FAST_WINDOWS = {"quota_window_num": "2", "quota_window_size_seconds": "1"}


def _alter(entity: list[tuple[str, str | None]], ops: list[tuple[str, float, bool]], validate_only=False):
    return {
        "entries": [
            {
                "entity": [{"entity_type": k, "entity_name": n} for k, n in entity],
                "ops": [{"key": k, "value": v, "remove": r} for k, v, r in ops],
            }
        ],
        "validate_only": validate_only,
    }


async def _set_quota(port: int, entity, key: str, value: float) -> None:
    c = await RawConnection.open(port)
    try:
        r = await c.request(ApiKey.ALTER_CLIENT_QUOTAS, 1, _alter(entity, [(key, value, False)]))
        assert r.entries[0].error_code == ErrorCode.NONE, r
    finally:
        await c.close()


async def _describe(port: int, components: list[tuple[str, int, str | None]], strict=False):
    c = await RawConnection.open(port)
    try:
        r = await c.request(
            ApiKey.DESCRIBE_CLIENT_QUOTAS,
            1,
            {
                "components": [{"entity_type": t, "match_type": m, "match": n} for t, m, n in components],
                "strict": strict,
            },
        )
    finally:
        await c.close()
    assert r.error_code == ErrorCode.NONE, r
    return {
        tuple((e.entity_type, e.entity_name) for e in entry.entity): {v.key: v.value for v in entry["values"]}
        for entry in r.entries
    }


async def test_alter_and_describe_quotas_survive_a_restart(tmp_path):
    b = await start_broker(tmp_path / "d")
    try:
        port = b.bound_port
        await _set_quota(port, [(USER, "alice"), (CLIENT, None)], "producer_byte_rate", 1048576)
        await _set_quota(port, [(CLIENT, "app")], "consumer_byte_rate", 2048)
        await _set_quota(port, [(USER, None)], "request_percentage", 12.5)
        c = await RawConnection.open(port)
        try:  # refused changes change nothing
            bad = await c.request(
                ApiKey.ALTER_CLIENT_QUOTAS, 0, _alter([("ip", "1.2.3.4")], [("producer_byte_rate", 5, False)])
            )
            assert bad.entries[0].error_code == ErrorCode.INVALID_REQUEST
            bad = await c.request(
                ApiKey.ALTER_CLIENT_QUOTAS, 0, _alter([(CLIENT, "x")], [("producer_byte_rate", -5, False)])
            )
            assert bad.entries[0].error_code == ErrorCode.INVALID_REQUEST
            dry = await c.request(
                ApiKey.ALTER_CLIENT_QUOTAS,
                1,
                _alter([(CLIENT, "y")], [("producer_byte_rate", 5, False)], True),
            )
            assert dry.entries[0].error_code == ErrorCode.NONE
        finally:
            await c.close()
        every = await _describe(port, [])
        assert every == {
            ((USER, "alice"), (CLIENT, None)): {"producer_byte_rate": 1048576},
            ((CLIENT, "app"),): {"consumer_byte_rate": 2048},
            ((USER, None),): {"request_percentage": 12.5},
        }
        assert set(await _describe(port, [(USER, 1, None)])) == {((USER, None),)}  # the default user
        assert set(await _describe(port, [(USER, 2, None)])) == {((USER, "alice"), (CLIENT, None))}
        assert set(await _describe(port, [(CLIENT, 0, "app")], strict=True)) == {((CLIENT, "app"),)}
        c = await RawConnection.open(port)
        try:  # removing the last key removes the entity
            r = await c.request(
                ApiKey.ALTER_CLIENT_QUOTAS, 1, _alter([(CLIENT, "app")], [("consumer_byte_rate", 0, True)])
            )
            assert r.entries[0].error_code == ErrorCode.NONE
        finally:
            await c.close()
    finally:
        await b.stop()
    b = await start_broker(tmp_path / "d")
    try:
        assert set(await _describe(b.bound_port, [])) == {((USER, "alice"), (CLIENT, None)), ((USER, None),)}
    finally:
        await b.stop()


def _records(size: int) -> bytes:
    return bytes(build_batch([Record(offset_delta=0, value=b"x" * size)]))


async def _produce(port: int, client_id: str, total: int, chunk: int = 100_000) -> tuple[float, list[int]]:
    """Send `total` bytes in acks=1 requests, one at a time; the time taken and the throttles."""
    c = await RawConnection.open(port)
    records = _records(chunk)
    throttles = []
    started = time.monotonic()
    try:
        for _ in range(total // chunk):
            r = await c.request(
                ApiKey.PRODUCE,
                9,
                {
                    "acks": 1,
                    "timeout_ms": 5000,
                    "topic_data": [{"name": "q", "partition_data": [{"index": 0, "records": records}]}],
                },
                client_id=client_id,
            )
            assert r.responses[0].partition_responses[0].error_code == ErrorCode.NONE
            throttles.append(r.throttle_time_ms)
    finally:
        await c.close()
    return time.monotonic() - started, throttles


async def test_a_producer_over_its_quota_is_throttled_and_others_are_not(tmp_path):
    b = await start_broker(tmp_path / "d", metrics_port="0", **FAST_WINDOWS)
    try:
        port = b.bound_port
        await create_topic(port, "q", 1)
        quota = 1_000_000
        await _set_quota(port, [(CLIENT, "slow")], "producer_byte_rate", quota)
        total = 3_000_000
        fast_s, fast_throttles = await _produce(port, "fast", total)
        slow_s, slow_throttles = await _produce(port, "slow", total)
        assert not any(fast_throttles)
        assert any(slow_throttles)
        # One window of burst, then the quota: at least (3 MB - 1 MB) / 1 MB/s, less a margin for
        # the sampled rate's edges; and clearly longer than the same bytes unlimited.
        assert slow_s > 0.6 * (total - quota) / quota
        assert slow_s > 2 * fast_s
        assert b.metrics is not None
        samples = await scrape_async(b.metrics.port)  # the throttled client, as Kafka tags it
        labels = {"quota": "producer_byte_rate", "user": "", "client_id": "slow"}
        assert value(samples, "kbroker_quota_throttle_time_ms_total", **labels) == sum(slow_throttles)
        assert value(samples, "kbroker_quota_limit", **labels) == quota
        assert value(samples, "kbroker_quota_rate", **labels) > 0
    finally:
        await b.stop()


async def test_a_consumer_over_its_fetch_quota_gets_throttled_empty_answers(tmp_path):
    b = await start_broker(tmp_path / "d", **FAST_WINDOWS)
    try:
        port = b.bound_port
        await create_topic(port, "q", 1)
        await _produce(port, "p", 1_000_000)
        await _set_quota(port, [(CLIENT, "reader")], "consumer_byte_rate", 200_000)
        c = await RawConnection.open(port)
        offset, throttled, got = 0, 0, 0
        try:
            while got < 1_000_000 and throttled < 3:
                r = await c.request(
                    ApiKey.FETCH,
                    11,
                    {
                        "replica_id": -1,
                        "max_wait_ms": 0,
                        "min_bytes": 1,
                        "max_bytes": 300_000,
                        "isolation_level": 0,
                        "topics": [
                            {
                                "topic": "q",
                                "partitions": [
                                    {"partition": 0, "fetch_offset": offset, "partition_max_bytes": 300_000}
                                ],
                            }
                        ],
                    },
                    client_id="reader",
                )
                if r.throttle_time_ms:
                    throttled += 1
                    assert r.responses == []  # Kafka's throttled fetch: no data
                    continue
                records = r.responses[0].partitions[0].records or b""
                batches = [h for _, h in iter_batches(records)]
                if not batches:
                    break  # the whole log read without the bucket running dry: no throttle seen
                got += len(records)
                offset = batches[-1].base_offset + batches[-1].last_offset_delta + 1
        finally:
            await c.close()
        assert throttled >= 1
        assert got < 1_000_000
    finally:
        await b.stop()


async def test_connections_past_the_per_ip_bound_are_closed(tmp_path):
    b = await start_broker(tmp_path / "d", max_connections_per_ip="3")
    conns = []
    try:
        for _ in range(3):
            conns.append(await RawConnection.open(b.bound_port))
        extra = await RawConnection.open(b.bound_port)
        assert await extra.closed_by_peer()
        r = await conns[0].request(ApiKey.API_VERSIONS, 0, {})
        assert r.error_code == ErrorCode.NONE  # the admitted ones are served
        await extra.close()
        await conns.pop().close()
        await async_wait_until(lambda: b.connection_quotas.total == 2, what="a slot freed")
        again = await RawConnection.open(b.bound_port)
        conns.append(again)
        assert (await again.request(ApiKey.API_VERSIONS, 0, {})).error_code == ErrorCode.NONE
        assert b.connection_quotas.refused["max.connections.per.ip"] == 1
    finally:
        for c in conns:
            await c.close()
        await b.stop()


async def test_idle_connections_are_closed_busy_ones_are_not(tmp_path):
    b = await start_broker(tmp_path / "d", connections_max_idle_ms="300")
    try:
        idle = await RawConnection.open(b.bound_port)
        busy = await RawConnection.open(b.bound_port)
        deadline = time.monotonic() + 1.5
        while time.monotonic() < deadline:  # busy keeps talking: never idle for 300 ms
            assert (await busy.request(ApiKey.API_VERSIONS, 0, {})).error_code == ErrorCode.NONE
            await asyncio.sleep(0.05)
        assert await idle.closed_by_peer(timeout=2.0)
        assert (await busy.request(ApiKey.API_VERSIONS, 0, {})).error_code == ErrorCode.NONE
        await idle.close()
        await busy.close()
    finally:
        await b.stop()


def _held(b) -> int:  # type: ignore[no-untyped-def]
    """The request bytes the broker's connections hold."""
    return sum(len(c.buffer) for s in b.servers for c in s._connections)


async def test_queued_request_bytes_stay_bounded(tmp_path):
    limit = 2 * 1024 * 1024
    b = await start_broker(
        tmp_path / "d",
        queued_max_request_bytes=str(limit),
        socket_request_max_bytes=str(limit),
        connections_max_idle_ms="1000",
    )
    clients = []
    try:
        frame = (1_500_000).to_bytes(4, "big") + b"\0" * 1_500_000  # a frame still arriving
        for _ in range(8):  # 8 clients each start a 1.5 MB request and never finish it
            c = await RawConnection.open(b.bound_port)
            c.writer.write(frame[:1_400_000])
            clients.append(c)
        await async_wait_until(lambda: len(b.request_memory.waiting) == 7, what="7 clients waiting for room")
        await asyncio.sleep(0.2)  # let whatever the kernel still holds arrive (it must not be read)
        assert b.request_memory.used <= limit  # one 1.5 MB frame reserved: the others wait
        # what the broker holds: the bound, plus at most one read per connection waiting for room
        assert _held(b) <= limit + 8 * 256 * 1024
        for c in clients:
            await c.close()
        # A connection not read sees no close either (as in Kafka): the idle timeout ends those.
        await async_wait_until(lambda: b.request_memory.used == 0, what="memory given back")
        served = await RawConnection.open(b.bound_port)
        assert (await served.request(ApiKey.API_VERSIONS, 0, {})).error_code == ErrorCode.NONE
        await served.close()
    finally:
        await b.stop()


async def test_pipelined_requests_past_the_memory_bound_are_all_answered(tmp_path):
    limit = 1024 * 1024
    b = await start_broker(
        tmp_path / "d", queued_max_request_bytes=str(limit), socket_request_max_bytes=str(limit)
    )
    try:
        await create_topic(b.bound_port, "q", 1)
        records = _records(400_000)
        body = {
            "acks": 1,
            "timeout_ms": 5000,
            "topic_data": [{"name": "q", "partition_data": [{"index": 0, "records": records}]}],
        }
        frame = encode_request(RequestHeader(ApiKey.PRODUCE, 9, 1, "p"), body)
        peak = 0

        async def client() -> int:
            c = await RawConnection.open(b.bound_port)
            try:
                c.writer.write((len(frame).to_bytes(4, "big") + frame) * 4)  # 4 x 400 KB, pipelined
                for _ in range(4):
                    await c.read_frame()
                return 4
            finally:
                await c.close()

        async def watch() -> None:
            nonlocal peak
            while True:
                peak = max(peak, b.request_memory.used)
                await asyncio.sleep(0.005)

        watcher = asyncio.create_task(watch())
        answered = await asyncio.wait_for(asyncio.gather(*(client() for _ in range(6))), 60)
        watcher.cancel()
        assert sum(answered) == 24  # 9.6 MB through a 1 MB bound: every request answered
        assert 0 < peak <= limit
        assert b.request_memory.used == 0
    finally:
        await b.stop()


async def test_kbroker_configs_alters_and_describes_quotas(tmp_path):
    from tests.integration.test_cli_tools import tool

    b = await start_broker(tmp_path / "d")
    try:
        bs = ["--bootstrap-server", f"127.0.0.1:{b.bound_port}"]
        _, out, _ = await tool(
            "configs", *bs, "--alter", "--add-config", "producer_byte_rate=1048576,consumer_byte_rate=2048",
            "--entity-type", "users", "--entity-name", "alice", "--entity-type", "clients", "--entity-default",
        )  # fmt: skip
        assert out == "Completed updating config for user-principal 'alice', the default client-id.\n"
        await tool(
            "configs",
            *bs,
            "--alter",
            "--add-config",
            "request_percentage=50",
            "--entity-type",
            "clients",
            "--entity-default",
        )
        _, out, _ = await tool("configs", *bs, "--describe", "--entity-type", "clients", "--entity-default")
        assert out == "Quota configs for the default client-id are request_percentage=50.0\n"
        _, out, _ = await tool(
            "configs",
            *bs,
            "--describe",
            "--entity-type",
            "users",
            "--entity-name",
            "alice",
            "--entity-type",
            "clients",
            "--entity-default",
        )
        assert out == (
            "Quota configs for user-principal 'alice', the default client-id are "
            "consumer_byte_rate=2048.0, producer_byte_rate=1048576.0\n"
        )
        await tool(
            "configs", *bs, "--alter", "--delete-config", "consumer_byte_rate",
            "--entity-type", "users", "--entity-name", "alice", "--entity-type", "clients", "--entity-default",
        )  # fmt: skip
        _, out, _ = await tool("configs", *bs, "--describe", "--entity-type", "users")  # any named user
        assert out == ""  # (alice's quota is on alice with the default client: not a user-only entity)
        assert dict(b.quotas.describe([], False)) == {
            ((USER, "alice"), (CLIENT, None)): {"producer_byte_rate": 1048576.0},
            ((CLIENT, None),): {"request_percentage": 50.0},
        }
        code, _, err = await tool(
            "configs", *bs, "--alter", "--add-config", "nonsense=1", "--client", "x", check=False
        )
        assert code == 1 and "Invalid configuration key nonsense" in err
    finally:
        await b.stop()


async def test_a_client_over_its_request_percentage_is_throttled(tmp_path):
    b = await start_broker(tmp_path / "d", **FAST_WINDOWS)
    try:
        port = b.bound_port
        # 0.0001% of a thread: 1 us of broker time per second; any request takes more
        await _set_quota(port, [(CLIENT, "busy")], "request_percentage", 0.0001)
        c = await RawConnection.open(port)
        body = {"client_software_name": "t", "client_software_version": "1"}
        try:
            throttles = []
            while not any(throttles) and len(throttles) < 50:
                r = await c.request(ApiKey.API_VERSIONS, 3, body, client_id="busy")
                throttles.append(r.throttle_time_ms)
            other = await c.request(ApiKey.API_VERSIONS, 3, body, client_id="idle")
        finally:
            await c.close()
        assert any(throttles)  # in the answer, and the connection was muted that long
        assert max(throttles) <= 1000  # a request quota's throttle is bounded by one window
        assert other.throttle_time_ms == 0  # another client id on the same connection: no quota
    finally:
        await b.stop()


async def test_before_kip219_a_throttled_produce_is_answered_late(tmp_path):
    b = await start_broker(tmp_path / "d", **FAST_WINDOWS)
    try:
        port = b.bound_port
        await create_topic(port, "q", 1)
        await _set_quota(port, [(CLIENT, "old")], "producer_byte_rate", 200_000)
        records = _records(100_000)
        body = {
            "acks": 1,
            "timeout_ms": 5000,
            "topic_data": [{"name": "q", "partition_data": [{"index": 0, "records": records}]}],
        }
        c = await RawConnection.open(port)
        try:
            for _ in range(20):
                sent = time.monotonic()
                r = await c.request(ApiKey.PRODUCE, 5, body, client_id="old")  # v5: before KIP-219
                if r.throttle_time_ms:
                    # Kafka held the answer for the throttle: the client had no answer till then
                    assert time.monotonic() - sent >= 0.9 * r.throttle_time_ms / 1000
                    break
            else:
                raise AssertionError("never throttled")
        finally:
            await c.close()
    finally:
        await b.stop()


async def test_request_percentage_counts_the_time_of_a_coroutine_handler_and_its_tasks(tmp_path):
    from broker.quotas import QuotaKind

    b = await start_broker(tmp_path / "d", **FAST_WINDOWS)
    try:
        port = b.bound_port
        await create_topic(port, "q", 1)
        await _set_quota(port, [(CLIENT, "busy")], "request_percentage", 1e6)  # counted, not throttled
        await _produce(port, "busy", 2_000_000)  # 20 requests of 100 KB
        sensor = b.quotas.quotas.sensors[(QuotaKind.REQUEST, ("", "busy"))]
        counted = sensor.rate.total(time.monotonic()) / 100  # seconds of the loop's time
        # Produce's work (the batch checked, appended) runs in its coroutine and the task it
        # gathers per partition: at least 20 us a request (calling the handler alone is ~1 us).
        assert counted >= 20 * 20e-6
    finally:
        await b.stop()

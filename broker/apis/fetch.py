"""Fetch: stored batches, as stored, from each partition; long polling until `min_bytes` are
there or `max_wait_ms` passes, woken by appends (never by a polling timer).

Limits as Kafka applies them: each partition gets at most `partition_max_bytes` and the
response at most `max_bytes` (v3+), except that the first batch found is returned whole even
if larger (v3+, KIP-74). Batches are never cut. v0-3 get a legacy MessageSet (magic 0 for v0-1,
magic 1 for v2-3), down-converted as Kafka 3.9 does; v13+ name topics by id. Fetch sessions
(KIP-227, v7+): broker/fetch_session.py decides what an incremental request fetches and which
partitions its answer carries.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from broker import logging_setup
from broker.apis.context import HandlerContext
from broker.faults import Held
from broker.fetch_session import FetchContext, Kind, SessionPartition, SessionTopic
from broker.log import Log, LogError, ReadResult
from broker.log.file_region import FileRegion
from broker.log.segment import Segment
from broker.log.validation import downconvert
from broker.quota_manager import QuotaManager
from broker.quotas import QuotaKind, user_of
from broker.security.acl import Operation
from broker.server import RequestContext, spliced
from protocol.compression import Compression
from protocol.errors import ErrorCode
from protocol.primitives import ZERO_UUID
from protocol.records import CorruptRecordError, iter_batches
from protocol.typed import (
    FetchRequest,
    FetchRequestTopic,
    FetchRequestTopicPartition,
    FetchResponse,
    FetchResponseResponse,
    FetchResponseResponsePartition,
    FetchResponseResponsePartitionAbortedTransaction,
)

log = logging_setup.get_logger("kbroker.fetch")

INT32_MAX = 0x7FFFFFFF
INT64_MAX = (1 << 63) - 1
READ_COMMITTED = 1


# What to fetch: the request's topics and partitions, or a fetch session's, which carry the same
# names (broker/fetch_session.py).
FetchTopic = FetchRequestTopic | SessionTopic
FetchPartition = FetchRequestTopicPartition | SessionPartition
Plan = list[tuple[FetchTopic, list["_Partition"]]]


@dataclass(slots=True)
class _Partition:
    request: FetchPartition
    log: Log | None
    error: ErrorCode = ErrorCode.NONE
    result: ReadResult | None = None
    segment: Segment | None = None
    position: int = 0
    held: Held | None = None  # paused by a fault (broker/faults.py): read as if empty meanwhile


def replica_id_of(request: FetchRequest, version: int) -> int:
    replica_id: int = request.replica_state.replica_id if version >= 15 else request.replica_id
    return replica_id


def _refused(broker: HandlerContext, ctx: RequestContext, replica_id: int, topic: str) -> bool:
    """Kafka's checks: a follower needs CLUSTER_ACTION on the cluster, a consumer READ on the topic."""
    authz = broker.authorizer
    if authz is None:
        return False
    if replica_id >= 0:
        return not authz.cluster(ctx, Operation.CLUSTER_ACTION)
    return not authz.topic(ctx, Operation.READ, topic)


def _plan(
    broker: HandlerContext,
    ctx: RequestContext,
    topics: list[FetchRequestTopic] | list[SessionTopic],
    version: int,
    replica_id: int,
) -> Plan:
    plan: Plan = []
    check = broker.authorizer is not None
    # Partitions paused by a fault (broker/faults.py) hold consumers' fetches, not replication.
    faults = broker.faults if broker.faults.active and broker.faults.paused and replica_id < 0 else None
    for t in topics:
        topic, unknown = broker.topics.named_in_request(version >= 13, t.topic_id, t.topic)
        parts: list[_Partition] = []
        if check and _refused(broker, ctx, replica_id, topic.name if topic is not None else t.topic):
            plan.append(
                (t, [_Partition(p, None, ErrorCode.TOPIC_AUTHORIZATION_FAILED) for p in t.partitions])
            )
            continue
        for p in t.partitions:
            lg = broker.topics.log(topic.name, p.partition) if topic is not None else None
            error = ErrorCode.NONE
            if topic is None:
                error = unknown
            elif not 0 <= p.partition < topic.partitions:
                error = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif (
                not_leader := broker.leader_error(topic.name, p.partition, p.current_leader_epoch)
            ) is not None:
                error = not_leader  # an epoch we do not have, or (cluster mode) not the leader here
            elif lg is None:
                error = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
            elif replica_id >= 0:  # a follower: it holds everything below its fetch offset
                error = broker.follower_fetch(topic.name, p.partition, replica_id, p.fetch_offset)
            part = _Partition(p, lg, error)
            if faults is not None and topic is not None and error == ErrorCode.NONE:
                part.held = faults.held(topic.name, p.partition, "Fetch")
            parts.append(part)
        plan.append((t, parts))
    return plan


async def _read_all(
    plan: Plan,
    max_bytes: int,
    hard_limit: bool,
    replica: bool,
    read_committed: bool = False,
    region: bool = False,
) -> int:
    """Read every partition (in request order, within the limits); returns the bytes read.
    With `region`, large reads stay in the segment files (FileRegions, sent with sendfile)."""
    budget = max_bytes
    min_one = not hard_limit
    total = 0
    for _, parts in plan:
        for part in parts:
            part.result = None
            if part.error != ErrorCode.NONE or part.log is None or (part.held and part.held.paused):
                continue
            limit = max(0, min(part.request.partition_max_bytes, budget))
            try:
                r = await part.log.read(
                    part.request.fetch_offset,
                    limit,
                    min_one=min_one,
                    replica=replica,
                    read_committed=read_committed,
                    copy=False,  # the answer's frame is the one copy
                    region=region,
                )
            except LogError as e:
                part.error = e.error_code
                continue
            except OSError:
                log.exception("fail fetch", log=part.log.name, offset=part.request.fetch_offset)
                part.error = ErrorCode.KAFKA_STORAGE_ERROR
                continue
            part.result = r
            part.segment, part.position = r.segment, r.position
            n = len(r.records)
            if n:
                min_one = False
                budget -= n
                total += n
    return total


def _estimate(plan: Plan, replica: bool, read_committed: bool = False) -> tuple[int, bool]:
    """(bytes readable now, whether to answer at once because of an error or a deleted log)."""
    total = 0
    for _, parts in plan:
        for part in parts:
            if part.error != ErrorCode.NONE:
                return total, True
            lg = part.log
            if lg is None or lg.deleted or lg.failed is not None:
                return total, True
            if part.held and part.held.paused:
                continue  # nothing to read until resumed (Broker._wake_fetches wakes the poll)
            if not replica and lg.high_watermark <= part.request.fetch_offset:
                continue  # written maybe, but not readable by consumers until replicated
            if read_committed and lg.last_stable_offset <= part.request.fetch_offset:
                continue  # behind an open transaction: nothing to read until it is decided
            total += min(part.request.partition_max_bytes, lg.bytes_after(part.segment, part.position))
    return total, False


async def _long_poll(
    plan: Plan,
    min_bytes: int,
    deadline: float,
    replica: bool,
    read_committed: bool = False,
) -> bool:
    """Wait until `min_bytes` are readable, a partition errs, or the deadline; False if there was
    nothing to wait for (so nothing to read again)."""
    loop = asyncio.get_running_loop()
    logs = {id(part.log): part.log for _, parts in plan for part in parts if part.log is not None}
    first = True
    while True:
        available, now_please = _estimate(plan, replica, read_committed)
        if now_please:
            return not first
        if available >= min_bytes:
            return True
        first = False
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return True
        woken = loop.create_future()
        for lg in logs.values():
            lg.add_waiter(woken)
        timer = loop.call_later(remaining, _wake, woken)
        try:
            await woken
        finally:
            timer.cancel()
            for lg in logs.values():
                lg.remove_waiter(woken)


def _records_for(part: _Partition, version: int) -> tuple[bytes | memoryview | FileRegion, ErrorCode]:
    records = part.result.records if part.result else b""
    if not records or version >= 10:
        return records, ErrorCode.NONE
    assert not isinstance(records, FileRegion)  # read as regions from v10 on only
    records = bytes(records)  # old clients: the rare path works on bytes
    if any(h.compression == Compression.ZSTD for _, h in iter_batches(records)):
        return b"", ErrorCode.UNSUPPORTED_COMPRESSION_TYPE  # as Kafka answers fetches older than v10
    if version <= 3:
        try:
            return downconvert(records, 0 if version <= 1 else 1), ErrorCode.NONE
        except CorruptRecordError:
            log.exception("fail down-conversion", log=part.log.name if part.log else None)
            return b"", ErrorCode.CORRUPT_MESSAGE
    return records, ErrorCode.NONE


def _aborted(
    part: _Partition, records: bytes | memoryview | FileRegion
) -> list[FetchResponseResponsePartitionAbortedTransaction]:
    """The aborted transactions overlapping the batches returned (Kafka's upper bound: the
    offset after the last of them), for the client to drop their records."""
    if not records or part.log is None:
        return []
    if isinstance(records, FileRegion):
        if not part.log.aborted_transactions(part.request.fetch_offset, INT64_MAX):
            return []  # nothing aborted from the fetch offset on: no need for the batches' offsets
        records = records.read()
    upper = part.request.fetch_offset
    for _, h in iter_batches(records):
        upper = h.next_offset
    return [
        {"producer_id": a.producer_id, "first_offset": a.first_offset}
        for a in part.log.aborted_transactions(part.request.fetch_offset, upper)
    ]


def _answer(
    plan: Plan, version: int, isolation: int, context: FetchContext | None
) -> list[FetchResponseResponse]:
    incremental = context is not None and context.kind is Kind.INCREMENTAL
    responses: list[FetchResponseResponse] = []
    for t, parts in plan:
        partitions: list[FetchResponseResponsePartition] = []
        for part in parts:
            lg = part.log
            records, error = (
                _records_for(part, version) if part.error == ErrorCode.NONE else (b"", part.error)
            )
            hw = lg.high_watermark if lg is not None else -1
            lso = lg.last_stable_offset if lg is not None else -1
            log_start = lg.log_start_offset if lg is not None else -1
            if (
                context is not None
                and isinstance(part.request, SessionPartition)
                and not context.must_answer(part.request, len(records), hw, log_start, error)
                and incremental
            ):
                continue  # nothing new for this partition: an incremental answer leaves it out
            partitions.append(
                {
                    "partition_index": part.request.partition,
                    "error_code": error,
                    "high_watermark": hw,
                    "last_stable_offset": lso,
                    "log_start_offset": log_start,
                    "aborted_transactions": _aborted(part, records)
                    if isolation == READ_COMMITTED and error == ErrorCode.NONE
                    else None,
                    "preferred_read_replica": -1,
                    "records": records,
                }
            )
        if partitions or not incremental:
            # (a session's topics have no id before v13, where the answer carries none)
            topic_id = t.topic_id if t.topic_id is not None else ZERO_UUID
            responses.append({"topic": t.topic, "topic_id": topic_id, "partitions": partitions})
    return responses


def _session_error(error: ErrorCode) -> FetchResponse:
    return {"throttle_time_ms": 0, "error_code": error, "session_id": 0, "responses": []}


def _context(broker: HandlerContext, request: FetchRequest, version: int) -> FetchContext | ErrorCode | None:
    """The fetch session's view of the request (v7+), None before sessions existed."""
    if version < 7:
        return None
    ids = version >= 13
    return broker.fetch_sessions.context(
        request.session_id,
        request.session_epoch,
        ids,
        [(t.topic if not ids else "", t.topic_id if ids else None, t.partitions) for t in request.topics],
        [(f.topic_id if ids else f.topic, f.partitions) for f in request.forgotten_topics_data],
    )


def _open_session(context: FetchContext, plan: Plan, version: int) -> None:
    """A full fetch at epoch 0 opens a session over its partitions (if the cache has a slot);
    each partition's session entry stands in for its request partition from then on, so that
    the answer records what it told (what the next incremental answer compares with)."""
    if context.cache is None:
        return
    session = context.cache.open(version >= 13, context.topics)
    if session is None:
        return
    context.new_session_id = session.session_id
    ids = version >= 13
    for t, parts in plan:
        key = t.topic_id if ids else t.topic
        for part in parts:
            held = session.partitions.get((key, part.request.partition))
            if held is not None:
                part.request = held


async def handle(broker: HandlerContext, ctx: RequestContext, request: FetchRequest) -> FetchResponse:
    version = ctx.header.api_version
    started = time.monotonic()
    context = _context(broker, request, version)
    if isinstance(context, ErrorCode):
        return _session_error(context)
    topics = request.topics if context is None else context.topics
    max_bytes = min(request.max_bytes if version >= 3 else INT32_MAX, broker.config["fetch.max.bytes"])
    quotas = broker.quotas
    if quotas.active and quotas.enabled(QuotaKind.FETCH) and replica_id_of(request, version) < 0:
        # Kafka: a consumer under a fetch quota gets at most one window's worth per answer
        max_bytes = min(
            max_bytes,
            quotas.max_in_window(QuotaKind.FETCH, user_of(ctx.principal), ctx.header.client_id or ""),
        )
    hard_limit = version <= 2
    replica_id = replica_id_of(request, version)
    replica = replica_id >= 0
    plan = _plan(broker, ctx, topics, version, replica_id)
    read_committed = version >= 4 and request.isolation_level == READ_COMMITTED and not replica
    region = version >= 10  # older versions get converted or checked batches: bytes
    total = await _read_all(plan, max_bytes, hard_limit, replica, read_committed, region)
    min_bytes = request.min_bytes
    wait_s = request.max_wait_ms / 1000
    if (
        total < min_bytes
        and wait_s > 0
        and any(parts for _, parts in plan)
        and await _long_poll(plan, min_bytes, started + wait_s, replica, read_committed)
    ):
        await _read_all(plan, max_bytes, hard_limit, replica, read_committed, region)
    if context is not None and context.kind is Kind.FULL:
        _open_session(context, plan, version)
    if quotas.active and not replica and quotas.enabled(QuotaKind.FETCH):
        throttled = _throttle(quotas, ctx, plan)
        if throttled:  # over consumer_byte_rate: no data this time, as Kafka answers
            ctx.throttle_ms = throttled
            return {
                "throttle_time_ms": throttled,
                "error_code": ErrorCode.NONE,
                "session_id": context.session_id if context is not None else 0,
                "responses": [],
            }
    answer: FetchResponse = {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "session_id": context.session_id if context is not None else 0,
        "responses": _answer(plan, version, request.isolation_level, context),
    }
    if any(type(p.result.records) is FileRegion for _, parts in plan for p in parts if p.result is not None):
        return spliced(answer)
    return answer


def _throttle(quotas: QuotaManager, ctx: RequestContext, plan: Plan) -> int:
    """Count the answer's record bytes against the client's fetch quota: the throttle time in ms,
    or 0. A throttled answer goes without its records, so their bytes are taken back (Kafka)."""
    size = sum(len(p.result.records or b"") for _, parts in plan for p in parts if p.result is not None)
    user, client_id = user_of(ctx.principal), ctx.header.client_id or ""
    throttled = quotas.record(QuotaKind.FETCH, user, client_id, size)
    if throttled:
        quotas.unrecord(QuotaKind.FETCH, user, client_id, size)
        for _, parts in plan:
            for p in parts:
                if p.result is not None and type(p.result.records) is FileRegion:
                    p.result.records.close()  # not sent: its descriptor goes now
    return throttled


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)

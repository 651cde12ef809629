"""ShareFetch (KIP-932): acknowledge what the member holds, then acquire records for it from
the share-partitions of its share session, long polling up to max_wait_ms for some.

Checks in Kafka's order: share groups enabled (else UNSUPPORTED_VERSION), READ on the group,
a member id, the member in its share group (UNKNOWN_MEMBER_ID), the share session and its
epoch (broker/share/session.py); then per partition: the topic id, READ on the topic, this
broker leading it (NOT_LEADER_OR_FOLLOWER). The share-partitions themselves:
broker/share/manager.py and partition.py.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from broker.apis.context import HandlerContext
from broker.log import Log
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.share.manager import LedSharePartition, SharePartitionManager
from broker.share.partition import AcknowledgementBatch, AcquiredRecords
from broker.share.persister import PersisterError
from broker.share.session import FINAL_EPOCH, INITIAL_EPOCH, ShareSession, ShareSessionError
from protocol.errors import ErrorCode
from protocol.typed import (
    ShareFetchRequest,
    ShareFetchRequestTopicPartitionAcknowledgementBatche,
    ShareFetchResponse,
    ShareFetchResponseNodeEndpoint,
    ShareFetchResponseResponsePartition,
    ShareFetchResponseResponsePartitionAcquiredRecord,
    ShareFetchResponseResponsePartitionCurrentLeader,
)

DEFAULT_MAX_RECORDS = 500  # what a v1 request asking for 0 gets (Kafka's max.poll.records)
MAX_MEMBER_ID = 36  # a member id is a UUID as the client writes it
BATCH_OPTIMIZED = 0  # ShareAcquireMode (KIP-1206): whole batches; 1 is record-limit
TP = tuple[uuid.UUID, int]


@dataclass(slots=True)
class Target:
    """A partition of the request or session, once checked: its log, or why not."""

    topic_id: uuid.UUID
    partition: int
    name: str = ""
    log: Log | None = None
    error: ErrorCode = ErrorCode.NONE


def check_member(
    broker: HandlerContext,
    ctx: RequestContext,
    group_id: str | None,
    member_id: str | None,
    acknowledging_only: bool = False,
) -> ErrorCode:
    """The request-level checks ShareFetch and ShareAcknowledge share. A member that left the
    group may still acknowledge what it holds (`acknowledging_only`) while its session lasts:
    clients leave and send their last acknowledgements at once on close."""
    if not broker.groups.config.share.enabled:
        return ErrorCode.UNSUPPORTED_VERSION
    if not group_id:
        return ErrorCode.INVALID_GROUP_ID
    authz = broker.authorizer
    if authz is not None and not authz.group(ctx, Operation.READ, group_id):
        return ErrorCode.GROUP_AUTHORIZATION_FAILED
    if not member_id or len(member_id) > MAX_MEMBER_ID:
        return ErrorCode.INVALID_REQUEST
    if broker.groups.share_group_member(group_id, member_id) is False and not (
        acknowledging_only and broker.share_partitions.sessions.get(group_id, member_id) is not None
    ):
        return ErrorCode.UNKNOWN_MEMBER_ID
    return ErrorCode.NONE


async def forget_member(manager: SharePartitionManager, group_id: str | None, member_id: str | None) -> None:
    """A member the group no longer has: its session goes, and with it its locks."""
    if group_id and member_id:
        session = manager.sessions.get(group_id, member_id)
        if session is not None:
            await manager.release_session(session)


def target(broker: HandlerContext, ctx: RequestContext, topic_id: uuid.UUID, partition: int) -> Target:
    t = Target(topic_id, partition)
    topic = broker.topics.by_id(topic_id)
    if topic is None:
        t.error = ErrorCode.UNKNOWN_TOPIC_ID
        return t
    t.name = topic.name
    authz = broker.authorizer
    if authz is not None and not authz.topic(ctx, Operation.READ, topic.name):
        t.error = ErrorCode.TOPIC_AUTHORIZATION_FAILED
    elif not 0 <= partition < topic.partitions:
        t.error = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    elif broker.leader_error(topic.name, partition) is not None:
        t.error = ErrorCode.NOT_LEADER_OR_FOLLOWER
    else:
        t.log = broker.topics.log(topic.name, partition)
        if t.log is None:
            t.error = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    return t


async def entry_of(manager: SharePartitionManager, group_id: str, t: Target) -> LedSharePartition | ErrorCode:
    if t.error != ErrorCode.NONE or t.log is None:
        return t.error
    try:
        return await manager.entry(group_id, t.topic_id, t.name, t.partition, t.log)
    except PersisterError as e:
        return e.error


def ack_batches(
    batches: Iterable[ShareFetchRequestTopicPartitionAcknowledgementBatche],
) -> list[AcknowledgementBatch]:
    return [AcknowledgementBatch(b.first_offset, b.last_offset, tuple(b.acknowledge_types)) for b in batches]


async def acknowledge(
    broker: HandlerContext,
    ctx: RequestContext,
    group_id: str,
    member_id: str,
    acks: Sequence[tuple[TP, list[AcknowledgementBatch]]],
    renew: bool,
) -> dict[TP, ErrorCode]:
    manager = broker.share_partitions
    errors: dict[TP, ErrorCode] = {}
    for tp, batches in acks:
        entry = await entry_of(manager, group_id, target(broker, ctx, *tp))
        if isinstance(entry, ErrorCode):
            errors[tp] = entry
            continue
        errors[tp] = await manager.acknowledge(entry, member_id, batches, renew)
    return errors


def leader(broker: HandlerContext, error: ErrorCode) -> ShareFetchResponseResponsePartitionCurrentLeader:
    if error == ErrorCode.NOT_LEADER_OR_FOLLOWER:
        return {"leader_id": -1, "leader_epoch": -1}
    return {"leader_id": broker.node_id, "leader_epoch": 0}


def current_leader(
    broker: HandlerContext, topic_id: uuid.UUID, partition: int
) -> ShareFetchResponseResponsePartitionCurrentLeader:
    """Where a partition this broker does not lead is (KIP-951's CurrentLeader, so that the
    client goes there without a Metadata round trip); -1 when it has no leader."""
    topic = broker.topics.by_id(topic_id)
    leader_id, epoch = broker.partition_leader(topic.name, partition) if topic is not None else (-1, -1)
    return {"leader_id": leader_id, "leader_epoch": epoch}


def node_endpoints(
    broker: HandlerContext, ctx: RequestContext, leaders: set[int]
) -> list[ShareFetchResponseNodeEndpoint]:
    """The addresses, on the request's listener, of the leaders named in NOT_LEADER_OR_FOLLOWER
    answers (KIP-951's NodeEndpoints)."""
    return [
        {"node_id": n.node_id, "host": n.host, "port": n.port, "rack": n.rack}
        for n in broker.live_nodes(ctx.listener)
        if n.node_id in leaders
    ]


def redirect(
    broker: HandlerContext, ctx: RequestContext, parts: Iterable[tuple[TP, Any]]
) -> list[ShareFetchResponseNodeEndpoint]:
    """Each answer for a partition led elsewhere gets its current leader; their endpoints."""
    leaders: set[int] = set()
    for (topic_id, partition), p in parts:
        codes = (p["error_code"], p.get("acknowledge_error_code", ErrorCode.NONE))
        if ErrorCode.NOT_LEADER_OR_FOLLOWER in codes:
            p["current_leader"] = current_leader(broker, topic_id, partition)
            leaders.add(p["current_leader"]["leader_id"])
    leaders.discard(-1)
    return node_endpoints(broker, ctx, leaders) if leaders else []


def _error(error: ErrorCode, lock_ms: int = 0) -> ShareFetchResponse:
    return {
        "throttle_time_ms": 0,
        "error_code": error,
        "error_message": None,
        "acquisition_lock_timeout_ms": lock_ms,
        "responses": [],
        "node_endpoints": [],
    }


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: ShareFetchRequest
) -> ShareFetchResponse:
    started = time.monotonic()
    version = ctx.header.api_version
    manager = broker.share_partitions
    group_id, member_id, epoch = request.group_id, request.member_id, request.share_session_epoch
    error = check_member(broker, ctx, group_id, member_id, acknowledging_only=epoch == FINAL_EPOCH)
    if error == ErrorCode.UNKNOWN_MEMBER_ID:
        await forget_member(manager, group_id, member_id)
    if error != ErrorCode.NONE:
        return _error(error)
    assert group_id and member_id
    lock_ms = manager.settings(group_id).partition.lock_duration_ms
    if version >= 2 and request.is_renew_ack and not _renew_only(request):
        return _error(ErrorCode.INVALID_REQUEST, lock_ms)
    wanted: list[TP] = [(t.topic_id, p.partition_index) for t in request.topics for p in t.partitions]
    acks = [
        ((t.topic_id, p.partition_index), ack_batches(p.acknowledgement_batches))
        for t in request.topics
        for p in t.partitions
        if p.acknowledgement_batches
    ]
    forgotten = [(f.topic_id, p) for f in request.forgotten_topics_data for p in f.partitions]
    try:
        session = manager.sessions.for_fetch(
            group_id, member_id, epoch, ctx.peer, wanted, forgotten, acknowledging=bool(acks)
        )
    except ShareSessionError as e:
        return _error(e.error, lock_ms)
    renew_only = version >= 2 and request.is_renew_ack
    ack_errors = await acknowledge(broker, ctx, group_id, member_id, acks, renew=renew_only)
    parts: dict[TP, ShareFetchResponseResponsePartition] = {}
    for tp, ack_error in ack_errors.items():
        parts[tp] = _partition(broker, tp[1], ErrorCode.NONE, ack_error)
    if epoch == FINAL_EPOCH:
        await manager.release_session(session)
        return _answer(broker, ctx, parts, lock_ms)
    if renew_only:  # KIP-1222: renewing locks, no fetch (it could outlast the renewed locks)
        return _answer(broker, ctx, parts, lock_ms)
    entries = await _entries(broker, ctx, group_id, session, parts, ack_errors, epoch == INITIAL_EPOCH)
    if entries:  # each fetch starts at another partition, so that none waits on the others
        turn = session.epoch % len(entries)
        entries = entries[turn:] + entries[:turn]
    limits = _Limits(
        request.max_records if request.max_records > 0 else DEFAULT_MAX_RECORDS,
        min(request.max_bytes, broker.config["fetch.max.bytes"]),
        started + max(0, request.max_wait_ms) / 1000,
        request.share_acquire_mode == BATCH_OPTIMIZED,
        request.batch_size,
    )
    await _fetch(broker, member_id, entries, parts, ack_errors, limits)
    return _answer(broker, ctx, parts, lock_ms)


async def _entries(
    broker: HandlerContext,
    ctx: RequestContext,
    group_id: str,
    session: ShareSession,
    parts: dict[TP, ShareFetchResponseResponsePartition],
    ack_errors: dict[TP, ErrorCode],
    initial: bool,
) -> list[LedSharePartition]:
    """The session's share-partitions that can be fetched from; the others get their error.
    A new session's answer names all its partitions."""
    entries: list[LedSharePartition] = []
    for tp in session.partitions:
        t = target(broker, ctx, *tp)
        entry = await entry_of(broker.share_partitions, group_id, t)
        if isinstance(entry, ErrorCode):
            parts[tp] = _partition(broker, t.partition, entry, ack_errors.get(tp, ErrorCode.NONE))
            continue
        entries.append(entry)
        if initial:
            parts.setdefault(tp, _partition(broker, t.partition))
    return entries


def _renew_only(request: ShareFetchRequest) -> bool:
    """KIP-1222: a request renewing locks asks for nothing to fetch and acknowledges in every
    partition it names."""
    return request.max_bytes == request.min_bytes == request.max_records == request.max_wait_ms == 0 and all(
        p.acknowledgement_batches for t in request.topics for p in t.partitions
    )


@dataclass(slots=True)
class _Limits:
    max_records: int
    max_bytes: int
    deadline: float  # time.monotonic()
    whole_batches: bool  # batch-optimized: the last batch whole, and ranges of batch_size
    batch_size: int


def _ranges(
    acquired: Sequence[AcquiredRecords], limits: _Limits
) -> list[ShareFetchResponseResponsePartitionAcquiredRecord]:
    """AcquiredRecords ranges, cut to batch_size records in batch-optimized mode (KIP-1206: the
    client acknowledges in those units)."""
    step = limits.batch_size if limits.whole_batches and limits.batch_size > 0 else 0
    out: list[ShareFetchResponseResponsePartitionAcquiredRecord] = []
    for a in acquired:
        first = a.first_offset
        while first <= a.last_offset:
            last = min(a.last_offset, first + step - 1) if step else a.last_offset
            out.append({"first_offset": first, "last_offset": last, "delivery_count": a.delivery_count})
            first = last + 1
    return out


async def _fetch(
    broker: HandlerContext,
    member_id: str,
    entries: list[LedSharePartition],
    parts: dict[TP, ShareFetchResponseResponsePartition],
    ack_errors: dict[TP, ErrorCode],
    limits: _Limits,
) -> None:
    """Acquire from each share-partition in turn, within the limits; wait for records if none
    were acquired, until the deadline."""
    manager = broker.share_partitions
    max_records, max_bytes, deadline = limits.max_records, limits.max_bytes, limits.deadline
    while entries:
        got = False
        for entry in entries:
            if max_records <= 0 or max_bytes <= 0:
                break
            fetched = await manager.acquire(entry, member_id, max_records, max_bytes, limits.whole_batches)
            tp = (uuid.UUID(bytes=entry.key.topic_id), entry.key.partition)
            ack_error = ack_errors.get(tp, ErrorCode.NONE)
            if fetched.error != ErrorCode.NONE:
                parts[tp] = _partition(broker, tp[1], fetched.error, ack_error)
                continue
            if not fetched.acquired:
                continue
            got = True
            p = parts.setdefault(tp, _partition(broker, tp[1], ErrorCode.NONE, ack_error))
            p["records"] = fetched.records
            p["acquired_records"] = _ranges(fetched.acquired, limits)
            max_records -= sum(a.last_offset - a.first_offset + 1 for a in fetched.acquired)
            max_bytes -= len(fetched.records)
        if got or time.monotonic() >= deadline:
            return
        await manager.wait_for_records([e.log for e in entries], deadline)


def _partition(
    broker: HandlerContext,
    index: int,
    error: ErrorCode = ErrorCode.NONE,
    ack_error: ErrorCode = ErrorCode.NONE,
) -> ShareFetchResponseResponsePartition:
    return {
        "partition_index": index,
        "error_code": error,
        "error_message": None,
        "acknowledge_error_code": ack_error,
        "acknowledge_error_message": None,
        "current_leader": leader(broker, error),
        "records": b"",
        "acquired_records": [],
    }


def _answer(
    broker: HandlerContext,
    ctx: RequestContext,
    parts: dict[TP, ShareFetchResponseResponsePartition],
    lock_ms: int,
) -> ShareFetchResponse:
    endpoints = redirect(broker, ctx, parts.items())
    by_topic: dict[uuid.UUID, list[ShareFetchResponseResponsePartition]] = {}
    for (topic_id, _), p in parts.items():
        by_topic.setdefault(topic_id, []).append(p)
    return {
        "throttle_time_ms": 0,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "acquisition_lock_timeout_ms": lock_ms,
        "responses": [{"topic_id": t, "partitions": ps} for t, ps in by_topic.items()],
        "node_endpoints": endpoints,
    }

"""Produce: check each partition's batch and append it; answer after the write (acks=1), after
the write and fsync (acks=all), or not at all (acks=0).

Partitions of one request are appended concurrently, so their fsyncs overlap. v0-2 carry legacy
MessageSets (magic 0/1), converted to one RecordBatch v2 as Kafka's log does; v13 names topics by
id.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from broker import logging_setup
from broker.apis.context import HandlerContext
from broker.log import LogError, ProducerStateError, RecordError
from broker.log.log import pending_write, settled
from broker.log.validation import recompress, upconvert_legacy, validate_batches
from broker.quotas import QuotaKind, user_of
from broker.security.acl import Operation, ResourceType
from broker.server import RequestContext
from protocol.compression import Compression
from protocol.errors import ErrorCode
from protocol.records import MAGIC, magic_of
from protocol.typed import (
    ProduceRequest,
    ProduceRequestTopicData,
    ProduceResponse,
    ProduceResponseResponse,
    ProduceResponseResponsePartitionResponse,
)

if TYPE_CHECKING:
    from broker.log.log import AppendInfo, Log
    from broker.topics import Topic

log = logging_setup.get_logger("kbroker.produce")


def _error(
    index: int, code: ErrorCode, message: str | None = None, record_index: int | None = None
) -> ProduceResponseResponsePartitionResponse:
    answer: ProduceResponseResponsePartitionResponse = {
        "index": index,
        "error_code": code,
        "base_offset": -1,
        "log_append_time_ms": -1,
        "log_start_offset": -1,
        "error_message": message,
    }
    if record_index is not None:
        answer["record_errors"] = [{"batch_index": record_index, "batch_index_error_message": message}]
    return answer


PartitionAnswer = ProduceResponseResponsePartitionResponse


def _append(
    broker: HandlerContext,
    topic: Topic | None,
    unknown: ErrorCode,
    index: int,
    records: bytes | None,
    acks: int,
    timeout_ms: int,
    version: int,
    *,
    faults: bool = True,
) -> PartitionAnswer | Coroutine[object, None, PartitionAnswer]:
    """One partition's append, placed at once: its answer, or a coroutine that waits for the
    write (an fsync, a large write, replication) and then answers. Written to the page cache from
    the loop (acks=1, or acks=all with page-cache durability), nothing waits: no task at all."""
    if acks not in (0, 1, -1):
        return _error(index, ErrorCode.INVALID_REQUIRED_ACKS, f"acks must be 0, 1 or -1, not {acks}")
    if topic is None:
        return _error(index, unknown)
    if topic.internal:
        return _error(
            index, ErrorCode.INVALID_TOPIC_EXCEPTION, f"Cannot append to internal topic {topic.name}"
        )
    not_leader = broker.leader_error(topic.name, index)
    if not_leader is not None:  # cluster mode: another broker leads it (or none, for now)
        return _error(index, not_leader)
    lg = broker.topics.log(topic.name, index)
    if lg is None:
        return _error(index, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
    if (
        faults
        and broker.faults.active
        and (held := broker.faults.held(topic.name, index, "Produce")) is not None
    ):
        retry = partial(
            _append, broker, topic, unknown, index, records, acks, timeout_ms, version, faults=False
        )
        return _held(index, timeout_ms, held.resumed, retry)
    config = lg.config
    try:
        if version < 3 and records and len(records) > 16 and magic_of(records) < MAGIC:
            records = upconvert_legacy(records)
        batches = validate_batches(
            records, max_message_bytes=config.max_message_bytes, single=version >= 3, compacted=config.compact
        )
        if version < 7 and any(b.header.compression == Compression.ZSTD for b in batches):
            return _error(
                index,
                ErrorCode.UNSUPPORTED_COMPRESSION_TYPE,
                f"Produce requests with version {version} are not allowed to use ZStandard compression",
            )
        if config.compression_type != "producer":
            batches = [recompress(b, config.compression_type) for b in batches]
        durable = acks == -1
        if durable and (error := broker.min_isr_error(topic.name, index, lg)) is not None:
            return _error(index, error, "the in-sync replicas are fewer than min.insync.replicas")
        # acks=all waits for the leader's fsync, then (replicated) for every in-sync replica to
        # have the batch (the high watermark past it), bounded by the request's timeout.
        deadline = (
            asyncio.get_running_loop().time() + timeout_ms / 1000 if durable and timeout_ms > 0 else None
        )
        epoch = lg.leader_epoch  # the epoch the append is stamped with (it is placed synchronously)
        info, placed = lg.append_batches_nowait(batches, durable=durable)
        written = pending_write(placed)
    except RecordError as e:
        return _error(index, e.error_code, str(e), e.record_index)
    except (ProducerStateError, LogError) as refused:  # a name each: compiled (mypyc), a
        return _error(index, refused.error_code, str(refused))  # name keeps its first type
    except Exception as bug:  # a bug: answer it as Kafka does, keep the connection
        log.exception("fail produce", topic=topic.name, partition=index)
        return _error(index, ErrorCode.UNKNOWN_SERVER_ERROR, f"{type(bug).__name__}: {bug}")
    if written is None and not (durable and lg.high_watermark <= info.last_offset):
        return _appended(index, info)
    return _wait(broker, topic.name, index, lg, info, written, durable, epoch, deadline)


# The raw path's (broker/apis/produce_raw.py): the same checks and append, shared, not forked.
append_partition = _append


def _appended(index: int, info: AppendInfo) -> PartitionAnswer:
    return {
        "index": index,
        "error_code": ErrorCode.NONE,
        "base_offset": info.base_offset,
        "log_append_time_ms": info.log_append_time_ms,
        "log_start_offset": info.log_start_offset,
    }


async def _wait(
    broker: HandlerContext,
    topic: str,
    index: int,
    lg: Log,
    info: AppendInfo,
    written: asyncio.Future[Any] | None,
    durable: bool,
    epoch: int,
    deadline: float | None,
) -> PartitionAnswer:
    """The rest of an append placed by `_append`: its write (fsync), then its replication."""
    try:
        if written is not None:
            if deadline is None:
                await written
            else:
                async with asyncio.timeout_at(deadline):  # not wait_for: on 3.11 it can lose a cancel
                    await asyncio.shield(written)
        if durable and lg.high_watermark <= info.last_offset:
            async with asyncio.timeout_at(deadline):
                await lg.wait_high_watermark(info.last_offset + 1, epoch)
            if broker.min_isr_error(topic, index, lg) is not None:
                return _error(
                    index,
                    ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
                    "the in-sync replicas shrank below min.insync.replicas during the append",
                )
    except (ProducerStateError, LogError) as e:
        return _error(index, e.error_code, str(e))
    except TimeoutError:
        return _error(
            index,
            ErrorCode.REQUEST_TIMED_OUT,
            "the append was not durable (or not replicated) within the request timeout",
        )
    except Exception as bug:  # a bug: answer it as Kafka does, keep the connection
        log.exception("fail produce", topic=topic, partition=index)
        return _error(index, ErrorCode.UNKNOWN_SERVER_ERROR, f"{type(bug).__name__}: {bug}")
    return _appended(index, info)


async def _held(
    index: int,
    timeout_ms: int,
    resumed: asyncio.Event,
    append: Callable[[], PartitionAnswer | Coroutine[object, None, PartitionAnswer]],
) -> PartitionAnswer:
    """An append to a partition paused by a fault (broker/faults.py): made once resumed (`append`,
    without the fault check), or refused at the request's timeout."""
    try:
        async with asyncio.timeout(timeout_ms / 1000 if timeout_ms > 0 else None):
            await resumed.wait()
    except TimeoutError:
        return _error(index, ErrorCode.REQUEST_TIMED_OUT, "the partition is paused (injected fault)")
    return await settled(append())


async def append_records(
    broker: HandlerContext, topic: str, partition: int, records: bytes, timeout_ms: int
) -> PartitionAnswer:
    """One partition's append as a Produce (acks=all) makes it, for the broker's own records
    (a share group's dead letters: broker/share/dead_letter.py)."""
    held = broker.topics.get(topic)
    return await settled(
        _append(broker, held, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, partition, records, -1, timeout_ms, 13)
    )


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ProduceRequest
) -> ProduceResponse | Coroutine[object, None, ProduceResponse | None] | None:
    """Every partition's append placed at once, in order; answered in the same pass unless one
    has to wait (then by a coroutine, which the server runs as a task)."""
    # Items, not attributes: a decoded request's attribute access runs a Python __getattr__.
    version = ctx.header.api_version
    acks = request["acks"]
    timeout_ms = request["timeout_ms"]
    topic_data = request["topic_data"]
    results: list[PartitionAnswer | Coroutine[object, None, PartitionAnswer]] = []
    shape: list[tuple[ProduceRequestTopicData, int]] = []
    authz = broker.authorizer
    transactional_id = request["transactional_id"]
    txn_refused = (
        authz is not None
        and transactional_id is not None
        and not authz.allowed(ctx, Operation.WRITE, ResourceType.TRANSACTIONAL_ID, transactional_id)
    )
    by_id = version >= 13
    for td in topic_data:
        name = td["name"]
        topic, unknown = broker.topics.named_in_request(by_id, td["topic_id"], name)
        refused: ErrorCode | None = None
        if authz is not None:  # Kafka's checks: the transactional id, then WRITE on each topic
            if topic is not None:
                name = topic.name
            if txn_refused:
                refused = ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED
            elif not authz.topic(ctx, Operation.WRITE, name):
                refused = ErrorCode.TOPIC_AUTHORIZATION_FAILED
        partitions = td["partition_data"]
        for pd in partitions:
            if refused is not None:
                results.append(_error(pd["index"], refused))
                continue
            results.append(
                _append(broker, topic, unknown, pd["index"], pd["records"], acks, timeout_ms, version)
            )
        shape.append((td, len(partitions)))
    quotas = broker.quotas
    if quotas.active and quotas.enabled(QuotaKind.PRODUCE):
        # Kafka counts the request's bytes against producer_byte_rate; over it, the answer says
        # how long to wait and the server mutes the connection that long (acks=0 too).
        size = sum(len(pd["records"] or b"") for td in topic_data for pd in td["partition_data"])
        ctx.throttle_ms = quotas.record(
            QuotaKind.PRODUCE, user_of(ctx.principal), ctx.header.client_id or "", size
        )
    waiting = [i for i, r in enumerate(results) if type(r) is not dict]
    if waiting:
        return _answer_later(ctx, acks, shape, results, waiting)
    return _response(ctx, acks, shape, cast("list[PartitionAnswer]", results))


async def _answer_later(
    ctx: RequestContext,
    acks: int,
    shape: list[tuple[ProduceRequestTopicData, int]],
    results: list[PartitionAnswer | Coroutine[object, None, PartitionAnswer]],
    waiting: list[int],
) -> ProduceResponse | None:
    """The answer once every waiting partition's append is done (their waits overlap)."""
    pending = [cast("Coroutine[object, None, PartitionAnswer]", results[i]) for i in waiting]
    done = [await pending[0]] if len(pending) == 1 else await asyncio.gather(*pending)
    for i, answer in zip(waiting, done, strict=True):
        results[i] = answer
    return _response(ctx, acks, shape, cast("list[PartitionAnswer]", results))


def _response(
    ctx: RequestContext,
    acks: int,
    shape: list[tuple[ProduceRequestTopicData, int]],
    results: list[PartitionAnswer],
) -> ProduceResponse | None:
    if acks == 0:
        errors = [r for r in results if r["error_code"] != ErrorCode.NONE]
        if errors:
            # Kafka closes the connection on a failed acks=0 produce; without that hook, log it.
            log.warning(
                "fail produce",
                acks=0,
                peer=ctx.peer,
                errors=len(errors),
                error=ErrorCode(errors[0]["error_code"]).name,
            )
        return None
    responses: list[ProduceResponseResponse] = []
    i = 0
    for td, n in shape:
        responses.append(
            {
                "name": td["name"],
                "topic_id": td["topic_id"],
                "partition_responses": results[i : i + n],
            }
        )
        i += n
    return {"responses": responses, "throttle_time_ms": ctx.throttle_ms}

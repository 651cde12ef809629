"""Writing a transaction's markers to one partition: the partition leader's side of
WriteTxnMarkers, which the transaction coordinator calls directly for a partition this broker
leads (always, on a single broker).

The marker is appended durably (and replicated, where the partition is); on `__consumer_offsets`
the group coordinator then applies (COMMIT) or drops (ABORT) the producer's pending
transactional offsets, as Kafka's `onTransactionCompleted`.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from broker import logs
from broker.log import LogError, ProducerStateError
from broker.offsets import OFFSETS_TOPIC
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker

log = logs.get("kbroker.txn")


async def write_marker(
    broker: Broker,
    topic: str,
    partition: int,
    producer_id: int,
    epoch: int,
    commit: bool,
    coordinator_epoch: int = 0,
) -> ErrorCode:
    held = broker.topics.get(topic)
    if held is None or not 0 <= partition < held.partitions:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    not_leader = broker.leader_error(topic, partition)
    if not_leader is not None:
        return not_leader
    lg = broker.topics.log(topic, partition)
    if lg is None:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    try:
        leader_epoch = lg.leader_epoch
        offset = await lg.append_marker(producer_id, epoch, commit, coordinator_epoch)
        if lg.high_watermark <= offset:
            async with asyncio.timeout(broker.config["request.timeout.ms"] / 1000):
                await lg.wait_high_watermark(offset + 1, leader_epoch)
    except (LogError, ProducerStateError) as e:
        log.warning(
            "refuse transaction marker", log=lg.name, producer_id=producer_id, epoch=epoch, error=str(e)
        )
        return ErrorCode(e.error_code)
    except TimeoutError:
        return ErrorCode.REQUEST_TIMED_OUT
    if topic == OFFSETS_TOPIC and broker.groups.txn_offsets is not None:
        broker.groups.txn_offsets.complete(partition, producer_id, commit)
    return ErrorCode.NONE

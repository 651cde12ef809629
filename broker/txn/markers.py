"""Writing a transaction's markers to one partition: the partition leader's side of
WriteTxnMarkers, which the transaction coordinator calls directly for a partition this broker
leads (always, on a single broker); in a cluster, a partition another broker leads gets them
over the wire (WriteTxnMarkers to its leader, on the inter-broker listener), as Kafka's
TransactionMarkerChannelManager sends them.

The marker is appended durably (and replicated, where the partition is); on `__consumer_offsets`
the group coordinator's shard then replays it in log order, applying (COMMIT) or dropping (ABORT)
the producer's pending transactional offsets, as Kafka's `onTransactionCompleted`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.group.records import OFFSETS_TOPIC
from broker.log import LogError, ProducerStateError
from broker.log.log import pending_write, settled
from broker.security.inter_broker import inter_broker_security
from client.connection import BrokerConnection, ConnectionConfig
from client.errors import KafkaError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.broker import Broker
    from broker.log.log import Log

log = logging_setup.get_logger("kbroker.txn")


async def write_marker(
    broker: Broker,
    topic: str,
    partition: int,
    producer_id: int,
    epoch: int,
    commit: bool,
    coordinator_epoch: int = 0,
) -> ErrorCode:
    return await settled(
        write_marker_nowait(broker, topic, partition, producer_id, epoch, commit, coordinator_epoch)
    )


def write_marker_nowait(
    broker: Broker,
    topic: str,
    partition: int,
    producer_id: int,
    epoch: int,
    commit: bool,
    coordinator_epoch: int = 0,
) -> ErrorCode | Coroutine[Any, Any, ErrorCode]:
    """`write_marker` answered at once when nothing waits (the marker written to the page cache
    from the loop, the partition not replicated), else a coroutine to await."""
    held = broker.topics.get(topic)
    if held is None or not 0 <= partition < held.partitions:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    if broker.cluster is not None:
        leader = broker.cluster.view.leader(topic, partition)
        if leader != broker.node_id:
            return _remote(broker, leader, topic, partition, producer_id, epoch, commit, coordinator_epoch)
    not_leader = broker.leader_error(topic, partition)
    if not_leader is not None:
        log.info("refuse transaction marker", topic=topic, partition=partition, error=not_leader.name)
        return not_leader
    lg = broker.topics.log(topic, partition)
    if lg is None:
        return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
    # On the offsets topic the group coordinator replays the marker once durable, after the writes
    # placed before it: told now, before the marker is placed.
    written: asyncio.Future[None] | None = None
    if topic == OFFSETS_TOPIC:
        written = asyncio.get_running_loop().create_future()
        broker.groups.complete_transaction(partition, producer_id, commit, written)
    try:
        leader_epoch = lg.leader_epoch
        info, placed = lg.append_marker_nowait(producer_id, epoch, commit, coordinator_epoch)
        waiting = pending_write(placed)
    except (LogError, ProducerStateError) as e:
        if written is not None:
            written.cancel()  # not written: the coordinator replays nothing (its retry will)
        return _refused(lg, producer_id, epoch, e)
    except BaseException:
        if written is not None:
            written.cancel()
        raise
    offset = info.base_offset
    if waiting is None and lg.high_watermark > offset:
        if written is not None:
            written.set_result(None)
        return ErrorCode.NONE
    return _marker_durable(broker, lg, offset, leader_epoch, waiting, written, producer_id, epoch)


async def _marker_durable(
    broker: Broker,
    lg: Log,
    offset: int,
    leader_epoch: int,
    waiting: asyncio.Future[Any] | None,
    written: asyncio.Future[None] | None,
    producer_id: int,
    epoch: int,
) -> ErrorCode:
    """The rest of `write_marker_nowait` when the marker's fsync or replication is waited for."""
    try:
        if waiting is not None:
            await waiting
        if lg.high_watermark <= offset:
            async with asyncio.timeout(broker.config["request.timeout.ms"] / 1000):
                await lg.wait_high_watermark(offset + 1, leader_epoch)
        if written is not None:
            written.set_result(None)
    except (LogError, ProducerStateError) as e:
        return _refused(lg, producer_id, epoch, e)
    except TimeoutError:
        return ErrorCode.REQUEST_TIMED_OUT
    finally:
        if written is not None and not written.done():
            written.cancel()  # not written: the coordinator replays nothing (its retry will)
    return ErrorCode.NONE


def _refused(lg: Log, producer_id: int, epoch: int, e: LogError | ProducerStateError) -> ErrorCode:
    log.warning("refuse transaction marker", log=lg.name, producer_id=producer_id, epoch=epoch, error=str(e))
    return ErrorCode(e.error_code)


async def _remote(
    broker: Broker,
    leader: int,
    topic: str,
    partition: int,
    producer_id: int,
    epoch: int,
    commit: bool,
    coordinator_epoch: int,
) -> ErrorCode:
    """WriteTxnMarkers to the partition's leader (one connection per leader, kept)."""
    assert broker.cluster is not None
    endpoint = (
        broker.cluster.endpoint_of(leader, broker.config.inter_broker_listener_name) if leader >= 0 else None
    )
    if endpoint is None:
        return ErrorCode.LEADER_NOT_AVAILABLE  # retried by the coordinator
    conns = broker.marker_connections
    conn = conns.get(leader)
    try:
        if conn is None or not conn.connected or (conn.host, conn.port) != (endpoint.host, endpoint.port):
            timeout_ms = broker.config["request.timeout.ms"]
            conn = BrokerConnection(
                endpoint.host,
                endpoint.port,
                leader,
                ConnectionConfig(
                    client_id=f"broker-{broker.node_id}-txn-markers",
                    request_timeout_ms=timeout_ms,
                    connect_timeout_ms=timeout_ms,
                    security=inter_broker_security(broker.config),
                ),
            )
            await conn.connect()
            conns[leader] = conn
        r = await conn.request(
            ApiKey.WRITE_TXN_MARKERS,
            {
                "markers": [
                    {
                        "producer_id": producer_id,
                        "producer_epoch": epoch,
                        "transaction_result": commit,
                        "topics": [{"name": topic, "partition_indexes": [partition]}],
                        "coordinator_epoch": coordinator_epoch,
                    }
                ]
            },
        )
    except (KafkaError, OSError) as e:
        conns.pop(leader, None)
        log.warning(
            "fail to send transaction marker", leader=leader, topic=topic, partition=partition, error=repr(e)
        )
        return ErrorCode.NETWORK_EXCEPTION
    return ErrorCode(r.markers[0].topics[0].partitions[0].error_code)

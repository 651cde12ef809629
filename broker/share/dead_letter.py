"""Dead-letter topics of share groups (KIP-1191, Kafka 4.4): a record a member rejected, or one
archived at share.delivery.count.limit, is written to the group's dead-letter topic
(`errors.deadletterqueue.topic.name`, a GROUP config; blank: none) with Kafka's context
headers, and its key and value too when `errors.deadletterqueue.copy.record.enable` is true.

The share-partition's leader writes them once the archive is durable (the manager calls
`DeadLetterWriter.write` after the persister's write), through the broker's own produce path
(acks=all) when it leads the dead-letter partition, else with a Produce to that partition's
leader. As Kafka's ShareGroupDLQStateManager: the dead-letter partition is the source
partition modulo the topic's partition count, each record's timestamp is the time of the
write, the source's headers are not copied, and the topic must be usable as one:

- its name must not start with `__`, and must start with the broker's
  `errors.deadletterqueue.topic.name.prefix` (default `dlq.`; blank: any name);
- an existing topic needs the topic config `errors.deadletterqueue.group.enable=true`;
- a missing one is created (with that config) only when the broker's
  `errors.deadletterqueue.auto.create.topics.enable` is true.

A record that cannot be written (misconfigured topic, the leader unreachable after retries) is
logged and not written again: the archive it follows stays. The write is not atomic with the
archive: a leader that dies between the two writes none (Kafka 4.4 keeps such records ARCHIVING
until written and writes them again).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from broker import logging_setup
from broker.apis.produce import append_records
from broker.log import LogError
from broker.security.inter_broker import inter_broker_security
from broker.share.partition import DeadReason
from broker.topics import TopicError
from client.connection import BrokerConnection, ConnectionConfig
from client.errors import KafkaError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import Record, build_batch, decode_batches

if TYPE_CHECKING:
    from broker.broker import Broker
    from broker.share.manager import LedSharePartition

log = logging_setup.get_logger("kbroker.share")

TOPIC_NAME = "errors.deadletterqueue.topic.name"  # GROUP configs
COPY_RECORD = "errors.deadletterqueue.copy.record.enable"
GROUP_ENABLE = "errors.deadletterqueue.group.enable"  # topic config

# Kafka's context headers (ShareGroupDLQStateManager), values as UTF-8 text.
HEADER_TOPIC = "__dlq.errors.topic"
HEADER_PARTITION = "__dlq.errors.partition"
HEADER_OFFSET = "__dlq.errors.offset"
HEADER_GROUP = "__dlq.errors.group"
HEADER_DELIVERY_COUNT = "__dlq.errors.delivery.count"
HEADER_MESSAGE = "__dlq.errors.message"
MESSAGES = {
    DeadReason.REJECTED: "Offset rejected by client.",
    DeadReason.DELIVERY_COUNT_EXCEEDED: "Offset delivery count exceeded the threshold.",
}
ATTEMPTS = 5
BACKOFF_S = 0.5
RETRIABLE = {
    ErrorCode.NOT_LEADER_OR_FOLLOWER,
    ErrorCode.LEADER_NOT_AVAILABLE,
    ErrorCode.REQUEST_TIMED_OUT,
    ErrorCode.NOT_ENOUGH_REPLICAS,
    ErrorCode.NOT_ENOUGH_REPLICAS_AFTER_APPEND,
    ErrorCode.NETWORK_EXCEPTION,
    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
}


@dataclass(frozen=True, slots=True)
class DeadLetter:
    """One archived record of a share-partition, as its dead-letter record tells it."""

    offset: int
    delivery_count: int
    reason: DeadReason
    key: bytes | None = None
    value: bytes | None = None


def dead_letter_topic(group_configs: Mapping[str, str]) -> str | None:
    name = group_configs.get(TOPIC_NAME, "").strip()
    return name or None


def unusable(
    name: str, prefix: str, topic_configs: Mapping[str, str] | None, auto_create: bool
) -> str | None:
    """Why `name` cannot be a dead-letter topic (Kafka's validateDlqTopic), or None."""
    if name.startswith("__"):
        return "a dead-letter topic name cannot start with __"
    if prefix and not name.startswith(prefix):
        return f"the dead-letter topic name does not start with {prefix}"
    if topic_configs is None:
        return None if auto_create else "the topic does not exist and auto create is disabled"
    if topic_configs.get(GROUP_ENABLE, "false").strip().lower() != "true":
        return f"the topic does not have {GROUP_ENABLE}=true"
    return None


def records_of(group: str, topic: str, partition: int, letters: Sequence[DeadLetter]) -> list[Record]:
    """The dead-letter records (offset deltas from 0), with Kafka's context headers."""
    out = []
    for i, d in enumerate(letters):
        headers: list[tuple[str, bytes | None]] = [
            (HEADER_TOPIC, topic.encode()),
            (HEADER_PARTITION, str(partition).encode()),
            (HEADER_OFFSET, str(d.offset).encode()),
            (HEADER_GROUP, group.encode()),
            (HEADER_DELIVERY_COUNT, str(d.delivery_count).encode()),
            (HEADER_MESSAGE, MESSAGES[d.reason].encode()),
        ]
        out.append(Record(offset_delta=i, key=d.key, value=d.value, headers=headers))
    return out


def batches_of(records: Sequence[Record], max_bytes: int, now_ms: int) -> list[bytes]:
    """The records in batches of at most `max_bytes` (one record per batch at least)."""
    out: list[bytes] = []
    chunk: list[Record] = []
    for r in records:
        candidate = build_batch(_renumber([*chunk, r]), base_timestamp=now_ms)
        if chunk and len(candidate) > max_bytes:
            out.append(build_batch(_renumber(chunk), base_timestamp=now_ms))
            chunk = [r]
        else:
            chunk.append(r)
    if chunk:
        out.append(build_batch(_renumber(chunk), base_timestamp=now_ms))
    return out


def _renumber(records: Sequence[Record]) -> list[Record]:
    return [Record(i, 0, r.key, r.value, r.headers) for i, r in enumerate(records)]


class DeadLetterWriter:
    """The broker's writer of dead-letter records (Broker.start sets it on the manager)."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.connections: dict[int, BrokerConnection] = {}

    async def write(self, entry: LedSharePartition, dead: Mapping[int, tuple[DeadReason, int]]) -> None:
        broker = self.broker
        group = entry.key.group_id
        configs = broker.share_partitions.group_configs.get(group, {})
        name = dead_letter_topic(configs)
        if name is None or not dead:
            return
        where = {"group": group, "topic": entry.topic, "partition": entry.key.partition, "dlq": name}
        config = broker.config
        held = broker.topics.get(name)
        why = unusable(
            name,
            config["errors.deadletterqueue.topic.name.prefix"] or "",
            None if held is None else held.configs,
            config["errors.deadletterqueue.auto.create.topics.enable"],
        )
        if why is not None:
            log.warning("refuse dead letters", reason=why, records=len(dead), **where)
            return
        if held is None:
            try:
                held = await broker.topics.create(
                    name, configs={GROUP_ENABLE: "true", "message.timestamp.type": "CreateTime"}
                )
            except TopicError as e:  # created meanwhile, or refused: read it again
                held = broker.topics.get(name)
                if held is None:
                    log.warning("fail to create dead-letter topic", error=repr(e), **where)
                    return
        copy = configs.get(COPY_RECORD, "false").strip().lower() == "true"
        letters = [DeadLetter(o, count, reason) for o, (reason, count) in sorted(dead.items())]
        if copy:
            letters = await self._with_records(entry, letters)
        records = records_of(group, entry.topic, entry.key.partition, letters)
        target = entry.key.partition % held.partitions
        max_bytes = int(held.configs.get("max.message.bytes", config["message.max.bytes"]))
        for batch in batches_of(records, max_bytes, int(time.time() * 1000)):
            error = await self._produce(name, target, batch)
            if error != ErrorCode.NONE:
                log.warning("fail dead letters", error=error.name, dlq_partition=target, **where)
                return
        log.info("write dead letters", records=len(records), dlq_partition=target, **where)

    async def _with_records(self, entry: LedSharePartition, letters: list[DeadLetter]) -> list[DeadLetter]:
        """The letters with the source records' keys and values (when the log still has them)."""
        wanted = {d.offset for d in letters}
        found: dict[int, tuple[bytes | None, bytes | None]] = {}
        offset, last = min(wanted), max(wanted)
        while offset <= last:
            try:
                result = await entry.log.read(offset, 1 << 20)
            except LogError:  # retention removed them, or the log moved: headers only
                break
            data = result.records
            if not data:
                break
            assert isinstance(data, bytes)
            batches = decode_batches(data)
            for b in batches:
                for o, _, r in b:
                    if o in wanted:
                        found[o] = (r.key, r.value)
            offset = max(offset + 1, batches[-1].next_offset) if batches else last + 1
        return [
            DeadLetter(d.offset, d.delivery_count, d.reason, *found.get(d.offset, (None, None)))
            for d in letters
        ]

    async def _produce(self, topic: str, partition: int, batch: bytes) -> ErrorCode:
        """acks=all to the partition's leader, retried on what may pass (a leader moving)."""
        error = ErrorCode.NONE
        for attempt in range(ATTEMPTS):
            if attempt:
                await asyncio.sleep(BACKOFF_S * attempt)
            error = await self._produce_once(topic, partition, batch)
            if error not in RETRIABLE:
                return error
        return error

    async def _produce_once(self, topic: str, partition: int, batch: bytes) -> ErrorCode:
        broker = self.broker
        timeout_ms = broker.config["request.timeout.ms"]
        cluster = broker.cluster
        if cluster is None or (leader := cluster.view.leader(topic, partition)) == broker.node_id:
            answer = await append_records(broker, topic, partition, batch, timeout_ms)
            return ErrorCode(answer["error_code"])
        endpoint = (
            cluster.endpoint_of(leader, broker.config.inter_broker_listener_name) if leader >= 0 else None
        )
        if endpoint is None:
            return ErrorCode.LEADER_NOT_AVAILABLE
        conn = self.connections.get(leader)
        try:
            if conn is None or not conn.connected or (conn.host, conn.port) != (endpoint.host, endpoint.port):
                conn = BrokerConnection(
                    endpoint.host,
                    endpoint.port,
                    leader,
                    ConnectionConfig(
                        client_id=f"broker-{broker.node_id}-dead-letters",
                        request_timeout_ms=timeout_ms,
                        connect_timeout_ms=timeout_ms,
                        security=inter_broker_security(broker.config),
                    ),
                )
                await conn.connect()
                self.connections[leader] = conn
            r = await conn.request(
                ApiKey.PRODUCE,
                {
                    "transactional_id": None,
                    "acks": -1,
                    "timeout_ms": timeout_ms,
                    "topic_data": [
                        {"name": topic, "partition_data": [{"index": partition, "records": batch}]}
                    ],
                },
                max_version=12,  # by name
            )
        except (KafkaError, OSError) as e:
            self.connections.pop(leader, None)
            log.warning("fail to send dead letters", leader=leader, topic=topic, error=repr(e))
            return ErrorCode.NETWORK_EXCEPTION
        return ErrorCode(r.responses[0].partition_responses[0].error_code)

    async def close(self) -> None:
        for conn in self.connections.values():
            await conn.close()
        self.connections.clear()

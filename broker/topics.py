"""Topics: names, ids, partition counts and config overrides, persisted; and their logs.

The registry is `<first log dir>/kbroker-topics.json` (written atomically: temp file, fsync,
rename, directory fsync), the part of Kafka's metadata a single broker needs. Each partition
directory also carries Kafka's `partition.metadata` with the topic id. On start, a topic in the
registry whose partition directories are missing gets them (a crash during creation); a
partition directory whose topic is not in the registry belongs to a deleted topic and is
removed, except when there is no registry at all (a data dir written by Kafka or an older
kbroker), where such topics are adopted with default configs.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from broker import logging_setup
from broker.config import Config
from broker.log import Log, LogConfig, LogManager, TopicConfigError
from broker.log.config import resolve, validate_overrides
from broker.log.log import uuid_from_kafka, uuid_to_kafka
from broker.log.segment import fsync_dir
from protocol.errors import ErrorCode
from protocol.typed import MetadataRequestTopic, MetadataResponseTopic, MetadataResponseTopicPartition

log = logging_setup.get_logger("kbroker.topics")

OFFSETS_TOPIC = "__consumer_offsets"
TRANSACTION_STATE_TOPIC = "__transaction_state"
INTERNAL_TOPICS = frozenset({OFFSETS_TOPIC, TRANSACTION_STATE_TOPIC})
REGISTRY = "kbroker-topics.json"
MAX_NAME_LENGTH = 249
_LEGAL = re.compile(r"[a-zA-Z0-9._-]+")
ZERO_UUID = uuid.UUID(int=0)


class TopicError(Exception):
    def __init__(self, error_code: ErrorCode, message: str):
        super().__init__(message)
        self.error_code = error_code
        self.message = message


def no_such_topic(name: str) -> TopicError:
    return TopicError(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, f"The topic '{name}' does not exist.")


def validate_topic_name(name: str | None) -> str | None:
    """Kafka's `Topic.validate`: a complaint, or None if the name is legal."""
    if not name:
        return "Topic name is illegal, it can't be empty"
    if name in (".", ".."):
        return 'Topic name cannot be "." or ".."'
    if len(name) > MAX_NAME_LENGTH:
        return (
            f"Topic name is illegal, it can't be longer than {MAX_NAME_LENGTH} characters, topic name: {name}"
        )
    if not _LEGAL.fullmatch(name):
        return (
            f'Topic name "{name}" is illegal, it contains a character other than '
            "ASCII alphanumerics, '.', '_' and '-'"
        )
    return None


def unify_collision_chars(name: str) -> str:
    """'.' and '_' collide in metric names, so Kafka refuses topics differing only by them."""
    return name.replace(".", "_")


@dataclass(slots=True)
class Topic:
    name: str
    topic_id: uuid.UUID
    partitions: int
    configs: dict[str, str] = field(default_factory=dict)  # the overrides, as given
    internal: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "topic_id": uuid_to_kafka(self.topic_id),
            "partitions": self.partitions,
            "configs": self.configs,
            "internal": self.internal,
        }

    @classmethod
    def from_json(cls, name: str, data: dict[str, Any]) -> Topic:
        return cls(
            name,
            uuid_from_kafka(data["topic_id"]),
            int(data["partitions"]),
            dict(data.get("configs", {})),
            bool(data.get("internal", False)),
        )


class TopicManager:
    """The topics this broker holds. Creation and deletion are serialized by one lock."""

    def __init__(self, config: Config, log_manager: LogManager, node_id: int):
        self.config = config
        self.log_manager = log_manager
        self.node_id = node_id
        self.topics: dict[str, Topic] = {}
        self._by_id: dict[uuid.UUID, Topic] = {}
        self._lock = asyncio.Lock()
        self._registry = config.log_dirs[0] / REGISTRY

    # --- lookup ----------------------------------------------------------------------------

    def get(self, name: str) -> Topic | None:
        return self.topics.get(name)

    async def overrides(self, name: str) -> dict[str, str] | None:
        """The topic's config overrides as its source of truth holds them; None if there is no
        such topic."""
        topic = self.topics.get(name)
        return None if topic is None else dict(topic.configs)

    def by_id(self, topic_id: uuid.UUID) -> Topic | None:
        return self._by_id.get(topic_id)

    def named_in_request(
        self, by_id: bool, topic_id: uuid.UUID | None, name: str
    ) -> tuple[Topic | None, ErrorCode]:
        """The topic a Produce/Fetch entry names (by id from v13, by name before) and the error
        Kafka answers if there is none."""
        if by_id:
            return self.by_id(topic_id) if topic_id is not None else None, ErrorCode.UNKNOWN_TOPIC_ID
        return self.get(name), ErrorCode.UNKNOWN_TOPIC_OR_PARTITION

    def log(self, name: str, partition: int) -> Log | None:
        return self.log_manager.get(name, partition)

    def log_config(self, topic: Topic | None) -> LogConfig:
        return resolve(self.config, topic.configs if topic else None)

    # --- start and stop --------------------------------------------------------------------

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        registry = await loop.run_in_executor(None, self._read_registry)
        adopt = registry is None
        for name, data in (registry or {}).items():
            self._add(Topic.from_json(name, data))

        def config_for(name: str) -> LogConfig:
            return self.log_config(self.topics.get(name))

        def topic_id_for(name: str) -> uuid.UUID | None:
            t = self.topics.get(name)
            return t.topic_id if t else None

        loaded = await self.log_manager.load(config_for, topic_id_for)
        orphans: dict[str, list[int]] = {}
        for tp in loaded:
            topic = self.topics.get(tp.topic)
            if topic is None or tp.partition >= topic.partitions:
                orphans.setdefault(tp.topic, []).append(tp.partition)
        changed = False
        for name, parts in orphans.items():
            if adopt and name not in self.topics and validate_topic_name(name) is None:
                ids = [lg.topic_id for p in parts if (lg := self.log_manager.get(name, p)) and lg.topic_id]
                topic = Topic(
                    name, ids[0] if ids else uuid.uuid4(), max(parts) + 1, internal=name in INTERNAL_TOPICS
                )
                self._add(topic)
                changed = True
                log.warning("adopt topic", topic=name, partitions=topic.partitions)
            else:
                for p in parts:
                    log.warning("delete orphan partition", topic=name, partition=p)
                    await self.log_manager.delete(name, p)
        for topic in list(self.topics.values()):
            await self._ensure_logs(topic)
        if changed:
            await self._save()
        await self._ensure_offsets_topic()
        self.log_manager.start()
        log.info("load topics", topics=len(self.topics))

    async def stop(self) -> None:
        await self.log_manager.stop()

    async def _ensure_offsets_topic(self) -> None:
        if OFFSETS_TOPIC in self.topics:
            have = self.topics[OFFSETS_TOPIC].partitions
            want = self.config["offsets.topic.num.partitions"]
            if have != want:
                log.warning(
                    "keep offsets topic",
                    partitions=have,
                    configured=want,
                    reason="the partition count of an existing offsets topic does not change",
                )
            return
        configs: dict[str, str | None] = {
            "cleanup.policy": "compact",
            "segment.bytes": str(self.config["offsets.topic.segment.bytes"]),
            "compression.type": "producer",
        }
        await self.create(
            OFFSETS_TOPIC, self.config["offsets.topic.num.partitions"], 1, configs, internal=True
        )

    async def _ensure_logs(self, topic: Topic) -> None:
        config = self.log_config(topic)
        for p in range(topic.partitions):
            lg = self.log_manager.get(topic.name, p)
            if lg is None:
                lg = await self.log_manager.create(topic.name, p, config, topic.topic_id)
            elif lg.topic_id is None:
                lg.topic_id = topic.topic_id
            # The single broker leads every partition, at the latest epoch its log knows (0 for
            # its own logs), so that OffsetForLeaderEpoch has an epoch even for an empty log.
            lg.become_leader(max(0, lg.epochs.latest_epoch))

    # --- registry --------------------------------------------------------------------------

    def _read_registry(self) -> dict[str, Any] | None:
        try:
            data = json.loads(self._registry.read_text())
        except FileNotFoundError:
            return None
        if data.get("version") != 1:
            raise ValueError(f"{self._registry}: unknown version {data.get('version')!r}")
        topics: dict[str, Any] = data["topics"]
        return topics

    async def _save(self) -> None:
        body = json.dumps(
            {"version": 1, "topics": {n: t.to_json() for n, t in sorted(self.topics.items())}},
            indent=1,
            sort_keys=True,
        )
        await asyncio.get_running_loop().run_in_executor(None, _write_atomically, self._registry, body)

    def _add(self, topic: Topic) -> None:
        self.topics[topic.name] = topic
        self._by_id[topic.topic_id] = topic

    # --- create and delete -----------------------------------------------------------------

    def registered_brokers(self) -> int:
        """How many brokers may hold a replica: this one alone (cluster mode: the live ones)."""
        return 1

    def check_create(
        self,
        name: str,
        partitions: int,
        replication: int,
        configs: dict[str, str | None],
        assignments: list[Any] | None = None,
    ) -> tuple[int, dict[str, str]]:
        """(partition count, validated config overrides), or TopicError as Kafka answers it."""
        complaint = validate_topic_name(name)
        if complaint:
            raise TopicError(ErrorCode.INVALID_TOPIC_EXCEPTION, complaint)
        if name in self.topics:
            raise TopicError(ErrorCode.TOPIC_ALREADY_EXISTS, f"Topic '{name}' already exists.")
        if "." in name or "_" in name:
            unified = unify_collision_chars(name)
            for other in self.topics:
                if unify_collision_chars(other) == unified:
                    raise TopicError(
                        ErrorCode.INVALID_TOPIC_EXCEPTION,
                        f"Topic '{name}' collides with existing topic: {other}",
                    )
        if assignments:
            if replication != -1:
                raise TopicError(
                    ErrorCode.INVALID_REQUEST,
                    "A manual partition assignment was specified, but replication factor was not set to -1.",
                )
            if partitions != -1:
                raise TopicError(
                    ErrorCode.INVALID_REQUEST,
                    "A manual partition assignment was specified, but numPartitions was not set to -1.",
                )
            indexes = sorted(a.partition_index for a in assignments)
            if indexes != list(range(len(indexes))):
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    "partitions should be a consecutive 0-based integer sequence",
                )
            for a in assignments:
                if list(a.broker_ids) != [self.node_id]:
                    raise TopicError(
                        ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                        f"Unknown broker ids in the assignment of partition {a.partition_index}: "
                        f"{list(a.broker_ids)} (this cluster has broker {self.node_id} only)",
                    )
            partitions = len(indexes)
        else:
            if replication < -1 or replication == 0:
                raise TopicError(
                    ErrorCode.INVALID_REPLICATION_FACTOR,
                    "Replication factor must be larger than 0, or -1 to use the default value.",
                )
            if partitions < -1 or partitions == 0:
                raise TopicError(
                    ErrorCode.INVALID_PARTITIONS,
                    "Number of partitions was set to an invalid non-positive value.",
                )
            if partitions == -1:
                partitions = self.config["num.partitions"]
            rf = self.config["default.replication.factor"] if replication == -1 else replication
            brokers = self.registered_brokers()
            if rf > brokers:
                raise TopicError(
                    ErrorCode.INVALID_REPLICATION_FACTOR,
                    f"Unable to replicate the partition {rf} time(s): The target replication "
                    f"factor of {rf} cannot be reached because only {brokers} broker(s) are registered.",
                )
        try:
            overrides = validate_overrides(configs)
            resolve(self.config, overrides)
        except TopicConfigError as e:
            raise TopicError(ErrorCode.INVALID_CONFIG, str(e)) from e
        return partitions, overrides

    async def create(
        self,
        name: str,
        partitions: int = -1,
        replication: int = -1,
        configs: dict[str, str | None] | None = None,
        *,
        assignments: list[Any] | None = None,
        validate_only: bool = False,
        internal: bool = False,
    ) -> Topic:
        async with self._lock:
            count, overrides = self.check_create(name, partitions, replication, configs or {}, assignments)
            topic = Topic(name, uuid.uuid4(), count, overrides, internal or name in INTERNAL_TOPICS)
            if validate_only:
                return topic
            self._add(topic)
            try:
                await self._save()
                await self._ensure_logs(topic)
            except BaseException:
                log.exception("fail create topic", topic=name)
                raise
            log.info(
                "create topic",
                topic=name,
                topic_id=uuid_to_kafka(topic.topic_id),
                partitions=count,
                configs=overrides or None,
            )
            return topic

    async def delete(self, name: str) -> Topic:
        async with self._lock:
            topic = self.topics.get(name)
            if topic is None:
                raise TopicError(
                    ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "This server does not host this topic."
                )
            if topic.internal:
                raise TopicError(ErrorCode.INVALID_REQUEST, f"Internal topic {name} cannot be deleted.")
            del self.topics[name]
            self._by_id.pop(topic.topic_id, None)
            await self._save()
            for p in range(topic.partitions):
                await self.log_manager.delete(name, p)
            log.info("delete topic", topic=name, topic_id=uuid_to_kafka(topic.topic_id))
            return topic

    async def alter_configs(self, name: str, update: Callable[[dict[str, str]], dict[str, str]]) -> Topic:
        """Replace a topic's config overrides with `update(current)` (which validates them, raising
        TopicConfigError), under the lock, so concurrent alterations do not lose each other's
        changes: persisted in the registry first, then applied live to its logs (retention,
        cleanup policy, segment size... on their next use)."""
        async with self._lock:
            topic = self.topics.get(name)
            if topic is None:
                raise no_such_topic(name)
            overrides = update(dict(topic.configs))
            config = resolve(self.config, overrides)
            old = topic.configs
            topic.configs = dict(overrides)
            try:
                await self._save()
            except BaseException:
                topic.configs = old
                raise
            self.log_manager.reconfigure(name, config)
            log.info("alter topic configs", topic=name, configs=overrides or None)
            return topic

    def check_add_partitions(self, name: str, count: int, assignments: list[Any] | None) -> Topic:
        topic = self.topics.get(name)
        if topic is None:
            raise no_such_topic(name)
        if topic.internal:
            raise TopicError(ErrorCode.INVALID_REQUEST, f"Cannot add partitions to internal topic {name}.")
        if count < topic.partitions:
            raise TopicError(
                ErrorCode.INVALID_PARTITIONS,
                f"Topic currently has {topic.partitions} partitions, which is higher than the "
                f"requested {count}.",
            )
        if count == topic.partitions:
            raise TopicError(
                ErrorCode.INVALID_PARTITIONS, f"Topic already has {topic.partitions} partitions."
            )
        if assignments is not None:
            if len(assignments) != count - topic.partitions:
                raise TopicError(
                    ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                    f"Increasing the number of partitions by {count - topic.partitions} but "
                    f"{len(assignments)} assignments provided.",
                )
            for a in assignments:
                if list(a.broker_ids) != [self.node_id]:
                    raise TopicError(
                        ErrorCode.INVALID_REPLICA_ASSIGNMENT,
                        f"Unknown broker ids in the assignment: {list(a.broker_ids)} "
                        f"(this cluster has broker {self.node_id} only)",
                    )
        return topic

    async def add_partitions(
        self, name: str, count: int, assignments: list[Any] | None = None, *, validate_only: bool = False
    ) -> Topic:
        """Raise a topic's partition count to `count` (CreatePartitions)."""
        async with self._lock:
            topic = self.check_add_partitions(name, count, assignments)
            if validate_only:
                return topic
            old = topic.partitions
            topic.partitions = count
            try:
                await self._save()
            except BaseException:
                topic.partitions = old
                raise
            await self._ensure_logs(topic)
            log.info("add partitions", topic=name, partitions=count, before=old)
            return topic

    # --- metadata --------------------------------------------------------------------------

    def partition_metadata(self, topic: Topic) -> list[MetadataResponseTopicPartition]:
        node = self.node_id
        return [
            {
                "error_code": ErrorCode.NONE,
                "partition_index": p,
                "leader_id": node,
                "leader_epoch": 0,
                "replica_nodes": [node],
                "isr_nodes": [node],
                "offline_replicas": [node] if self.storage_failing(topic.name, p) else [],
            }
            for p in range(topic.partitions)
        ]

    def storage_failing(self, name: str, partition: int) -> bool:
        """This broker's log of the partition fails appends now (a full disk): its replica is
        listed offline.

        Kafka lists a replica whose log directory is offline in `offline_replicas` and never
        answers Metadata with KAFKA_STORAGE_ERROR; with its only directory offline it halts
        the broker. Here the leader stays and reads go on (docs/operations.md, "Full disk")."""
        lg = self.log_manager.get(name, partition)
        return lg is not None and lg.storage_failing

    def topic_metadata(self, topic: Topic) -> MetadataResponseTopic:
        return {
            "error_code": ErrorCode.NONE,
            "name": topic.name,
            "topic_id": topic.topic_id,
            "is_internal": topic.internal,
            "partitions": self.partition_metadata(topic),
        }

    async def metadata(
        self, requested: list[MetadataRequestTopic] | None, auto_create: bool
    ) -> list[MetadataResponseTopic]:
        """Metadata's topic entries: every topic for None, else each requested one (by name, or
        by id in v10+), created first if unknown and `auto_create`."""
        if requested is None:
            return [self.topic_metadata(t) for _, t in sorted(self.topics.items())]
        out: list[MetadataResponseTopic] = []
        for req in requested:
            name = getattr(req, "name", None)
            topic_id = getattr(req, "topic_id", None) or ZERO_UUID
            if name is None:
                topic = self.by_id(topic_id)
                if topic is None:
                    out.append(
                        {
                            "error_code": ErrorCode.UNKNOWN_TOPIC_ID,
                            "name": None,
                            "topic_id": topic_id,
                            "partitions": [],
                        }
                    )
                else:
                    out.append(self.topic_metadata(topic))
                continue
            topic = self.topics.get(name)
            if topic is None and auto_create and name not in INTERNAL_TOPICS:
                try:
                    topic = await self.create(name)
                except TopicError as e:
                    topic = self.topics.get(name)  # created meanwhile by another request
                    if topic is None:
                        out.append(
                            {
                                "error_code": e.error_code,
                                "name": name,
                                "topic_id": ZERO_UUID,
                                "partitions": [],
                            }
                        )
                        continue
            if topic is None:
                code = (
                    ErrorCode.INVALID_TOPIC_EXCEPTION
                    if validate_topic_name(name)
                    else ErrorCode.UNKNOWN_TOPIC_OR_PARTITION
                )
                out.append({"error_code": code, "name": name, "topic_id": ZERO_UUID, "partitions": []})
            else:
                out.append(self.topic_metadata(topic))
        return out


def _write_atomically(path: Path, body: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w") as f:
        f.write(body)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)
    fsync_dir(path.parent)

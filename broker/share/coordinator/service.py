"""The share coordinator (Kafka's ShareCoordinatorService): one shard per `__share_group_state`
partition, a share-partition's state held by the shard of
`Utils.abs("groupId:topicId:partition".hashCode()) % partitions` (Kafka's partitionFor over
SharePartitionKey.asCoordinatorKey). Alone, a broker coordinates every partition; in a cluster,
those whose `__share_group_state` partition it leads (`set_owned`, as Kafka's onElection /
onResignation), the others answer NOT_COORDINATOR.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from broker import logging_setup
from broker.group.placement import coordinator_partition
from broker.share.coordinator.runtime import ShareCoordinatorRuntime
from broker.share.coordinator.shard import Answer, ShareCoordinatorShard, TopicPartitions
from broker.share.coordinator.state_log import StateLog
from protocol.errors import ErrorCode
from protocol.share_state_records import Batch, StateKey, coordinator_key

log = logging_setup.get_logger("kbroker.share")
E = ErrorCode
SHARE_STATE_TOPIC = "__share_group_state"


@dataclass(frozen=True, slots=True)
class ShareCoordinatorConfig:
    """Kafka's ShareCoordinatorConfig, the part kbroker uses."""

    num_partitions: int = 50
    replication_factor: int = 3
    min_isr: int = 2
    segment_bytes: int = 100 * 1024 * 1024
    records_per_snapshot: int = 500
    write_timeout_ms: int = 5000
    prune_interval_ms: int = 5 * 60 * 1000

    @classmethod
    def from_config(cls, config: Any) -> ShareCoordinatorConfig:
        return cls(
            config["share.coordinator.state.topic.num.partitions"],
            config["share.coordinator.state.topic.replication.factor"],
            config["share.coordinator.state.topic.min.isr"],
            config["share.coordinator.state.topic.segment.bytes"],
            config["share.coordinator.snapshot.update.records.per.snapshot"],
            config["share.coordinator.write.timeout.ms"],
            config["share.coordinator.state.topic.prune.interval.ms"],
        )

    def topic_configs(self) -> dict[str, str | None]:
        """`__share_group_state`'s configs, as Kafka's shareGroupStateTopicConfigs (KIP-932):
        deleted, never compacted; nothing expires by time."""
        return {
            "cleanup.policy": "delete",
            "compression.type": "producer",
            "segment.bytes": str(self.segment_bytes),
            "min.insync.replicas": str(self.min_isr),
            "retention.ms": "-1",
        }


def share_coordinator_partition(
    group_id: str, topic_id: uuid.UUID, partition: int, num_partitions: int
) -> int:
    return coordinator_partition(coordinator_key(group_id, topic_id, partition), num_partitions)


class ShareCoordinatorService:
    def __init__(
        self,
        config: ShareCoordinatorConfig,
        num_partitions: int,
        state_log: StateLog,
        *,
        owned: Iterable[int] | None = None,
        clock: Callable[[], int] | None = None,
        topic_partitions: TopicPartitions | None = None,
    ):
        self.config = config
        self.num_partitions = num_partitions
        self.state_log = state_log
        self.clock = clock
        self.topic_partitions = topic_partitions
        self.owned: set[int] | None = None if owned is None else set(owned)
        self.runtimes: dict[int, ShareCoordinatorRuntime] = {}
        self._loads: dict[int, asyncio.Task[None]] = {}
        self._pruner: asyncio.Task[None] | None = None
        self.active = False

    def _runtime(self, partition: int) -> ShareCoordinatorRuntime:
        shard = ShareCoordinatorShard(
            partition, self.config.records_per_snapshot, self.clock, self.topic_partitions
        )
        return ShareCoordinatorRuntime(shard, self.state_log)

    # -- lifecycle --------------------------------------------------------------------------------

    async def start(self) -> None:
        """Alone: load every partition (in the background). In a cluster: wait for set_owned."""
        if self.active:
            return
        self.active = True
        if self.owned is None:
            for p in range(self.num_partitions):
                self._begin_load(p)
        self._pruner = asyncio.get_running_loop().create_task(
            self._prune_every_interval(), name="share-prune"
        )

    async def _prune_every_interval(self) -> None:
        while True:
            await asyncio.sleep(self.config.prune_interval_ms / 1000)
            await self.prune()

    async def prune(self) -> None:
        """One pruning pass over the loaded partitions (share.coordinator.state.topic.prune.interval.ms)."""
        for runtime in list(self.runtimes.values()):
            try:
                await runtime.prune()
            except Exception as e:  # the next pass tries again
                log.warning("fail to prune share state", partition=runtime.partition, error=repr(e))

    def _begin_load(self, partition: int) -> None:
        runtime = self.runtimes[partition] = self._runtime(partition)
        self._loads[partition] = asyncio.get_running_loop().create_task(
            self._load(runtime), name=f"share-state-load-{partition}"
        )

    async def _load(self, runtime: ShareCoordinatorRuntime) -> None:
        try:
            await runtime.load()
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.error("fail to load share coordinator", partition=runtime.partition, error=repr(e))
        finally:
            if self._loads.get(runtime.partition) is asyncio.current_task():
                del self._loads[runtime.partition]

    async def wait_loaded(self) -> None:
        await asyncio.gather(*self._loads.values(), return_exceptions=True)

    async def set_owned(self, partitions: set[int]) -> None:
        if self.owned is None or not self.active:
            return
        partitions = {p for p in partitions if 0 <= p < self.num_partitions}
        for p in sorted(self.owned - partitions):
            self.owned.discard(p)
            task = self._loads.pop(p, None)
            if task is not None:
                task.cancel()
            runtime = self.runtimes.pop(p, None)
            if runtime is not None:
                await runtime.stop()
            log.info("resign share coordinator", partition=p)
        for p in sorted(partitions - self.owned):
            self.owned.add(p)
            self._begin_load(p)
            log.info("elect share coordinator", partition=p)

    async def stop(self) -> None:
        self.active = False
        if self._pruner is not None:
            self._pruner.cancel()
        for task in self._loads.values():
            task.cancel()
        await asyncio.gather(*self._loads.values(), return_exceptions=True)
        for runtime in self.runtimes.values():
            await runtime.stop()
        self.runtimes.clear()

    # -- placement ----------------------------------------------------------------------------

    def partition_for(self, key: StateKey) -> int:
        return share_coordinator_partition(key.group_id, key.topic_id, key.partition, self.num_partitions)

    def _route(self, key: StateKey) -> ShareCoordinatorRuntime | Answer:
        """The key's runtime, or what Kafka answers before a shard is reached."""
        if not self.active:
            return Answer(E.COORDINATOR_NOT_AVAILABLE)
        if not key.group_id:
            return Answer(E.INVALID_REQUEST, "Group id must be non-empty.")
        p = self.partition_for(key)
        if self.owned is not None and p not in self.owned:
            return Answer(E.NOT_COORDINATOR)
        runtime = self.runtimes.get(p)
        if runtime is None:
            return Answer(E.NOT_COORDINATOR)
        if not runtime.loaded:
            return Answer(E.COORDINATOR_LOAD_IN_PROGRESS)
        return runtime

    # -- requests (one share-partition each; the handlers and the local persister call these) ---

    async def initialize(self, key: StateKey, state_epoch: int, start_offset: int) -> Answer:
        runtime = self._route(key)
        if isinstance(runtime, Answer):
            return runtime
        shard = runtime.shard
        return await runtime.run(key, lambda: shard.initialize(key, state_epoch, start_offset))

    async def read(self, key: StateKey, leader_epoch: int) -> Answer:
        runtime = self._route(key)
        if isinstance(runtime, Answer):
            return runtime
        shard = runtime.shard
        return await runtime.run(key, lambda: shard.read(key, leader_epoch))

    async def write(
        self, key: StateKey, state_epoch: int, leader_epoch: int, start_offset: int, batches: list[Batch]
    ) -> Answer:
        runtime = self._route(key)
        if isinstance(runtime, Answer):
            return runtime
        shard = runtime.shard
        return await runtime.run(
            key, lambda: shard.write(key, state_epoch, leader_epoch, start_offset, batches)
        )

    async def read_summary(self, key: StateKey, leader_epoch: int) -> Answer:
        runtime = self._route(key)
        if isinstance(runtime, Answer):
            return runtime
        return runtime.shard.read_summary(key, leader_epoch)

    async def delete(self, key: StateKey) -> Answer:
        runtime = self._route(key)
        if isinstance(runtime, Answer):
            return runtime
        shard = runtime.shard
        return await runtime.run(key, lambda: shard.delete(key))

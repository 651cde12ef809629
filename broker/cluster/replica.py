"""Replication on the leader's side, and the followers this broker runs (Kafka 2.x's
ReplicaManager and Partition, in the ZooKeeper-era design).

Every partition with this broker among its replicas is, at any time, one of:
- **led here**: `LeaderPartition` tracks each follower's log end offset (the offset it fetches
  next) and when it was last caught up; the high watermark is the smallest log end offset over
  the ISR; a follower that has not caught up for `replica.lag.time.max.ms` leaves the ISR, one
  that reaches the high watermark joins it again. ISR changes are written to the partition's
  state znode by a conditional update of its version, as Kafka 2.x's leader does; the controller
  sees them through its watch on that znode.
- **followed**: a `ReplicaFetcher` (one per leader broker) copies the leader's batches as they
  are, after truncating the divergent tail by leader epoch (broker/cluster/fetcher.py).
- **offline** (no live leader): nothing runs for it.

Leadership changes come from the controller's writes to the state znodes; `apply` is called
with every new view of them (ClusterNode's loop), so a watch plays the part of Kafka's
LeaderAndIsr request: the view is the same information, read from the same znodes.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.cluster.fetcher import ReplicaFetcher
from broker.cluster.replication_quota import FOLLOWER_THROTTLED, ReplicationQuota, is_throttled
from broker.cluster.znodes import BrokerInfo, PartitionState
from broker.config import Config
from broker.log import Log
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from broker.cluster.controller import ClusterView

log = logging_setup.get_logger("kbroker.replica")

TopicPartition = tuple[str, int]


def now_ms() -> int:
    return int(time.monotonic() * 1000)


@dataclass(slots=True)
class FollowerState:
    log_end_offset: int = -1  # the offset it asked for last: it has everything below
    caught_up_ms: int = 0  # the last time its log end reached the leader's
    last_fetch_ms: int = 0
    leader_end_at_last_fetch: int = 0


@dataclass(slots=True)
class LeaderPartition:
    topic: str
    partition: int
    log: Log
    epoch: int
    replicas: list[int]
    isr: list[int]
    zk_version: int
    controller_epoch: int
    followers: dict[int, FollowerState] = field(default_factory=dict)
    isr_write: asyncio.Task[None] | None = None  # the ISR change being written, one at a time


class ReplicaManager:
    def __init__(
        self,
        config: Config,
        broker_id: int,
        log_for: Callable[[str, int], Log | None],
        write_isr: Callable[[str, int, PartitionState, int], Any],
    ):
        self.config = config
        self.broker_id = broker_id
        self._log_for = log_for
        self._write_isr = write_isr  # async (topic, partition, new state, version) -> new version
        self.lag_ms = config["replica.lag.time.max.ms"]
        self.listener = config.inter_broker_listener_name  # where followers reach their leaders
        self.leaders: dict[TopicPartition, LeaderPartition] = {}
        self.fetchers: dict[int, ReplicaFetcher] = {}  # by leader broker id
        self.brokers: dict[int, BrokerInfo] = {}
        self.follower_quota = ReplicationQuota(lambda: int(config["follower.replication.throttled.rate"]))
        self.leader_quota = ReplicationQuota(lambda: int(config["leader.replication.throttled.rate"]))
        self._seen: set[TopicPartition] = set()  # logs whose checkpointed high watermark was applied
        self._task: asyncio.Task[None] | None = None

    # --- life ---------------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._shrink_loop(), name="isr-shrink")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for lp in self.leaders.values():
            if lp.isr_write is not None:
                lp.isr_write.cancel()
        await asyncio.gather(*(f.stop() for f in self.fetchers.values()))
        self.fetchers.clear()

    # --- following the controller's decisions -------------------------------------------------

    async def apply(self, view: ClusterView, assigned: dict[TopicPartition, list[int]]) -> None:
        """Become leader, follower or nothing for every partition with a replica here."""
        me = self.broker_id
        self.brokers = dict(view.brokers)
        follow: dict[int, dict[TopicPartition, tuple[int, Log]]] = {}
        led: set[TopicPartition] = set()
        throttled: set[TopicPartition] = set()
        for key, replicas in assigned.items():
            state = view.states.get(key)
            lg = self._log_for(*key)
            if state is None or lg is None or me not in replicas:
                continue
            self._first_sight(key, lg)
            if state.leader == me:
                led.add(key)
                self._lead(key, lg, state, replicas, view.state_versions.get(key, 0))
            else:
                lg.become_follower()
                lg.replicated = True  # a follower's high watermark comes from its leader
                if state.leader in view.brokers:
                    follow.setdefault(state.leader, {})[key] = (state.leader_epoch, lg)
                    if is_throttled(view.configs.get(key[0], {}).get(FOLLOWER_THROTTLED), key[1], me):
                        throttled.add(key)
        for key in list(self.leaders):
            if key not in led:
                lp = self.leaders.pop(key)
                if lp.isr_write is not None:
                    lp.isr_write.cancel()
                log.info("stop leading", topic=key[0], partition=key[1], epoch=lp.epoch)
        for leader_id in list(self.fetchers):
            fetcher = self.fetchers[leader_id]
            if leader_id not in follow or self._address(leader_id) != fetcher.address:
                del self.fetchers[leader_id]
                await fetcher.stop()
        for leader_id, partitions in follow.items():
            if leader_id not in self.fetchers:
                address = self._address(leader_id)
                if address is None:
                    log.warning(
                        "cannot follow",
                        leader=leader_id,
                        listener=self.listener,
                        reason="the leader registered no endpoint on inter.broker.listener.name",
                    )
                    continue
                self.fetchers[leader_id] = ReplicaFetcher(
                    self.config, me, leader_id, address, self.follower_quota
                )
            self.fetchers[leader_id].set_partitions(partitions, throttled)

    def _address(self, broker_id: int) -> tuple[str, int] | None:
        """Where this broker's followers reach `broker_id`: its inter-broker listener's endpoint."""
        info = self.brokers.get(broker_id)
        endpoint = info.endpoint(self.listener) if info is not None else None
        return (endpoint.host, endpoint.port) if endpoint is not None else None

    def _first_sight(self, key: TopicPartition, lg: Log) -> None:
        """A log seen for the first time since start: its high watermark is the checkpointed one
        (what was known to be replicated), never its log end, which may hold an unreplicated tail."""
        if key in self._seen:
            return
        self._seen.add(key)
        checkpointed = lg.checkpointed_high_watermark
        lg.high_watermark = min(checkpointed if checkpointed is not None else 0, lg.written_offset)

    def _lead(
        self, key: TopicPartition, lg: Log, state: PartitionState, replicas: list[int], version: int
    ) -> None:
        lp = self.leaders.get(key)
        now = now_ms()
        if lp is None or lp.epoch != state.leader_epoch:
            lg.become_leader(state.leader_epoch)
            lp = LeaderPartition(
                key[0],
                key[1],
                lg,
                state.leader_epoch,
                list(replicas),
                list(state.isr),
                version,
                state.controller_epoch,
            )
            # As Kafka's becomeLeader: followers in the ISR count as caught up now; their log
            # ends are unknown until they fetch (the high watermark waits for them).
            lp.followers = {
                r: FollowerState(caught_up_ms=now if r in state.isr else 0)
                for r in replicas
                if r != self.broker_id
            }
            self.leaders[key] = lp
            log.info("become leader", topic=key[0], partition=key[1], epoch=state.leader_epoch, isr=state.isr)
        elif version > lp.zk_version:  # the controller changed the ISR (a dead follower left)
            lp.isr, lp.zk_version, lp.controller_epoch = list(state.isr), version, state.controller_epoch
        if lp.replicas != replicas:  # a reassignment adds or removes replicas
            lp.followers = {
                r: lp.followers.get(r) or FollowerState() for r in replicas if r != self.broker_id
            }
        lp.replicas = list(replicas)
        self._update_high_watermark(lp)

    # --- the leader's side of a follower's fetch ----------------------------------------------

    def follower_fetch_error(self, topic: str, partition: int, replica_id: int) -> ErrorCode | None:
        """Why this broker cannot serve `replica_id` a replica fetch of the partition, or None."""
        lp = self.leaders.get((topic, partition))
        if lp is None:
            return ErrorCode.NOT_LEADER_OR_FOLLOWER
        if replica_id not in lp.replicas or replica_id == self.broker_id:
            return ErrorCode.NOT_LEADER_OR_FOLLOWER
        return None

    def leader_throttle(self, topic: str, partition: int, replica_id: int) -> ReplicationQuota | None:
        """The leader quota, for a follower of a partition led here that is out of the ISR."""
        lp = self.leaders.get((topic, partition))
        if lp is None or replica_id in lp.isr:
            return None
        return self.leader_quota

    def record_follower_fetch(self, topic: str, partition: int, replica_id: int, fetch_offset: int) -> None:
        """A follower asked for `fetch_offset`: it holds everything below. Advance the high
        watermark, and take it back into the ISR once it has caught up."""
        lp = self.leaders.get((topic, partition))
        if lp is None or replica_id not in lp.followers:
            return
        f = lp.followers[replica_id]
        now = now_ms()
        leader_end = lp.log.written_offset
        if fetch_offset >= leader_end:
            f.caught_up_ms = now
        elif fetch_offset >= f.leader_end_at_last_fetch:
            f.caught_up_ms = max(f.caught_up_ms, f.last_fetch_ms)
        f.log_end_offset = fetch_offset
        f.last_fetch_ms, f.leader_end_at_last_fetch = now, leader_end
        if replica_id not in lp.isr and self._may_rejoin(lp, f):
            self._change_isr(lp, [*lp.isr, replica_id], "catch up")
        self._update_high_watermark(lp)

    @staticmethod
    def _may_rejoin(lp: LeaderPartition, f: FollowerState) -> bool:
        # Kafka: at or past the high watermark, and past the start of the current leader epoch
        # (so it holds nothing of an older epoch that this leader does not).
        epoch_start = next((o for e, o in lp.log.epochs.entries if e == lp.epoch), lp.log.written_offset)
        return f.log_end_offset >= lp.log.high_watermark and f.log_end_offset >= epoch_start

    def _update_high_watermark(self, lp: LeaderPartition) -> None:
        lg = lp.log
        others = [lp.followers[r].log_end_offset for r in lp.isr if r != self.broker_id and r in lp.followers]
        lg.replicated = bool(others)
        if any(end < 0 for end in others):
            return  # a member's log end is not known yet
        lg.set_high_watermark(min([lg.written_offset, *others]))

    # --- ISR shrink and writes ---------------------------------------------------------------------

    async def _shrink_loop(self) -> None:
        interval = max(0.05, self.lag_ms / 2000)
        while True:
            await asyncio.sleep(interval)
            now = now_ms()
            for lp in list(self.leaders.values()):
                lagging = [
                    r
                    for r in lp.isr
                    if r != self.broker_id
                    and r in lp.followers
                    and now - lp.followers[r].caught_up_ms > self.lag_ms
                ]
                if lagging:
                    self._change_isr(lp, [r for r in lp.isr if r not in lagging], f"lagging {lagging}")

    def _change_isr(self, lp: LeaderPartition, isr: list[int], reason: str) -> None:
        if lp.isr_write is not None and not lp.isr_write.done():
            return  # one write at a time; the next fetch or shrink pass tries again
        lp.isr_write = asyncio.get_running_loop().create_task(self._write(lp, isr, reason))

    async def _write(self, lp: LeaderPartition, isr: list[int], reason: str) -> None:
        state = PartitionState(self.broker_id, lp.epoch, isr, lp.controller_epoch)
        try:
            version = await self._write_isr(lp.topic, lp.partition, state, lp.zk_version)
        except Exception as e:  # a newer state (the controller's): the next view brings it
            log.info(
                "retry isr change", topic=lp.topic, partition=lp.partition, error=f"{type(e).__name__}: {e}"
            )
            return
        if self.leaders.get((lp.topic, lp.partition)) is not lp:
            return
        log.info("change isr", topic=lp.topic, partition=lp.partition, old=lp.isr, new=isr, reason=reason)
        lp.isr, lp.zk_version = list(isr), version
        self._update_high_watermark(lp)

    # --- what Produce asks ------------------------------------------------------------------------

    def isr_size(self, topic: str, partition: int) -> int | None:
        lp = self.leaders.get((topic, partition))
        return len(lp.isr) if lp is not None else None

"""A follower's replica fetcher: one task per leader broker, copying its partitions (Kafka's
ReplicaFetcherThread, on one connection with the real protocol).

For each partition it follows, at each new leader epoch, it first truncates its log to where it
agrees with the leader: OffsetForLeaderEpoch for its own latest epoch gives where that epoch
ends on the leader (KIP-101, with KIP-279's refinement when the leader answers an older epoch),
and everything from there on is removed, whatever the high watermark says. Then it fetches from
its log end with Fetch requests carrying its `replica_id` and the leader epoch it follows, and
appends what comes as it is; the leader learns its position from the next fetch's offset.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from broker import logging_setup
from broker.cluster.replication_quota import ReplicationQuota
from broker.config import Config
from broker.log import Log, LogError
from broker.log.epochs import UNDEFINED_EPOCH
from broker.security.inter_broker import inter_broker_security
from client.connection import BrokerConnection, ConnectionConfig
from client.errors import KafkaError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from protocol.records import CorruptRecordError

log = logging_setup.get_logger("kbroker.replica_fetcher")

TopicPartition = tuple[str, int]
FETCH_VERSION = 12  # replica_id in the body, topics by name, leader epochs (as Kafka 2.8-3.x's fetchers)


@dataclass(slots=True)
class Followed:
    epoch: int
    log: Log
    truncated: bool = False  # truncated to the leader at this epoch
    retry_at: float = 0.0  # the leader refused it (loop time): ask again then, or at the next view
    throttled: bool = False  # listed in follower.replication.throttled.replicas for this broker
    in_sync: bool = False  # its last fetch reached the leader's high watermark: never throttled


class ReplicaFetcher:
    def __init__(
        self,
        config: Config,
        broker_id: int,
        leader_id: int,
        address: tuple[str, int],
        quota: ReplicationQuota | None = None,
    ):
        self.config = config
        self.quota = quota  # the broker's follower replication throttle, shared by its fetchers
        self.broker_id = broker_id
        self.leader_id = leader_id
        self.address = address
        self.partitions: dict[TopicPartition, Followed] = {}
        self._changed = asyncio.Event()
        self._conn: BrokerConnection | None = None
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"replica-fetcher-{leader_id}")

    def set_partitions(
        self, partitions: dict[TopicPartition, tuple[int, Log]], throttled: set[TopicPartition] | None = None
    ) -> None:
        """The partitions to follow on this leader, each at its leader epoch (those in
        `throttled` under the follower replication throttle)."""
        current = self.partitions
        self.partitions = {}
        for key, (epoch, lg) in partitions.items():
            held = current.get(key)
            if held is not None and held.epoch == epoch and held.log is lg:
                self.partitions[key] = held
            else:
                self.partitions[key] = Followed(epoch, lg)
                log.info(
                    "become follower", topic=key[0], partition=key[1], leader=self.leader_id, epoch=epoch
                )
            self.partitions[key].throttled = throttled is not None and key in throttled
        self._changed.set()

    async def stop(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await self._close()

    async def _close(self) -> None:
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await conn.close()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        backoff = self.config["replica.fetch.backoff.ms"] / 1000
        while True:
            now = loop.time()
            active = {k: f for k, f in self.partitions.items() if f.retry_at <= now}
            if not active:
                self._changed.clear()
                waits = [f.retry_at - now for f in self.partitions.values()]
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(waits) if waits else None):
                        await self._changed.wait()
                continue
            try:
                if self._conn is None or not self._conn.connected:
                    timeout_ms = self.config["replica.socket.timeout.ms"]
                    # A fetch sent into a cut link would wait replica.socket.timeout.ms, and once
                    # the link healed TCP's back-off would hold it for seconds more, the follower
                    # out of the ISR all the while: a link silent for half the lag bound is
                    # dropped and dialled again, so a follower fetches again soon after a heal.
                    dead_link_ms = min(timeout_ms, max(1000, self.config["replica.lag.time.max.ms"] // 2))
                    conn = BrokerConnection(
                        *self.address,
                        self.leader_id,
                        ConnectionConfig(
                            client_id=f"broker-{self.broker_id}-fetcher-{self.leader_id}",
                            request_timeout_ms=timeout_ms,
                            connect_timeout_ms=dead_link_ms,
                            dead_link_ms=dead_link_ms,
                            security=inter_broker_security(self.config),
                        ),
                    )
                    await conn.connect()
                    self._conn = conn
                pending = {k: f for k, f in active.items() if not f.truncated}
                if pending:
                    await self._truncate(pending)
                else:
                    await self._fetch(active)
            except asyncio.CancelledError:
                raise
            except (KafkaError, OSError, LogError, CorruptRecordError) as e:
                log.warning("fail replica fetch", leader=self.leader_id, error=f"{type(e).__name__}: {e}")
                await self._close()
                self._changed.clear()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(backoff):
                        await self._changed.wait()

    async def _truncate(self, pending: dict[TopicPartition, Followed]) -> None:
        assert self._conn is not None
        by_topic: dict[str, list[dict[str, Any]]] = {}
        for (topic, p), f in pending.items():
            by_topic.setdefault(topic, []).append(
                {"partition": p, "current_leader_epoch": f.epoch, "leader_epoch": f.log.epochs.latest_epoch}
            )
        r = await self._conn.request(
            ApiKey.OFFSET_FOR_LEADER_EPOCH,
            {
                "replica_id": self.broker_id,
                "topics": [{"topic": t, "partitions": parts} for t, parts in by_topic.items()],
            },
            max_version=4,
        )
        for t in r.topics:
            for p in t.partitions:
                held = pending.get((t.topic, p.partition))
                if held is None or self.partitions.get((t.topic, p.partition)) is not held:
                    continue  # no longer followed at this epoch
                f = held
                if p.error_code != ErrorCode.NONE:
                    self._refused(t.topic, p.partition, f, ErrorCode(p.error_code))
                    continue
                await f.log.truncate_to(self._truncation_offset(f.log, p.leader_epoch, p.end_offset))
                f.truncated = True

    @staticmethod
    def _truncation_offset(lg: Log, leader_epoch: int, end_offset: int) -> int:
        """Where this replica stops agreeing with the leader (Kafka's KIP-279 rule)."""
        if lg.epochs.latest_epoch == UNDEFINED_EPOCH:
            return lg.next_offset  # nothing of any epoch here: nothing to cut
        if leader_epoch == UNDEFINED_EPOCH or end_offset < 0:
            return min(lg.high_watermark, lg.next_offset)  # the leader knows none of our epochs
        if leader_epoch == lg.epochs.latest_epoch:
            return min(end_offset, lg.next_offset)
        # The leader's largest epoch at or below ours is older: our copy of that epoch ends
        # where our next epoch starts, and we keep only what both copies hold.
        _, ours = lg.epochs.end_offset_for(leader_epoch, lg.next_offset)
        return min(end_offset, ours if ours >= 0 else lg.next_offset)

    async def _fetch(self, active: dict[TopicPartition, Followed]) -> None:
        assert self._conn is not None
        c = self.config
        quota = self.quota
        behind = {k for k, f in active.items() if f.throttled and not f.in_sync}
        if quota is not None and behind and quota.exceeded():
            # held back until the bucket refills; the others fetch on
            active = {k: f for k, f in active.items() if k not in behind}
            if not active:
                await asyncio.sleep(quota.wait_s())
                return
        by_topic: dict[str, list[dict[str, Any]]] = {}
        asked: dict[TopicPartition, int] = {}
        for (topic, p), f in active.items():
            asked[(topic, p)] = f.log.next_offset
            by_topic.setdefault(topic, []).append(
                {
                    "partition": p,
                    "current_leader_epoch": f.epoch,
                    "fetch_offset": f.log.next_offset,
                    "last_fetched_epoch": f.log.epochs.latest_epoch,
                    "log_start_offset": f.log.log_start_offset,
                    "partition_max_bytes": self._max_bytes(f),
                }
            )
        wait_ms = c["replica.fetch.wait.max.ms"]
        body = {
            "replica_id": self.broker_id,
            "max_wait_ms": wait_ms,
            "min_bytes": c["replica.fetch.min.bytes"],
            "max_bytes": c["replica.fetch.response.max.bytes"],
            "isolation_level": 0,
            "session_id": 0,
            "session_epoch": -1,
            "topics": [{"topic": t, "partitions": parts} for t, parts in by_topic.items()],
            "forgotten_topics_data": [],
            "rack_id": "",
        }
        r = await self._conn.request(
            ApiKey.FETCH,
            body,
            max_version=FETCH_VERSION,
            timeout=(wait_ms + c["replica.socket.timeout.ms"]) / 1000,
        )
        for t in r.responses:
            for p in t.partitions:
                key = (t.topic, p.partition_index)
                held = self.partitions.get(key)
                if held is None or held is not active.get(key) or held.log.next_offset != asked[key]:
                    continue  # changed meanwhile: fetch again from where the log is now
                f = held
                if p.error_code == ErrorCode.NONE:
                    if p.records:
                        await f.log.append_as_follower(p.records)
                        if quota is not None and f.throttled and not f.in_sync:
                            quota.record(len(p.records))
                    f.in_sync = f.log.next_offset >= p.high_watermark
                    f.log.set_high_watermark(min(p.high_watermark, f.log.next_offset))
                elif p.error_code == ErrorCode.OFFSET_OUT_OF_RANGE:
                    log.warning(
                        "refetch out of range",
                        topic=t.topic,
                        partition=p.partition_index,
                        offset=asked[key],
                        leader_high_watermark=p.high_watermark,
                    )
                    f.truncated = False  # agree on the epochs again, then fetch from there
                else:
                    self._refused(t.topic, p.partition_index, f, ErrorCode(p.error_code))

    def _max_bytes(self, f: Followed) -> int:
        """A throttled replica asks for at most a second's worth at a time (at least one byte:
        the leader still sends one whole batch), so no single answer overruns the rate far."""
        most: int = self.config["replica.fetch.max.bytes"]
        if self.quota is not None and f.throttled and not f.in_sync:
            return max(1, min(most, self.quota.rate))
        return most

    def _refused(self, topic: str, partition: int, f: Followed, error: ErrorCode) -> None:
        # The leader moved on, or has not yet taken up the epoch we follow: the next view, or a
        # retry after the back-off, decides.
        f.retry_at = asyncio.get_running_loop().time() + self.config["replica.fetch.backoff.ms"] / 1000
        log.info(
            "pause replica fetch",
            topic=topic,
            partition=partition,
            leader=self.leader_id,
            epoch=f.epoch,
            error=error.name,
        )

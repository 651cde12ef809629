"""AsyncConsumer: subscribe or assign, then `async for` / `getmany()`; commits, seeks, pauses.

    async with AsyncConsumer("orders", bootstrap_servers="127.0.0.1:9092", group_id="billing",
                             auto_offset_reset="earliest") as consumer:
        async for record in consumer:
            await handle(record)          # may take longer than the session timeout

Every `getmany()` (and every refill of the `async for` iterator) is a *poll*: group rebalances
start there, so partitions are only revoked between batches the application has finished with,
and `max_poll_interval_ms` bounds the time between polls. Heartbeats run in their own task.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import re
import ssl
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from client import assignors as assignor_registry
from client.aio import wait_for
from client.cluster import ClientConfig, KafkaClient
from client.coordinator import ConsumerCoordinator, GroupConfig, RebalanceListener
from client.errors import IllegalStateError, InvalidTopicError, KafkaTimeoutError
from client.fetcher import FetchConfig, Fetcher
from client.membership import MemberState
from client.polling import PollingConsumer, check_topic_names
from client.security import SecurityConfig
from client.structs import ConsumerRecord, OffsetAndMetadata, OffsetSpec, TopicPartition
from client.subscription import ResetStrategy, SubscriptionState
from client.transactions import GroupMetadata

_ISOLATION = {"read_uncommitted": 0, "read_committed": 1}


class AsyncConsumer(PollingConsumer[ConsumerRecord]):
    def __init__(
        self,
        *topics: str,
        bootstrap_servers: str | list[str] = "127.0.0.1:9092",
        group_id: str | None = None,
        group_instance_id: str | None = None,
        client_id: str = "kbroker-consumer",
        auto_offset_reset: str = "latest",
        enable_auto_commit: bool = True,
        auto_commit_interval_ms: int = 5_000,
        session_timeout_ms: int = 45_000,
        heartbeat_interval_ms: int = 3_000,
        max_poll_interval_ms: int = 300_000,
        rebalance_timeout_ms: int | None = None,
        partition_assignment_strategy: Iterable[Any] = ("range", "cooperative-sticky"),
        max_poll_records: int = 500,
        fetch_min_bytes: int = 1,
        fetch_max_bytes: int = 52_428_800,
        fetch_max_wait_ms: int = 500,
        max_partition_fetch_bytes: int = 1_048_576,
        isolation_level: str = "read_uncommitted",
        check_crcs: bool = True,
        request_timeout_ms: int = 30_000,
        retry_backoff_ms: int = 100,
        metadata_max_age_ms: int = 300_000,
        allow_auto_create_topics: bool = True,
        exclude_internal_topics: bool = True,
        key_deserializer: Callable[[bytes | None], Any] | None = None,
        value_deserializer: Callable[[bytes | None], Any] | None = None,
        listener: RebalanceListener | None = None,
        group_protocol: str = "classic",
        group_remote_assignor: str | None = None,
        security_protocol: str = "PLAINTEXT",
        ssl_context: ssl.SSLContext | None = None,
        sasl_mechanism: str = "PLAIN",
        sasl_plain_username: str | None = None,
        sasl_plain_password: str | None = None,
    ):
        if group_protocol not in ("classic", "consumer"):
            raise ValueError("group_protocol must be 'classic' or 'consumer' (KIP-848)")
        if isolation_level not in _ISOLATION:
            raise ValueError(f"isolation_level must be one of {sorted(_ISOLATION)}")
        self.client = KafkaClient(
            ClientConfig(
                bootstrap_servers,
                client_id,
                request_timeout_ms,
                metadata_max_age_ms=metadata_max_age_ms,
                retry_backoff_ms=retry_backoff_ms,
                allow_auto_create_topics=allow_auto_create_topics,
                security=SecurityConfig(
                    security_protocol, ssl_context, sasl_mechanism, sasl_plain_username, sasl_plain_password
                ),
            )
        )
        self._subs = SubscriptionState(ResetStrategy(auto_offset_reset))
        self._fetcher = Fetcher(
            self.client,
            self._subs,
            FetchConfig(
                fetch_min_bytes,
                fetch_max_bytes,
                fetch_max_wait_ms,
                max_partition_fetch_bytes,
                _ISOLATION[isolation_level],
                check_crcs,
            ),
            key_deserializer,
            value_deserializer,
        )
        self._max_poll_records = max_poll_records
        self._wakeup = asyncio.Event()
        self.client.on_metadata(self._on_metadata)
        self._iter_buffer: collections.deque[ConsumerRecord] = collections.deque()
        self._initial_topics = topics
        self._subs.unconsumed = self._iterator_held
        self._initial_listener = listener
        self._started = self._closed = False
        self.coordinator: ConsumerCoordinator | None = None
        if group_id is not None:
            coordinator_class = ConsumerCoordinator
            extra: dict[str, Any] = {}
            if group_protocol == "consumer":
                # KIP-848: the broker assigns; ConsumerGroupHeartbeat alone (consumer_group_member.py)
                from client.consumer_group_member import ConsumerGroupMember

                coordinator_class = ConsumerGroupMember
                extra["remote_assignor"] = group_remote_assignor
            self.coordinator = coordinator_class(
                self.client,
                self._subs,
                GroupConfig(
                    group_id,
                    group_instance_id,
                    session_timeout_ms,
                    heartbeat_interval_ms,
                    max_poll_interval_ms,
                    rebalance_timeout_ms,
                    enable_auto_commit,
                    auto_commit_interval_ms,
                    exclude_internal_topics,
                ),
                assignor_registry.create(partition_assignment_strategy),
                listener,
                notify=self._notify,
                on_revoke=self._on_revoke,
                **extra,
            )
        elif topics:
            raise IllegalStateError("subscribing to topics needs a group_id; use assign() without one")
        check_topic_names(topics or ())

    # --- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        await self.client.start()
        self._fetcher.notify = self._wakeup.set
        if self.coordinator is not None:
            self._fetcher.committed_lookup = self.coordinator.offsets.fetch_committed
            self.coordinator.start()
        self._fetcher.start()
        self._started = True
        if self._initial_topics:
            self.subscribe(list(self._initial_topics), listener=self._initial_listener)

    async def close(self) -> None:
        """Commit (auto-commit), revoke, leave the group (dynamic members), disconnect."""
        if self._closed:
            return
        self._closed = True
        self._wakeup.set()
        if self.coordinator is not None and self._started:
            await self.coordinator.close()
        await self._fetcher.close()
        await self.client.close()

    async def abort(self) -> None:
        """Disconnect at once: no commit, no revocation, no LeaveGroup, as if the process had
        crashed (the group reassigns its partitions after session_timeout_ms)."""
        if self._closed:
            return
        self._closed = True
        self._wakeup.set()
        if self.coordinator is not None:
            await self.coordinator.abort()
        await self._fetcher.close()
        await self.client.close()

    def _require_group(self) -> ConsumerCoordinator:
        if self.coordinator is None:
            raise IllegalStateError("this needs a group_id")
        return self.coordinator

    # --- subscribing -------------------------------------------------------------------------

    def subscribe(
        self,
        topics: Iterable[str] = (),
        *,
        pattern: str | re.Pattern[str] | None = None,
        listener: RebalanceListener | None = None,
    ) -> None:
        """Join the group for these topics (or every topic matching `pattern`)."""
        coordinator = self._require_group()
        if listener is not None:
            coordinator.listener = listener
        if pattern is not None:
            self._subs.subscribe_pattern(pattern)
            self.client.want_all_topics(True)
            self.client.request_metadata_update()
            return
        topics = list(topics)
        if not topics:
            raise ValueError("subscribe() needs topics or a pattern")
        check_topic_names(topics)
        changed = self._subs.subscribe(topics)
        if self.client.add_topics(topics):
            self.client.request_metadata_update()
        if changed and coordinator.state is not MemberState.UNJOINED:
            coordinator.request_rejoin(f"subscription changed to {sorted(topics)}")
        self._wakeup.set()

    def assign(self, partitions: Iterable[TopicPartition]) -> None:
        """Read these partitions, without group management (commits still go to group_id, if any)."""
        tps = [TopicPartition(*tp) for tp in partitions]
        self._subs.assign_from_user(tps)
        if self.client.add_topics({tp.topic for tp in tps}):
            self.client.request_metadata_update()
        self._fetcher.wake()

    async def unsubscribe(self) -> None:
        if self.coordinator is not None and self._subs.group_managed:
            await self.coordinator.close_membership()
        self._subs.unsubscribe()
        self._fetcher.drop_buffered()
        self._iter_buffer.clear()

    def subscription(self) -> set[str]:
        return set(self._subs.subscription)

    def assignment(self) -> set[TopicPartition]:
        return self._subs.assigned()

    def _iterator_held(self) -> dict[TopicPartition, int]:
        """The first offset, per partition, of the records `async for` holds but has not yielded:
        what `commit()` commits for them (so a commit inside the loop covers what was handled)."""
        return {r.topic_partition: r.offset for r in reversed(self._iter_buffer)}

    def _notify(self) -> None:
        """The group state changed: wake a waiting getmany, and the fetcher (new partitions)."""
        self._wakeup.set()
        self._fetcher.wake()

    def _on_revoke(self, tps: Iterable[TopicPartition]) -> None:
        tps = set(tps)
        self._fetcher.drop_buffered(tps)
        self._iter_buffer = collections.deque(r for r in self._iter_buffer if r.topic_partition not in tps)

    # --- reading -----------------------------------------------------------------------------

    async def getmany(
        self, *partitions: TopicPartition, timeout_ms: float = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        """Records ready now, or the first to arrive within `timeout_ms` (a poll)."""
        self._check_open()
        want = {TopicPartition(*tp) for tp in partitions} or None
        limit = max_records or self._max_poll_records
        deadline = time.monotonic() + timeout_ms / 1000
        coordinator = self.coordinator
        # One turn of the event loop before taking anything (a cancellation here loses nothing):
        # an application that polls in a tight loop while records are buffered would otherwise
        # never let the fetcher send its fetch-ahead (nor the heartbeat task run).
        await asyncio.sleep(0)
        with coordinator.polling() if coordinator is not None else contextlib.nullcontext():
            while True:
                self._raise_invalid_topics()
                if coordinator is not None:
                    coordinator.poll()
                records = self._fetcher.take(want, limit)
                if records:
                    return records
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._closed:
                    return {}
                self._wakeup.clear()
                if self._fetcher.has_data(want) or (
                    coordinator is not None and coordinator.need_rejoin() and not coordinator.rebalancing
                ):
                    continue
                with contextlib.suppress(TimeoutError):
                    await wait_for(self._wakeup.wait(), remaining)

    def _read_topics(self) -> set[str]:
        return set(self._subs.subscription) | {tp.topic for tp in self._subs.assigned()}

    def _raise_invalid_topics(self) -> None:
        """Java's consumer throws InvalidTopicException from poll() when the metadata answer calls
        a topic it reads invalid; so does this one (else it would poll nothing forever)."""
        invalid = self.client.cluster.invalid_topics
        if invalid and (bad := sorted(invalid & self._read_topics())):
            raise InvalidTopicError(f"Invalid topics: {bad}")

    def _on_metadata(self, _changed: set[str]) -> None:
        self._fetcher.wake()  # partitions that waited for a leader can be fetched now
        if self.client.cluster.invalid_topics & self._read_topics():
            self._wakeup.set()  # a waiting poll raises at once

    async def getone(self, *partitions: TopicPartition) -> ConsumerRecord:
        return await self._one(*partitions)

    async def _poll(
        self, partitions: tuple[TopicPartition, ...], timeout_ms: float, max_records: int | None
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        return await self.getmany(*partitions, timeout_ms=timeout_ms, max_records=max_records)

    # --- positions ---------------------------------------------------------------------------

    def seek(self, partition: TopicPartition, offset: int) -> None:
        tp = TopicPartition(*partition)
        self._subs.seek(tp, offset)
        self._on_revoke([tp])  # drop what was fetched from the old position
        self._fetcher.wake()

    async def seek_to_beginning(self, *partitions: TopicPartition) -> None:
        self._reset(partitions, ResetStrategy.EARLIEST)

    async def seek_to_end(self, *partitions: TopicPartition) -> None:
        self._reset(partitions, ResetStrategy.LATEST)

    def _reset(self, partitions: Iterable[TopicPartition], strategy: ResetStrategy) -> None:
        tps = [TopicPartition(*tp) for tp in partitions] or sorted(self._subs.assigned())
        for tp in tps:
            self._subs.request_reset(tp, strategy)
        self._on_revoke(tps)
        self._fetcher.wake()

    async def seek_to_committed(self, *partitions: TopicPartition) -> dict[TopicPartition, int | None]:
        tps = [TopicPartition(*tp) for tp in partitions] or sorted(self._subs.assigned())
        committed = await self._require_group().offsets.fetch_committed(tps)
        for tp, om in committed.items():
            if om is not None:
                self.seek(tp, om.offset)
        return {tp: None if om is None else om.offset for tp, om in committed.items()}

    async def position(self, partition: TopicPartition, timeout: float = 30.0) -> int:
        """The offset of the next record this consumer will hand out for `partition`."""
        self._check_open()
        tp = TopicPartition(*partition)
        deadline = time.monotonic() + timeout
        while (position := self._subs.position(tp)) is None:
            if time.monotonic() > deadline:
                raise KafkaTimeoutError(f"no position for {tp} within {timeout}s")
            await self._fetcher.update_positions()
            if self._subs.position(tp) is None:
                await asyncio.sleep(self.client.config.retry_backoff_ms / 1000)
        return position

    def group_metadata(self) -> GroupMetadata:
        """The group, generation and member, for a transactional producer's
        send_offsets_to_transaction (Kafka's `groupMetadata()`)."""
        if self.coordinator is None:
            raise IllegalStateError("group_metadata needs a group_id")
        g = self.coordinator.generation
        return GroupMetadata(
            self.coordinator.group_id, g.generation_id, g.member_id, self.coordinator.config.group_instance_id
        )

    async def committed(self, partition: TopicPartition) -> int | None:
        """The group's committed offset for `partition` (None if there is none)."""
        self._check_open()
        tp = TopicPartition(*partition)
        om = (await self._require_group().offsets.fetch_committed([tp])).get(tp)
        return None if om is None else om.offset

    async def commit(self, offsets: Mapping[TopicPartition, int | OffsetAndMetadata] | None = None) -> None:
        """Commit `offsets` (the next offset to read, per partition), or every position consumed."""
        self._check_open()
        coordinator = self._require_group()
        if offsets is None:
            to_commit = self._subs.all_consumed()
        else:
            to_commit = {
                TopicPartition(*tp): om if isinstance(om, OffsetAndMetadata) else OffsetAndMetadata(int(om))
                for tp, om in offsets.items()
            }
        await coordinator.offsets.commit(to_commit)

    def pause(self, *partitions: TopicPartition) -> None:
        self._subs.pause(TopicPartition(*tp) for tp in partitions)

    def resume(self, *partitions: TopicPartition) -> None:
        self._subs.resume(TopicPartition(*tp) for tp in partitions)
        self._fetcher.wake()
        self._wakeup.set()

    def paused(self) -> set[TopicPartition]:
        return self._subs.paused()

    def highwater(self, partition: TopicPartition) -> int | None:
        state = self._subs.assignment.get(TopicPartition(*partition))
        return None if state is None else state.highwater

    def last_stable_offset(self, partition: TopicPartition) -> int | None:
        state = self._subs.assignment.get(TopicPartition(*partition))
        return None if state is None else state.last_stable

    # --- cluster lookups ---------------------------------------------------------------------

    async def topics(self) -> set[str]:
        self.client.want_all_topics(True)
        await self.client.refresh_metadata()
        return set(self.client.cluster.topics)

    async def partitions_for_topic(self, topic: str) -> set[int]:
        self.client.add_topics([topic])
        await self.client.wait_for(
            lambda: self.client.cluster.partition_count(topic) > 0,
            self.client.config.request_timeout_ms / 1000,
            f"metadata of {topic!r}",
        )
        return set(self.client.cluster.partitions_for(topic) or ())

    async def beginning_offsets(self, partitions: Iterable[TopicPartition]) -> dict[TopicPartition, int]:
        return await self._offsets({TopicPartition(*tp): OffsetSpec.EARLIEST for tp in partitions})

    async def end_offsets(self, partitions: Iterable[TopicPartition]) -> dict[TopicPartition, int]:
        return await self._offsets({TopicPartition(*tp): OffsetSpec.LATEST for tp in partitions})

    async def offsets_for_times(
        self, timestamps: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, int | None]:
        found = await self._offsets({TopicPartition(*tp): ts for tp, ts in timestamps.items()})
        return {tp: (off if off >= 0 else None) for tp, off in found.items()}

    async def _offsets(self, specs: dict[TopicPartition, int]) -> dict[TopicPartition, int]:
        self.client.add_topics({tp.topic for tp in specs})
        await self.client.wait_for(
            lambda: all(self.client.cluster.leader_for(tp) >= 0 for tp in specs),
            self.client.config.request_timeout_ms / 1000,
            "partition leaders",
        )
        found = await self.client.retry(lambda: self._fetcher.list_offsets(specs), what="ListOffsets")
        return {tp: offset for tp, (offset, _ts) in found.items()}

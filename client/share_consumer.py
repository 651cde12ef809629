"""AsyncShareConsumer: a KIP-932 share group member. Records are acquired, not positioned: each
member of the group gets records of the same partitions, each record goes to one member at a
time, and is done only once acknowledged.

    async with AsyncShareConsumer("orders", group_id="billing",
                                  bootstrap_servers="127.0.0.1:9092") as consumer:
        async for record in consumer:     # record.delivery_count: 1, then 2 after a release ...
            await handle(record)          # accepted when the consumer polls again (implicit)

Acknowledgement (`share_acknowledgement_mode`): "implicit" (the default) accepts what a poll
handed out when the application polls again, commits or closes; "explicit" asks for
`acknowledge(record, AcknowledgeType.ACCEPT | RELEASE | REJECT | RENEW)` for each one before the
next poll. Acknowledgements ride on the next ShareFetch, or go at once with `commit()`
(ShareAcknowledge, whose per-partition results it returns).

Fetching happens inside the poll (no fetch-ahead): a record's acquisition lock starts only when
the application asks for records, so a slow application does not hold locks on records it has
not seen. The membership (ShareGroupHeartbeat) runs in its own task (share_member.py); each
broker gets one share session (share_session.py).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ssl
import time
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from client import log as logs
from client.aio import wait_for
from client.cluster import Backoff, ClientConfig, KafkaClient
from client.errors import (
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    error_for,
)
from client.polling import PollingConsumer, check_topic_names
from client.records import iter_records
from client.security import SecurityConfig
from client.share_acknowledgements import AcknowledgementMode, Acknowledgements, AcknowledgeType
from client.share_member import ShareHeartbeat, ShareMember
from client.share_session import PartitionId, ShareSession
from client.structs import ConsumerRecord, TopicPartition
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client.share_consumer")
E = ErrorCode
_SESSION_LOST = {E.SHARE_SESSION_NOT_FOUND, E.INVALID_SHARE_SESSION_EPOCH}
_LEADER_MOVED = {
    E.NOT_LEADER_OR_FOLLOWER,
    E.UNKNOWN_TOPIC_OR_PARTITION,
    E.UNKNOWN_TOPIC_ID,
    E.FENCED_LEADER_EPOCH,
    E.LEADER_NOT_AVAILABLE,
}

__all__ = ["AcknowledgeType", "AsyncShareConsumer", "ShareConsumerRecord"]


class ShareConsumerRecord(NamedTuple):
    """A record acquired by a share consumer: ConsumerRecord's fields and its delivery count
    (1 on its first delivery, one more after each release or lock timeout)."""

    topic: str
    partition: int
    offset: int
    timestamp: int
    timestamp_type: int
    key: Any
    value: Any
    headers: tuple[tuple[str, bytes | None], ...] = ()
    leader_epoch: int = -1
    delivery_count: int = 1

    @property
    def topic_partition(self) -> TopicPartition:
        return TopicPartition(self.topic, self.partition)


def acquired_records(
    tp: TopicPartition,
    data: bytes | None,
    ranges: Iterable[Any],
    kd: Callable[[bytes | None], Any] | None = None,
    vd: Callable[[bytes | None], Any] | None = None,
    *,
    check_crc: bool = True,
) -> tuple[list[ShareConsumerRecord], list[int]]:
    """A ShareFetch partition's acquired records with their delivery counts, and the acquired
    offsets with no record (to acknowledge as gaps)."""
    counts: dict[int, int] = {}
    for r in ranges:
        for offset in range(r.first_offset, r.last_offset + 1):
            counts[offset] = r.delivery_count
    if not counts:
        return [], []
    records: list[ShareConsumerRecord] = []
    if data:
        for batch in iter_records(bytes(data), tp, min(counts), kd, vd, check_crc=check_crc):
            for rec in batch:
                n = counts.get(rec.offset)
                if n is not None:
                    records.append(_share_record(rec, n))
    seen = {r.offset for r in records}
    return records, sorted(o for o in counts if o not in seen)


def _share_record(rec: ConsumerRecord, delivery_count: int) -> ShareConsumerRecord:
    return ShareConsumerRecord(*rec, delivery_count=delivery_count)


class AsyncShareConsumer(PollingConsumer[ShareConsumerRecord]):
    def __init__(
        self,
        *topics: str,
        group_id: str,
        bootstrap_servers: str | list[str] = "127.0.0.1:9092",
        client_id: str = "kbroker-share-consumer",
        share_acknowledgement_mode: str = "implicit",
        max_poll_records: int = 500,
        fetch_min_bytes: int = 1,
        fetch_max_bytes: int = 52_428_800,
        fetch_max_wait_ms: int = 500,
        check_crcs: bool = True,
        request_timeout_ms: int = 30_000,
        retry_backoff_ms: int = 100,
        metadata_max_age_ms: int = 300_000,
        client_rack: str | None = None,
        key_deserializer: Callable[[bytes | None], Any] | None = None,
        value_deserializer: Callable[[bytes | None], Any] | None = None,
        security_protocol: str = "PLAINTEXT",
        ssl_context: ssl.SSLContext | None = None,
        sasl_mechanism: str = "PLAIN",
        sasl_plain_username: str | None = None,
        sasl_plain_password: str | None = None,
    ):
        if not group_id:
            raise ValueError("a share consumer needs a group_id")
        self.client = KafkaClient(
            ClientConfig(
                bootstrap_servers,
                client_id,
                request_timeout_ms,
                metadata_max_age_ms=metadata_max_age_ms,
                retry_backoff_ms=retry_backoff_ms,
                allow_auto_create_topics=False,
                security=SecurityConfig(
                    security_protocol, ssl_context, sasl_mechanism, sasl_plain_username, sasl_plain_password
                ),
            )
        )
        self.acks = Acknowledgements(AcknowledgementMode(share_acknowledgement_mode))
        self.member = ShareMember(group_id, rack_id=client_rack)
        self._heartbeat = ShareHeartbeat(self.client, self.member, self._on_assignment, self._on_fatal)
        self._max_poll_records = max_poll_records
        self._fetch_min_bytes = fetch_min_bytes
        self._fetch_max_bytes = fetch_max_bytes
        self._fetch_max_wait_ms = fetch_max_wait_ms
        self._check_crcs = check_crcs
        self._kd, self._vd = key_deserializer, value_deserializer
        self._assigned: set[TopicPartition] = set()
        self._pending_ids: frozenset[PartitionId] = frozenset()  # assigned ids not named yet
        self._sessions: dict[int, ShareSession] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._buffer: dict[TopicPartition, collections.deque[ShareConsumerRecord]] = {}
        self._iter_buffer: collections.deque[ShareConsumerRecord] = collections.deque()
        self._wakeup = asyncio.Event()
        self._fatal: KafkaError | None = None
        self._initial_topics = topics
        self._started = self._closed = False
        self.acquisition_lock_timeout_ms = -1  # as the last ShareFetch answer gave it
        self.acknowledgement_errors: dict[TopicPartition, KafkaError] = {}  # from piggybacked acks
        check_topic_names(topics)

    # --- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        await self.client.start()
        self.client.on_metadata(lambda _changed: self._resolve_assignment())
        self._heartbeat.start()
        self._started = True
        if self._initial_topics:
            self.subscribe(self._initial_topics)

    async def close(self) -> None:
        """Acknowledge what is owed (implicit: accept; explicit: release what is not
        acknowledged), release what was fetched and not handed out, close the share sessions
        (epoch -1), leave the group (epoch -1), disconnect."""
        if self._closed:
            return
        self._closed = True
        self._wakeup.set()
        if self._started:
            # what was fetched and never handed out goes back first, then what was handed out
            self._release_buffered(set(self._buffer) | {r.topic_partition for r in self._iter_buffer})
            if self.acks.mode is AcknowledgementMode.IMPLICIT:
                self.acks.accept_held()
            else:
                self.acks.release_held()
            with contextlib.suppress(KafkaError):
                await self._acknowledge_everywhere(final=True)
            await self._heartbeat.close()
        await self.client.close()

    def _check_open(self) -> None:
        super()._check_open()
        if self._fatal is not None:
            raise self._fatal

    def _on_fatal(self, error: KafkaError) -> None:
        self._fatal = error
        self._wakeup.set()

    # --- subscription and assignment ---------------------------------------------------------

    def subscribe(self, topics: Iterable[str]) -> None:
        """Join the share group for these topics (replacing the subscription)."""
        topics = tuple(topics)
        if not topics:
            raise ValueError("subscribe() needs topics")
        check_topic_names(topics)
        if self.client.add_topics(topics):
            self.client.request_metadata_update()
        self.member.subscribe(topics)
        self._heartbeat.wake()

    async def unsubscribe(self) -> None:
        """Leave the group: what was fetched and never handed out goes back, the acknowledgements
        owed go out, then epoch -1."""
        self.member.subscribe(())
        self._release_buffered(set(self._buffer) | {r.topic_partition for r in self._iter_buffer})
        with contextlib.suppress(KafkaError):
            await self._acknowledge_everywhere(final=False)
        await self._heartbeat.close()
        self._on_assignment(frozenset())
        self._heartbeat = ShareHeartbeat(self.client, self.member, self._on_assignment, self._on_fatal)
        self._heartbeat.start()

    def subscription(self) -> set[str]:
        return set(self.member.subscription)

    def assignment(self) -> set[TopicPartition]:
        return set(self._assigned)

    def _on_assignment(self, ids: frozenset[PartitionId]) -> None:
        self._pending_ids = ids
        self._resolve_assignment()

    def _resolve_assignment(self) -> None:
        """The assignment by name, once the metadata names its topic ids. It says where to fetch
        from, not which records are this member's: records acquired from a partition that has
        left the assignment are still this member's until their locks expire, so they are handed
        out and acknowledged as any (as Kafka's ShareConsumer does). Releasing them would deliver
        them again, with a delivery count of 2, though nobody failed to process them."""
        cluster = self.client.cluster
        names = {t: cluster.topic_name(t) for t, _ in self._pending_ids}
        if any(n is None for n in names.values()):
            self.client.request_metadata_update()
        wanted = {TopicPartition(n, p) for t, p in self._pending_ids if (n := names[t]) is not None}
        if wanted == self._assigned:
            return
        self._assigned = wanted
        self._wakeup.set()

    def _release_buffered(self, partitions: Iterable[TopicPartition]) -> None:
        partitions = list(partitions)
        for tp in partitions:
            buffered = self._buffer.pop(tp, None)
            if buffered:
                self.acks.release_undelivered(tp, (r.offset for r in buffered))
        gone = set(partitions)
        if self._iter_buffer and gone:
            # handed out by a poll but not yet yielded by `async for`: the application never saw them
            kept: collections.deque[ShareConsumerRecord] = collections.deque()
            for r in self._iter_buffer:
                if r.topic_partition in gone:
                    self.acks.held.get(r.topic_partition, set()).discard(r.offset)
                    self.acks.release_undelivered(r.topic_partition, [r.offset])
                else:
                    kept.append(r)
            self._iter_buffer = kept

    # --- acknowledging -----------------------------------------------------------------------

    def acknowledge(
        self, record: ShareConsumerRecord, kind: AcknowledgeType = AcknowledgeType.ACCEPT
    ) -> None:
        """Acknowledge a record the last poll handed out (any mode; explicit mode needs it).
        RENEW keeps the record (its lock starts again); it still needs another acknowledgement."""
        self._check_open()
        self.acks.acknowledge(record.topic_partition, record.offset, AcknowledgeType(kind))

    async def commit(self) -> dict[TopicPartition, KafkaError | None]:
        """Send the acknowledgements owed now (ShareAcknowledge; implicit mode accepts what the
        last poll handed out first): per partition, None or the error the broker gave."""
        self._check_open()
        if self.acks.mode is AcknowledgementMode.IMPLICIT:
            # (inside `async for`: what the iterator holds and has not yielded stays held)
            self.acks.accept_held(keep={(r.topic_partition, r.offset) for r in self._iter_buffer})
        return await self._acknowledge_everywhere(final=False)

    async def _acknowledge_everywhere(self, final: bool) -> dict[TopicPartition, KafkaError | None]:
        by_node: dict[int, set[TopicPartition]] = {}
        for tp in self.acks.partitions_ready():
            node = self.client.cluster.leader_for(tp)
            if node >= 0:
                by_node.setdefault(node, set()).add(tp)
        if final:
            for node, session in self._sessions.items():
                if session.open:
                    by_node.setdefault(node, set())
        results: dict[TopicPartition, KafkaError | None] = {}
        answers = await asyncio.gather(
            *(self._acknowledge(node, tps, final) for node, tps in by_node.items()), return_exceptions=True
        )
        for (node, tps), answer in zip(by_node.items(), answers, strict=True):
            if isinstance(answer, BaseException):
                if not isinstance(answer, KafkaError):
                    raise answer
                log.info("fail_acknowledge", node=node, error=str(answer))
                results.update(dict.fromkeys(tps, answer))
            else:
                results.update(answer)
        return results

    async def _acknowledge(
        self, node: int, tps: set[TopicPartition], final: bool
    ) -> dict[TopicPartition, KafkaError | None]:
        async with self._lock(node):
            session = self._session(node)
            acks = self._ack_ids(self.acks.take(tps))
            if not session.open:
                # No session to acknowledge in (the broker lost it): these acquisitions are
                # void already, their locks expire and the records are delivered again.
                return dict.fromkeys(tps, error_for(E.SHARE_SESSION_NOT_FOUND, "no share session"))
            if not acks and not final:
                return {}
            body = session.acknowledge_body(acks, self._fixed(), final=final)
            r = await self.client.send(node, ApiKey.SHARE_ACKNOWLEDGE, body)
            if r.error_code in _SESSION_LOST or final:
                session.reset()
            elif r.error_code == E.NONE:
                session.answered_acknowledge()
            if r.error_code:
                return dict.fromkeys(
                    tps, error_for(r.error_code, f"ShareAcknowledge: {r.error_message or ''}")
                )
            out: dict[TopicPartition, KafkaError | None] = {}
            for t in r.responses:
                name = self.client.cluster.topic_name(t.topic_id)
                for p in t.partitions:
                    if name is not None:
                        tp = TopicPartition(name, p.partition_index)
                        out[tp] = error_for(p.error_code, f"acknowledge {tp}") if p.error_code else None
                        if p.error_code in _LEADER_MOVED:
                            self.client.request_metadata_update()
            return out

    def _ack_ids(
        self, acks: dict[TopicPartition, list[dict[str, Any]]]
    ) -> dict[PartitionId, list[dict[str, Any]]]:
        cluster = self.client.cluster
        return {(cluster.topic_id(tp.topic), tp.partition): batches for tp, batches in acks.items()}

    # --- reading -----------------------------------------------------------------------------

    async def getmany(
        self, timeout_ms: float = 0, max_records: int | None = None
    ) -> dict[TopicPartition, list[ShareConsumerRecord]]:
        """Records acquired for this member now, or the first to come within `timeout_ms` (a
        poll: implicit mode accepts what the previous poll handed out)."""
        self._check_open()
        self.acks.poll()
        limit = max_records or self._max_poll_records
        deadline = time.monotonic() + timeout_ms / 1000
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        while True:
            self._check_open()
            if self._buffered():
                return self._take(limit)
            remaining = deadline - time.monotonic()
            if not self._assigned:
                if remaining <= 0:
                    return {}
                self._wakeup.clear()
                with contextlib.suppress(TimeoutError):
                    await wait_for(self._wakeup.wait(), remaining)
                continue
            wait_ms = int(max(0.0, min(remaining * 1000, self._fetch_max_wait_ms)))
            try:
                await self._fetch_all(limit, wait_ms)
            except KafkaError as e:
                if not e.retriable and not isinstance(e, KafkaConnectionError):
                    raise
                log.info("fail_share_fetch", group=self.member.group_id, error=str(e))
                await asyncio.sleep(min(backoff.next_delay(), max(0.0, remaining)))
            if not self._buffered() and time.monotonic() >= deadline:
                return {}

    def _buffered(self) -> bool:
        return any(self._buffer.values())

    def _take(self, limit: int) -> dict[TopicPartition, list[ShareConsumerRecord]]:
        out: dict[TopicPartition, list[ShareConsumerRecord]] = {}
        for tp, records in self._buffer.items():
            while records and limit > 0:
                out.setdefault(tp, []).append(records.popleft())
                limit -= 1
        for tp, taken in out.items():
            self.acks.delivered(tp, (r.offset for r in taken))
        return out

    async def _fetch_all(self, limit: int, wait_ms: int) -> None:
        cluster = self.client.cluster
        by_node: dict[int, set[TopicPartition]] = {}
        for tp in self._assigned:
            node = cluster.leader_for(tp)
            if node < 0:
                self.client.request_metadata_update()
                continue
            by_node.setdefault(node, set()).add(tp)
        if not by_node:
            await self.client.refresh_metadata()
            return
        # acknowledgements for partitions no longer assigned (or led elsewhere now) go alone
        stray = {tp for tp in self.acks.partitions_ready() if tp not in self._assigned}
        if stray:
            with contextlib.suppress(KafkaError):
                await self._acknowledge_everywhere_for(stray)
        results = await asyncio.gather(
            *(self._fetch(node, tps, limit, wait_ms) for node, tps in by_node.items()), return_exceptions=True
        )
        for result in results:
            if isinstance(result, BaseException):
                raise result

    async def _acknowledge_everywhere_for(self, tps: set[TopicPartition]) -> None:
        by_node: dict[int, set[TopicPartition]] = {}
        for tp in tps:
            node = self.client.cluster.leader_for(tp)
            if node >= 0:
                by_node.setdefault(node, set()).add(tp)
        await asyncio.gather(*(self._acknowledge(n, t, final=False) for n, t in by_node.items()))

    def _fixed(self) -> dict[str, Any]:
        return {"group_id": self.member.group_id, "member_id": self.member.member_id}

    def _session(self, node: int) -> ShareSession:
        session = self._sessions.get(node)
        if session is None:
            session = self._sessions[node] = ShareSession(node)
        return session

    def _lock(self, node: int) -> asyncio.Lock:
        lock = self._locks.get(node)
        if lock is None:
            lock = self._locks[node] = asyncio.Lock()
        return lock

    async def _fetch(self, node: int, tps: set[TopicPartition], limit: int, wait_ms: int) -> None:
        cluster = self.client.cluster
        async with self._lock(node):
            if not self.member.joined:
                # The broker serves a member it knows: wait for the join (the heartbeat task).
                await asyncio.sleep(min(0.05, wait_ms / 1000))
                return
            session = self._session(node)
            ids = {(cluster.topic_id(tp.topic), tp.partition): tp for tp in tps}
            acks = self._ack_ids(self.acks.take(tps))
            fixed = {
                **self._fixed(),
                "max_wait_ms": wait_ms,
                "min_bytes": self._fetch_min_bytes,
                "max_bytes": self._fetch_max_bytes,
                "max_records": limit,
                "batch_size": limit,
                "share_acquire_mode": 0,
            }
            body = session.fetch_body(set(ids), acks, fixed)
            timeout = self.client.config.request_timeout_ms / 1000 + wait_ms / 1000
            r = await self.client.send(node, ApiKey.SHARE_FETCH, body, timeout=timeout)
            if r.error_code in _SESSION_LOST or r.error_code == E.UNKNOWN_MEMBER_ID:
                # (UNKNOWN_MEMBER_ID: the leader does not know the member yet, or any more; the
                # heartbeat task joins it again) The acquisitions are void either way.
                log.info(
                    "lose_share_session", node=node, epoch=session.epoch, error=ErrorCode(r.error_code).name
                )
                session.reset()
                for tp in tps:
                    self.acks.forget(tp)
                await asyncio.sleep(min(0.1, wait_ms / 1000))
                return
            if r.error_code:
                raise error_for(r.error_code, f"ShareFetch: {r.error_message or ''}")
            session.answered_fetch(set(ids), acks)
            self.acquisition_lock_timeout_ms = r.acquisition_lock_timeout_ms
            for t in r.responses:
                name = cluster.topic_name(t.topic_id)
                if name is None:
                    continue
                for p in t.partitions:
                    self._handle_partition(TopicPartition(name, p.partition_index), p)

    def _handle_partition(self, tp: TopicPartition, p: Any) -> None:
        if p.acknowledge_error_code:
            error = error_for(p.acknowledge_error_code, f"acknowledge {tp}")
            self.acknowledgement_errors[tp] = error
            log.info("fail_acknowledge", partition=str(tp), error=str(error))
        if p.error_code:
            if p.error_code in _LEADER_MOVED:
                self.client.request_metadata_update()
            log.info("fail_share_fetch_partition", partition=str(tp), error=ErrorCode(p.error_code).name)
            return
        records, gaps = acquired_records(
            tp, p.records, p.acquired_records, self._kd, self._vd, check_crc=self._check_crcs
        )
        if gaps:
            self.acks.gaps(tp, gaps)
        # (even if the partition left the assignment while the fetch was out: see
        # _resolve_assignment; its acknowledgements then go by ShareAcknowledge)
        if records:
            self._buffer.setdefault(tp, collections.deque()).extend(records)

    async def getone(self) -> ShareConsumerRecord:
        return await self._one()

    async def _poll(
        self, _partitions: tuple[TopicPartition, ...], timeout_ms: float, max_records: int | None
    ) -> dict[TopicPartition, list[ShareConsumerRecord]]:
        return await self.getmany(timeout_ms=timeout_ms, max_records=max_records)

    async def wait_for_assignment(self, timeout: float = 30.0) -> set[TopicPartition]:
        """Wait until the group assigns this member some partitions (tests, tools)."""
        deadline = time.monotonic() + timeout
        while not self._assigned or not self.member.joined:
            self._check_open()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise KafkaTimeoutError(
                    f"no assignment from share group {self.member.group_id!r} within {timeout}s"
                )
            self._wakeup.clear()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._wakeup.wait(), min(remaining, 0.1))
        return set(self._assigned)

    @property
    def member_id(self) -> str:
        return self.member.member_id

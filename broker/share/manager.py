"""The share-partitions this broker leads, and the share sessions of their consumers (Kafka's
SharePartitionManager): ShareFetch and ShareAcknowledge come here once the handler has checked
the request (broker/apis/share_fetch.py, share_acknowledge.py).

A share-partition is loaded through the Persister on its first use on this leader (initialized,
applying share.auto.offset.reset, if it never was); every acknowledgement, release, expired lock
and start-offset move is written through it before the request that caused it is answered
(expired locks: in the background). The state machine itself is pure: broker/share/partition.py.
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from broker import logging_setup
from broker.group.watch import GroupWatch
from broker.log import Log, LogError
from broker.share import watch as share_watch
from broker.share.partition import (
    AcknowledgementBatch,
    AcquiredRecords,
    DeadReason,
    FetchedBatch,
    SharePartition,
    SharePartitionConfig,
    Update,
)
from broker.share.persister import PartitionKey, Persister, PersisterError, ShareState
from broker.share.session import ShareSession, ShareSessionCache
from protocol.errors import ErrorCode
from protocol.records import iter_batches

log = logging_setup.get_logger("kbroker.share")

READ_COMMITTED = "read_committed"
# ISO 8601 durations as Java's Duration.parse reads them: letters in either case
_DURATION = re.compile(r"P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?", re.IGNORECASE)


def now_ms() -> int:
    return int(time.monotonic() * 1000)


@dataclass(frozen=True, slots=True)
class GroupSettings:
    """A share group's settings: Kafka 4.2's group configs (share.*), else the broker's defaults."""

    partition: SharePartitionConfig = field(default_factory=SharePartitionConfig)
    auto_offset_reset: str = "latest"  # latest, earliest, by_duration:<ISO 8601 duration>
    isolation_level: str = "read_uncommitted"


@dataclass(slots=True)
class LedSharePartition:
    """A share-partition this broker leads: its state machine, where its records are, and what
    its writes to the persister need."""

    key: PartitionKey
    topic: str
    log: Log
    share: SharePartition
    state_epoch: int
    leader_epoch: int
    read_committed: bool
    # Updates not yet written, in the order of the changes they carry (a later one may overwrite
    # an earlier one's offsets, so they go out one by one, in that order), with their waiters.
    pending: deque[tuple[Update, asyncio.Future[ErrorCode]]] = field(default_factory=deque)
    writer: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    timer_at: int = 0


# Who writes the records archived as rejected or at the delivery count limit to the group's
# dead-letter topic, once the archive is durable (KIP-1191: broker/share/dead_letter.py).
DeadLetterSink = Callable[["LedSharePartition", dict[int, tuple[DeadReason, int]]], Awaitable[None]]


@dataclass(slots=True)
class FetchedPartition:
    acquired: list[AcquiredRecords]
    records: bytes
    error: ErrorCode = ErrorCode.NONE


def parse_duration_ms(text: str) -> int | None:
    """An ISO 8601 duration (PnDTnHnMnS) in milliseconds, as share.auto.offset.reset's
    by_duration takes it; None if it is not one."""
    m = _DURATION.fullmatch(text.strip())
    if not m or not any(m.groups()):
        return None
    days, hours, minutes, seconds = (float(g) if g else 0.0 for g in m.groups())
    return int((((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000)


class SharePartitionManager:
    def __init__(
        self,
        persister: Persister,
        defaults: SharePartitionConfig | None = None,
        max_sessions: int = 2000,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.persister = persister
        self.defaults = defaults or SharePartitionConfig()
        self.sessions = ShareSessionCache(max_sessions)
        self.clock = clock
        # share.* group configs set for a group (as IncrementalAlterConfigs on a GROUP would)
        self.group_configs: dict[str, dict[str, str]] = {}
        self.partitions: dict[PartitionKey, LedSharePartition] = {}
        self._loading: dict[PartitionKey, asyncio.Future[LedSharePartition]] = {}
        self._waiters: set[asyncio.Future[None]] = set()  # fetches waiting for available records
        self._tasks: set[asyncio.Task[Any]] = set()
        self.stopping = False
        # Who watches the share groups' records (the broker gives its groups' watch: /group-events).
        self.watch = GroupWatch()
        self.dead_letters: DeadLetterSink | None = None  # the broker sets it

    @classmethod
    def from_config(cls, config: Any, persister: Persister) -> SharePartitionManager:
        return cls(
            persister,
            SharePartitionConfig(
                lock_duration_ms=config["group.share.record.lock.duration.ms"],
                delivery_count_limit=config["group.share.delivery.count.limit"],
                max_record_locks=config["group.share.partition.max.record.locks"],
            ),
            max_sessions=config["group.share.max.share.sessions"],
        )

    def settings(self, group_id: str) -> GroupSettings:
        c = self.group_configs.get(group_id, {})
        d = self.defaults
        return GroupSettings(
            SharePartitionConfig(
                lock_duration_ms=int(c.get("share.record.lock.duration.ms", d.lock_duration_ms)),
                delivery_count_limit=int(c.get("share.delivery.count.limit", d.delivery_count_limit)),
                max_record_locks=int(c.get("share.partition.max.record.locks", d.max_record_locks)),
            ),
            c.get("share.auto.offset.reset", "latest").strip().lower(),
            c.get("share.isolation.level", "read_uncommitted"),
        )

    # -- loading ------------------------------------------------------------------------------

    async def entry(
        self, group_id: str, topic_id: uuid.UUID, topic: str, partition: int, lg: Log
    ) -> LedSharePartition:
        """The share-partition, read from the persister on its first use here, and again when
        this broker leads the partition anew (a new leader epoch, a new log)."""
        key = PartitionKey(group_id, topic_id.bytes, partition)
        entry = self.partitions.get(key)
        if entry is not None:
            if entry.log is lg and _current(entry):
                return entry
            self.drop(entry)
        loading = self._loading.get(key)
        if loading is None:
            loading = self._loading[key] = asyncio.ensure_future(self._load(key, topic, lg, lg.leader_epoch))
            loading.add_done_callback(lambda _: self._loading.pop(key, None))
        return await asyncio.shield(loading)

    async def _load(self, key: PartitionKey, topic: str, lg: Log, leader_epoch: int) -> LedSharePartition:
        settings = self.settings(key.group_id)
        try:
            state: ShareState | None = await self.persister.read(key, leader_epoch)
        except PersisterError as e:
            if e.error != ErrorCode.UNKNOWN_TOPIC_OR_PARTITION:
                raise
            state = None
        if state is None or state.start_offset < 0:
            offset = await self._reset_offset(lg, settings.auto_offset_reset)
            if state is None:
                await self.persister.initialize(key, 0, offset)
                state = ShareState(0, offset, leader_epoch)
            else:
                await self.persister.write(key, state.state_epoch, leader_epoch, offset, ())
                state = replace(state, start_offset=offset)
        share = SharePartition.from_state(state, settings.partition)
        entry = LedSharePartition(
            key,
            topic,
            lg,
            share,
            state.state_epoch,
            leader_epoch,
            settings.isolation_level == READ_COMMITTED,
        )
        if share.start_offset < lg.log_start_offset:
            await self._write(entry, share.move_start(lg.log_start_offset))
        self.partitions[key] = entry
        log.info(
            "load share partition",
            group=key.group_id,
            topic=topic,
            partition=key.partition,
            start_offset=share.start_offset,
            end_offset=share.end_offset,
        )
        return entry

    @staticmethod
    async def _reset_offset(lg: Log, reset: str) -> int:
        if reset == "earliest":
            return lg.log_start_offset
        if reset.startswith("by_duration:"):
            duration = parse_duration_ms(reset.removeprefix("by_duration:"))
            if duration is not None:
                found = await lg.offset_for_timestamp(int(time.time() * 1000) - duration)
                if found is not None:
                    return found[0]
        return lg.high_watermark

    # -- acknowledging ------------------------------------------------------------------------

    async def acknowledge(
        self, entry: LedSharePartition, member_id: str, batches: Sequence[AcknowledgementBatch], renew: bool
    ) -> ErrorCode:
        """All of it or nothing; answered once durable."""
        error, update = entry.share.acknowledge(member_id, batches, self.clock(), renew)
        if error != ErrorCode.NONE:
            return error
        if self.watch.listeners:
            share_watch.acknowledged(self.watch, entry, member_id, batches, update)
        if renew:
            self._arm(entry)
        if update.changed:
            self._wake()
        return await self._write(entry, update)

    async def release_session(self, session: ShareSession) -> None:
        """A closed session's records go back at once (Kafka's releaseSession)."""
        if self.sessions.get(session.group_id, session.member_id) is session:
            self.sessions.remove(session.group_id, session.member_id)
        for topic_id, partition in list(session.partitions):
            entry = self.partitions.get(PartitionKey(session.group_id, topic_id.bytes, partition))
            if entry is None:
                continue
            update = entry.share.release_member(session.member_id)
            if update.changed and self.watch.listeners:
                share_watch.released(self.watch, entry, session.member_id, update)
            if update:
                self._wake()
                await self._write(entry, update)

    def connection_closed(self, peer: str) -> None:
        """A share session ends with the connection it was last used on (as Kafka's
        ShareSessionCache): its member's records are released."""
        if not self.sessions.sessions or self.stopping:
            return
        for session in self.sessions.of_connection(peer):
            self._spawn(self.release_session(session))

    # -- fetching -----------------------------------------------------------------------------

    async def acquire(
        self,
        entry: LedSharePartition,
        member_id: str,
        max_records: int,
        max_bytes: int,
        whole_batches: bool = False,
    ) -> FetchedPartition:
        """Acquire for the member what it may have of the partition now (possibly nothing)."""
        share = entry.share
        if not share.can_acquire():
            return FetchedPartition([], b"")
        lg = entry.log
        if share.start_offset < lg.log_start_offset:
            await self._write(entry, share.move_start(lg.log_start_offset))
        offset = share.next_fetch_offset()
        try:
            result = await lg.read(offset, max_bytes, read_committed=entry.read_committed)
        except LogError as e:
            return FetchedPartition([], b"", e.error_code)
        data = result.records
        if not data:
            return FetchedPartition([], b"")
        assert isinstance(data, bytes)  # read with copy
        headers = list(iter_batches(data))
        aborted = []
        if entry.read_committed and any(h.is_transactional for _, h in headers):
            aborted = lg.aborted_transactions(headers[0][1].base_offset, headers[-1][1].last_offset + 1)
        batches = [
            FetchedBatch(
                h.base_offset,
                h.last_offset,
                h.is_control
                or any(
                    a.producer_id == h.producer_id and a.first_offset <= h.base_offset <= a.last_offset
                    for a in aborted
                    if h.is_transactional
                ),
            )
            for _, h in headers
        ]
        acquired, update = share.acquire(member_id, batches, max_records, self.clock(), whole_batches)
        if update.moved:
            self._write(entry, update)  # in the background: no request waits on it
        if not acquired:
            return FetchedPartition([], b"")
        if self.watch.listeners:
            share_watch.acquired(self.watch, entry, member_id, acquired)
        self._arm(entry)
        # Only the batches that hold acquired records go back.
        chunks = []
        for pos, h in headers:
            if any(a.first_offset <= h.last_offset and h.base_offset <= a.last_offset for a in acquired):
                chunks.append(data[pos : pos + h.size])
        return FetchedPartition(acquired, b"".join(chunks))

    async def wait_for_records(self, logs: Sequence[Log], deadline: float) -> None:
        """Until a log grows, records become available again, or the (monotonic) deadline."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return
        loop = asyncio.get_running_loop()
        woken: asyncio.Future[None] = loop.create_future()
        for lg in logs:
            lg.add_waiter(woken)
        self._waiters.add(woken)
        timer = loop.call_later(remaining, _wake, woken)
        try:
            await woken
        finally:
            timer.cancel()
            self._waiters.discard(woken)
            for lg in logs:
                lg.remove_waiter(woken)

    # -- locks and writes ---------------------------------------------------------------------

    def _arm(self, entry: LedSharePartition) -> None:
        deadline = entry.share.next_deadline()
        if deadline is None:
            return
        if entry.timer is not None and entry.timer_at <= deadline:
            return
        if entry.timer is not None:
            entry.timer.cancel()
        delay = max(0.0, (deadline - self.clock()) / 1000)
        entry.timer = asyncio.get_running_loop().call_later(delay, self._expire, entry)
        entry.timer_at = deadline

    def _expire(self, entry: LedSharePartition) -> None:
        entry.timer = None
        if not _current(entry):  # another leader has the share-partition now: not ours to write
            self.drop(entry)
            return
        update = entry.share.expire(self.clock())
        if update.changed:
            log.debug(
                "expire share locks",
                group=entry.key.group_id,
                topic=entry.topic,
                partition=entry.key.partition,
                records=len(update.changed),
            )
            if self.watch.listeners:
                share_watch.expired(self.watch, entry, update)
            self._wake()
        if update:
            self._write(entry, update)  # in the background: no request waits on it
        self._arm(entry)

    def _write(self, entry: LedSharePartition, update: Update) -> asyncio.Future[ErrorCode]:
        """Queue the update for the persister, at once (so that writes keep the order of the
        changes); the future is done once it is durable, with the persister's error if any."""
        done: asyncio.Future[ErrorCode] = asyncio.get_running_loop().create_future()
        if not update:
            done.set_result(ErrorCode.NONE)
            return done
        if self.stopping:  # the persister may be gone: nothing is written any more
            done.set_result(ErrorCode.COORDINATOR_NOT_AVAILABLE)
            return done
        entry.pending.append((update, done))
        if entry.writer is None or entry.writer.done():
            entry.writer = asyncio.ensure_future(self._writes(entry))
            self._tasks.add(entry.writer)
            entry.writer.add_done_callback(self._tasks.discard)
        return done

    async def _writes(self, entry: LedSharePartition) -> None:
        while entry.pending:
            update, done = entry.pending[0]
            try:
                await self.persister.write(
                    entry.key, entry.state_epoch, entry.leader_epoch, update.start_offset, update.batches()
                )
            except PersisterError as e:
                # The durable state is the truth: the share-partition is read again on next use,
                # and what was queued behind this update is refused with it.
                log.warning(
                    "fail share state write",
                    group=entry.key.group_id,
                    topic=entry.topic,
                    partition=entry.key.partition,
                    error=e.error.name,
                )
                self.drop(entry)
                for _, waiter in entry.pending:
                    if not waiter.done():
                        waiter.set_result(e.error)
                entry.pending.clear()
                return
            entry.pending.popleft()
            if not done.done():
                done.set_result(ErrorCode.NONE)
            if entry.share.settle(update):
                self._wake()  # released records may be acquired now
            if update.dead and self.dead_letters is not None and not self.stopping:
                dead = {o: (reason, update.changed[o][1]) for o, reason in update.dead.items()}
                self._spawn(self.dead_letters(entry, dead))

    def drop(self, entry: LedSharePartition) -> None:
        if self.partitions.get(entry.key) is entry:
            del self.partitions[entry.key]
        if entry.timer is not None:
            entry.timer.cancel()
            entry.timer = None

    def _wake(self) -> None:
        for w in list(self._waiters):
            _wake(w)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Before the persister stops: what is queued is written, then nothing more (a broker
        that stops does not release its members' locks: as after a crash, the next leader finds
        what was acquired AVAILABLE, with the delivery counts written)."""
        self.stopping = True
        for entry in list(self.partitions.values()):
            if entry.timer is not None:
                entry.timer.cancel()
                entry.timer = None
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self._wake()


def _current(entry: LedSharePartition) -> bool:
    lg = entry.log
    return lg.is_leader and not lg.deleted and lg.leader_epoch == entry.leader_epoch


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)

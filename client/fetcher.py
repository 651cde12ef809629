"""The consumer's fetcher: positions resolved (committed offset or reset), one Fetch in flight
per broker, answers buffered per partition until the application takes them.

Each partition may have one answer buffered ahead of the one being handed out, so the next answer
is on its way while the application works through the current one.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from client import log as logs
from client.aio import wait_for
from client.cluster import KafkaClient
from client.errors import (
    METADATA_ERRORS,
    KafkaError,
    NoOffsetForPartitionError,
    OffsetOutOfRangeError,
    error_for,
)
from client.metadata import ZERO_UUID
from client.offsets import list_offsets_body, list_offsets_result
from client.records import CorruptRecordsError, fetch_end, iter_records
from client.structs import ConsumerRecord, OffsetAndMetadata, OffsetSpec, TopicPartition
from client.subscription import ResetStrategy, SubscriptionState
from client.versions import TOPIC_ID_VERSIONS
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client.fetcher")

_FETCH_AHEAD = 2  # completed fetches buffered per partition: one being taken, one fetched ahead

CommittedLookup = Callable[[list[TopicPartition]], Awaitable[dict[TopicPartition, OffsetAndMetadata | None]]]


@dataclass(slots=True)
class FetchConfig:
    fetch_min_bytes: int = 1
    fetch_max_bytes: int = 52_428_800
    fetch_max_wait_ms: int = 500
    max_partition_fetch_bytes: int = 1_048_576
    isolation_level: int = 0  # 0 read_uncommitted, 1 read_committed
    check_crcs: bool = True


class CompletedFetch:
    """The records of one partition from one Fetch answer, decoded a batch at a time as the
    application takes them (so the next fetch is on the wire while this one is decoded)."""

    __slots__ = ("_batches", "_pending", "_index", "_error", "position", "next_offset", "done")

    def __init__(self, batches: Iterator[list[ConsumerRecord]], position: int, next_offset: int):
        self._batches = batches
        self._pending: list[ConsumerRecord] = []
        self._index = 0
        self.position = position  # the next offset to hand out from here
        self.next_offset = next_offset  # the fetch offset after all of it (past control batches, gaps)
        self.done = False
        self._error: CorruptRecordsError | None = None

    def take(self, budget: int) -> list[ConsumerRecord]:
        """Up to `budget` records; raises CorruptRecordsError at a bad batch (after handing out
        the good records before it)."""
        if self._error is not None:
            raise self._error
        out: list[ConsumerRecord] = []
        while budget > 0:
            if self._index >= len(self._pending):
                try:
                    batch = next(self._batches, None)
                except CorruptRecordsError as e:
                    if not out:
                        raise
                    self._error = e
                    break
                if batch is None:
                    self.done = True
                    break
                self._pending, self._index = batch, 0
            if self._index == 0 and len(self._pending) <= budget:
                chunk = self._pending
            else:
                chunk = self._pending[self._index : self._index + budget]
            self._index += len(chunk)
            budget -= len(chunk)
            out += chunk
        if out:
            self.position = out[-1].offset + 1
        if self.done:
            self.position = max(self.position, self.next_offset)
        return out


class Fetcher:
    def __init__(
        self,
        client: KafkaClient,
        subscriptions: SubscriptionState,
        config: FetchConfig,
        key_deserializer: Callable[[bytes | None], Any] | None = None,
        value_deserializer: Callable[[bytes | None], Any] | None = None,
    ):
        self.client = client
        self.subs = subscriptions
        self.config = config
        self.key_deserializer, self.value_deserializer = key_deserializer, value_deserializer
        self.committed_lookup: CommittedLookup | None = None
        self.notify: Callable[[], None] = lambda: None  # called when records (or an error) arrive
        self._wake = asyncio.Event()
        self._buffer: dict[TopicPartition, collections.deque[CompletedFetch]] = {}
        self._in_flight: dict[int, asyncio.Task[Any]] = {}
        self._errors: list[KafkaError] = []
        self._task: asyncio.Task[Any] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="kafka-fetcher")

    async def close(self) -> None:
        tasks = [t for t in (self._task, *self._in_flight.values()) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t

    def wake(self) -> None:
        self._wake.set()

    # --- what the consumer takes -------------------------------------------------------------

    def drop_buffered(self, partitions: Iterable[TopicPartition] | None = None) -> None:
        for tp in list(self._buffer) if partitions is None else partitions:
            self._buffer.pop(tp, None)

    def take(
        self, partitions: set[TopicPartition] | None, max_records: int
    ) -> dict[TopicPartition, list[ConsumerRecord]]:
        """Up to `max_records` buffered records (of `partitions` only, if given); positions advance."""
        if self._errors:
            error, self._errors = self._errors[0], self._errors[1:]
            raise error
        out: dict[TopicPartition, list[ConsumerRecord]] = {}
        budget = max_records
        for tp in list(self._buffer):
            if budget <= 0:
                break
            if partitions is not None and tp not in partitions:
                continue
            queue = self._buffer[tp]
            state = self.subs.assignment.get(tp)
            if state is None or state.pending_revocation or state.position != queue[0].position:
                del self._buffer[tp]  # revoked, or the application seeked elsewhere
                self._wake.set()
                continue
            if state.paused:
                continue
            taken: list[ConsumerRecord] = []
            while queue and budget > 0:
                fetch = queue[0]
                try:
                    records = fetch.take(budget)
                except CorruptRecordsError as e:
                    del self._buffer[tp]  # the next fetch starts at the bad batch and fails there again
                    self._raise_later(e)
                    break
                budget -= len(records)
                taken += records
                state.position = fetch.position
                if not fetch.done:
                    break
                queue.popleft()
                self._wake.set()  # room to fetch ahead again
            if tp not in self._buffer:
                if taken:
                    out[tp] = taken
                continue
            if taken:
                out[tp] = taken
            del self._buffer[tp]
            if queue:  # fairness: a partition that just gave records goes to the back of the line
                self._buffer[tp] = queue
        return out

    def has_data(self, partitions: set[TopicPartition] | None = None) -> bool:
        """Whether `take` would hand out something (records or an error) now."""
        if self._errors:
            return True
        for tp in self._buffer:
            state = self.subs.assignment.get(tp)
            if (partitions is None or tp in partitions) and state is not None and not state.paused:
                return True
        return False

    # --- the fetch loop ----------------------------------------------------------------------

    async def _run(self) -> None:
        backoff = self.client.config.retry_backoff_ms / 1000
        while True:
            self._wake.clear()
            try:
                await self.update_positions()
            except KafkaError as e:
                if isinstance(e, NoOffsetForPartitionError | OffsetOutOfRangeError):
                    self._raise_later(e)
                else:
                    log.debug("fail_update_positions", error=str(e))
                    await asyncio.sleep(backoff)
                    self._wake.set()
            waiting_for_leader = self._send_fetches()
            timeout = backoff if waiting_for_leader or self.subs.missing_positions() else None
            with contextlib.suppress(TimeoutError):
                await wait_for(self._wake.wait(), timeout)

    def _raise_later(self, error: KafkaError) -> None:
        self._errors.append(error)
        self.notify()

    def _send_fetches(self) -> bool:
        """Start a Fetch to every broker that leads fetchable partitions and has none in flight;
        whether some partition waits for a leader."""
        cluster = self.client.cluster
        by_node: dict[int, list[TopicPartition]] = {}
        waiting = False
        for tp in self.subs.fetchable():
            if len(self._buffer.get(tp, ())) >= _FETCH_AHEAD:
                continue
            leader = cluster.leader_for(tp)
            if leader < 0:
                waiting = True
                self.client.add_topics([tp.topic])
                self.client.request_metadata_update()
                continue
            if leader not in self._in_flight:
                by_node.setdefault(leader, []).append(tp)
        for node, tps in by_node.items():
            task = asyncio.get_running_loop().create_task(self._fetch(node, tps), name=f"kafka-fetch-{node}")
            self._in_flight[node] = task
            task.add_done_callback(functools.partial(_drop_task_argument, self._fetch_done, node))
        return waiting

    def _fetch_done(self, node: int) -> None:
        self._in_flight.pop(node, None)
        self._wake.set()

    async def _fetch(self, node: int, tps: list[TopicPartition]) -> None:
        cluster = self.client.cluster
        sent: dict[TopicPartition, int] = {}
        topics: dict[str, list[dict[str, Any]]] = {}
        for tp in tps:
            state = self.subs.assignment.get(tp)
            if state is None or state.position is None:
                continue
            sent[tp] = offset = self._next_fetch_offset(tp, state.position)
            topics.setdefault(tp.topic, []).append(
                {
                    "partition": tp.partition,
                    "current_leader_epoch": -1,
                    "fetch_offset": offset,
                    "last_fetched_epoch": -1,
                    "log_start_offset": -1,
                    "partition_max_bytes": self.config.max_partition_fetch_bytes,
                }
            )
        if not sent:
            return
        ids = {t: cluster.topic_id(t) for t in topics}
        max_version = (
            None if all(i != ZERO_UUID for i in ids.values()) else TOPIC_ID_VERSIONS[ApiKey.FETCH] - 1
        )
        body = {
            "replica_id": -1,
            "max_wait_ms": self.config.fetch_max_wait_ms,
            "min_bytes": self.config.fetch_min_bytes,
            "max_bytes": self.config.fetch_max_bytes,
            "isolation_level": self.config.isolation_level,
            "session_id": 0,
            "session_epoch": -1,
            "topics": [{"topic": t, "topic_id": ids[t], "partitions": ps} for t, ps in topics.items()],
            "forgotten_topics_data": [],
            "rack_id": "",
        }
        timeout = self.client.config.request_timeout_ms / 1000 + self.config.fetch_max_wait_ms / 1000
        try:
            version, response = await self.client.send_versioned(
                node, ApiKey.FETCH, body, max_version=max_version, timeout=timeout
            )
        except KafkaError as e:
            log.debug("fail_fetch", node=node, error=str(e))
            await asyncio.sleep(self.client.config.retry_backoff_ms / 1000)
            return
        if response.error_code:
            log.debug("fail_fetch", node=node, error=ErrorCode(response.error_code).name)
            return
        got_data = False
        for topic in response.responses:
            name = topic.topic if version < 13 else cluster.topic_name(topic.topic_id)
            if name is None:
                continue
            for p in topic.partitions:
                tp = TopicPartition(name, p.partition_index)
                if tp in sent and self._handle_partition(tp, sent[tp], p):
                    got_data = True
        if got_data:
            self.notify()

    def _handle_partition(self, tp: TopicPartition, fetch_offset: int, p: Any) -> bool:
        state = self.subs.assignment.get(tp)
        if (
            state is None
            or state.position is None
            or state.pending_revocation
            or self._next_fetch_offset(tp, state.position) != fetch_offset
        ):
            return False  # revoked or seeked while the fetch was out
        error = p.error_code
        if error and tp in self._buffer:
            return False  # a fetch ahead failed: it is asked again once the buffer is taken
        if error == ErrorCode.OFFSET_OUT_OF_RANGE:
            if self.subs.default_reset is ResetStrategy.NONE:
                self._raise_later(OffsetOutOfRangeError(f"{tp} offset {fetch_offset} is out of range"))
            else:
                log.info("reset_offset", partition=str(tp), offset=fetch_offset, reason="out of range")
                self.subs.request_reset(tp)
            return False
        if error in METADATA_ERRORS:
            self.client.request_metadata_update()
            return False
        if error:
            self._raise_later(error_for(error, f"Fetch {tp}"))
            return True
        state.highwater = p.high_watermark
        if p.last_stable_offset >= 0:
            state.last_stable = p.last_stable_offset
        if p.log_start_offset >= 0:
            state.log_start = p.log_start_offset
        data = p.records
        if not data:
            return False
        data = bytes(data)
        next_offset = fetch_end(data, fetch_offset)
        if next_offset <= fetch_offset:
            return False  # no complete batch past the position (a torn tail, or older data)
        batches = iter_records(
            data,
            tp,
            fetch_offset,
            self.key_deserializer,
            self.value_deserializer,
            check_crc=self.config.check_crcs,
            aborted=p.aborted_transactions if self.config.isolation_level == 1 else None,
        )
        self._buffer.setdefault(tp, collections.deque()).append(
            CompletedFetch(batches, fetch_offset, next_offset)
        )
        return True

    def _next_fetch_offset(self, tp: TopicPartition, position: int) -> int:
        """Where the next fetch of `tp` starts: after what is buffered, else at the position."""
        queue = self._buffer.get(tp)
        return queue[-1].next_offset if queue else position

    # --- positions ---------------------------------------------------------------------------

    async def update_positions(self) -> None:
        """Give every assigned partition without a position one: the committed offset, else the
        reset strategy's (ListOffsets)."""
        missing = self.subs.missing_positions()
        if not missing:
            return
        unresolved = [tp for tp in missing if self.subs.assignment[tp].reset is None]
        if unresolved:
            committed: dict[TopicPartition, OffsetAndMetadata | None] = {}
            if self.committed_lookup is not None:
                committed = await self.committed_lookup(unresolved)
            for tp in unresolved:
                state = self.subs.assignment.get(tp)
                if state is None or state.position is not None or state.reset is not None:
                    continue
                om = committed.get(tp)
                if om is not None and om.offset >= 0:
                    state.position, state.leader_epoch = om.offset, om.leader_epoch
                    log.debug("seek_to_committed", partition=str(tp), offset=om.offset)
                else:
                    state.reset = self.subs.default_reset
        to_reset = {tp: s.reset for tp, s in self.subs.assignment.items() if s.position is None and s.reset}
        if not to_reset:
            return
        if any(r is ResetStrategy.NONE for r in to_reset.values()):
            bad = sorted(str(tp) for tp, r in to_reset.items() if r is ResetStrategy.NONE)
            for tp, r in to_reset.items():
                if r is ResetStrategy.NONE:
                    self.subs.assignment[tp].reset = None
            raise NoOffsetForPartitionError(
                f"no committed offset for {', '.join(bad)} and auto_offset_reset is none"
            )
        specs = {
            tp: OffsetSpec.EARLIEST if r is ResetStrategy.EARLIEST else OffsetSpec.LATEST
            for tp, r in to_reset.items()
        }
        found = await self.list_offsets(specs)
        for tp, (offset, _ts) in found.items():
            state = self.subs.assignment.get(tp)
            if state is not None and state.position is None and state.reset is not None and offset >= 0:
                state.position, state.reset = offset, None
                log.debug("reset_offset", partition=str(tp), offset=offset)

    async def list_offsets(self, specs: dict[TopicPartition, int]) -> dict[TopicPartition, tuple[int, int]]:
        """{partition: (offset, timestamp)} for ListOffsets timestamps (or OffsetSpec values),
        asking each partition's leader; partitions whose leader is unknown are left out."""
        cluster = self.client.cluster
        by_node: dict[int, dict[TopicPartition, int]] = {}
        for tp, ts in specs.items():
            leader = cluster.leader_for(tp)
            if leader < 0:
                self.client.add_topics([tp.topic])
                self.client.request_metadata_update()
                continue
            by_node.setdefault(leader, {})[tp] = ts
        out: dict[TopicPartition, tuple[int, int]] = {}

        async def ask(node: int, part: dict[TopicPartition, int]) -> None:
            body = list_offsets_body(
                part,
                isolation_level=self.config.isolation_level,
                timeout_ms=self.client.config.request_timeout_ms,
            )
            response = await self.client.send(node, ApiKey.LIST_OFFSETS, body)
            for tp, (error, offset, ts) in list_offsets_result(response).items():
                if error in METADATA_ERRORS:
                    self.client.request_metadata_update()
                elif error:
                    raise error_for(error, f"ListOffsets {tp}")
                else:
                    out[tp] = (offset, ts)

        await asyncio.gather(*(ask(n, part) for n, part in by_node.items()))
        return out


def _drop_task_argument(fn: Callable[[int], None], node: int, _task: asyncio.Task[Any]) -> None:
    fn(node)

"""Runs a ShareCoordinatorShard over its `__share_group_state` partition (the role of Kafka's
CoordinatorRuntime for the share coordinator): the shard computes records and an answer, this
writes the records (the log's group commit makes them durable: fsynced, and held by every
in-sync replica on a replicated partition), the shard replays them, and only then is the answer
given. A failed write changes nothing and answers Kafka's error for it.

Requests of one share-partition run one after another: each is computed on the state its
predecessor left (a snapshot must hold every update before it). Requests of different
share-partitions are computed and written at once, side by side.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from broker import logging_setup
from broker.group.events import append_error_to_response_error
from broker.share.coordinator.shard import Answer, Result, ShareCoordinatorShard
from broker.share.coordinator.state_log import StateLog
from protocol import share_state_records as records
from protocol.errors import ErrorCode
from protocol.share_state_records import StateKey

log = logging_setup.get_logger("kbroker.share")
T = TypeVar("T")


def _error_of(exc: BaseException) -> ErrorCode:
    code = getattr(exc, "error_code", None)
    if code is not None:
        try:
            return ErrorCode(int(code))
        except ValueError:
            pass
    return ErrorCode.KAFKA_STORAGE_ERROR  # an I/O failure: answered NOT_COORDINATOR


class ShareCoordinatorRuntime:
    def __init__(self, shard: ShareCoordinatorShard, state_log: StateLog):
        self.shard = shard
        self.partition = shard.partition
        self.state_log = state_log
        self.loaded = False
        self.stopped = False
        self._tails: dict[StateKey, asyncio.Future[None]] = {}  # each key's latest request
        self.records_written = 0
        self.pruned_to = 0  # the start offset pruning last moved the partition to

    async def load(self) -> None:
        """Replay the partition from its start; served once done."""
        count = 0
        async for chunk in self.state_log.read(self.partition):
            for offset, key, value in chunk:
                if key is None:
                    continue
                try:
                    record = records.decode(key, value)
                except Exception as e:  # as Kafka's loader: skip what cannot be read
                    log.warning("skip share state record", partition=self.partition, error=str(e))
                    continue
                self.shard.replay(record, offset)
                count += 1
        if not self.stopped:
            self.loaded = True
            log.info(
                "load share coordinator",
                partition=self.partition,
                records=count,
                share_partitions=len(self.shard.states),
            )

    async def run(self, key: StateKey, compute: Callable[[], Result]) -> Answer:
        """Compute the request on the key's state once the key's earlier requests are done;
        answer once its records are durable and replayed. The replay does not depend on the
        caller: a request cancelled while its records are written still has them replayed (and
        the key's next request waits for that)."""
        loop = asyncio.get_running_loop()
        previous = self._tails.get(key)
        mine: asyncio.Future[None] = loop.create_future()
        self._tails[key] = mine
        handed_over = False
        try:
            if previous is not None:
                await asyncio.shield(previous)
            if self.stopped:
                return Answer(ErrorCode.NOT_COORDINATOR)
            if not self.loaded:
                return Answer(ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
            result = compute()
            if not result.records:
                return result.answer
            answer: asyncio.Future[Answer] = loop.create_future()
            self._write(key, result, answer, mine)
            handed_over = True
            return await asyncio.shield(answer)
        finally:
            if not handed_over:
                self._release(key, mine)

    def _release(self, key: StateKey, mine: asyncio.Future[None]) -> None:
        if not mine.done():
            mine.set_result(None)
        if self._tails.get(key) is mine:
            del self._tails[key]

    def _write(
        self, key: StateKey, result: Result, answer: asyncio.Future[Answer], mine: asyncio.Future[None]
    ) -> None:
        """Place the records; once durable, replay them and answer (from the log's callback)."""
        raw = [records.encode(r) for r in result.records]

        def written(future: asyncio.Future[int]) -> None:
            try:
                outcome = self._written(result, len(raw), future)
            finally:
                self._release(key, mine)
            if not answer.done():
                answer.set_result(outcome)

        try:
            self.state_log.append_nowait(self.partition, raw).add_done_callback(written)
        except Exception as e:  # could not even be placed (no log here)
            failed: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            failed.set_exception(e)
            written(failed)

    def _written(self, result: Result, count: int, future: asyncio.Future[int]) -> Answer:
        exc = future.exception() if not future.cancelled() else asyncio.CancelledError()
        if exc is not None:
            error = append_error_to_response_error(_error_of(exc))
            log.warning("fail to write share state", partition=self.partition, error=error.name)
            return Answer(error, str(exc) or error.name)
        if self.stopped:  # written, but the partition moved on meanwhile: its new leader replays it
            return Answer(ErrorCode.NOT_COORDINATOR)
        first = future.result() - count + 1
        for i, record in enumerate(result.records):
            self.shard.replay(record, first + i)
        self.records_written += count
        return result.answer

    async def prune(self) -> int | None:
        """Delete the records no snapshot needs any more (Kafka's periodic pruning of
        `__share_group_state`); the new start offset, or None if nothing moved. Not while writes
        are in flight: their records may lie below what the replayed state alone would allow."""
        if not self.loaded or self.stopped or self._tails:
            return None
        offset = self.shard.prunable_offset()
        if offset <= self.pruned_to:
            return None
        await self.state_log.delete_records(self.partition, offset)
        self.pruned_to = offset
        log.info("prune share state", partition=self.partition, start_offset=offset)
        return offset

    async def stop(self) -> None:
        """Drop the state: requests in flight answer NOT_COORDINATOR."""
        self.stopped = True
        self.loaded = False
        self.shard.unload()

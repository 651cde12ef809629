"""Transactional offset commits (TxnOffsetCommit), kept apart from the group coordinator's own
state: offsets written to `__consumer_offsets` inside a producer's transaction and applied to the
group's committed offsets only when the COMMIT marker lands (Kafka's pending transactional
offsets of `OffsetMetadataManager`).

- `commit` validates the member like an OffsetCommit (the shard's rule), writes the offset
  records as one transactional batch of the producer (its id and epoch: a fenced epoch is
  refused by the partition's producer state), and holds them as pending.
- `complete` runs once the marker is durable: on COMMIT the pending records are replayed into
  the shard (apply after write, as every other record), on ABORT dropped.
- Loading: `read_committed_records` reads a partition as the coordinator's loader must: records
  of a transactional batch come out where their COMMIT marker is (so the newest-per-key rule
  sees them in the right order), aborted ones never, and those still undecided at the end are
  returned as pending.
- OffsetFetch with require_stable answers UNSTABLE_OFFSET_COMMIT for a partition with a
  pending transactional offset (`unstable`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from broker import logging_setup
from broker.group.events import OffsetCommit, PartitionErrors
from broker.group.partition_log import PartitionLogAdapter
from broker.group.records import OFFSETS_TOPIC, OffsetRecord, RawRecord, decode_record, encode_record
from broker.log.transactions import marker_of
from protocol.errors import ErrorCode
from protocol.records import Record, batch_key_values, build_batch

if TYPE_CHECKING:
    from broker.group.service import GroupCoordinatorService
    from broker.log import Log

log = logging_setup.get_logger("kbroker.group")
E = ErrorCode


@dataclass(slots=True)
class PendingOffsets:
    """One offsets partition's transactional commits not yet decided, by producer id."""

    by_producer: dict[int, list[OffsetRecord]] = field(default_factory=dict)

    def add(self, producer_id: int, records: Sequence[OffsetRecord]) -> None:
        self.by_producer.setdefault(producer_id, []).extend(records)

    def take(self, producer_id: int) -> list[OffsetRecord]:
        return self.by_producer.pop(producer_id, [])

    def partitions_of(self, group_id: str) -> set[tuple[str, int]]:
        return {
            (r.topic, r.partition) for recs in self.by_producer.values() for r in recs if r.group == group_id
        }


async def read_committed_records(lg: Log, pending: PendingOffsets) -> AsyncIterator[Sequence[RawRecord]]:
    """The partition's records as a loader must see them (see the module docstring); fills
    `pending` with the transactional records still undecided at the end."""
    open_txns: dict[int, list[RawRecord]] = {}
    async for h, data in lg.batches():
        if h.is_control:
            commit = marker_of(h, data)
            records = open_txns.pop(h.producer_id, [])
            if commit and records:
                yield records
            continue
        chunk = cast(list[RawRecord], batch_key_values(data))  # offset records always have keys
        if h.is_transactional:
            open_txns.setdefault(h.producer_id, []).extend(chunk)
        else:
            yield chunk
    pending.by_producer.clear()
    for pid, raws in open_txns.items():
        decoded = [decode_record(k, v) for k, v in raws if k is not None]
        pending.add(pid, [r for r in decoded if isinstance(r, OffsetRecord)])


class TxnOffsets:
    """The transactional offsets of every offsets partition this broker coordinates."""

    def __init__(self, groups: GroupCoordinatorService, log_for: Any):
        self.groups = groups
        self._log_for = log_for  # partition -> the __consumer_offsets log (or None)
        self.pending: dict[int, PendingOffsets] = {}

    def of(self, partition: int) -> PendingOffsets:
        return self.pending.setdefault(partition, PendingOffsets())

    async def commit(self, req: OffsetCommit, producer_id: int, producer_epoch: int) -> PartitionErrors:
        groups = self.groups
        error = groups.unavailable(req.group_id)
        if error is not None:
            return _all(req, error)
        runtime = groups.runtime_for(req.group_id)
        shard = runtime.shard
        rejection = shard.validate_txn_offset_commit(req)
        if rejection is not None:
            return _all(req, rejection)
        result = shard.offsets.commit(req)
        records = [r for r in result.records if isinstance(r, OffsetRecord)]
        if not records:
            return result.response
        lg = self._log_for(runtime.partition)
        if lg is None:
            return _all(req, E.NOT_COORDINATOR)
        raw = [encode_record(r) for r in records]
        batch = build_batch(
            [Record(offset_delta=i, key=k, value=v) for i, (k, v) in enumerate(raw)],
            producer_id=producer_id,
            producer_epoch=producer_epoch,
            transactional=True,
        )
        try:
            epoch = lg.leader_epoch
            _, last = await lg.append(batch, durable=True)
            if lg.high_watermark <= last:
                await lg.wait_high_watermark(last + 1, epoch)
        except Exception as e:
            code = getattr(e, "error_code", None)
            failed = ErrorCode(int(code)) if code is not None else E.UNKNOWN_SERVER_ERROR
            if failed == E.INVALID_PRODUCER_EPOCH:
                failed = E.PRODUCER_FENCED if req.api_version >= 3 else E.INVALID_PRODUCER_EPOCH
            elif failed not in (E.PRODUCER_FENCED, E.INVALID_PRODUCER_EPOCH):
                failed = E.NOT_COORDINATOR
            log.warning("fail txn offset commit", group=req.group_id, producer_id=producer_id, error=repr(e))
            return _all(req, failed)
        self.of(runtime.partition).add(producer_id, records)
        return result.response

    def complete(self, partition: int, producer_id: int, commit: bool) -> int:
        """The marker for `producer_id` is durable in the offsets partition: apply (COMMIT) or drop
        (ABORT) its pending offsets. Returns how many were applied."""
        records = self.of(partition).take(producer_id)
        if not commit or not records:
            return 0
        runtime = self.groups.runtimes[partition]
        for r in records:
            runtime.shard.replay(r)
        runtime.dispatch()
        return len(records)

    def unstable(self, group_id: str, partition: int) -> set[tuple[str, int]]:
        return self.of(partition).partitions_of(group_id)


class TransactionalOffsetsLog(PartitionLogAdapter):
    """The offsets log as the coordinator loads it: transactional commits where their COMMIT
    marker is, aborted ones never, undecided ones into `pending_for(partition)`."""

    def __init__(self, log_for: Any, commit_timeout_s: float | None = None):
        super().__init__(log_for, commit_timeout_s)
        self.log_for = log_for
        self.pending_for: Callable[[int], PendingOffsets] = lambda _p: PendingOffsets()

    async def read(self, partition: int) -> AsyncIterator[Sequence[RawRecord]]:
        lg = self.log_for(partition)
        if lg is None:
            return
        async for chunk in read_committed_records(lg, self.pending_for(partition)):
            yield chunk


def _all(req: OffsetCommit, error: ErrorCode) -> PartitionErrors:
    return [(topic, [(p.partition, error) for p in partitions]) for topic, partitions in req.topics]


__all__ = [
    "OFFSETS_TOPIC",
    "PendingOffsets",
    "TransactionalOffsetsLog",
    "TxnOffsets",
    "read_committed_records",
]

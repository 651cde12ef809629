"""Opening a partition's log on start (Kafka's `LogLoader`) and creating a new one.

Blocking: run in the executor. Both answer a `LoadedLog`, what a `Log` is constructed from.
Recovery rules are in the package docstring; every cut is logged (`truncate segment`,
`delete segment`) and returned as a sentence.
"""

from __future__ import annotations

import base64
import bisect
import contextlib
import os
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from broker import logging_setup
from broker.log import producer_snapshot
from broker.log.config import LogConfig
from broker.log.epochs import CHECKPOINT_FILE as EPOCH_CHECKPOINT
from broker.log.epochs import LeaderEpochCache
from broker.log.index import CorruptIndexError
from broker.log.producer_state import ProducerStateManager
from broker.log.segment import BatchInfo, Segment, fsync_dir
from broker.log.swap import recover_swaps
from broker.log.transactions import LogTransactions, decode_txn_index, marker_of
from protocol.log_files import (
    CLEANED_SUFFIX,
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    TIMEINDEX_SUFFIX,
    TXNINDEX_SUFFIX,
    parse_base_offset,
)

log = logging_setup.get_logger("kbroker.log")
PARTITION_METADATA = "partition.metadata"


def partition_dir_name(topic: str, partition: int) -> str:
    return f"{topic}-{partition}"


def uuid_to_kafka(u: uuid.UUID) -> str:
    """Kafka's Uuid.toString: URL-safe base64 without padding."""
    return base64.urlsafe_b64encode(u.bytes).decode().rstrip("=")


def uuid_from_kafka(text: str) -> uuid.UUID:
    return uuid.UUID(bytes=base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))


@dataclass(slots=True)
class LoadedLog:
    """A partition's log as found in its directory (recovered) or just created there: its
    segments in offset order, the last one open for appends, and the state rebuilt with them."""

    segments: list[Segment]
    topic_id: uuid.UUID | None
    epochs: LeaderEpochCache
    producer_state: ProducerStateManager = field(default_factory=ProducerStateManager)
    txns: LogTransactions = field(default_factory=LogTransactions)
    cuts: list[str] = field(default_factory=list)  # what recovery cut, a sentence each

    @property
    def end_offset(self) -> int:
        """The log end offset: every batch below it is in the files (and fsynced)."""
        return self.segments[-1].next_offset


def _segment(directory: Path, base: int, config: LogConfig, created_ms: int) -> Segment:
    return Segment(
        directory,
        base,
        index_interval=config.index_interval_bytes,
        index_max_bytes=config.segment_index_bytes,
        created_ms=created_ms,
    )


def create_log_files(
    directory: Path, config: LogConfig, topic_id: uuid.UUID | None, created_ms: int
) -> LoadedLog:
    """A new, empty partition: its directory, partition.metadata and first segment."""
    directory.mkdir(parents=True, exist_ok=True)
    if topic_id is not None:
        write_partition_metadata(directory, topic_id)
    seg = _segment(directory, 0, config, created_ms)
    seg.open()
    seg.rewrite_indexes()
    fsync_dir(directory)
    fsync_dir(directory.parent)
    return LoadedLog([seg], topic_id, LeaderEpochCache(directory / EPOCH_CHECKPOINT))


def load_log(
    directory: Path,
    config: LogConfig,
    topic_id: uuid.UUID | None,
    recovery_point: int | None,
    clean: bool,
    created_ms: int,
) -> LoadedLog:
    """Open the segments found in the directory, recovering what needs it: every segment
    from the recovery point on after an unclean shutdown (all of them without a checkpoint),
    the last segment always, and any segment whose indexes do not check out. The topic id is
    partition.metadata's unless given. The result's `cuts` describe every cut made."""
    log_name = directory.name  # `<topic>-<partition>`, as the log's messages name it
    cuts: list[str] = []
    if topic_id is None:
        topic_id = read_partition_metadata(directory)
    cuts.extend(recover_swaps(directory))  # an interrupted clean: complete or discard it first
    names = sorted(os.listdir(directory))
    bases: list[int] = []
    for name in names:
        path = directory / name
        if name.endswith((DELETED_SUFFIX, CLEANED_SUFFIX, ".tmp")):
            path.unlink(missing_ok=True)
            continue
        base = parse_base_offset(name)
        if base is not None and name.endswith(LOG_SUFFIX):
            bases.append(base)
    for name in names:
        base = parse_base_offset(name)
        if (
            base is not None
            and name.endswith((INDEX_SUFFIX, TIMEINDEX_SUFFIX, TXNINDEX_SUFFIX))
            and base not in bases
        ):
            (directory / name).unlink(missing_ok=True)
    if not bases:
        created = create_log_files(directory, config, topic_id, created_ms)
        created.cuts = cuts
        return created
    segs = [_segment(directory, b, config, created_ms) for b in sorted(bases)]
    if clean:
        first_full = len(segs) - 1
    elif recovery_point is None:
        first_full = 0
    else:
        first_full = max(0, bisect.bisect_right([s.base_offset for s in segs], recovery_point) - 1)
    producers = ProducerStateManager()
    txns = LogTransactions()
    # Producers and open transactions as of the first segment rescanned: its snapshot, then the
    # batches. Without one (a crash before it was written, or a log from before snapshots), the
    # whole log is rescanned: a transaction may have begun in any segment.
    wanted_full = first_full
    first_full = _restore_snapshot(directory, segs, first_full, producers, txns)
    epochs = LeaderEpochCache.read(directory)
    checkpointed = list(epochs.entries)
    # What the recovered segments hold is rebuilt from their batches (a crash may have kept the
    # checkpoint from naming a new epoch, or let it name one whose batches were cut).
    epochs.truncate_from_end(segs[first_full].base_offset)

    aborted_here: list[bytes] = []
    scanning: list[Segment] = []  # the segment being rescanned, while transactions are tracked

    def on_batch(b: BatchInfo) -> None:
        h = b.header
        if h.partition_leader_epoch > epochs.latest_epoch:
            epochs.assign(h.partition_leader_epoch, h.base_offset)
        if not scanning:  # below the snapshot, which already holds the producers' state
            return
        producers.update(h, h.base_offset)
        if h.is_transactional:
            if not h.is_control:
                txns.on_data(h, h.base_offset)
                return
            commit = marker_of(h, scanning[0].read(b.position, h.size))
            if commit is not None:
                aborted = txns.on_marker(h.producer_id, h.base_offset, commit)
                if aborted is not None:
                    aborted_here.append(aborted.encode())

    kept = segs
    for i, seg in enumerate(segs):
        size = seg.file_size()
        full = i >= first_full
        if not full:
            try:
                seg.load_indexes(size)
                seg.walk_tail(size)
            except (CorruptIndexError, FileNotFoundError, OSError) as e:
                log.warning("rebuild index", log=log_name, base_offset=seg.base_offset, reason=str(e))
                full = True
            # Below the snapshot, the segment's aborted transactions are its `.txnindex`'s (a
            # rescan of its indexes alone cannot know the transactions open before it).
            with contextlib.suppress(FileNotFoundError):
                txns.extend_aborted(decode_txn_index(seg.txnindex_path.read_bytes()))
        if i == wanted_full and wanted_full > first_full:
            # Rescanned for want of this snapshot: write it, so that the next start need not.
            data = producer_snapshot.encode(producer_snapshot.entries_of(producers, txns))
            producer_snapshot.write(directory, seg.base_offset, data)
        if full:
            tracked = i >= first_full
            scanning[:] = [seg] if tracked else []
            aborted_here.clear()
            result = seg.recover(on_batch)
            if tracked:
                seg.replace_txn_index(aborted_here)
            if result.truncated_bytes:
                seg.sync()
                cut = (
                    f"{log_name}/{seg.log_path.name}: cut {result.truncated_bytes} bytes at byte "
                    f"{result.valid_bytes} (offset {result.next_offset}): {result.reason}"
                )
                cuts.append(cut)
                log.warning(
                    "truncate segment",
                    log=log_name,
                    base_offset=seg.base_offset,
                    valid_bytes=result.valid_bytes,
                    truncated_bytes=result.truncated_bytes,
                    next_offset=result.next_offset,
                    reason=result.reason,
                )
            seg.rewrite_indexes(sync=True)
            if result.truncated_bytes and i + 1 < len(segs):
                later = segs[i + 1 :]
                for s in later:
                    cuts.append(f"{log_name}/{s.log_path.name}: deleted (after a corrupt segment)")
                    log.warning(
                        "delete segment",
                        log=log_name,
                        base_offset=s.base_offset,
                        reason="follows a truncated segment",
                    )
                    s.close()
                    s.delete_files()
                kept = segs[: i + 1]
                break
        if i + 1 < len(segs) and seg.next_offset > segs[i + 1].base_offset:
            log.warning(
                "overlap segments",
                log=log_name,
                base_offset=seg.base_offset,
                next_offset=seg.next_offset,
                next_base_offset=segs[i + 1].base_offset,
            )
    for s in kept[:-1]:
        s.finish()
    end_offset = kept[-1].next_offset
    producer_snapshot.delete_from(directory, end_offset + 1)
    epochs.truncate_from_end(end_offset)
    epochs.truncate_from_start(kept[0].base_offset)
    if epochs.entries != checkpointed:
        epochs.write()
    kept[-1].open()
    return LoadedLog(kept, topic_id, epochs, producers, txns, cuts)


def _restore_snapshot(
    directory: Path,
    segs: list[Segment],
    first_full: int,
    producers: ProducerStateManager,
    txns: LogTransactions,
) -> int:
    """Load the producer snapshot at the base of segment `first_full`; returns the first segment
    to rescan (0 when there is no usable snapshot)."""
    if first_full == 0:
        return 0
    base = segs[first_full].base_offset
    try:
        entries = producer_snapshot.decode(producer_snapshot.path_for(directory, base).read_bytes())
    except FileNotFoundError:
        log.info("rescan log", log=directory.name, reason=f"no producer snapshot at {base}")
        return 0
    except producer_snapshot.CorruptSnapshot as e:
        log.warning("rescan log", log=directory.name, reason=f"producer snapshot at {base}: {e}")
        return 0
    producer_snapshot.restore(entries, producers, txns)
    return first_full


def write_partition_metadata(directory: Path, topic_id: uuid.UUID) -> None:
    """Kafka's `partition.metadata`: the topic id of the partition directory."""
    path = directory / PARTITION_METADATA
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w") as f:
        f.write(f"version: 0\ntopic_id: {uuid_to_kafka(topic_id)}\n")
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def read_partition_metadata(directory: Path) -> uuid.UUID | None:
    try:
        text = (directory / PARTITION_METADATA).read_text()
    except FileNotFoundError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "topic_id":
            try:
                return uuid_from_kafka(value.strip())
            except ValueError:
                return None
    return None

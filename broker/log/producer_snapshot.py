"""Producer state snapshots: `<offset>.snapshot` files in Kafka's format (ProducerSnapshot v1).

A snapshot named N holds every producer's state (epoch, last batch, open transaction) as it was
with the log ending at offset N. The log writes one when it rolls a segment (N = the new
segment's base offset), once the data below N is on disk; loading starts from the snapshot at
the base of the first segment it rescans, so a restart reads the log tail only instead of the
whole log to find the transactions still open.

Layout (big-endian): int16 version (1), uint32 CRC-32C of what follows it, int32 entry count,
then per producer: int64 producer id, int16 epoch, int32 last sequence, int64 last offset,
int32 offset delta, int64 timestamp, int32 coordinator epoch, int64 current transaction's
first offset (-1: none).
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path

import crc32c

from broker.log.producer_state import BatchMetadata, ProducerEntry, ProducerStateManager
from broker.log.transactions import LogTransactions
from protocol.log_files import SNAPSHOT_SUFFIX, file_name, parse_base_offset

VERSION = 1
_HEAD = struct.Struct(">hIi")
_ENTRY = struct.Struct(">qhiqiqiq")
_CRC_FROM = 6  # the CRC covers the bytes after version and CRC


class CorruptSnapshot(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SnapshotEntry:
    producer_id: int
    epoch: int
    last_sequence: int
    last_offset: int
    offset_delta: int
    timestamp: int
    coordinator_epoch: int
    current_txn_first_offset: int


def entries_of(producers: ProducerStateManager, txns: LogTransactions) -> list[SnapshotEntry]:
    out = []
    pids = set(producers.producers) | set(txns.ongoing)
    for pid in sorted(pids):
        e = producers.producers.get(pid)
        last = e.batches[-1] if e is not None and e.batches else None
        out.append(
            SnapshotEntry(
                pid,
                e.epoch if e is not None else -1,
                last.last_seq if last else -1,
                last.last_offset if last else -1,
                (last.last_offset - last.first_offset) if last else 0,
                e.last_timestamp if e is not None else -1,
                0,
                txns.ongoing.get(pid, -1),
            )
        )
    return out


def encode(entries: list[SnapshotEntry]) -> bytes:
    body = bytearray(_HEAD.pack(VERSION, 0, len(entries)))
    for e in entries:
        body += _ENTRY.pack(
            e.producer_id,
            e.epoch,
            e.last_sequence,
            e.last_offset,
            e.offset_delta,
            e.timestamp,
            e.coordinator_epoch,
            e.current_txn_first_offset,
        )
    struct.pack_into(">I", body, 2, crc32c.crc32c(bytes(body[_CRC_FROM:])))
    return bytes(body)


def decode(data: bytes) -> list[SnapshotEntry]:
    if len(data) < _HEAD.size:
        raise CorruptSnapshot("snapshot shorter than its header")
    version, crc, count = _HEAD.unpack_from(data)
    if version != VERSION:
        raise CorruptSnapshot(f"unknown snapshot version {version}")
    if crc != crc32c.crc32c(data[_CRC_FROM:]):
        raise CorruptSnapshot("snapshot CRC mismatch")
    if count < 0 or len(data) != _HEAD.size + count * _ENTRY.size:
        raise CorruptSnapshot(f"snapshot of {len(data)} bytes cannot hold {count} entries")
    return [SnapshotEntry(*_ENTRY.unpack_from(data, _HEAD.size + i * _ENTRY.size)) for i in range(count)]


def restore(entries: list[SnapshotEntry], producers: ProducerStateManager, txns: LogTransactions) -> None:
    for e in entries:
        if e.epoch >= 0 or e.last_sequence >= 0:
            entry = ProducerEntry(e.producer_id, e.epoch, last_timestamp=e.timestamp)
            if e.last_sequence >= 0 and e.last_offset >= 0:
                entry.batches.append(
                    BatchMetadata(
                        e.last_sequence - e.offset_delta,
                        e.last_sequence,
                        e.last_offset - e.offset_delta,
                        e.last_offset,
                        e.timestamp,
                    )
                )
            producers.producers[e.producer_id] = entry
        if e.current_txn_first_offset >= 0:
            txns.ongoing[e.producer_id] = e.current_txn_first_offset


def path_for(directory: Path, offset: int) -> Path:
    return directory / file_name(offset, SNAPSHOT_SUFFIX)


def write(directory: Path, offset: int, data: bytes) -> None:
    """Write a snapshot (blocking), fsynced, through a temporary file."""
    path = path_for(directory, offset)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def offsets(directory: Path) -> list[int]:
    out = []
    for name in os.listdir(directory):
        if name.endswith(SNAPSHOT_SUFFIX):
            base = parse_base_offset(name)
            if base is not None:
                out.append(base)
    return sorted(out)


def delete_from(directory: Path, offset: int) -> None:
    """Snapshots at or past `offset` describe a log that no longer reaches there."""
    for o in offsets(directory):
        if o >= offset:
            path_for(directory, o).unlink(missing_ok=True)


def delete_before(directory: Path, offset: int, keep: int = 2) -> None:
    """Old snapshots: below `offset`, keep only the newest `keep`."""
    below = [o for o in offsets(directory) if o < offset]
    for o in below[:-keep] if keep else below:
        path_for(directory, o).unlink(missing_ok=True)

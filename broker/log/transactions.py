"""Transactions as one partition's log sees them (the transactional half of Kafka's
`ProducerStateManager`, and its `TransactionIndex`).

- A transactional data batch of a producer with no transaction open here opens one at the
  batch's base offset; the COMMIT or ABORT control batch (the marker the transaction
  coordinator writes) closes it.
- The last stable offset (LSO) is the first offset of the oldest open transaction (bounded by the
  high watermark, which the log applies): read_committed consumers read below it.
- An aborted transaction is remembered as Kafka's `AbortedTxn` (producer id, first offset, the
  marker's offset, the LSO once it was aborted): read_committed Fetch answers those overlapping
  the data it returns, and the segment holding the marker keeps it in its `.txnindex` file.

Pure bookkeeping: the log (log.py) feeds it the batches it places, the loader (loader.py) the
batches it recovers plus the `.txnindex` files of the segments it does not rescan.
"""

from __future__ import annotations

import bisect
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import crc32c

from protocol.log_files import TXN_ENTRY, TXN_ENTRY_VERSION
from protocol.records import (
    ATTRIBUTES_OFFSET,
    CONTROL_MASK,
    CRC_OFFSET,
    HEADER_SIZE,
    TRANSACTIONAL_MASK,
    BatchHeader,
    ControlRecordType,
    CorruptRecordError,
    Record,
    build_batch,
    codec_of,
    control_record_type,
    decode_batch,
    key_values,
)

# A control record's value: int16 version 0, int32 coordinator epoch (Kafka's EndTransactionMarker).
_MARKER_KEY_VERSION = 0


@dataclass(frozen=True, slots=True)
class AbortedTxn:
    producer_id: int
    first_offset: int
    last_offset: int  # the offset of the ABORT marker
    last_stable_offset: int

    def encode(self) -> bytes:
        return TXN_ENTRY.pack(
            TXN_ENTRY_VERSION, self.producer_id, self.first_offset, self.last_offset, self.last_stable_offset
        )


def decode_txn_index(data: bytes) -> list[AbortedTxn]:
    """The entries of a `.txnindex` file; a torn last entry (a crash mid-write) is ignored."""
    out = []
    for pos in range(0, len(data) - TXN_ENTRY.size + 1, TXN_ENTRY.size):
        version, pid, first, last, lso = TXN_ENTRY.unpack_from(data, pos)
        if version != TXN_ENTRY_VERSION:
            break
        out.append(AbortedTxn(pid, first, last, lso))
    return out


def marker_batch(
    producer_id: int,
    producer_epoch: int,
    commit: bool,
    coordinator_epoch: int = 0,
    timestamp: int | None = None,
) -> bytes:
    """A control batch holding one COMMIT or ABORT marker, as Kafka's coordinator writes it."""
    if timestamp is None:
        return _built_marker(producer_id, producer_epoch, commit, coordinator_epoch, timestamp)
    # Once a transaction: the batch of this kind and coordinator epoch built once, then its
    # timestamps and producer patched and its CRC computed again (a fifth of building it).
    template = _MARKER_TEMPLATES.get((commit, coordinator_epoch))
    if template is None:
        template = _built_marker(0, 0, commit, coordinator_epoch, 0)
        if len(_MARKER_TEMPLATES) < 64:  # coordinator epochs are few; never grows without bound
            _MARKER_TEMPLATES[(commit, coordinator_epoch)] = template
    out = bytearray(template)
    _MARKER_PATCH.pack_into(out, _MARKER_PATCH_OFFSET, timestamp, timestamp, producer_id, producer_epoch)
    _U32.pack_into(out, CRC_OFFSET, crc32c.crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return bytes(out)


def _built_marker(
    producer_id: int, producer_epoch: int, commit: bool, coordinator_epoch: int, timestamp: int | None
) -> bytes:
    kind = ControlRecordType.COMMIT if commit else ControlRecordType.ABORT
    key = _MARKER_KEY_VERSION.to_bytes(2, "big") + int(kind).to_bytes(2, "big")
    value = (0).to_bytes(2, "big") + coordinator_epoch.to_bytes(4, "big", signed=True)
    return build_batch(
        [Record(key=key, value=value)],
        base_timestamp=timestamp,
        producer_id=producer_id,
        producer_epoch=producer_epoch,
        transactional=True,
        control=True,
    )


# base timestamp, max timestamp, producer id, producer epoch: adjacent in a v2 batch header
_MARKER_PATCH = struct.Struct(">qqqh")
_MARKER_PATCH_OFFSET = 27
_U32 = struct.Struct(">I")
_MARKER_TEMPLATES: dict[tuple[bool, int], bytes] = {}


def marker_of(h: BatchHeader, data: bytes | bytearray | memoryview) -> bool | None:
    """For a transactional control batch (its bytes from the batch start): True for COMMIT,
    False for ABORT; None for anything else (not a marker, or a control type we do not know)."""
    if h.attributes & (CONTROL_MASK | TRANSACTIONAL_MASK) != CONTROL_MASK | TRANSACTIONAL_MASK:
        return None
    try:
        if codec_of(h.attributes) == 0:  # as every marker is: its key read without Record objects
            keys = key_values(data[HEADER_SIZE : h.size], h.records_count)
            record = Record(key=keys[0][0]) if keys else None
        else:
            batch = decode_batch(bytes(data[: h.size]), check_crc=False)
            record = batch.records[0] if batch.records else None
    except CorruptRecordError:
        return None
    if record is None:
        return None
    kind = control_record_type(record)
    if kind == ControlRecordType.COMMIT:
        return True
    if kind == ControlRecordType.ABORT:
        return False
    return None


class LogTransactions:
    """Open transactions (producer id -> first offset) and aborted ones, of one partition."""

    __slots__ = ("ongoing", "aborted", "_aborted_last")

    def __init__(self) -> None:
        self.ongoing: dict[int, int] = {}
        self.aborted: list[AbortedTxn] = []  # by marker offset
        self._aborted_last: list[int] = []

    def first_unstable_offset(self) -> int | None:
        return min(self.ongoing.values()) if self.ongoing else None

    def on_data(self, h: BatchHeader, base_offset: int) -> None:
        """A data batch was placed at `base_offset`."""
        if h.attributes & TRANSACTIONAL_MASK and h.producer_id >= 0:
            self.ongoing.setdefault(h.producer_id, base_offset)

    def on_marker(self, producer_id: int, marker_offset: int, commit: bool) -> AbortedTxn | None:
        """A marker was placed: the producer's transaction here is over. Returns the aborted
        transaction to index (None for a commit, or a marker with no data before it here)."""
        first = self.ongoing.pop(producer_id, None)
        if first is None or commit:
            return None
        unstable = self.first_unstable_offset()
        entry = AbortedTxn(
            producer_id, first, marker_offset, unstable if unstable is not None else marker_offset + 1
        )
        self.add_aborted(entry)
        return entry

    def add_aborted(self, entry: AbortedTxn) -> None:
        i = bisect.bisect_right(self._aborted_last, entry.last_offset)
        self.aborted.insert(i, entry)
        self._aborted_last.insert(i, entry.last_offset)

    def extend_aborted(self, entries: Iterable[AbortedTxn]) -> None:
        for e in entries:
            self.add_aborted(e)

    def collect(self, fetch_offset: int, upper_offset: int) -> list[AbortedTxn]:
        """Aborted transactions a read_committed fetch of [fetch_offset, upper_offset) must be
        told of: those whose marker is at or after the fetch offset and that began before the
        end of what is returned (Kafka's `collectAbortedTxns`)."""
        i = bisect.bisect_left(self._aborted_last, fetch_offset)
        return [a for a in self.aborted[i:] if a.first_offset < upper_offset]

    def truncate(self, end_offset: int) -> None:
        """The log was cut at `end_offset` (a follower's divergent tail)."""
        self.ongoing = {pid: first for pid, first in self.ongoing.items() if first < end_offset}
        i = bisect.bisect_left(self._aborted_last, end_offset)
        del self.aborted[i:]
        del self._aborted_last[i:]

    def drop_before(self, start_offset: int) -> None:
        """Retention moved the log start: forget aborted transactions wholly below it."""
        i = bisect.bisect_left(self._aborted_last, start_offset)
        del self.aborted[:i]
        del self._aborted_last[:i]

    def __iter__(self) -> Iterator[AbortedTxn]:
        return iter(self.aborted)

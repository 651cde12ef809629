"""Kafka's sparse segment indexes, in memory, with their exact on-disk entry formats.

* `.index` (OffsetIndex): 8-byte entries, int32 offset relative to the segment's base offset,
  int32 byte position of a batch in the `.log` file. An entry is added when more than
  `index.interval.bytes` were appended since the last one; it names the appended batch's last
  offset and that batch's start, as Kafka's `LogSegment.append` does.
* `.timeindex` (TimeIndex): 12-byte entries, int64 timestamp, int32 relative offset: the largest
  timestamp seen so far in the segment and the last offset of the batch holding it. Entries are
  only added when the timestamp grows.

Files hold exactly the valid entries (Kafka trims its preallocated files to this on close). These
classes are pure: the segment writes `encode(...)` results to disk.
"""

from __future__ import annotations

import bisect
from array import array

from protocol.log_files import OFFSET_ENTRY, TIME_ENTRY


class CorruptIndexError(ValueError):
    """An index file that does not agree with its segment; it is rebuilt from the log."""


class OffsetIndex:
    __slots__ = ("base_offset", "max_entries", "_rel", "_pos")

    def __init__(self, base_offset: int, max_bytes: int = 10 * 1024 * 1024):
        self.base_offset = base_offset
        self.max_entries = max(1, max_bytes // OFFSET_ENTRY.size)
        self._rel = array("i")
        self._pos = array("i")

    def __len__(self) -> int:
        return len(self._rel)

    @property
    def is_full(self) -> bool:
        return len(self._rel) >= self.max_entries

    @property
    def last_entry(self) -> tuple[int, int]:
        """(offset, position) of the last entry, or (base_offset, 0)."""
        if not self._rel:
            return self.base_offset, 0
        return self.base_offset + self._rel[-1], self._pos[-1]

    def lookup(self, offset: int) -> tuple[int, int]:
        """The entry with the largest offset <= `offset`, or (base_offset, 0)."""
        i = bisect.bisect_right(self._rel, offset - self.base_offset) - 1
        if i < 0:
            return self.base_offset, 0
        return self.base_offset + self._rel[i], self._pos[i]

    def floor_position(self, position: int) -> int:
        """The largest entry position <= `position` (a batch start), or 0 (the first batch's)."""
        i = bisect.bisect_right(self._pos, position) - 1
        return self._pos[i] if i >= 0 else 0

    def append(self, offset: int, position: int) -> None:
        rel = offset - self.base_offset
        if self._rel and (rel <= self._rel[-1] or position <= self._pos[-1]):
            raise CorruptIndexError(f"index entry ({offset}, {position}) does not follow {self.last_entry}")
        self._rel.append(rel)
        self._pos.append(position)

    def truncate_to_position(self, position: int) -> None:
        """Drop the entries pointing at or past `position` (the log was cut there)."""
        i = bisect.bisect_left(self._pos, position)
        del self._rel[i:]
        del self._pos[i:]

    def encode(self, start: int = 0) -> bytes:
        """Entries from number `start` on, as the file holds them."""
        out = bytearray()
        for i in range(start, len(self._rel)):
            out += OFFSET_ENTRY.pack(self._rel[i], self._pos[i])
        return bytes(out)

    @classmethod
    def decode(
        cls, base_offset: int, data: bytes, log_size: int, max_bytes: int = 10 * 1024 * 1024
    ) -> OffsetIndex:
        """An index read from its file, checked against the segment's size (Kafka's sanity check,
        and a little more); raises CorruptIndexError."""
        if len(data) % OFFSET_ENTRY.size:
            raise CorruptIndexError(f"index file size {len(data)} is not a multiple of {OFFSET_ENTRY.size}")
        index = cls(base_offset, max_bytes)
        for rel, pos in OFFSET_ENTRY.iter_unpack(data):
            if rel < 0 or pos < 0 or pos >= log_size:
                raise CorruptIndexError(f"index entry ({rel}, {pos}) is out of range")
            index.append(base_offset + rel, pos)
        return index


class TimeIndex:
    __slots__ = ("base_offset", "max_entries", "_ts", "_rel")

    def __init__(self, base_offset: int, max_bytes: int = 10 * 1024 * 1024):
        self.base_offset = base_offset
        self.max_entries = max(1, max_bytes // TIME_ENTRY.size)
        self._ts = array("q")
        self._rel = array("i")

    def __len__(self) -> int:
        return len(self._ts)

    @property
    def is_full(self) -> bool:
        return len(self._ts) >= self.max_entries

    @property
    def last_entry(self) -> tuple[int, int]:
        """(timestamp, offset) of the last entry, or (-1, base_offset)."""
        if not self._ts:
            return -1, self.base_offset
        return self._ts[-1], self.base_offset + self._rel[-1]

    def maybe_append(self, timestamp: int, offset: int) -> bool:
        """Add an entry if `timestamp` is larger than the last one (Kafka's `maybeAppend`)."""
        if self._ts and timestamp <= self._ts[-1]:
            return False
        rel = offset - self.base_offset
        if self._rel and rel < self._rel[-1]:
            return False
        self._ts.append(timestamp)
        self._rel.append(rel)
        return True

    def lookup(self, timestamp: int) -> tuple[int, int]:
        """The entry with the largest timestamp <= `timestamp`, or (-1, base_offset)."""
        i = bisect.bisect_right(self._ts, timestamp) - 1
        if i < 0:
            return -1, self.base_offset
        return self._ts[i], self.base_offset + self._rel[i]

    def truncate_to_offset(self, offset: int) -> None:
        """Drop the entries naming `offset` or later."""
        i = bisect.bisect_left(self._rel, offset - self.base_offset)
        del self._ts[i:]
        del self._rel[i:]

    def encode(self, start: int = 0) -> bytes:
        out = bytearray()
        for i in range(start, len(self._ts)):
            out += TIME_ENTRY.pack(self._ts[i], self._rel[i])
        return bytes(out)

    @classmethod
    def decode(cls, base_offset: int, data: bytes, max_bytes: int = 10 * 1024 * 1024) -> TimeIndex:
        if len(data) % TIME_ENTRY.size:
            raise CorruptIndexError(
                f"time index file size {len(data)} is not a multiple of {TIME_ENTRY.size}"
            )
        index = cls(base_offset, max_bytes)
        for ts, rel in TIME_ENTRY.iter_unpack(data):
            if rel < 0:
                raise CorruptIndexError(f"time index entry ({ts}, {rel}) is out of range")
            if index._ts and (ts < index._ts[-1] or rel < index._rel[-1]):
                raise CorruptIndexError(f"time index entry ({ts}, {rel}) goes backwards")
            if index._ts and ts == index._ts[-1]:
                continue  # Kafka may repeat the last entry on close
            index._ts.append(ts)
            index._rel.append(rel)
        return index

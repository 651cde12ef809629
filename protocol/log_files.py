"""Kafka's on-disk log layout: the names of a segment's files and the entries of its indexes.

A partition directory `<topic>-<partition>/` holds segments named by their base offset, 20
digits: `00000000000000000000.log` (record batches exactly as on the wire), `.index` and
`.timeindex`. The cleaner's swap (Kafka's) goes through `.cleaned` and `.swap` files, and a
deleted segment is renamed `.deleted` before it is removed.

Declared once, here, without I/O: the broker's log (broker/log/) writes this layout and the
Spark jobs (jobs/, shipped to executors with protocol/ alone) read it.
"""

from __future__ import annotations

import struct

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
TIMEINDEX_SUFFIX = ".timeindex"
CLEANED_SUFFIX = ".cleaned"
SWAP_SUFFIX = ".swap"
DELETED_SUFFIX = ".deleted"

# `.index`: int32 offset relative to the segment's base offset, int32 byte position in `.log`.
OFFSET_ENTRY = struct.Struct(">ii")
# `.timeindex`: int64 timestamp, int32 relative offset.
TIME_ENTRY = struct.Struct(">qi")


def file_name(base_offset: int, suffix: str) -> str:
    """The name of a segment's file: its base offset in 20 digits, then the suffix."""
    return f"{base_offset:020d}{suffix}"


def parse_base_offset(name: str) -> int | None:
    """The base offset a segment file's name holds, or None if it is not such a name."""
    stem = name.split(".", 1)[0]
    return int(stem) if len(stem) == 20 and stem.isdigit() else None


TXNINDEX_SUFFIX = ".txnindex"
SNAPSHOT_SUFFIX = ".snapshot"
# `.txnindex` (Kafka's AbortedTxn): int16 version 0, int64 producer id, int64 first offset,
# int64 last offset (the ABORT marker's), int64 last stable offset when it was aborted.
TXN_ENTRY = struct.Struct(">hqqqq")
TXN_ENTRY_VERSION = 0

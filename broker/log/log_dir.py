"""A log directory as appends into it have found it lately (DescribeLogDirs reports it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class LogDirState:
    """Shared by every Log in one directory.

    Kafka takes a directory offline at its first I/O error, and DescribeLogDirs answers
    KAFKA_STORAGE_ERROR for it until a restart. kbroker keeps serving reads from a full disk and
    refuses only the appends that do not fit, so the directory is failing from an append refused
    for want of space until an append into it (to any of its partitions) is written again: the
    disk has room once more."""

    out_of_space: bool = False

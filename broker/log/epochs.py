"""The leader epoch cache of a partition (Kafka's `LeaderEpochFileCache`, KIP-101/KIP-279).

Each entry says "leader epoch E wrote its first record at offset O". A replica that becomes a
follower asks the new leader, with OffsetForLeaderEpoch, where its own latest epoch ends on the
leader, and truncates there: what it wrote in an epoch the leader does not have, or past where
the leader's copy of the epoch ends, is divergent and goes, whatever the high watermark says.

The entries persist in the partition directory's `leader-epoch-checkpoint`, in Kafka's format:
a version line (0), a count line, then `epoch start_offset` lines; replaced atomically.
"""

from __future__ import annotations

import bisect
import os
from dataclasses import dataclass, field
from pathlib import Path

from broker import logging_setup
from broker.log.segment import fsync_dir

log = logging_setup.get_logger("kbroker.log")

CHECKPOINT_FILE = "leader-epoch-checkpoint"
UNDEFINED_EPOCH = -1
UNDEFINED_EPOCH_OFFSET = -1


@dataclass(slots=True)
class LeaderEpochCache:
    """Entries sorted by epoch and by start offset (both strictly increasing)."""

    path: Path | None = None  # the checkpoint file; None keeps the cache in memory only
    entries: list[tuple[int, int]] = field(default_factory=list)

    @property
    def latest_epoch(self) -> int:
        return self.entries[-1][0] if self.entries else UNDEFINED_EPOCH

    def assign(self, epoch: int, start_offset: int) -> bool:
        """Record that `epoch` starts at `start_offset` (a leader's first append in it, or a
        follower's first batch of it); True if that changed the cache. Entries of later
        or equal epochs, or starting at or after the offset, are superseded, as in Kafka."""
        if epoch < 0:
            return False
        if self.entries and self.entries[-1][0] == epoch and self.entries[-1][1] <= start_offset:
            return False  # a later batch of the latest epoch
        kept = [(e, o) for e, o in self.entries if e < epoch and o < start_offset]
        self.entries = [*kept, (epoch, start_offset)]
        return True

    def epoch_for(self, offset: int) -> int:
        """The epoch that wrote `offset` (the latest one starting at or before it), or -1."""
        i = bisect.bisect_right([o for _, o in self.entries], offset)
        return self.entries[i - 1][0] if i else UNDEFINED_EPOCH

    def end_offset_for(self, requested: int, log_end_offset: int) -> tuple[int, int]:
        """(epoch, end offset) for OffsetForLeaderEpoch: the end of the largest epoch <= the
        requested one, i.e. the start of the next larger epoch (or the log end for the latest).
        (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET) for an epoch newer than any known, or -1."""
        if requested == UNDEFINED_EPOCH or not self.entries:
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
        if requested == self.latest_epoch:
            return requested, log_end_offset
        epochs = [e for e, _ in self.entries]
        higher = bisect.bisect_right(epochs, requested)
        if higher == len(self.entries):
            return UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET  # newer than anything here
        if higher == 0:
            return requested, self.entries[0][1]  # older than the first known epoch
        return self.entries[higher - 1][0], self.entries[higher][1]

    def truncate_from_end(self, end_offset: int) -> bool:
        """The log was cut at `end_offset`: epochs starting at or after it are gone."""
        kept = [(e, o) for e, o in self.entries if o < end_offset]
        changed = len(kept) != len(self.entries)
        self.entries = kept
        return changed

    def truncate_from_start(self, start_offset: int) -> bool:
        """The log now starts at `start_offset` (retention): the epoch holding it starts there."""
        i = bisect.bisect_right([o for _, o in self.entries], start_offset)
        if i == 0:
            return False
        kept = self.entries[i - 1 :]
        if kept[0][1] == start_offset and len(kept) == len(self.entries):
            return False
        self.entries = [(kept[0][0], start_offset), *kept[1:]]
        return True

    # --- the checkpoint file (blocking) ---------------------------------------------------------

    def write(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        body = "".join(f"{e} {o}\n" for e, o in self.entries)
        with open(tmp, "w") as f:
            f.write(f"0\n{len(self.entries)}\n{body}")
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(self.path)
        fsync_dir(self.path.parent)

    @classmethod
    def read(cls, directory: Path) -> LeaderEpochCache:
        path = directory / CHECKPOINT_FILE
        cache = cls(path)
        try:
            lines = path.read_text().splitlines()
        except FileNotFoundError:
            return cache
        try:
            if int(lines[0]) != 0:
                raise ValueError(f"version {lines[0]}")
            for line in lines[2 : 2 + int(lines[1])]:
                epoch, offset = line.split()
                cache.assign(int(epoch), int(offset))
        except (IndexError, ValueError) as e:
            log.warning("ignore checkpoint", path=str(path), reason=f"malformed: {e}")
            cache.entries = []
        return cache

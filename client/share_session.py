"""A share consumer's share session with one broker (KIP-932): the partitions it fetches there
and the epoch of its next request. Epoch 0 opens it with the full partition list; each answered
ShareFetch or ShareAcknowledge moves it on by one and later requests name only the partitions
added (or carrying acknowledgements) and those forgotten; -1 closes it. Pure: no I/O.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

INITIAL_EPOCH, FINAL_EPOCH = 0, -1
_MAX_EPOCH = 2**31 - 1

PartitionId = tuple[uuid.UUID, int]


def _by_topic(partitions: Iterable[PartitionId]) -> dict[uuid.UUID, list[int]]:
    out: dict[uuid.UUID, list[int]] = {}
    for topic_id, p in sorted(partitions):
        out.setdefault(topic_id, []).append(p)
    return out


@dataclass(slots=True)
class ShareSession:
    node_id: int
    epoch: int = INITIAL_EPOCH
    partitions: set[PartitionId] = field(default_factory=set)

    def fetch_body(
        self,
        wanted: set[PartitionId],
        acks: dict[PartitionId, list[dict[str, Any]]],
        fixed: dict[str, Any],
    ) -> dict[str, Any]:
        """A ShareFetch for `wanted` (the assigned partitions this broker leads), carrying `acks`
        for some of them; `fixed` has group, member and the wait/size limits."""
        named = wanted | set(acks) if self.epoch == INITIAL_EPOCH else (wanted - self.partitions) | set(acks)
        forgotten = set() if self.epoch == INITIAL_EPOCH else self.partitions - wanted - set(acks)
        return {
            **fixed,
            "share_session_epoch": self.epoch,
            "topics": [
                {
                    "topic_id": t,
                    "partitions": [
                        {
                            "partition_index": p,
                            "partition_max_bytes": 0,
                            "acknowledgement_batches": acks.get((t, p), []),
                        }
                        for p in ps
                    ],
                }
                for t, ps in _by_topic(named).items()
            ],
            "forgotten_topics_data": [
                {"topic_id": t, "partitions": ps} for t, ps in _by_topic(forgotten).items()
            ],
        }

    def acknowledge_body(
        self, acks: dict[PartitionId, list[dict[str, Any]]], fixed: dict[str, Any], *, final: bool = False
    ) -> dict[str, Any]:
        return {
            **fixed,
            "share_session_epoch": FINAL_EPOCH if final else self.epoch,
            "is_renew_ack": False,
            "topics": [
                {
                    "topic_id": t,
                    "partitions": [
                        {"partition_index": p, "acknowledgement_batches": acks[(t, p)]} for p in ps
                    ],
                }
                for t, ps in _by_topic(acks).items()
            ],
        }

    def answered_fetch(self, wanted: set[PartitionId], acks: Iterable[PartitionId]) -> None:
        """The broker answered the ShareFetch built from `wanted`: the session now holds them
        (and the partitions named for acknowledgements only)."""
        self.partitions = wanted | set(acks)
        self._advance()

    def answered_acknowledge(self) -> None:
        self._advance()

    def _advance(self) -> None:
        self.epoch = 1 if self.epoch >= _MAX_EPOCH else self.epoch + 1

    @property
    def open(self) -> bool:
        return self.epoch != INITIAL_EPOCH

    def reset(self) -> None:
        """The broker lost the session (or never had it): open a new one."""
        self.epoch = INITIAL_EPOCH
        self.partitions = set()

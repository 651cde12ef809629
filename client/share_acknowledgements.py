"""What a share consumer owes the broker for the records it acquired (KIP-932), per partition:
the records handed to the application and not yet acknowledged (`held`), and the
acknowledgements ready to go out (`ready`) on the next ShareFetch, ShareAcknowledge (commit) or
the closing ShareAcknowledge. Pure: no I/O.

Implicit mode (share.acknowledgement.mode=implicit, the default) accepts everything the last poll
handed out when the application polls again, commits or closes; explicit mode leaves it to
`acknowledge()`, and a poll with records still held is an error (as Kafka's).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from client.errors import IllegalStateError
from client.structs import TopicPartition


class AcknowledgeType(enum.IntEnum):
    """Kafka's AcknowledgeType ids, as ShareFetch/ShareAcknowledge carry them."""

    GAP = 0  # an offset in an acquired range with no record (the client's own, never the user's)
    ACCEPT = 1  # processed: never delivered again
    RELEASE = 2  # not processed: delivered again (to any member), delivery count + 1
    REJECT = 3  # unprocessable: archived, never delivered again
    RENEW = 4  # still processing: the acquisition lock starts again (KIP-1222, ShareFetch v2)


class AcknowledgementMode(enum.Enum):
    IMPLICIT = "implicit"
    EXPLICIT = "explicit"


def acknowledgement_batches(acks: dict[int, AcknowledgeType]) -> list[dict[str, Any]]:
    """The AcknowledgementBatches of one partition: runs of consecutive offsets of one type."""
    batches: list[dict[str, Any]] = []
    for offset in sorted(acks):
        kind = acks[offset]
        last = batches[-1] if batches else None
        if last is not None and last["last_offset"] + 1 == offset and last["acknowledge_types"] == [kind]:
            last["last_offset"] = offset
        else:
            batches.append({"first_offset": offset, "last_offset": offset, "acknowledge_types": [int(kind)]})
    return batches


@dataclass(slots=True)
class Acknowledgements:
    mode: AcknowledgementMode = AcknowledgementMode.IMPLICIT
    held: dict[TopicPartition, set[int]] = field(default_factory=dict)
    ready: dict[TopicPartition, dict[int, AcknowledgeType]] = field(default_factory=dict)

    # -- what the broker delivered ------------------------------------------------------------

    def delivered(self, tp: TopicPartition, offsets: Iterable[int]) -> None:
        """These acquired records were handed to the application."""
        self.held.setdefault(tp, set()).update(offsets)

    def gaps(self, tp: TopicPartition, offsets: Iterable[int]) -> None:
        """Offsets acquired with no record to deliver (compacted away, transaction markers,
        aborted records): acknowledged as gaps at once."""
        ready = self.ready.setdefault(tp, {})
        for offset in offsets:
            ready[offset] = AcknowledgeType.GAP

    def release_undelivered(self, tp: TopicPartition, offsets: Iterable[int]) -> None:
        """Acquired records the application never saw (closing, or the partition left the
        assignment): released so that another member gets them without waiting for the lock."""
        ready = self.ready.setdefault(tp, {})
        for offset in offsets:
            ready.setdefault(offset, AcknowledgeType.RELEASE)

    # -- the application's acknowledgements ----------------------------------------------------

    def acknowledge(self, tp: TopicPartition, offset: int, kind: AcknowledgeType) -> None:
        if kind is AcknowledgeType.GAP:
            raise ValueError("GAP is not an acknowledgement the application gives")
        held = self.held.get(tp)
        if held is None or offset not in held:
            raise IllegalStateError(
                f"record {tp}@{offset} is not held by this consumer (or already acknowledged)"
            )
        if kind is not AcknowledgeType.RENEW:
            held.discard(offset)
        self.ready.setdefault(tp, {})[offset] = kind

    def poll(self) -> None:
        """The application polls again: implicit mode accepts what the last poll handed out;
        explicit mode needs every one acknowledged already."""
        if self.mode is AcknowledgementMode.IMPLICIT:
            self.accept_held()
        elif n := self.held_count():
            raise IllegalStateError(
                f"{n} records of the last poll are not acknowledged (share.acknowledgement.mode=explicit)"
            )

    def accept_held(
        self, keep: set[tuple[TopicPartition, int]] | frozenset[tuple[TopicPartition, int]] = frozenset()
    ) -> None:
        """Accept every held record but those in `keep` (handed out, not yet seen)."""
        for tp, offsets in self.held.items():
            ready = self.ready.setdefault(tp, {})
            for offset in offsets:
                if (tp, offset) not in keep and ready.get(
                    offset, AcknowledgeType.RENEW
                ) is AcknowledgeType.RENEW:
                    ready[offset] = AcknowledgeType.ACCEPT
        self.held = {
            tp: kept for tp, offsets in self.held.items() if (kept := {o for o in offsets if (tp, o) in keep})
        }

    def release_held(self) -> None:
        """Closing in explicit mode: what the application did not acknowledge goes back."""
        for tp, offsets in self.held.items():
            ready = self.ready.setdefault(tp, {})
            for offset in offsets:
                if ready.get(offset, AcknowledgeType.RENEW) is AcknowledgeType.RENEW:
                    ready[offset] = AcknowledgeType.RELEASE
        self.held.clear()

    def held_count(self) -> int:
        return sum(len(o) for o in self.held.values())

    # -- sending ------------------------------------------------------------------------------

    def partitions_ready(self) -> set[TopicPartition]:
        return {tp for tp, acks in self.ready.items() if acks}

    def take(self, partitions: Iterable[TopicPartition]) -> dict[TopicPartition, list[dict[str, Any]]]:
        """The AcknowledgementBatches to send for these partitions (and forget: a lost request
        loses them, the acquisition locks then expire and the records are delivered again)."""
        out: dict[TopicPartition, list[dict[str, Any]]] = {}
        for tp in partitions:
            acks = self.ready.pop(tp, None)
            if acks:
                out[tp] = acknowledgement_batches(acks)
        return out

    def forget(self, tp: TopicPartition) -> None:
        """The partition's acquisitions are void (its share session was lost)."""
        self.held.pop(tp, None)
        self.ready.pop(tp, None)

"""The sticky assignment shared by "sticky" and "cooperative-sticky" (Kafka's AbstractStickyAssignor).

Two goals, the first taking precedence: (1) balance: partition counts differ by at most one, or,
where subscriptions differ, no member with 2+ fewer partitions than another could take one of
that other's partitions; (2) stickiness: every partition a member owned (and may still own) stays
with it unless balance needs it elsewhere.

Ownership comes from each member's MemberData (what it claims to own, and in which generation).
A partition claimed by several members goes to the highest generation; a tie in the highest
generation is a bug somewhere, and nobody keeps it. Then:

* equal subscriptions (the common case): Kafka's "constrained" algorithm, step for step. With
  c members and n partitions every member's quota is n // c, and n % c members may hold one more.
  Members keep owned partitions up to their quota (ordered by partition then topic; the extra
  slots go, in member order, to members that own enough to fill them), which moves the fewest
  partitions possible; the rest are dealt round robin to the members under quota. O(n log n).

* unequal subscriptions: our own algorithm in place of Kafka's general one (which rescans
  partitions x members per move and does not scale). Members are grouped into cohorts of equal
  subscription, each with a heap of (count, member). Owned partitions still subscribed stay;
  unowned ones go, topics with the fewest potential members first, to the least-loaded
  subscribed member; then, while some member holds a partition of a topic that a member with 2+
  fewer partitions subscribes to, the most loaded member hands one such partition (preferring
  one it did not own before) to the least loaded such member. Each hand-off lowers the sum of
  squared counts, so this ends, and it ends balanced in the sense above.

Partitions are numbered 0..n-1 over topics sorted by name (a partition's number is its topic's
base plus its index), so the hot loops run over ints and flat lists.
"""

from __future__ import annotations

import gc
import heapq
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import compress, repeat

from client.assignors.base import DEFAULT_GENERATION, java_order, subscribed_partition_counts
from protocol.consumer_protocol import Assignment, Subscription, TopicPartitions

_FLIP = bytes([1, 0]) + bytes(254)  # bytes.translate table: 0 -> 1, 1 -> 0


@dataclass(slots=True, frozen=True)
class MemberData:
    """What a member says it owned before this rebalance (Kafka's AbstractStickyAssignor.MemberData).

    generation None: unknown (legacy user data); it counts as DEFAULT_GENERATION (-1).
    """

    partitions: list[TopicPartitions]
    generation: int | None = None


@dataclass(slots=True)
class _Layout:
    """Partition numbering: topics sorted by name, each topic's partitions contiguous."""

    topics: list[str]
    counts: list[int]
    bases: list[int]
    span_of: dict[str, tuple[int, int]]  # topic -> (base, count)
    total: int
    topic_of: list[int] = field(default_factory=list)  # partition number -> topic index (lazy)

    @classmethod
    def of(cls, partition_counts: Mapping[str, int]) -> _Layout:
        topics = sorted(partition_counts, key=java_order)
        counts = [partition_counts[t] for t in topics]
        bases, total = [], 0
        for n in counts:
            bases.append(total)
            total += n
        return cls(
            topics, counts, bases, dict(zip(topics, zip(bases, counts, strict=True), strict=True)), total
        )

    def topic_index(self) -> list[int]:
        if len(self.topic_of) != self.total:
            self.topic_of = []
            for ti, n in enumerate(self.counts):
                self.topic_of.extend(repeat(ti, n))
        return self.topic_of

    def assignment(self, numbers: Iterable[int]) -> Assignment:
        """An Assignment of the given partition numbers (topics by name, partitions ascending)."""
        topic_of, topics, bases = self.topic_index(), self.topics, self.bases
        out: list[TopicPartitions] = []
        current: list[int] = []
        previous, base = -1, 0
        for g in sorted(numbers):  # one pass; the hot loop of a big assignment
            ti = topic_of[g]
            if ti != previous:
                previous, base, current = ti, bases[ti], []
                out.append(_topic_partitions(TopicPartitions, (topics[ti], current)))
            current.append(g - base)
        return Assignment(out)


_topic_partitions = tuple.__new__  # TopicPartitions(...) without the NamedTuple's Python __new__


@dataclass(slots=True)
class _Claims:
    """Who claims which partition, and who keeps it."""

    owner: list[int]  # partition -> member index keeping it; -1 nobody, -2 tied claimants
    claimant: list[int]  # partition -> first member index claiming it, -1 nobody
    more_claimants: dict[int, set[int]]  # partition -> further claimants (rare)
    owned: list[list[int]]  # member index -> the partitions it keeps, in claim order

    def claimed_by_other(self, g: int, i: int) -> bool:
        c = self.claimant[g]
        return c >= 0 and c != i and i not in self.more_claimants.get(g, ())


def _claim(layout: _Layout, member_data: list[MemberData | None]) -> _Claims:
    owner = [-1] * layout.total
    claimant = [-1] * layout.total
    more: dict[int, set[int]] = {}
    tie_generation: dict[int, int] = {}
    gens = [
        DEFAULT_GENERATION if md is None or md.generation is None else md.generation for md in member_data
    ]
    owned: list[list[int]] = [[] for _ in member_data]
    for i, md in enumerate(member_data):
        if md is None:
            continue
        gen, mine = gens[i], owned[i]
        for topic, partitions in md.partitions:
            span = layout.span_of.get(topic)
            if span is None:
                continue  # a topic nobody subscribes to any more, or gone
            base, count = span
            for p in partitions:
                if not 0 <= p < count:
                    continue
                g = base + p
                c = claimant[g]
                if c < 0:
                    claimant[g] = owner[g] = i
                    mine.append(g)
                    continue
                if c == i or i in more.get(g, ()):
                    continue  # listed twice by the same member
                more.setdefault(g, set()).add(i)
                mine.append(g)
                o = owner[g]
                held_gen = gens[o] if o >= 0 else tie_generation[g]
                if gen > held_gen:
                    owner[g] = i
                    tie_generation.pop(g, None)
                elif gen == held_gen and o >= 0:
                    owner[g] = -2  # two owners in one generation: neither keeps it
                    tie_generation[g] = gen
    if more:
        owned = [[g for g in mine if owner[g] == i] for i, mine in enumerate(owned)]
    return _Claims(owner, claimant, more, owned)


def _constrained(layout: _Layout, claims: _Claims) -> list[list[int]]:
    """Kafka's ConstrainedAssignmentBuilder (all subscriptions equal), without racks."""
    n_members = len(claims.owned)
    min_quota, expected_over = divmod(layout.total, n_members)
    max_quota = min_quota + (1 if expected_over else 0)
    over = 0  # members holding max_quota (> min_quota) partitions
    assignment: list[list[int]] = []
    taken = bytearray(layout.total)
    under: list[int] = []  # members below min_quota, in member order
    exact: deque[int] = deque()  # members at min_quota that may still take one more
    topic_of, bases, n_topics = None, layout.bases, len(layout.topics)

    for i, owned in enumerate(claims.owned):
        if len(owned) < min_quota:
            keep = owned
            under.append(i)
        else:
            if len(owned) >= max_quota and over < expected_over:
                quota = max_quota
                over += 1
                if over == expected_over:
                    exact.clear()
            else:
                quota = min_quota
                if over < expected_over:
                    exact.append(i)
            if len(owned) > quota:
                # keep the lowest partitions, by partition index then topic, as Kafka does
                topic_of = topic_of or layout.topic_index()
                owned = sorted(owned, key=lambda g: (g - bases[topic_of[g]]) * n_topics + topic_of[g])
                keep = owned[:quota]
            else:
                keep = owned
        assignment.append(list(keep))
        for g in keep:
            taken[g] = 1

    # deal the rest round robin: first to those under min_quota, then one more to those at it
    pos = 0
    for g in compress(range(layout.total), taken.translate(_FLIP)):
        if pos < len(under):
            i = under[pos]
        elif under:
            pos = 0
            i = under[0]
        elif exact:
            i = exact.popleft()
        else:
            raise AssertionError("sticky: partitions left but every member is full")
        mine = assignment[i]
        mine.append(g)
        if len(mine) == min_quota:
            del under[pos]
            exact.append(i)
        elif len(mine) == max_quota:
            over += 1
        else:
            pos += 1
    return assignment


class _Cohorts:
    """Members grouped by equal subscription, each group with a lazy min-heap of (count, member)."""

    __slots__ = ("count", "of_member", "heaps", "of_topic", "size")

    def __init__(self, topic_sets: list[frozenset[int]], n_topics: int) -> None:
        self.count = [0] * len(topic_sets)
        ids: dict[frozenset[int], int] = {}
        self.of_member = [ids.setdefault(ts, len(ids)) for ts in topic_sets]
        self.heaps: list[list[tuple[int, int]]] = [[] for _ in ids]
        for i, c in enumerate(self.of_member):
            self.heaps[c].append((0, i))
        self.size = [len(heap) for heap in self.heaps]
        self.of_topic: list[list[int]] = [[] for _ in range(n_topics)]
        for ts, c in ids.items():
            for ti in ts:
                self.of_topic[ti].append(c)

    def least(self, cohort: int) -> tuple[int, int]:
        """(count, member) of the least-loaded member of `cohort` (ties: member order)."""
        heap, count = self.heaps[cohort], self.count
        while heap[0][0] != count[heap[0][1]]:
            heapq.heappop(heap)  # a stale entry; the member's current one is further down
        return heap[0]

    def bump_least(self, cohort: int) -> int:
        """Give the least-loaded member of `cohort` one more partition; that member."""
        heap, count = self.heaps[cohort], self.count
        while heap[0][0] != count[heap[0][1]]:
            heapq.heappop(heap)
        i = heap[0][1]
        count[i] += 1
        heapq.heapreplace(heap, (count[i], i))  # its entry is the top: replace, leave no stale one
        return i

    def add(self, i: int, delta: int) -> None:
        self.count[i] += delta
        heapq.heappush(self.heaps[self.of_member[i]], (self.count[i], i))


def _general(layout: _Layout, claims: _Claims, topic_sets: list[frozenset[int]]) -> list[list[int]]:
    """Balance under unequal subscriptions (see the module docstring)."""
    n_topics = len(layout.topics)
    cohorts = _Cohorts(topic_sets, n_topics)
    topic_of = layout.topic_index()
    held = [_Holding() for _ in topic_sets]
    taken = bytearray(layout.total)
    for i, owned in enumerate(claims.owned):
        holding, subscribed = held[i], topic_sets[i]
        for g in owned:
            ti = topic_of[g]
            if ti in subscribed:  # else the member unsubscribed: the partition must move
                holding.partitions.setdefault(ti, []).append(g)
                taken[g] = 1
        holding.kept = {ti: len(ps) for ti, ps in holding.partitions.items()}
        if holding.kept:
            cohorts.add(i, sum(holding.kept.values()))

    # unowned partitions: topics with the fewest potential members first, least loaded member
    potential = [sum(cohorts.size[c] for c in cs) for cs in cohorts.of_topic]
    for ti in sorted(range(n_topics), key=lambda t: (potential[t], t)):
        base, end = layout.bases[ti], layout.bases[ti] + layout.counts[ti]
        candidates = cohorts.of_topic[ti]
        for g in compress(range(base, end), taken[base:end].translate(_FLIP)):
            cohort = candidates[0]
            if len(candidates) > 1:
                cohort = min(candidates, key=cohorts.least)
            i = cohorts.bump_least(cohort)
            holding = held[i]
            mine = holding.partitions.get(ti)
            if mine is None:
                holding.partitions[ti] = [g]
            else:
                mine.append(g)
            holding.fresh += 1

    # then, from the most loaded member (among equals, the one holding the most partitions it was
    # given here: handing those on moves nothing more), one partition at a time, to a member 2+
    # lighter that subscribes to its topic; repeat until a whole pass moves nothing
    count = cohorts.count
    moved = True
    while moved:
        moved = False
        queue = [(-n, -held[i].fresh, i) for i, n in enumerate(count)]
        heapq.heapify(queue)
        while queue:
            neg, _, a = heapq.heappop(queue)
            if -neg != count[a]:
                continue  # stale
            target = held[a].lighter_member(count[a] - 2, cohorts)
            if target is None:
                continue  # settled for this pass
            b, ti = target
            held[b].take(ti, held[a].give(ti), cohorts)
            cohorts.add(a, -1)
            cohorts.add(b, 1)
            heapq.heappush(queue, (-count[a], -held[a].fresh, a))
            heapq.heappush(queue, (-count[b], -held[b].fresh, b))
            moved = True
    return [[g for ps in holding.partitions.values() for g in ps] for holding in held]


class _Holding:
    """One member's partitions in the general algorithm, per topic: the ones it owned before
    first (`kept` of them), then the ones it was given here; it gives the latter away first."""

    __slots__ = ("partitions", "kept", "fresh", "witnesses")

    def __init__(self) -> None:
        self.partitions: dict[int, list[int]] = {}
        self.kept: dict[int, int] = {}
        self.fresh = 0  # partitions given to this member here
        # cohort -> topics held here that the cohort subscribes to (built on first use; may list
        # topics no longer held, skipped when met)
        self.witnesses: dict[int, list[int]] | None = None

    def lighter_member(self, at_most: int, cohorts: _Cohorts) -> tuple[int, int] | None:
        """(member, topic): the least-loaded member with at most `at_most` partitions that can
        take one of ours, and a topic to give it; None if there is none."""
        if self.witnesses is None:
            self.witnesses = {}
            for ti in self.partitions:
                for c in cohorts.of_topic[ti]:
                    self.witnesses.setdefault(c, []).append(ti)
        while self.witnesses:
            cohort = min(self.witnesses, key=cohorts.least)
            least, b = cohorts.least(cohort)
            if least > at_most:
                return None
            topic = self._topic_for(self.witnesses[cohort])
            if topic is not None:
                return b, topic
            del self.witnesses[cohort]  # we no longer hold anything this cohort could take
        return None

    def _topic_for(self, topics: list[int]) -> int | None:
        """A topic of `topics` we still hold, preferring one with a partition given to us here."""
        while topics and topics[-1] not in self.partitions:
            topics.pop()
        fallback = topics[-1] if topics else None
        for ti in reversed(topics):
            ps = self.partitions.get(ti)
            if ps and len(ps) > self.kept.get(ti, 0):
                return ti
        return fallback

    def give(self, ti: int) -> int:
        ps = self.partitions[ti]
        g = ps.pop()
        if len(ps) < self.kept.get(ti, 0):
            self.kept[ti] = len(ps)
        else:
            self.fresh -= 1
        if not ps:
            del self.partitions[ti]
        return g

    def take(self, ti: int, g: int, cohorts: _Cohorts) -> None:
        ps = self.partitions.get(ti)
        if ps is None:
            ps = self.partitions[ti] = []
            if self.witnesses is not None:
                for c in cohorts.of_topic[ti]:
                    self.witnesses.setdefault(c, []).append(ti)
        ps.append(g)
        self.fresh += 1


def sticky_assign(
    cluster_partitions: Mapping[str, int],
    subscriptions: Mapping[str, Subscription],
    member_data: Mapping[str, MemberData | None],
    *,
    cooperative: bool = False,
) -> dict[str, Assignment]:
    """The sticky assignment, given what each member owned (`member_data`).

    cooperative (KIP-429): a partition assigned to a member that did not claim it, while another
    member still claims it, is left out this time; its owner sees it gone, revokes it, and
    rejoins, and the next rebalance hands it over.
    """
    members = sorted(subscriptions, key=java_order)
    if not members:
        return {}
    with _gc_paused():
        layout = _Layout.of(subscribed_partition_counts(cluster_partitions, subscriptions))
        claims = _claim(layout, [member_data.get(m) for m in members])
        topic_lists = [subscriptions[m].topics for m in members]
        first = topic_lists[0]
        # equal subscriptions: the usual case, cheap to see when lists are equal
        if (
            all(ts == first for ts in topic_lists)
            or len(set((distinct := _distinct_sets(topic_lists)).values())) == 1
        ):
            assignment = _constrained(layout, claims)
        else:
            index = {t: ti for ti, t in enumerate(layout.topics)}
            as_indexes = {key: frozenset(index[t] for t in ts if t in index) for key, ts in distinct.items()}
            topic_sets = [as_indexes[tuple(ts)] for ts in topic_lists]
            assignment = _general(layout, claims, topic_sets)
        if cooperative and claims.claimant.count(-1) != layout.total:
            assignment = [
                [g for g in mine if not claims.claimed_by_other(g, i)] for i, mine in enumerate(assignment)
            ]
        return {m: layout.assignment(assignment[i]) for i, m in enumerate(members)}


def _distinct_sets(topic_lists: list[list[str]]) -> dict[tuple[str, ...], frozenset[str]]:
    """Each distinct topic list (as a tuple) -> its set of topics."""
    distinct: dict[tuple[str, ...], frozenset[str]] = {}
    for ts in topic_lists:
        key = tuple(ts)
        if key not in distinct:
            distinct[key] = frozenset(ts)
    return distinct


@contextmanager
def _gc_paused() -> Iterator[None]:
    """No cyclic GC meanwhile: a big assignment allocates millions of small containers (and no
    cycles), and the collector's repeated full scans of them would double the run time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()

"""What a consumer group subscribes to: topic names and RE2 regexes resolved against the broker's
topics, the group's subscription metadata (and whether the topics have changed since it was
written), and the target assignment the server-side assignor computes from it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from broker.group.config import ConsumerGroupConfig
from broker.group.consumer.assignors import ASSIGNORS, MemberSpec
from broker.group.consumer.events import GroupError, TopicInfo, TopicsView, compile_regex
from broker.group.consumer.group import ConsumerGroup, ConsumerGroupMember
from protocol.consumer_group_records import Partitions, TopicMetadata

# A topic's partitions' replica racks, by partition index (a partition without racks: empty).
RacksView = Callable[[str], Sequence[frozenset[str]]]


def no_racks(_topic: str) -> Sequence[frozenset[str]]:
    return ()


class Subscriptions:
    def __init__(self, config: ConsumerGroupConfig, topics: TopicsView = dict):
        self.config = config
        self.topics = topics  # the broker's topics by name (set by the service)
        self.partition_racks: RacksView = no_racks  # set by the service
        self._regexes: dict[str, Any] = {}

    def remember_regex(self, pattern: str, compiled: Any) -> None:
        self._regexes[pattern] = compiled

    def metadata_changed(self, group: ConsumerGroup) -> bool:
        """Have the subscribed topics changed (partitions added, deleted, created, a regex that
        matches more or fewer topics) since the group's subscription metadata was written?"""
        all_topics = self.topics()
        known = group.subscription_metadata
        for name, tm in known.items():
            t = all_topics.get(name)
            if t is None or t.topic_id != tm.topic_id or t.partitions != tm.num_partitions:
                return True
        if any(name not in known and name in all_topics for name in group.topic_refs):
            return True
        for pattern in group.regex_refs:
            resolved = group.resolved_regexes.get(pattern)
            topics = self.resolve_regex(pattern, all_topics)
            if resolved is None or tuple(sorted(topics)) != resolved.topics:
                return True  # (its new resolution is to be written: a type-16 record)
            if any(name not in known for name in topics):
                return True
        return False

    def regex_resolutions(self, members: Mapping[str, ConsumerGroupMember]) -> dict[str, tuple[str, ...]]:
        """Each regex the members subscribe with, resolved against the broker's topics now."""
        all_topics = self.topics()
        patterns = {m.subscribed_topic_regex for m in members.values() if m.subscribed_topic_regex}
        return {p: tuple(sorted(self.resolve_regex(p, all_topics))) for p in patterns}

    def resolve_regex(self, pattern: str, names: Iterable[str]) -> list[str]:
        compiled = self._regexes.get(pattern)
        if compiled is None:
            try:
                compiled = self._regexes[pattern] = compile_regex(pattern)
            except GroupError:
                return []
        return [n for n in names if not n.startswith("__") and compiled.fullmatch(n) is not None]

    def member_topics(self, member: ConsumerGroupMember, all_topics: Mapping[str, TopicInfo]) -> set[str]:
        names = set(member.subscribed_topic_names)
        if member.subscribed_topic_regex:
            names.update(self.resolve_regex(member.subscribed_topic_regex, all_topics))
        return names

    def subscription_metadata(self, members: Mapping[str, ConsumerGroupMember]) -> dict[str, TopicMetadata]:
        all_topics = self.topics()
        names: set[str] = set()
        for m in members.values():
            names |= self.member_topics(m, all_topics)
        out = {}
        for name in names:
            topic = all_topics.get(name)
            if topic is not None:
                out[name] = TopicMetadata(topic.topic_id, name, topic.partitions)
        return out

    def preferred_assignor(self, members: Iterable[ConsumerGroupMember]) -> str:
        counts: dict[str, int] = {}
        for m in members:
            if m.server_assignor is not None:
                counts[m.server_assignor] = counts.get(m.server_assignor, 0) + 1
        if not counts:
            return self.config.assignors[0]
        return max(sorted(counts), key=lambda a: counts[a])

    def target_assignment(
        self,
        group: ConsumerGroup,
        members: Mapping[str, ConsumerGroupMember],
        metadata: Mapping[str, TopicMetadata],
    ) -> dict[str, Partitions]:
        topics = {tm.topic_id: tm.num_partitions for tm in metadata.values()}
        specs = {}
        for mid, m in members.items():
            names = set(m.subscribed_topic_names)
            if m.subscribed_topic_regex:
                names.update(self.resolve_regex(m.subscribed_topic_regex, metadata))
            specs[mid] = MemberSpec(
                frozenset(metadata[n].topic_id for n in names if n in metadata),
                group.target_of(mid),
                m.instance_id,
                m.rack_id,
            )
        assignor = self.preferred_assignor(members.values())
        racks = (
            {tm.topic_id: self.partition_racks(name) for name, tm in metadata.items()}
            if any(m.rack_id is not None for m in members.values())
            else {}
        )
        return ASSIGNORS[assignor](specs, topics, racks)

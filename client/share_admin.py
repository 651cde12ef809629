"""The admin client's share group calls (KIP-932), as a mixin of AsyncAdmin: list and describe
share groups (ListGroups with the "share" type, ShareGroupDescribe), and describe, alter and
delete their share-partition start offsets (DescribeShareGroupOffsets, AlterShareGroupOffsets,
DeleteShareGroupOffsets: keys 90-92). Alter and delete need the group EMPTY (NON_EMPTY_GROUP)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from client.errors import KafkaError, error_for
from client.structs import TopicPartition
from protocol.apis import ApiKey

if TYPE_CHECKING:
    from client.admin import GroupListing
    from client.cluster import KafkaClient

__all__ = ["ShareGroupAdmin", "ShareGroupDescription", "ShareMemberDescription", "SharePartitionOffset"]


@dataclass(frozen=True, slots=True)
class ShareMemberDescription:
    member_id: str
    client_id: str
    client_host: str
    member_epoch: int
    topics: tuple[str, ...]  # its subscription
    assignment: tuple[TopicPartition, ...]
    rack_id: str | None = None


@dataclass(frozen=True, slots=True)
class ShareGroupDescription:
    group_id: str
    state: str  # Empty, Stable, Dead
    group_epoch: int
    assignment_epoch: int
    assignor: str
    members: tuple[ShareMemberDescription, ...]


@dataclass(frozen=True, slots=True)
class SharePartitionOffset:
    """A share-partition's start offset (-1: the group has no state for it yet) and lag (None
    when the broker does not give it: before DescribeShareGroupOffsets v1)."""

    start_offset: int
    leader_epoch: int = -1
    lag: int | None = None


class ShareGroupAdmin:
    client: KafkaClient

    _coordinator_call: Callable[..., Coroutine[Any, Any, tuple[int, Any]]]

    async def list_share_groups(self, states: Iterable[str] = ()) -> list[GroupListing]:
        """Every share group of every broker (ListGroups v5+ with the "share" type)."""
        cluster = await self.client.refresh_metadata()
        states = list(states)
        from client.admin import GroupListing

        async def ask(node: int) -> list[GroupListing]:
            r = await self.client.send(
                node, ApiKey.LIST_GROUPS, {"states_filter": states, "types_filter": ["share"]}
            )
            if r.error_code:
                raise error_for(r.error_code, "ListGroups")
            return [GroupListing(g.group_id, g.protocol_type, g.group_state) for g in r.groups]

        found = await asyncio.gather(
            *(self.client.retry(functools.partial(ask, n), what="ListGroups") for n in cluster.brokers)
        )
        return sorted({g.group_id: g for gs in found for g in gs}.values(), key=lambda g: g.group_id)

    async def describe_share_groups(self, group_ids: Iterable[str]) -> dict[str, ShareGroupDescription]:
        """ShareGroupDescribe at each group's coordinator; a group that is not a share group (or
        does not exist) raises its error (GROUP_ID_NOT_FOUND)."""
        out: dict[str, ShareGroupDescription] = {}
        for group_id in group_ids:
            _, r = await self._coordinator_call(
                group_id,
                ApiKey.SHARE_GROUP_DESCRIBE,
                {"group_ids": [group_id], "include_authorized_operations": False},
                lambda r, _v: r.groups[0].error_code if r.groups else 0,
            )
            for g in r.groups:
                if g.error_code:
                    raise error_for(
                        g.error_code, f"ShareGroupDescribe {g.group_id!r}: {g.error_message or ''}"
                    )
                out[g.group_id] = ShareGroupDescription(
                    g.group_id,
                    g.group_state,
                    g.group_epoch,
                    g.assignment_epoch,
                    g.assignor_name,
                    tuple(
                        ShareMemberDescription(
                            m.member_id,
                            m.client_id,
                            m.client_host,
                            m.member_epoch,
                            tuple(m.subscribed_topic_names),
                            tuple(
                                TopicPartition(t.topic_name, p)
                                for t in m.assignment.topic_partitions
                                for p in t.partitions
                            ),
                            m.rack_id,
                        )
                        for m in g.members
                    ),
                )
        return out

    async def describe_share_group_offsets(
        self, group_id: str, partitions: Iterable[TopicPartition] | None = None
    ) -> dict[TopicPartition, SharePartitionOffset | KafkaError]:
        """The group's share-partition start offsets (and lags): of `partitions`, or of every
        partition it has state for."""
        topics: list[dict[str, Any]] | None = None
        if partitions is not None:
            by_topic: dict[str, list[int]] = {}
            for tp in sorted({TopicPartition(*tp) for tp in partitions}):
                by_topic.setdefault(tp.topic, []).append(tp.partition)
            topics = [{"topic_name": t, "partitions": ps} for t, ps in by_topic.items()]
        version, r = await self._coordinator_call(
            group_id,
            ApiKey.DESCRIBE_SHARE_GROUP_OFFSETS,
            {"groups": [{"group_id": group_id, "topics": topics}]},
            lambda r, _v: r.groups[0].error_code if r.groups else 0,
        )
        out: dict[TopicPartition, SharePartitionOffset | KafkaError] = {}
        for g in r.groups:
            if g.error_code:
                raise error_for(
                    g.error_code, f"DescribeShareGroupOffsets {group_id!r}: {g.error_message or ''}"
                )
            for t in g.topics:
                for p in t.partitions:
                    tp = TopicPartition(t.topic_name, p.partition_index)
                    if p.error_code:
                        out[tp] = error_for(p.error_code, f"{tp}: {p.error_message or ''}")
                    else:
                        lag = p.lag if version >= 1 and p.lag >= 0 else None
                        out[tp] = SharePartitionOffset(p.start_offset, p.leader_epoch, lag)
        return out

    async def alter_share_group_offsets(
        self, group_id: str, offsets: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, KafkaError | None]:
        """Set start offsets of an empty share group: per partition, None or the refusal. A
        group-level refusal (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND) is raised."""
        by_topic: dict[str, list[dict[str, int]]] = {}
        for tp, offset in sorted((TopicPartition(*tp), int(o)) for tp, o in offsets.items()):
            by_topic.setdefault(tp.topic, []).append(
                {"partition_index": tp.partition, "start_offset": offset}
            )
        _, r = await self._coordinator_call(
            group_id,
            ApiKey.ALTER_SHARE_GROUP_OFFSETS,
            {
                "group_id": group_id,
                "topics": [{"topic_name": t, "partitions": ps} for t, ps in by_topic.items()],
            },
            lambda r, _v: r.error_code,
        )
        if r.error_code:
            raise error_for(r.error_code, f"AlterShareGroupOffsets {group_id!r}: {r.error_message or ''}")
        return {
            TopicPartition(t.topic_name, p.partition_index): (
                error_for(p.error_code, p.error_message or "") if p.error_code else None
            )
            for t in r.responses
            for p in t.partitions
        }

    async def delete_share_group_offsets(
        self, group_id: str, topics: Iterable[str]
    ) -> dict[str, KafkaError | None]:
        """Drop an empty share group's state for whole topics: per topic, None or the refusal."""
        _, r = await self._coordinator_call(
            group_id,
            ApiKey.DELETE_SHARE_GROUP_OFFSETS,
            {"group_id": group_id, "topics": [{"topic_name": t} for t in sorted(set(topics))]},
            lambda r, _v: r.error_code,
        )
        if r.error_code:
            raise error_for(r.error_code, f"DeleteShareGroupOffsets {group_id!r}: {r.error_message or ''}")
        return {
            t.topic_name: error_for(t.error_code, t.error_message or "") if t.error_code else None
            for t in r.responses
        }

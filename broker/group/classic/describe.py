"""DescribeGroups and ListGroups: what a shard's groups look like from outside (pure reads)."""

from __future__ import annotations

from collections.abc import Iterable

from broker.group.classic.group import ClassicGroup, GroupState
from broker.group.events import DescribedGroup, DescribedMember, ListedGroup
from protocol.errors import ErrorCode


def describe_group(group_id: str, group: ClassicGroup | None, api_version: int = 0) -> DescribedGroup:
    if group is None or group.is_in(GroupState.DEAD):
        if api_version >= 6:
            return DescribedGroup(
                group_id,
                ErrorCode.GROUP_ID_NOT_FOUND,
                str(GroupState.DEAD),
                error_message=f"Group {group_id} not found.",
            )
        return DescribedGroup(group_id, ErrorCode.NONE, str(GroupState.DEAD))
    stable = group.is_in(GroupState.STABLE)
    members = [
        DescribedMember(
            m.member_id,
            m.group_instance_id,
            m.client_id,
            m.client_host,
            m.metadata(group.protocol_name) if stable and group.protocol_name else b"",
            m.assignment,
        )
        for m in group.members.values()
    ]
    return DescribedGroup(
        group_id,
        ErrorCode.NONE,
        str(group.state),
        group.protocol_type or "",
        (group.protocol_name or "") if stable else "",
        members,
    )


def list_groups(
    groups: Iterable[ClassicGroup], states: Iterable[str] = (), types: Iterable[str] = ()
) -> list[ListedGroup]:
    wanted_states = {s.lower() for s in states}
    wanted_types = {t.lower() for t in types}
    if wanted_types and "classic" not in wanted_types:
        return []
    return [
        ListedGroup(g.group_id, g.protocol_type or "", str(g.state))
        for g in groups
        if not g.is_in(GroupState.DEAD) and (not wanted_states or str(g.state).lower() in wanted_states)
    ]

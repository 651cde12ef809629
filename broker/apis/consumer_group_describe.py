"""ConsumerGroupDescribe (KIP-848): epochs, assignor and members of consumer groups."""

from __future__ import annotations

import uuid

from broker.apis.context import HandlerContext
from broker.apis.describe_groups import GROUP_OPERATIONS, NOT_REQUESTED
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.consumer_group_records import Partitions
from protocol.errors import ErrorCode
from protocol.typed import (
    ConsumerGroupDescribeRequest,
    ConsumerGroupDescribeResponse,
    ConsumerGroupDescribeResponseGroupMemberAssignment,
)

CLASSIC_MEMBER, CONSUMER_MEMBER = 0, 1  # MemberType (v1); classic: broker/group/consumer/classic_members.py


def _assignment(
    partitions: Partitions, names: dict[uuid.UUID, str]
) -> ConsumerGroupDescribeResponseGroupMemberAssignment:
    return {
        "topic_partitions": [
            {"topic_id": t, "topic_name": names.get(t, ""), "partitions": sorted(ps)}
            for t, ps in sorted(partitions.items())
            if ps
        ]
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ConsumerGroupDescribeRequest
) -> ConsumerGroupDescribeResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    operations = GROUP_OPERATIONS if request.include_authorized_operations else NOT_REQUESTED
    names = {t.topic_id: name for name, t in broker.topics.topics.items()}
    authz = broker.authorizer
    wanted = list(request.group_ids)
    refused = [g for g in wanted if authz is not None and not authz.group(ctx, Operation.DESCRIBE, g)]
    groups = broker.groups.consumer_group_describe([g for g in wanted if g not in refused])
    answer: ConsumerGroupDescribeResponse = {
        "throttle_time_ms": 0,
        "groups": [
            {
                "error_code": g.error,
                "error_message": g.error_message,
                "group_id": g.group_id,
                "group_state": g.state,
                "group_epoch": g.group_epoch,
                "assignment_epoch": g.assignment_epoch,
                "assignor_name": g.assignor,
                "members": [
                    {
                        "member_id": d.member.member_id,
                        "instance_id": d.member.instance_id,
                        "rack_id": d.member.rack_id,
                        "member_epoch": d.member.member_epoch,
                        "client_id": d.member.client_id,
                        "client_host": d.member.client_host,
                        "subscribed_topic_names": list(d.member.subscribed_topic_names),
                        "subscribed_topic_regex": d.member.subscribed_topic_regex,
                        "assignment": _assignment(d.member.assigned, names),
                        "target_assignment": _assignment(d.target, names),
                        "member_type": CLASSIC_MEMBER if d.member.uses_classic_protocol else CONSUMER_MEMBER,
                    }
                    for d in g.members
                ],
                "authorized_operations": operations,
            }
            for g in groups
        ],
    }
    for g in refused:
        answer["groups"].append(
            {
                "error_code": ErrorCode.GROUP_AUTHORIZATION_FAILED,
                "group_id": g,
                "group_state": "",
                "group_epoch": 0,
                "assignment_epoch": 0,
                "assignor_name": "",
                "members": [],
                "authorized_operations": operations,
            }
        )
    return answer

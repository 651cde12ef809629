"""ShareGroupDescribe (KIP-932): epochs, assignor and members of share groups."""

from __future__ import annotations

import uuid

from broker.apis.context import HandlerContext
from broker.apis.describe_groups import GROUP_OPERATIONS, NOT_REQUESTED
from broker.security.acl import Operation
from broker.server import RequestContext
from protocol.errors import ErrorCode
from protocol.share_group_records import Partitions
from protocol.typed import (
    ShareGroupDescribeRequest,
    ShareGroupDescribeResponse,
    ShareGroupDescribeResponseGroupMemberAssignment,
)


def _assignment(
    partitions: Partitions, names: dict[uuid.UUID, str]
) -> ShareGroupDescribeResponseGroupMemberAssignment:
    # (a topic deleted since is left out, as Kafka's ShareGroupMember.asShareGroupDescribeMember)
    return {
        "topic_partitions": [
            {"topic_id": t, "topic_name": names[t], "partitions": sorted(ps)}
            for t, ps in sorted(partitions.items())
            if ps and t in names
        ]
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: ShareGroupDescribeRequest
) -> ShareGroupDescribeResponse:
    # Answered at once (never waits), so a plain function: no task per request (see broker/server.py).
    operations = GROUP_OPERATIONS if request.include_authorized_operations else NOT_REQUESTED
    names = {t.topic_id: name for name, t in broker.topics.topics.items()}
    authz = broker.authorizer
    wanted = list(request.group_ids)
    refused = [g for g in wanted if authz is not None and not authz.group(ctx, Operation.DESCRIBE, g)]
    groups = broker.groups.share_group_describe([g for g in wanted if g not in refused])
    answer: ShareGroupDescribeResponse = {
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
                        "member_id": m.member_id,
                        "rack_id": m.rack_id,
                        "member_epoch": m.member_epoch,
                        "client_id": m.client_id,
                        "client_host": m.client_host,
                        "subscribed_topic_names": list(m.subscribed_topic_names),
                        "assignment": _assignment(m.assigned, names),
                    }
                    for m in g.members
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
                "error_message": None,
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

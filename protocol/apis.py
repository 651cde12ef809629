"""Every API kbroker knows the bytes of, by key."""

from __future__ import annotations

import enum

from protocol.api import Api
from protocol.messages import (
    api_versions,
    consumer_group_describe,
    consumer_group_heartbeat,
    create_topics,
    delete_groups,
    delete_topics,
    describe_groups,
    fetch,
    find_coordinator,
    heartbeat,
    init_producer_id,
    join_group,
    leave_group,
    list_groups,
    list_offsets,
    metadata,
    offset_commit,
    offset_delete,
    offset_fetch,
    offset_for_leader_epoch,
    produce,
    sync_group,
)

ALL: tuple[Api, ...] = (
    produce.API,
    fetch.API,
    list_offsets.API,
    metadata.API,
    offset_commit.API,
    offset_fetch.API,
    find_coordinator.API,
    join_group.API,
    heartbeat.API,
    leave_group.API,
    sync_group.API,
    describe_groups.API,
    list_groups.API,
    api_versions.API,
    create_topics.API,
    delete_topics.API,
    offset_for_leader_epoch.API,
    init_producer_id.API,
    delete_groups.API,
    offset_delete.API,
    consumer_group_heartbeat.API,
    consumer_group_describe.API,
)

APIS: dict[int, Api] = {api.key: api for api in ALL}


class ApiKey(enum.IntEnum):
    PRODUCE = 0
    FETCH = 1
    LIST_OFFSETS = 2
    METADATA = 3
    OFFSET_COMMIT = 8
    OFFSET_FETCH = 9
    FIND_COORDINATOR = 10
    JOIN_GROUP = 11
    HEARTBEAT = 12
    LEAVE_GROUP = 13
    SYNC_GROUP = 14
    DESCRIBE_GROUPS = 15
    LIST_GROUPS = 16
    API_VERSIONS = 18
    CREATE_TOPICS = 19
    DELETE_TOPICS = 20
    INIT_PRODUCER_ID = 22
    OFFSET_FOR_LEADER_EPOCH = 23
    DELETE_GROUPS = 42
    OFFSET_DELETE = 47
    CONSUMER_GROUP_HEARTBEAT = 68
    CONSUMER_GROUP_DESCRIBE = 69

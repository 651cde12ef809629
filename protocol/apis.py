"""Every API kbroker knows the bytes of, by key."""

from __future__ import annotations

import enum

from protocol.api import Api
from protocol.messages import (
    add_offsets_to_txn,
    add_partitions_to_txn,
    alter_client_quotas,
    alter_configs,
    alter_replica_log_dirs,
    alter_share_group_offsets,
    api_versions,
    client_telemetry,
    consumer_group_describe,
    consumer_group_heartbeat,
    create_acls,
    create_partitions,
    create_topics,
    delete_acls,
    delete_groups,
    delete_records,
    delete_share_group_offsets,
    delete_share_group_state,
    delete_topics,
    describe_acls,
    describe_client_quotas,
    describe_cluster,
    describe_configs,
    describe_groups,
    describe_log_dirs,
    describe_producers,
    describe_share_group_offsets,
    describe_topic_partitions,
    describe_transactions,
    elect_leaders,
    end_txn,
    fetch,
    find_coordinator,
    heartbeat,
    incremental_alter_configs,
    init_producer_id,
    initialize_share_group_state,
    join_group,
    leave_group,
    list_config_resources,
    list_groups,
    list_offsets,
    list_transactions,
    metadata,
    offset_commit,
    offset_delete,
    offset_fetch,
    offset_for_leader_epoch,
    partition_reassignments,
    produce,
    read_share_group_state,
    read_share_group_state_summary,
    sasl_authenticate,
    sasl_handshake,
    share_acknowledge,
    share_fetch,
    share_group_describe,
    share_group_heartbeat,
    sync_group,
    txn_offset_commit,
    update_features,
    user_scram_credentials,
    write_share_group_state,
    write_txn_markers,
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
    describe_client_quotas.API,
    alter_client_quotas.API,
    consumer_group_heartbeat.API,
    consumer_group_describe.API,
    share_group_heartbeat.API,
    share_group_describe.API,
    describe_share_group_offsets.API,
    alter_share_group_offsets.API,
    delete_share_group_offsets.API,
    share_fetch.API,
    share_acknowledge.API,
    delete_records.API,
    describe_configs.API,
    alter_configs.API,
    describe_log_dirs.API,
    create_partitions.API,
    incremental_alter_configs.API,
    describe_cluster.API,
    describe_producers.API,
    elect_leaders.API,
    partition_reassignments.ALTER_API,
    partition_reassignments.LIST_API,
    user_scram_credentials.DESCRIBE_API,
    user_scram_credentials.ALTER_API,
    alter_replica_log_dirs.API,
    update_features.API,
    client_telemetry.GET_API,
    client_telemetry.PUSH_API,
    list_config_resources.API,
    describe_topic_partitions.API,
    add_partitions_to_txn.API,
    add_offsets_to_txn.API,
    end_txn.API,
    write_txn_markers.API,
    txn_offset_commit.API,
    describe_transactions.API,
    list_transactions.API,
    sasl_handshake.API,
    sasl_authenticate.API,
    describe_acls.API,
    create_acls.API,
    delete_acls.API,
    # KIP-932's share coordinator (inter-broker)
    initialize_share_group_state.API,
    read_share_group_state.API,
    write_share_group_state.API,
    delete_share_group_state.API,
    read_share_group_state_summary.API,
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
    SASL_HANDSHAKE = 17
    API_VERSIONS = 18
    CREATE_TOPICS = 19
    DELETE_TOPICS = 20
    DELETE_RECORDS = 21
    INIT_PRODUCER_ID = 22
    OFFSET_FOR_LEADER_EPOCH = 23
    ADD_PARTITIONS_TO_TXN = 24
    ADD_OFFSETS_TO_TXN = 25
    END_TXN = 26
    WRITE_TXN_MARKERS = 27
    TXN_OFFSET_COMMIT = 28
    DESCRIBE_ACLS = 29
    CREATE_ACLS = 30
    DELETE_ACLS = 31
    DESCRIBE_CONFIGS = 32
    ALTER_CONFIGS = 33
    ALTER_REPLICA_LOG_DIRS = 34
    DESCRIBE_LOG_DIRS = 35
    SASL_AUTHENTICATE = 36
    CREATE_PARTITIONS = 37
    DELETE_GROUPS = 42
    ELECT_LEADERS = 43
    INCREMENTAL_ALTER_CONFIGS = 44
    ALTER_PARTITION_REASSIGNMENTS = 45
    LIST_PARTITION_REASSIGNMENTS = 46
    OFFSET_DELETE = 47
    DESCRIBE_CLIENT_QUOTAS = 48
    ALTER_CLIENT_QUOTAS = 49
    DESCRIBE_USER_SCRAM_CREDENTIALS = 50
    ALTER_USER_SCRAM_CREDENTIALS = 51
    UPDATE_FEATURES = 57
    DESCRIBE_CLUSTER = 60
    DESCRIBE_PRODUCERS = 61
    DESCRIBE_TRANSACTIONS = 65
    LIST_TRANSACTIONS = 66
    CONSUMER_GROUP_HEARTBEAT = 68
    CONSUMER_GROUP_DESCRIBE = 69
    GET_TELEMETRY_SUBSCRIPTIONS = 71
    PUSH_TELEMETRY = 72
    LIST_CONFIG_RESOURCES = 74
    DESCRIBE_TOPIC_PARTITIONS = 75
    SHARE_GROUP_HEARTBEAT = 76
    SHARE_GROUP_DESCRIBE = 77
    SHARE_FETCH = 78
    SHARE_ACKNOWLEDGE = 79
    INITIALIZE_SHARE_GROUP_STATE = 83
    READ_SHARE_GROUP_STATE = 84
    WRITE_SHARE_GROUP_STATE = 85
    DELETE_SHARE_GROUP_STATE = 86
    READ_SHARE_GROUP_STATE_SUMMARY = 87
    DESCRIBE_SHARE_GROUP_OFFSETS = 90
    ALTER_SHARE_GROUP_OFFSETS = 91
    DELETE_SHARE_GROUP_OFFSETS = 92

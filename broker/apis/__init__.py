"""One handler per API key: decode -> call a component -> encode. ApiVersions advertises these.

Each handler is typed with its API's request and response (protocol/typed.py) and takes the
broker as a `HandlerContext` (broker/apis/context.py); `_route` checks, per API key, that the
handler's types are that API's, then erases them to the server's `Handler` shape.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TypeVar, cast

from construct import Container

from broker.apis import (
    acls,
    add_offsets_to_txn,
    add_partitions_to_txn,
    alter_configs,
    alter_replica_log_dirs,
    alter_share_group_offsets,
    api_versions,
    client_quotas,
    client_telemetry,
    consumer_group_describe,
    consumer_group_heartbeat,
    create_partitions,
    create_topics,
    delete_groups,
    delete_records,
    delete_share_group_offsets,
    delete_topics,
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
    init_producer_id,
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
    produce_raw,
    sasl,
    share_acknowledge,
    share_fetch,
    share_group_describe,
    share_group_heartbeat,
    share_group_state,
    sync_group,
    txn_offset_commit,
    update_features,
    user_scram_credentials,
    write_txn_markers,
)
from broker.apis.context import Answer, HandlerContext
from broker.server import Handler, HandlerResult, RawHandler, RawLaterHandler, RequestContext
from protocol import typed
from protocol.apis import APIS, ApiKey
from protocol.typed import ApiVersionsResponseApiKey, Endpoint

Req = TypeVar("Req")
Resp = TypeVar("Resp")

# A handler as the table holds it: its request and response types erased (async if it may wait,
# else plain: answered in the same pass, no task; see broker/server.py).
BrokerHandler = Callable[[HandlerContext, RequestContext, Container], HandlerResult]


def _route(
    api: Endpoint[Req, Resp], handler: Callable[[HandlerContext, RequestContext, Req], Answer[Resp]]
) -> tuple[ApiKey, BrokerHandler]:
    """The table's entry for a handler of `api`: mypy checks that the handler takes that API's
    request and answers its response. The server hands it the Container the API's decoder made,
    which is what `Req` describes (both come from one declaration: tests/protocol/test_typed.py)."""
    return ApiKey(api.key), cast(BrokerHandler, handler)


HANDLERS: dict[ApiKey, BrokerHandler] = dict(
    [
        _route(typed.API_VERSIONS, api_versions.handle),
        _route(typed.METADATA, metadata.handle),
        _route(typed.FIND_COORDINATOR, find_coordinator.handle),
        # groups
        _route(typed.JOIN_GROUP, join_group.handle),
        _route(typed.SYNC_GROUP, sync_group.handle),
        _route(typed.HEARTBEAT, heartbeat.handle),
        _route(typed.LEAVE_GROUP, leave_group.handle),
        _route(typed.OFFSET_COMMIT, offset_commit.handle),
        _route(typed.OFFSET_FETCH, offset_fetch.handle),
        _route(typed.DESCRIBE_GROUPS, describe_groups.handle),
        _route(typed.LIST_GROUPS, list_groups.handle),
        _route(typed.DELETE_GROUPS, delete_groups.handle),
        _route(typed.OFFSET_DELETE, offset_delete.handle),
        _route(typed.CONSUMER_GROUP_HEARTBEAT, consumer_group_heartbeat.handle),  # KIP-848
        _route(typed.CONSUMER_GROUP_DESCRIBE, consumer_group_describe.handle),
        _route(typed.SHARE_GROUP_HEARTBEAT, share_group_heartbeat.handle),  # KIP-932 (membership)
        _route(typed.SHARE_GROUP_DESCRIBE, share_group_describe.handle),
        _route(typed.DESCRIBE_SHARE_GROUP_OFFSETS, describe_share_group_offsets.handle),
        _route(typed.ALTER_SHARE_GROUP_OFFSETS, alter_share_group_offsets.handle),
        _route(typed.DELETE_SHARE_GROUP_OFFSETS, delete_share_group_offsets.handle),
        _route(typed.SHARE_FETCH, share_fetch.handle),  # KIP-932 (share-partitions, broker/share/)
        _route(typed.SHARE_ACKNOWLEDGE, share_acknowledge.handle),
        # KIP-932's share coordinator (inter-broker: broker/share/coordinator/)
        _route(typed.INITIALIZE_SHARE_GROUP_STATE, share_group_state.handle_initialize),
        _route(typed.READ_SHARE_GROUP_STATE, share_group_state.handle_read),
        _route(typed.WRITE_SHARE_GROUP_STATE, share_group_state.handle_write),
        _route(typed.DELETE_SHARE_GROUP_STATE, share_group_state.handle_delete),
        _route(typed.READ_SHARE_GROUP_STATE_SUMMARY, share_group_state.handle_read_summary),
    ]
)
# Served only where group.coordinator.rebalance.protocols has "consumer" (as Kafka, not advertised else).
CONSUMER_PROTOCOL_APIS = frozenset({ApiKey.CONSUMER_GROUP_HEARTBEAT, ApiKey.CONSUMER_GROUP_DESCRIBE})
# Served only where share groups are enabled (group.share.enable; as Kafka, not advertised else).
SHARE_PROTOCOL_APIS = frozenset(
    {
        ApiKey.SHARE_GROUP_HEARTBEAT,
        ApiKey.SHARE_GROUP_DESCRIBE,
        ApiKey.SHARE_FETCH,
        ApiKey.SHARE_ACKNOWLEDGE,
        ApiKey.INITIALIZE_SHARE_GROUP_STATE,
        ApiKey.READ_SHARE_GROUP_STATE,
        ApiKey.WRITE_SHARE_GROUP_STATE,
        ApiKey.DELETE_SHARE_GROUP_STATE,
        ApiKey.READ_SHARE_GROUP_STATE_SUMMARY,
        ApiKey.DESCRIBE_SHARE_GROUP_OFFSETS,
        ApiKey.ALTER_SHARE_GROUP_OFFSETS,
        ApiKey.DELETE_SHARE_GROUP_OFFSETS,
    }
)
HANDLERS.update(
    [
        _route(typed.PRODUCE, produce.handle),
        _route(typed.FETCH, fetch.handle),
        _route(typed.LIST_OFFSETS, list_offsets.handle),
        _route(typed.CREATE_TOPICS, create_topics.handle),
        _route(typed.DELETE_TOPICS, delete_topics.handle),
        _route(typed.INIT_PRODUCER_ID, init_producer_id.handle),
        _route(typed.OFFSET_FOR_LEADER_EPOCH, offset_for_leader_epoch.handle),
    ]
)
HANDLERS.update(
    [  # transactions (broker/txn)
        _route(typed.ADD_PARTITIONS_TO_TXN, add_partitions_to_txn.handle),
        _route(typed.ADD_OFFSETS_TO_TXN, add_offsets_to_txn.handle),
        _route(typed.END_TXN, end_txn.handle),
        _route(typed.WRITE_TXN_MARKERS, write_txn_markers.handle),
        _route(typed.TXN_OFFSET_COMMIT, txn_offset_commit.handle),
        _route(typed.DESCRIBE_TRANSACTIONS, describe_transactions.handle),
        _route(typed.LIST_TRANSACTIONS, list_transactions.handle),
    ]
)
HANDLERS.update(
    [  # operating the broker: what admin clients, tools and UIs call
        _route(typed.DESCRIBE_CONFIGS, describe_configs.handle),
        _route(typed.ALTER_CONFIGS, alter_configs.handle_alter),
        _route(typed.INCREMENTAL_ALTER_CONFIGS, alter_configs.handle_incremental),
        _route(typed.CREATE_PARTITIONS, create_partitions.handle),
        _route(typed.DELETE_RECORDS, delete_records.handle),
        _route(typed.DESCRIBE_CLUSTER, describe_cluster.handle),
        _route(typed.DESCRIBE_LOG_DIRS, describe_log_dirs.handle),
        _route(typed.DESCRIBE_PRODUCERS, describe_producers.handle),
        _route(typed.DESCRIBE_CLIENT_QUOTAS, client_quotas.handle_describe),
        _route(typed.ALTER_CLIENT_QUOTAS, client_quotas.handle_alter),
        _route(typed.ELECT_LEADERS, elect_leaders.handle),
        _route(typed.ALTER_PARTITION_REASSIGNMENTS, partition_reassignments.handle_alter),
        _route(typed.LIST_PARTITION_REASSIGNMENTS, partition_reassignments.handle_list),
        _route(typed.ALTER_REPLICA_LOG_DIRS, alter_replica_log_dirs.handle),
        _route(typed.UPDATE_FEATURES, update_features.handle),
        _route(typed.LIST_CONFIG_RESOURCES, list_config_resources.handle),
        _route(typed.GET_TELEMETRY_SUBSCRIPTIONS, client_telemetry.handle_get),
        _route(typed.PUSH_TELEMETRY, client_telemetry.handle_push),
        _route(typed.DESCRIBE_TOPIC_PARTITIONS, describe_topic_partitions.handle),
    ]
)
HANDLERS.update(
    [  # security: a SASL listener's connection answers the SASL exchange itself (broker/server.py)
        _route(typed.SASL_HANDSHAKE, sasl.handle_handshake),
        _route(typed.SASL_AUTHENTICATE, sasl.handle_authenticate),
        _route(typed.DESCRIBE_ACLS, acls.handle_describe),
        _route(typed.CREATE_ACLS, acls.handle_create),
        _route(typed.DELETE_ACLS, acls.handle_delete),
        _route(typed.DESCRIBE_USER_SCRAM_CREDENTIALS, user_scram_credentials.handle_describe),
        _route(typed.ALTER_USER_SCRAM_CREDENTIALS, user_scram_credentials.handle_alter),
    ]
)


def advertised_versions(
    consumer_protocol: bool = True, share_protocol: bool = False
) -> list[ApiVersionsResponseApiKey]:
    return [
        {"api_key": int(key), "min_version": APIS[key].min_version, "max_version": APIS[key].max_version}
        for key in sorted(HANDLERS)
        if (consumer_protocol or key not in CONSUMER_PROTOCOL_APIS)
        and (share_protocol or key not in SHARE_PROTOCOL_APIS)
    ]


def bind_handlers(ctx: HandlerContext) -> dict[int, Handler]:
    return {int(key): partial(fn, ctx) for key, fn in HANDLERS.items()}


# Answered from the receive buffer where they can be (server.RawHandler): the requests that
# come by the hundred thousand.
RAW_HANDLERS = {ApiKey.HEARTBEAT: heartbeat.handle_raw}


def bind_raw_handlers(ctx: HandlerContext) -> dict[int, RawHandler]:
    return {int(key): partial(fn, ctx) for key, fn in RAW_HANDLERS.items()}


# Likewise, for requests answered once their records are durable (server.RawLaterHandler).
RAW_LATER_HANDLERS = {ApiKey.OFFSET_COMMIT: offset_commit.handle_raw, ApiKey.PRODUCE: produce_raw.handle_raw}


def bind_raw_later_handlers(ctx: HandlerContext) -> dict[int, RawLaterHandler]:
    return {int(key): partial(fn, ctx) for key, fn in RAW_LATER_HANDLERS.items()}


unsupported_version_answer = api_versions.unsupported_version_answer

"""One handler per API key: decode -> call a component -> encode. ApiVersions advertises these."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any

from broker.apis import (
    acls,
    add_offsets_to_txn,
    add_partitions_to_txn,
    alter_configs,
    api_versions,
    consumer_group_describe,
    consumer_group_heartbeat,
    create_partitions,
    create_topics,
    delete_groups,
    delete_records,
    delete_topics,
    describe_cluster,
    describe_configs,
    describe_groups,
    describe_log_dirs,
    describe_producers,
    describe_transactions,
    end_txn,
    fetch,
    find_coordinator,
    heartbeat,
    init_producer_id,
    join_group,
    leave_group,
    list_groups,
    list_offsets,
    list_transactions,
    metadata,
    offset_commit,
    offset_delete,
    offset_fetch,
    offset_for_leader_epoch,
    produce,
    sasl,
    sync_group,
    txn_offset_commit,
    write_txn_markers,
)
from broker.server import Body, Handler, RawHandler, RequestContext
from protocol.apis import APIS, ApiKey

if TYPE_CHECKING:
    from broker.broker import Broker

# async if it may wait, else plain (answered in the same pass, no task: see broker/server.py)
BrokerHandler = Callable[
    ["Broker", RequestContext, Any], Coroutine[Any, Any, Body] | asyncio.Future[Any] | Body
]

HANDLERS: dict[ApiKey, BrokerHandler] = {
    ApiKey.API_VERSIONS: api_versions.handle,
    ApiKey.METADATA: metadata.handle,
    ApiKey.FIND_COORDINATOR: find_coordinator.handle,
}
HANDLERS.update(
    {
        ApiKey.JOIN_GROUP: join_group.handle,
        ApiKey.SYNC_GROUP: sync_group.handle,
        ApiKey.HEARTBEAT: heartbeat.handle,
        ApiKey.LEAVE_GROUP: leave_group.handle,
        ApiKey.OFFSET_COMMIT: offset_commit.handle,
        ApiKey.OFFSET_FETCH: offset_fetch.handle,
        ApiKey.DESCRIBE_GROUPS: describe_groups.handle,
        ApiKey.LIST_GROUPS: list_groups.handle,
        ApiKey.DELETE_GROUPS: delete_groups.handle,
        ApiKey.OFFSET_DELETE: offset_delete.handle,
        ApiKey.CONSUMER_GROUP_HEARTBEAT: consumer_group_heartbeat.handle,  # KIP-848
        ApiKey.CONSUMER_GROUP_DESCRIBE: consumer_group_describe.handle,
    }
)
# Served only where group.coordinator.rebalance.protocols has "consumer" (as Kafka, not advertised else).
CONSUMER_PROTOCOL_APIS = frozenset({ApiKey.CONSUMER_GROUP_HEARTBEAT, ApiKey.CONSUMER_GROUP_DESCRIBE})
HANDLERS.update(
    {
        ApiKey.PRODUCE: produce.handle,
        ApiKey.FETCH: fetch.handle,
        ApiKey.LIST_OFFSETS: list_offsets.handle,
        ApiKey.CREATE_TOPICS: create_topics.handle,
        ApiKey.DELETE_TOPICS: delete_topics.handle,
        ApiKey.INIT_PRODUCER_ID: init_producer_id.handle,
        ApiKey.OFFSET_FOR_LEADER_EPOCH: offset_for_leader_epoch.handle,
    }
)
HANDLERS.update(
    {  # transactions (broker/txn)
        ApiKey.ADD_PARTITIONS_TO_TXN: add_partitions_to_txn.handle,
        ApiKey.ADD_OFFSETS_TO_TXN: add_offsets_to_txn.handle,
        ApiKey.END_TXN: end_txn.handle,
        ApiKey.WRITE_TXN_MARKERS: write_txn_markers.handle,
        ApiKey.TXN_OFFSET_COMMIT: txn_offset_commit.handle,
        ApiKey.DESCRIBE_TRANSACTIONS: describe_transactions.handle,
        ApiKey.LIST_TRANSACTIONS: list_transactions.handle,
    }
)
HANDLERS.update(
    {  # operating the broker: what admin clients, tools and UIs call
        ApiKey.DESCRIBE_CONFIGS: describe_configs.handle,
        ApiKey.ALTER_CONFIGS: alter_configs.handle_alter,
        ApiKey.INCREMENTAL_ALTER_CONFIGS: alter_configs.handle_incremental,
        ApiKey.CREATE_PARTITIONS: create_partitions.handle,
        ApiKey.DELETE_RECORDS: delete_records.handle,
        ApiKey.DESCRIBE_CLUSTER: describe_cluster.handle,
        ApiKey.DESCRIBE_LOG_DIRS: describe_log_dirs.handle,
        ApiKey.DESCRIBE_PRODUCERS: describe_producers.handle,
    }
)
HANDLERS.update(
    {  # security: a SASL listener's connection answers the SASL exchange itself (broker/server.py)
        ApiKey.SASL_HANDSHAKE: sasl.handle_handshake,
        ApiKey.SASL_AUTHENTICATE: sasl.handle_authenticate,
        ApiKey.DESCRIBE_ACLS: acls.handle_describe,
        ApiKey.CREATE_ACLS: acls.handle_create,
        ApiKey.DELETE_ACLS: acls.handle_delete,
    }
)


def advertised_versions(consumer_protocol: bool = True) -> list[dict[str, int]]:
    return [
        {"api_key": int(key), "min_version": APIS[key].min_version, "max_version": APIS[key].max_version}
        for key in sorted(HANDLERS)
        if consumer_protocol or key not in CONSUMER_PROTOCOL_APIS
    ]


def bind_handlers(broker: Broker) -> dict[int, Handler]:
    return {int(key): partial(fn, broker) for key, fn in HANDLERS.items()}


# Answered from the receive buffer where they can be (server.RawHandler): the requests that
# come by the hundred thousand.
RAW_HANDLERS = {ApiKey.HEARTBEAT: heartbeat.handle_raw}


def bind_raw_handlers(broker: Broker) -> dict[int, RawHandler]:
    return {int(key): partial(fn, broker) for key, fn in RAW_HANDLERS.items()}


unsupported_version_answer = api_versions.unsupported_version_answer

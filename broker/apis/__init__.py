"""One handler per API key: decode -> call a component -> encode. ApiVersions advertises these."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from functools import partial
from typing import TYPE_CHECKING, Any

from broker.apis import (
    alter_configs,
    api_versions,
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
from broker.server import Body, Handler, RequestContext
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
    }
)
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


def advertised_versions() -> list[dict[str, int]]:
    return [
        {"api_key": int(key), "min_version": APIS[key].min_version, "max_version": APIS[key].max_version}
        for key in sorted(HANDLERS)
    ]


def bind_handlers(broker: Broker) -> dict[int, Handler]:
    return {int(key): partial(fn, broker) for key, fn in HANDLERS.items()}


unsupported_version_answer = api_versions.unsupported_version_answer

"""AlterConfigs and IncrementalAlterConfigs: topic config overrides, validated as a whole
(an unknown key or a bad value is INVALID_CONFIG and changes nothing), persisted and applied
live (single broker: the topic registry; cluster mode: ZooKeeper's /config/topics with a change
notification). Broker configs: the dynamic ones (broker/dynamic_config.py), per broker or for the
cluster default (resource name ""); a read-only one is refused by name."""

from __future__ import annotations

from collections import Counter

from broker import logger_configs
from broker.apis.context import HandlerContext
from broker.apis.describe_configs import (
    broker_resource_error,
    client_metrics_resource_error,
    config_refused,
    group_resource_error,
    topic_name_error,
)
from broker.config_resources import ResourceType, checked_overrides, incremental_overrides
from broker.dynamic_config import DynamicConfigError
from broker.log.config import TopicConfigError
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.topics import TopicError, no_such_topic
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterConfigsRequest,
    AlterConfigsRequestResource,
    AlterConfigsResponse,
    AlterConfigsResponseResponse,
    IncrementalAlterConfigsRequest,
    IncrementalAlterConfigsRequestResource,
    IncrementalAlterConfigsResponse,
)

Resource = AlterConfigsRequestResource | IncrementalAlterConfigsRequestResource
# A config change: its name, operation (IncrementalAlterConfigs only; 0 for AlterConfigs) and value.
Change = tuple[str, int, str | None]


async def _alter_broker(
    broker: HandlerContext, name: str, changes: list[Change], incremental: bool, validate_only: bool
) -> tuple[ErrorCode, str | None]:
    problem = broker_resource_error(broker, name)
    if problem is not None:
        return problem
    try:
        await broker.alter_broker_configs(name, changes, incremental, validate_only)
    except DynamicConfigError as e:
        return ErrorCode.INVALID_CONFIG, str(e)
    return ErrorCode.NONE, None


def _alter_loggers(
    broker: HandlerContext, name: str, changes: list[Change], incremental: bool, validate_only: bool
) -> tuple[ErrorCode, str | None]:
    problem = broker_resource_error(broker, name)
    if problem is not None:
        return problem
    if not incremental:
        return ErrorCode.INVALID_REQUEST, "AlterConfigs does not support the resource type BROKER_LOGGER"
    try:
        levels = logger_configs.check(changes)
    except logger_configs.LoggerConfigError as e:
        return e.code, str(e)
    if not validate_only:
        logger_configs.apply(levels)
    return ErrorCode.NONE, None


async def _alter_group(
    broker: HandlerContext, name: str, changes: list[Change], incremental: bool, validate_only: bool
) -> tuple[ErrorCode, str | None]:
    if (problem := group_resource_error(name)) is not None:
        return problem
    try:
        await broker.alter_group_configs(name, changes, incremental, validate_only)
    except DynamicConfigError as e:
        return ErrorCode.INVALID_CONFIG, str(e)
    return ErrorCode.NONE, None


async def _alter_client_metrics(
    broker: HandlerContext, name: str, changes: list[Change], incremental: bool, validate_only: bool
) -> tuple[ErrorCode, str | None]:
    if (problem := client_metrics_resource_error(name)) is not None:
        return problem
    try:
        await broker.alter_client_metrics(name, changes, incremental, validate_only)
    except DynamicConfigError as e:
        return ErrorCode.INVALID_CONFIG, str(e)
    return ErrorCode.NONE, None


async def _alter(
    broker: HandlerContext, resource: Resource, changes: list[Change], incremental: bool, validate_only: bool
) -> tuple[ErrorCode, str | None]:
    kind, name = resource.resource_type, resource.resource_name
    if kind == ResourceType.BROKER:
        return await _alter_broker(broker, name, changes, incremental, validate_only)
    if kind == ResourceType.GROUP:
        return await _alter_group(broker, name, changes, incremental, validate_only)
    if kind == ResourceType.BROKER_LOGGER:
        return _alter_loggers(broker, name, changes, incremental, validate_only)
    if kind == ResourceType.CLIENT_METRICS:
        return await _alter_client_metrics(broker, name, changes, incremental, validate_only)
    if kind != ResourceType.TOPIC:
        return ErrorCode.INVALID_REQUEST, f"Unsupported resource type {kind}"
    assert broker.topics is not None
    if (problem := topic_name_error(name)) is not None:
        return problem

    def update(current: dict[str, str]) -> dict[str, str]:
        if incremental:
            return incremental_overrides(current, changes)
        return checked_overrides({key: value for key, _, value in changes})

    # The topic's existence and current overrides come from its source of truth (ZooKeeper in
    # cluster mode, where this broker's mirror may lag a topic just created elsewhere), read
    # once: by alter_configs itself, which raises no_such_topic for a topic it lacks.
    try:
        if validate_only:
            current = await broker.topics.overrides(name)
            if current is None:
                raise no_such_topic(name)
            update(current)
        else:
            await broker.topics.alter_configs(name, update)
    except TopicConfigError as e:
        return ErrorCode.INVALID_CONFIG, str(e)
    except TopicError as e:
        return e.error_code, e.message
    return ErrorCode.NONE, None


async def _handle(
    broker: HandlerContext,
    ctx: RequestContext,
    resources: list[tuple[Resource, list[Change]]],
    validate_only: bool,
    incremental: bool,
) -> AlterConfigsResponse:
    counts = Counter((r.resource_type, r.resource_name) for r, _ in resources)
    responses: list[AlterConfigsResponseResponse] = []
    for r, changes in resources:
        message: str | None
        if counts[(r.resource_type, r.resource_name)] > 1:
            code, message = ErrorCode.INVALID_REQUEST, f"Duplicate resource {r.resource_name} in one request"
        elif (refused := config_refused(broker, ctx, r, Operation.ALTER_CONFIGS)) is not None:
            code, message = refused, "Authorization failed."
        else:
            code, message = await _alter(broker, r, changes, incremental, validate_only)
        responses.append(
            {
                "error_code": code,
                "error_message": message,
                "resource_type": r.resource_type,
                "resource_name": r.resource_name,
            }
        )
    return {"throttle_time_ms": 0, "responses": responses}


async def handle_alter(
    broker: HandlerContext, ctx: RequestContext, request: AlterConfigsRequest
) -> AlterConfigsResponse:
    resources: list[tuple[Resource, list[Change]]] = [
        (r, [(c.name, 0, c.value) for c in r.configs]) for r in request.resources
    ]
    return await _handle(broker, ctx, resources, request.validate_only, incremental=False)


async def handle_incremental(
    broker: HandlerContext, ctx: RequestContext, request: IncrementalAlterConfigsRequest
) -> IncrementalAlterConfigsResponse:
    resources: list[tuple[Resource, list[Change]]] = [
        (r, [(c.name, c.config_operation, c.value) for c in r.configs]) for r in request.resources
    ]
    return await _handle(broker, ctx, resources, request.validate_only, incremental=True)

"""DescribeConfigs: the configs of topics and of this broker, with sources and synonyms."""

from __future__ import annotations

from broker import logger_configs
from broker.apis.context import HandlerContext
from broker.config_resources import (
    ConfigEntry,
    ResourceType,
    describe_broker,
    describe_client_metrics,
    describe_group,
    describe_topic,
)
from broker.security.acl import Operation
from broker.security.acl import ResourceType as AclResource
from broker.server import RequestContext
from broker.topics import no_such_topic, validate_topic_name
from protocol.errors import ErrorCode
from protocol.typed import (
    AlterConfigsRequestResource,
    DescribeConfigsRequest,
    DescribeConfigsRequestResource,
    DescribeConfigsResponse,
    DescribeConfigsResponseResult,
    IncrementalAlterConfigsRequestResource,
)

# What config_refused looks at: a resource of DescribeConfigs, AlterConfigs or IncrementalAlterConfigs.
ConfigResource = (
    DescribeConfigsRequestResource | AlterConfigsRequestResource | IncrementalAlterConfigsRequestResource
)


def broker_resource_error(broker: HandlerContext, name: str) -> tuple[ErrorCode, str] | None:
    """A broker resource names this broker (or is "", the cluster default), as Kafka requires."""
    if name == "":
        return None
    if not name.isdigit():
        return ErrorCode.INVALID_REQUEST, f"Broker id must be an integer, but it is: {name}"
    if int(name) != broker.node_id:
        return ErrorCode.INVALID_REQUEST, (
            f"Unexpected broker id, expected {broker.node_id} or empty string, but received {name}"
        )
    return None


def group_resource_error(name: str) -> tuple[ErrorCode, str] | None:
    return (ErrorCode.INVALID_REQUEST, "Group name must not be empty") if not name else None


def client_metrics_resource_error(name: str) -> tuple[ErrorCode, str] | None:
    return (
        (ErrorCode.INVALID_REQUEST, "Client metrics subscription name must not be empty")
        if not name
        else None
    )


def topic_name_error(name: str) -> tuple[ErrorCode, str] | None:
    complaint = validate_topic_name(name)
    return None if complaint is None else (ErrorCode.INVALID_TOPIC_EXCEPTION, complaint)


def topic_resource_error(broker: HandlerContext, name: str) -> tuple[ErrorCode, str] | None:
    """Kafka's answer for a topic resource this broker does not know (DescribeConfigs answers
    from the broker's metadata, as Kafka's does)."""
    assert broker.topics is not None
    problem = topic_name_error(name)
    if problem is None and broker.topics.get(name) is None:
        missing = no_such_topic(name)
        problem = missing.error_code, missing.message
    return problem


def _describe(
    broker: HandlerContext, resource: DescribeConfigsRequestResource, include_synonyms: bool
) -> DescribeConfigsResponseResult:
    kind, name = resource.resource_type, resource.resource_name
    keys = resource.configuration_keys
    out: DescribeConfigsResponseResult = {
        "resource_type": kind,
        "resource_name": name,
        "error_code": ErrorCode.NONE,
        "error_message": None,
        "configs": [],
    }
    entries: list[ConfigEntry] = []
    if kind == ResourceType.TOPIC:
        problem = topic_resource_error(broker, name)
        topic = broker.topics.get(name) if problem is None and broker.topics is not None else None
        if topic is not None:
            entries = describe_topic(broker.config, topic.configs, keys)
    elif kind == ResourceType.BROKER:
        problem = broker_resource_error(broker, name)
        if problem is None:
            entries = describe_broker(broker.config, keys, default_only=name == "")
    elif kind == ResourceType.GROUP:
        problem = group_resource_error(name)
        if problem is None:
            entries = describe_group(broker.config, broker.group_configs.get(name, {}), keys)
    elif kind == ResourceType.BROKER_LOGGER:
        problem = broker_resource_error(broker, name)
        if problem is None:
            entries = logger_configs.describe(keys)
    elif kind == ResourceType.CLIENT_METRICS:
        problem = client_metrics_resource_error(name)
        if problem is None:
            entries = describe_client_metrics(broker.client_metrics_configs.get(name, {}), keys)
    else:
        problem = ErrorCode.INVALID_REQUEST, f"Unsupported resource type {kind}"
    if problem is not None:
        out["error_code"], out["error_message"] = problem
        return out
    out["configs"] = [e.to_wire(include_synonyms) for e in entries]
    return out


def config_refused(
    broker: HandlerContext, ctx: RequestContext, resource: ConfigResource, operation: Operation
) -> ErrorCode | None:
    """Kafka's checks for configs: the operation on the topic, or on the cluster for a broker."""
    authz = broker.authorizer
    if authz is None:
        return None
    if resource.resource_type == ResourceType.TOPIC:
        allowed = authz.topic(ctx, operation, resource.resource_name)
        return None if allowed else ErrorCode.TOPIC_AUTHORIZATION_FAILED
    if resource.resource_type == ResourceType.GROUP:
        allowed = authz.allowed(ctx, operation, AclResource.GROUP, resource.resource_name)
        return None if allowed else ErrorCode.GROUP_AUTHORIZATION_FAILED
    return None if authz.cluster(ctx, operation) else ErrorCode.CLUSTER_AUTHORIZATION_FAILED


def _refused(resource: DescribeConfigsRequestResource, code: ErrorCode) -> DescribeConfigsResponseResult:
    return {
        "resource_type": resource.resource_type,
        "resource_name": resource.resource_name,
        "error_code": code,
        "error_message": "Authorization failed.",
        "configs": [],
    }


def handle(
    broker: HandlerContext, ctx: RequestContext, request: DescribeConfigsRequest
) -> DescribeConfigsResponse:
    results = []
    for r in request.resources:
        refused = config_refused(broker, ctx, r, Operation.DESCRIBE_CONFIGS)
        results.append(
            _describe(broker, r, request.include_synonyms) if refused is None else _refused(r, refused)
        )
    return {"throttle_time_ms": 0, "results": results}

"""CreateTopics: partitions, replication factor (1 on one broker), configs, validate_only."""

from __future__ import annotations

from collections import Counter

from broker.apis.context import HandlerContext
from broker.log.config import broker_defaults
from broker.security.acl import Operation
from broker.server import RequestContext
from broker.topics import ZERO_UUID, Topic, TopicError
from protocol.errors import ErrorCode
from protocol.typed import (
    CreateTopicsRequest,
    CreateTopicsResponse,
    CreateTopicsResponseTopic,
    CreateTopicsResponseTopicConfig,
)

DYNAMIC_TOPIC_CONFIG, DEFAULT_CONFIG = 1, 5  # Kafka's ConfigSource ids


def describe_configs(broker: HandlerContext, topic: Topic) -> list[CreateTopicsResponseTopicConfig]:
    values = broker_defaults(broker.config)
    values.update(topic.configs)
    return [
        {
            "name": name,
            "value": value,
            "read_only": False,
            "is_sensitive": False,
            "config_source": DYNAMIC_TOPIC_CONFIG if name in topic.configs else DEFAULT_CONFIG,
        }
        for name, value in sorted(values.items())
    ]


def can_create(broker: HandlerContext, ctx: RequestContext, topic: str) -> bool:
    """CREATE on the cluster, or on the topic (Kafka's rule, also for Metadata's auto-creation)."""
    authz = broker.authorizer
    return authz is None or authz.cluster(ctx, Operation.CREATE) or authz.topic(ctx, Operation.CREATE, topic)


def _failed(name: str, code: ErrorCode, message: str | None) -> CreateTopicsResponseTopic:
    return {
        "name": name,
        "topic_id": ZERO_UUID,
        "error_code": code,
        "error_message": message,
        "num_partitions": -1,
        "replication_factor": -1,
        "configs": None,
    }


async def handle(
    broker: HandlerContext, ctx: RequestContext, request: CreateTopicsRequest
) -> CreateTopicsResponse:
    counts = Counter(t.name for t in request.topics)
    results: list[CreateTopicsResponseTopic] = []
    seen: set[str] = set()
    for t in request.topics:
        if t.name in seen:
            continue
        seen.add(t.name)
        if counts[t.name] > 1:
            results.append(
                _failed(
                    t.name,
                    ErrorCode.INVALID_REQUEST,
                    f"Create topics request contains multiple entries for the topic {t.name}",
                )
            )
            continue
        if broker.authorizer is not None and not can_create(broker, ctx, t.name):
            results.append(_failed(t.name, ErrorCode.TOPIC_AUTHORIZATION_FAILED, "Authorization failed."))
            continue
        configs = {c.name: c.value for c in t.configs}
        try:
            topic = await broker.topics.create(
                t.name,
                t.num_partitions,
                t.replication_factor,
                configs,
                assignments=list(t.assignments) or None,
                validate_only=request.validate_only,
            )
        except TopicError as e:
            results.append(_failed(t.name, e.error_code, e.message))
            continue
        results.append(
            {
                "name": t.name,
                "topic_id": topic.topic_id,
                "error_code": ErrorCode.NONE,
                "error_message": None,
                "num_partitions": topic.partitions,
                "replication_factor": 1,
                "configs": describe_configs(broker, topic),
            }
        )
    return {"throttle_time_ms": 0, "topics": results}

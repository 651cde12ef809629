"""One handler per API key: decode -> call a component -> encode. ApiVersions advertises these."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from broker.apis import api_versions, find_coordinator, metadata
from broker.server import Handler, RequestContext
from protocol.apis import APIS, ApiKey

if TYPE_CHECKING:
    from broker.broker import Broker

BrokerHandler = Callable[["Broker", RequestContext, Any], Awaitable[Any]]

HANDLERS: dict[ApiKey, BrokerHandler] = {
    ApiKey.API_VERSIONS: api_versions.handle,
    ApiKey.METADATA: metadata.handle,
    ApiKey.FIND_COORDINATOR: find_coordinator.handle,
}


def advertised_versions() -> list[dict[str, int]]:
    return [
        {"api_key": int(key), "min_version": APIS[key].min_version, "max_version": APIS[key].max_version}
        for key in sorted(HANDLERS)
    ]


def bind_handlers(broker: Broker) -> dict[int, Handler]:
    return {int(key): partial(fn, broker) for key, fn in HANDLERS.items()}


unsupported_version_answer = api_versions.unsupported_version_answer

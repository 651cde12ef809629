"""Partition assignors, Kafka's and your own.

Built in, under Kafka's names (a group mixing kbroker, Java and librdkafka consumers agrees):
  "range"               RangeAssignor: contiguous ranges per topic (Kafka's default)
  "roundrobin"          RoundRobinAssignor: all partitions dealt in turn
  "sticky"              StickyAssignor: balanced, moves as few partitions as possible (eager)
  "cooperative-sticky"  CooperativeStickyAssignor: sticky, with KIP-429 incremental rebalances

Assignment itself is pure (`range_assign`, `round_robin_assign`, `sticky_assign`, or any
assignor's `assign`): topic -> partition count plus member id -> Subscription in, member id ->
Assignment out; no I/O.

A custom assignor subclasses `Assignor` and is registered under its name::

    from client import assignors
    from protocol.consumer_protocol import Assignment, TopicPartitions

    @assignors.register
    class AllToTheFirst(assignors.Assignor):  # the first member gets all it subscribes to
        name = "all-to-the-first"

        def assign(self, cluster_partitions, subscriptions, *, group_instance_ids=None):
            first, *rest = sorted(subscriptions)
            topics = sorted(t for t in subscriptions[first].topics if t in cluster_partitions)
            out = {m: Assignment() for m in rest}
            out[first] = Assignment(
                [TopicPartitions(t, list(range(cluster_partitions[t]))) for t in topics]
            )
            return out

    consumer_assignors = assignors.create(["cooperative-sticky", "all-to-the-first"])

Override `supported_protocols` to declare COOPERATIVE support, `subscription_user_data` to send
data to the leader, `on_assignment` to learn what this member was given.
"""

from __future__ import annotations

from collections.abc import Iterable

from client.assignors.abstract_sticky import MemberData, sticky_assign
from client.assignors.base import (
    DEFAULT_GENERATION,
    Assignor,
    RebalanceProtocol,
    common_rebalance_protocol,
)
from client.assignors.range import RangeAssignor, range_assign
from client.assignors.roundrobin import RoundRobinAssignor, round_robin_assign
from client.assignors.sticky import CooperativeStickyAssignor, StickyAssignor

__all__ = [
    "DEFAULT_GENERATION",
    "Assignor",
    "CooperativeStickyAssignor",
    "MemberData",
    "RangeAssignor",
    "RebalanceProtocol",
    "RoundRobinAssignor",
    "StickyAssignor",
    "common_rebalance_protocol",
    "create",
    "get",
    "names",
    "range_assign",
    "register",
    "round_robin_assign",
    "sticky_assign",
    "unregister",
]

_REGISTRY: dict[str, type[Assignor]] = {}

# partition.assignment.strategy may name Java classes; they mean the built-ins
_JAVA_CLASSES = {
    "org.apache.kafka.clients.consumer.RangeAssignor": "range",
    "org.apache.kafka.clients.consumer.RoundRobinAssignor": "roundrobin",
    "org.apache.kafka.clients.consumer.StickyAssignor": "sticky",
    "org.apache.kafka.clients.consumer.CooperativeStickyAssignor": "cooperative-sticky",
}


def register(assignor: type[Assignor], *, replace: bool = False) -> type[Assignor]:
    """Register an Assignor subclass under its `name` (usable as a class decorator).

    Registering another class under a taken name raises ValueError unless `replace`.
    """
    if not (isinstance(assignor, type) and issubclass(assignor, Assignor)):
        raise TypeError(f"{assignor!r} is not an Assignor subclass")
    name = getattr(assignor, "name", None)
    if not isinstance(name, str) or not name:
        raise ValueError(f"{assignor.__name__} needs a non-empty str `name`")
    if not assignor.supported_protocols:
        raise ValueError(f"{assignor.__name__} supports no rebalance protocol")
    current = _REGISTRY.get(name)
    if current is not None and current is not assignor and not replace:
        raise ValueError(f"an assignor named {name!r} is already registered ({current.__name__})")
    _REGISTRY[name] = assignor
    return assignor


def unregister(name: str) -> None:
    """Forget the assignor registered under `name` (KeyError if none)."""
    del _REGISTRY[name]


def get(name: str) -> type[Assignor]:
    """The assignor class registered under `name` (or a Java built-in's class name)."""
    try:
        return _REGISTRY[_JAVA_CLASSES.get(name, name)]
    except KeyError:
        raise ValueError(f"unknown partition assignor {name!r}; registered: {', '.join(names())}") from None


def names() -> list[str]:
    """The registered assignor names."""
    return sorted(_REGISTRY)


def create(strategies: Iterable[str | type[Assignor] | Assignor]) -> list[Assignor]:
    """Assignor instances for one consumer, in preference order (its JoinGroup protocol list).

    Each strategy is a registered name (or Java class name), an Assignor class, or an instance.
    Names must be unique among the result.
    """
    out: list[Assignor] = []
    for strategy in strategies:
        if isinstance(strategy, Assignor):
            out.append(strategy)
        elif isinstance(strategy, type) and issubclass(strategy, Assignor):
            out.append(strategy())
        elif isinstance(strategy, str):
            out.append(get(strategy)())
        else:
            raise TypeError(f"not an assignor: {strategy!r}")
    seen = [a.name for a in out]
    if len(set(seen)) != len(seen):
        raise ValueError(f"assignor names repeat: {seen}")
    return out


for _builtin in (RangeAssignor, RoundRobinAssignor, StickyAssignor, CooperativeStickyAssignor):
    register(_builtin)

"""A share consumer's membership of its share group (KIP-932): ShareGroupHeartbeat alone joins
(epoch 0), keeps the member alive at the interval the broker gives, carries the subscription
when it changes, and leaves (epoch -1). The coordinator assigns; a share member takes its
assignment at once (no revocation phase: a partition may be read by many members).

`ShareMember` is the pure state (request bodies in, answers in, what to do out); `ShareHeartbeat`
is the task that sends them to the group's coordinator.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from client import log as logs
from client.aio import wait_for
from client.cluster import COORDINATION, Backoff, KafkaClient
from client.errors import (
    GroupFatalError,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
    UnsupportedVersionError,
)
from client.structs import BrokerNode
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client.share_group")
E = ErrorCode
LEAVE_EPOCH = -1
_RETRY = {E.COORDINATOR_LOAD_IN_PROGRESS, E.REQUEST_TIMED_OUT, E.NETWORK_EXCEPTION}
_REDISCOVER = {E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR}
_REJOIN = {E.FENCED_MEMBER_EPOCH, E.UNKNOWN_MEMBER_ID}


class Outcome(enum.Enum):
    OK = "ok"
    ASSIGNED = "assigned"  # a new assignment to take
    RETRY = "retry"
    REDISCOVER = "rediscover"  # find the coordinator again, then retry
    REJOIN = "rejoin"  # fenced: the assignment is void, join again at epoch 0


@dataclass(slots=True)
class ShareMember:
    group_id: str
    member_id: str = field(default_factory=lambda: str(uuid.uuid4()))  # KIP-1082: the member's own
    rack_id: str | None = None
    epoch: int = 0
    interval_s: float = 5.0
    subscription: tuple[str, ...] = ()
    sent_subscription: tuple[str, ...] | None = None
    assignment: frozenset[tuple[uuid.UUID, int]] = frozenset()

    @property
    def joined(self) -> bool:
        return self.epoch > 0

    def subscribe(self, topics: tuple[str, ...]) -> None:
        self.subscription = tuple(sorted(set(topics)))

    def heartbeat_body(self) -> dict[str, Any]:
        full = self.epoch == 0
        changed = self.subscription != self.sent_subscription
        return {
            "group_id": self.group_id,
            "member_id": self.member_id,
            "member_epoch": self.epoch,
            "rack_id": self.rack_id if full else None,
            "subscribed_topic_names": list(self.subscription) if full or changed else None,
        }

    def leave_body(self) -> dict[str, Any]:
        return {
            "group_id": self.group_id,
            "member_id": self.member_id,
            "member_epoch": LEAVE_EPOCH,
            "rack_id": None,
            "subscribed_topic_names": None,
        }

    def on_answer(self, sent: dict[str, Any], r: Any) -> Outcome:
        """The coordinator's answer to the heartbeat `sent`."""
        code = r.error_code
        if code == E.NONE:
            if sent["subscribed_topic_names"] is not None:
                self.sent_subscription = tuple(sent["subscribed_topic_names"])
            self.epoch = r.member_epoch
            self.interval_s = max(0.01, r.heartbeat_interval_ms / 1000)
            if r.assignment is not None:
                target = frozenset(
                    (t.topic_id, p) for t in r.assignment.topic_partitions for p in t.partitions
                )
                if target != self.assignment:
                    self.assignment = target
                    return Outcome.ASSIGNED
            return Outcome.OK
        if code in _REDISCOVER:
            return Outcome.REDISCOVER
        if code in _RETRY:
            return Outcome.RETRY
        if code in _REJOIN:
            self.reset()
            return Outcome.REJOIN
        name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code)
        raise GroupFatalError(f"ShareGroupHeartbeat failed: {r.error_message or name}", code=code)

    def reset(self) -> None:
        """Out of the group: join again at epoch 0 (with the same member id), owning nothing."""
        self.epoch = 0
        self.sent_subscription = None
        self.assignment = frozenset()


class ShareHeartbeat:
    """The heartbeat task: from start to close, one ShareGroupHeartbeat per interval (at once
    when the subscription changes); `on_assignment` is called with each new assignment."""

    def __init__(
        self,
        client: KafkaClient,
        member: ShareMember,
        on_assignment: Callable[[frozenset[tuple[uuid.UUID, int]]], None],
        on_fatal: Callable[[KafkaError], None],
    ):
        self.client = client
        self.member = member
        self.on_assignment = on_assignment
        self.on_fatal = on_fatal
        self.coordinator: BrokerNode | None = None
        self.heartbeats = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closing = False

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(
            self._run(), name=f"kafka-share-heartbeat-{self.member.group_id}"
        )

    def wake(self) -> None:
        self._wake.set()

    async def _coordinator(self) -> BrokerNode:
        if self.coordinator is None:
            self.coordinator = await self.client.find_coordinator(self.member.group_id)
            log.info("find_coordinator", group=self.member.group_id, node=self.coordinator.node_id)
        return self.coordinator

    def _lose_coordinator(self, reason: str) -> None:
        if self.coordinator is not None:
            log.info("lose_coordinator", group=self.member.group_id, reason=reason)
            self.client.drop_connection(self.coordinator.node_id, COORDINATION)
            self.coordinator = None

    async def _send(self, body: dict[str, Any], timeout: float | None = None) -> Any:
        node = await self._coordinator()
        try:
            return await self.client.send(
                node.node_id, ApiKey.SHARE_GROUP_HEARTBEAT, body, purpose=COORDINATION, timeout=timeout
            )
        except (KafkaConnectionError, KafkaTimeoutError) as e:
            self._lose_coordinator(str(e))
            raise

    async def _run(self) -> None:
        config = self.client.config
        backoff = Backoff(config.retry_backoff_ms, config.retry_backoff_max_ms)
        member = self.member
        while not self._closing:
            wait = member.interval_s
            if member.subscription:
                try:
                    body = member.heartbeat_body()
                    r = await self._send(body)
                    self.heartbeats += 1
                    if self._closing:
                        return
                    outcome = member.on_answer(body, r)
                    wait = member.interval_s  # (the answer gives it)
                    if outcome is Outcome.ASSIGNED:
                        log.info(
                            "assign",
                            group=member.group_id,
                            member=member.member_id,
                            epoch=member.epoch,
                            partitions=len(member.assignment),
                        )
                        self.on_assignment(member.assignment)
                    elif outcome is Outcome.REDISCOVER:
                        self._lose_coordinator(ErrorCode(r.error_code).name)
                        wait = backoff.next_delay()
                    elif outcome is Outcome.RETRY:
                        wait = backoff.next_delay()
                    elif outcome is Outcome.REJOIN:
                        log.info("lose_membership", group=member.group_id, member=member.member_id)
                        self.on_assignment(member.assignment)
                        wait = 0
                    else:
                        backoff = Backoff(config.retry_backoff_ms, config.retry_backoff_max_ms)
                except (GroupFatalError, UnsupportedVersionError) as e:
                    # (UnsupportedVersionError: the broker serves no share groups)
                    log.error("fail_group", group=member.group_id, error=str(e))
                    self.on_fatal(e)
                    return
                except KafkaError as e:
                    log.info("fail_heartbeat", group=member.group_id, error=str(e))
                    wait = backoff.next_delay()
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._wake.wait(), wait)

    async def close(self) -> None:
        """Stop heartbeating and leave the group (epoch -1)."""
        self._closing = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self.member.joined and self.coordinator is not None:
            log.info("leave_group", group=self.member.group_id, member=self.member.member_id)
            with contextlib.suppress(KafkaError):
                await self._send(self.member.leave_body(), timeout=5)
        self.member.reset()

"""The KIP-848 consumer protocol for AsyncConsumer (`group_protocol="consumer"`): one
ConsumerGroupHeartbeat carries joining, liveness, the subscription and what the member owns; the
coordinator computes the assignment (`group_remote_assignor` picks its assignor) and answers the
partitions the member may own now.

Two tasks, as the classic coordinator it extends (coordinator.py), with the same interface to the
consumer:
* the **heartbeat task**, from start to close: heartbeats every heartbeat interval the broker
  gives (at once after a reconciliation, to report what was released); a new assignment from the
  broker is kept as the target and the consumer is woken;
* the **reconciliation task**, started from the consumer's poll when the target differs from what
  the member owns: revoke first (commit with auto-commit, `on_partitions_revoked`), then take the
  new partitions (`on_partitions_assigned`), then report the owned set at once.
A fenced or unknown member loses its partitions (`on_partitions_lost`) and rejoins at epoch 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from client import log as logs
from client.aio import wait_for
from client.assignors import Assignor
from client.cluster import Backoff, KafkaClient
from client.coordinator import ConsumerCoordinator, GroupConfig, RebalanceListener
from client.errors import GroupFatalError, KafkaError, KafkaTimeoutError
from client.membership import Action, Generation, MemberState
from client.structs import TopicPartition
from client.subscription import SubscriptionState
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client.consumer_group")
E = ErrorCode
LEAVE_EPOCH, STATIC_LEAVE_EPOCH = -1, -2
_RETRY = {E.COORDINATOR_LOAD_IN_PROGRESS, E.REQUEST_TIMED_OUT, E.NETWORK_EXCEPTION}
_REDISCOVER = {E.COORDINATOR_NOT_AVAILABLE, E.NOT_COORDINATOR}
_REJOIN = {E.FENCED_MEMBER_EPOCH, E.UNKNOWN_MEMBER_ID}


class ConsumerGroupMember(ConsumerCoordinator):
    def __init__(
        self,
        client: KafkaClient,
        subscriptions: SubscriptionState,
        config: GroupConfig,
        assignors: list[Assignor],
        listener: RebalanceListener | None = None,
        notify: Callable[[], None] = lambda: None,
        on_revoke: Callable[[Iterable[TopicPartition]], None] = lambda _tps: None,
        remote_assignor: str | None = None,
    ):
        super().__init__(client, subscriptions, config, assignors, listener, notify, on_revoke)
        self.remote_assignor = remote_assignor
        self.member_id = str(uuid.uuid4())  # KIP-1082: the member makes its own id (v1)
        self.epoch = 0
        self.interval_s = config.heartbeat_interval_ms / 1000
        self.target: set[tuple[uuid.UUID, int]] | None = None  # the broker's last answer
        self.rejoin_needed = False
        self._send_full = True
        self._sent_topics: list[str] | None = None
        self.heartbeats = 0

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._heartbeat_loop(), name=f"kafka-heartbeat-{self.group_id}"))
        if self.config.enable_auto_commit:
            self._tasks.append(
                loop.create_task(self.offsets.auto_commit_loop(), name=f"kafka-autocommit-{self.group_id}")
            )
        self.client.on_metadata(self._on_metadata)

    def _on_metadata(self, _changed: set[str]) -> None:
        if self.target is not None and self.rejoin_needed:
            self.notify()  # topic ids may resolve now

    # --- poll integration --------------------------------------------------------------------

    def poll(self) -> None:
        if self._fatal is not None:
            raise self._fatal
        self.heartbeat.poll(time.monotonic())
        if not self.subs.group_managed:
            return
        if self.state is MemberState.UNJOINED:
            self._heartbeat_wake.set()
        if self.rejoin_needed and not self.rebalancing:
            self._rebalance_task = asyncio.get_running_loop().create_task(
                self._reconcile(), name=f"kafka-reconcile-{self.group_id}"
            )

    def need_rejoin(self) -> bool:
        return self.subs.group_managed and self.rejoin_needed and self.state is not MemberState.UNJOINED

    def request_rejoin(self, reason: str) -> None:
        """The subscription changed (or the application asks): the next heartbeat says so."""
        log.info("update_subscription", group=self.group_id, member=self.member_id, reason=reason)
        self._heartbeat_wake.set()

    async def wait_for_assignment(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while self.state is not MemberState.STABLE or self.rejoin_needed or self.rebalancing:
            self.poll()
            if time.monotonic() > deadline:
                raise KafkaTimeoutError(f"no assignment from group {self.group_id!r} within {timeout:.1f}s")
            await asyncio.sleep(0.01)

    # --- the heartbeat task ------------------------------------------------------------------

    async def _heartbeat_loop(self) -> None:
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        while not self._closing:
            wait = self.interval_s
            if self.subs.group_managed:
                try:
                    await self._consumer_group_heartbeat()
                    backoff = Backoff(
                        self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms
                    )
                except GroupFatalError as e:
                    log.error("fail_group", group=self.group_id, error=str(e))
                    self._fatal = e
                    self.notify()
                    return
                except KafkaError as e:
                    log.info("fail_heartbeat", group=self.group_id, member=self.member_id, error=str(e))
                    self._send_full = True
                    wait = backoff.next_delay()
            self._heartbeat_wake.clear()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._heartbeat_wake.wait(), wait)

    def _owned_ids(self) -> list[dict[str, Any]]:
        by_topic: dict[uuid.UUID, list[int]] = {}
        for tp in self.subs.assigned():
            by_topic.setdefault(self.client.cluster.topic_id(tp.topic), []).append(tp.partition)
        return [{"topic_id": t, "partitions": sorted(ps)} for t, ps in sorted(by_topic.items())]

    async def _consumer_group_heartbeat(self) -> None:
        topics = sorted(self.subs.subscription)
        self.client.add_topics(topics)
        full = self._send_full or self.epoch == 0
        body = {
            "group_id": self.group_id,
            "member_id": self.member_id,
            "member_epoch": self.epoch,
            "instance_id": self.config.group_instance_id if full else None,
            "rebalance_timeout_ms": self.rebalance_timeout_ms if full else -1,
            "subscribed_topic_names": topics if full or topics != self._sent_topics else None,
            "server_assignor": self.remote_assignor if full else None,
            "topic_partitions": [] if self.epoch == 0 else self._owned_ids(),
        }
        sent_epoch = self.epoch
        _, r = await self.send(ApiKey.CONSUMER_GROUP_HEARTBEAT, body)
        self.heartbeats += 1
        code = r.error_code
        if code == E.NONE:
            if self.epoch != sent_epoch:
                return  # the member left or was reset meanwhile
            self._send_full = False
            self._sent_topics = topics
            self.epoch = r.member_epoch
            self.interval_s = max(0.01, r.heartbeat_interval_ms / 1000)
            if self.state is MemberState.UNJOINED:
                self.state = MemberState.STABLE
                log.info("join_group", group=self.group_id, member=self.member_id, epoch=self.epoch)
            self.generation = Generation(self.epoch, self.member_id)
            if r.assignment is not None:
                target = {(tp.topic_id, p) for tp in r.assignment.topic_partitions for p in tp.partitions}
                if target != self.target or self._target_differs(target):
                    self.target = target
                    self.rejoin_needed = True
                    self.notify()
            return
        name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code)
        if code in _REDISCOVER:
            self.mark_coordinator_dead(name)
            raise KafkaError(f"ConsumerGroupHeartbeat: {name}")
        if code in _RETRY:
            raise KafkaError(f"ConsumerGroupHeartbeat: {name}")
        if code in _REJOIN:
            await self._lose(f"ConsumerGroupHeartbeat: {name}")
            return
        raise GroupFatalError(f"ConsumerGroupHeartbeat failed: {r.error_message or name}", code=code)

    def _target_differs(self, target: set[tuple[uuid.UUID, int]]) -> bool:
        cluster = self.client.cluster
        owned = {(cluster.topic_id(tp.topic), tp.partition) for tp in self.subs.assigned()}
        return owned != target

    async def _lose(self, reason: str) -> None:
        """Fenced: whatever it owned may be someone else's already; rejoin at epoch 0."""
        log.info("lose_membership", group=self.group_id, member=self.member_id, reason=reason)
        if self._rebalance_task is not None and not self._rebalance_task.done():
            self._rebalance_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._rebalance_task
        owned = self.subs.assigned()
        if owned:
            self._revoke_locally(owned)
            self.subs.assign_from_subscribed([])
            await self._call_listener("on_partitions_lost", owned)
        self.epoch = 0
        self.target = None
        self.rejoin_needed = False
        self.state = MemberState.UNJOINED
        self.generation = Generation(-1, self.member_id)
        self._send_full = True
        self._heartbeat_wake.set()

    def lose_generation(self, generation: Generation, action: Action, reason: str) -> None:
        if generation == self.generation:
            self.epoch = 0  # the next heartbeat finds out (FENCED_MEMBER_EPOCH) and rejoins
            self._send_full = True
            self._heartbeat_wake.set()

    # --- reconciliation ----------------------------------------------------------------------

    async def _reconcile(self) -> None:
        try:
            target = self.target
            if target is None:
                self.rejoin_needed = False
                return
            cluster = self.client.cluster
            names = {t: cluster.topic_name(t) for t, _ in target}
            if any(n is None for n in names.values()):
                with contextlib.suppress(KafkaError):
                    await self.client.refresh_metadata()
                names = {t: cluster.topic_name(t) for t, _ in target}
            wanted = {TopicPartition(n, p) for t, p in target if (n := names[t]) is not None}
            owned = self.subs.assigned()
            revoke = owned - wanted
            if revoke:
                if self.config.enable_auto_commit:
                    consumed = self.subs.all_consumed()
                    await self.offsets.commit_quietly(
                        {tp: consumed[tp] for tp in revoke if tp in consumed}, "revoke"
                    )
                self._revoke_locally(revoke)
                self.subs.assign_from_subscribed(owned - revoke)
                await self._call_listener("on_partitions_revoked", revoke)
            add = wanted - self.subs.assigned()
            if add:
                self.subs.assign_from_subscribed(self.subs.assigned() | add)
                await self._call_listener("on_partitions_assigned", add)
            if self.target is target and len(wanted) == len(target):
                self.rejoin_needed = False
                self.rebalances += 1
            log.info(
                "reconcile",
                group=self.group_id,
                member=self.member_id,
                epoch=self.epoch,
                revoked=sorted(map(str, revoke)),
                assigned=sorted(map(str, add)),
            )
        finally:
            self._heartbeat_wake.set()  # report what it owns now
            self.notify()

    # --- leaving -----------------------------------------------------------------------------

    async def close_membership(self, reason: str = "the consumer unsubscribed") -> None:
        if self._rebalance_task is not None and not self._rebalance_task.done():
            self._rebalance_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._rebalance_task
        if self.subs.group_managed and self.state is not MemberState.UNJOINED:
            with contextlib.suppress(KafkaError):
                await self._on_leave_prepare()
            await self.maybe_leave_group(reason)

    async def maybe_leave_group(self, reason: str) -> None:
        if self.state is MemberState.UNJOINED or self.coordinator is None:
            return
        epoch = STATIC_LEAVE_EPOCH if self.config.group_instance_id is not None else LEAVE_EPOCH
        log.info("leave_group", group=self.group_id, member=self.member_id, epoch=epoch, reason=reason)
        body = {
            "group_id": self.group_id,
            "member_id": self.member_id,
            "member_epoch": epoch,
            "instance_id": self.config.group_instance_id,
        }
        self.state = MemberState.UNJOINED
        self.epoch = 0
        self.generation = Generation(-1, self.member_id)
        with contextlib.suppress(KafkaError):
            await self.send(ApiKey.CONSUMER_GROUP_HEARTBEAT, body, timeout=5)

"""ConsumerCoordinator: find coordinator -> join -> sync -> heartbeat, and the group's offsets.

Three tasks with explicit lifetimes:

* the **rebalance task**, started from the consumer's poll (getmany / iteration) when the member
  must (re)join: commit and revoke (eager) or keep (cooperative) partitions, JoinGroup, the
  leader's assignment, SyncGroup, then the listener's callbacks. Starting it only at a poll
  means revocation never happens under the application's feet: what was handed out before the
  poll has been processed.
* the **heartbeat task**, alive from start to close: heartbeats every heartbeat_interval_ms while
  the member is stable, whatever the application is doing (awaiting a slow handler included),
  and enforces max_poll_interval_ms: a consumer that has not polled for that long leaves the
  group, as in Kafka, and rejoins at its next poll.
* the **auto-commit task**: commits the consumed positions every auto_commit_interval_ms.

The decisions about error codes are in `membership.py` (pure), the heartbeat and poll timers in
`heartbeat.py` (pure); the group's offsets (commit, fetch, auto-commit) are a component,
`group_offsets.GroupOffsets`, that sees this member through a narrow interface.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from client import log as logs
from client.aio import wait_for
from client.assignors import Assignor, RebalanceProtocol, common_rebalance_protocol
from client.cluster import COORDINATION, Backoff, KafkaClient
from client.errors import (
    GroupFatalError,
    KafkaConnectionError,
    KafkaError,
    KafkaTimeoutError,
)
from client.group_offsets import GroupOffsets
from client.heartbeat import Heartbeat
from client.membership import (
    NO_GENERATION_STATE,
    Action,
    Generation,
    GroupConfig,
    MemberState,
    RebalanceListener,
    assignment_change,
    heartbeat_action,
    join_action,
    join_protocols,
    sync_action,
)
from client.structs import BrokerNode, TopicPartition
from client.subscription import SubscriptionState, SubscriptionType
from protocol.apis import ApiKey
from protocol.consumer_protocol import Assignment, decode_assignment, decode_subscription, encode_assignment
from protocol.errors import ErrorCode

# GroupConfig and RebalanceListener (defined in membership.py) are re-exported: a coordinator is
# built from them, and the consumer and the client package import them from here.
__all__ = ["ConsumerCoordinator", "GroupConfig", "RebalanceListener"]

log = logs.get("kbroker.client.coordinator")


class ConsumerCoordinator:
    def __init__(
        self,
        client: KafkaClient,
        subscriptions: SubscriptionState,
        config: GroupConfig,
        assignors: list[Assignor],
        listener: RebalanceListener | None = None,
        notify: Callable[[], None] = lambda: None,
        on_revoke: Callable[[Iterable[TopicPartition]], None] = lambda _tps: None,
    ):
        if not assignors:
            raise ValueError("a group consumer needs at least one assignor")
        self.client = client
        self.subs = subscriptions
        self.config = config
        self.assignors = assignors
        self.protocol = common_rebalance_protocol(assignors)
        self.listener = listener or RebalanceListener()
        self.notify = notify  # wake the consumer: state changed
        self.on_revoke = on_revoke  # drop what the fetcher buffered for these partitions
        self.state = MemberState.UNJOINED
        self.generation = NO_GENERATION_STATE
        self.coordinator: BrokerNode | None = None
        self.rejoin_needed = True
        self.rejoin_reason = "initial join"
        self.rebalances = 0  # completed rebalances (tests and the demo watch it)
        self._join_prepared = False
        self._joined_counts: dict[str, int] | None = None
        self._fatal: KafkaError | None = None
        self.heartbeat = Heartbeat(
            config.heartbeat_interval_ms / 1000,
            config.max_poll_interval_ms / 1000,
            last_poll=time.monotonic(),
        )
        self._heartbeat_wake = asyncio.Event()
        self.offsets = GroupOffsets(client, config, subscriptions, self)
        self._rebalance_task: asyncio.Task[None] | None = None
        self._lookup: asyncio.Task[BrokerNode] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._closing = False

    @property
    def group_id(self) -> str:
        return self.config.group_id

    @property
    def rebalance_timeout_ms(self) -> int:
        return self.config.rebalance_timeout_ms or self.config.max_poll_interval_ms

    # --- lifecycle ---------------------------------------------------------------------------

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._heartbeat_loop(), name=f"kafka-heartbeat-{self.group_id}"))
        if self.config.enable_auto_commit:
            self._tasks.append(
                loop.create_task(self.offsets.auto_commit_loop(), name=f"kafka-autocommit-{self.group_id}")
            )
        self.client.on_metadata(self._on_metadata)

    async def close(self) -> None:
        """Commit (auto-commit), revoke, and leave the group (dynamic members); stop the tasks."""
        self._closing = True
        if self._rebalance_task is not None and not self._rebalance_task.done():
            self._rebalance_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._rebalance_task
        await self.close_membership("the consumer is being closed")
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def abort(self) -> None:
        """Stop without committing, revoking or leaving: what a crashed process leaves behind
        (the group notices when the session times out)."""
        self._closing = True
        tasks = [t for t in (self._rebalance_task, *self._tasks) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

    async def close_membership(self, reason: str = "the consumer unsubscribed") -> None:
        """Commit (auto-commit) and revoke what this member owns, then leave (dynamic members)."""
        if self._rebalance_task is not None and not self._rebalance_task.done():
            self._rebalance_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._rebalance_task
        if self.subs.group_managed and self.state is not MemberState.UNJOINED:
            with contextlib.suppress(KafkaError):
                await self._on_leave_prepare()
            await self.maybe_leave_group(reason)

    async def _on_leave_prepare(self) -> None:
        owned = self.subs.assigned()
        if self.generation.valid and self.config.enable_auto_commit:
            await self.offsets.commit_quietly(self.subs.all_consumed(), "close")
        if owned:
            if self.generation.valid:
                await self._call_listener("on_partitions_revoked", owned)
            else:
                await self._call_listener("on_partitions_lost", owned)
        self.subs.assign_from_subscribed([])

    # --- poll integration --------------------------------------------------------------------

    def poll(self) -> None:
        """The application polled: restart the poll timer; start a rebalance if one is due.
        Raises the error that ended the membership, if any."""
        if self._fatal is not None:
            raise self._fatal
        if self.heartbeat.poll(time.monotonic()):
            self.request_rejoin("the consumer polled again after max_poll_interval_ms expired")
        if not self.subs.group_managed or not self.need_rejoin():
            return
        if self._rebalance_task is None or self._rebalance_task.done():
            if self.protocol is RebalanceProtocol.EAGER and self.subs.assignment:
                # eager: nothing more is handed out from what we own; it is revoked before joining
                self.subs.mark_pending_revocation(self.subs.assigned())
                self.on_revoke(self.subs.assigned())
            self._rebalance_task = asyncio.get_running_loop().create_task(
                self._rebalance(), name=f"kafka-rebalance-{self.group_id}"
            )

    @contextlib.contextmanager
    def polling(self) -> Iterator[None]:
        """While the application waits inside getmany, the poll timer does not run."""
        self.heartbeat.enter_poll()
        try:
            yield
        finally:
            self.heartbeat.leave_poll(time.monotonic())

    def need_rejoin(self) -> bool:
        return self.subs.group_managed and (self.state is MemberState.UNJOINED or self.rejoin_needed)

    @property
    def rebalancing(self) -> bool:
        return self._rebalance_task is not None and not self._rebalance_task.done()

    def request_rejoin(self, reason: str) -> None:
        if not self.rejoin_needed:
            log.info("request_rejoin", group=self.group_id, member=self.generation.member_id, reason=reason)
        self.rejoin_needed = True
        self.rejoin_reason = reason
        self.notify()

    async def wait_for_assignment(self, timeout: float) -> None:
        """Drive polls until the member is stable (tests, and `AsyncConsumer.start(wait=True)`)."""
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            if self.state is MemberState.STABLE and not self.rejoin_needed:
                return
            if time.monotonic() > deadline:
                raise KafkaTimeoutError(f"no assignment from group {self.group_id!r} within {timeout:.1f}s")
            task = self._rebalance_task
            if task is not None and not task.done():
                with contextlib.suppress(TimeoutError):
                    await wait_for(asyncio.shield(task), max(0.0, deadline - time.monotonic()))
            else:
                await asyncio.sleep(0.01)

    # --- coordinator discovery ---------------------------------------------------------------

    async def ensure_coordinator(self, timeout: float | None = None) -> BrokerNode:
        deadline = None if timeout is None else time.monotonic() + timeout
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        while self.coordinator is None:
            # concurrent callers (rebalance, heartbeat, commits, the fetcher) share one lookup
            if self._lookup is None or self._lookup.done():
                self._lookup = asyncio.get_running_loop().create_task(
                    self.client.find_coordinator(self.group_id)
                )
            try:
                node = await asyncio.shield(self._lookup)
            except KafkaError as e:
                if not e.retriable or (deadline is not None and time.monotonic() > deadline):
                    raise
                log.debug("fail_find_coordinator", group=self.group_id, error=str(e))
                await asyncio.sleep(backoff.next_delay())
                continue
            if self.coordinator is None:
                self.coordinator = node
                log.info(
                    "find_coordinator", group=self.group_id, node=node.node_id, host=node.host, port=node.port
                )
        return self.coordinator

    def mark_coordinator_dead(self, reason: str) -> None:
        if self.coordinator is not None:
            log.info("lose_coordinator", group=self.group_id, node=self.coordinator.node_id, reason=reason)
            self.client.drop_connection(self.coordinator.node_id, COORDINATION)
            self.coordinator = None

    async def send(self, api_key: int, body: Any, timeout: float | None = None) -> tuple[int, Any]:
        """A request to the group's coordinator (found first if need be)."""
        node = await self.ensure_coordinator(timeout)
        try:
            return await self.client.send_versioned(
                node.node_id, api_key, body, purpose=COORDINATION, timeout=timeout
            )
        except (KafkaConnectionError, KafkaTimeoutError) as e:
            self.mark_coordinator_dead(str(e))
            raise

    # --- the rebalance -----------------------------------------------------------------------

    async def _rebalance(self) -> None:
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        try:
            while self.need_rejoin() and not self._closing:
                await self.ensure_coordinator()
                if not self._join_prepared:
                    await self._on_join_prepare()
                    self._join_prepared = True
                try:
                    if await self._join_and_sync():
                        return
                except GroupFatalError:
                    raise
                except KafkaError as e:
                    log.info("rejoin_group", group=self.group_id, reason=str(e))
                    self.rejoin_needed = True
                    await asyncio.sleep(backoff.next_delay())
        except GroupFatalError as e:
            log.error("fail_group", group=self.group_id, error=str(e))
            self._fatal = e
            self.state = MemberState.UNJOINED
        finally:
            self.notify()

    async def _on_join_prepare(self) -> None:
        """Before JoinGroup: commit (auto-commit), then revoke what must go (eager: everything;
        cooperative: partitions of topics no longer subscribed), or report it lost when the
        generation is gone."""
        owned = self.subs.assigned()
        if self.generation.valid and self.config.enable_auto_commit and owned:
            await self.offsets.commit_quietly(self.subs.all_consumed(), "rebalance")
        if not self.generation.valid:
            if owned:
                self._revoke_locally(owned)
                await self._call_listener("on_partitions_lost", owned)
        elif self.protocol is RebalanceProtocol.EAGER:
            if owned:
                self._revoke_locally(owned)
                await self._call_listener("on_partitions_revoked", owned)
        else:
            gone = {tp for tp in owned if tp.topic not in self.subs.subscription}
            if gone:
                self._revoke_locally(gone)
                await self._call_listener("on_partitions_revoked", gone)
        self.subs.assign_from_subscribed(
            owned - {tp for tp in owned if self.subs.assignment[tp].pending_revocation}
        )

    def _revoke_locally(self, tps: set[TopicPartition]) -> None:
        self.subs.mark_pending_revocation(tps)
        self.on_revoke(tps)

    def _subscription_topics(self) -> set[str]:
        return set(self.subs.subscription)

    async def _join_and_sync(self) -> bool:
        """One JoinGroup + SyncGroup round; True when the member is stable with its assignment."""
        topics = self._subscription_topics()
        self.client.add_topics(topics)
        self._joined_counts = None  # the leader takes its snapshot when it assigns
        member_id = self.generation.member_id
        body = {
            "group_id": self.group_id,
            "session_timeout_ms": self.config.session_timeout_ms,
            "rebalance_timeout_ms": self.rebalance_timeout_ms,
            "member_id": member_id,
            "group_instance_id": self.config.group_instance_id,
            "protocol_type": "consumer",
            "protocols": join_protocols(
                self.assignors, topics, self.subs.assigned(), self.generation.generation_id
            ),
            "reason": self.rejoin_reason,
        }
        self.rejoin_needed = False
        self.state = MemberState.PREPARING_REBALANCE
        log.info("join_group", group=self.group_id, member=member_id or None, reason=self.rejoin_reason)
        timeout = max(self.client.config.request_timeout_ms, self.rebalance_timeout_ms + 5000) / 1000
        version, r = await self.send(ApiKey.JOIN_GROUP, body, timeout)
        if self.config.group_instance_id is not None and version < 5:
            raise GroupFatalError(
                "static membership (group_instance_id) needs JoinGroup v5+, which the broker lacks"
            )
        action = join_action(r.error_code)
        if action is not Action.NONE:
            if r.error_code == ErrorCode.MEMBER_ID_REQUIRED:
                self.generation = Generation(-1, r.member_id)
            await self._apply(action, r.error_code, "JoinGroup")
            return False
        generation = Generation(r.generation_id, r.member_id, r.protocol_name)
        self.generation = generation
        self.state = MemberState.COMPLETING_REBALANCE
        assignments: dict[str, bytes] = {}
        is_leader = r.leader == r.member_id
        if is_leader and not r.skip_assignment:
            assignments = await self._assign(r.protocol_name, r.members)
        log.info(
            "sync_group",
            group=self.group_id,
            member=r.member_id,
            generation=r.generation_id,
            leader=is_leader,
            protocol=r.protocol_name,
        )
        sync = {
            "group_id": self.group_id,
            "generation_id": generation.generation_id,
            "member_id": generation.member_id,
            "group_instance_id": self.config.group_instance_id,
            "protocol_type": "consumer",
            "protocol_name": generation.protocol,
            "assignments": [{"member_id": m, "assignment": a} for m, a in assignments.items()],
        }
        _, s = await self.send(ApiKey.SYNC_GROUP, sync, timeout)
        action = sync_action(s.error_code)
        if action is not Action.NONE:
            await self._apply(action, s.error_code, "SyncGroup")
            return False
        if self.generation != generation:
            self.request_rejoin("the generation changed during SyncGroup")
            return False
        await self._on_join_complete(generation, s.assignment)
        return True

    async def _apply(self, action: Action, code: int, what: str) -> None:
        """Act on a failed JoinGroup/SyncGroup: the member will rejoin (or cannot go on)."""
        name = ErrorCode(code).name if code in ErrorCode._value2member_map_ else str(code)
        log.info(
            "rejoin_group",
            group=self.group_id,
            member=self.generation.member_id or None,
            reason=f"{what}: {name}",
        )
        self.state = (
            MemberState.UNJOINED
            if action in (Action.RESET_REJOIN, Action.RESET_GENERATION_REJOIN)
            else MemberState.PREPARING_REBALANCE
        )
        self.rejoin_needed = True
        if action is Action.FATAL:
            raise GroupFatalError(f"{what} failed", code=code)
        if action is Action.RESET_REJOIN:
            self.generation = NO_GENERATION_STATE
        elif action is Action.RESET_GENERATION_REJOIN:
            self.generation = Generation(-1, self.generation.member_id)
        elif action is Action.REDISCOVER:
            self.mark_coordinator_dead(name)
        if action in (Action.RETRY, Action.REDISCOVER) or (
            action is Action.REJOIN and code != ErrorCode.MEMBER_ID_REQUIRED
        ):
            await asyncio.sleep(self.client.config.retry_backoff_ms / 1000)

    def _assignor(self, name: str | None) -> Assignor:
        for a in self.assignors:
            if a.name == name:
                return a
        raise GroupFatalError(f"the group chose protocol {name!r}, which this consumer does not have")

    async def _assign(self, protocol: str, members: list[Any]) -> dict[str, bytes]:
        """The leader's job: run the chosen assignor over every member's subscription."""
        assignor = self._assignor(protocol)
        subscriptions = {m.member_id: decode_subscription(m.metadata) for m in members}
        instance_ids = {m.member_id: m.group_instance_id for m in members if m.group_instance_id}
        topics = {t for s in subscriptions.values() for t in s.topics}
        self.subs.group_subscription = topics | self.subs.subscription
        self.client.add_topics(topics)
        with contextlib.suppress(KafkaError):
            await self.client.refresh_metadata()
        counts = self.client.cluster.partition_counts(topics)
        self._joined_counts = self.client.cluster.partition_counts(self.subs.group_subscription)
        result = assignor.assign(counts, subscriptions, group_instance_ids=instance_ids or None)
        log.info(
            "assign_partitions",
            group=self.group_id,
            generation=self.generation.generation_id,
            assignor=protocol,
            members=len(subscriptions),
            plan={
                m: [f"{t.topic}-{p}" for t in a.assigned_partitions for p in t.partitions]
                for m, a in result.items()
            },
        )
        return {m: encode_assignment(result.get(m, Assignment())) for m in subscriptions}

    async def _on_join_complete(self, generation: Generation, data: bytes) -> None:
        assignment = decode_assignment(data) if data else Assignment()
        assigned = {TopicPartition(t, p) for t, p in assignment.partitions()}
        self.state = MemberState.STABLE
        self.heartbeat.sent(time.monotonic())  # the first heartbeat of the generation in an interval
        self._heartbeat_wake.set()
        self._join_prepared = False
        self.rebalances += 1
        foreign = {tp for tp in assigned if tp.topic not in self.subs.subscription}
        if foreign:
            self.request_rejoin(f"assigned partitions of topics not subscribed: {sorted(map(str, foreign))}")
        with contextlib.suppress(Exception):
            self._assignor(generation.protocol).on_assignment(assignment, generation.generation_id)
        owned = self.subs.assigned()
        log.info(
            "receive_assignment",
            group=self.group_id,
            member=generation.member_id,
            generation=generation.generation_id,
            partitions=sorted(map(str, assigned)),
        )
        if self.protocol is RebalanceProtocol.COOPERATIVE:
            change = assignment_change(owned, assigned)
            if change.revoked:
                if self.config.enable_auto_commit:
                    consumed = self.subs.all_consumed()
                    await self.offsets.commit_quietly(
                        {tp: consumed[tp] for tp in change.revoked if tp in consumed}, "revoke"
                    )
                self._revoke_locally(set(change.revoked))
                await self._call_listener("on_partitions_revoked", set(change.revoked))
            self.subs.assign_from_subscribed(assigned)
            await self._call_listener("on_partitions_assigned", set(change.added))
            if change.revoked:
                self.request_rejoin("partitions were revoked: rejoin so that they can move (KIP-429)")
        else:
            self.subs.assign_from_subscribed(assigned)
            await self._call_listener("on_partitions_assigned", assigned)
        self.notify()

    async def _call_listener(self, method: str, partitions: set[TopicPartition]) -> None:
        try:
            result = getattr(self.listener, method)(set(partitions))
            if inspect.isawaitable(result):
                await result
        except Exception as e:  # the group must go on; the application learns from its logs
            log.error("fail_listener", group=self.group_id, callback=method, error=repr(e))

    def _on_metadata(self, _changed: set[str]) -> None:
        cluster = self.client.cluster
        if self.subs.type is SubscriptionType.PATTERN:
            names = [
                t
                for t, m in cluster.topics.items()
                if not (m.is_internal and self.config.exclude_internal_topics)
            ]
            if self.subs.match_topics(names):
                self.client.add_topics(self.subs.subscription)
                if self.state is not MemberState.UNJOINED:
                    self.request_rejoin(f"the pattern now matches {sorted(self.subs.subscription)}")
        if self._joined_counts is not None and self.state is MemberState.STABLE:
            counts = cluster.partition_counts(self.subs.group_subscription)
            if counts != self._joined_counts:
                self._joined_counts = counts
                self.request_rejoin("the partitions of subscribed topics changed")

    # --- the heartbeat task ------------------------------------------------------------------

    async def _heartbeat_loop(self) -> None:
        """From start to close: heartbeat while stable, whatever the application does; leave the
        group when it has not polled for max_poll_interval_ms (it rejoins at its next poll)."""
        timers = self.heartbeat
        backoff = self.client.config.retry_backoff_ms / 1000
        while True:
            stable = self.state is MemberState.STABLE
            wait = timers.time_to_next_event(
                time.monotonic(), stable, joined=self.state is not MemberState.UNJOINED
            )
            self._heartbeat_wake.clear()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._heartbeat_wake.wait(), wait)
            now = time.monotonic()
            joined = self.state is not MemberState.UNJOINED and self.subs.group_managed
            if timers.poll_timer_expired(now, joined):
                log.warning(
                    "expire_poll_interval",
                    group=self.group_id,
                    member=self.generation.member_id,
                    max_poll_interval_ms=self.config.max_poll_interval_ms,
                )
                if self._rebalance_task is not None and not self._rebalance_task.done():
                    self._rebalance_task.cancel()
                await self.maybe_leave_group("consumer poll timeout has expired (max_poll_interval_ms)")
                continue
            if (
                self.state is not MemberState.STABLE
                or not self.generation.valid
                or not timers.heartbeat_due(now)
            ):
                continue
            timers.sent(now)
            await self._heartbeat_once(backoff)

    async def _heartbeat_once(self, backoff: float) -> None:
        generation = self.generation
        body = {
            "group_id": self.group_id,
            "generation_id": generation.generation_id,
            "member_id": generation.member_id,
            "group_instance_id": self.config.group_instance_id,
        }
        try:
            _, r = await self.send(
                ApiKey.HEARTBEAT, body, timeout=self.client.config.request_timeout_ms / 1000
            )
        except KafkaError as e:
            log.debug("fail_heartbeat", group=self.group_id, error=str(e))
            self.heartbeat.retry_after(time.monotonic(), backoff)
            return
        if generation != self.generation or self.state is not MemberState.STABLE:
            return  # a rebalance moved on meanwhile; this answer is stale
        action = heartbeat_action(r.error_code)
        if action is Action.NONE:
            return
        name = (
            ErrorCode(r.error_code).name
            if r.error_code in ErrorCode._value2member_map_
            else str(r.error_code)
        )
        if action is Action.REJOIN:
            self.request_rejoin("the group is rebalancing (heartbeat)")
        elif action is Action.RETRY:
            self.heartbeat.retry_after(time.monotonic(), backoff)
        elif action is Action.REDISCOVER:
            self.mark_coordinator_dead(name)
            self.heartbeat.retry_after(time.monotonic(), backoff)
        elif action in (Action.RESET_REJOIN, Action.RESET_GENERATION_REJOIN):
            log.warning(
                "lose_membership",
                group=self.group_id,
                member=generation.member_id,
                generation=generation.generation_id,
                error=name,
            )
            self.lose_generation(generation, action, f"heartbeat: {name}")
        else:
            self._fatal = GroupFatalError("Heartbeat failed", code=r.error_code)
            self.state = MemberState.UNJOINED
            self.notify()

    def lose_generation(self, generation: Generation, action: Action, reason: str) -> None:
        """The coordinator no longer knows `generation` (RESET_GENERATION_REJOIN) or this member
        id (RESET_REJOIN): forget it and rejoin. Nothing to do if the member already moved on."""
        if generation != self.generation:
            return
        self.generation = (
            NO_GENERATION_STATE if action is Action.RESET_REJOIN else Generation(-1, generation.member_id)
        )
        self.state = MemberState.UNJOINED
        self.request_rejoin(reason)

    # --- leaving -----------------------------------------------------------------------------

    async def maybe_leave_group(self, reason: str) -> None:
        """LeaveGroup for a dynamic member that is in the group; then forget the generation.
        Static members stay (their session timeout, or their restart, decides)."""
        generation = self.generation
        if (
            self.config.group_instance_id is None
            and self.coordinator is not None
            and self.state is not MemberState.UNJOINED
            and generation.member_id
        ):
            log.info("leave_group", group=self.group_id, member=generation.member_id, reason=reason)
            body = {
                "group_id": self.group_id,
                "member_id": generation.member_id,
                "members": [{"member_id": generation.member_id, "group_instance_id": None, "reason": reason}],
            }
            timeout = self.client.config.request_timeout_ms / 1000
            try:
                version, r = await self.send(ApiKey.LEAVE_GROUP, body, timeout=timeout)
                if version >= 3 and r.error_code == ErrorCode.UNKNOWN_MEMBER_ID and not r.members:
                    # Kafka answers a batched leave (v3+) per member; an answer without members
                    # comes from a broker that read the request as v0-2 (the librdkafka mock):
                    # say it again in that layout.
                    node = await self.ensure_coordinator(timeout)
                    r = await self.client.send(
                        node.node_id,
                        ApiKey.LEAVE_GROUP,
                        body,
                        purpose=COORDINATION,
                        max_version=2,
                        timeout=timeout,
                    )
                errors = [r.error_code] + [m.error_code for m in r.members]
                if any(errors):
                    log.info(
                        "fail_leave_group",
                        group=self.group_id,
                        error=ErrorCode(next(e for e in errors if e)).name,
                    )
            except KafkaError as e:
                log.info("fail_leave_group", group=self.group_id, error=str(e))
        self.generation = NO_GENERATION_STATE
        self.state = MemberState.UNJOINED
        self.rejoin_needed = True
        self.rejoin_reason = reason
        self.notify()

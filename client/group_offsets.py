"""The group's offsets: commit (with this member's generation), fetch, and auto-commit.

A component of ConsumerCoordinator, which it sees only through `GroupMember`: the member's
generation and state, the coordinator connection, and how to give up a generation the
coordinator no longer knows. Error codes are read as Kafka's OffsetCommitResponseHandler does
(`membership.commit_action`)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from client import log as logs
from client.cluster import Backoff, KafkaClient
from client.errors import CommitFailedError, KafkaError, RebalanceInProgressError, error_for
from client.membership import NO_GENERATION_STATE, Action, Generation, GroupConfig, MemberState, commit_action
from client.offsets import offset_commit_body, offset_commit_errors, offset_fetch_body, offset_fetch_result
from client.structs import OffsetAndMetadata, TopicPartition
from client.subscription import SubscriptionState, SubscriptionType
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

log = logs.get("kbroker.client.coordinator")


class GroupMember(Protocol):
    """What the group's offsets need from the membership (ConsumerCoordinator)."""

    generation: Generation
    state: MemberState

    @property
    def rebalancing(self) -> bool: ...

    async def send(self, api_key: int, body: Any, timeout: float | None = None) -> tuple[int, Any]: ...

    def mark_coordinator_dead(self, reason: str) -> None: ...

    def request_rejoin(self, reason: str) -> None: ...

    def lose_generation(self, generation: Generation, action: Action, reason: str) -> None: ...


class GroupOffsets:
    def __init__(
        self, client: KafkaClient, config: GroupConfig, subscriptions: SubscriptionState, member: GroupMember
    ):
        self.client = client
        self.config = config
        self.subs = subscriptions
        self.member = member
        # Commits are numbered as they are made; per partition, the number of the newest one the
        # coordinator acknowledged. A commit being retried (its answer lost to a coordinator
        # move, a timeout) drops the partitions a newer commit has set since: re-sending them
        # would move the group's offset back.
        self._commit_numbers = itertools.count()
        self._acknowledged: dict[TopicPartition, int] = {}

    @property
    def group_id(self) -> str:
        return self.config.group_id

    async def auto_commit_loop(self) -> None:
        interval = self.config.auto_commit_interval_ms / 1000
        member = self.member
        while True:
            await asyncio.sleep(interval)
            stable = member.state is MemberState.STABLE and not member.rebalancing and member.generation.valid
            if stable or self.subs.type is SubscriptionType.USER_ASSIGNED:
                await self.commit_quietly(self.subs.all_consumed(), "auto-commit")

    async def commit_quietly(self, offsets: Mapping[TopicPartition, OffsetAndMetadata], why: str) -> None:
        if not offsets:
            return
        try:
            await self.commit(offsets)
        except KafkaError as e:
            log.warning("fail_commit_offsets", group=self.group_id, reason=why, error=str(e))

    async def commit(
        self, offsets: Mapping[TopicPartition, OffsetAndMetadata], timeout: float | None = None
    ) -> None:
        """OffsetCommit with this member's generation (or as a standalone member when the
        partitions were assigned by hand), retrying retriable errors until `timeout`."""
        if not offsets:
            return
        timeout = self.client.config.request_timeout_ms / 1000 if timeout is None else timeout
        deadline = time.monotonic() + timeout
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        member = self.member
        number = next(self._commit_numbers)
        while True:
            offsets = {tp: om for tp, om in offsets.items() if self._acknowledged.get(tp, -1) < number}
            if not offsets:
                return  # every partition of it was set by a newer acknowledged commit
            generation = member.generation if self.subs.group_managed else NO_GENERATION_STATE
            if self.subs.group_managed and (not generation.valid or member.state is not MemberState.STABLE):
                if member.rebalancing or member.state in (
                    MemberState.PREPARING_REBALANCE,
                    MemberState.COMPLETING_REBALANCE,
                ):
                    raise RebalanceInProgressError("the consumer is rebalancing; poll, then commit again")
                raise CommitFailedError(
                    "the consumer is not part of an active group (it was fenced, left, or its "
                    "poll interval expired); its partitions may belong to another member now"
                )
            body = offset_commit_body(
                self.group_id,
                offsets,
                generation_id=generation.generation_id,
                member_id=generation.member_id,
                group_instance_id=self.config.group_instance_id,
            )
            try:
                _, r = await self.member.send(
                    ApiKey.OFFSET_COMMIT, body, timeout=max(0.1, deadline - time.monotonic())
                )
                errors = offset_commit_errors(r)
            except KafkaError as e:
                if not e.retriable or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(backoff.next_delay())
                continue
            failed = {tp: code for tp, code in errors.items() if code}
            for tp, code in errors.items():
                if not code and self._acknowledged.get(tp, -1) < number:
                    self._acknowledged[tp] = number
            if not failed:
                log.debug(
                    "commit_offsets",
                    group=self.group_id,
                    generation=generation.generation_id,
                    offsets={str(tp): om.offset for tp, om in offsets.items()},
                )
                return
            code = next(iter(failed.values()))
            action = max((commit_action(c) for c in failed.values()), key=_ACTION_SEVERITY.__getitem__)
            if action in (Action.RETRY, Action.REDISCOVER):
                if action is Action.REDISCOVER:
                    self.member.mark_coordinator_dead(ErrorCode(code).name)
                if time.monotonic() > deadline:
                    raise error_for(code, "OffsetCommit")
                await asyncio.sleep(backoff.next_delay())
                continue
            if action is Action.REJOIN:
                member.request_rejoin("OffsetCommit: REBALANCE_IN_PROGRESS")
                raise RebalanceInProgressError("the group is rebalancing; poll, then commit again")
            if action in (Action.RESET_REJOIN, Action.RESET_GENERATION_REJOIN):
                if self.subs.group_managed:
                    member.lose_generation(generation, action, f"OffsetCommit: {ErrorCode(code).name}")
                raise CommitFailedError(
                    "the group rebalanced and this member's generation is gone", code=code
                )
            raise error_for(code, "OffsetCommit")

    async def fetch_committed(
        self, partitions: Iterable[TopicPartition] | None, timeout: float | None = None
    ) -> dict[TopicPartition, OffsetAndMetadata | None]:
        """The group's committed offsets for `partitions` (None: every partition it has)."""
        tps = None if partitions is None else sorted(set(partitions))
        if tps is not None and not tps:
            return {}
        timeout = self.client.config.request_timeout_ms / 1000 if timeout is None else timeout
        deadline = time.monotonic() + timeout
        backoff = Backoff(self.client.config.retry_backoff_ms, self.client.config.retry_backoff_max_ms)
        while True:
            try:
                version, r = await self.member.send(
                    ApiKey.OFFSET_FETCH,
                    offset_fetch_body(self.group_id, tps),
                    timeout=max(0.1, deadline - time.monotonic()),
                )
                error, found = offset_fetch_result(r, version, self.group_id)
                codes = [error] + [code for _, code in found.values() if code]
                code = next((c for c in codes if c), 0)
                if code in (ErrorCode.NOT_COORDINATOR, ErrorCode.COORDINATOR_NOT_AVAILABLE):
                    self.member.mark_coordinator_dead(ErrorCode(code).name)
                if code:
                    raise error_for(code, "OffsetFetch")
            except KafkaError as e:
                if not e.retriable or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(backoff.next_delay())
                continue
            result: dict[TopicPartition, OffsetAndMetadata | None] = {tp: None for tp in tps or ()}
            result.update({tp: om for tp, (om, _code) in found.items() if tps is None or tp in result})
            return result


_ACTION_SEVERITY = {
    Action.NONE: 0,
    Action.RETRY: 1,
    Action.REDISCOVER: 2,
    Action.REJOIN: 3,
    Action.RESET_GENERATION_REJOIN: 4,
    Action.RESET_REJOIN: 5,
    Action.FATAL: 6,
}

"""The member's heartbeat task and the max_poll_interval_ms check (part of ConsumerCoordinator).

It runs from the consumer's start to its close, independent of what the application does:
while the member is stable it heartbeats every heartbeat_interval_ms, so an application that
takes longer than the session timeout between polls keeps its membership; and when the
application has not polled for max_poll_interval_ms, the member leaves the group (as Kafka's
heartbeat thread does) and rejoins at its next poll.
"""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

from client import log as logs
from client.aio import wait_for
from client.errors import GroupFatalError, KafkaError
from client.membership import NO_GENERATION_STATE, Action, Generation, MemberState, heartbeat_action
from protocol.apis import ApiKey
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from client.coordinator import ConsumerCoordinator

log = logs.get("kbroker.client.heartbeat")


class HeartbeatMixin:
    async def _heartbeat_loop(self: ConsumerCoordinator) -> None:
        interval = self.config.heartbeat_interval_ms / 1000
        backoff = self.client.config.retry_backoff_ms / 1000
        max_poll = self.config.max_poll_interval_ms / 1000
        while True:
            now = time.monotonic()
            wait = max(0.0, self._next_heartbeat - now) if self.state is MemberState.STABLE else interval
            if self._polling == 0 and self.state is not MemberState.UNJOINED and not self._poll_expired:
                wait = min(wait, max(0.0, self._last_poll + max_poll - now) + 0.001)
            self._heartbeat_wake.clear()
            with contextlib.suppress(TimeoutError):
                await wait_for(self._heartbeat_wake.wait(), wait)
            now = time.monotonic()
            if (self._polling == 0 and self.state is not MemberState.UNJOINED and self.subs.group_managed
                    and not self._poll_expired and now - self._last_poll > max_poll):
                log.warning("expire_poll_interval", group=self.group_id, member=self.generation.member_id,
                            max_poll_interval_ms=self.config.max_poll_interval_ms)
                self._poll_expired = True
                if self._rebalance_task is not None and not self._rebalance_task.done():
                    self._rebalance_task.cancel()
                await self.maybe_leave_group("consumer poll timeout has expired (max_poll_interval_ms)")
                continue
            if self.state is not MemberState.STABLE or not self.generation.valid or now < self._next_heartbeat:
                continue
            self._next_heartbeat = now + interval
            await self._heartbeat_once(backoff)

    async def _heartbeat_once(self: ConsumerCoordinator, backoff: float) -> None:
        generation = self.generation
        body = {"group_id": self.group_id, "generation_id": generation.generation_id,
                "member_id": generation.member_id, "group_instance_id": self.config.group_instance_id}
        try:
            _, r = await self._send(ApiKey.HEARTBEAT, body, timeout=self.client.config.request_timeout_ms / 1000)
        except KafkaError as e:
            log.debug("fail_heartbeat", group=self.group_id, error=str(e))
            self._next_heartbeat = time.monotonic() + backoff
            return
        if generation != self.generation or self.state is not MemberState.STABLE:
            return  # a rebalance moved on meanwhile; this answer is stale
        action = heartbeat_action(r.error_code)
        if action is Action.NONE:
            return
        name = ErrorCode(r.error_code).name if r.error_code in ErrorCode._value2member_map_ else str(r.error_code)
        if action is Action.REJOIN:
            self.request_rejoin("the group is rebalancing (heartbeat)")
        elif action is Action.RETRY:
            self._next_heartbeat = time.monotonic() + backoff
        elif action is Action.REDISCOVER:
            self.mark_coordinator_dead(name)
            self._next_heartbeat = time.monotonic() + backoff
        elif action in (Action.RESET_REJOIN, Action.RESET_GENERATION_REJOIN):
            log.warning("lose_membership", group=self.group_id, member=generation.member_id,
                        generation=generation.generation_id, error=name)
            self.generation = NO_GENERATION_STATE if action is Action.RESET_REJOIN else Generation(-1, generation.member_id)
            self.state = MemberState.UNJOINED
            self.request_rejoin(f"heartbeat: {name}")
        else:
            self._fatal = GroupFatalError("Heartbeat failed", code=r.error_code)
            self.state = MemberState.UNJOINED
            self.notify()

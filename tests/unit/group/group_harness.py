"""Drive a GroupCoordinatorShard without sockets: a manual clock, waiters as plain objects,
and the shard's appends either completed at once or held to be completed by the test."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from broker.group.config import GroupConfig
from broker.group.events import (
    Append,
    CommitPartition,
    Heartbeat,
    JoinGroup,
    JoinResult,
    LeaveGroup,
    LeavingMember,
    OffsetCommit,
    Reply,
    SyncGroup,
    SyncResult,
)
from broker.group.records import OffsetRecord, Record
from broker.group.shard import GroupCoordinatorShard
from protocol.errors import ErrorCode

E = ErrorCode
CONSUMER = "consumer"


class ManualClock:
    def __init__(self) -> None:
        self.mono = 1_000_000
        self.wall = 1_700_000_000_000

    def monotonic_ms(self) -> int:
        return self.mono

    def wall_ms(self) -> int:
        return self.wall


@dataclass(eq=False)
class Waiter:
    name: str = ""

    def __repr__(self) -> str:
        return f"Waiter({self.name})"


@dataclass
class Harness:
    config: GroupConfig = field(
        default_factory=lambda: GroupConfig(
            min_session_timeout_ms=100, max_session_timeout_ms=60_000, initial_rebalance_delay_ms=0
        )
    )
    auto_append: bool = True

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        self.shard = GroupCoordinatorShard(0, self.config, self.clock)
        self.replies: dict[Waiter, Any] = {}
        self.written: list[Record] = []  # records whose append completed
        self.held: list[Append] = []  # appends not yet completed (auto_append=False)

    # -- plumbing --

    def pump(self) -> None:
        while True:
            outputs = self.shard.drain()
            if not outputs:
                return
            for out in outputs:
                if isinstance(out, Reply):
                    assert out.waiter not in self.replies, f"{out.waiter} answered twice"
                    self.replies[out.waiter] = out.result
                elif self.auto_append:
                    self.written.extend(out.records)
                    self.shard.appended(out, E.NONE)
                else:
                    self.held.append(out)

    def complete_appends(self, error: ErrorCode = E.NONE) -> None:
        held, self.held = self.held, []
        for append in held:
            if error == E.NONE:
                self.written.extend(append.records)
            self.shard.appended(append, error)
        self.pump()

    def advance(self, ms: int) -> None:
        self.clock.mono += ms
        self.clock.wall += ms
        for _ in range(1000):  # timers that fire may schedule more at the same instant
            fired = self.shard.fire_timers()
            self.pump()
            if not fired:
                return
        raise AssertionError("timers keep firing at the same instant")

    def call(self, method: str, req: Any, name: str = "") -> Waiter:
        w = Waiter(name or method)
        getattr(self.shard, method)(req, w)
        self.pump()
        return w

    def answered(self, w: Waiter) -> bool:
        return w in self.replies

    def result(self, w: Waiter) -> Any:
        assert w in self.replies, f"{w} was not answered"
        return self.replies[w]

    # -- requests --

    def join(
        self,
        group: str = "g",
        member_id: str = "",
        *,
        instance: str | None = None,
        client: str = "c",
        protocols: list[tuple[str, bytes]] | None = None,
        protocol_type: str = CONSUMER,
        session: int = 1000,
        rebalance: int = 5000,
        version: int = 9,
        name: str = "",
    ) -> Waiter:
        req = JoinGroup(
            group,
            member_id,
            instance,
            client,
            "/127.0.0.1",
            session,
            rebalance,
            protocol_type,
            protocols if protocols is not None else [("range", b"meta-" + client.encode())],
            None,
            version >= 4,
            version >= 9,
        )
        return self.call("join_group", req, name or f"join:{client}")

    def join_new(self, group: str = "g", **kw: Any) -> Waiter:
        """A v4+ first join: MEMBER_ID_REQUIRED, then the join with the given id (parked or answered).
        A static member (instance=...) is added at its first join."""
        if kw.get("instance") is not None:
            return self.join(group, **kw)
        first = self.result(self.join(group, **kw))
        assert first.error == E.MEMBER_ID_REQUIRED, first
        return self.join(group, first.member_id, **kw)

    def sync(
        self,
        group: str,
        member_id: str,
        generation: int,
        assignments: dict[str, bytes] | None = None,
        *,
        instance: str | None = None,
        protocol_type: str | None = None,
        protocol_name: str | None = None,
    ) -> Waiter:
        req = SyncGroup(
            group,
            generation,
            member_id,
            instance,
            protocol_type,
            protocol_name,
            list((assignments or {}).items()),
        )
        return self.call("sync_group", req, f"sync:{member_id}")

    def heartbeat(
        self, group: str, member_id: str, generation: int, instance: str | None = None
    ) -> ErrorCode:
        answer = self.shard.heartbeat(Heartbeat(group, generation, member_id, instance))
        self.pump()
        return answer

    def leave(self, group: str, *members: tuple[str, str | None]) -> Any:
        req = LeaveGroup(group, [LeavingMember(m, i, "bye") for m, i in members])
        return self.result(self.call("leave_group", req))

    def commit(
        self,
        group: str,
        offsets: dict[tuple[str, int], int],
        *,
        generation: int = -1,
        member_id: str = "",
        instance: str | None = None,
        metadata: str | None = "",
        version: int = 9,
    ) -> Waiter:
        topics: dict[str, list[CommitPartition]] = {}
        for (t, p), off in offsets.items():
            topics.setdefault(t, []).append(CommitPartition(p, off, -1, metadata))
        req = OffsetCommit(group, generation, member_id, instance, -1, list(topics.items()), version)
        return self.call("commit_offsets", req)

    def fetch(
        self, group: str, topics: list[tuple[str, list[int]]] | None = None
    ) -> dict[tuple[str, int], int]:
        res = self.shard.fetch_offsets(group, topics)
        return {(t, p.partition): p.offset for t, parts in res.topics for p in parts}

    # -- whole rebalances --

    def form_group(self, n: int, group: str = "g", **kw: Any) -> list[str]:
        """n members join and sync; returns member ids, leader first."""
        waiters = [self.join_new(group, client=f"c{i}", **kw) for i in range(n)]
        self.advance(0)
        results: list[JoinResult] = [self.result(w) for w in waiters]
        assert all(r.error == E.NONE for r in results), results
        leader = results[0].leader
        gen = results[0].generation_id
        ids = [r.member_id for r in results]
        assignment = {mid: f"assign-{mid}".encode() for mid in ids}
        syncs = [self.sync(group, mid, gen, assignment if mid == leader else None) for mid in ids]
        for s in syncs:
            r: SyncResult = self.result(s)
            assert r.error == E.NONE, r
        return [leader] + [m for m in ids if m != leader]

    def offsets_written(self) -> list[OffsetRecord]:
        return [r for r in self.written if isinstance(r, OffsetRecord)]

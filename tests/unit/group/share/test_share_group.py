"""KIP-932 share groups in one shard, without sockets: ShareGroupHeartbeat in, records and answers
out; join/heartbeat/leave, epochs and fencing, session expiry, metadata changes, errors as Kafka
answers them, group kinds that exclude each other, ListGroups/DescribeGroups/DeleteGroups, and
reloading from the written records (replay and load give the same state)."""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from broker.group.config import GroupConfig, ShareGroupConfig
from broker.group.events import Append, CommitPartition, JoinGroup, OffsetCommit, OffsetDelete, Reply
from broker.group.records import Record, ShareGroupRecord, decode_record, encode_record
from broker.group.shard import GroupCoordinatorShard
from broker.group.share.events import ShareGroupHeartbeat, ShareHeartbeatResult
from broker.group.share.group import ShareGroupState, TopicPartitions
from protocol.errors import ErrorCode
from protocol.share_group_records import ShareRecordType
from tests.unit.group.group_harness import ManualClock, Waiter

E = ErrorCode
GROUP = "sg"
SESSION = 10_000


@dataclass
class Topic:
    topic_id: uuid.UUID
    partitions: int


@dataclass
class SG:
    topics: dict[str, Topic] = field(default_factory=dict)
    auto_append: bool = True
    max_size: int = 200
    # The service's part, played at once: the Persister initializes what the shard asks.
    auto_initialize: bool = True

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        config = GroupConfig(
            share=ShareGroupConfig(
                session_timeout_ms=SESSION, heartbeat_interval_ms=1_000, max_size=self.max_size, enabled=True
            )
        )
        self.shard = GroupCoordinatorShard(0, config, self.clock)
        self.shard.share_groups.topics = self.shard.consumer_groups.topics = lambda: self.topics
        self.replies: dict[Waiter, Any] = {}
        self.written: list[Record] = []
        self.held: list[Append] = []
        self.init_requests: list[tuple[str, int, TopicPartitions]] = []
        self._to_initialize: list[tuple[str, TopicPartitions]] = []
        self.shard.share_groups.initialize_state = self._initialize

    def _initialize(self, group_id: str, state_epoch: int, partitions: TopicPartitions) -> None:
        self.init_requests.append((group_id, state_epoch, partitions))
        if self.auto_initialize:
            self._to_initialize.append((group_id, partitions))

    def complete_initialization(self, group_id: str, partitions: TopicPartitions, ok: bool = True) -> Any:
        w = Waiter(f"init-{len(self.replies)}")
        method = self.shard.share_state_initialized if ok else self.shard.share_state_uninitialized
        method((group_id, partitions), w)
        self.pump()
        return self.replies[w]

    def add_topic(self, name: str, partitions: int) -> uuid.UUID:
        tid = uuid.uuid4()
        self.topics[name] = Topic(tid, partitions)
        return tid

    def pump(self) -> None:
        while self._to_initialize or self.shard.outputs.pending():
            if self._to_initialize:
                group_id, partitions = self._to_initialize.pop(0)
                self.shard.share_state_initialized((group_id, partitions), None)
                continue
            outputs = self.shard.drain()
            for out in outputs:
                if isinstance(out, Reply):
                    assert out.waiter not in self.replies
                    self.replies[out.waiter] = out.result
                elif self.auto_append:
                    self.written.extend(out.records)
                    self.shard.appended(out, E.NONE)
                else:
                    self.held.append(out)

    def advance(self, ms: int) -> None:
        self.clock.mono += ms
        self.clock.wall += ms
        self.shard.fire_timers()
        self.pump()

    def hb(self, member_id: str, epoch: int, topics: list[str] | None = None, **kw: Any) -> Any:
        req = ShareGroupHeartbeat(
            kw.pop("group", GROUP),
            member_id,
            epoch,
            subscribed_topic_names=topics,
            client_id="c",
            client_host="/127.0.0.1",
            **kw,
        )
        w = Waiter(f"{member_id}@{epoch}")
        self.shard.share_group_heartbeat(req, w)
        self.pump()
        return self.replies.get(w, w)

    @property
    def group(self) -> Any:
        return self.shard.share_groups.groups[GROUP]


def tps(result: ShareHeartbeatResult) -> set[tuple[uuid.UUID, int]]:
    return {(t, p) for t, ps in (result.assignment or {}).items() for p in ps}


def test_join_heartbeat_leave() -> None:
    sg = SG()
    tid = sg.add_topic("t", 3)
    a = sg.hb("a", 0, ["t"])
    assert (a.error, a.member_id, a.member_epoch, a.heartbeat_interval_ms) == (E.NONE, "a", 1, 1_000)
    # Nothing is assigned until the share-partitions are initialized; then the epoch moves (2).
    assert a.assignment == {} and sg.group.group_epoch == 2
    a = sg.hb("a", 1)
    assert a.member_epoch == 2 and tps(a) == {(tid, 0), (tid, 1), (tid, 2)}
    assert sg.group.state is ShareGroupState.STABLE
    # A plain heartbeat writes nothing and gives no assignment (unchanged).
    before = len(sg.written)
    again = sg.hb("a", 2)
    assert (again.error, again.member_epoch, again.assignment) == (E.NONE, 2, None)
    assert len(sg.written) == before
    # b joins: the epoch moves to 3, b gets its target at once (no revocation phase).
    b = sg.hb("b", 0, ["t"])
    assert b.member_epoch == 3 and len(tps(b)) in (1, 2)
    a2 = sg.hb("a", 2)
    assert a2.member_epoch == 3 and tps(a2) | tps(b) == {(tid, p) for p in range(3)}
    assert not tps(a2) & tps(b)
    left = sg.hb("a", -1)
    assert (left.error, left.member_id, left.member_epoch) == (E.NONE, "a", -1)
    assert set(sg.group.members) == {"b"} and sg.group.group_epoch == 4
    b2 = sg.hb("b", 3)
    assert b2.member_epoch == 4 and tps(b2) == {(tid, p) for p in range(3)}
    assert len(sg.init_requests) == 1  # initialized once


def test_more_members_than_partitions_share_them() -> None:
    sg = SG()
    tid = sg.add_topic("t", 1)
    for m in ("a", "b", "c"):
        sg.hb(m, 0, ["t"])
    results = [sg.hb(m, sg.group.members[m].member_epoch) for m in ("a", "b", "c")]
    for m in ("a", "b", "c"):
        assert sg.group.members[m].assigned == {tid: frozenset({0})}
    assert all(r.error == E.NONE for r in results)


def test_errors_as_kafka_answers_them() -> None:
    sg = SG(max_size=2, auto_initialize=False)  # (no epoch bumps from initializations)
    sg.add_topic("t", 2)
    invalid = [
        sg.hb("", 0, ["t"]),  # no member id
        sg.hb("a", 0, None),  # first request without a subscription
        sg.hb("a", 0, []),
        sg.hb("a", -2),
        sg.hb("a", 0, ["t"], rack_id=""),
        sg.hb("a", 0, ["t"], group=""),
    ]
    assert [r.error for r in invalid] == [E.INVALID_REQUEST] * 6
    assert invalid[1].error_message == "SubscribedTopicNames must be set in first request."
    missing = sg.hb("a", 1)
    assert (missing.error, missing.error_message) == (E.GROUP_ID_NOT_FOUND, f"Share group {GROUP} not found.")
    assert sg.hb("a", -1).error == E.GROUP_ID_NOT_FOUND
    assert GROUP not in sg.shard.share_groups.groups
    sg.hb("a", 0, ["t"])
    assert sg.hb("x", 1).error == E.UNKNOWN_MEMBER_ID
    assert sg.hb("x", -1).error == E.UNKNOWN_MEMBER_ID
    assert sg.hb("a", 5).error == E.FENCED_MEMBER_EPOCH
    sg.hb("b", 0, ["t"])
    full = sg.hb("c", 0, ["t"])
    assert full.error == E.GROUP_MAX_SIZE_REACHED and "maximum capacity of 2" in full.error_message
    # a missed the bump to 2: its previous epoch (1) is still accepted, an older one is not.
    assert sg.hb("a", 1).member_epoch == 2
    assert sg.hb("a", 1).member_epoch == 2  # the previous epoch, again
    sg.hb("b", 2)
    sg.hb("b", -1)  # epoch 3; a's previous epoch becomes 2 on its next heartbeat
    assert sg.hb("a", 2).member_epoch == 3
    assert sg.hb("a", 1).error == E.FENCED_MEMBER_EPOCH
    # Rejoining with epoch 0 as an existing member: fenced, as Kafka, unless 0 is its previous epoch.
    assert sg.hb("a", 0, ["t"]).error == E.FENCED_MEMBER_EPOCH
    sg.hb("b", 0, ["t"])  # a new member (epoch 4, previous 0)
    again = sg.hb("b", 0, ["t"])
    assert (again.error, again.member_epoch) == (E.NONE, 4) and again.assignment is not None


def test_session_expiry_fences_the_member_and_a_heartbeat_keeps_it() -> None:
    sg = SG()
    tid = sg.add_topic("t", 2)
    sg.hb("a", 0, ["t"])
    sg.hb("b", 0, ["t"])
    for _ in range(3):
        sg.advance(SESSION // 2)
        sg.hb("a", sg.group.members["a"].member_epoch)
    assert set(sg.group.members) == {"a"}  # b never came back
    assert sg.group.members["a"].assigned == {tid: frozenset({0, 1})}  # given b's partitions
    assert sg.hb("b", 2).error == E.UNKNOWN_MEMBER_ID
    sg.advance(SESSION + 1)
    assert sg.group.state is ShareGroupState.EMPTY


def test_topic_metadata_change_bumps_the_epoch() -> None:
    sg = SG()
    tid = sg.add_topic("t", 2)
    r = sg.hb("a", 0, ["t", "later"])
    assert r.member_epoch == 1 and tps(r) == set()
    r = sg.hb("a", 1)  # initialized meanwhile (epoch 2)
    assert r.member_epoch == 2 and tps(r) == {(tid, 0), (tid, 1)}
    assert sg.hb("a", 2).assignment is None
    sg.topics["t"] = Topic(tid, 4)  # partitions added: the new ones are initialized first
    r = sg.hb("a", 2)
    assert r.member_epoch == 3 and r.assignment is None
    assert sg.init_requests[-1] == (GROUP, 3, {tid: ("t", frozenset({2, 3}))})
    r = sg.hb("a", 3)
    assert r.member_epoch == 4 and tps(r) == {(tid, p) for p in range(4)}
    lid = sg.add_topic("later", 1)  # a subscribed topic is created
    sg.hb("a", 4)
    r = sg.hb("a", 5)
    assert r.member_epoch == 6 and (lid, 0) in tps(r)
    del sg.topics["t"]  # deleted
    r = sg.hb("a", 6)
    assert r.member_epoch == 7 and tps(r) == {(lid, 0)}


def test_group_kinds_exclude_each_other() -> None:
    from broker.group.consumer.events import ConsumerGroupHeartbeat

    sg = SG()
    sg.add_topic("t", 2)
    sg.hb("a", 0, ["t"])
    w = Waiter("join")
    sg.shard.join_group(
        JoinGroup(GROUP, "", None, "c", "/h", 10_000, 10_000, "consumer", [("range", b"")], None, True, True),
        w,
    )
    sg.pump()
    assert sg.replies[w].error == E.INCONSISTENT_GROUP_PROTOCOL
    w = Waiter("cg")
    sg.shard.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            GROUP, "m", 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
        ),
        w,
    )
    sg.pump()
    assert sg.replies[w].error == E.GROUP_ID_NOT_FOUND
    assert sg.replies[w].error_message == f"Group {GROUP} is not a consumer group."
    w = Waiter("cg-beat")
    sg.shard.consumer_group_heartbeat(ConsumerGroupHeartbeat(GROUP, "m", 3), w)
    sg.pump()
    assert (sg.replies[w].error, sg.replies[w].error_message) == (
        E.GROUP_ID_NOT_FOUND,
        f"Group {GROUP} is not a consumer group.",
    )
    assert sg.shard.consumer_group_describe(GROUP).error == E.GROUP_ID_NOT_FOUND
    assert sg.shard.describe_group(GROUP, 6).error == E.GROUP_ID_NOT_FOUND
    assert sg.shard.describe_group(GROUP, 5).state == "Dead"
    # No committed offsets in a share group.
    w = Waiter("commit")
    sg.shard.commit_offsets(OffsetCommit(GROUP, -1, "", None, -1, [("t", [CommitPartition(0, 5)])], 9), w)
    sg.pump()
    assert sg.replies[w] == [("t", [(0, E.GROUP_ID_NOT_FOUND)])]
    assert sg.shard.fetch_offsets(GROUP, None).error == E.GROUP_ID_NOT_FOUND
    w = Waiter("offdel")
    sg.shard.delete_offsets(OffsetDelete(GROUP, [("t", [0])]), w)
    sg.pump()
    assert sg.replies[w].error == E.GROUP_ID_NOT_FOUND
    # The other way round: a consumer group's id is not a share group's.
    other = sg.hb("a", 0, ["t"], group="cg")
    assert other.error == E.NONE
    w = Waiter("cg2")
    sg.shard.consumer_group_heartbeat(
        ConsumerGroupHeartbeat(
            "c2", "m", 0, rebalance_timeout_ms=1000, subscribed_topic_names=["t"], topic_partitions=[]
        ),
        w,
    )
    sg.pump()
    refused = sg.hb("a", 0, ["t"], group="c2")
    assert (refused.error, refused.error_message) == (E.GROUP_ID_NOT_FOUND, "Group c2 is not a share group.")
    assert sg.shard.share_group_describe("c2").error == E.GROUP_ID_NOT_FOUND
    assert sg.shard.share_group_describe("nope").error == E.GROUP_ID_NOT_FOUND


def test_list_describe_delete() -> None:
    sg = SG()
    tid = sg.add_topic("t", 2)
    sg.hb("a", 0, ["t"], rack_id="r1")
    sg.hb("a", 1)  # the epoch of its initialized share-partitions
    listed = sg.shard.list_groups(types=["share"])
    assert [(g.group_id, g.protocol_type, g.state, g.group_type) for g in listed] == [
        (GROUP, "share", "Stable", "share")
    ]
    assert sg.shard.list_groups(types=["consumer", "classic"]) == []
    assert [g.group_id for g in sg.shard.list_groups(states=["stable"])] == [GROUP]
    assert sg.shard.list_groups(states=["Empty"]) == []
    d = sg.shard.share_group_describe(GROUP)
    assert (d.error, d.state, d.group_epoch, d.assignment_epoch, d.assignor) == (
        E.NONE,
        "Stable",
        2,
        2,
        "simple",
    )
    (m,) = d.members
    assert (m.member_id, m.rack_id, m.member_epoch, m.client_id, m.subscribed_topic_names) == (
        "a",
        "r1",
        2,
        "c",
        ("t",),
    )
    assert m.assigned == {tid: frozenset({0, 1})}
    w = Waiter("del")
    sg.shard.delete_groups([GROUP], w)
    sg.pump()
    assert sg.replies[w] == [(GROUP, E.NON_EMPTY_GROUP)]
    sg.hb("a", -1)
    assert [g.state for g in sg.shard.list_groups(types=["share"])] == ["Empty"]
    w = Waiter("del2")
    sg.shard.delete_groups([GROUP], w)
    sg.pump()
    assert sg.replies[w] == [(GROUP, E.NONE)]
    assert GROUP not in sg.shard.share_groups.groups
    tombstones = [r for r in sg.written[-3:] if isinstance(r, ShareGroupRecord)]
    assert [(r.key.type, r.value) for r in tombstones] == [
        (ShareRecordType.SHARE_GROUP_TARGET_ASSIGNMENT_METADATA, None),
        (ShareRecordType.SHARE_GROUP_STATE_PARTITION_METADATA, None),
        (ShareRecordType.SHARE_GROUP_METADATA, None),
    ]


def test_write_failure_changes_nothing_and_queued_requests_follow() -> None:
    sg = SG(auto_append=False)
    sg.add_topic("t", 2)
    w = Waiter("a")
    sg.shard.share_group_heartbeat(ShareGroupHeartbeat(GROUP, "a", 0, subscribed_topic_names=["t"]), w)
    sg.pump()
    w2 = Waiter("b")
    sg.shard.share_group_heartbeat(ShareGroupHeartbeat(GROUP, "b", 0, subscribed_topic_names=["t"]), w2)
    sg.pump()
    assert len(sg.held) == 1 and not sg.replies
    sg.shard.appended(sg.held.pop(), E.KAFKA_STORAGE_ERROR)
    sg.pump()
    assert sg.replies[w].error == E.NOT_COORDINATOR
    assert len(sg.held) == 1
    sg.shard.appended(sg.held.pop(), E.NONE)
    sg.pump()
    assert sg.replies[w2].error == E.NONE and set(sg.group.members) == {"b"}


def _state(shard: GroupCoordinatorShard) -> dict[str, Any]:
    return {
        gid: (
            g.group_epoch,
            g.metadata_hash,
            g.assignment_epoch,
            dict(g.members),
            dict(g.target),
            +g.topic_refs,
            g.state_metadata,
        )
        for gid, g in shard.share_groups.groups.items()
    }


OPS = st.lists(
    st.tuples(
        st.sampled_from(["join", "beat", "leave", "expire", "grow", "delete"]),
        st.sampled_from(["a", "b", "c", "d"]),
        st.sampled_from(["t", "u"]),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None)
@given(OPS)
def test_load_of_the_written_records_gives_the_same_state(ops: list[tuple[str, str, str]]) -> None:
    sg = SG()
    sg.add_topic("t", 3)
    sg.add_topic("u", 1)
    for op, member, topic in ops:
        group = sg.shard.share_groups.groups.get(GROUP)
        known = group.members.get(member) if group is not None else None
        if op == "join":
            sg.hb(member, 0, [topic])
        elif op == "beat" and known is not None:
            assert sg.hb(member, known.member_epoch).error == E.NONE
        elif op == "leave" and known is not None:
            sg.hb(member, -1)
        elif op == "expire":
            sg.advance(SESSION + 1)
        elif op == "grow":
            t = sg.topics[topic]
            sg.topics[topic] = Topic(t.topic_id, t.partitions + 1)
        elif op == "delete":
            w = Waiter("del")
            sg.shard.delete_groups([GROUP], w)
            sg.pump()
    raw = [encode_record(r) for r in sg.written]
    decoded = [decode_record(k, v) for k, v in raw]
    assert decoded == sg.written
    fresh = SG(topics=sg.topics)
    fresh.shard.load([r for r in decoded if r is not None])
    assert _state(fresh.shard) == _state(sg.shard)


def test_reload_restores_the_group_and_sessions_restart() -> None:
    sg = SG()
    tid = sg.add_topic("t", 4)
    rng = random.Random(3)
    for m in rng.sample(["a", "b", "c"], 3):
        sg.hb(m, 0, ["t"])
    epochs = {m: sg.hb(m, sg.group.members[m].member_epoch).member_epoch for m in ("a", "b", "c")}
    fresh = SG(topics=sg.topics)
    fresh.shard.load([r for r in sg.written])
    assert _state(fresh.shard) == _state(sg.shard)
    r = fresh.hb("a", epochs["a"])
    assert r.error == E.NONE and r.member_epoch == epochs["a"] and r.assignment is None
    assert {
        p for m in fresh.group.members.values() for t, ps in m.assigned.items() for p in ps if t == tid
    } == {
        0,
        1,
        2,
        3,
    }
    fresh.advance(SESSION // 2)
    assert fresh.hb("a", epochs["a"]).error == E.NONE
    fresh.advance(SESSION // 2 + 1)  # b and c did not come back after the load
    assert set(fresh.group.members) == {"a"}


def test_share_group_config_keys() -> None:
    from broker.apis import advertised_versions
    from broker.config import Config, ConfigError

    share = ShareGroupConfig.from_config(Config({}))
    assert share == ShareGroupConfig() and not share.enabled  # Kafka's defaults; off
    assert (share.session_timeout_ms, share.heartbeat_interval_ms, share.max_size) == (45_000, 5_000, 200)
    assert ShareGroupConfig.from_config(Config({"group.share.enable": "true"})).enabled
    # "share" in the protocols is valid but, as in Kafka 4.1/4.2, turns nothing on
    assert not ShareGroupConfig.from_config(
        Config({"group.coordinator.rebalance.protocols": "classic,consumer,share"})
    ).enabled
    for bad in (
        {"group.share.enable": "yes"},
        {"group.share.max.size": "0"},
        {"group.share.max.size": "1001"},
        {"group.share.session.timeout.ms": "1000"},
        {"group.share.heartbeat.interval.ms": "50000", "group.share.max.heartbeat.interval.ms": "60000"},
        {"group.share.assignors": "uniform"},
    ):
        with pytest.raises(ConfigError, match=next(iter(bad)).replace(".", r"\.")):
            Config(bad)
    assert not {76, 77} & {v["api_key"] for v in advertised_versions(True, False)}
    served = {v["api_key"]: (v["min_version"], v["max_version"]) for v in advertised_versions(True, True)}
    assert served[76] == served[77] == (1, 1)

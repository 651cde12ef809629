"""Pure pieces of the client: version choice, ApiVersions fallbacks, the tolerant reader,
membership decisions, fetched-record decoding, subscription state and metadata."""

from __future__ import annotations

import struct
import uuid

import pytest
from construct import Container

from client.errors import UnsupportedVersionError
from client.lenient import decode_response_leniently
from client.membership import (
    Action,
    Generation,
    assignment_change,
    commit_action,
    heartbeat_action,
    join_action,
    join_protocols,
    sync_action,
)
from client.metadata import ClusterMetadata
from client.records import CorruptRecordsError, decode_records
from client.structs import TopicPartition
from client.subscription import ResetStrategy, SubscriptionState
from client.versions import read_api_versions, retry_version, usable_version
from protocol.apis import ApiKey
from protocol.compression import Compression
from protocol.consumer_protocol import decode_subscription
from protocol.errors import ErrorCode
from protocol.frames import encode_response
from protocol.records import ControlRecordType, Record, build_batch

# --- versions ---------------------------------------------------------------------------------


def test_usable_version_is_the_highest_shared() -> None:
    assert usable_version({ApiKey.JOIN_GROUP: (0, 6)}, ApiKey.JOIN_GROUP) == 6
    assert usable_version({ApiKey.JOIN_GROUP: (0, 12)}, ApiKey.JOIN_GROUP) == 9
    assert usable_version({ApiKey.FETCH: (0, 16)}, ApiKey.FETCH, max_version=12) == 12
    with pytest.raises(UnsupportedVersionError):
        usable_version({ApiKey.FETCH: (0, 3)}, ApiKey.FETCH)  # we need v4+
    with pytest.raises(UnsupportedVersionError):
        usable_version({}, ApiKey.JOIN_GROUP)


def test_api_versions_answer_of_kafka_to_an_unknown_version_is_read_in_v0() -> None:
    frame = encode_response(
        18,
        0,
        7,
        {
            "error_code": ErrorCode.UNSUPPORTED_VERSION,
            "api_keys": [{"api_key": 18, "min_version": 0, "max_version": 2}],
        },
    )
    error, ranges = read_api_versions(frame, 4)
    assert error == ErrorCode.UNSUPPORTED_VERSION and ranges == {18: (0, 2)}
    assert retry_version(4, ranges) == 2


def test_api_versions_answer_of_the_librdkafka_mock_falls_back_to_v0() -> None:
    # what the mock answers to ApiVersions v3/v4: neither the v0 nor the flexible layout
    frame = bytes.fromhex("0000000700230100120000000200000000")
    error, ranges = read_api_versions(frame, 4)
    assert error == ErrorCode.UNSUPPORTED_VERSION
    assert retry_version(4, ranges) == 0


def test_tolerant_reader_takes_null_for_empty_and_a_missing_last_tag_byte() -> None:
    # the mock's LeaveGroup v4 answer: a null members array and no final tagged-fields byte
    _, body = decode_response_leniently(bytes.fromhex("000000050000000000004500"), ApiKey.LEAVE_GROUP, 4)
    assert body.error_code == ErrorCode.GROUP_ID_NOT_FOUND and body.members == []
    # SyncGroup v3 with a null assignment
    _, body = decode_response_leniently(bytes.fromhex("00000006000000000045ffffffff"), ApiKey.SYNC_GROUP, 3)
    assert body.assignment == b""


# --- membership -------------------------------------------------------------------------------


def test_error_codes_map_to_kafka_actions() -> None:
    E = ErrorCode
    assert join_action(E.MEMBER_ID_REQUIRED) is Action.REJOIN
    assert join_action(E.NOT_COORDINATOR) is Action.REDISCOVER
    assert join_action(E.COORDINATOR_LOAD_IN_PROGRESS) is Action.RETRY
    assert join_action(E.UNKNOWN_MEMBER_ID) is Action.RESET_REJOIN
    assert join_action(E.INCONSISTENT_GROUP_PROTOCOL) is Action.FATAL
    assert join_action(E.FENCED_INSTANCE_ID) is Action.FATAL
    assert sync_action(E.REBALANCE_IN_PROGRESS) is Action.REJOIN
    assert sync_action(E.INVALID_REQUEST) is Action.REJOIN  # the mock's late-follower answer
    assert sync_action(E.ILLEGAL_GENERATION) is Action.RESET_GENERATION_REJOIN
    assert heartbeat_action(E.REBALANCE_IN_PROGRESS) is Action.REJOIN
    assert heartbeat_action(E.COORDINATOR_NOT_AVAILABLE) is Action.REDISCOVER
    assert heartbeat_action(E.FENCED_INSTANCE_ID) is Action.FATAL
    assert commit_action(E.REBALANCE_IN_PROGRESS) is Action.REJOIN
    assert commit_action(E.OFFSET_METADATA_TOO_LARGE) is Action.FATAL
    assert commit_action(E.UNKNOWN_MEMBER_ID) is Action.RESET_REJOIN


def test_generation_validity() -> None:
    assert not Generation().valid
    assert not Generation(-1, "m").valid
    assert Generation(3, "m", "range").valid


def test_cooperative_assignment_change() -> None:
    a, b, c = TopicPartition("t", 0), TopicPartition("t", 1), TopicPartition("t", 2)
    change = assignment_change({a, b}, {b, c})
    assert change.added == {c} and change.revoked == {a} and change.kept == {b}


def test_join_protocols_carry_owned_partitions_and_generation() -> None:
    from client import assignors

    owned = [TopicPartition("t", 2), TopicPartition("t", 0), TopicPartition("u", 1)]
    protocols = join_protocols(assignors.create(["cooperative-sticky", "range"]), {"t", "u"}, owned, 7)
    assert [p["name"] for p in protocols] == ["cooperative-sticky", "range"]
    sub = decode_subscription(protocols[0]["metadata"])
    assert sub.topics == ["t", "u"] and sub.generation_id == 7
    assert [(t.topic, t.partitions) for t in sub.owned_partitions] == [("t", [0, 2]), ("u", [1])]
    assert sub.user_data == struct.pack(">i", -1)  # cooperative-sticky: its generation


# --- fetched records --------------------------------------------------------------------------

TP = TopicPartition("t", 0)


def batch(base: int, n: int, **kw) -> bytes:
    return build_batch(
        [Record(i, i, b"k%d" % (base + i), b"v%d" % (base + i), [("h", None)]) for i in range(n)],
        base_offset=base,
        base_timestamp=1000,
        **kw,
    )


@pytest.mark.parametrize("codec", list(Compression))
def test_decode_records_every_codec(codec: Compression) -> None:
    records, next_offset = decode_records(batch(10, 5, compression=codec), TP, 10)
    assert [(r.offset, r.key, r.value, r.timestamp, r.headers) for r in records] == [
        (10 + i, b"k%d" % (10 + i), b"v%d" % (10 + i), 1000 + i, (("h", None),)) for i in range(5)
    ]
    assert next_offset == 15


def test_decode_records_skips_before_the_position_and_stops_at_a_torn_tail() -> None:
    data = batch(0, 5) + batch(5, 5)
    records, next_offset = decode_records(data + batch(10, 5)[:30], TP, 3)
    assert [r.offset for r in records] == list(range(3, 10)) and next_offset == 10


def test_decode_records_passes_control_batches_but_moves_past_them() -> None:
    marker = build_batch(
        [Record(0, 0, struct.pack(">hh", 0, ControlRecordType.COMMIT), b"")],
        base_offset=5,
        producer_id=9,
        producer_epoch=0,
        transactional=True,
        control=True,
    )
    records, next_offset = decode_records(
        batch(0, 5, producer_id=9, producer_epoch=0, transactional=True) + marker, TP, 0
    )
    assert [r.offset for r in records] == [0, 1, 2, 3, 4] and next_offset == 6


def test_decode_records_read_committed_drops_aborted_transactions() -> None:
    aborted = batch(0, 3, producer_id=9, producer_epoch=0, transactional=True)
    abort = build_batch(
        [Record(0, 0, struct.pack(">hh", 0, ControlRecordType.ABORT), b"")],
        base_offset=3,
        producer_id=9,
        producer_epoch=0,
        transactional=True,
        control=True,
    )
    data = aborted + abort + batch(4, 2)
    everything, _ = decode_records(data, TP, 0, aborted=None)
    assert [r.offset for r in everything] == [0, 1, 2, 4, 5]
    committed, next_offset = decode_records(data, TP, 0, aborted=[Container(producer_id=9, first_offset=0)])
    assert [r.offset for r in committed] == [4, 5] and next_offset == 6


def test_decode_records_rejects_a_bad_crc() -> None:
    data = bytearray(batch(0, 3))
    data[17] ^= 0xFF  # the stored CRC
    with pytest.raises(CorruptRecordsError):
        decode_records(bytes(data), TP, 0)
    records, _ = decode_records(bytes(data), TP, 0, check_crc=False)
    assert len(records) == 3


def test_decode_records_with_deserializers() -> None:
    records, _ = decode_records(batch(0, 2), TP, 0, lambda k: k.decode(), lambda v: v.upper())
    assert [(r.key, r.value) for r in records] == [("k0", b"V0"), ("k1", b"V1")]


# --- subscription state -----------------------------------------------------------------------


def test_subscription_positions_pause_and_revocation() -> None:
    subs = SubscriptionState("earliest")
    assert subs.subscribe(["t"]) and not subs.subscribe(["t"])
    a, b = TopicPartition("t", 0), TopicPartition("t", 1)
    subs.assign_from_subscribed([a, b])
    assert subs.missing_positions() == [a, b]
    subs.seek(a, 5)
    subs.request_reset(b)
    assert subs.assignment[b].reset is ResetStrategy.EARLIEST and subs.missing_positions() == [b]
    subs.pause([a])
    assert subs.fetchable() == [] and subs.paused() == {a}
    subs.resume([a])
    assert subs.fetchable() == [a]
    subs.advance(a, 9)
    assert subs.all_consumed()[a].offset == 9
    subs.mark_pending_revocation([a])
    assert subs.fetchable() == []
    subs.assign_from_subscribed([b])
    assert subs.assigned() == {b}


def test_pattern_subscription_matches_topics() -> None:
    subs = SubscriptionState()
    subs.subscribe_pattern(r"orders-.*")
    assert subs.match_topics(["orders-eu", "orders-us", "payments"])
    assert subs.subscription == {"orders-eu", "orders-us"}
    assert not subs.match_topics(["orders-us", "orders-eu"])


def test_subscribe_and_assign_do_not_mix() -> None:
    from client.errors import IllegalStateError

    subs = SubscriptionState()
    subs.subscribe(["t"])
    with pytest.raises(IllegalStateError):
        subs.assign_from_user([TopicPartition("t", 0)])


# --- metadata ---------------------------------------------------------------------------------


def metadata_response(topics: dict[str, list[int]], controller: int = 1) -> Container:
    return Container(
        brokers=[
            Container(node_id=1, host="h", port=1, rack=None),
            Container(node_id=2, host="h", port=2, rack=None),
        ],
        controller_id=controller,
        cluster_id="c",
        topics=[
            Container(
                error_code=0,
                name=name,
                topic_id=uuid.uuid4(),
                is_internal=False,
                partitions=[
                    Container(
                        error_code=0,
                        partition_index=i,
                        leader_id=leader,
                        leader_epoch=0,
                        replica_nodes=[leader],
                        isr_nodes=[leader],
                    )
                    for i, leader in enumerate(leaders)
                ],
            )
            for name, leaders in topics.items()
        ],
    )


def test_metadata_update_reports_changes_and_leaders() -> None:
    md = ClusterMetadata()
    assert md.update(metadata_response({"t": [1, 2]}), all_topics=True) == {"t"}
    assert md.leader_for(TopicPartition("t", 1)) == 2 and md.partition_count("t") == 2
    assert md.update(metadata_response({"t": [1, 2]}), all_topics=True) == set()
    assert md.update(metadata_response({"t": [1, -1, 2]}), all_topics=True) == {"t"}
    assert md.available_partitions("t") == [0, 2]
    assert md.update(metadata_response({}), all_topics=True) == {"t"} and md.partition_count("t") == 0


def test_heartbeat_timers_heartbeat_every_interval_while_stable() -> None:
    from client.heartbeat import Heartbeat

    hb = Heartbeat(interval_s=3.0, max_poll_interval_s=300.0, last_poll=0.0)
    hb.sent(10.0)  # a generation was joined at t=10
    assert not hb.heartbeat_due(12.9) and hb.heartbeat_due(13.0)
    assert hb.time_to_next_event(11.0, stable=True, joined=True) == 2.0
    assert hb.time_to_next_event(11.0, stable=False, joined=True) == 3.0  # not stable: check every interval
    hb.retry_after(13.0, 0.1)
    assert hb.next_heartbeat == pytest.approx(13.1)


def test_heartbeat_poll_timer_expires_only_outside_a_poll_and_once() -> None:
    from client.heartbeat import Heartbeat

    hb = Heartbeat(interval_s=3.0, max_poll_interval_s=10.0, last_poll=0.0)
    assert not hb.poll_timer_expired(10.0, joined=True)
    hb.enter_poll()  # the application waits inside getmany: the timer does not run
    assert not hb.poll_timer_expired(60.0, joined=True)
    hb.leave_poll(60.0)
    assert not hb.poll_timer_expired(70.0, joined=False)  # not in a group: nothing to leave
    assert hb.poll_timer_expired(70.1, joined=True) and hb.poll_expired
    assert not hb.poll_timer_expired(80.0, joined=True)  # left once; the next poll rejoins
    assert hb.poll(81.0) is True and not hb.poll_expired and hb.poll(82.0) is False


async def test_group_offsets_give_up_a_generation_the_coordinator_no_longer_knows() -> None:
    """GroupOffsets sees the member only through GroupMember: a commit answered ILLEGAL_GENERATION
    makes the member forget its generation (and rejoin), and the commit fails."""
    from types import SimpleNamespace

    from client.errors import CommitFailedError
    from client.group_offsets import GroupOffsets
    from client.membership import GroupConfig, MemberState
    from client.structs import OffsetAndMetadata

    class Member:
        def __init__(self) -> None:
            self.generation = Generation(4, "m-1", "range")
            self.state = MemberState.STABLE
            self.rebalancing = False
            self.sent: list[dict] = []
            self.lost: list[tuple[Generation, Action]] = []

        async def send(self, api_key: int, body: dict, timeout: float | None = None) -> tuple[int, object]:
            self.sent.append(body)
            partition = SimpleNamespace(partition_index=0, error_code=ErrorCode.ILLEGAL_GENERATION)
            return 8, SimpleNamespace(topics=[SimpleNamespace(name="t", partitions=[partition])])

        def mark_coordinator_dead(self, reason: str) -> None:
            raise AssertionError("not a coordinator error")

        def request_rejoin(self, reason: str) -> None:
            raise AssertionError("not a rebalance")

        def lose_generation(self, generation: Generation, action: Action, reason: str) -> None:
            self.lost.append((generation, action))

    subs = SubscriptionState()
    subs.subscribe(["t"])
    member = Member()
    client = SimpleNamespace(
        config=SimpleNamespace(request_timeout_ms=1000, retry_backoff_ms=10, retry_backoff_max_ms=100)
    )
    offsets = GroupOffsets(client, GroupConfig("g"), subs, member)  # type: ignore[arg-type]
    with pytest.raises(CommitFailedError):
        await offsets.commit({TopicPartition("t", 0): OffsetAndMetadata(5)})
    assert member.sent[0]["generation_id_or_member_epoch"] == 4 and member.sent[0]["member_id"] == "m-1"
    assert member.lost == [(Generation(4, "m-1", "range"), Action.RESET_GENERATION_REJOIN)]

"""The fault injector alone (broker/faults.py): names and numbers, matching, times, counting,
clear, and the error answers it builds, encoded and read back with the real codecs."""

from __future__ import annotations

import uuid

import pytest

from broker.faults import Faults, error_response, parse_api, parse_error
from protocol.apis import ALL, ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader, decode_response, encode_response_frame

NC = ErrorCode.NOT_COORDINATOR


def header(api: int, version: int = 0, client_id: str | None = "c") -> RequestHeader:
    return RequestHeader(api, version, 1, client_id)


def commit(group: str = "g", topic: str = "t") -> dict:
    return {"group_id": group, "topics": [{"name": topic, "partitions": [{"partition_index": 0}]}]}


# -- names and numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["OffsetCommit", "OFFSET_COMMIT", "offsetcommit", 8, ApiKey.OFFSET_COMMIT])
def test_api_by_name_or_number(name):
    assert parse_api(name) is ApiKey.OFFSET_COMMIT


@pytest.mark.parametrize("name", ["NOT_COORDINATOR", "not_coordinator", 16, ErrorCode.NOT_COORDINATOR])
def test_error_by_name_or_number(name):
    assert parse_error(name) is NC


def test_unknown_api_names_the_valid_ones():
    with pytest.raises(ValueError, match="OffsetCommit") as e:
        parse_api("OffsetComit")
    assert "JoinGroup" in str(e.value) and "OffsetComit" in str(e.value)
    with pytest.raises(ValueError, match="valid keys"):
        parse_api(4)  # LeaderAndIsr: not an API kbroker serves


def test_unknown_error_names_the_valid_ones():
    with pytest.raises(ValueError, match="NOT_COORDINATOR") as e:
        parse_error("NOT_A_COORDINATOR")
    assert "NOT_A_COORDINATOR" in str(e.value)
    for bad in (0, "NONE", 9999):  # NONE is no fault
        with pytest.raises(ValueError):
            parse_error(bad)


def test_bad_arguments_are_refused():
    f = Faults()
    with pytest.raises(ValueError, match="times"):
        f.fail("Heartbeat", "NOT_COORDINATOR", times=0)
    with pytest.raises(ValueError, match="match keys"):
        f.fail("Heartbeat", "NOT_COORDINATOR", match={"groupid": "g"})
    for seconds in (-1, 0):
        with pytest.raises(ValueError, match="positive"):
            f.delay("Heartbeat", seconds)
    assert not f.active and not f.rules()


# -- times, matching, counting, clear ---------------------------------------------------------


def test_inactive_until_set_and_after_spent():
    f = Faults()
    assert not f.active
    assert f.take(header(ApiKey.OFFSET_COMMIT), commit()) is None
    f.fail("OffsetCommit", "NOT_COORDINATOR", times=3)
    assert f.active
    assert f.take(header(ApiKey.HEARTBEAT), {"group_id": "g"}) is None  # another API
    for _ in range(3):
        injection = f.take(header(ApiKey.OFFSET_COMMIT), commit())
        assert injection is not None and injection.error is NC and not injection.drop
    assert f.take(header(ApiKey.OFFSET_COMMIT), commit()) is None
    assert not f.active and not f.rules()
    assert f.injected[("fail", "OffsetCommit")] == 3
    assert f.count("fail", "OffsetCommit") == f.count() == f.count(api=8) == 3
    assert f.count("drop") == 0


def test_times_none_lasts_until_cleared():
    f = Faults()
    f.drop_connection("Fetch", times=None)
    for _ in range(10):
        injection = f.take(header(ApiKey.FETCH), {"topics": []})
        assert injection is not None and injection.drop
    f.clear()
    assert not f.active and f.take(header(ApiKey.FETCH), {"topics": []}) is None
    assert f.count("drop", "Fetch") == 10  # the counts stay


def test_match_group_topic_client_id():
    f = Faults()
    f.fail("OffsetCommit", "NOT_COORDINATOR", times=None, match={"group": "g1"})
    f.fail("Produce", "NOT_LEADER_OR_FOLLOWER", times=None, match={"topic": "t1"})
    f.fail("Metadata", "LEADER_NOT_AVAILABLE", times=None, match={"client_id": "me", "topic": "t1"})
    assert f.take(header(ApiKey.OFFSET_COMMIT), commit("g2")) is None
    assert f.take(header(ApiKey.OFFSET_COMMIT), commit("g1")) is not None
    produce = {"acks": 1, "topic_data": [{"name": "t2", "partition_data": []}]}
    assert f.take(header(ApiKey.PRODUCE), produce) is None
    produce["topic_data"].append({"name": "t1", "partition_data": []})
    assert f.take(header(ApiKey.PRODUCE), produce) is not None
    metadata = {"topics": [{"name": "t1", "topic_id": uuid.UUID(int=0)}]}
    assert f.take(header(ApiKey.METADATA, client_id="you"), metadata) is None  # every key must match
    assert f.take(header(ApiKey.METADATA, client_id="me"), {"topics": [{"name": "t2"}]}) is None
    assert f.take(header(ApiKey.METADATA, client_id="me"), metadata) is not None


@pytest.mark.parametrize(
    ("api", "request_"),
    [
        (ApiKey.JOIN_GROUP, {"group_id": "g", "protocols": [{"name": "range"}]}),
        (ApiKey.OFFSET_FETCH, {"groups": [{"group_id": "x"}, {"group_id": "g"}]}),  # v8+ batch
        (ApiKey.FIND_COORDINATOR, {"key_type": 0, "key": "g", "coordinator_keys": []}),
        (ApiKey.FIND_COORDINATOR, {"key_type": 0, "key": "", "coordinator_keys": ["g"]}),
        (ApiKey.DESCRIBE_GROUPS, {"groups": ["g"]}),
        (ApiKey.DELETE_GROUPS, {"groups_names": ["g"]}),
        (ApiKey.TXN_OFFSET_COMMIT, {"transactional_id": "x", "group_id": "g", "topics": []}),
    ],
    ids=lambda v: v.name if isinstance(v, ApiKey) else "",
)
def test_match_group_in_every_place_a_request_names_it(api, request_):
    f = Faults()
    f.fail(api, "NOT_COORDINATOR", times=None, match={"group": "g"})
    assert f.take(header(api), request_) is not None
    f.clear()
    f.fail(api, "NOT_COORDINATOR", times=None, match={"group": "range"})  # a protocol, not a group
    assert f.take(header(api), request_) is None


def test_find_coordinator_of_a_transaction_is_not_a_group():
    f = Faults()
    f.fail("FindCoordinator", "NOT_COORDINATOR", match={"group": "x"})
    assert f.take(header(ApiKey.FIND_COORDINATOR), {"key_type": 1, "key": "x"}) is None


def test_match_topic_by_id_and_in_fetch():
    tid = uuid.uuid4()
    f = Faults(topic_name=lambda i: "t" if i == tid else None)
    f.fail("Fetch", "NOT_LEADER_OR_FOLLOWER", times=None, match={"topic": "t"})
    fetch_v12 = {"topics": [{"topic": "t", "topic_id": uuid.UUID(int=0), "partitions": []}]}
    fetch_v13 = {"topics": [{"topic": "", "topic_id": tid, "partitions": []}]}
    other = {"topics": [{"topic": "", "topic_id": uuid.uuid4(), "partitions": []}]}
    assert f.take(header(ApiKey.FETCH), fetch_v12) is not None
    assert f.take(header(ApiKey.FETCH), fetch_v13) is not None
    assert f.take(header(ApiKey.FETCH), other) is None


def test_a_delay_and_a_failure_both_apply_in_order_set():
    f = Faults()
    f.delay("JoinGroup", 2.5, times=1)
    f.fail("JoinGroup", "REBALANCE_IN_PROGRESS", times=1)
    f.fail("JoinGroup", "UNKNOWN_MEMBER_ID", times=1)
    first = f.take(header(ApiKey.JOIN_GROUP), {"group_id": "g"})
    assert first is not None and first.delay == 2.5 and first.error is ErrorCode.REBALANCE_IN_PROGRESS
    second = f.take(header(ApiKey.JOIN_GROUP), {"group_id": "g"})
    assert second is not None and second.delay == 0 and second.error is ErrorCode.UNKNOWN_MEMBER_ID
    assert f.take(header(ApiKey.JOIN_GROUP), {"group_id": "g"}) is None
    assert f.count("delay") == 1 and f.count("fail", "JoinGroup") == 2


def test_pause_resume_clear():
    f = Faults()
    f.pause_partition("t", 0)
    f.pause_partition("t", 1)
    assert f.active
    held = f.held("t", 0, "Produce")
    assert held is not None and not held.resumed.is_set()
    assert f.held("t", 2, "Produce") is None
    woken: list[tuple[str, int]] = []
    f.on_resume(lambda t, p: woken.append((t, p)))
    f.resume_partition("t", 0)
    assert held.resumed.is_set() and f.active  # ("t", 1) still paused
    f.clear()
    assert not f.active and not f.paused and woken == [("t", 0), ("t", 1)]
    assert f.count("pause", "Produce") == 1


# -- error answers ----------------------------------------------------------------------------


@pytest.mark.parametrize("api", ALL, ids=lambda a: a.name)
def test_an_error_answer_encodes_at_every_version(api):
    for version in range(api.min_version, api.max_version + 1):
        body = error_response(api.key, version, api.request.defaults(version), NC)
        frame = encode_response_frame(api.key, version, 42, body)
        cid, _ = decode_response(frame[4:], api.key, version)
        assert cid == 42


def answer(api: int, version: int, request: dict, error: ErrorCode = NC):
    """The error answer as a client reads it: encoded, decoded with the real decoder."""
    frame = encode_response_frame(api, version, 7, error_response(api, version, request, error))
    return decode_response(frame[4:], api, version)[1]


@pytest.mark.parametrize("version", [0, 2, 8, 9])
def test_offset_commit_answer(version):
    request = {
        "group_id": "g",
        "topics": [
            {"name": "a", "partitions": [{"partition_index": 0}, {"partition_index": 3}]},
            {"name": "b", "partitions": [{"partition_index": 1}]},
        ],
    }
    r = answer(ApiKey.OFFSET_COMMIT, version, request)
    got = [(t.name, p.partition_index, p.error_code) for t in r.topics for p in t.partitions]
    assert got == [("a", 0, NC), ("a", 3, NC), ("b", 1, NC)]


@pytest.mark.parametrize("version", [3, 9, 13])
def test_produce_answer(version):
    tid = uuid.uuid4()
    request = {
        "acks": -1,
        "topic_data": [{"name": "t", "topic_id": tid, "partition_data": [{"index": 2}, {"index": 5}]}],
    }
    r = answer(ApiKey.PRODUCE, version, request, ErrorCode.NOT_LEADER_OR_FOLLOWER)
    (topic,) = r.responses
    assert (topic.name if version < 13 else topic.topic_id) == ("t" if version < 13 else tid)
    got = [(p.index, p.error_code, p.base_offset) for p in topic.partition_responses]
    assert got == [(2, 6, -1), (5, 6, -1)]


@pytest.mark.parametrize("version", [4, 7, 12, 13, 16])
def test_fetch_answer(version):
    tid = uuid.uuid4()
    request = {
        "session_id": 0,
        "topics": [{"topic": "t", "topic_id": tid, "partitions": [{"partition": 1}, {"partition": 4}]}],
    }
    r = answer(ApiKey.FETCH, version, request, ErrorCode.NOT_LEADER_OR_FOLLOWER)
    if version >= 7:
        assert r.error_code == ErrorCode.NOT_LEADER_OR_FOLLOWER
    (topic,) = r.responses
    assert (topic.topic if version < 13 else topic.topic_id) == ("t" if version < 13 else tid)
    got = [(p.partition_index, p.error_code, p.high_watermark, p.records) for p in topic.partitions]
    assert got == [(1, 6, -1, b""), (4, 6, -1, b"")]


@pytest.mark.parametrize("version", [1, 5, 8])
def test_list_offsets_answer(version):
    request = {"topics": [{"name": "t", "partitions": [{"partition_index": 0, "timestamp": -1}]}]}
    r = answer(ApiKey.LIST_OFFSETS, version, request, ErrorCode.LEADER_NOT_AVAILABLE)
    p = r.topics[0].partitions[0]
    assert (r.topics[0].name, p.partition_index, p.error_code, p.offset) == ("t", 0, 5, -1)


@pytest.mark.parametrize("version", [0, 3])
def test_txn_offset_commit_answer(version):
    request = {
        "transactional_id": "x",
        "group_id": "g",
        "topics": [{"name": "t", "partitions": [{"partition_index": 2, "committed_offset": 9}]}],
    }
    r = answer(ApiKey.TXN_OFFSET_COMMIT, version, request, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
    assert [(t.name, p.partition_index, p.error_code) for t in r.topics for p in t.partitions] == [
        ("t", 2, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS)
    ]


def test_offset_fetch_answers_old_and_batched():
    old = answer(
        ApiKey.OFFSET_FETCH, 7, {"group_id": "g", "topics": [{"name": "t", "partition_indexes": [0, 2]}]}
    )
    assert old.error_code == NC
    assert [(p.partition_index, p.error_code) for p in old.topics[0].partitions] == [(0, NC), (2, NC)]
    request = {"groups": [{"group_id": "g", "topics": [{"name": "t", "partition_indexes": [1]}]}]}
    batched = answer(ApiKey.OFFSET_FETCH, 8, request)
    (group,) = batched.groups
    assert (group.group_id, group.error_code) == ("g", NC)
    assert [(p.partition_index, p.error_code) for p in group.topics[0].partitions] == [(1, NC)]


def test_group_answers_carry_the_top_level_error():
    join = answer(ApiKey.JOIN_GROUP, 7, {"group_id": "g", "member_id": "m-1", "protocols": []})
    assert (join.error_code, join.member_id, join.generation_id) == (NC, "", -1)  # no echo at the top
    assert answer(ApiKey.HEARTBEAT, 4, {"group_id": "g"}).error_code == NC
    assert answer(ApiKey.SYNC_GROUP, 5, {"group_id": "g"}).error_code == NC
    old = answer(ApiKey.FIND_COORDINATOR, 3, {"key": "g", "key_type": 0})
    assert old.error_code == NC
    batched = answer(ApiKey.FIND_COORDINATOR, 4, {"key_type": 0, "coordinator_keys": ["g", "h"]})
    assert [(c.key, c.error_code) for c in batched.coordinators] == [("g", NC), ("h", NC)]
    described = answer(ApiKey.DESCRIBE_GROUPS, 5, {"groups": ["g"]})
    assert [(g.group_id, g.error_code) for g in described.groups] == [("g", NC)]


def test_admin_and_transaction_answers():
    deleted = answer(
        ApiKey.DELETE_TOPICS, 5, {"topic_names": ["a", "b"]}, ErrorCode.TOPIC_AUTHORIZATION_FAILED
    )
    assert [(t.name, t.error_code) for t in deleted.responses] == [("a", 29), ("b", 29)]
    added = answer(
        ApiKey.ADD_PARTITIONS_TO_TXN,
        3,
        {"transactional_id": "x", "topics": [{"name": "t", "partitions": [0, 1]}]},
        ErrorCode.CONCURRENT_TRANSACTIONS,
    )
    topic = added.results[0]
    assert topic.name == "t"
    assert [(p.partition_index, p.partition_error_code) for p in topic.results_by_partition] == [
        (0, 51),
        (1, 51),
    ]
    assert answer(ApiKey.INIT_PRODUCER_ID, 4, {"transactional_id": "x"}).error_code == NC
    metadata = answer(ApiKey.METADATA, 9, {"topics": [{"name": "t"}]}, ErrorCode.LEADER_NOT_AVAILABLE)
    assert [(t.name, t.error_code) for t in metadata.topics] == [("t", 5)]


def test_every_top_level_error_field_holds_the_error():
    for api in ALL:
        for version in range(api.min_version, api.max_version + 1):
            fields = [f.name for f in api.response.fields if version in f.versions()]
            body = error_response(api.key, version, api.request.defaults(version), NC)
            for name in fields:
                if name.endswith("error_code"):
                    assert body[name] == NC, (api.name, version, name)

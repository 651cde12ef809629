"""The records of __share_group_state (Kafka's Share{Snapshot,Update}{Key,Value}.json, derived by
hand) and the share coordinator's messages 83-87: golden bytes and round trips."""

from __future__ import annotations

import uuid

from hypothesis import given
from hypothesis import strategies as st

from protocol import share_state_records as ssr
from protocol.apis import APIS, ApiKey
from protocol.share_state_records import (
    Batch,
    ShareSnapshot,
    ShareStateRecord,
    ShareStateRecordType,
    ShareUpdate,
    StateKey,
)

T = uuid.UUID("00000000-0000-0000-0000-000000000001")
KEY = StateKey("g", T, 3)
KEY_BODY = b"\x00\x01g" + T.bytes + b"\x00\x00\x00\x03"  # non-flexible: int16-length string


def test_snapshot_golden_bytes() -> None:
    record = ShareStateRecord(
        ShareStateRecordType.SHARE_SNAPSHOT, KEY, ShareSnapshot(0, 1, -1, 5, 10, 11, (Batch(5, 7, 2, 1),))
    )
    key, value = ssr.encode(record)
    assert key == b"\x00\x00" + KEY_BODY  # key version 0: the ShareSnapshot record type
    assert value == (
        b"\x00\x00"  # value version 0, flexible
        + b"\x00\x00\x00\x00"  # snapshot epoch
        + b"\x00\x00\x00\x01"  # state epoch
        + b"\xff\xff\xff\xff"  # leader epoch
        + (5).to_bytes(8, "big")  # start offset
        + (10).to_bytes(8, "big")  # create timestamp
        + (11).to_bytes(8, "big")  # write timestamp
        + b"\x02"  # compact array of 1
        + (5).to_bytes(8, "big")
        + (7).to_bytes(8, "big")
        + b"\x02"  # acknowledged
        + b"\x00\x01"  # delivery count
        + b"\x00"  # the batch's tagged fields
        + b"\x00"  # no tagged fields: DeliveryCompleteCount at its default (-1) is not written
    )
    assert ssr.decode(key, value) == record


def test_update_golden_bytes_with_delivery_complete_count() -> None:
    record = ShareStateRecord(ShareStateRecordType.SHARE_UPDATE, KEY, ShareUpdate(2, 3, -1, (), 4))
    key, value = ssr.encode(record)
    assert key == b"\x00\x01" + KEY_BODY  # key version 1: ShareUpdate
    assert value == (
        b"\x00\x00"
        + b"\x00\x00\x00\x02"
        + b"\x00\x00\x00\x03"
        + b"\xff" * 8
        + b"\x01"  # empty compact array
        + b"\x01"  # one tagged field
        + b"\x00\x04\x00\x00\x00\x04"  # tag 0, 4 bytes: DeliveryCompleteCount 4 (KIP-1226)
    )
    assert ssr.decode(key, value) == record


def test_tombstone() -> None:
    key, value = ssr.encode(ShareStateRecord(ShareStateRecordType.SHARE_SNAPSHOT, KEY, None))
    assert value is None
    assert ssr.decode(key, None) == ShareStateRecord(ShareStateRecordType.SHARE_SNAPSHOT, KEY, None)


def test_coordinator_key_is_kafkas() -> None:
    # SharePartitionKey.asCoordinatorKey: Uuid.toString() is URL-safe base64 without padding.
    topic = uuid.UUID("f8e0a7d5-3b0c-4a7e-9c1b-6a1f0e2d3c4b")
    assert ssr.coordinator_key("grp", topic, 7) == "grp:-OCn1TsMSn6cG2ofDi08Sw:7"


batches = st.tuples(
    st.integers(0, 2**62), st.integers(0, 2**62), st.sampled_from([0, 2, 4]), st.integers(0, 2**15 - 1)
).map(lambda t: Batch(*t))
keys = st.builds(StateKey, st.text(max_size=20), st.uuids(), st.integers(0, 2**31 - 1))
ints = st.integers(-(2**31), 2**31 - 1)
longs = st.integers(-(2**63), 2**63 - 1)
snapshots = st.builds(ShareSnapshot, ints, ints, ints, longs, longs, longs, st.tuples(batches, batches), ints)
updates = st.builds(ShareUpdate, ints, ints, longs, st.tuples(batches), ints)


@given(keys, st.one_of(snapshots, updates, st.none()))
def test_round_trip(key: StateKey, value: ShareSnapshot | ShareUpdate | None) -> None:
    kind = (
        ShareStateRecordType.SHARE_UPDATE
        if isinstance(value, ShareUpdate)
        else ShareStateRecordType.SHARE_SNAPSHOT
    )
    record = ShareStateRecord(kind, key, value)
    assert ssr.decode(*ssr.encode(record)) == record


def test_write_share_group_state_request_bytes() -> None:
    api = APIS[ApiKey.WRITE_SHARE_GROUP_STATE]
    body = {
        "group_id": "g",
        "topics": [
            {
                "topic_id": T,
                "partitions": [
                    {
                        "partition": 0,
                        "state_epoch": 1,
                        "leader_epoch": 2,
                        "start_offset": -1,
                        "state_batches": [
                            {"first_offset": 5, "last_offset": 6, "delivery_state": 4, "delivery_count": 3}
                        ],
                    }
                ],
            }
        ],
    }
    data = api.request.encode(body, 0)
    assert data == (
        b"\x02g"  # compact string
        + b"\x02"
        + T.bytes
        + b"\x02"
        + b"\x00\x00\x00\x00"
        + b"\x00\x00\x00\x01"
        + b"\x00\x00\x00\x02"
        + b"\xff" * 8
        + b"\x02"
        + (5).to_bytes(8, "big")
        + (6).to_bytes(8, "big")
        + b"\x04"
        + b"\x00\x03"
        + b"\x00"
        + b"\x00"  # partition's tagged fields
        + b"\x00"  # topic's
        + b"\x00"  # request's
    )
    decoded = api.request.decode(data, 0)
    assert decoded.topics[0].partitions[0].state_batches[0].delivery_count == 3


def test_share_state_apis_are_declared() -> None:
    for key in (83, 84, 85, 86, 87):
        api = APIS[key]
        assert (api.min_version, api.max_version) == (0, 0)
        assert api.request.is_flexible(0)

"""The rows expected from tests/fixtures/offsets (see make_fixture.py there), field by field."""

from __future__ import annotations

from pathlib import Path

from jobs.rows import OFFSETS_COLUMNS

FIXTURE_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "offsets"
T0 = 1_700_000_000_000

MEMBERS_G1 = [
    {
        "member_id": "c-1-aaa",
        "group_instance_id": "inst-1",
        "client_id": "c-1",
        "client_host": "/10.0.0.1",
        "rebalance_timeout_ms": 300_000,
        "session_timeout_ms": 45_000,
        "subscribed_topics": ["orders", "payments"],
        "assigned_partitions": [{"topic": "orders", "partition": 0}, {"topic": "orders", "partition": 1}],
    },
    {
        "member_id": "c-2-bbb",
        "group_instance_id": None,
        "client_id": "c-2",
        "client_host": "/10.0.0.2",
        "rebalance_timeout_ms": 60_000,
        "session_timeout_ms": 10_000,
        "subscribed_topics": ["orders"],
        "assigned_partitions": [{"topic": "payments", "partition": 0}],
    },
]

# Only the fields that are not null; every other column must be null.
_EXPECTED = [
    dict(
        offset=0,
        timestamp=T0,
        kind="offset_commit",
        key_type="offset_commit",
        key_version=1,
        value_version=3,
        group="g1",
        topic="orders",
        partition=0,
        committed_offset=42,
        leader_epoch=5,
        metadata="m1",
        commit_timestamp=T0,
    ),
    dict(
        offset=1,
        timestamp=T0 + 1,
        kind="offset_commit",
        key_type="offset_commit",
        key_version=1,
        value_version=1,
        group="g1",
        topic="orders",
        partition=1,
        committed_offset=7,
        leader_epoch=-1,
        metadata="",
        commit_timestamp=T0 + 1,
        expire_timestamp=T0 + 86_400_001,
    ),
    dict(
        offset=2,
        timestamp=T0 + 1000,
        kind="group_metadata",
        key_type="group_metadata",
        key_version=2,
        value_version=3,
        group="g1",
        protocol_type="consumer",
        generation=3,
        protocol="range",
        leader="c-1-aaa",
        current_state_timestamp=T0 + 900,
        members=MEMBERS_G1,
    ),
    dict(
        offset=3,
        timestamp=T0 + 2000,
        kind="tombstone",
        key_type="offset_commit",
        key_version=1,
        group="g1",
        topic="orders",
        partition=1,
    ),
    dict(
        offset=4,
        timestamp=T0 + 2005,
        kind="group_metadata",
        key_type="group_metadata",
        key_version=2,
        value_version=3,
        group="g2",
        protocol_type="consumer",
        generation=1,
        current_state_timestamp=T0 + 1990,
        members=[],
    ),
    dict(
        offset=5, timestamp=T0 + 3000, kind="tombstone", key_type="group_metadata", key_version=2, group="g2"
    ),
    # key version 5 is a KIP-848 ConsumerGroupMemberMetadataKey; this one lacks its member id
    dict(
        offset=6,
        timestamp=T0 + 3000,
        kind="unknown",
        key_type="unknown",
        key_version=5,
        error="consumer group: bad ConsumerGroupMemberMetadataKey v5: error: unpack_from requires a buffer of "
        "at least 8 bytes for unpacking 2 bytes at offset 6 (actual buffer size is 6)",
    ),
    dict(
        offset=7,
        timestamp=T0 + 4000,
        kind="offset_commit",
        key_type="offset_commit",
        key_version=0,
        value_version=0,
        group="g3",
        topic="t",
        partition=2,
        committed_offset=9,
        leader_epoch=-1,
        metadata="old",
        commit_timestamp=T0 + 4000,
    ),
]


def expected_rows() -> list[dict]:
    names = [name for name, _ in OFFSETS_COLUMNS]
    rows = []
    for fields in _EXPECTED:
        row = dict.fromkeys(names)
        row["log_partition"] = 7
        row["transactional"] = False  # the fixture has no transactional batch
        row.update(fields)
        rows.append(row)
    return rows

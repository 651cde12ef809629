"""The offsets source's rows for `__share_group_state` (option topic): KIP-932's ShareSnapshot
and ShareUpdate records and their tombstones, decoded by jobs/rows.py."""

from __future__ import annotations

import uuid

from jobs import rows as R
from protocol import share_state_records as ssr
from protocol.share_state_records import Batch, ShareSnapshot, ShareStateRecord, ShareUpdate, StateKey

T = uuid.UUID(int=5)
KEY = StateKey("g", T, 2)
SNAPSHOT, UPDATE = ssr.ShareStateRecordType.SHARE_SNAPSHOT, ssr.ShareStateRecordType.SHARE_UPDATE


def test_share_state_records_become_rows() -> None:
    cols = R.OffsetColumns(share_state=True)
    records = [
        ShareStateRecord(SNAPSHOT, KEY, ShareSnapshot(0, 3, 1, 100, 1000, 1000, (Batch(100, 104, 2, 1),))),
        ShareStateRecord(UPDATE, KEY, ShareUpdate(0, 2, -1, (Batch(105, 105, 4, 5),))),
        ShareStateRecord(SNAPSHOT, KEY, None),
    ]
    for offset, record in enumerate(records):
        cols.add_record(7, offset, 1000 + offset, *ssr.encode(record))
    cols.add_record(7, 3, 1003, b"\x00\x09junk", b"")
    snap, update, tomb, bad = cols.as_dicts()
    assert (snap["kind"], snap["key_type"], snap["group"], snap["topic"], snap["partition"]) == (
        "share_snapshot",
        "share_snapshot",
        "g",
        str(T),
        2,
    )
    assert (snap["state_epoch"], snap["leader_epoch"], snap["snapshot_epoch"], snap["start_offset"]) == (
        3,
        1,
        0,
        100,
    )
    assert snap["state_batches"] == [
        {"first_offset": 100, "last_offset": 104, "delivery_state": "ACKNOWLEDGED", "delivery_count": 1}
    ]
    assert (update["kind"], update["state_epoch"], update["start_offset"], update["leader_epoch"]) == (
        "share_update",
        None,
        -1,
        2,
    )
    assert update["state_batches"][0]["delivery_state"] == "ARCHIVED"
    assert (tomb["kind"], tomb["key_type"], tomb["state_batches"]) == ("tombstone", "share_snapshot", None)
    assert bad["kind"] == "unknown" and bad["error"].startswith("share state")
    assert all(len(v) == 4 for v in cols.cols.values())  # every column has a value per row


def test_offsets_rows_leave_the_share_columns_null() -> None:
    cols = R.OffsetColumns()
    cols.add_record(0, 0, 0, *ssr.encode(ShareStateRecord(UPDATE, KEY, ShareUpdate(0, 0, 0))))
    (row,) = cols.as_dicts()
    assert row["state_batches"] is None and row["kind"] != "share_update"

#!/usr/bin/env python3
"""Write the REQUEST frames of KIP-932's share coordinator APIs (InitializeShareGroupState 83,
ReadShareGroupState 84, WriteShareGroupState 85, DeleteShareGroupState 86,
ReadShareGroupStateSummary 87), for the golden-bytes tests. Only brokers send them, and no
installed client speaks them: each version-0 request is written here byte by byte from Kafka's
clients/src/main/resources/common/message/*ShareGroupState*Request.json (flexible, request header
v2), independently of kbroker's codec.

Usage: .venv/bin/python tools/capture_share_state_frames.py --out tests/fixtures/frames/share-state
"""

from __future__ import annotations

import argparse
import struct
import uuid
from pathlib import Path

TOPIC = uuid.UUID("5f3a8c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b")
CLIENT = b"broker-1-share-persister"


def _uvarint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _compact_string(s: str) -> bytes:
    data = s.encode()
    return _uvarint(len(data) + 1) + data


def _array(items: list[bytes]) -> bytes:
    return _uvarint(len(items) + 1) + b"".join(items)


def _header(key: int, correlation_id: int) -> bytes:
    return struct.pack(">hhi", key, 0, correlation_id) + struct.pack(">h", len(CLIENT)) + CLIENT + b"\x00"


def _request(key: int, correlation_id: int, partitions: list[bytes]) -> bytes:
    topic = TOPIC.bytes + _array([p + b"\x00" for p in partitions]) + b"\x00"
    return _header(key, correlation_id) + _compact_string("share-group") + _array([topic]) + b"\x00"


def _batch(first: int, last: int, state: int, count: int) -> bytes:
    return struct.pack(">qqbh", first, last, state, count) + b"\x00"


def frames() -> dict[str, bytes]:
    return {
        "001_InitializeShareGroupState_k83_v0_request.bin": _request(
            83, 1, [struct.pack(">iiq", 0, 1, 0), struct.pack(">iiq", 1, 1, -1)]
        ),
        "002_ReadShareGroupState_k84_v0_request.bin": _request(
            84, 2, [struct.pack(">ii", 0, 5), struct.pack(">ii", 1, 5)]
        ),
        "003_WriteShareGroupState_k85_v0_request.bin": _request(
            85,
            3,
            [
                struct.pack(">iiiq", 0, 1, 5, 100)
                + _array([_batch(100, 109, 2, 1), _batch(110, 110, 4, 5), _batch(111, 120, 0, 2)]),
                struct.pack(">iiiq", 1, 1, 5, -1) + _array([]),
            ],
        ),
        "004_DeleteShareGroupState_k86_v0_request.bin": _request(86, 4, [struct.pack(">i", 0)]),
        "005_ReadShareGroupStateSummary_k87_v0_request.bin": _request(87, 5, [struct.pack(">ii", 0, -1)]),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, data in frames().items():
        (args.out / name).write_bytes(data)
        print(f"wrote {args.out / name} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Write the REQUEST frames of DescribeClientQuotas (48) and AlterClientQuotas (49) as kafka-python
3's codec encodes them from Kafka's own JSON message specs, for the golden-bytes tests.

No client library in the test set has a quota admin call (librdkafka, aiokafka and kafka-python's
admin clients have none), and the librdkafka mock serves neither API; kafka-python's schema codec is
the third-party encoder of these messages at hand. Only requests are kept.

Usage: .venv/bin/python tools/capture_quota_frames.py --out tests/fixtures/frames/quota-clients
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from kafka.protocol.admin.client_quotas import AlterClientQuotasRequest, DescribeClientQuotasRequest


def _describe(version: int) -> DescribeClientQuotasRequest:
    comp = DescribeClientQuotasRequest.ComponentData
    return DescribeClientQuotasRequest(
        components=[
            comp(entity_type="user", match_type=0, match="alice"),
            comp(entity_type="client-id", match_type=1, match=None),
        ],
        strict=False,
        version=version,
    )


def _alter(version: int) -> AlterClientQuotasRequest:
    entry, entity, op = (
        AlterClientQuotasRequest.EntryData,
        AlterClientQuotasRequest.EntryData.EntityData,
        AlterClientQuotasRequest.EntryData.OpData,
    )
    return AlterClientQuotasRequest(
        entries=[
            entry(
                entity=[
                    entity(entity_type="user", entity_name="alice"),
                    entity(entity_type="client-id", entity_name=None),
                ],
                ops=[
                    op(key="producer_byte_rate", value=1048576.0, remove=False),
                    op(key="request_percentage", value=0.0, remove=True),
                ],
            )
        ],
        validate_only=False,
        version=version,
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    out = ap.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    n = 0
    for make, key, name in ((_describe, 48, "DescribeClientQuotas"), (_alter, 49, "AlterClientQuotas")):
        for version in (0, 1):
            n += 1
            msg = make(version)
            msg.with_header(correlation_id=n, client_id="kafka-python")
            frame = bytes(msg.encode(version=version, header=True))
            path = out / f"{n:03d}_{name}_k{key}_v{version}_request.bin"
            path.write_bytes(frame)
            lines.append(
                {
                    "file": path.name,
                    "api_key": key,
                    "api_version": version,
                    "size": len(frame),
                    "sha256": hashlib.sha256(frame).hexdigest(),
                    "encoder": "kafka-python 3 schema codec",
                }
            )
    (out / "frames.json").write_text(json.dumps(lines, indent=1) + "\n")


if __name__ == "__main__":
    main()

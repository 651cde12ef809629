"""Frames captured from real clients and from the librdkafka mock broker (see
tests/fixtures/README.md) decode with our declarations and re-encode byte-identical."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from protocol.apis import APIS
from protocol.errors import ProtocolDecodeError
from protocol.frames import decode_request, decode_response, encode_request, encode_response

FRAMES = Path(__file__).resolve().parent.parent / "fixtures" / "frames"
_NAME = re.compile(
    r"^\d+_(?P<api>\w+?)_k(?P<key>\d+)_v(?P<version>\d+)_(?P<direction>request|response)\.bin$"
)


# Answers of the librdkafka mock broker that break Kafka's own schema: Java's reader rejects
# them too ("non-nullable field topics was serialized as null"), so they stay undecodable.
MOCK_SCHEMA_VIOLATIONS = {
    9: "the librdkafka mock answers OffsetFetch v5/v6 with a null (non-nullable) topics array",
}


def _null_where_forbidden(path: Path, key: int, m: re.Match) -> bool:
    try:
        decode_response(path.read_bytes(), key, int(m["version"]))
    except ProtocolDecodeError as e:
        return "null in non-nullable array" in str(e)
    return False


def _cases(direction: str) -> list:
    cases = []
    for path in sorted(FRAMES.glob("*/*.bin")):
        m = _NAME.match(path.name)
        assert m, f"unexpected fixture name {path.name}"
        key = int(m["key"])
        if m["direction"] != direction or key not in APIS:  # e.g. telemetry, which we do not serve
            continue
        marks = []
        if direction == "response" and key in MOCK_SCHEMA_VIOLATIONS and _null_where_forbidden(path, key, m):
            marks.append(pytest.mark.xfail(reason=MOCK_SCHEMA_VIOLATIONS[key], strict=True))
        cases.append(
            pytest.param(path, key, int(m["version"]), id=f"{path.parent.name}/{path.name}", marks=marks)
        )
    return cases


# Requests that no client library here sends, so none can be captured: the share-group offsets
# APIs (90-92) only Kafka's Java Admin sends. Their declarations follow Kafka's message JSONs;
# tests/protocol/test_roundtrip.py covers every version, and tests/client/test_share_admin.py
# drives them through the broker.
NO_CLIENT_SENDS = {90, 91, 92}


def test_every_served_api_has_a_captured_request():
    keys = {int(_NAME.match(p.name)["key"]) for p in FRAMES.glob("*/*_request.bin")}
    assert set(APIS) - NO_CLIENT_SENDS <= keys, f"no captured request for {sorted(set(APIS) - keys)}"
    assert not NO_CLIENT_SENDS & keys, "captured after all: drop it from NO_CLIENT_SENDS"


@pytest.mark.parametrize(("path", "key", "version"), _cases("request"))
def test_captured_request_round_trips(path, key, version):
    frame = path.read_bytes()
    header, body = decode_request(frame)
    assert (header.api_key, header.api_version) == (key, version)
    encoded = encode_request(header, body)
    # Bytes a client sent past the end of the body (Kafka ignores them; see decode_request).
    assert encoded + frame[len(encoded) :] == frame
    assert len(frame) - len(encoded) == header.trailing


@pytest.mark.parametrize(("path", "key", "version"), _cases("response"))
def test_captured_response_round_trips(path, key, version):
    frame = path.read_bytes()
    correlation_id, body = decode_response(frame, key, version)
    encoded = encode_response(key, version, correlation_id, body)
    assert encoded + frame[len(encoded) :] == frame
    assert len(frame) - len(encoded) <= 1  # the mock's stray byte after Metadata v13, at most

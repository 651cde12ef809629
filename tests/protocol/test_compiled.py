"""The generated codecs (protocol/compiled.py) agree with the construct reference (schema.KStruct).

For every message of every API and the `__consumer_offsets` records, in every version they
declare: the same bytes from the same values (valid, with unknown tagged fields, or sloppy:
missing fields, None, attribute objects), the same decoded values (and the same errors) from
the same bytes, valid or mangled.
"""

from __future__ import annotations

import io
import re
import struct
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from construct import ConstructError, Container, FormatFieldError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol import group_records as gr
from protocol.apis import APIS
from protocol.compiled import source
from protocol.errors import ProtocolDecodeError
from protocol.frames import (
    RequestHeader,
    _client_id,
    _write_tags,
    decode_request,
    decode_response,
    encode_request,
    encode_response,
)
from protocol.messages import (
    consumer_group_heartbeat,
    delete_groups,
    fetch,
    heartbeat,
    metadata,
    offset_commit,
)
from protocol.schema import UNKNOWN_TAGS, Message
from tests.protocol.strategies import Options, message

MESSAGES: list[Message] = [m for api in APIS.values() for m in (api.request, api.response)] + [
    gr.OFFSET_COMMIT_KEY,
    gr.OFFSET_COMMIT_VALUE,
    gr.GROUP_METADATA_KEY,
    gr.GROUP_METADATA_VALUE,
]
CASES = [
    pytest.param(msg, version, id=f"{msg.name}-v{version}")
    for msg in MESSAGES
    for version in range(msg.versions.low, msg.versions.high + 1)
]
FRAMES = Path(__file__).resolve().parent.parent / "fixtures" / "frames"
_NAME = re.compile(r"^\d+_\w+?_k(?P<key>\d+)_v(?P<version>\d+)_(?P<direction>request|response)\.bin$")

_FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def plain(x: Any) -> Any:
    """A comparable form of a decoded value: key order, `_unknown_tags` and types included
    (Container's == ignores all three, and True == 1)."""
    if isinstance(x, dict):
        return (type(x).__name__, [(k, plain(v)) for k, v in x.items()])
    if isinstance(x, list):
        return ("list", [plain(v) for v in x])
    if isinstance(x, float):
        return ("float", struct.pack(">d", x))  # NaN from mangled bytes equals itself this way
    return (type(x).__name__, x)


def outcome(fn, *args) -> tuple[str, Any]:
    """What a call gives: ("ok", result) or ("error", exception class)."""
    try:
        return "ok", fn(*args)
    except Exception as e:  # noqa: BLE001 - the class is the answer
        return "error", type(e)


def decoded_outcome(fn, *args) -> tuple[str, Any]:
    kind, value = outcome(fn, *args)
    return (kind, plain(value)) if kind == "ok" else (kind, value)


def test_every_message_version_is_covered():
    assert len(CASES) > 300
    assert all(msg.versions.high < 100 for msg in MESSAGES)


@pytest.mark.parametrize(("msg", "version"), CASES)
@settings(_FAST, max_examples=10)
@given(data=st.data())
def test_same_bytes_values_and_errors(msg: Message, version: int, data):
    value = data.draw(message(msg, version, Options(unknown_tags=True, wide=data.draw(st.booleans()))))
    expected = msg._construct_encode(value, version)
    assert msg.encode(value, version) == expected
    decoded = msg.decode(expected, version)
    assert plain(decoded) == plain(msg._construct_decode(expected, version))
    assert msg.encode(decoded, version) == expected
    if msg.is_flexible(version) and value.get(UNKNOWN_TAGS):
        assert decoded[UNKNOWN_TAGS] == value[UNKNOWN_TAGS]
    check_mangled(msg, version, mangle(data, expected))


def mangle(data, good: bytes) -> bytes:
    """The bytes with a few changed (often to a length's interesting values), cut, extended."""
    out = bytearray(good)
    for _ in range(data.draw(st.integers(1, 3))):
        if out:
            byte = data.draw(st.sampled_from([0, 1, 0x7F, 0x80, 0xFF]) | st.integers(0, 255))
            out[data.draw(st.integers(0, len(out) - 1))] = byte
    cut = data.draw(st.integers(0, len(out)))
    return bytes(out[:cut]) + data.draw(st.binary(max_size=4))


def check_mangled(msg: Message, version: int, mangled: bytes) -> None:
    """Both decode the same, or both refuse with ProtocolDecodeError (and nothing else)."""
    expected = decoded_outcome(msg._construct_decode, mangled, version)
    assert decoded_outcome(msg.decode, mangled, version) == expected
    if expected[0] == "error":
        assert expected[1] is ProtocolDecodeError
    # Reading from a stream (trailing bytes allowed) ends at the same place.
    ref, fast = io.BytesIO(mangled), io.BytesIO(mangled)
    expected = decoded_outcome(msg._construct_read, ref, version)
    assert decoded_outcome(msg.read, fast, version) == expected
    if expected[0] == "ok":
        assert fast.tell() == ref.tell()


@pytest.mark.parametrize(("msg", "version"), CASES)
@settings(_FAST, max_examples=5)
@given(data=st.data())
def test_same_bytes_from_sloppy_values(msg: Message, version: int, data):
    """Missing fields, None where a field cannot be null, attribute objects: the same bytes,
    or the same kind of error."""
    value = data.draw(message(msg, version, Options(sloppy=True, unknown_tags=True)))
    expected = outcome(msg._construct_encode, value, version)
    assert outcome(msg.encode, value, version) == expected


# --- Real frames ------------------------------------------------------------------------------


def _frames() -> list:
    cases = []
    for path in sorted(FRAMES.glob("*/*.bin")):
        m = _NAME.match(path.name)
        if m and int(m["key"]) in APIS:
            cases.append(
                pytest.param(
                    path,
                    int(m["key"]),
                    int(m["version"]),
                    m["direction"],
                    id=f"{path.parent.name}/{path.name}",
                )
            )
    return cases


def _body_start(frame: bytes, key: int, version: int, direction: str) -> int:
    """Where the body starts: after the header, as the frame functions read it."""
    api = APIS[key]
    if direction == "response":
        if api.response_header_version(version) == 0:
            return 4
        assert frame[4] == 0, "no captured response has header tags"
        return 5
    header, _ = decode_request(frame)
    tags = len(_write_tags(header.tagged)) if api.request_header_version(version) >= 2 else 0
    return 8 + len(_client_id(header.client_id)) + tags


@pytest.mark.parametrize(("path", "key", "version", "direction"), _frames())
def test_captured_frames_decode_the_same(path: Path, key: int, version: int, direction: str):
    frame = path.read_bytes()
    api = APIS[key]
    msg = api.request if direction == "request" else api.response
    start = _body_start(frame, key, version, direction)
    ref = io.BytesIO(frame)
    ref.seek(start)
    expected = decoded_outcome(msg._construct_read, ref, version)
    got = decoded_outcome(lambda: msg.decode_from(frame, start, version)[0])
    assert got == expected
    if expected[0] == "error":  # the librdkafka mock's schema violations (see test_golden.py)
        return
    body, end = msg.decode_from(frame, start, version)
    assert end == ref.tell()
    encoded = msg.encode(body, version)
    assert encoded == msg._construct_encode(body, version) == frame[start:end]
    # And through the frame functions, header included.
    if direction == "request":
        header, body = decode_request(frame)
        assert encode_request(header, body) == frame[:end]
    else:
        correlation_id, body = decode_response(frame, key, version)
        assert encode_response(key, version, correlation_id, body) == frame[:end]


def _frame(name: str) -> bytes:
    return next(FRAMES.glob(f"*/{name}")).read_bytes()


TRUNCATED = [
    "*_OffsetCommit_k8_v8_request.bin",  # flexible, nested arrays
    "*_JoinGroup_k11_v5_request.bin",  # classic lengths
    "*_Metadata_k3_v13_response.bin",  # uuids, int arrays, nullable strings
    "*_Fetch_k1_v16_response.bin",  # records, tagged fields
    "*_Fetch_k1_v11_request.bin",
    "*_JoinGroup_k11_v5_response.bin",
]


@pytest.mark.parametrize("pattern", TRUNCATED)
def test_truncation_anywhere_is_a_decode_error(pattern: str):
    # The largest such frame that keeps the test quick: a decode per byte, three ways.
    paths = sorted(
        (p for p in FRAMES.glob(f"*/{pattern}") if p.stat().st_size < 4000), key=lambda p: p.stat().st_size
    )
    assert paths, pattern
    frame = paths[-1].read_bytes()
    m = _NAME.match(paths[-1].name)
    key, version, direction = int(m["key"]), int(m["version"]), m["direction"]
    msg = APIS[key].request if direction == "request" else APIS[key].response
    start = _body_start(frame, key, version, direction)
    _, end = msg.decode_from(frame, start, version)
    for cut in range(end):
        short = frame[:cut]
        with pytest.raises(ProtocolDecodeError):
            if direction == "request":
                decode_request(short)
            else:
                decode_response(short, key, version)
        if cut >= start:
            body = short[start:]
            with pytest.raises(ProtocolDecodeError):
                msg.decode(body, version)
            with pytest.raises(ProtocolDecodeError):
                msg._construct_decode(body, version)


# --- Particular rules ---------------------------------------------------------------------------

HB = heartbeat.REQUEST


def both_decode(msg: Message, data: bytes, version: int) -> Container:
    got = msg.decode(data, version)
    assert plain(got) == plain(msg._construct_decode(data, version))
    return got


def both_refuse(msg: Message, data: bytes, version: int, match: str | None = None) -> None:
    with pytest.raises(ProtocolDecodeError, match=match):
        msg._construct_decode(data, version)
    with pytest.raises(ProtocolDecodeError, match=match):
        msg.decode(data, version)


def both_encode(msg: Message, value: Any, version: int) -> bytes:
    data = msg.encode(value, version)
    assert data == msg._construct_encode(value, version)
    return data


def test_unknown_tags_are_kept_and_written_back_in_tag_order():
    data = both_encode(HB, {"group_id": "g", UNKNOWN_TAGS: {200: b"late", 3: b"x"}}, 4)
    assert data.endswith(b"\x02\x03\x01x\xc8\x01\x04late")
    got = both_decode(HB, data, 4)
    assert got[UNKNOWN_TAGS] == {3: b"x", 200: b"late"}
    assert both_encode(HB, got, 4) == data


def test_tags_out_of_order_are_refused():
    good = both_encode(HB, {UNKNOWN_TAGS: {3: b"x", 5: b"y"}}, 4)
    swapped = good.replace(b"\x03\x01x\x05\x01y", b"\x05\x01y\x03\x01x")
    both_refuse(HB, swapped, 4, "out of order")


def test_known_tagged_fields_at_default_are_not_written_and_read_back_when_present():
    req = fetch.REQUEST
    assert both_encode(req, {"cluster_id": None}, 12) == both_encode(req, {}, 12)
    data = both_encode(req, {"cluster_id": "c1", "replica_state": {"replica_id": 3, "replica_epoch": 9}}, 15)
    got = both_decode(req, data, 15)
    assert got.cluster_id == "c1" and got.replica_state.replica_id == 3


def test_absent_and_default_fields_are_filled_and_not_shared():
    data = both_encode(offset_commit.REQUEST, {"topics": [{"name": "t", "partitions": [{}]}]}, 3)
    a = offset_commit.REQUEST.decode(data, 3)
    assert a.group_instance_id is None and a.topics[0].partitions[0].committed_leader_epoch == -1
    resp = fetch.RESPONSE
    x, y = resp.decode(resp.encode({}, 16), 16), resp.decode(resp.encode({}, 16), 16)
    x.node_endpoints.append("mutated")
    assert y.node_endpoints == []


def test_huge_counts_and_lengths_are_refused_without_allocating():
    # int32 array count 2**31-1, then nothing.
    both_refuse(offset_commit.REQUEST, b"\x00\x01g" + b"\x7f\xff\xff\xff", 0, "array of")
    # Compact array count of 2**35 (a 6-byte varint) in a tiny message.
    both_refuse(
        offset_commit.REQUEST,
        b"\x02g" + b"\x00\x00\x00\x01" + b"\x02m" + b"\x00" + b"\x80" * 5 + b"\x01",
        8,
        "array of",
    )
    # A string claiming 32767 bytes.
    both_refuse(HB, b"\x7f\xffabc", 0)
    # A varint longer than 10 bytes.
    both_refuse(HB, b"\xff" * 11, 4, "too long")


def test_null_markers():
    # Classic nullable string: any negative length is null.
    assert (
        both_decode(heartbeat.REQUEST, b"\x00\x01g\x00\x00\x00\x01\x00\x01m\xff\xfe", 3).group_instance_id
        is None
    )
    # ...where not nullable, any negative length is an error.
    both_refuse(heartbeat.REQUEST, b"\xff\xfe" + bytes(8), 0, "null in non-nullable string")
    both_refuse(offset_commit.REQUEST, b"\x00\x01g" + b"\xff\xff\xff\xff", 0, "null in non-nullable array")
    # Compact null where not allowed.
    both_refuse(HB, b"\x00", 4, "null in non-nullable string")


def test_nullable_struct_marker():
    resp = consumer_group_heartbeat.RESPONSE
    null = both_encode(resp, {"assignment": None}, 0)
    assert both_decode(resp, null, 0).assignment is None
    present = both_encode(resp, {"assignment": {"topic_partitions": []}}, 0)
    assert both_decode(resp, present, 0).assignment is not None
    marker = next(i for i, (a, b) in enumerate(zip(null, present, strict=False)) if a != b)
    assert (null[marker], present[marker]) == (0xFF, 0x01)
    # A marker of 0 (Kafka writes 1) still means present, as construct reads it.
    zero = present[:marker] + b"\x00" + present[marker + 1 :]
    assert both_decode(resp, zero, 0).assignment.topic_partitions == []


def test_encoding_takes_attribute_objects_and_fills_defaults():
    value = SimpleNamespace(group_id="g", generation_id=3, member_id="m")
    data = both_encode(HB, value, 4)
    assert HB.decode(data, 4) == Container(
        group_id="g", generation_id=3, member_id="m", group_instance_id=None
    )
    # None for a field that cannot be null: its default.
    assert both_encode(HB, {"group_id": None, "generation_id": None}, 4) == both_encode(HB, {}, 4)


def test_encoding_bad_values_fails_as_construct_does():
    for value, error in [
        ({"generation_id": 2**31}, FormatFieldError),
        ({"generation_id": "3"}, FormatFieldError),
        ({"group_id": 5}, AttributeError),
    ]:
        with pytest.raises(error):
            HB._construct_encode(value, 4)
        with pytest.raises(error):
            HB.encode(value, 4)
    bad = {"brokers": [], "topics": [{"partitions": [{"replica_nodes": [1, None]}]}]}
    with pytest.raises(FormatFieldError):
        metadata.RESPONSE._construct_encode(bad, 12)
    with pytest.raises(FormatFieldError):
        metadata.RESPONSE.encode(bad, 12)
    # An array element cannot take a default: None where a string belongs.
    with pytest.raises(ConstructError, match="null in non-nullable string"):
        delete_groups.REQUEST._construct_encode({"groups_names": ["a", None]}, 2)
    with pytest.raises(ConstructError, match="null in non-nullable string"):
        delete_groups.REQUEST.encode({"groups_names": ["a", None]}, 2)


def test_memoryview_and_stream_inputs():
    data = both_encode(HB, {"group_id": "g", "member_id": "m"}, 4)
    assert HB.decode(memoryview(data), 4) == HB.decode(data, 4)
    stream = io.BytesIO(b"xx" + data + b"tail")
    stream.seek(2)
    assert HB.read(stream, 4).group_id == "g"
    assert stream.read() == b"tail"


def test_trailing_bytes_are_refused_by_decode_only():
    data = both_encode(HB, {}, 4)
    both_refuse(HB, data + b"\x00", 4, "trailing")
    frame = encode_request(RequestHeader(12, 4, 1, "c"), {}) + b"\x00\x00"
    assert decode_request(frame)[0].trailing == 2


def test_generated_source_is_readable():
    text = source(offset_commit.REQUEST, 8)
    assert "def decode(buf, pos):" in text and "def encode(obj, w):" in text
    assert "_unpack_from_iqi" in text  # partition_index, committed_offset, committed_leader_epoch
    compile(text, "<test>", "exec")


def test_decode_errors_point_into_the_generated_code():
    with pytest.raises(ProtocolDecodeError) as info:
        HB.decode(b"\x02g\x00", 4)
    assert "HeartbeatRequest v4" in str(info.value)

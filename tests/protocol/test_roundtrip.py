"""Every message of every advertised API round-trips in every advertised version."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.apis import APIS
from protocol.frames import RequestHeader, decode_request, decode_response, encode_request, encode_response
from protocol.schema import Array, Struct
from tests.protocol.strategies import message

CASES = [
    pytest.param(api, version, direction, id=f"{api.name}-v{version}-{direction}")
    for api in APIS.values()
    for version in range(api.min_version, api.max_version + 1)
    for direction in ("request", "response")
]


def _same(fields: tuple, version: int, sent: dict, got) -> None:
    """Every field sent for this version comes back equal (nested structs field by field)."""
    for f in fields:
        if version not in f.versions():
            continue
        a, b = sent[f.name], got[f.name]
        if isinstance(f.type, Array) and isinstance(f.type.element, Struct) and a is not None:
            assert len(a) == len(b), f.name
            for x, y in zip(a, b, strict=True):
                _same(f.type.element.fields, version, x, y)
        elif isinstance(f.type, Struct) and a is not None:
            _same(f.type.fields, version, a, b)
        else:
            assert a == b, f"{f.name}: {a!r} != {b!r}"


@pytest.mark.parametrize(("api", "version", "direction"), CASES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_message_round_trips(api, version, direction, data):
    msg = api.request if direction == "request" else api.response
    sent = data.draw(message(msg, version))
    encoded = msg.encode(sent, version)
    decoded = msg.decode(encoded, version)
    _same(msg.fields, version, sent, decoded)
    assert msg.encode(decoded, version) == encoded

    # The same through the frame headers.
    if direction == "request":
        header = RequestHeader(
            api.key,
            version,
            data.draw(st.integers(-(2**31), 2**31 - 1)),
            data.draw(st.none() | st.text(max_size=8)),
        )
        frame = encode_request(header, sent)
        got_header, got = decode_request(frame)
        assert (
            got_header.api_key,
            got_header.api_version,
            got_header.correlation_id,
            got_header.client_id,
        ) == (header.api_key, header.api_version, header.correlation_id, header.client_id)
        assert got_header.trailing == 0
        assert encode_request(got_header, got) == frame
    else:
        frame = encode_response(api.key, version, 7, sent)
        correlation_id, got = decode_response(frame, api.key, version)
        assert correlation_id == 7
        assert encode_response(api.key, version, 7, got) == frame


@pytest.mark.parametrize(("api", "version", "direction"), CASES)
def test_defaults_encode_and_decode(api, version, direction):
    msg = api.request if direction == "request" else api.response
    encoded = msg.encode({}, version)
    assert msg.encode(msg.decode(encoded, version), version) == encoded

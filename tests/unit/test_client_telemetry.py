"""KIP-714 without sockets: subscriptions' validation and matching, the client instance rules
of GetTelemetrySubscriptions/PushTelemetry, and the OTLP decoding of a push librdkafka sent."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest

from broker.dynamic_config import DynamicConfigError
from broker.telemetry.manager import ClientTelemetry
from broker.telemetry.otlp import OtlpError, decode_metrics_data
from broker.telemetry.subscriptions import altered
from protocol.compression import Compression, decompress, gzip_compress
from protocol.errors import ErrorCode
from protocol.frames import decode_request

FRAMES = Path(__file__).resolve().parent.parent / "fixtures" / "frames" / "telemetry-clients"
ZERO = uuid.UUID(int=0)
PEER = "127.0.0.1:50000"


def captured_push() -> tuple[int, bytes]:
    _, request = decode_request((FRAMES / "002_PushTelemetry_k72_v0_request.bin").read_bytes())
    return request["compression_type"], bytes(request["metrics"])


def test_librdkafka_push_decodes():
    codec, payload = captured_push()
    assert codec == Compression.ZSTD
    points = decode_metrics_data(decompress(codec, payload))
    names = {p.metric for p in points}
    assert "org.apache.kafka.producer.node.request.latency.avg" in names
    by_node = [p for p in points if p.metric.endswith("node.request.latency.max")]
    assert by_node and by_node[0].attributes == (("node.id", "0"),)


def test_garbage_is_not_metrics_data():
    with pytest.raises(OtlpError):
        decode_metrics_data(b"\x0a\xff\xff\xff\x0f")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ([("interval.ms", 0, "50")], "between 100 and 3600000"),
        ([("interval.ms", 0, "soon")], "Not a number"),
        ([("match", 0, "client_color=red")], "Invalid client matching pattern key"),
        ([("match", 0, "client_id")], "Illegal client matching pattern"),
        ([("match", 0, "client_id=(")], "Illegal regex"),
        ([("colour", 0, "x")], "Unknown client metrics config"),
        ([("interval.ms", 2, "5")], "not a list type"),
    ],
)
def test_bad_subscription_is_refused(changes, message):
    with pytest.raises(DynamicConfigError, match=message):
        altered({}, changes, incremental=True)


def test_append_and_delete():
    new = altered({"metrics": "a."}, [("metrics", 2, "b.,a."), ("interval.ms", 0, "1000")], True)
    assert new == {"metrics": "a.,b.", "interval.ms": "1000"}
    assert altered(new, [("metrics", 1, None), ("interval.ms", 1, None)], True) == {}


def subscribed(**configs: str) -> ClientTelemetry:
    t = ClientTelemetry()
    t.set_configs({"s": {"metrics": "org.apache.kafka.producer.", "interval.ms": "1000", **configs}})
    return t


def test_no_subscription_asks_for_nothing_every_five_minutes():
    answer = ClientTelemetry().get_subscriptions(ZERO, "app", PEER, 0.0)
    assert answer.error == ErrorCode.NONE and answer.instance_id.int != 0
    assert answer.plan.metrics == () and answer.plan.interval_ms == 300_000


def test_match_selects_clients():
    t = subscribed(match="client_id=app-.*,client_software_name=librdkafka")
    t.note_software(PEER, "librdkafka", "2.16.0")
    assert t.get_subscriptions(ZERO, "app-1", PEER, 0.0).plan.metrics == ("org.apache.kafka.producer.",)
    assert t.get_subscriptions(ZERO, "other", PEER, 0.0).plan.metrics == ()
    assert t.get_subscriptions(ZERO, "app-1", "127.0.0.1:1", 0.0).plan.metrics == ()  # software unknown


def test_push_rules():
    t = subscribed()
    a = t.get_subscriptions(ZERO, "app", PEER, 0.0)
    iid, sid = a.instance_id, a.plan.subscription_id
    codec, payload = captured_push()
    assert t.get_subscriptions(iid, "app", PEER, 0.5).error == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    assert t.push(ZERO, sid, False, codec, payload, 0.6) == ErrorCode.INVALID_REQUEST
    assert t.push(iid, sid + 1, False, codec, payload, 0.6) == ErrorCode.UNKNOWN_SUBSCRIPTION_ID
    assert t.push(iid, sid, False, codec, payload, 0.6) == ErrorCode.NONE  # first after a fetch
    assert t.instances[iid].points
    assert t.push(iid, sid, False, codec, payload, 1.0) == ErrorCode.THROTTLING_QUOTA_EXCEEDED
    assert t.push(iid, sid, False, 7, payload, 1.7) == ErrorCode.UNSUPPORTED_COMPRESSION_TYPE
    assert t.push(iid, sid, False, Compression.GZIP, b"not gzip", 2.8) == ErrorCode.INVALID_RECORD
    plain = decompress(codec, payload)
    assert t.push(iid, sid, False, Compression.GZIP, gzip_compress(plain), 3.9) == ErrorCode.NONE
    t.max_bytes = 10
    assert t.push(iid, sid, False, 0, plain, 5.0) == ErrorCode.TELEMETRY_TOO_LARGE
    t.max_bytes = 1 << 20
    # The subscription changes: the client's id is stale until it fetches again.
    t.set_configs({"s": {"metrics": "org.apache.kafka.consumer.", "interval.ms": "1000"}})
    assert t.push(iid, sid, False, codec, payload, 6.0) == ErrorCode.UNKNOWN_SUBSCRIPTION_ID
    b = t.get_subscriptions(iid, "app", PEER, 6.1)
    assert b.error == ErrorCode.NONE and b.plan.subscription_id != sid
    assert t.push(iid, b.plan.subscription_id, True, codec, payload, 6.2) == ErrorCode.NONE
    assert t.instances[iid].points == []  # only the subscribed prefixes are kept
    assert t.push(iid, b.plan.subscription_id, False, codec, payload, 9.0) == ErrorCode.INVALID_REQUEST
    assert [i for i, _ in t.live(10.0)] == [iid]
    assert list(t.live(100.0)) == []  # expired

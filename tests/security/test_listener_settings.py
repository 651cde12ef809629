"""Per-listener settings (`listener.name.<listener>.<key>`): a listener's own ssl.client.auth and
sasl.enabled.mechanisms win over the broker's, on that listener only; a SASL_SSL listener asks
for a certificate only when its own setting says so (KIP-684); a listener's own truststore is
enough, with no broker-wide one."""

from __future__ import annotations

import pytest

from tests.security.support import Mode, confluent_settings, start_secure_broker

pytestmark = pytest.mark.interop


@pytest.fixture(scope="module")
def secure(tmp_path_factory):
    sb = start_secure_broker(
        tmp_path_factory.mktemp("per-listener"),
        client_auth="none",
        extra={
            "listener.name.ssl.ssl.client.auth": "required",
            "listener.name.sasl_ssl.ssl.client.auth": "required",
            "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "SCRAM-SHA-512",
        },
    )
    try:
        yield sb
    finally:
        sb.process.stop()


def connects(settings: dict, timeout: float = 10) -> bool:
    from confluent_kafka import KafkaException
    from confluent_kafka.admin import AdminClient

    try:
        return bool(AdminClient(settings).list_topics(timeout=timeout).brokers)
    except KafkaException:
        return False


def without_certificate(settings: dict) -> dict:
    return {k: v for k, v in settings.items() if k not in ("ssl.certificate.location", "ssl.key.location")}


@pytest.mark.parametrize("protocol", ["SSL", "SASL_SSL"])
def test_listener_requires_a_certificate_where_the_broker_does_not(secure, protocol):
    mode = Mode(protocol, "SCRAM-SHA-256" if protocol == "SASL_SSL" else None)
    settings = confluent_settings(secure, mode)
    assert connects(settings)
    assert not connects(without_certificate(settings), timeout=5)


def test_listener_has_its_own_mechanisms(secure):
    assert connects(confluent_settings(secure, Mode("SASL_PLAINTEXT", "SCRAM-SHA-512")))
    assert not connects(confluent_settings(secure, Mode("SASL_PLAINTEXT", "PLAIN")), timeout=5)
    # The broker-wide list still holds on the other SASL listener.
    assert connects(confluent_settings(secure, Mode("SASL_SSL", "PLAIN")))


def test_a_listeners_own_truststore_is_enough(tmp_path):
    """ssl.client.auth=required broker-wide, the CA only in listener.name.ssl.ssl.truststore.location:
    the broker starts and checks client certificates against it."""
    sb = start_secure_broker(tmp_path, client_auth="required", truststore_per_listener=True)
    try:
        assert "ssl.truststore.location" not in sb.process.extra
        settings = confluent_settings(sb, Mode("SSL"))
        assert connects(settings)
        assert not connects(without_certificate(settings), timeout=5)
    finally:
        sb.process.stop()

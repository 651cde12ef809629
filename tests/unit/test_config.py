"""Kafka-named properties, Kafka defaults, and bad values stop the broker naming the key."""

import ssl
import subprocess
import sys

import pytest

from broker.config import Config, ConfigError, read_properties
from tests.helpers import ROOT


def test_defaults_are_kafkas():
    c = Config()
    assert c["offsets.topic.num.partitions"] == 50
    assert c["group.initial.rebalance.delay.ms"] == 3000
    assert c["group.min.session.timeout.ms"] == 6000
    assert c["group.max.session.timeout.ms"] == 1800000
    assert c["socket.request.max.bytes"] == 104857600
    assert c["auto.create.topics.enable"] is True
    assert c["num.partitions"] == 1
    assert c.listeners[0].port == 9092


def test_properties_file_syntax():
    props = read_properties(
        "# comment\n! also\nbroker.id = 3\nlog.dirs: /a,/b\nlisteners=PLAINTEXT://h:1\\\n2\n"
    )
    assert props == {"broker.id": "3", "log.dirs": "/a,/b", "listeners": "PLAINTEXT://h:12"}


def test_load_file_and_overrides(tmp_path):
    f = tmp_path / "server.properties"
    f.write_text("broker.id=3\nnum.partitions=4\n")
    c = Config.load(f, ["num.partitions=6", "log.dirs=/x,/y"])
    assert (c.broker_id, c["num.partitions"]) == (3, 6)
    assert [str(p) for p in c.log_dirs] == ["/x", "/y"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("num.partitions", "zero"),
        ("num.partitions", "0"),
        ("auto.create.topics.enable", "yes"),
        ("listeners", "127.0.0.1:9092"),
        ("listeners", "PLAINTEXT://127.0.0.1:99999"),
        ("log.cleaner.min.cleanable.ratio", "2"),
        ("log.cleanup.policy", "shred"),
    ],
)
def test_bad_value_names_the_key(key, value):
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")):
        Config({key: value})


def test_unknown_key_is_named():
    with pytest.raises(ConfigError, match="no.such.key"):
        Config({"no.such.key": "1"})


def test_session_bounds_must_be_ordered():
    with pytest.raises(ConfigError, match="group.min.session.timeout.ms"):
        Config({"group.min.session.timeout.ms": "10", "group.max.session.timeout.ms": "5"})


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--override", "bogus.key=1"], "bogus.key"),
        (["--override", "num.partitions=-3"], "num.partitions"),
        (["/nonexistent/server.properties"], "/nonexistent/server.properties"),
    ],
)
def test_cli_exits_2_naming_the_problem(args, named):
    proc = subprocess.run(
        [sys.executable, "-m", "broker", *args], cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 2
    assert named in proc.stderr


# Named listeners, with Kafka's rules (KafkaConfig's validation).
NAMED = {
    "listeners": "INTERNAL://0.0.0.0:9092,EXTERNAL://0.0.0.0:19092",
    "advertised.listeners": "INTERNAL://broker-1:9092,EXTERNAL://127.0.0.1:19092",
    "listener.security.protocol.map": "INTERNAL:PLAINTEXT,external:plaintext",
    "inter.broker.listener.name": "internal",
}


def test_named_listeners():
    c = Config(NAMED)
    assert [(a.name, a.host, a.port) for a in c.advertised_listeners] == [
        ("INTERNAL", "broker-1", 9092),
        ("EXTERNAL", "127.0.0.1", 19092),
    ]
    assert c.security_protocol_map == {"INTERNAL": "PLAINTEXT", "EXTERNAL": "PLAINTEXT"}
    assert c.inter_broker_listener_name == "INTERNAL"


def test_listener_defaults_are_kafkas():
    c = Config()
    assert c.security_protocol_map == {
        "PLAINTEXT": "PLAINTEXT",
        "SSL": "SSL",
        "SASL_PLAINTEXT": "SASL_PLAINTEXT",
        "SASL_SSL": "SASL_SSL",
    }
    assert c.inter_broker_listener_name == "PLAINTEXT"  # named after security.inter.broker.protocol
    assert c.advertised_listeners == c.listeners


def test_advertised_listeners_are_only_those_given():
    c = Config({**NAMED, "advertised.listeners": "EXTERNAL://h:1", "inter.broker.listener.name": "EXTERNAL"})
    assert [a.name for a in c.advertised_listeners] == ["EXTERNAL"]


@pytest.mark.parametrize(
    ("changes", "key", "says"),
    [
        (
            {"listener.security.protocol.map": "INTERNAL:PLAINTEXT"},
            "listener.security.protocol.map",
            "no security protocol defined for listener EXTERNAL",
        ),
        (
            {"listener.security.protocol.map": "INTERNAL:PLAINTEXT,EXTERNAL:SSL"},
            "ssl.keystore.location",
            "a TLS listener needs the broker's key",
        ),
        (
            {"listener.security.protocol.map": "INTERNAL:PLAINTEXT,EXTERNAL:TLS"},
            "listener.security.protocol.map",
            "TLS is not a security protocol",
        ),
        ({"listener.security.protocol.map": "INTERNAL"}, "listener.security.protocol.map", "LISTENER_NAME:"),
        (
            {"inter.broker.listener.name": "REPLICATION"},
            "inter.broker.listener.name",
            "REPLICATION must be a listener name defined in advertised.listeners",
        ),
        (
            {"inter.broker.listener.name": None},
            "inter.broker.listener.name",
            "PLAINTEXT must be a listener name defined in advertised.listeners",
        ),
        ({"security.inter.broker.protocol": "PLAINTEXT"}, "inter.broker.listener.name", "only one of"),
        ({"advertised.listeners": "INTERNAL://0.0.0.0:9092"}, "advertised.listeners", "non-routable"),
        ({"advertised.listeners": None}, "listeners", "non-routable"),
        ({"advertised.listeners": "OTHER://h:1"}, "advertised.listeners", "OTHER is not in listeners"),
        ({"listeners": "INTERNAL://:9092,EXTERNAL://:9092"}, "listeners", "different port"),
    ],
)
def test_bad_named_listeners_name_the_key(changes, key, says):
    values = {k: v for k, v in {**NAMED, **changes}.items() if v is not None}
    with pytest.raises(ConfigError, match=key.replace(".", r"\.")) as e:
        Config(values)
    assert says in str(e.value)


def test_ssl_listener_without_a_keystore_is_refused_naming_the_key():
    with pytest.raises(ConfigError, match="'ssl.keystore.location' is not set"):
        Config({"listeners": "SSL://127.0.0.1:9093", "security.inter.broker.protocol": "SSL"})
    c = Config(
        {
            "listeners": "SSL://127.0.0.1:9093",
            "security.inter.broker.protocol": "SSL",
            "ssl.keystore.location": "/x/broker.pem",
        }
    )
    assert [lst.name for lst in c.tls_listeners] == ["SSL"]


@pytest.mark.parametrize(
    ("values", "says"),
    [
        ({"sasl.enabled.mechanisms": "GSSAPI"}, "'sasl.enabled.mechanisms': GSSAPI is not served"),
        ({"ssl.client.auth": "sometimes"}, "'ssl.client.auth'"),
        ({"super.users": "alice"}, "'super.users'"),
        ({"authorizer.class.name": "com.example.Custom"}, "'authorizer.class.name'"),
    ],
)
def test_bad_security_settings_name_the_key(values, says):
    base = {
        "listeners": "SASL_PLAINTEXT://127.0.0.1:9093",
        "security.inter.broker.protocol": "SASL_PLAINTEXT",
        "sasl.credentials.file": "/x/users.json",
    }
    with pytest.raises(ConfigError) as e:
        Config({**base, **values})
    assert says in str(e.value)


def test_cli_exits_2_on_a_listener_missing_from_the_map():
    proc = subprocess.run(
        [sys.executable, "-m", "broker", "--override", "listeners=INTERNAL://127.0.0.1:0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 2
    assert "listener.security.protocol.map" in proc.stderr and "INTERNAL" in proc.stderr


def test_secured_inter_broker_listener_needs_the_brokers_own_login():
    secured = {
        "listeners": "SASL_SSL://127.0.0.1:9094",
        "inter.broker.listener.name": "SASL_SSL",
        "zookeeper.connect": "127.0.0.1:2181",
        "ssl.keystore.location": "/k.pem",
        "ssl.truststore.location": "/ca.pem",
        "sasl.mechanism.inter.broker.protocol": "SCRAM-SHA-256",
    }
    with pytest.raises(ConfigError, match=r"listener\.name\.sasl_ssl\.scram-sha-256\.sasl\.jaas\.config"):
        Config(secured)
    jaas = 'org.apache.kafka.common.security.scram.ScramLoginModule required username="b" password="p";'
    c = Config({**secured, "listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config": jaas})
    assert c.listener_jaas == {("SASL_SSL", "SCRAM-SHA-256"): jaas}
    with pytest.raises(ConfigError, match="sasl.mechanism.inter.broker.protocol"):
        Config({**secured, "sasl.mechanism.inter.broker.protocol": "GSSAPI"})


TLS = {
    "listeners": "SSL://127.0.0.1:9093,SASL_SSL://127.0.0.1:9094,PLAINTEXT://127.0.0.1:9092",
    "inter.broker.listener.name": "PLAINTEXT",
    "ssl.keystore.location": "/k.pem",
}


@pytest.mark.parametrize(
    ("values", "names"),
    [
        # The broker-wide ssl.client.auth is the SSL listener's: it needs a truststore, its own or
        # the broker's; the SASL_SSL listener asks for no certificate (KIP-684).
        ({"ssl.client.auth": "required"}, ("'ssl.truststore.location'", "listener SSL")),
        ({"ssl.client.auth": "requested"}, ("'ssl.truststore.location'", "listener SSL")),
        (
            {"listener.name.sasl_ssl.ssl.client.auth": "required"},
            ("'listener.name.sasl_ssl.ssl.truststore.location'", "listener SASL_SSL"),
        ),
        (
            {
                "ssl.client.auth": "required",
                "listener.name.sasl_ssl.ssl.client.auth": "required",
                "listener.name.ssl.ssl.truststore.location": "/ca.pem",
            },
            ("'listener.name.sasl_ssl.ssl.truststore.location'", "listener SASL_SSL"),
        ),
    ],
)
def test_a_listener_asking_for_certificates_with_no_truststore_is_refused_naming_the_key(values, names):
    with pytest.raises(ConfigError) as e:
        Config({**TLS, **values})
    assert all(n in str(e.value) for n in names), str(e.value)


@pytest.mark.parametrize(
    "values",
    [
        {"ssl.client.auth": "required", "listener.name.ssl.ssl.truststore.location": "/ca.pem"},
        {"ssl.client.auth": "required", "listener.name.ssl.ssl.truststore.certificates": "-----BEGIN"},
        {"ssl.client.auth": "required", "ssl.truststore.location": "/ca.pem"},
        {
            "listener.name.ssl.ssl.client.auth": "required",
            "listener.name.sasl_ssl.ssl.client.auth": "requested",
            "ssl.truststore.location": "/ca.pem",
        },
        {
            "listener.name.sasl_ssl.ssl.client.auth": "required",
            "listener.name.sasl_ssl.ssl.truststore.location": "/ca.pem",
        },
        {"ssl.client.auth": "required", "listener.name.ssl.ssl.client.auth": "none"},
        {"ssl.client.auth": "none"},
    ],
)
def test_a_listeners_own_truststore_or_the_brokers_is_enough(values):
    c = Config({**TLS, **values})
    assert c.client_auth_of("SASL_SSL") == values.get("listener.name.sasl_ssl.ssl.client.auth", "none")
    assert c.client_auth_of("SSL") == values.get(
        "listener.name.ssl.ssl.client.auth", values.get("ssl.client.auth", "none")
    )


def test_the_inter_broker_client_needs_a_truststore_its_listeners_or_the_brokers(tmp_path):
    from broker.security.inter_broker import inter_broker_security
    from tools.make_certs import make_certs

    certs = make_certs(tmp_path)
    cluster = {
        "listeners": "SSL://127.0.0.1:9093",
        "inter.broker.listener.name": "SSL",
        "zookeeper.connect": "127.0.0.1:2181",
        "ssl.keystore.location": str(certs.broker),
    }
    with pytest.raises(ConfigError, match=r"'ssl\.truststore\.location' is not set") as e:
        Config(cluster)
    assert "listener.name.ssl.ssl.truststore.location" in str(e.value)
    for key in ("ssl.truststore.location", "listener.name.ssl.ssl.truststore.location"):
        security = inter_broker_security(Config({**cluster, key: str(certs.ca)}))
        assert security is not None and security.ssl_context is not None
        # Only the configured CA is trusted, not the system's.
        expected = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        expected.load_verify_locations(cafile=str(certs.ca))
        assert security.ssl_context.get_ca_certs() == expected.get_ca_certs() != []

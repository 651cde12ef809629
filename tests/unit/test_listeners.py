"""Named listeners without sockets: the /brokers/ids registration in Kafka's JSON, and which
addresses a broker answers for the listener a request came in on."""

from __future__ import annotations

import json

from broker.apis.metadata import hide_unreachable_leaders
from broker.broker import Broker, advertised_endpoints
from broker.cluster.znodes import BrokerInfo, EndPoint
from broker.config import Config
from protocol.errors import ErrorCode

TWO = (EndPoint("INTERNAL", "broker-2", 9092), EndPoint("EXTERNAL", "127.0.0.1", 19093))


def test_registration_is_kafkas_json():
    data = json.loads(BrokerInfo(2, TWO, "r1").encode())
    assert data["version"] == 5
    assert data["endpoints"] == ["INTERNAL://broker-2:9092", "EXTERNAL://127.0.0.1:19093"]
    assert data["listener_security_protocol_map"] == {"INTERNAL": "PLAINTEXT", "EXTERNAL": "PLAINTEXT"}
    # host/port: the first PLAINTEXT endpoint, for clients that read only those (Kafka's choice).
    assert (data["host"], data["port"], data["rack"], data["jmx_port"]) == ("broker-2", 9092, "r1", -1)
    assert BrokerInfo.decode(2, BrokerInfo(2, TWO, "r1").encode()) == BrokerInfo(2, TWO, "r1")


def test_decodes_what_kafka_writes():
    # A Kafka 2.8 broker's /brokers/ids/1 (kafka.zk.BrokerIdZNode), one SSL listener first.
    raw = (
        b'{"features":{},"listener_security_protocol_map":{"CLIENT":"SSL","REPLICATION":"PLAINTEXT"},'
        b'"endpoints":["CLIENT://kafka-1.example:9093","REPLICATION://[::1]:9094"],"jmx_port":-1,'
        b'"port":9094,"host":"::1","timestamp":"1700000000000","version":5}'
    )
    b = BrokerInfo.decode(1, raw)
    assert b.endpoint("CLIENT") == EndPoint("CLIENT", "kafka-1.example", 9093, "SSL")
    assert b.endpoint("REPLICATION") == EndPoint("REPLICATION", "::1", 9094, "PLAINTEXT")
    assert b.endpoint("OTHER") is None
    assert (b.host, b.port) == ("::1", 9094)
    assert json.loads(b.encode())["endpoints"][1] == "REPLICATION://[::1]:9094"
    # Version 1 (before endpoints): host and port only, a PLAINTEXT listener.
    old = BrokerInfo.decode(4, b'{"version":1,"host":"h","port":9092,"jmx_port":-1}')
    assert old.endpoints == (EndPoint("PLAINTEXT", "h", 9092),)


def test_advertised_endpoints_take_the_bound_port_for_port_0():
    config = Config(
        {
            "listeners": "A://127.0.0.1:0,B://127.0.0.1:0,C://127.0.0.1:0",
            "advertised.listeners": "A://127.0.0.1:0,B://localhost:7000",
            "listener.security.protocol.map": "A:PLAINTEXT,B:PLAINTEXT,C:PLAINTEXT",
            "inter.broker.listener.name": "A",
        }
    )
    assert advertised_endpoints(config, {"A": 5001, "B": 5002, "C": 5003}) == [
        EndPoint("A", "127.0.0.1", 5001),
        EndPoint("B", "localhost", 7000),
    ]


class _View:
    """What Broker asks its ClusterNode: the live registrations and each offsets partition's leader."""

    def __init__(self, brokers: list[BrokerInfo], leaders: dict[int, int]):
        self.brokers = {b.broker_id: b for b in brokers}
        self.leaders = leaders

    def live_brokers(self) -> list[BrokerInfo]:
        return list(self.brokers.values())

    def leader_of(self, topic: str, partition: int) -> BrokerInfo | None:
        return self.brokers.get(self.leaders.get(partition, -1))


def test_each_listener_sees_its_own_addresses_and_brokers_without_it_are_left_out():
    broker = Broker(
        Config(
            {
                "listeners": "INTERNAL://127.0.0.1:0,EXTERNAL://127.0.0.1:0",
                "listener.security.protocol.map": "INTERNAL:PLAINTEXT,EXTERNAL:PLAINTEXT",
                "inter.broker.listener.name": "INTERNAL",
            }
        )
    )
    internal_only = BrokerInfo(3, (EndPoint("INTERNAL", "broker-3", 9092),))
    broker.cluster = _View(
        [
            BrokerInfo(1, (EndPoint("INTERNAL", "broker-1", 9092), EndPoint("EXTERNAL", "h", 19092))),
            BrokerInfo(2, TWO),
            internal_only,
        ],
        {0: 1, 1: 3, 2: 9},
    )
    assert [(n.node_id, n.host, n.port) for n in broker.live_nodes("INTERNAL")] == [
        (1, "broker-1", 9092),
        (2, "broker-2", 9092),
        (3, "broker-3", 9092),
    ]
    assert [(n.node_id, n.host, n.port) for n in broker.live_nodes("EXTERNAL")] == [
        (1, "h", 19092),
        (2, "127.0.0.1", 19093),
    ]
    assert broker.live_nodes("NONE") == []
    assert (broker.coordinator_node(0, "EXTERNAL").host, broker.coordinator_node(0, "INTERNAL").host) == (
        "h",
        "broker-1",
    )
    assert broker.coordinator_node(1, "EXTERNAL") is None  # broker 3 has no EXTERNAL listener
    assert broker.coordinator_node(1, "INTERNAL").node_id == 3
    assert broker.coordinator_node(2, "INTERNAL") is None  # no live leader


def test_metadata_hides_leaders_unreachable_on_the_listener():
    def topics() -> list[dict]:
        return [
            {
                "name": "t",
                "partitions": [
                    {"partition_index": p, "leader_id": leader, "error_code": code}
                    for p, (leader, code) in enumerate([(1, 0), (3, 0), (-1, ErrorCode.LEADER_NOT_AVAILABLE)])
                ],
            }
        ]

    for version, error in ((12, ErrorCode.LISTENER_NOT_FOUND), (5, ErrorCode.LEADER_NOT_AVAILABLE)):
        t = topics()
        hide_unreachable_leaders(t, {1, 2}, version)
        assert [(p["leader_id"], p["error_code"]) for p in t[0]["partitions"]] == [
            (1, 0),
            (-1, error),
            (-1, ErrorCode.LEADER_NOT_AVAILABLE),
        ]

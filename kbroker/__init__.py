"""kbroker's user-facing package: what an application's tests import.

    from kbroker.testing import EmbeddedBroker

kbroker.testing      EmbeddedBroker: a real Kafka-protocol broker inside the test process
                     (`async with` in the caller's loop, `with` on a thread of its own), with a
                     manual clock for the group and transaction coordinators.
kbroker.pytest_plugin the fixtures kafka_broker, kafka_broker_session and kafka_cluster
                     (registered as a pytest11 entry point by `pip install kbroker`).
"""

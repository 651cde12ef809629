"""The librdkafka mock cluster (a Kafka-compatible broker written in C, bundled with
confluent-kafka), started through ctypes so that topics of any size can be created in it.

    with MockCluster(brokers=1) as mock:
        mock.create_topic("t", partitions=6)
        ... clients use mock.bootstrap ...

What it lacks (librdkafka 2.16): DescribeGroups/ListGroups/DeleteGroups, CreateTopics, classic
static membership; a late follower SyncGroup gets INVALID_REQUEST. Tests skip those steps on it.
"""

from __future__ import annotations

import ctypes
import glob
import os


def _librdkafka() -> ctypes.CDLL:
    import confluent_kafka

    libs = os.path.join(os.path.dirname(os.path.dirname(confluent_kafka.__file__)), "confluent_kafka.libs")
    paths = sorted(glob.glob(os.path.join(libs, "librdkafka*.so*")))
    if not paths:
        raise RuntimeError(f"no bundled librdkafka in {libs}")
    lib = ctypes.CDLL(paths[0])
    lib.rd_kafka_conf_new.restype = ctypes.c_void_p
    lib.rd_kafka_conf_set.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_char_p,
        ctypes.c_size_t,
    ]
    lib.rd_kafka_new.restype = ctypes.c_void_p
    lib.rd_kafka_new.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_destroy.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_mock_cluster_new.restype = ctypes.c_void_p
    lib.rd_kafka_mock_cluster_new.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.rd_kafka_mock_cluster_destroy.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_mock_cluster_bootstraps.restype = ctypes.c_char_p
    lib.rd_kafka_mock_cluster_bootstraps.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_mock_topic_create.restype = ctypes.c_int
    lib.rd_kafka_mock_topic_create.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    lib.rd_kafka_mock_set_controller_id.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.rd_kafka_mock_group_initial_rebalance_delay_ms.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return lib


class MockCluster:
    def __init__(self, brokers: int = 1):
        self.lib = _librdkafka()
        errstr = ctypes.create_string_buffer(512)
        conf = self.lib.rd_kafka_conf_new()
        self.lib.rd_kafka_conf_set(conf, b"log_level", b"0", errstr, 512)
        self.rk = self.lib.rd_kafka_new(0, conf, errstr, 512)  # RD_KAFKA_PRODUCER owns the mock cluster
        if not self.rk:
            raise RuntimeError(errstr.value.decode())
        self.cluster = self.lib.rd_kafka_mock_cluster_new(self.rk, brokers)
        if not self.cluster:
            raise RuntimeError("rd_kafka_mock_cluster_new failed")
        self.lib.rd_kafka_mock_set_controller_id(self.cluster, 1)
        self.bootstrap = self.lib.rd_kafka_mock_cluster_bootstraps(self.cluster).decode()

    def create_topic(self, name: str, partitions: int, replication: int = 1) -> None:
        err = self.lib.rd_kafka_mock_topic_create(self.cluster, name.encode(), partitions, replication)
        if err:
            raise RuntimeError(f"rd_kafka_mock_topic_create({name}) failed: {err}")

    def set_initial_rebalance_delay_ms(self, delay_ms: int) -> None:
        """Like group.initial.rebalance.delay.ms on a broker (the mock's default is 3000)."""
        self.lib.rd_kafka_mock_group_initial_rebalance_delay_ms(self.cluster, delay_ms)

    def close(self) -> None:
        if self.cluster:
            self.lib.rd_kafka_mock_cluster_destroy(self.cluster)
            self.cluster = None
        if self.rk:
            self.lib.rd_kafka_destroy(self.rk)
            self.rk = None

    def __enter__(self) -> MockCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

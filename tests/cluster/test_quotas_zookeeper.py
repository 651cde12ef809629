"""Cluster mode: client quotas in ZooKeeper with Kafka 2.x's layout (/config/users, /config/clients,
`<default>`, a change notification under /config/changes): set through one broker, enforced and
described by the other, and a user's SCRAM credentials in the same znode left as they were."""

from __future__ import annotations

import json

import pytest
from kazoo.client import KazooClient

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.cluster.harness import eventually, request

pytestmark = pytest.mark.cluster


def _alter(entity, key: str, value: float) -> dict:
    return {
        "entries": [
            {
                "entity": [{"entity_type": t, "entity_name": n} for t, n in entity],
                "ops": [{"key": key, "value": value, "remove": False}],
            }
        ],
        "validate_only": False,
    }


async def _described(port: int) -> dict:
    r = await request(port, ApiKey.DESCRIBE_CLIENT_QUOTAS, 1, {"components": [], "strict": False})
    assert r.error_code == ErrorCode.NONE
    return {
        tuple((e.entity_type, e.entity_name) for e in x.entity): {v.key: v.value for v in x["values"]}
        for x in r.entries
    }


async def test_quotas_live_in_zookeeper_and_reach_every_broker(make_cluster):
    cluster = make_cluster(2)
    one, two = cluster.brokers[1].port, cluster.brokers[2].port
    zk = KazooClient(hosts=cluster.zk_connect)
    zk.start()
    try:
        scram = {"SCRAM-SHA-256": "salt=c2FsdA==,stored_key=a2V5,server_key=a2V5,iterations=4096"}
        zk.create("/config/users/alice", json.dumps({"version": 1, "config": scram}).encode(), makepath=True)
        r = await request(
            one, ApiKey.ALTER_CLIENT_QUOTAS, 1, _alter([("user", "alice")], "producer_byte_rate", 1024)
        )
        assert r.entries[0].error_code == ErrorCode.NONE
        r = await request(
            one,
            ApiKey.ALTER_CLIENT_QUOTAS,
            1,
            _alter([("user", None), ("client-id", "app")], "consumer_byte_rate", 2048),
        )
        assert r.entries[0].error_code == ErrorCode.NONE
        stored = json.loads(zk.get("/config/users/alice")[0])["config"]
        assert stored == {**scram, "producer_byte_rate": "1024"}  # the credentials kept
        stored = json.loads(zk.get("/config/users/<default>/clients/app")[0])["config"]
        assert stored == {"consumer_byte_rate": "2048"}
        assert zk.get_children("/config/changes")
        want = {
            (("user", "alice"),): {"producer_byte_rate": 1024.0},
            (("user", None), ("client-id", "app")): {"consumer_byte_rate": 2048.0},
        }

        async def both_see_them() -> bool:
            return await _described(one) == want and await _described(two) == want

        await eventually(both_see_them, what="both brokers describe the quotas")
        # written straight into ZooKeeper as kafka-configs --zookeeper does: picked up by the watch
        zk.create(
            "/config/clients/batch",
            json.dumps({"version": 1, "config": {"request_percentage": "25"}}).encode(),
            makepath=True,
        )
        zk.create(
            "/config/changes/config_change_", b'{"version":2,"entity_path":"clients/batch"}', sequence=True
        )

        async def two_sees_it() -> bool:
            return (await _described(two)).get((("client-id", "batch"),)) == {"request_percentage": 25.0}

        await eventually(two_sees_it, what="a quota written to ZooKeeper reaches the broker")
    finally:
        zk.stop()

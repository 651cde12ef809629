"""Authorization of the transaction and KIP-848 APIs (and the idempotent producer), on the wire:
a principal no ACL names, with allow.everyone.if.no.acl.found=false, is refused each with
Kafka's error; the same requests from a super user are not."""

from __future__ import annotations

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import RawConnection, start_broker

REQUESTS = [
    (ApiKey.END_TXN, 3, {"transactional_id": "t", "producer_id": 1, "producer_epoch": 0, "committed": True}),
    (
        ApiKey.ADD_PARTITIONS_TO_TXN,
        3,
        {
            "transactional_id": "t",
            "producer_id": 1,
            "producer_epoch": 0,
            "topics": [{"name": "x", "partitions": [0]}],
        },
    ),
    (
        ApiKey.ADD_OFFSETS_TO_TXN,
        3,
        {"transactional_id": "t", "producer_id": 1, "producer_epoch": 0, "group_id": "g"},
    ),
    (
        ApiKey.WRITE_TXN_MARKERS,
        1,
        {
            "markers": [
                {
                    "producer_id": 1,
                    "producer_epoch": 0,
                    "transaction_result": True,
                    "topics": [{"name": "x", "partition_indexes": [0]}],
                    "coordinator_epoch": 0,
                }
            ]
        },
    ),
    (ApiKey.DESCRIBE_TRANSACTIONS, 0, {"transactional_ids": ["t"]}),
    (
        ApiKey.CONSUMER_GROUP_HEARTBEAT,
        0,
        {
            "group_id": "g",
            "member_id": "m",
            "member_epoch": 0,
            "rebalance_timeout_ms": 5000,
            "subscribed_topic_names": ["x"],
            "topic_partitions": [],
        },
    ),
    (ApiKey.CONSUMER_GROUP_DESCRIBE, 0, {"group_ids": ["g"]}),
    (ApiKey.INIT_PRODUCER_ID, 4, {"transactional_id": None, "transaction_timeout_ms": 1000}),
]


def _errors(api_key: ApiKey, r) -> set[int]:
    if api_key == ApiKey.ADD_PARTITIONS_TO_TXN:
        return {p.partition_error_code for t in r.results for p in t.results_by_partition}
    if api_key == ApiKey.WRITE_TXN_MARKERS:
        return {p.error_code for m in r.markers for t in m.topics for p in t.partitions}
    if api_key == ApiKey.DESCRIBE_TRANSACTIONS:
        return {s.error_code for s in r.transaction_states}
    if api_key == ApiKey.CONSUMER_GROUP_DESCRIBE:
        return {g.error_code for g in r.groups}
    return {r.error_code}


EXPECTED = {
    ApiKey.END_TXN: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
    ApiKey.ADD_PARTITIONS_TO_TXN: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
    ApiKey.ADD_OFFSETS_TO_TXN: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
    ApiKey.WRITE_TXN_MARKERS: ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
    ApiKey.DESCRIBE_TRANSACTIONS: ErrorCode.TRANSACTIONAL_ID_AUTHORIZATION_FAILED,
    ApiKey.CONSUMER_GROUP_HEARTBEAT: ErrorCode.GROUP_AUTHORIZATION_FAILED,
    ApiKey.CONSUMER_GROUP_DESCRIBE: ErrorCode.GROUP_AUTHORIZATION_FAILED,
    ApiKey.INIT_PRODUCER_ID: ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
}


@pytest.mark.parametrize("super_user", [False, True])
async def test_transaction_and_kip848_apis_are_authorized(tmp_path, super_user):
    b = await start_broker(
        tmp_path / "data",
        **{
            "authorizer.class.name": "kbroker.AclAuthorizer",
            "allow.everyone.if.no.acl.found": "false",
            "super.users": "User:ANONYMOUS" if super_user else "User:admin",
        },
    )
    try:
        c = await RawConnection.open(b.bound_port)
        try:
            for api_key, version, body in REQUESTS:
                errors = _errors(api_key, await c.request(api_key, version, body))
                refused = EXPECTED[api_key]
                if super_user:
                    assert refused not in errors, api_key.name
                else:
                    assert errors == {refused}, api_key.name
            r = await c.request(ApiKey.LIST_TRANSACTIONS, 0, {"state_filters": [], "producer_id_filters": []})
            assert list(r.transaction_states) == []
        finally:
            await c.close()
    finally:
        await b.stop()

"""The share coordinator over the wire, against a real broker process: FindCoordinator(SHARE)
finds it (creating `__share_group_state`), InitializeShareGroupState / WriteShareGroupState /
ReadShareGroupState / ReadShareGroupStateSummary / DeleteShareGroupState answer as Kafka's, with
its fencing errors; and the state written survives kill -9: after a restart it reads back
identical (snapshots and the updates after them replayed, the records below them pruned)."""

from __future__ import annotations

import asyncio
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode as E
from tests.helpers import BrokerProcess, RawConnection, async_wait_until, create_topic

EXTRA = {
    "group.share.enable": "true",
    "share.coordinator.state.topic.num.partitions": "4",
    "share.coordinator.snapshot.update.records.per.snapshot": "3",  # snapshots among the updates
    "share.coordinator.state.topic.prune.interval.ms": "100",  # records below the snapshots deleted
}
GROUP = "share-crash"
RETRY = {E.COORDINATOR_NOT_AVAILABLE, E.COORDINATOR_LOAD_IN_PROGRESS, E.NOT_COORDINATOR}


def kafka_uuid(topic_id: uuid.UUID) -> str:
    import base64

    return base64.urlsafe_b64encode(topic_id.bytes).decode().rstrip("=")


async def topic_id_of(c: RawConnection, name: str) -> uuid.UUID:
    r = await c.request(ApiKey.METADATA, 12, {"topics": [{"name": name, "topic_id": uuid.UUID(int=0)}]})
    return r.topics[0].topic_id


async def call(
    c: RawConnection, api: ApiKey, topic: uuid.UUID, partitions: list[dict[str, Any]]
) -> list[Any]:
    """One request for the partitions, retried while the coordinator is not ready; the answers."""
    deadline = time.monotonic() + 20
    while True:
        r = await c.request(
            api, 0, {"group_id": GROUP, "topics": [{"topic_id": topic, "partitions": partitions}]}
        )
        answers = list(r.results[0].partitions)
        if not any(a.error_code in RETRY for a in answers) or time.monotonic() > deadline:
            return answers
        await asyncio.sleep(0.05)


def batch(first: int, last: int, state: int, count: int) -> dict[str, int]:
    return {"first_offset": first, "last_offset": last, "delivery_state": state, "delivery_count": count}


def readable(answers: list[Any]) -> list[tuple[Any, ...]]:
    return [
        (
            a.partition,
            a.error_code,
            a.state_epoch,
            a.start_offset,
            [(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count) for b in a.state_batches],
        )
        for a in answers
    ]


@pytest.mark.slow
async def test_share_state_over_the_wire_survives_kill_9(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bp = BrokerProcess(data, extra=EXTRA).start()
    try:
        await create_topic(bp.port, "t", 3)
        c = await RawConnection.open(bp.port)
        versions = await c.request(
            ApiKey.API_VERSIONS, 3, {"client_software_name": "t", "client_software_version": "1"}
        )
        advertised = {k.api_key: (k.min_version, k.max_version) for k in versions.api_keys}
        assert all(advertised.get(k) == (0, 0) for k in range(83, 88))
        topic = await topic_id_of(c, "t")
        # FindCoordinator v6, key type 2: creates __share_group_state, then answers this broker.
        deadline = time.monotonic() + 20
        while True:
            r = await c.request(
                ApiKey.FIND_COORDINATOR,
                6,
                {"key_type": 2, "coordinator_keys": [f"{GROUP}:{kafka_uuid(topic)}:0"]},
            )
            if r.coordinators[0].error_code != E.COORDINATOR_NOT_AVAILABLE or time.monotonic() > deadline:
                break
            await asyncio.sleep(0.05)
        assert (r.coordinators[0].error_code, r.coordinators[0].port) == (E.NONE, bp.port)
        bad = await c.request(ApiKey.FIND_COORDINATOR, 6, {"key_type": 2, "coordinator_keys": ["no-colons"]})
        assert bad.coordinators[0].error_code == E.INVALID_REQUEST

        # never initialized: Kafka's INVALID_REQUEST; a partition the topic lacks: UNKNOWN_TOPIC_OR_PARTITION
        (a,) = await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, [{"partition": 0, "leader_epoch": 0}])
        assert a.error_code == E.INVALID_REQUEST
        (a,) = await call(
            c,
            ApiKey.INITIALIZE_SHARE_GROUP_STATE,
            topic,
            [{"partition": 9, "state_epoch": 0, "start_offset": 0}],
        )
        assert a.error_code == E.UNKNOWN_TOPIC_OR_PARTITION

        init = [{"partition": p, "state_epoch": 1, "start_offset": 10 * p} for p in range(3)]
        assert {a.error_code for a in await call(c, ApiKey.INITIALIZE_SHARE_GROUP_STATE, topic, init)} == {
            E.NONE
        }
        read = [{"partition": p, "leader_epoch": 2} for p in range(3)]
        assert {a.error_code for a in await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, read)} == {E.NONE}
        for i in range(8):  # updates and, every 3, a snapshot
            writes = [
                {
                    "partition": p,
                    "state_epoch": 1,
                    "leader_epoch": 2,
                    "start_offset": 10 * p + i if i % 2 else -1,
                    "state_batches": [batch(10 * p + i, 10 * p + i + 2, 2 if i % 3 else 4, 1 + i % 2)],
                }
                for p in range(3)
            ]
            assert {a.error_code for a in await call(c, ApiKey.WRITE_SHARE_GROUP_STATE, topic, writes)} == {
                E.NONE
            }
        fenced = await call(
            c,
            ApiKey.WRITE_SHARE_GROUP_STATE,
            topic,
            [
                {
                    "partition": 0,
                    "state_epoch": 1,
                    "leader_epoch": 1,
                    "start_offset": -1,
                    "state_batches": [],
                },
                {
                    "partition": 1,
                    "state_epoch": 0,
                    "leader_epoch": 2,
                    "start_offset": -1,
                    "state_batches": [],
                },
            ],
        )
        assert [a.error_code for a in fenced] == [E.FENCED_LEADER_EPOCH, E.FENCED_STATE_EPOCH]
        (a,) = await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, [{"partition": 0, "leader_epoch": 1}])
        assert a.error_code == E.FENCED_LEADER_EPOCH
        (deleted,) = await call(c, ApiKey.DELETE_SHARE_GROUP_STATE, topic, [{"partition": 2}])
        assert deleted.error_code == E.NONE
        before = readable(await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, read[:2]))
        assert before[0][3] == 7 and before[0][4] and before[1][3] == 17
        await c.close()
        await async_wait_until(lambda: "prune share state" in bp.log(), what="a pruning pass")

        bp.kill()  # SIGKILL: every answer above was durable before it was given
        bp = BrokerProcess(data, port=bp.port, extra=EXTRA).start()
        c = await RawConnection.open(bp.port)
        after = readable(await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, read[:2]))
        assert after == before
        (gone,) = await call(c, ApiKey.READ_SHARE_GROUP_STATE, topic, [{"partition": 2, "leader_epoch": 2}])
        assert gone.error_code == E.INVALID_REQUEST  # the tombstone held
        summary = await call(
            c, ApiKey.READ_SHARE_GROUP_STATE_SUMMARY, topic, [{"partition": 0, "leader_epoch": 2}]
        )
        assert (
            summary[0].error_code,
            summary[0].state_epoch,
            summary[0].leader_epoch,
            summary[0].start_offset,
        ) == (
            E.NONE,
            1,
            2,
            7,
        )
        await c.close()
    finally:
        bp.stop()

"""Committed offsets survive kill -9 of a real broker process, while the log cleaner compacts
`__consumer_offsets` underneath: 8 clients commit concurrently, the broker is killed at random
moments (many of them during a clean: small offsets segments and a short cleaner backoff keep it
cleaning), and after every restart each acknowledged commit is fetched back at least as new as
acknowledged, and the cleaner carries on."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from protocol.apis import ApiKey
from protocol.errors import ErrorCode
from tests.helpers import BrokerProcess, RawConnection, create_topic

SEED = 6
CLIENTS = 8
PARTITIONS = 8
KILLS = 20
EXTRA = {
    "offsets.topic.num.partitions": "4",
    "offsets.topic.segment.bytes": "4096",
    "log.cleaner.backoff.ms": "20",
    "log.cleaner.min.cleanable.ratio": "0.1",
}


async def fetch_offsets(port: int, groups: list[str], deadline_s: float = 20.0) -> dict[tuple[str, int], int]:
    """(group, partition) -> committed offset, retrying while the coordinator loads."""
    deadline = time.monotonic() + deadline_s
    c = await RawConnection.open(port)
    try:
        while True:
            r = await c.request(
                ApiKey.OFFSET_FETCH,
                8,
                {
                    "groups": [
                        {
                            "group_id": g,
                            "topics": [{"name": "crash", "partition_indexes": list(range(PARTITIONS))}],
                        }
                        for g in groups
                    ],
                    "require_stable": True,
                },
            )
            errors = {g.error_code for g in r.groups} | {
                p.error_code for g in r.groups for t in g.topics for p in t.partitions
            }
            if errors == {ErrorCode.NONE}:
                return {
                    (g.group_id, p.partition_index): p.committed_offset
                    for g in r.groups
                    for t in g.topics
                    for p in t.partitions
                }
            assert errors <= {ErrorCode.NONE, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS}, errors
            if time.monotonic() > deadline:
                raise TimeoutError(f"offsets not loaded: {errors}")
            await asyncio.sleep(0.05)
    finally:
        await c.close()


async def committer(
    port: int, group: str, acked: dict[tuple[str, int], int], counter: list[int], stop: asyncio.Event
) -> None:
    """Commit ever larger offsets for every partition, recording what was acknowledged."""
    try:
        conn = await RawConnection.open(port)
    except OSError:
        return
    next_offset = max((o for (g, _), o in acked.items() if g == group), default=0) + 1
    try:
        while not stop.is_set():
            offset = next_offset
            next_offset += 1
            r = await conn.request(
                ApiKey.OFFSET_COMMIT,
                8,
                {
                    "group_id": group,
                    "generation_id_or_member_epoch": -1,
                    "member_id": "",
                    "topics": [
                        {
                            "name": "crash",
                            "partitions": [
                                {
                                    "partition_index": p,
                                    "committed_offset": offset,
                                    "committed_metadata": f"{group}@{offset}",
                                }
                                for p in range(PARTITIONS)
                            ],
                        }
                    ],
                },
            )
            for t in r.topics:
                for p in t.partitions:
                    if p.error_code == ErrorCode.NONE:
                        key = (group, p.partition_index)
                        acked[key] = max(acked.get(key, -1), offset)
                        counter[0] += 1
    except (OSError, asyncio.IncompleteReadError, TimeoutError):
        return  # the broker died under us: this commit is not acknowledged
    finally:
        await conn.close()


def run_log(bp: BrokerProcess, since: int) -> str:
    return bp.log()[since:]


@pytest.mark.slow
async def test_kill_9_under_commit_load_while_cleaning_loses_no_acknowledged_commit(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data = tmp_path / "data"
    bp = BrokerProcess(data, extra=EXTRA).start()
    groups = [f"crash-group-{i}" for i in range(CLIENTS)]
    acked: dict[tuple[str, int], int] = {}
    counter = [0]
    kills = lost = 0
    cleans = swaps_completed = kills_while_cleaning = 0
    started = time.monotonic()
    try:
        await create_topic(bp.port, "crash", PARTITIONS)
        await fetch_offsets(bp.port, groups)
        for _ in range(KILLS):
            stop = asyncio.Event()
            tasks = [asyncio.create_task(committer(bp.port, g, acked, counter, stop)) for g in groups]
            await asyncio.sleep(rng.uniform(0.3, 1.2))
            bp.kill()  # SIGKILL, mid-commit
            kills += 1
            stop.set()
            await asyncio.gather(*tasks)
            since = len(bp.log())
            bp = BrokerProcess(data, port=bp.port, extra=EXTRA).start()
            fetched = await fetch_offsets(bp.port, groups)
            for key, offset in acked.items():
                if fetched.get(key, -1) < offset:
                    lost += 1
            text = run_log(bp, since)
            completed = text.count("complete swap") + text.count("discard cleaned")
            swaps_completed += completed
            kills_while_cleaning += completed > 0
        # The cleaner resumes after the last restart: more load, and it cleans again.
        since = len(bp.log())
        stop = asyncio.Event()
        tasks = [asyncio.create_task(committer(bp.port, g, acked, counter, stop)) for g in groups]
        deadline = time.monotonic() + 20
        while "clean log" not in run_log(bp, since) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        stop.set()
        await asyncio.gather(*tasks)
        resumed = "clean log" in run_log(bp, since)
        cleans = bp.log().count("clean log")
        fetched = await fetch_offsets(bp.port, groups)
        lost += sum(1 for key, offset in acked.items() if fetched.get(key, -1) < offset)
    finally:
        bp.stop()
    print(
        f"\ncommits acknowledged: {counter[0]} (partition commits), kills: {kills}, commits lost: {lost}, "
        f"kills that interrupted a clean: {kills_while_cleaning} (swaps completed or discarded on restart: "
        f"{swaps_completed}), cleans logged: {cleans}, seconds: {time.monotonic() - started:.1f}"
    )
    assert kills >= 20
    assert counter[0] > 0
    assert lost == 0
    assert resumed, "the cleaner did not clean after the last restart"

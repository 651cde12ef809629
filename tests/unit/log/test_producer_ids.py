"""InitProducerId's ids on a single broker: blocks from the log dir's file, never an id twice."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from broker.apis import init_producer_id
from broker.log.producer_ids import (
    BLOCK_SIZE,
    LocalProducerIdBlocks,
    ProducerIdBlock,
    ProducerIdManager,
    ProducerIdsExhausted,
)
from protocol.errors import ErrorCode


async def test_ids_run_through_a_block_then_claim_the_next(tmp_path):
    blocks = LocalProducerIdBlocks(tmp_path, broker_id=0, size=10)
    claims: list[ProducerIdBlock] = []

    def claim() -> ProducerIdBlock:
        claims.append(blocks.claim())
        return claims[-1]

    manager = ProducerIdManager(claim)
    # Concurrent InitProducerIds: 25 distinct ids, from three blocks claimed one at a time.
    ids = await asyncio.gather(*(manager.next_id() for _ in range(25)))
    assert sorted(ids) == list(range(25))
    assert [(b.first, b.last) for b in claims] == [(0, 9), (10, 19), (20, 29)]


async def test_a_restart_never_reuses_an_id(tmp_path):
    first = ProducerIdManager(LocalProducerIdBlocks(tmp_path, 0).claim)
    given = [await first.next_id() for _ in range(3)]
    # A new manager on the same dir (a restart, clean or kill -9) starts after the whole block.
    second = ProducerIdManager(LocalProducerIdBlocks(tmp_path, 0).claim)
    assert await second.next_id() == BLOCK_SIZE > max(given)
    third = ProducerIdManager(LocalProducerIdBlocks(tmp_path, 0).claim)
    assert await third.next_id() == 2 * BLOCK_SIZE


def test_the_last_block_below_the_maximum_id_and_no_further():
    top = (1 << 63) - 1
    last = ProducerIdBlock.starting_at(top - BLOCK_SIZE + 1, 1)
    assert last.last == top
    with pytest.raises(ProducerIdsExhausted):
        last.next_block(1)


async def test_init_producer_id_answers_retriable_error_when_no_block_can_be_claimed():
    def unreachable() -> ProducerIdBlock:
        raise ConnectionError("zookeeper is not reachable")

    def exhausted() -> ProducerIdBlock:
        raise ProducerIdsExhausted("none left")

    request = SimpleNamespace(transactional_id=None)
    for claim, error in (
        (unreachable, ErrorCode.COORDINATOR_LOAD_IN_PROGRESS),
        (exhausted, ErrorCode.UNKNOWN_SERVER_ERROR),
    ):
        broker = SimpleNamespace(producer_ids=ProducerIdManager(claim), authorizer=None)
        answer = await init_producer_id.handle(broker, None, request)
        assert (answer["error_code"], answer["producer_id"]) == (error, -1)
    # The manager is not stuck after a failed claim: the next call claims again.
    calls = iter([unreachable, lambda: ProducerIdBlock(0, 5, 9)])
    manager = ProducerIdManager(lambda: next(calls)())
    with pytest.raises(ConnectionError):
        await manager.next_id()
    assert await manager.next_id() == 5

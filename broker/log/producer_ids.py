"""Producer ids for InitProducerId: never the same id twice, across restarts and across brokers.

Ids are handed out from blocks of 1,000, as Kafka 2.x's `ProducerIdManager` does. Where a block
comes from is the only difference between the two modes:
- in a cluster, ZooKeeper's `/latest_producer_id_block` names the last block claimed by any broker;
  a broker claims the next one with a conditional update (`broker/cluster/zk.py`), so two brokers
  never hold overlapping blocks;
- a single broker keeps the end of its last block in `<first log dir>/kbroker-producer-ids`,
  written and fsynced before any id of the block is given.
Either way a restarted broker claims a fresh block, so no id it gave before is given again.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from broker.log.segment import fsync_dir

BLOCK_SIZE = 1000
FILE_NAME = "kbroker-producer-ids"
_MAX_PRODUCER_ID = (1 << 63) - 1


class ProducerIdsExhausted(Exception):
    """No block is left below Kafka's maximum producer id (2^63 - 1)."""


@dataclass(frozen=True, slots=True)
class ProducerIdBlock:
    """Ids `first` to `last`, both included (as the znode names them), claimed by `broker_id`."""

    broker_id: int
    first: int
    last: int

    @classmethod
    def starting_at(cls, first: int, broker_id: int, size: int = BLOCK_SIZE) -> ProducerIdBlock:
        if first > _MAX_PRODUCER_ID - size + 1:
            raise ProducerIdsExhausted(f"no producer id block of {size} is left from {first}")
        return cls(broker_id, first, first + size - 1)

    def next_block(self, broker_id: int, size: int = BLOCK_SIZE) -> ProducerIdBlock:
        return ProducerIdBlock.starting_at(self.last + 1, broker_id, size)


class LocalProducerIdBlocks:
    """A single broker's blocks, from a file in its first log dir (blocking: run in a thread)."""

    def __init__(self, log_dir: Path, broker_id: int, size: int = BLOCK_SIZE):
        self.path = Path(log_dir) / FILE_NAME
        self.broker_id = broker_id
        self.size = size

    def _reserved(self) -> int:
        """The first id of the next block: every id below it may have been given."""
        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return 0
        for line in text.splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "next.block.start":
                return int(value.strip())
        return 0

    def claim(self) -> ProducerIdBlock:
        block = ProducerIdBlock.starting_at(self._reserved(), self.broker_id, self.size)
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w") as f:
            f.write(f"version=0\nnext.block.start={block.last + 1}\n")
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(self.path)
        fsync_dir(self.path.parent)
        return block


class ProducerIdManager:
    """Hands out the ids of the current block; claims the next block (a blocking call, in a
    worker thread) when it is used up."""

    def __init__(self, claim: Callable[[], ProducerIdBlock]):
        self._claim = claim
        self._next = 0
        self._last = -1  # no block yet
        self._lock = asyncio.Lock()  # one claim at a time: concurrent InitProducerIds wait for it

    async def next_id(self) -> int:
        async with self._lock:
            if self._next > self._last:
                block = await asyncio.get_running_loop().run_in_executor(None, self._claim)
                self._next, self._last = block.first, block.last
            pid = self._next
            self._next += 1
            return pid

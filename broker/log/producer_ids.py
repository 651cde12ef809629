"""Producer ids for InitProducerId, unique across restarts.

Like Kafka's controller, ids are handed out in blocks: before the first id of a block is given,
the end of the block is written durably to `<first log dir>/kbroker-producer-ids`, so that a
restart continues after any id that may have been given.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from broker.log.segment import fsync_dir

BLOCK_SIZE = 1000
FILE_NAME = "kbroker-producer-ids"


class ProducerIdManager:
    def __init__(self, log_dir: Path, block_size: int = BLOCK_SIZE):
        self.path = Path(log_dir) / FILE_NAME
        self.block_size = block_size
        self._next = -1
        self._block_end = -1
        self._lock = asyncio.Lock()

    def _read_reserved(self) -> int:
        try:
            text = self.path.read_text()
        except FileNotFoundError:
            return 0
        for line in text.splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "next.block.start":
                return int(value.strip())
        return 0

    def _reserve(self, end: int) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w") as f:
            f.write(f"version=0\nnext.block.start={end}\n")
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(self.path)
        fsync_dir(self.path.parent)

    async def next_id(self) -> int:
        async with self._lock:
            if self._next < 0 or self._next >= self._block_end:
                loop = asyncio.get_running_loop()
                start = max(self._block_end, await loop.run_in_executor(None, self._read_reserved))
                end = start + self.block_size
                await loop.run_in_executor(None, self._reserve, end)
                self._next, self._block_end = start, end
            pid = self._next
            self._next += 1
            return pid

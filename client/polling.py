"""What AsyncConsumer and AsyncShareConsumer do alike around their own poll (`getmany`): the
topic names they refuse, start and close as a context manager, the refusal of a consumer closed or
not started, and the records handed out one at a time (`getone`, `async for`). How each fetches
and what it owes for a record (offsets, acknowledgements) stays in its own module."""

from __future__ import annotations

import collections
from collections.abc import Iterable, Mapping
from typing import Generic, Self, TypeVar

from client.errors import ConsumerStoppedError, IllegalStateError, InvalidTopicError
from client.structs import TopicPartition
from client.subscription import topic_name_error

R = TypeVar("R")


def check_topic_names(topics: Iterable[str]) -> None:
    """Raise InvalidTopicError for the first name Kafka would refuse, as Java's consumer does."""
    for topic in topics:
        if (complaint := topic_name_error(topic)) is not None:
            raise InvalidTopicError(complaint)


class PollingConsumer(Generic[R]):
    """The base of the two consumers; R is the record each hands out."""

    _closed: bool
    _started: bool
    _iter_buffer: collections.deque[R]

    async def start(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def _poll(
        self, partitions: tuple[TopicPartition, ...], timeout_ms: float, max_records: int | None
    ) -> Mapping[TopicPartition, list[R]]:
        """The consumer's getmany (the share consumer's takes no partitions)."""
        raise NotImplementedError

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _check_open(self) -> None:
        if self._closed:
            raise ConsumerStoppedError("the consumer is closed")
        if not self._started:
            raise IllegalStateError("the consumer is not started (await start() or use `async with`)")

    async def _one(self, *partitions: TopicPartition) -> R:
        """The next record, polling until one comes or the consumer is closed."""
        while True:
            for batch in (await self._poll(partitions, 1000, 1)).values():
                return batch[0]
            if self._closed:
                raise ConsumerStoppedError("the consumer is closed")

    def __aiter__(self) -> Self:
        return self

    async def __anext__(self) -> R:
        while not self._iter_buffer:
            if self._closed:
                raise StopAsyncIteration
            try:
                batches = await self._poll((), 1000, None)
            except ConsumerStoppedError:
                raise StopAsyncIteration from None
            for records in batches.values():
                self._iter_buffer.extend(records)
        return self._iter_buffer.popleft()

"""asyncio helpers the client needs on every Python it supports."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


async def wait_for(aw: Awaitable[T], timeout: float | None) -> T:
    """`asyncio.wait_for` as Python 3.12 has it; use it instead of `asyncio.wait_for` (3.11).

    Python 3.11's `asyncio.wait_for` can lose a cancellation (CPython gh-86296): when the task
    awaiting it is cancelled just as the awaited thing completes (an answer arrived, an event was
    set), it returns the result instead of raising CancelledError, and the task carries on as if
    it had never been cancelled. A consumer's poll loop cancelled by its application then keeps
    polling, and abort() waits forever for a heartbeat task that keeps heartbeating. 3.12 rebuilt
    `wait_for` on `asyncio.timeout`, which cannot lose one: so is this. The awaitable runs in the
    calling task (no task of its own); on timeout it is cancelled and TimeoutError raised.
    """
    if timeout is None:
        return await aw
    async with asyncio.timeout(timeout):
        return await aw

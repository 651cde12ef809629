"""The time a coroutine handler costs the loop (broker/request_time.py), which request_percentage
quotas count: each step of the handler and of the tasks it creates, never the time it waits."""

from __future__ import annotations

import asyncio
import time
import types

import pytest

from broker import request_time


def _busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


async def _part(busy: float, wait: float) -> int:
    _busy(busy)
    await asyncio.sleep(wait)
    _busy(busy)
    return 1


async def _handler() -> dict[str, int]:
    _busy(0.01)
    await asyncio.sleep(0.05)  # waiting (the disk, a long poll) is not the broker's time
    parts = await asyncio.gather(_part(0.01, 0.05), _part(0.01, 0.05))  # tasks of their own
    return {"parts": sum(parts)}


async def test_a_handlers_steps_and_its_tasks_steps_are_counted_not_its_waits():
    request_time.install(asyncio.get_running_loop())
    done: list[tuple[float, object]] = []
    spent = request_time.Spent(0.001)  # the handler's call, counted by the caller
    started = time.perf_counter()
    result = await request_time.timed(_handler(), spent, lambda s, r: done.append((s, r)))
    elapsed = time.perf_counter() - started
    assert result == {"parts": 2}
    assert done == [(spent.seconds, result)]  # told once, with the total, before the result is seen
    # 50 ms of work (10 + 4 x 10) in about 150 ms: the work, not the waits (a loaded machine
    # only adds to the work's time, and to the elapsed time as much)
    assert 0.051 <= spent.seconds < 0.051 + (elapsed - 0.1)
    assert elapsed >= 0.1


async def test_tasks_outside_a_timed_request_are_left_alone():
    request_time.install(asyncio.get_running_loop())
    task = asyncio.get_running_loop().create_task(_part(0, 0))
    assert isinstance(task.get_coro(), types.CoroutineType)  # not wrapped: nothing to count
    assert await task == 1


async def test_a_failing_handler_counts_its_time_and_is_not_reported_done():
    async def fails() -> None:
        _busy(0.005)
        await asyncio.sleep(0)
        raise ValueError("bad")

    spent = request_time.Spent()
    done: list[object] = []
    with pytest.raises(ValueError, match="bad"):
        await request_time.timed(fails(), spent, lambda s, r: done.append(r))
    assert spent.seconds >= 0.005
    assert done == []


async def test_install_keeps_a_task_factory_set_before():
    loop = asyncio.get_running_loop()
    made: list[object] = []

    def factory(loop, coro, **kwargs):  # type: ignore[no-untyped-def]
        made.append(coro)
        return asyncio.Task(coro, loop=loop, **kwargs)

    loop.set_task_factory(factory)
    try:
        request_time.install(loop)
        request_time.install(loop)  # once
        spent = request_time.Spent()
        assert await request_time.timed(_handler(), spent, lambda s, r: None) == {"parts": 2}
        assert len(made) == 2  # gather's two tasks, through the factory set before
        assert spent.seconds >= 0.05
    finally:
        loop.set_task_factory(None)

"""The time the broker spends on one request, for request_percentage quotas (Kafka's request
quota counts a request's time on the network and request handler threads).

A plain handler's time is one call. A coroutine handler runs in a task whose steps interleave
with every other request's, and usually fans its work out into more tasks (Produce gathers one
per partition): its time is the sum of the steps of all of them, measured on the loop. The
handler's coroutine is wrapped so that each of its steps is timed, and while a step runs the
request's `Spent` is in a context variable: a task created then inherits it (a task copies its
creator's context), and the loop's task factory (installed by `install`) wraps that task's
coroutine too. The time spent waiting (for the disk, a long poll, a replica) is not counted.

The answer's throttle is decided when the handler's coroutine returns, from the time counted
so far: a task that outlives it (none of the handlers leaves one) is not counted.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Coroutine, Generator
from dataclasses import dataclass
from time import perf_counter
from typing import Any

_CURRENT: contextvars.ContextVar[Spent | None] = contextvars.ContextVar("kbroker_request_time", default=None)


@dataclass(slots=True)
class Spent:
    """Seconds of the loop's time spent on one request so far."""

    seconds: float = 0.0


class _Steps(Coroutine[Any, Any, Any]):
    """A coroutine whose steps are timed into `spent`; `done` gets the total and the result."""

    __slots__ = ("_coro", "_spent", "_done")

    def __init__(
        self,
        coro: Coroutine[Any, Any, Any],
        spent: Spent,
        done: Callable[[float, Any], None] | None = None,
    ):
        self._coro = coro
        self._spent = spent
        self._done = done

    def send(self, value: Any) -> Any:
        return self._step(self._coro.send, value)

    def throw(self, typ: Any, val: Any = None, tb: Any = None) -> Any:
        if val is None and tb is None:
            return self._step(self._coro.throw, typ)
        return self._step(self._coro.throw, typ, val, tb)

    def _step(self, step: Callable[..., Any], *args: Any) -> Any:
        token = _CURRENT.set(self._spent)
        started = perf_counter()
        try:
            return step(*args)
        except StopIteration as stop:
            self._spent.seconds += perf_counter() - started
            started = 0.0
            if self._done is not None:
                self._done(self._spent.seconds, stop.value)
            raise
        finally:
            if started:
                self._spent.seconds += perf_counter() - started
            _CURRENT.reset(token)

    def close(self) -> None:
        self._coro.close()

    def __await__(self) -> Generator[Any, None, Any]:
        return self  # an iterator with send and throw, as `await` needs

    def __iter__(self) -> _Steps:
        return self

    def __next__(self) -> Any:
        return self.send(None)


def timed(coro: Coroutine[Any, Any, Any], spent: Spent, done: Callable[[float, Any], None]) -> _Steps:
    """`coro`, its steps and those of the tasks it creates counted into `spent`; `done(seconds,
    result)` is called when it returns, before whoever awaits it sees the result."""
    return _Steps(coro, spent, done)


def _task_factory(
    previous: Callable[..., asyncio.Future[Any]] | None,
) -> Callable[..., asyncio.Future[Any]]:
    def make(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Future[Any]:
        spent = _CURRENT.get()
        if spent is not None and not isinstance(coro, _Steps):
            coro = _Steps(coro, spent)  # created by a request being timed: its steps count too
        if previous is not None:
            return previous(loop, coro, **kwargs)
        return asyncio.Task(coro, loop=loop, **kwargs)

    make.kbroker_request_time = True  # type: ignore[attr-defined]
    return make


def install(loop: asyncio.AbstractEventLoop) -> None:
    """Have the tasks that timed requests create timed too (once per loop; another factory set
    before is kept, called with the wrapped coroutine)."""
    current = loop.get_task_factory()
    if current is None or not getattr(current, "kbroker_request_time", False):
        loop.set_task_factory(_task_factory(current))

"""The handler table: a handler is a coroutine function only if it can wait.

broker/server.py answers a plain handler's dict in the same pass as the frame it read, and gives
a coroutine its own task; an `async def` handler that never awaits pays for a task per request
for nothing.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

import pytest

from broker.apis import HANDLERS
from protocol.apis import ApiKey


def _waits(fn) -> bool:
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    return any(isinstance(node, ast.Await | ast.AsyncFor | ast.AsyncWith) for node in ast.walk(tree))


@pytest.mark.parametrize("key", sorted(HANDLERS), ids=lambda k: ApiKey(k).name)
def test_a_handler_is_async_only_if_it_waits(key):
    fn = HANDLERS[key]
    assert inspect.iscoroutinefunction(fn) == _waits(fn), f"{fn.__module__}.{fn.__name__}"


@pytest.mark.parametrize(
    "key",
    [
        ApiKey.API_VERSIONS,
        ApiKey.FIND_COORDINATOR,
        ApiKey.HEARTBEAT,
        ApiKey.DESCRIBE_GROUPS,
        ApiKey.LIST_GROUPS,
    ],
    ids=lambda k: k.name,
)
def test_hot_handlers_answer_at_once(key):
    assert not inspect.iscoroutinefunction(HANDLERS[key])

"""The handler table: a handler is a coroutine function only if it can wait.

broker/server.py answers a plain handler's dict in the same pass as the frame it read, and gives
a coroutine its own task; an `async def` handler that never awaits pays for a task per request
for nothing.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from broker.apis import HANDLERS
from protocol.apis import ApiKey

ROOT = Path(__file__).resolve().parents[3]


def _definition(fn) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """The handler's `def` in its module's source. Read from the file, not with inspect: a
    handler compiled with mypyc (protocol/native.py's COMPILED) is a builtin, with no source
    object, and inspect does not see it as a coroutine function."""
    path = ROOT.joinpath(*fn.__module__.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text())
    return next(
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == fn.__name__
    )


def _waits(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Await | ast.AsyncFor | ast.AsyncWith) for n in ast.walk(node))


@pytest.mark.parametrize("key", sorted(HANDLERS), ids=lambda k: ApiKey(k).name)
def test_a_handler_is_async_only_if_it_waits(key):
    fn = HANDLERS[key]
    node = _definition(fn)
    assert isinstance(node, ast.AsyncFunctionDef) == _waits(node), f"{fn.__module__}.{fn.__name__}"
    if inspect.isfunction(fn):  # interpreted: the object agrees with its source
        assert inspect.iscoroutinefunction(fn) == isinstance(node, ast.AsyncFunctionDef)


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
    assert isinstance(_definition(HANDLERS[key]), ast.FunctionDef)

"""Drive group_agent.py processes from an asyncio test: spawn, watch assignments, commit,
fetch, close or kill, and wait (with a deadline) for the group to settle."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import time
from typing import Any

from tests.helpers import ROOT


class Agent:
    def __init__(self, name: str, proc: asyncio.subprocess.Process):
        self.name = name
        self.proc = proc
        self.events: list[dict[str, Any]] = []
        self.assignments: list[list[int]] = []  # every assignment it was given, in order
        self._changed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def spawn(
        cls,
        client: str,
        bootstrap: str,
        group: str,
        topic: str,
        *,
        name: str = "",
        instance: str | None = None,
        session_ms: int = 2000,
        heartbeat_ms: int = 200,
        assignor: str = "range",
    ) -> Agent:
        args = [
            sys.executable,
            "-m",
            "tests.interop.group_agent",
            client,
            bootstrap,
            group,
            topic,
            "--session-ms",
            str(session_ms),
            "--heartbeat-ms",
            str(heartbeat_ms),
            "--assignor",
            assignor,
            "--client-id",
            name or client,
        ]
        if instance:
            args += ["--instance", instance]
        # KBROKER_AGENT_LOGS=DIR keeps each agent's client debug log in DIR/<name>-<ns>.log
        log_dir = os.environ.get("KBROKER_AGENT_LOGS")
        log_path = os.devnull
        if log_dir:
            os.makedirs(log_dir, exist_ok=True)
            log_path = os.path.join(log_dir, f"{name or client}-{time.time_ns()}.log")
        with open(log_path, "wb") as stderr:
            proc = await asyncio.create_subprocess_exec(
                *args, cwd=ROOT, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=stderr
            )
        return cls(name or client, proc)

    def __repr__(self) -> str:
        return f"Agent({self.name}, {self.assignment})"

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while True:
            line = await self.proc.stdout.readline()
            if not line:
                self._changed.set()
                return
            event = json.loads(line)
            self.events.append(event)
            if event["event"] == "assigned":
                self.assignments.append(event["partitions"])
            self._changed.set()

    @property
    def assignment(self) -> list[int] | None:
        return self.assignments[-1] if self.assignments else None

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None

    async def send(self, **cmd: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(cmd) + "\n").encode())
        await self.proc.stdin.drain()

    async def expect(self, event: str, timeout: float = 20.0) -> dict[str, Any]:
        """The next `event` after now."""
        start = len(self.events)
        deadline = time.monotonic() + timeout
        while True:
            for e in self.events[start:]:
                if e["event"] == event:
                    return e
            if not self.alive and self._reader.done():
                raise AssertionError(f"{self.name} exited (code {self.proc.returncode}) before {event}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: no {event} within {timeout}s; events: {self.events[-5:]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    async def commit(self, offsets: dict[int, int]) -> None:
        await self.send(cmd="commit", offsets={str(p): o for p, o in offsets.items()})
        await self.expect("committed")

    async def fetch(self, partitions: list[int]) -> dict[int, int | None]:
        await self.send(cmd="fetch", partitions=partitions)
        event = await self.expect("offsets")
        return {int(p): o for p, o in event["offsets"].items()}

    async def close(self) -> None:
        await self.send(cmd="close")
        await self.expect("closed")
        await asyncio.wait_for(self.proc.wait(), 20)

    def kill(self) -> None:
        """Vanish without a LeaveGroup (SIGKILL)."""
        if self.alive:
            self.proc.kill()

    async def reap(self) -> None:
        self.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.proc.wait(), 10)
        self._reader.cancel()


def balanced(agents: list[Agent], partitions: int, since: dict[Agent, int] | None = None) -> bool:
    """Every agent holds an assignment (a new one since `since`); together they cover every
    partition exactly once."""
    if since is not None and any(len(a.assignments) <= since.get(a, 0) for a in agents):
        return False
    held = [a.assignment for a in agents]
    if any(h is None for h in held):
        return False
    flat = sorted(p for h in held for p in h)  # type: ignore[union-attr]
    return flat == list(range(partitions))


def marks(agents: list[Agent]) -> dict[Agent, int]:
    return {a: len(a.assignments) for a in agents}


async def wait_balanced(
    agents: list[Agent], partitions: int, since: dict[Agent, int] | None = None, timeout: float = 30.0
) -> float:
    """Wait until `balanced`; returns the seconds it took."""
    start = time.monotonic()
    while not balanced(agents, partitions, since):
        if time.monotonic() - start > timeout:
            raise TimeoutError(f"not balanced after {timeout}s: {agents}")
        dead = [a for a in agents if not a.alive]
        if dead:
            raise AssertionError(f"agents exited: {dead}")
        await asyncio.sleep(0.05)
    return time.monotonic() - start

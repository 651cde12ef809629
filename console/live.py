"""The live view's events: the broker's own stream when the cluster is a kbroker whose
`/group-events` is on (group.events.stream.enable), else events made up by polling the group's
description and diffing it (coarser: what happened between two polls is lost, and says so).

Both yield the same JSON objects (`kind`, `group`, `ts`, ...); the first one says which source
is in use (`{"kind": "mode", "mode": "stream" | "polling", "note": ...}`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote, urlsplit

from client import KafkaError
from console.cluster import ClusterView, ConsoleError, Group

Event = dict[str, Any]


async def stream_url(view: ClusterView, group_id: str, override: str | None) -> str | None:
    """The `/group-events` URL of the group's coordinator, if it publishes one."""
    if override:
        return override.rstrip("/") + "/group-events?group=" + quote(group_id)
    with contextlib.suppress(KafkaError, ConsoleError, TimeoutError, OSError):
        admin = await view.admin()
        node = await admin.client.find_coordinator(group_id)
        conf = await view.broker_config(
            node.node_id, ["group.events.stream.enable", "metrics.port", "metrics.host"]
        )
        if (conf.get("group.events.stream.enable") or "").lower() != "true":
            return None
        port = int(conf.get("metrics.port") or 0)
        if port <= 0:  # 0: a free port, which the broker does not tell; give --events-url
            return None
        host = conf.get("metrics.host") or node.host
        if host in ("0.0.0.0", "::", ""):
            host = node.host
        return f"http://{host}:{port}/group-events?group={quote(group_id)}"
    return None


async def open_stream(url: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """Connect to the broker's `/group-events` and read past its answer's headers."""
    parts = urlsplit(url)
    reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 80)
    path = parts.path + ("?" + parts.query if parts.query else "")
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    async with asyncio.timeout(5):
        status = await reader.readline()
        if b" 200 " not in status:
            writer.close()
            raise ConnectionError(f"it answered {status.decode().strip() or 'nothing'}")
        while (await reader.readline()).strip():  # the headers
            pass
    return reader, writer


async def broker_events(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> AsyncIterator[Event]:
    """Server-sent events from the broker, as dicts, until it closes the stream."""
    try:
        while line := await reader.readline():
            if line.startswith(b"data: "):
                yield json.loads(line[6:])
    finally:
        writer.close()


def diff(group_id: str, before: Group | None, after: Group | None) -> list[Event]:
    """What must have happened between two descriptions of a group (pure)."""
    now = int(time.time() * 1000)
    out: list[Event] = []

    def event(kind: str, **fields: Any) -> None:
        out.append({"ts": now, "kind": kind, "group": group_id, "polled": True, **fields})

    old = {m.member_id: m for m in before.members} if before else {}
    new = {m.member_id: m for m in after.members} if after else {}
    for mid in new.keys() - old.keys():
        event("member-joined", member=mid, client_id=new[mid].client_id, host=new[mid].host)
    for mid in old.keys() - new.keys():
        event("member-gone", member=mid, reason="left or expired (polling cannot tell which)")
    state_b = before.state if before else "Empty"
    state_a = after.state if after else "Dead"
    if state_a != state_b:
        event("transition", state=state_a, previous=state_b)
    if after is not None and before is not None and after.epoch != before.epoch and after.epoch is not None:
        event("epoch", epoch=after.epoch)
    assign_a = {m.member_id: m.assignment for m in after.members} if after else {}
    assign_b = {m.member_id: m.assignment for m in before.members} if before else {}
    if assign_a != assign_b and any(assign_a.values()):
        event("assignment", assignment=assign_a)
    return out


async def polled_events(view: ClusterView, group_id: str, interval: float = 1.0) -> AsyncIterator[Event]:
    before: Group | None = None
    first = True
    while True:
        try:
            after: Group | None = await view.group(group_id)
        except ConsoleError:
            after = None
        if first:
            first = False
        else:
            for e in diff(group_id, before, after):
                yield e
        before = after
        await asyncio.sleep(interval)


async def events(view: ClusterView, group_id: str, override: str | None) -> AsyncIterator[Event]:
    url = await stream_url(view, group_id, override)
    if url is not None:
        try:
            reader, writer = await open_stream(url)
        except (OSError, TimeoutError) as e:
            yield {
                "kind": "mode",
                "mode": "polling",
                "note": f"the broker's event stream failed ({e}): polling",
            }
        else:
            yield {"kind": "mode", "mode": "stream", "note": f"live from the broker's event stream ({url})"}
            async for event in broker_events(reader, writer):
                yield event
            return
    else:
        yield {
            "kind": "mode",
            "mode": "polling",
            "note": "polling the group's description every second (coarser: steps between two polls are "
            "not seen); a kbroker with group.events.stream.enable=true and metrics.port set streams them",
        }
    async for polled in polled_events(view, group_id):
        yield polled


class LagHistory:
    """A group's total lag over time, as sampled when its page asks (in memory, bounded)."""

    def __init__(self, size: int = 120) -> None:
        self.size = size
        self.samples: dict[str, deque[tuple[int, int]]] = {}

    def add(self, group_id: str, total: int) -> list[tuple[int, int]]:
        q = self.samples.setdefault(group_id, deque(maxlen=self.size))
        q.append((int(time.time() * 1000), total))
        return list(q)

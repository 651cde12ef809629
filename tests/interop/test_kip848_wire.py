"""Incremental reconciliation observed on the wire: confluent-kafka members (group.protocol=consumer)
reach the broker through a recording proxy (the broker advertises the proxy's address), which
decodes every ConsumerGroupHeartbeat request (what the member says it owns) and response (what it
may own now). Replayed in order, no partition is ever held by two members — a member holds what it
was last given plus what it last said it owns, until it says it released it — and when a fourth
member joins, only the partitions that move to it are taken from the others."""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from broker.broker import Broker
from protocol.apis import ApiKey
from protocol.frames import decode_request, decode_response
from tests.helpers import async_wait_until, broker_config, free_port
from tests.interop.test_groups import make_topic
from tests.interop.test_kip848 import PARTITIONS, kip848_config, spawn

pytestmark = pytest.mark.interop
HB = ApiKey.CONSUMER_GROUP_HEARTBEAT


class HeartbeatRecorder:
    """A TCP proxy in front of the broker that records ConsumerGroupHeartbeat traffic."""

    def __init__(self, upstream_port: int):
        self.upstream_port = upstream_port
        self.events: list[dict[str, Any]] = []
        self.server: asyncio.Server | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self, port: int) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", port)

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for t in list(self.tasks):
            t.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        sent: dict[int, tuple[int, str]] = {}  # correlation id -> (version, member id) of heartbeats
        tasks = [
            asyncio.create_task(self._requests(reader, up_writer, sent)),
            asyncio.create_task(self._responses(up_reader, writer, sent)),
        ]
        self.tasks.update(tasks)
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in tasks:
            t.cancel()
        for w in (writer, up_writer):
            w.close()

    @staticmethod
    async def _frame(reader: asyncio.StreamReader) -> bytes:
        size = int.from_bytes(await reader.readexactly(4), "big")
        return await reader.readexactly(size)

    async def _requests(self, reader: asyncio.StreamReader, up: asyncio.StreamWriter, sent: dict) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                frame = await self._frame(reader)
                self.on_request(frame, sent)
                up.write(len(frame).to_bytes(4, "big") + frame)
                await up.drain()

    async def _responses(self, up: asyncio.StreamReader, writer: asyncio.StreamWriter, sent: dict) -> None:
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            while True:
                frame = await self._frame(up)
                cid = int.from_bytes(frame[:4], "big")
                if cid in sent:
                    self.on_response(frame, sent.pop(cid))
                writer.write(len(frame).to_bytes(4, "big") + frame)
                await writer.drain()

    def on_request(self, frame: bytes, sent: dict) -> None:
        """Record a request; what `sent[correlation id]` holds comes back to `on_response`."""
        if int.from_bytes(frame[:2], "big") == HB:
            header, body = decode_request(frame)
            sent[header.correlation_id] = (HB, header.api_version, body.member_id)
            owned = body.topic_partitions
            self.events.append(
                {
                    "t": time.monotonic(),
                    "dir": "request",
                    "member": body.member_id,
                    "epoch": body.member_epoch,
                    "owned": None
                    if owned is None
                    else {(tp.topic_id, p) for tp in owned for p in tp.partitions},
                }
            )

    def on_response(self, frame: bytes, request: tuple[int, int, str]) -> None:
        api, version, member = request
        _, body = decode_response(frame, api, version)
        a = body.assignment
        self.events.append(
            {
                "t": time.monotonic(),
                "dir": "response",
                "member": body.member_id or member,
                "error": body.error_code,
                "epoch": body.member_epoch,
                "given": None
                if a is None
                else {(tp.topic_id, p) for tp in a.topic_partitions for p in tp.partitions},
            }
        )


def proxied_broker(tmp_path: Path, broker_port: int, proxy_port: int, **config: str) -> Broker:
    """A broker with KIP848_PROPERTIES whose clients are sent to the recording proxy's port."""
    return Broker(
        broker_config(
            tmp_path / "data",
            broker_port,
            advertised_listeners=f"PLAINTEXT://127.0.0.1:{proxy_port}",
            **kip848_config(),
            **config,
        )
    )


def replay_never_two_holders(events: list[dict[str, Any]]) -> dict[str, set[Any]]:
    """Each member holds what it was last given plus what it last said it owns; a leave (epoch
    -1) empties it. Asserts disjointness after every event; returns the final holdings."""
    given: dict[str, set[Any]] = {}
    reported: dict[str, set[Any]] = {}
    for i, e in enumerate(events):
        m = e["member"]
        if e["dir"] == "request":
            if e["epoch"] in (-1, -2):
                given[m], reported[m] = set(), set()
            elif e["owned"] is not None:
                reported[m] = e["owned"]
        elif e["error"] == 0 and e["given"] is not None:
            given[m] = e["given"]
        seen: dict[Any, str] = {}
        for member in set(given) | set(reported):
            for tp in given.get(member, set()) | reported.get(member, set()):
                assert tp not in seen, f"event {i}: {tp} held by {seen[tp]} and {member}"
                seen[tp] = member
    return {m: given.get(m, set()) for m in given}


async def test_incremental_reconciliation_on_the_wire(tmp_path) -> None:
    broker_port, proxy_port = free_port(), free_port()
    broker = proxied_broker(tmp_path, broker_port, proxy_port)
    await broker.start()
    proxy = HeartbeatRecorder(broker_port)
    await proxy.start(proxy_port)
    agents = []
    try:
        bootstrap = f"127.0.0.1:{proxy_port}"
        topic, group = f"wire-{uuid.uuid4().hex[:6]}", f"g-{uuid.uuid4().hex[:6]}"
        await make_topic(bootstrap, topic, PARTITIONS, 1)

        def settled(n: int) -> bool:
            g = broker.groups.runtime_for(group).shard.consumer_groups.groups.get(group)
            return (
                g is not None
                and len(g.members) == n
                and str(g.state) == "Stable"
                and all(a.assignment for a in agents)
                and sorted(p for a in agents for p in a.assignment) == list(range(PARTITIONS))
            )

        for i in range(3):
            agents.append(await spawn("confluent", bootstrap, group, topic, f"w{i}"))
        await async_wait_until(lambda: settled(3), 30, what="3 members stable")
        before = replay_never_two_holders(list(proxy.events))
        mark = len(proxy.events)
        agents.append(await spawn("confluent", bootstrap, group, topic, "w3"))
        await async_wait_until(lambda: settled(4), 30, what="4 members stable")
        after = replay_never_two_holders(list(proxy.events))
        newcomer = next(m for m in after if m not in before)
        taken = set().union(*(before[m] - after[m] for m in before))
        assert taken == after[newcomer] and len(taken) == PARTITIONS // 4
        for m in before:
            assert after[m] <= before[m], "a member was given partitions when one joined"
        # Revocations happened on the wire: some member was told to give up partitions, then said
        # it no longer owned them, before the newcomer got them.
        later = proxy.events[mark:]
        assert any(e["dir"] == "response" and e["given"] is not None and e["member"] in before for e in later)
        leaving = agents.pop(0)
        await leaving.close()
        await leaving.reap()
        await async_wait_until(lambda: settled(3), 30, what="one left")
        replay_never_two_holders(list(proxy.events))
        assert sum(1 for e in proxy.events if e["dir"] == "request") > 20
    finally:
        for a in agents:
            await a.reap()
        await proxy.stop()
        await broker.stop()

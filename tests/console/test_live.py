"""Must show 2 of the console (issue 33): the live view of a group, fed by the broker's
/group-events stream (group.events.stream.enable, found by the console through DescribeConfigs).

A group of three aiokafka members (one of them a separate process), a fourth joins, the process is
killed with SIGKILL; the page, never reloaded, shows in order the join of the fourth, the
rebalance with its generation bump, the expiry of the killed member and the final assignment.
Screenshots of each step are kept in build/test-artifacts/console/.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiokafka
import pytest
import pytest_asyncio

from kbroker.testing import EmbeddedBroker
from tests.console.support import ROOT, browser_page, screenshot, serve_console
from tests.helpers import async_wait_until, free_port

pytestmark = pytest.mark.asyncio(loop_scope="module")

TOPIC, GROUP, PARTITIONS = "live-orders", "live-group", 6
SESSION_MS = 3000  # the killed member expires this long after its last heartbeat

MEMBER = """
import asyncio, sys, aiokafka
async def main(bootstrap):
    c = aiokafka.AIOKafkaConsumer({topic!r}, bootstrap_servers=bootstrap, group_id={group!r},
        client_id="live-3", session_timeout_ms={session}, heartbeat_interval_ms=300)
    await c.start()
    while True:
        await c.getmany(timeout_ms=200)
asyncio.run(main(sys.argv[1]))
"""


def _consumer(bootstrap: str, client_id: str) -> aiokafka.AIOKafkaConsumer:
    return aiokafka.AIOKafkaConsumer(
        TOPIC,
        bootstrap_servers=bootstrap,
        group_id=GROUP,
        client_id=client_id,
        session_timeout_ms=10_000,
        heartbeat_interval_ms=300,
    )


async def _poll(consumer: aiokafka.AIOKafkaConsumer) -> None:
    while True:
        await consumer.getmany(timeout_ms=200)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def broker() -> AsyncIterator[EmbeddedBroker]:
    async with EmbeddedBroker(metrics_port=free_port(), group_events_stream_enable=True) as b:
        yield b


async def _events(page: Any) -> list[dict[str, Any]]:
    return list(
        await page.eval_on_selector_all(
            "#events li",
            "lis => lis.map(li => ({kind: li.dataset.kind, member: li.dataset.member || null,"
            " generation: li.dataset.generation ? Number(li.dataset.generation) : null,"
            " assignment: li.dataset.assignment ? JSON.parse(li.dataset.assignment) : null}))",
        )
    )


async def _members(broker: EmbeddedBroker) -> dict[str, str]:
    """client id -> member id of the group's members now."""
    desc = await broker.aio.describe_group(GROUP)
    return {m.client_id: m.member_id for m in desc.members}


async def _stable_with(broker: EmbeddedBroker, clients: set[str]) -> bool:
    desc = await broker.aio.describe_group(GROUP)
    return (
        desc.state == "Stable"
        and {m.client_id for m in desc.members} == clients
        and sum(len(m.assignment) for m in desc.members) == PARTITIONS
    )


async def test_live_view_shows_join_rebalance_expiry_and_final_assignment(broker: EmbeddedBroker) -> None:
    bootstrap = broker.bootstrap_servers
    await broker.aio.create_topic(TOPIC, PARTITIONS)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        MEMBER.format(topic=TOPIC, group=GROUP, session=SESSION_MS),
        bootstrap,
        cwd=ROOT,
    )
    consumers = [_consumer(bootstrap, f"live-{i}") for i in (1, 2)]
    pollers: list[asyncio.Task[None]] = []
    try:
        for c in consumers:
            await c.start()
            pollers.append(asyncio.create_task(_poll(c)))
        await async_wait_until(lambda: _stable_with(broker, {"live-1", "live-2", "live-3"}), timeout=30)

        async with serve_console(bootstrap) as url, browser_page() as page:
            await page.goto(f"{url}/groups/{GROUP}/live")
            await page.wait_for_selector('#mode[data-mode="stream"]', timeout=10_000)
            assert "Live" in await page.locator("#mode").inner_text()
            await page.wait_for_selector("#live-members tr.live-member")

            fourth = _consumer(bootstrap, "live-4")
            consumers.append(fourth)
            await fourth.start()
            pollers.append(asyncio.create_task(_poll(fourth)))
            await async_wait_until(
                lambda: _stable_with(broker, {"live-1", "live-2", "live-3", "live-4"}), timeout=30
            )
            ids = await _members(broker)
            await page.wait_for_function(
                "id => [...document.querySelectorAll('#events li.ev-assignment')]"
                ".some(li => Object.keys(JSON.parse(li.dataset.assignment)).includes(id))",
                arg=ids["live-4"],
                timeout=10_000,
            )
            await screenshot(page, "live-joined")

            proc.send_signal(signal.SIGKILL)
            await proc.wait()
            killed = ids["live-3"]
            survivors = sorted(ids[c] for c in ("live-1", "live-2", "live-4"))
            await page.wait_for_function(
                "([killed, n]) => { const lis = [...document.querySelectorAll('#events li')];"
                " const i = lis.findIndex(li => li.dataset.kind === 'member-expired' && li.dataset.member === killed);"
                " return i >= 0 && lis.slice(i).some(li => li.dataset.kind === 'assignment'"
                " && Object.keys(JSON.parse(li.dataset.assignment)).length === n); }",
                arg=[killed, 3],
                timeout=SESSION_MS + 15_000,
            )
            events = await _events(page)
            # Nothing was reloaded: the list began with this page and holds every step, in order.
            kinds = [e["kind"] for e in events]
            join = next(
                i
                for i, e in enumerate(events)
                if e["kind"] == "member-joined" and e["member"] == ids["live-4"]
            )
            bump = next(i for i, e in enumerate(events) if i > join and e["kind"] == "generation")
            gen_join = events[bump]["generation"]
            expiry = next(
                i for i, e in enumerate(events) if e["kind"] == "member-expired" and e["member"] == killed
            )
            final = max(i for i, e in enumerate(events) if e["kind"] == "assignment")
            assert join < bump < expiry < final, kinds
            # The rebalance of the join: PreparingRebalance, then the next generation.
            assert "transition" in kinds[join:bump]
            bump_after = next(i for i, e in enumerate(events) if i > expiry and e["kind"] == "generation")
            assert events[bump_after]["generation"] == gen_join + 1
            last = events[final]["assignment"]
            assert sorted(last) == survivors
            assert sorted(p for ps in last.values() for p in ps) == sorted(
                f"{TOPIC}-{p}" for p in range(PARTITIONS)
            )
            # The members table beside it ends with the three survivors.
            await page.wait_for_function(
                "n => document.querySelectorAll('#live-members tr.live-member').length === n", arg=3
            )
            assert await page.locator("#machine li.current").inner_text() == "Stable"
            await screenshot(page, "live-final")
    finally:
        for t in pollers:
            t.cancel()
        await asyncio.gather(*pollers, return_exceptions=True)
        for c in consumers:
            await c.stop()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_stream_off_means_404_and_polling(broker: EmbeddedBroker) -> None:
    """A kbroker whose stream is off answers 404 at /group-events; the console polls and says so."""
    async with EmbeddedBroker(metrics_port=free_port()) as off:
        reader, writer = await asyncio.open_connection("127.0.0.1", int(off.broker.config["metrics.port"]))
        writer.write(b"GET /group-events HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        assert (await reader.readline()).startswith(b"HTTP/1.1 404")
        writer.close()
        await off.aio.create_topic("polled", 1)
        await off.aio.produce("polled", [b"x"])
        await off.aio.consume_all("polled", group="polled-group")
        async with serve_console(off.bootstrap_servers) as url:
            reader, writer = await asyncio.open_connection("127.0.0.1", int(url.rsplit(":", 1)[1]))
            writer.write(b"GET /api/groups/polled-group/events HTTP/1.1\r\nHost: x\r\n\r\n")
            await writer.drain()
            async with asyncio.timeout(10):
                while not (line := await reader.readline()).startswith(b"data: "):
                    assert line
            first = json.loads(line[6:])
            writer.close()
        assert first["kind"] == "mode" and first["mode"] == "polling"
        assert "coarser" in first["note"]

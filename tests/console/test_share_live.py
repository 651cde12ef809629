"""The live view of a share group (issue 33): the share-partitions' events on the broker's
/group-events stream, drawn without a reload.

Two AsyncShareConsumers in one share group read one partition; whichever first gets a record
RELEASEs it, the record is delivered again (delivery count 2) and accepted. The page, opened
before the records exist, shows the RELEASE, the redelivery with its delivery count and member,
the member's redelivery count, and the partition's in-flight window back to empty.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

from client import AcknowledgeType, AsyncShareConsumer
from kbroker.testing import EmbeddedBroker
from tests.console.support import browser_page, screenshot, serve_console
from tests.helpers import async_wait_until, free_port

TOPIC, GROUP = "share-live", "share-live-group"
SHARE = {
    "group.share.enable": "true",
    "group.share.min.heartbeat.interval.ms": "100",
    "group.share.heartbeat.interval.ms": "200",
    "group.share.min.session.timeout.ms": "1000",
    "group.share.session.timeout.ms": "3000",
    "group.events.stream.enable": "true",
}


@pytest.fixture
async def broker() -> AsyncIterator[EmbeddedBroker]:
    async with EmbeddedBroker(SHARE, metrics_port=free_port()) as b:
        yield b


async def _events(page: Any) -> list[dict[str, Any]]:
    return list(
        await page.eval_on_selector_all(
            "#events li",
            "lis => lis.map(li => ({kind: li.dataset.kind, member: li.dataset.member || null,"
            " count: li.dataset.deliveryCount ? Number(li.dataset.deliveryCount) : null,"
            " records: li.dataset.records ? JSON.parse(li.dataset.records) : null,"
            " acks: li.dataset.acks ? JSON.parse(li.dataset.acks) : null}))",
        )
    )


async def test_share_group_live_view_shows_a_redelivery(broker: EmbeddedBroker) -> None:
    await broker.aio.create_topic(TOPIC, 1)
    # share.auto.offset.reset=earliest for the group (as a GROUP config would set it)
    broker.broker.share_partitions.group_configs[GROUP] = {"share.auto.offset.reset": "earliest"}
    members = [
        AsyncShareConsumer(
            TOPIC,
            group_id=GROUP,
            bootstrap_servers=broker.bootstrap_servers,
            share_acknowledgement_mode="explicit",
        )
        for _ in range(2)
    ]
    released: list[tuple[str, int]] = []  # (member id, offset)
    got: list[tuple[str, int, int]] = []  # (member id, offset, delivery count)

    async def run(c: AsyncShareConsumer) -> None:
        while True:
            records = [r for rs in (await c.getmany(timeout_ms=200)).values() for r in rs]
            for r in records:
                got.append((c.member_id, r.offset, r.delivery_count))
                if not released and r.delivery_count == 1:
                    released.append((c.member_id, r.offset))
                    c.acknowledge(r, AcknowledgeType.RELEASE)
                else:
                    c.acknowledge(r, AcknowledgeType.ACCEPT)
            if records:
                await c.commit()

    for c in members:
        await c.start()
    tasks = [asyncio.create_task(run(c)) for c in members]
    try:
        for c in members:
            await c.wait_for_assignment(15)
        async with serve_console(broker.bootstrap_servers) as url, browser_page() as page:
            await page.goto(f"{url}/groups/{GROUP}/live")
            await page.wait_for_selector('#mode[data-mode="stream"]', timeout=10_000)
            await page.wait_for_function(
                "() => document.querySelectorAll('#live-members tr.live-member').length === 2"
            )
            await broker.aio.produce(TOPIC, ["a", "b", "c"])
            await async_wait_until(lambda: any(n == 2 for _, _, n in got), timeout=30)
            (releaser, offset) = released[0]
            again = next(m for m, o, n in got if o == offset and n == 2)
            # The redelivery: its member and delivery count, on the page that was never reloaded.
            await page.wait_for_selector("#events li.ev-share-redelivered", timeout=10_000)
            await async_wait_until(
                lambda: _settled(broker), timeout=15
            )  # all three accepted: nothing in flight
            await page.wait_for_function(
                "() => [...document.querySelectorAll('#share-partitions tr.share-partition')]"
                ".some(tr => tr.dataset.inFlight === '0')",
                timeout=10_000,
            )
            events = await _events(page)
            kinds = [e["kind"] for e in events]
            redelivered = [e for e in events if e["kind"] == "share-redelivered"]
            assert [(e["member"], e["count"], e["records"]) for e in redelivered] == [
                (again, 2, [[offset, offset]])
            ], kinds
            release = next(
                i
                for i, e in enumerate(events)
                if e["kind"] == "share-acknowledged"
                and e["member"] == releaser
                and [offset, offset, "RELEASE"] in e["acks"]
            )
            first_acquire = next(
                i
                for i, e in enumerate(events)
                if e["kind"] == "share-acquired"
                and any(a <= offset <= b and n == 1 for a, b, n in e["records"])
            )
            assert first_acquire < release < kinds.index("share-redelivered")
            accepted = sum(
                b - a + 1
                for e in events
                if e["kind"] == "share-acknowledged"
                for a, b, t in e["acks"]
                if t == "ACCEPT"
            )
            assert accepted == 3
            row = page.locator(f'#share-members tr.share-member[data-member="{again}"]')
            assert await row.locator("td.redelivered").inner_text() == "1"
            li = page.locator("#events li.ev-share-redelivered")
            assert "delivery_count=2" in await li.inner_text()
            assert json.loads(await li.get_attribute("data-records") or "[]") == [[offset, offset]]
            await screenshot(page, "share-live")
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for c in members:
            await c.close()


async def _settled(broker: EmbeddedBroker) -> bool:
    entries = list(broker.broker.share_partitions.partitions.values())
    return bool(entries) and all(e.share.start_offset == e.share.end_offset == 3 for e in entries)

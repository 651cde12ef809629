"""Must show 1 and 4 of the console (issue 33), in a real browser: Playwright driving Debian's
Chromium against kbroker-console served in this module's event loop, over an embedded kbroker.

- the topics page lists a topic made here, with its partitions;
- the message browser shows a produced record's key, value and headers (and produces one);
- a group's page shows three aiokafka members and their partition x member grid;
- resetting a group's offsets, dry run then execute, changes what
  `kbroker-consumer-groups --describe` prints;
- bad input (an offset past the end, a malformed reset, an unreachable cluster) gives a clear
  message on the page, never a stack trace.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from typing import Any

import aiokafka
import pytest
import pytest_asyncio

from client import AsyncAdmin, AsyncConsumer, AsyncProducer
from kbroker.testing import EmbeddedBroker
from tests.console.support import ROOT, browser_page, screenshot, serve_console
from tests.helpers import async_wait_until, free_port

pytestmark = pytest.mark.asyncio(loop_scope="module")


class Env:
    def __init__(self, broker: EmbeddedBroker, url: str, page: Any):
        self.broker = broker
        self.url = url
        self.page = page


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def env() -> AsyncIterator[Env]:
    async with (
        EmbeddedBroker() as broker,
        serve_console(broker.bootstrap_servers) as url,
        browser_page() as page,
    ):
        yield Env(broker, url, page)


async def _no_trace(page: Any) -> None:
    body = await page.content()
    assert "Traceback" not in body and 'File "' not in body


async def test_topics_page_lists_a_new_topic_and_its_partitions(env: Env) -> None:
    await env.broker.aio.create_topic("console-orders", 5)
    await env.page.goto(env.url + "/")
    await env.page.click("text=Topics")
    row = env.page.locator('#topics tr[data-topic="console-orders"]')
    assert await row.locator("td.partitions").inner_text() == "5"
    await row.locator("a").first.click()
    rows = env.page.locator("#partitions tr")
    assert await rows.count() == 1 + 5  # the header and one row per partition
    assert "console-orders" in await env.page.locator("h1").inner_text()
    await screenshot(env.page, "topic")


async def test_message_browser_shows_key_value_and_headers(env: Env) -> None:
    await env.broker.aio.create_topic("console-messages", 2)
    async with AsyncProducer(env.broker.bootstrap_servers) as producer:
        for i in range(3):
            await producer.send_and_wait("console-messages", f"filler {i}".encode(), partition=1)
        meta = await producer.send_and_wait(
            "console-messages",
            b'{"order": 42, "total": 9.5}',
            b"order-42",
            partition=1,
            headers=[("trace-id", b"abc123"), ("source", b"console-test")],
        )
    page = env.page
    await page.goto(
        f"{env.url}/topics/console-messages/messages?partition=1&offset={meta.offset}&format=json"
    )
    record = page.locator(f'#records tr.record[data-offset="{meta.offset}"]')
    assert await record.locator("td.key").inner_text() == "order-42"
    assert '"order": 42' in await record.locator("td.value").inner_text()
    headers = await record.locator("td.headers").inner_text()
    assert "trace-id=abc123" in headers and "source=console-test" in headers
    await screenshot(page, "messages")

    # Search within the range, then produce a test record from the page.
    await page.goto(f"{env.url}/topics/console-messages/messages?partition=1&offset=0&search=filler%201")
    assert await page.locator("#records tr.record").count() == 1
    await page.fill('#produce input[name="partition"]', "0")
    await page.fill('#produce input[name="key"]', "from-the-page")
    await page.fill('#produce textarea[name="value"]', "hello console")
    await page.fill('#produce textarea[name="headers"]', "made-by=playwright")
    await page.click("#produce button")
    await page.wait_for_selector("#note")
    assert "Produced to console-messages-0 at offset 0" in await page.locator("#note").inner_text()
    made = page.locator('#records tr.record[data-offset="0"]')
    assert await made.locator("td.key").inner_text() == "from-the-page"
    assert await made.locator("td.value").inner_text() == "hello console"
    assert "made-by=playwright" in await made.locator("td.headers").inner_text()


async def test_group_page_shows_three_members_and_their_grid(env: Env) -> None:
    await env.broker.aio.create_topic("console-grid", 6)
    consumers = [
        aiokafka.AIOKafkaConsumer(
            "console-grid",
            bootstrap_servers=env.broker.bootstrap_servers,
            group_id="console-grid-group",
            client_id=f"grid-member-{i}",
            heartbeat_interval_ms=300,
        )
        for i in range(3)
    ]
    try:
        for c in consumers:
            await c.start()
        await async_wait_until(
            lambda: (
                sum(len(c.assignment()) for c in consumers) == 6 and all(c.assignment() for c in consumers)
            ),
            timeout=20,
        )
        page = env.page
        await page.goto(env.url + "/groups")
        await page.click('#groups tr[data-group="console-grid-group"] a >> nth=0')
        assert await page.locator("#state").inner_text() == "Stable"
        assert await page.locator("#members tr.member").count() == 3
        clients = await page.locator("#members tr.member td:nth-child(3)").all_inner_texts()
        assert sorted(clients) == ["grid-member-0", "grid-member-1", "grid-member-2"]
        # The grid: a row per partition, a column per member, each partition held by exactly one.
        assert await page.locator("#grid tr").count() == 1 + 6
        assert await page.locator("#grid tr:first-child th").count() == 1 + 3
        for row in range(2, 8):
            assert await page.locator(f"#grid tr:nth-child({row}) td.held").count() == 1
        held = [await page.locator(f"#grid td.held:nth-child({col})").count() for col in (2, 3, 4)]
        assert held == [2, 2, 2]  # range over 6 partitions and 3 members
        await page.wait_for_function("document.querySelector('#lag-chart polyline') !== null")
        await screenshot(page, "group")
    finally:
        for c in consumers:
            await c.stop()


async def _describe(bootstrap: str, group: str) -> str:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.cli.consumer_groups",
        "--bootstrap-server",
        bootstrap,
        "--describe",
        "--group",
        group,
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return out.decode()


def _current_offsets(table: str) -> dict[int, str]:
    """PARTITION -> CURRENT-OFFSET from the --describe table."""
    lines = table.strip().splitlines()
    header = lines[0].split()
    p, c = header.index("PARTITION"), header.index("CURRENT-OFFSET")
    return {int(cols[p]): cols[c] for cols in (line.split() for line in lines[1:])}


async def test_reset_offsets_dry_run_then_execute(env: Env) -> None:
    bootstrap, group = env.broker.bootstrap_servers, "console-reset-group"
    await env.broker.aio.create_topic("console-reset", 2)
    await env.broker.aio.produce("console-reset", [f"r{i}".encode() for i in range(10)])
    records = await env.broker.aio.consume_all("console-reset", group=group)
    assert len(records) == 10  # committed at the end of both partitions; the group is now empty
    before = _current_offsets(await _describe(bootstrap, group))
    assert sum(int(v) for v in before.values()) == 10

    page = env.page
    await page.goto(f"{env.url}/groups/{group}")
    await page.select_option('#reset select[name="topic"]', "console-reset")
    await page.select_option('#reset select[name="scenario"]', "earliest")
    await page.click('#reset button[value="dry-run"]')
    assert "Dry run" in await page.locator("#reset-result").inner_text()
    assert await page.locator("#reset-rows tr").count() == 1 + 2
    assert _current_offsets(await _describe(bootstrap, group)) == before  # nothing changed

    await page.select_option('#reset select[name="scenario"]', "earliest")
    await page.click('#reset button[value="execute"]')
    assert "Executed" in await page.locator("#reset-result").inner_text()
    after = _current_offsets(await _describe(bootstrap, group))
    assert after == {0: "0", 1: "0"}
    await screenshot(page, "reset")


async def test_bad_input_gives_a_clear_message(env: Env) -> None:
    page = env.page
    await env.broker.aio.create_topic("console-bad", 1)
    await env.broker.aio.produce("console-bad", [b"a", b"b", b"c"])

    # An offset past the end.
    response = await page.goto(f"{env.url}/topics/console-bad/messages?partition=0&offset=99")
    assert response is not None and response.status == 400
    assert (
        await page.locator("#error").inner_text()
        == "Offset 99 is past the end of console-bad-0: its records are at offsets 0..2."
    )
    await _no_trace(page)
    # A partition that is not there, an offset that is not a number.
    await page.goto(f"{env.url}/topics/console-bad/messages?partition=7&offset=0")
    assert "has no partition 7" in await page.locator("#error").inner_text()
    await page.goto(f"{env.url}/topics/console-bad/messages?partition=0&offset=ten")
    assert await page.locator("#error").inner_text() == "offset must be a whole number, not 'ten'"
    await _no_trace(page)

    # A malformed reset: a shift that is not a number, a date that is not one.
    group = "console-bad-group"
    await env.broker.aio.consume_all("console-bad", group=group)
    await page.goto(f"{env.url}/groups/{group}")
    await page.select_option('#reset select[name="scenario"]', "shift")
    await page.fill('#reset input[name="value"]', "minus two")
    await page.click('#reset button[value="execute"]')
    assert await page.locator("#error").inner_text() == "--shift-by needs a whole number, not 'minus two'"
    await page.select_option('#reset select[name="scenario"]', "datetime")
    await page.fill('#reset input[name="value"]', "yesterday")
    await page.click('#reset button[value="dry-run"]')
    assert "invalid date-time 'yesterday'" in await page.locator("#error").inner_text()
    await _no_trace(page)
    committed = await env.broker.aio.committed(group)
    assert list(committed.values()) == [3]  # nothing was reset

    # An unreachable cluster: a console for a port nobody listens on.
    async with serve_console(f"127.0.0.1:{free_port()}", timeout_ms=1500) as dead:
        for path in ("/", "/topics", "/groups/any"):
            response = await page.goto(dead + path)
            assert response is not None and response.status == 503
            text = await page.locator("#error").inner_text()
            assert text.startswith("The cluster at 127.0.0.1:") and "unreachable" in text
            await _no_trace(page)
        await screenshot(page, "unreachable")


async def test_kip848_group_shows_target_and_current_assignment(env: Env) -> None:
    """A KIP-848 (consumer protocol) group: its page shows each member's epoch, current and target
    assignment; its live view (polling here: the module's broker has no stream) says it polls."""
    await env.broker.aio.create_topic("console-848", 4)
    consumers = [
        AsyncConsumer(
            "console-848",
            bootstrap_servers=env.broker.bootstrap_servers,
            group_id="console-848-group",
            client_id=f"kip848-{i}",
            group_protocol="consumer",
        )
        for i in range(2)
    ]
    try:
        for c in consumers:
            await c.start()

        async def settled() -> bool:
            for c in consumers:
                await c.getmany(timeout_ms=50)
            return sum(len(c.assignment()) for c in consumers) == 4 and all(c.assignment() for c in consumers)

        await async_wait_until(settled, timeout=30)
        page = env.page
        await page.goto(f"{env.url}/groups/console-848-group")
        assert "Type consumer" in await page.locator("main p").first.inner_text()
        headers = await page.locator("#members tr:first-child th").all_inner_texts()
        assert "Epoch" in headers and "Target" in headers
        rows = page.locator("#members tr.member")
        assert await rows.count() == 2
        await page.wait_for_function("document.querySelectorAll('#grid td.held').length === 4")
        await page.goto(f"{env.url}/groups/console-848-group/live")
        await page.wait_for_selector('#mode[data-mode="polling"]')
        assert "coarser" in await page.locator("#mode").inner_text()
        await page.wait_for_selector("#live-members tr.live-member")
        assert await page.locator("#live-members tr.live-member").count() == 2
    finally:
        for c in consumers:
            await c.close()


async def test_transactions_page_shows_an_ongoing_transaction(env: Env) -> None:
    await env.broker.aio.create_topic("console-txn", 2)
    async with AsyncProducer(
        env.broker.bootstrap_servers, transactional_id="console-txn-id", transaction_timeout_ms=45_000
    ) as producer:
        await producer.init_transactions()
        await producer.begin_transaction()
        await producer.send_and_wait("console-txn", b"pending", partition=1)
        page = env.page
        await page.goto(env.url + "/")
        await page.click("text=Transactions")
        row = page.locator("#transactions tr", has_text="console-txn-id")
        cells = await row.locator("td").all_inner_texts()
        assert cells[3] == "Ongoing" and cells[5] == "45000 ms" and cells[6] == "console-txn-1"
        await producer.abort_transaction()


async def test_quotas_page_shows_client_quotas_set_by_the_admin_client(env: Env) -> None:
    async with AsyncAdmin(bootstrap_servers=env.broker.bootstrap_servers) as admin:
        await admin.alter_client_quotas(
            {
                (("user", "alice"), ("client-id", "loader")): {
                    "producer_byte_rate": 1048576,
                    "consumer_byte_rate": 2097152,
                },
                (("client-id", None),): {"request_percentage": 50},
            }
        )
    await env.page.goto(env.url + "/")
    await env.page.click("text=Quotas")
    alice = env.page.locator('#client-quotas tr.client-quota[data-entity="user=alice, client-id=loader"]')
    assert await alice.locator("td.producer_byte_rate").inner_text() == "1048576"
    assert await alice.locator("td.consumer_byte_rate").inner_text() == "2097152"
    assert await alice.locator("td.request_percentage").inner_text() == "-"
    default = env.page.locator('#client-quotas tr.client-quota[data-entity="client-id=<default>"]')
    assert await default.locator("td.request_percentage").inner_text() == "50"
    assert await default.locator("td.producer_byte_rate").inner_text() == "-"
    assert await env.page.locator("#client-quotas tr.client-quota").count() == 2
    await screenshot(env.page, "quotas")
    await _no_trace(env.page)

"""Must show 3 of the console (issue 33): against the librdkafka mock cluster (a Kafka-compatible
broker nobody here wrote, bundled with confluent-kafka) the console shows its topics, a group and
its lag, in polling mode.

The mock serves no ListGroups, DescribeGroups nor ConsumerGroupDescribe (see its ApiVersions): the
console says so on the groups page and, on the group's page, that members cannot be shown, and
still gives the committed offsets and lag (OffsetFetch, ListOffsets) and the polled live view.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request

from client import AsyncAdmin, AsyncProducer, TopicPartition
from tests.console.support import serve_console
from tests.interop.rdkafka_mock import MockCluster

TOPIC, GROUP = "mock-orders", "mock-group"


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


async def test_console_against_the_librdkafka_mock_cluster() -> None:
    with MockCluster(brokers=1) as mock:
        mock.set_initial_rebalance_delay_ms(0)
        mock.create_topic(TOPIC, 3)
        async with AsyncProducer(mock.bootstrap) as producer:
            for p in range(3):
                for i in range(5):
                    await producer.send_and_wait(TOPIC, f"m{p}-{i}".encode(), partition=p)
        # Committed: 2 of 5 on partition 0, 5 of 5 on 1, none on 2 (as an admin commits them:
        # the mock's group membership is not what this test is about).
        async with AsyncAdmin(mock.bootstrap) as admin:
            await admin.alter_group_offsets(GROUP, {TopicPartition(TOPIC, 0): 2, TopicPartition(TOPIC, 1): 5})
        if True:
            async with serve_console(mock.bootstrap, timeout_ms=5000) as url:
                status, html = await asyncio.to_thread(_get, url + "/topics")
                assert status == 200
                assert re.search(rf'data-topic="{TOPIC}".*?class="partitions">3<', html, re.S)

                status, html = await asyncio.to_thread(_get, url + "/groups")
                assert status == 200
                assert "This cluster does not serve ListGroups: open a group by its id." in html
                assert 'id="lookup"' in html

                status, html = await asyncio.to_thread(_get, f"{url}/groups/{GROUP}")
                assert status == 200, _text(html)
                text = _text(html)
                assert "Members are not shown: this cluster serves none of DescribeGroups" in text
                rows = re.findall(
                    r"<tr><td>mock-orders</td><td>(\d)</td><td>([\d-]+)</td><td>([\d-]+)</td>\s*<td>([\d-]+)</td>",
                    html,
                )
                assert sorted(rows) == [("0", "2", "5", "3"), ("1", "5", "5", "0")]

                status, body = await asyncio.to_thread(_get, f"{url}/api/groups/{GROUP}/lag")
                assert status == 200 and json.loads(body)["total"] == 3

                reader, writer = await asyncio.open_connection("127.0.0.1", int(url.rsplit(":", 1)[1]))
                writer.write(f"GET /api/groups/{GROUP}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                await writer.drain()
                async with asyncio.timeout(15):
                    while not (line := await reader.readline()).startswith(b"data: "):
                        assert line
                writer.close()
                mode = json.loads(line[6:])
                assert mode["kind"] == "mode" and mode["mode"] == "polling"

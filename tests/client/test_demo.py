"""`python -m client.demo` runs against a broker and narrates the group's life."""

from __future__ import annotations

import asyncio
import sys

from tests.helpers import ROOT


async def test_demo_narrates_joins_leaves_and_a_crash(broker) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "client.demo",
        "--bootstrap",
        f"127.0.0.1:{broker.bound_port}",
        "--session-ms",
        "1500",
        "--pace",
        "0.25",
        "--assignor",
        "cooperative-sticky",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 90)
    text = out.decode()
    assert proc.returncode == 0, text
    for line in (
        "consumer-A   assigned  [0, 1, 2, 3, 4, 5]",
        "consumer-B   leaves cleanly",
        "consumer-C   crashes",
        "consumer-D   joins the group",
        "committed offsets (lag)",
    ):
        assert line in text, text
    # every partition was committed up to the end: nothing lost, nothing left behind
    assert text.count("(lag 0)") == 6, text

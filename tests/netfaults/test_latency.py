"""Fixed latency on a link (tests/netfaults/delayer.py behind an iptables NFQUEUE rule, this
kernel having no `sch_netem`): the round trip measured through it rises by the delay set, only
on the link it is set on, and goes back when healed; and the cluster under rounds of it, with the
usual writers, committers and readers, shows the checker no anomaly."""

from __future__ import annotations

import random
import socket
import statistics
import subprocess
import sys
import time

import pytest

from tests.netfaults.harness import BROKER_PORT
from tests.netfaults.network import Network, why_not
from tests.netfaults.test_partitions import run_workload

pytestmark = [pytest.mark.interop, pytest.mark.slow, pytest.mark.timeout(600)]

DELAY_MS = 80
SAMPLES = 15
LISTEN = 7070
# Each side of a loaded two-core machine can add a few ms to a sample; the median of 15 rarely
# moves by more than this.
SLACK_MS = 20

_CONNECT_MS = """
import socket, statistics, sys, time
out = []
for _ in range({samples}):
    t = time.perf_counter()
    socket.create_connection(({host!r}, {port}), timeout=10).close()
    out.append((time.perf_counter() - t) * 1000)
print(statistics.median(out))
"""


@pytest.fixture
def network():
    why = why_not()
    if why:
        pytest.skip(f"no test network here: {why}")
    net = Network.create(["a", "b"])
    listeners = [
        subprocess.Popen(
            [
                *node.exec_prefix,
                sys.executable,
                "-c",
                "import socket\n"
                f"s = socket.create_server(('0.0.0.0', {LISTEN}), backlog=128)\n"
                "while True:\n    s.accept()[0].close()",
            ]
        )
        for node in net.nodes.values()
    ]
    try:
        yield net
    finally:
        for p in listeners:
            p.kill()
            p.wait()
        net.close()


def connect_ms(host: str, port: int = LISTEN) -> float:
    """The median time of a TCP connect (SYN out, SYN-ACK back: one round trip), in ms."""
    times = []
    deadline = time.monotonic() + 30
    while len(times) < SAMPLES:
        assert time.monotonic() < deadline, f"cannot connect to {host}:{port}"
        t = time.perf_counter()
        try:
            socket.create_connection((host, port), timeout=10).close()
        except ConnectionRefusedError:  # the listener not up yet
            time.sleep(0.05)
            continue
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def connect_ms_from(net: Network, source: str, target: str) -> float:
    code = _CONNECT_MS.format(samples=SAMPLES, host=net.nodes[target].address, port=LISTEN)
    out = subprocess.run(
        [*net.nodes[source].exec_prefix, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(out.stdout)


def test_latency_adds_the_delay_to_the_round_trip(network: Network):
    a, b = network.nodes["a"].address, network.nodes["b"].address
    base_a, base_b = connect_ms(a), connect_ms(b)
    network.latency("a", DELAY_MS)
    slow_a, still_b = connect_ms(a), connect_ms(b)
    assert DELAY_MS <= slow_a - base_a <= DELAY_MS + SLACK_MS, (base_a, slow_a)
    assert still_b - base_b < SLACK_MS, (base_b, still_b)  # another node's link is untouched
    network.heal()
    assert connect_ms(a) - base_a < SLACK_MS

    # On the link between two nodes only: b to a is slower, the clients to a are not.
    base_ba = connect_ms_from(network, "b", "a")
    network.latency("a", DELAY_MS, to=["b"])
    assert connect_ms(a) - base_a < SLACK_MS
    slow_ba = connect_ms_from(network, "b", "a")
    assert DELAY_MS <= slow_ba - base_ba <= DELAY_MS + SLACK_MS, (base_ba, slow_ba)
    print(
        f"\nlatency {DELAY_MS} ms: connect to a {base_a:.2f} -> {slow_a:.2f} ms, to b {base_b:.2f} -> "
        f"{still_b:.2f} ms; b to a with the delay on that link only {base_ba:.2f} -> {slow_ba:.2f} ms"
    )


async def test_rounds_of_latency_lose_nothing(make_netcluster):
    seed = random.randrange(1 << 30)
    c = make_netcluster()
    b1 = c.net.nodes["b1"].address
    base = connect_ms(b1, BROKER_PORT)
    c.net.latency("b1", 100)
    slow = connect_ms(b1, BROKER_PORT)
    c.net.heal()
    assert 100 <= slow - base <= 100 + SLACK_MS, (base, slow)
    report = await run_workload(c, 4, seed, faults=("latency",))
    assert report.ok and report.acknowledged > 200, report.summary()
    print(f"connect to broker 1: {base:.2f} ms, {slow:.2f} ms with 100 ms on its link")

"""A test network of our own: each node (ZooKeeper, every broker) in its own network namespace,
joined by a veth pair to one bridge in a namespace of its own (the hub); the test process (the
clients) is one more port of that bridge, from the namespace it runs in. Faults are nftables
rules inside the nodes' namespaces, so a cut between two nodes leaves every other path as it was.

Addresses come from 198.18.0.0/15, the range RFC 2544 sets aside for testing network devices: no
host of anyone's is there, and nothing routes out: the namespaces have no default route, the hub
no uplink, and in the test's own namespace the range is routed nowhere (an `unreachable` route,
left in place) but for the /24 of a network while it lives. Everything made here carries a name with the network's prefix and is removed by
`close()`, and a prefix left over by a killed run is removed when it is reused.

Latency and loss without `sch_netem` (this machine's kernel has none): loss is an nftables rule
`numgen random mod 100 < N drop`; a slow link is a token bucket (`tc qdisc ... tbf`, which the
kernel has) on the node's interface, whose queue is the delay: a bounded rate, not a fixed
latency. A fixed latency is user space's: an iptables rule in the node's namespace hands what
it sends on its link to NFQUEUE 0 there (the xtables target: the kernel has no nftables `queue`
statement, nor the `fq` qdisc that could pace by departure time), where tests/netfaults/
delayer.py holds each packet the set time before letting it go."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

TABLE = "kbnf"
ROOT = Path(__file__).resolve().parents[2]


def why_not() -> str | None:
    """Why this process cannot build a test network, or None when it can."""
    if os.geteuid() != 0:
        return "network namespaces need root (CAP_NET_ADMIN); this process is not root"
    for tool in ("ip", "nft", "tc", "iptables"):
        if shutil.which(tool) is None:
            return (
                f"`{tool}` is missing: tools/install_system_deps.sh installs iproute2, nftables and iptables"
            )
    probe = f"kbnfprobe{os.getpid() % 10000}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"cannot create a network namespace: {made.stderr.strip()}"
    try:
        nft = subprocess.run(
            ["ip", "netns", "exec", probe, "nft", "add", "table", "inet", TABLE],
            capture_output=True,
            text=True,
        )
        if nft.returncode != 0:
            return f"nftables does not work in a namespace here: {nft.stderr.strip()}"
    finally:
        subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(list(args), capture_output=True, text=True)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: {r.stderr.strip() or r.stdout.strip()}")
    return r


@dataclass(slots=True)
class Node:
    name: str
    netns: str
    address: str

    @property
    def exec_prefix(self) -> list[str]:
        return ["ip", "netns", "exec", self.netns]


@dataclass(slots=True)
class Network:
    """Nodes on one bridge; `cut`, `drop_from`, `lossy`, `slow` and `latency` put faults in,
    `heal` takes them all out. Every fault in force is kept in `faults` (for the history and the logs)."""

    prefix: str
    subnet: int  # the third octet: 198.18.<subnet>.0/24
    nodes: dict[str, Node] = field(default_factory=dict)
    faults: list[str] = field(default_factory=list)
    # node -> (its delay in ms, the delayer process holding its packets)
    delayers: dict[str, tuple[float, subprocess.Popen[str]]] = field(default_factory=dict)

    @classmethod
    def create(cls, names: list[str], tag: int | None = None) -> Network:
        tag = os.getpid() % 250 if tag is None else tag
        net = cls(prefix=f"kbnf{tag}", subnet=tag)
        net._remove_leftovers()
        try:
            net._build(names)
        except BaseException:
            net.close()
            raise
        return net

    @property
    def hub(self) -> str:
        """The namespace of the bridge: apart from this host's firewall, which may drop what a
        bridge of its own forwards (Docker's FORWARD policy, seen through br_netfilter)."""
        return f"{self.prefix}-hub"

    @property
    def client_link(self) -> str:
        return f"{self.prefix}c"

    @property
    def client_address(self) -> str:
        """Where the clients (this process, in its own namespace) are: one more port of the bridge."""
        return f"198.18.{self.subnet}.1"

    def _build(self, names: list[str]) -> None:
        # Whatever outlives the network (a client's thread still retrying) must not find a way out
        # by the default route: the whole test range is unreachable but for the /24 of a live one.
        _run("ip", "route", "replace", "unreachable", "198.18.0.0/15")
        hub = ["ip", "netns", "exec", self.hub]
        _run("ip", "netns", "add", self.hub)
        _run(*hub, "ip", "link", "add", "br0", "type", "bridge")
        _run(*hub, "ip", "link", "set", "br0", "up")
        _run(
            "ip",
            "link",
            "add",
            self.client_link,
            "type",
            "veth",
            "peer",
            "name",
            "clients",
            "netns",
            self.hub,
        )
        _run(*hub, "ip", "link", "set", "clients", "master", "br0", "up")
        _run("ip", "addr", "add", f"{self.client_address}/24", "dev", self.client_link)
        _run("ip", "link", "set", self.client_link, "up")
        for i, name in enumerate(names):
            node = Node(name=name, netns=f"{self.prefix}-{name}", address=f"198.18.{self.subnet}.{10 + i}")
            _run("ip", "netns", "add", node.netns)
            port = f"n{i}"
            _run(*hub, "ip", "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", node.netns)
            _run(*hub, "ip", "link", "set", port, "master", "br0", "up")
            ns = node.exec_prefix
            _run(*ns, "ip", "addr", "add", f"{node.address}/24", "dev", "eth0")
            _run(*ns, "ip", "link", "set", "eth0", "up")
            _run(*ns, "ip", "link", "set", "lo", "up")
            ruleset = (
                f"table inet {TABLE} {{\n"
                "  chain input { type filter hook input priority 0; policy accept; }\n"
                "  chain output { type filter hook output priority 0; policy accept; }\n"
                "}\n"
            )
            subprocess.run([*ns, "nft", "-f", "-"], input=ruleset, text=True, check=True, capture_output=True)
            self.nodes[name] = node

    def _remove_leftovers(self) -> None:
        listed = _run("ip", "netns", "list", check=False).stdout.split("\n")
        for line in listed:
            ns = line.split(" ")[0]
            if ns.startswith(f"{self.prefix}-"):
                _run("ip", "netns", "del", ns, check=False)
        _run("ip", "link", "del", self.client_link, check=False)

    def close(self) -> None:
        self._stop_delayers()  # a process outlives the namespace it runs in
        for node in self.nodes.values():
            _run("ip", "netns", "del", node.netns, check=False)  # takes its veth pair along
        self.nodes.clear()
        _run("ip", "link", "del", self.client_link, check=False)
        _run("ip", "netns", "del", self.hub, check=False)

    # --- faults ---------------------------------------------------------------------------------

    def _address_of(self, name: str) -> str:
        return self.client_address if name == "clients" else self.nodes[name].address

    def _rule(self, node: str, chain: str, rule: str) -> None:
        _run(*self.nodes[node].exec_prefix, "nft", "add", "rule", "inet", TABLE, chain, *rule.split())

    def drop_from(self, source: str, target: str) -> None:
        """One way: nothing `source` sends reaches `target` (what `target` sends still leaves)."""
        if target != "clients":
            self._rule(target, "input", f"ip saddr {self._address_of(source)} drop")
        else:
            self._rule(source, "output", f"ip daddr {self.client_address} drop")
        self.faults.append(f"drop {source}->{target}")

    def cut(self, a: str, b: str) -> None:
        """Both ways between two nodes (or a node and "clients")."""
        self.drop_from(a, b)
        self.drop_from(b, a)

    def isolate(self, name: str, from_: list[str] | None = None) -> None:
        """Cut `name` from every node in `from_` (default: everyone, the clients too)."""
        others = from_ if from_ is not None else [*(n for n in self.nodes if n != name), "clients"]
        for other in others:
            self.cut(name, other)

    def lossy(self, name: str, percent: int) -> None:
        """Drop `percent`% of the packets `name` receives and of those it sends, at random."""
        for chain in ("input", "output"):
            self._rule(name, chain, f"numgen random mod 100 < {percent} drop")
        self.faults.append(f"loss {percent}% at {name}")

    def slow(self, name: str, rate: str = "1mbit") -> None:
        """A token bucket on what `name` sends: a slow link whose queue holds packets back."""
        _run(
            *self.nodes[name].exec_prefix,
            "tc", "qdisc", "replace", "dev", "eth0", "root", "tbf",
            "rate", rate, "burst", "16kb", "latency", "500ms",
        )  # fmt: skip
        self.faults.append(f"slow {rate} at {name}")

    def latency(self, name: str, ms: float, to: list[str] | None = None) -> None:
        """What `name` sends on its link (to the nodes in `to` only, if given) leaves `ms` later:
        a round trip between it and them takes `ms` more. One delay per node at a time."""
        node = self.nodes[name]
        running = self.delayers.get(name)
        if running is None:
            self.delayers[name] = (ms, self._start_delayer(node, ms))
        elif running[0] != ms:
            raise ValueError(f"{name} already delays its packets {running[0]} ms")
        for address in [self._address_of(t) for t in to] if to else [None]:
            where = ["-d", address] if address else []
            _run(*node.exec_prefix, "iptables", "-t", "mangle", "-A", "OUTPUT", "-o", "eth0", *where,
                 "-j", "NFQUEUE", "--queue-num", "0")  # fmt: skip
        self.faults.append(f"latency {ms:g} ms at {name}" + (f" to {', '.join(to)}" if to else ""))

    @staticmethod
    def _start_delayer(node: Node, ms: float) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [*node.exec_prefix, sys.executable, "-m", "tests.netfaults.delayer", "--delay-ms", str(ms)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        # Bound before any packet is queued: a queue nobody listens to drops what reaches it.
        if proc.stdout.readline().strip() != "ready":
            proc.kill()
            _, err = proc.communicate()
            raise RuntimeError(f"the delayer in {node.netns} did not start: {err.strip()}")
        return proc

    def _stop_delayers(self) -> None:
        for name, (_, proc) in list(self.delayers.items()):
            # The rules first: a packet queued once its delayer is gone would be dropped.
            _run(*self.nodes[name].exec_prefix, "iptables", "-t", "mangle", "-F", "OUTPUT", check=False)
            proc.terminate()  # lets what it holds go
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.delayers.clear()

    def heal(self) -> None:
        self._stop_delayers()
        for node in self.nodes.values():
            for chain in ("input", "output"):
                _run(*node.exec_prefix, "nft", "flush", "chain", "inet", TABLE, chain)
            with contextlib.suppress(RuntimeError):  # no qdisc of ours there
                _run(*node.exec_prefix, "tc", "qdisc", "del", "dev", "eth0", "root")
        self.faults.clear()

    def __enter__(self) -> Network:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""A broker's health check (docker-compose.yml's): exit 0 when the broker at HOST:PORT answers
Metadata naming a controller and, with --broker-id, lists that broker among the live ones (in a
cluster: it is registered in ZooKeeper and follows the cluster); else exit 1 saying why.

    python -m broker.healthcheck 127.0.0.1:9092 --broker-id 1
"""

from __future__ import annotations

import argparse
import socket
import sys
from typing import Any

from protocol.apis import ApiKey
from protocol.frames import RequestHeader, decode_response, encode_request

METADATA_VERSION = 12


def _read_exactly(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("the broker closed the connection")
        buf += chunk
    return bytes(buf)


def request(
    host: str, port: int, api_key: ApiKey, version: int, body: dict[str, Any], timeout: float = 5.0
) -> Any:
    """One request on a new connection, its decoded response (blocking; for tools and checks)."""
    frame = encode_request(RequestHeader(api_key, version, 1, "kbroker-healthcheck"), body)
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(len(frame).to_bytes(4, "big") + frame)
        size = int.from_bytes(_read_exactly(sock, 4), "big")
        return decode_response(_read_exactly(sock, size), api_key, version)[1]


def check(host: str, port: int, broker_id: int | None, timeout: float = 5.0) -> str | None:
    """None when healthy, else why not."""
    body = {"topics": [], "allow_auto_topic_creation": False}
    try:
        md = request(host, port, ApiKey.METADATA, METADATA_VERSION, body, timeout)
    except OSError as e:
        return f"no answer from {host}:{port}: {e}"
    live = sorted(b.node_id for b in md.brokers)
    if md.controller_id < 0:
        return f"no controller yet (live brokers {live})"
    if broker_id is not None and broker_id not in live:
        return f"broker {broker_id} is not among the live brokers {live} yet"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address", help="HOST:PORT of one of the broker's listeners")
    parser.add_argument("--broker-id", type=int, default=None)
    args = parser.parse_args()
    host, _, port = args.address.rpartition(":")
    why = check(host or "127.0.0.1", int(port), args.broker_id)
    if why:
        print(f"unhealthy: {why}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

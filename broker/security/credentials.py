"""Salted SCRAM credentials of SASL users: a JSON file for a single broker (`sasl.credentials.file`),
Kafka's ZooKeeper znodes /config/users/<name> in cluster mode.

The file holds, per user, what Kafka keeps in the user's znode config:
`{"users": {"alice": {"SCRAM-SHA-512": "salt=...,stored_key=...,server_key=...,iterations=4096"}}}`.
It is read again when it changes, so users can be added to a running broker.

`python -m broker.security.credentials --file users.json add alice --password-file pw.txt`
(or the password on stdin) adds or replaces a user, as kafka-configs --add-config does.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from broker.security.scram import HASHES, MIN_ITERATIONS, ScramCredential, make_credential


class CredentialStore:
    """Credentials by user and mechanism, from an in-memory map (tests, ZooKeeper's cache)."""

    def __init__(self, users: dict[str, dict[str, ScramCredential]] | None = None):
        self._users = users or {}

    def get(self, user: str, mechanism: str) -> ScramCredential | None:
        return self._users.get(user, {}).get(mechanism)

    def set(self, user: str, mechanism: str, credential: ScramCredential) -> None:
        self._users.setdefault(user, {})[mechanism] = credential


def parse_users(doc: Any) -> dict[str, dict[str, ScramCredential]]:
    if not isinstance(doc, dict) or not isinstance(doc.get("users"), dict):
        raise ValueError('expected {"users": {name: {mechanism: credential}}}')
    users: dict[str, dict[str, ScramCredential]] = {}
    for name, mechanisms in doc["users"].items():
        if not isinstance(mechanisms, dict):
            raise ValueError(f"user {name!r}: expected a map of mechanism to credential")
        for mechanism, text in mechanisms.items():
            if mechanism not in HASHES:
                raise ValueError(f"user {name!r}: unknown mechanism {mechanism!r}")
            users.setdefault(name, {})[mechanism] = ScramCredential.from_text(str(text))
    return users


class FileCredentialStore(CredentialStore):
    """The file, read at start (a bad file stops the broker) and again whenever it changes."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._reload()

    def _reload(self) -> None:
        st = self.path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
        if stamp == self._stamp:
            return
        self._users = parse_users(json.loads(self.path.read_text(encoding="utf-8")))
        self._stamp = stamp

    def get(self, user: str, mechanism: str) -> ScramCredential | None:
        with contextlib.suppress(OSError, ValueError):  # a file being rewritten: keep what was last read
            self._reload()
        return super().get(user, mechanism)


def add_user(
    path: Path, user: str, password: str, mechanisms: list[str], iterations: int = MIN_ITERATIONS
) -> None:
    """Add (or replace) a user's credentials in the file, written atomically with mode 0600."""
    doc: dict[str, Any] = {"users": {}}
    if path.exists():
        doc = json.loads(path.read_text(encoding="utf-8"))
        parse_users(doc)
    entry = doc["users"].setdefault(user, {})
    for mechanism in mechanisms:
        entry[mechanism] = make_credential(mechanism, password, iterations).to_text()
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m broker.security.credentials", description="Manage SASL/SCRAM users in a file."
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--file", type=Path, help="the broker's sasl.credentials.file")
    where.add_argument("--zookeeper", help="a cluster's zookeeper.connect: /config/users/<name>, as Kafka")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add or replace a user (password from --password-file or stdin)")
    add.add_argument("user")
    add.add_argument("--password-file", type=Path)
    add.add_argument("--mechanism", action="append", choices=sorted(HASHES))
    add.add_argument("--iterations", type=int, default=MIN_ITERATIONS)
    delete = sub.add_parser("delete", help="remove a user")
    delete.add_argument("user")
    args = parser.parse_args(argv)
    if args.command == "add":
        if args.password_file is not None:
            password = args.password_file.read_text(encoding="utf-8").rstrip("\n")
        else:
            password = sys.stdin.readline().rstrip("\n")
        if not password:
            parser.error("empty password")
        mechanisms = args.mechanism or sorted(HASHES)
        if args.zookeeper:
            from kazoo.client import KazooClient

            from broker.security.zk_credentials import write_user

            zk = KazooClient(hosts=args.zookeeper)
            zk.start(timeout=15)
            try:
                write_user(zk, args.user, password, mechanisms, args.iterations)
            finally:
                zk.stop()
                zk.close()
            return 0
        add_user(args.file, args.user, password, mechanisms, args.iterations)
        return 0
    if args.zookeeper:
        parser.error("delete: --file only (kafka-configs --delete-config does it in ZooKeeper)")
    doc = json.loads(args.file.read_text(encoding="utf-8"))
    if doc.get("users", {}).pop(args.user, None) is None:
        print(f"no user {args.user!r}", file=sys.stderr)
        return 1
    args.file.write_text(json.dumps(doc, indent=2, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

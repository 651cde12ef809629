"""SCRAM credentials in ZooKeeper, as Kafka 2.x keeps them: `/config/users/<sanitized name>` =
`{"version":1,"config":{"SCRAM-SHA-512":"salt=...,stored_key=...,server_key=...,iterations=4096"}}`,
written by `kafka-configs --zookeeper ... --alter --add-config 'SCRAM-SHA-512=[password=...]'
--entity-type users` (or `python -m broker.security.credentials --zookeeper ...`).

Every broker keeps all users in memory, kept current by kazoo watches (children of /config/users,
data of each user), so that a SASL exchange never waits for ZooKeeper."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from kazoo.client import KazooClient
from kazoo.exceptions import NodeExistsError, NoNodeError
from kazoo.recipe.watchers import ChildrenWatch, DataWatch

from broker import logging_setup
from broker.security.credentials import CredentialStore
from broker.security.scram import HASHES, ScramCredential, make_credential

log = logging_setup.get_logger("kbroker.credentials")
USERS = "/config/users"
CHANGES = "/config/changes/config_change_"


def sanitize(user: str) -> str:
    """Kafka's Sanitizer: URL-encoding, with spaces as %20 and '*' as %2A."""
    return urllib.parse.quote(user, safe="-_.")


def desanitize(name: str) -> str:
    return urllib.parse.unquote(name)


def decode_user(data: bytes) -> dict[str, ScramCredential]:
    doc = json.loads(data or b"{}")
    config = doc.get("config", {}) if isinstance(doc, dict) else {}
    return {m: ScramCredential.from_text(str(v)) for m, v in config.items() if m in HASHES}


class ZkCredentialStore(CredentialStore):
    def __init__(self, zk: KazooClient):
        super().__init__()
        self.zk = zk
        self._watched: set[str] = set()
        zk.ensure_path(USERS)
        ChildrenWatch(zk, USERS, self._on_children)

    def _on_children(self, children: list[str]) -> None:  # kazoo's thread
        for name in children:
            if name not in self._watched:
                self._watched.add(name)
                DataWatch(self.zk, f"{USERS}/{name}", self._watcher(name))

    def _watcher(self, name: str) -> Any:
        # Exactly (data, stat): kazoo passes a third argument (the event) to a callback taking three.
        def on_data(data: bytes | None, stat: Any) -> bool | None:
            return self._on_data(name, data)

        return on_data

    def _on_data(self, name: str, data: bytes | None) -> bool | None:  # kazoo's thread
        user = desanitize(name)
        users = dict(self._users)  # replaced whole: readers on the event loop see one or the other
        if data is None:
            users.pop(user, None)
            self._users = users
            self._watched.discard(name)
            return False  # the znode is gone: stop watching it
        try:
            users[user] = decode_user(data)
        except (ValueError, TypeError) as e:
            log.warning("skip user", user=user, error=str(e))
            return None
        self._users = users
        return None


def write_user(zk: KazooClient, user: str, password: str, mechanisms: list[str], iterations: int) -> None:
    """What kafka-configs writes: the user's credentials, then a change notification."""
    path = f"{USERS}/{sanitize(user)}"
    config: dict[str, Any] = {}
    if zk.exists(path):
        config = json.loads(zk.get(path)[0] or b"{}").get("config", {})
    for m in mechanisms:
        config[m] = make_credential(m, password, iterations).to_text()
    data = json.dumps({"version": 1, "config": config}).encode()
    try:
        zk.create(path, data, makepath=True)
    except NodeExistsError:
        zk.set(path, data)
    zk.create(
        CHANGES,
        json.dumps({"version": 2, "entity_path": f"users/{sanitize(user)}"}).encode(),
        sequence=True,
        makepath=True,
    )


def read_users(zk: KazooClient) -> dict[str, dict[str, ScramCredential]]:
    """Every user's credentials as ZooKeeper holds them (blocking)."""
    zk.ensure_path(USERS)
    out: dict[str, dict[str, ScramCredential]] = {}
    for name in zk.get_children(USERS):
        try:
            data, _ = zk.get(f"{USERS}/{name}")
        except NoNodeError:
            continue
        creds = decode_user(data)
        if creds:
            out[desanitize(name)] = creds
    return out


def write_credentials(zk: KazooClient, user: str, creds: dict[str, ScramCredential]) -> None:
    """A user's credentials (none: the user's znode goes) and the change notification, in one
    transaction, as Kafka 2.x's AdminZkClient.changeUserOrUserClientIdConfig."""
    path = f"{USERS}/{sanitize(user)}"
    zk.ensure_path(USERS)
    exists = zk.exists(path) is not None
    tx = zk.transaction()
    if creds:
        data = json.dumps({"version": 1, "config": {m: c.to_text() for m, c in creds.items()}}).encode()
        if exists:
            tx.set_data(path, data)
        else:
            tx.create(path, data)
    elif exists:
        tx.delete(path)
    tx.create(
        CHANGES, json.dumps({"version": 2, "entity_path": f"users/{sanitize(user)}"}).encode(), sequence=True
    )
    failed = [r for r in tx.commit() if isinstance(r, Exception) and type(r).__name__ != "RolledBackError"]
    if failed:
        raise failed[0]

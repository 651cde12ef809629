"""Where client quotas live: a JSON file in the log dir of a single broker, ZooKeeper's
`/config/users` and `/config/clients` in cluster mode (Kafka 2.x's layout, so that every broker
enforces the same quotas and kafka-configs --zookeeper reads them):

    /config/users/<user>                     {"version":1,"config":{"producer_byte_rate":"1048576"}}
    /config/users/<user>/clients/<client>    (the same shape)
    /config/clients/<client>
    <default> for a default; names URL-encoded (Kafka's Sanitizer)

A user's znode also holds its SCRAM credentials (broker/security/zk_credentials.py): a quota
change rewrites only the quota keys. Each change is announced under /config/changes, which every
broker watches, then reads the quotas again. Blocking kazoo calls: run them off the event loop.
"""

from __future__ import annotations

import contextlib
import json
import os
import urllib.parse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from broker.quotas import CLIENT_ID, QUOTA_KEYS, USER, QuotaEntity

if TYPE_CHECKING:
    from kazoo.client import KazooClient

FILE_NAME = "kbroker-quotas.json"
USERS, CLIENTS = "/config/users", "/config/clients"
CHANGES = "/config/changes"
DEFAULT = "<default>"
Quotas = dict[QuotaEntity, dict[str, float]]


def to_json(quotas: Mapping[QuotaEntity, Mapping[str, float]]) -> dict[str, Any]:
    return {
        "version": 1,
        "quotas": [
            {"entity": [{"type": k, "name": n} for k, n in e], "values": dict(sorted(v.items()))}
            for e, v in sorted(quotas.items(), key=lambda kv: repr(kv[0]))
        ],
    }


def from_json(doc: Any) -> Quotas:
    out: Quotas = {}
    for q in doc["quotas"]:
        e = tuple((str(p["type"]), None if p["name"] is None else str(p["name"])) for p in q["entity"])
        out[e] = {str(k): float(v) for k, v in q["values"].items() if k in QUOTA_KEYS}
    return out


def read_file(path: Path) -> Quotas:
    if not path.exists():
        return {}
    try:
        return from_json(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{path} is not a quota file: {e!r}") from None


def write_file(path: Path, quotas: Mapping[QuotaEntity, Mapping[str, float]]) -> None:
    """Durably: a temporary file, fsync, rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(to_json(quotas), f, indent=2)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


# -- ZooKeeper ----------------------------------------------------------------------------------


def _sanitize(name: str | None) -> str:
    return DEFAULT if name is None else urllib.parse.quote(name, safe="-_.")


def _desanitize(node: str) -> str | None:
    return None if node == DEFAULT else urllib.parse.unquote(node)


def znode_of(e: QuotaEntity) -> str:
    parts = dict(e)
    if USER in parts:
        path = f"{USERS}/{_sanitize(parts[USER])}"
        return f"{path}/clients/{_sanitize(parts[CLIENT_ID])}" if CLIENT_ID in parts else path
    return f"{CLIENTS}/{_sanitize(parts[CLIENT_ID])}"


def _quota_values(data: bytes | None) -> dict[str, float]:
    try:
        config = json.loads(data or b"{}").get("config", {})
    except (ValueError, AttributeError):
        return {}
    out = {}
    for k, v in config.items() if isinstance(config, dict) else ():
        if k in QUOTA_KEYS:
            with contextlib.suppress(TypeError, ValueError):
                out[k] = float(v)
    return out


def zk_read_all(zk: KazooClient) -> Quotas:
    from kazoo.exceptions import NoNodeError

    def children(path: str) -> list[str]:
        try:
            return list(zk.get_children(path))
        except NoNodeError:
            return []

    def values(path: str) -> dict[str, float]:
        try:
            return _quota_values(zk.get(path)[0])
        except NoNodeError:
            return {}

    out: Quotas = {}
    for u in children(USERS):
        user = _desanitize(u)
        if v := values(f"{USERS}/{u}"):
            out[((USER, user),)] = v
        for c in children(f"{USERS}/{u}/clients"):
            if v := values(f"{USERS}/{u}/clients/{c}"):
                out[((USER, user), (CLIENT_ID, _desanitize(c)))] = v
    for c in children(CLIENTS):
        if v := values(f"{CLIENTS}/{c}"):
            out[((CLIENT_ID, _desanitize(c)),)] = v
    return out


def zk_write(zk: KazooClient, e: QuotaEntity, values: Mapping[str, float]) -> None:
    """Set the entity's quota keys to `values` (keeping its other keys: SCRAM credentials), then
    announce the change as kafka-configs does."""
    from kazoo.exceptions import NodeExistsError, NoNodeError

    path = znode_of(e)
    config: dict[str, Any] = {}
    with contextlib.suppress(NoNodeError):
        config = json.loads(zk.get(path)[0] or b"{}").get("config", {})
    config = {k: v for k, v in config.items() if k not in QUOTA_KEYS}
    config.update({k: _number_text(v) for k, v in values.items()})
    data = json.dumps({"version": 1, "config": config}).encode()
    try:
        zk.create(path, data, makepath=True)
    except NodeExistsError:
        zk.set(path, data)
    zk.create(
        f"{CHANGES}/config_change_",
        json.dumps({"version": 2, "entity_path": path.removeprefix("/config/")}).encode(),
        sequence=True,
        makepath=True,
    )


def zk_watch(zk: KazooClient, on_change: Callable[[], None]) -> None:
    """Call `on_change` (in kazoo's thread) on every config change any broker announces."""
    from kazoo.recipe.watchers import ChildrenWatch

    zk.ensure_path(CHANGES)
    ChildrenWatch(zk, CHANGES, lambda _children: on_change())


def _number_text(v: float) -> str:
    return str(int(v)) if v == int(v) else repr(v)

"""ACLs in ZooKeeper, Kafka 2.x's layout, so that every broker of a cluster enforces the same ones:
`/kafka-acl/<Type>/<name>` (LITERAL) and `/kafka-acl-extended/prefixed/<Type>/<name>` (PREFIXED),
each `{"version":1,"acls":[{"principal","permissionType","operation","host"}]}`; a change is
announced by a sequential znode under `/kafka-acl-changes` (literal: "Topic:name") or
`/kafka-acl-extended-changes` (JSON), which every broker watches and then reads the ACLs again.
Blocking kazoo calls: run them off the event loop."""

from __future__ import annotations

import contextlib
import json
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any

from kazoo.client import KazooClient
from kazoo.exceptions import NoNodeError, NotEmptyError
from kazoo.recipe.watchers import ChildrenWatch

from broker.security.acl import AclBinding, PatternType

LITERAL_ROOT = "/kafka-acl"
PREFIXED_ROOT = "/kafka-acl-extended/prefixed"
LITERAL_CHANGES = "/kafka-acl-changes"
EXTENDED_CHANGES = "/kafka-acl-extended-changes"
Resource = tuple[Any, str, PatternType]


def _root(pattern: PatternType) -> str:
    return LITERAL_ROOT if pattern == PatternType.LITERAL else PREFIXED_ROOT


def _path(type_name: str, name: str, pattern: PatternType) -> str:
    # A resource name may hold '/': Kafka keeps names as they are for topics (which cannot hold it);
    # other names are quoted here so that a znode path stays one level.
    return f"{_root(pattern)}/{type_name}/{urllib.parse.quote(name, safe='-_.*:@')}"


def read_all(zk: KazooClient, from_json: Callable[[Any], set[AclBinding]]) -> set[AclBinding]:
    resources = []
    for root, pattern in ((LITERAL_ROOT, "LITERAL"), (PREFIXED_ROOT, "PREFIXED")):
        try:
            types = zk.get_children(root)
        except NoNodeError:
            continue
        for type_name in types:
            for quoted in zk.get_children(f"{root}/{type_name}"):
                try:
                    data = zk.get(f"{root}/{type_name}/{quoted}")[0]
                except NoNodeError:
                    continue
                acls = json.loads(data or b"{}").get("acls", [])
                resources.append(
                    {
                        "resourceType": type_name,
                        "name": urllib.parse.unquote(quoted),
                        "patternType": pattern,
                        "acls": acls,
                    }
                )
    return from_json({"version": 1, "resources": resources})


def write(
    zk: KazooClient,
    old: Iterable[AclBinding],
    new: Iterable[AclBinding],
    to_json: Callable[[Iterable[AclBinding]], dict[str, Any]],
) -> None:
    """Write each resource whose ACLs changed (deleting emptied ones), then announce each change."""
    before = {
        r["resourceType"] + "\0" + r["name"] + "\0" + r["patternType"]: r for r in to_json(old)["resources"]
    }
    after = {
        r["resourceType"] + "\0" + r["name"] + "\0" + r["patternType"]: r for r in to_json(new)["resources"]
    }
    for key in sorted(set(before) | set(after)):
        if before.get(key) == after.get(key):
            continue
        type_name, name, pattern_name = key.split("\0")
        pattern = PatternType[pattern_name]
        path = _path(type_name, name, pattern)
        if key in after:
            data = json.dumps({"version": 1, "acls": after[key]["acls"]}).encode()
            if zk.exists(path):
                zk.set(path, data)
            else:
                zk.create(path, data, makepath=True)
        else:
            with contextlib.suppress(NoNodeError, NotEmptyError):
                zk.delete(path)
        if pattern == PatternType.LITERAL:
            zk.create(
                f"{LITERAL_CHANGES}/acl_changes_",
                f"{type_name}:{name}".encode(),
                sequence=True,
                makepath=True,
            )
        else:
            change = {"version": 1, "resourceType": type_name, "name": name, "patternType": pattern_name}
            zk.create(
                f"{EXTENDED_CHANGES}/acl_changes_", json.dumps(change).encode(), sequence=True, makepath=True
            )


def watch(zk: KazooClient, on_change: Callable[[], None]) -> None:
    """Call `on_change` (in kazoo's thread) whenever any broker announces an ACL change."""
    for path in (LITERAL_CHANGES, EXTENDED_CHANGES):
        zk.ensure_path(path)
        ChildrenWatch(zk, path, lambda _children: on_change())

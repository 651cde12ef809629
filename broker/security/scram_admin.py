"""SCRAM users over the wire (KIP-554): what DescribeUserScramCredentials answers and what
AlterUserScramCredentials changes, decided as Kafka's admin manager decides them (pure), and
the two places the credentials live: the single broker's credentials file, ZooKeeper's
/config/users/<name> in a cluster (the stores SASL logins read, so a user added here can log in).

The client sends the salted password (PBKDF2 over the salt and iterations it chose); the
broker keeps what Kafka keeps: the salt, StoredKey = H(HMAC(salted, "Client Key")),
ServerKey = HMAC(salted, "Server Key") and the iterations, never the salted password.
"""

from __future__ import annotations

import hmac
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from broker.security.credentials import parse_users
from broker.security.scram import HASHES, MAX_ITERATIONS, MIN_ITERATIONS, ScramCredential
from protocol.errors import ErrorCode

MECHANISMS = {1: "SCRAM-SHA-256", 2: "SCRAM-SHA-512"}  # Kafka's ScramMechanism types
TYPES = {name: code for code, name in MECHANISMS.items()}
DEFAULT_FILE = "kbroker-scram-credentials.json"

Users = dict[str, dict[str, ScramCredential]]
Result = tuple[ErrorCode, str | None]


@dataclass(frozen=True, slots=True)
class Deletion:
    user: str
    mechanism: int


@dataclass(frozen=True, slots=True)
class Upsertion:
    user: str
    mechanism: int
    iterations: int
    salt: bytes
    salted_password: bytes


def credential(mechanism: str, salt: bytes, salted_password: bytes, iterations: int) -> ScramCredential:
    digest = HASHES[mechanism]
    client_key = hmac.new(salted_password, b"Client Key", digest).digest()
    server_key = hmac.new(salted_password, b"Server Key", digest).digest()
    return ScramCredential(salt, digest(client_key).digest(), server_key, iterations)


def _user_error(current: Users, user: str, changes: list[Deletion | Upsertion], twice: bool) -> Result | None:
    if not user:
        return ErrorCode.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"
    if twice:
        return ErrorCode.DUPLICATE_RESOURCE, "A user credential cannot be altered twice in the same request"
    for change in changes:
        name = MECHANISMS.get(change.mechanism)
        if name is None:
            return ErrorCode.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"
        if isinstance(change, Upsertion):
            if change.iterations < MIN_ITERATIONS:
                return ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too few iterations"
            if change.iterations > MAX_ITERATIONS:
                return ErrorCode.UNACCEPTABLE_CREDENTIAL, "Too many iterations"
        elif name not in current.get(user, {}):
            return ErrorCode.RESOURCE_NOT_FOUND, "Attempt to delete a user credential that does not exist"
    return None


def alter(
    current: Users, deletions: list[Deletion], upsertions: list[Upsertion]
) -> tuple[dict[str, Result], dict[str, dict[str, ScramCredential]]]:
    """Each user's answer, and the new credentials of the users changed (an empty map: none
    left). A user's changes are applied all or none."""
    by_user: dict[str, list[Deletion | Upsertion]] = {}
    seen: set[tuple[str, int]] = set()
    twice: set[str] = set()
    every: list[Deletion | Upsertion] = [*deletions, *upsertions]
    for change in every:
        if (change.user, change.mechanism) in seen:
            twice.add(change.user)
        seen.add((change.user, change.mechanism))
        by_user.setdefault(change.user, []).append(change)
    results: dict[str, Result] = {}
    writes: dict[str, dict[str, ScramCredential]] = {}
    for user, changes in by_user.items():
        problem = _user_error(current, user, changes, user in twice)
        if problem is not None:
            results[user] = problem
            continue
        creds = dict(current.get(user, {}))
        for change in changes:
            name = MECHANISMS[change.mechanism]
            if isinstance(change, Deletion):
                creds.pop(name, None)
            else:
                creds[name] = credential(name, change.salt, change.salted_password, change.iterations)
        writes[user] = creds
        results[user] = (ErrorCode.NONE, None)
    return results, writes


def describe(
    current: Users, users: list[str] | None
) -> list[tuple[str, ErrorCode, str | None, list[tuple[int, int]]]]:
    """(user, error, message, [(mechanism type, iterations)]) per user asked."""
    # null or empty: every user (Kafka's describingAllUsers)
    names = users or sorted(u for u, c in current.items() if c)
    counts = {u: names.count(u) for u in names}
    out: list[tuple[str, ErrorCode, str | None, list[tuple[int, int]]]] = []
    for user in dict.fromkeys(names):
        if counts[user] > 1:
            out.append(
                (
                    user,
                    ErrorCode.DUPLICATE_RESOURCE,
                    f"Cannot describe SCRAM credentials for the same user twice in a single request: {user}",
                    [],
                )
            )
            continue
        creds = current.get(user)
        if not creds:
            out.append(
                (
                    user,
                    ErrorCode.RESOURCE_NOT_FOUND,
                    f"Attempt to describe a user credential that does not exist: {user}",
                    [],
                )
            )
            continue
        infos = sorted((TYPES[m], c.iterations) for m, c in creds.items() if m in TYPES)
        out.append((user, ErrorCode.NONE, None, infos))
    return out


class ScramStore(Protocol):
    """Where the users live: read whole, and written per user (an empty map deletes the user)."""

    async def users(self) -> Users: ...
    async def write(self, changes: Mapping[str, Mapping[str, ScramCredential]]) -> None: ...


def write_users_file(path: Path, changes: Mapping[str, Mapping[str, ScramCredential]]) -> None:
    """The credentials file with these users replaced, written atomically with mode 0600 (the
    FileCredentialStore that SASL logins read sees it at its next lookup)."""
    doc: dict[str, Any] = {"users": {}}
    if path.exists():
        doc = json.loads(path.read_text(encoding="utf-8") or '{"users": {}}')
        parse_users(doc)
    for user, creds in changes.items():
        if creds:
            doc["users"][user] = {m: c.to_text() for m, c in creds.items()}
        else:
            doc["users"].pop(user, None)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)


def read_users_file(path: Path) -> Users:
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    return parse_users(json.loads(text)) if text.strip() else {}


class FileScramStore:
    """A single broker's users: its credentials file (sasl.credentials.file, else one in the log dir)."""

    def __init__(self, path: Path):
        self.path = path

    async def users(self) -> Users:
        import asyncio

        return await asyncio.get_running_loop().run_in_executor(None, read_users_file, self.path)

    async def write(self, changes: Mapping[str, Mapping[str, ScramCredential]]) -> None:
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, write_users_file, self.path, changes)


class ZkScramStore:
    """A cluster's users: ZooKeeper's /config/users, which every broker's logins watch."""

    def __init__(self, zk: Any):
        self.zk = zk

    async def users(self) -> Users:
        import asyncio

        from broker.security.zk_credentials import read_users

        return await asyncio.get_running_loop().run_in_executor(None, read_users, self.zk)

    async def write(self, changes: Mapping[str, Mapping[str, ScramCredential]]) -> None:
        import asyncio

        from broker.security.zk_credentials import write_credentials

        loop = asyncio.get_running_loop()
        for user, creds in changes.items():
            await loop.run_in_executor(None, write_credentials, self.zk, user, dict(creds))

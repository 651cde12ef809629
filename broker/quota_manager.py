"""The broker's client quotas: the rates and throttles (broker/quotas.py), where the quotas are
kept (broker/quota_store.py), and what DescribeClientQuotas and AlterClientQuotas do with them.

While no quota is set, `quotas.active` is False and a request pays that one check.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from broker import logging_setup, quota_store
from broker.quotas import CLIENT_ID, USER, ClientQuotas, QuotaEntity, QuotaKind, check_entity, check_value

if TYPE_CHECKING:
    from kazoo.client import KazooClient

    from broker.config import Config

log = logging_setup.get_logger("kbroker.quotas")

EXACT, DEFAULT, SPECIFIED = 0, 1, 2
INT32_MAX = 2**31 - 1  # DescribeClientQuotas' match types
Filter = tuple[str, int, str | None]  # entity type, match type, name


class QuotaManager:
    def __init__(self, config: Config, zk: KazooClient | None = None):
        self.quotas = ClientQuotas(
            samples=config["quota.window.num"], window_s=float(config["quota.window.size.seconds"])
        )
        self.zk = zk
        self.path = Path(config.log_dirs[0]) / quota_store.FILE_NAME
        if zk is not None:
            self._loop = asyncio.get_running_loop()
            self.quotas.replace(quota_store.zk_read_all(zk))
            quota_store.zk_watch(zk, self._on_zk_change)
        else:
            self.quotas.replace(quota_store.read_file(self.path))
        if self.quotas.configs:
            log.info("load quotas", entities=len(self.quotas.configs), zookeeper=zk is not None)

    @property
    def active(self) -> bool:
        return self.quotas.active

    def enabled(self, kind: QuotaKind) -> bool:
        return self.quotas.enabled[kind]

    def record(self, kind: QuotaKind, user: str, client_id: str, value: float) -> int:
        return self.quotas.record(kind, user, client_id, value)

    def max_in_window(self, kind: QuotaKind, user: str, client_id: str) -> int:
        """What one window of the client's quota allows (Kafka's getMaxValueInQuotaWindow): the
        most a throttled consumer gets in one answer."""
        quota = self.quotas.quota_of(kind, user, client_id).quota
        return INT32_MAX if quota is None else max(1, int(quota * self.quotas.window_s))

    def unrecord(self, kind: QuotaKind, user: str, client_id: str, value: float) -> None:
        self.quotas.unrecord(kind, user, client_id, value)

    # -- ZooKeeper
    def _on_zk_change(self) -> None:  # kazoo's thread
        with contextlib.suppress(RuntimeError):  # the loop is closed: the broker stopped
            self._loop.call_soon_threadsafe(lambda: self._loop.create_task(self._reload()))

    async def _reload(self) -> None:
        assert self.zk is not None
        try:
            configs = await asyncio.get_running_loop().run_in_executor(None, quota_store.zk_read_all, self.zk)
        except Exception as e:  # noqa: BLE001  # ZooKeeper away: keep the quotas we have, the next change reads again
            log.warning("fail to reload quotas", error=f"{type(e).__name__}: {e}")
            return
        if configs != self.quotas.configs:
            self.quotas.replace(configs)
            log.info("reload quotas", entities=len(configs))

    # -- DescribeClientQuotas
    def describe(self, filters: Iterable[Filter], strict: bool) -> list[tuple[QuotaEntity, dict[str, float]]]:
        """The entities matching every filter (strict: and naming no other type), with their quotas."""
        wanted = list(filters)
        for kind, match, _ in wanted:
            if kind not in (USER, CLIENT_ID):
                raise ValueError(f"Custom entity type {kind!r} not supported")
            if match not in (EXACT, DEFAULT, SPECIFIED):
                raise ValueError(f"Unexpected match type {match}")
        if len({k for k, _, _ in wanted}) != len(wanted):
            raise ValueError("Duplicate entity type in the filter")
        out = []
        for e, values in sorted(self.quotas.configs.items(), key=lambda kv: repr(kv[0])):
            parts = dict(e)
            if strict and set(parts) != {k for k, _, _ in wanted}:
                continue
            if all(_matches(parts, f) for f in wanted):
                out.append((e, dict(values)))
        return out

    # -- AlterClientQuotas
    def check(
        self, parts: Iterable[tuple[str, str | None]], ops: Iterable[tuple[str, float, bool]]
    ) -> tuple[QuotaEntity, list[tuple[str, float, bool]]] | str:
        """The entity and its changes, or why they are refused (INVALID_REQUEST)."""
        e = check_entity(parts)
        if isinstance(e, str):
            return e
        changes = list(ops)
        for key, value, remove in changes:
            complaint = check_value(key, value if not remove else 1.0)
            if complaint is not None:
                return complaint
        if len({k for k, _, _ in changes}) != len(changes):
            return "Duplicate quota key in the request"
        return e, changes

    async def alter(self, changes: list[tuple[QuotaEntity, list[tuple[str, float, bool]]]]) -> None:
        """Apply the changes durably (ZooKeeper, or the file), then enforce them."""
        new = {e: dict(v) for e, v in self.quotas.configs.items()}
        touched: dict[QuotaEntity, dict[str, float]] = {}
        for e, ops in changes:
            values = new.setdefault(e, {})
            for key, value, remove in ops:
                if remove:
                    values.pop(key, None)
                else:
                    values[key] = value
            touched[e] = values
        new = {e: v for e, v in new.items() if v}
        loop = asyncio.get_running_loop()
        if self.zk is not None:
            for e, values in touched.items():
                await loop.run_in_executor(None, quota_store.zk_write, self.zk, e, values)
        else:
            await loop.run_in_executor(None, quota_store.write_file, self.path, new)
        self.quotas.replace(new)
        for e, values in touched.items():
            log.info("alter quotas", entity=_describe(e), quotas=values)


def _matches(parts: dict[str, str | None], f: Filter) -> bool:
    kind, match, name = f
    if kind not in parts:
        return False
    if match == DEFAULT:
        return parts[kind] is None
    if match == SPECIFIED:
        return parts[kind] is not None
    return parts[kind] == name  # EXACT (a null name: the default, as Kafka reads it)


def _describe(e: QuotaEntity) -> str:
    return "/".join(f"{k}={n if n is not None else '<default>'}" for k, n in e)

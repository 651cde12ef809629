"""The ACL authorizer of a broker: its bindings, kept in a file (Kafka's ZooKeeper layout of
/kafka-acl in one JSON document), super.users and allow.everyone.if.no.acl.found, and the
CreateAcls/DescribeAcls/DeleteAcls answers. The decisions are acl.py's; answers are cached per
(principal, host, operation, resource) until the ACLs change, so a check costs a dict lookup.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.security.acl import (
    CLUSTER_NAME,
    AclBinding,
    AclFilter,
    Operation,
    PatternType,
    Permission,
    ResourceType,
    authorize,
    authorize_any,
    validate,
)
from protocol.errors import ErrorCode

if TYPE_CHECKING:
    from kazoo.client import KazooClient

    from broker.config import Config
    from broker.server import RequestContext
    from protocol.typed import (
        CreateAclsRequest,
        CreateAclsResponse,
        CreateAclsResponseResult,
        DeleteAclsRequest,
        DeleteAclsRequestFilter,
        DeleteAclsResponse,
        DeleteAclsResponseFilterResult,
        DescribeAclsRequest,
        DescribeAclsResponse,
        DescribeAclsResponseResourceAcl,
    )

log = logging_setup.get_logger("kbroker.authorizer")

# Kafka's JSON names (ZooKeeper's /kafka-acl/<Type>/<name> znodes).
_TYPE_NAMES = {
    ResourceType.TOPIC: "Topic",
    ResourceType.GROUP: "Group",
    ResourceType.CLUSTER: "Cluster",
    ResourceType.TRANSACTIONAL_ID: "TransactionalId",
    ResourceType.DELEGATION_TOKEN: "DelegationToken",
    ResourceType.USER: "User",
}
_TYPES_BY_NAME = {v: k for k, v in _TYPE_NAMES.items()}
_OP_NAMES = {op: "".join(w.capitalize() for w in op.name.split("_")) for op in Operation}
_OPS_BY_NAME = {v: k for k, v in _OP_NAMES.items()}


def _to_json(bindings: Iterable[AclBinding]) -> dict[str, Any]:
    resources: dict[tuple[ResourceType, str, PatternType], list[dict[str, str]]] = {}
    for b in sorted(bindings, key=lambda b: (b.resource_type, b.resource_name, b.pattern_type, b.principal)):
        resources.setdefault((b.resource_type, b.resource_name, b.pattern_type), []).append(
            {
                "principal": b.principal,
                "permissionType": b.permission.name.capitalize(),
                "operation": _OP_NAMES[b.operation],
                "host": b.host,
            }
        )
    return {
        "version": 1,
        "resources": [
            {"resourceType": _TYPE_NAMES[t], "name": n, "patternType": p.name, "acls": acls}
            for (t, n, p), acls in resources.items()
        ],
    }


def _from_json(doc: Any) -> set[AclBinding]:
    out = set()
    for r in doc["resources"]:
        for a in r["acls"]:
            out.add(
                AclBinding(
                    _TYPES_BY_NAME[r["resourceType"]],
                    r["name"],
                    PatternType[r["patternType"]],
                    a["principal"],
                    a["host"],
                    _OPS_BY_NAME[a["operation"]],
                    Permission[a["permissionType"].upper()],
                )
            )
    return out


class Authorizer:
    def __init__(
        self, path: Path, super_users: Iterable[str], allow_if_no_acl: bool, zk: KazooClient | None = None
    ):
        self.path = path
        self.super_users = frozenset(super_users)
        self.allow_if_no_acl = allow_if_no_acl
        self.zk = zk  # cluster mode: the ACLs live in ZooKeeper (zk_acls.py), not in the file
        self._bindings: set[AclBinding] = set()
        self._cache: dict[tuple[str, str, Operation, ResourceType, str], bool] = {}
        if zk is not None:
            from broker.security import zk_acls

            self._loop = asyncio.get_running_loop()
            self._bindings = zk_acls.read_all(zk, _from_json)
            zk_acls.watch(zk, self._on_zk_change)
            log.info(
                "load acls", zookeeper=True, acls=len(self._bindings), super_users=sorted(self.super_users)
            )
            return
        if path.exists():
            try:
                self._bindings = _from_json(json.loads(path.read_text(encoding="utf-8")))
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError(f"{path} is not an ACL file: {e!r}") from None
        log.info("load acls", path=str(path), acls=len(self._bindings), super_users=sorted(self.super_users))

    @classmethod
    def from_config(cls, config: Config, zk: KazooClient | None = None) -> Authorizer | None:
        if not config["authorizer.class.name"]:
            return None
        path = config["authorizer.acl.file"] or str(config.log_dirs[0] / "kbroker-acls.json")
        return cls(Path(path), config["super.users"], config["allow.everyone.if.no.acl.found"], zk)

    def _on_zk_change(self) -> None:  # kazoo's thread: another broker (or this one) changed ACLs
        with contextlib.suppress(RuntimeError):  # the loop is closed: the broker stopped
            self._loop.call_soon_threadsafe(lambda: self._loop.create_task(self._reload()))

    async def _reload(self) -> None:
        from broker.security import zk_acls

        assert self.zk is not None
        try:
            bindings = await asyncio.get_running_loop().run_in_executor(
                None, zk_acls.read_all, self.zk, _from_json
            )
        except Exception as e:  # ZooKeeper away: keep the ACLs we have, the next change reads again
            log.warning("fail to reload acls", error=f"{type(e).__name__}: {e}")
            return
        if bindings != self._bindings:
            self._bindings = bindings
            self._cache.clear()
            log.info("reload acls", acls=len(bindings))

    @property
    def bindings(self) -> frozenset[AclBinding]:
        return frozenset(self._bindings)

    # -- decisions ------------------------------------------------------------------------------

    def allowed(
        self, ctx: RequestContext, operation: Operation, resource_type: ResourceType, name: str
    ) -> bool:
        key = (ctx.principal, ctx.host, operation, resource_type, name)
        answer = self._cache.get(key)
        if answer is None:
            answer = authorize(
                self._bindings,
                ctx.principal,
                ctx.host,
                operation,
                resource_type,
                name,
                super_users=self.super_users,
                allow_if_no_acl=self.allow_if_no_acl,
            )
            if len(self._cache) > 100_000:
                self._cache.clear()
            self._cache[key] = answer
            if not answer:
                log.info(
                    "deny",
                    principal=ctx.principal,
                    host=ctx.host,
                    operation=operation.name,
                    resource_type=resource_type.name,
                    resource=name,
                )
        return answer

    def topic(self, ctx: RequestContext, operation: Operation, topic: str) -> bool:
        return self.allowed(ctx, operation, ResourceType.TOPIC, topic)

    def group(self, ctx: RequestContext, operation: Operation, group: str) -> bool:
        return self.allowed(ctx, operation, ResourceType.GROUP, group)

    def cluster(self, ctx: RequestContext, operation: Operation) -> bool:
        return self.allowed(ctx, operation, ResourceType.CLUSTER, CLUSTER_NAME)

    def any_of_type(self, ctx: RequestContext, operation: Operation, resource_type: ResourceType) -> bool:
        return authorize_any(
            self._bindings,
            ctx.principal,
            ctx.host,
            operation,
            resource_type,
            super_users=self.super_users,
            allow_if_no_acl=self.allow_if_no_acl,
        )

    # -- the ACL APIs ---------------------------------------------------------------------------

    def describe_acls(self, ctx: RequestContext, request: DescribeAclsRequest) -> DescribeAclsResponse:
        if not self.cluster(ctx, Operation.DESCRIBE):
            return {
                "throttle_time_ms": 0,
                "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
                "resources": [],
            }
        f = _filter(request)
        bad = f.invalid()
        if bad:
            return {
                "throttle_time_ms": 0,
                "error_code": ErrorCode.INVALID_REQUEST,
                "error_message": bad,
                "resources": [],
            }
        grouped: dict[tuple[int, str, int], list[DescribeAclsResponseResourceAcl]] = {}
        for b in sorted(self._bindings, key=_order):
            if f.matches(b):
                grouped.setdefault((b.resource_type, b.resource_name, b.pattern_type), []).append(
                    {
                        "principal": b.principal,
                        "host": b.host,
                        "operation": b.operation,
                        "permission_type": b.permission,
                    }
                )
        return {
            "throttle_time_ms": 0,
            "error_code": ErrorCode.NONE,
            "resources": [
                {"resource_type": t, "resource_name": n, "pattern_type": p, "acls": acls}
                for (t, n, p), acls in grouped.items()
            ],
        }

    async def create_acls(self, ctx: RequestContext, request: CreateAclsRequest) -> CreateAclsResponse:
        if not self.cluster(ctx, Operation.ALTER):
            denied: CreateAclsResponseResult = {"error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED}
            return {"throttle_time_ms": 0, "results": [denied for _ in request.creations]}
        results: list[CreateAclsResponseResult] = []
        added: list[AclBinding] = []
        for c in request.creations:
            try:
                b = AclBinding(
                    ResourceType(c.resource_type),
                    c.resource_name,
                    PatternType(c.resource_pattern_type),
                    c.principal,
                    c.host,
                    Operation(c.operation),
                    Permission(c.permission_type),
                )
            except ValueError as e:
                results.append({"error_code": ErrorCode.INVALID_REQUEST, "error_message": str(e)})
                continue
            bad = validate(b)
            if bad:
                results.append({"error_code": ErrorCode.INVALID_REQUEST, "error_message": bad})
                continue
            added.append(b)
            results.append({"error_code": ErrorCode.NONE})
        if added:
            await self._change(self._bindings | set(added))
            log.info("create acls", principal=ctx.principal, acls=[_describe(b) for b in added])
        return {"throttle_time_ms": 0, "results": results}

    async def delete_acls(self, ctx: RequestContext, request: DeleteAclsRequest) -> DeleteAclsResponse:
        if not self.cluster(ctx, Operation.ALTER):
            denied: DeleteAclsResponseFilterResult = {
                "error_code": ErrorCode.CLUSTER_AUTHORIZATION_FAILED,
                "matching_acls": [],
            }
            return {"throttle_time_ms": 0, "filter_results": [denied for _ in request.filters]}
        results: list[DeleteAclsResponseFilterResult] = []
        removed: set[AclBinding] = set()
        for raw in request.filters:
            f = _filter(raw)
            bad = f.invalid()
            if bad:
                results.append(
                    {"error_code": ErrorCode.INVALID_REQUEST, "error_message": bad, "matching_acls": []}
                )
                continue
            matched = sorted((b for b in self._bindings if f.matches(b)), key=_order)
            removed.update(matched)
            results.append(
                {
                    "error_code": ErrorCode.NONE,
                    "matching_acls": [
                        {
                            "error_code": ErrorCode.NONE,
                            "resource_type": b.resource_type,
                            "resource_name": b.resource_name,
                            "pattern_type": b.pattern_type,
                            "principal": b.principal,
                            "host": b.host,
                            "operation": b.operation,
                            "permission_type": b.permission,
                        }
                        for b in matched
                    ],
                }
            )
        if removed:
            await self._change(self._bindings - removed)
            log.info(
                "delete acls",
                principal=ctx.principal,
                acls=[_describe(b) for b in sorted(removed, key=_order)],
            )
        return {"throttle_time_ms": 0, "filter_results": results}

    async def _change(self, bindings: set[AclBinding]) -> None:
        """Write the new bindings durably (ZooKeeper; or file + fsync + rename), then use them."""
        if self.zk is not None:
            from broker.security import zk_acls

            await asyncio.get_running_loop().run_in_executor(
                None, zk_acls.write, self.zk, self._bindings, bindings, _to_json
            )
            self._bindings = bindings
            self._cache.clear()
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(_to_json(bindings), f, indent=2)
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(self.path)
        self._bindings = bindings
        self._cache.clear()


def _order(b: AclBinding) -> tuple[Any, ...]:
    return (b.resource_type, b.resource_name, b.pattern_type, b.principal, b.host, b.operation, b.permission)


def _describe(b: AclBinding) -> str:
    return (
        f"{b.permission.name} {b.principal}@{b.host} {b.operation.name} "
        f"{b.resource_type.name}:{b.pattern_type.name}:{b.resource_name}"
    )


def _filter(r: DescribeAclsRequest | DeleteAclsRequestFilter) -> AclFilter:
    def enum_or_unknown(cls: Any, value: int) -> Any:
        try:
            return cls(value)
        except ValueError:
            return cls(0)

    return AclFilter(
        enum_or_unknown(ResourceType, r.resource_type_filter),
        r.resource_name_filter,
        enum_or_unknown(PatternType, r.pattern_type_filter),
        r.principal_filter,
        r.host_filter,
        enum_or_unknown(Operation, r.operation),
        enum_or_unknown(Permission, r.permission_type),
    )

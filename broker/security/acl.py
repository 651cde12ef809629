"""ACLs and Kafka's authorization rules, pure (no I/O): resource patterns, bindings, filters and
the decision `authorize`, as Kafka's AclAuthorizer makes it.

- An ACL matches a resource of its type whose name equals its name (LITERAL), or is any name
  (LITERAL "*"), or starts with its name (PREFIXED).
- Super users are allowed everything. A resource no ACL matches is allowed to everyone only when
  allow.everyone.if.no.acl.found is true.
- DENY wins: a matching DENY for the principal (or User:*), the host (or *) and the operation (or
  ALL) refuses. Else a matching ALLOW for the operation, for ALL, or for an operation that implies
  it (READ, WRITE, DELETE, ALTER imply DESCRIBE; ALTER_CONFIGS implies DESCRIBE_CONFIGS) allows.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from protocol.acls import Operation, PatternType, Permission, ResourceType

__all__ = ["Operation", "PatternType", "Permission", "ResourceType"]


CLUSTER_NAME = "kafka-cluster"  # the one Cluster resource's name
WILDCARD = "*"
WILDCARD_PRINCIPAL = "User:*"

# An ALLOW of the key allows these too (Kafka's AclAuthorizer, "implicit" DESCRIBE/DESCRIBE_CONFIGS).
_IMPLIED_BY: dict[Operation, tuple[Operation, ...]] = {
    Operation.DESCRIBE: (Operation.READ, Operation.WRITE, Operation.DELETE, Operation.ALTER),
    Operation.DESCRIBE_CONFIGS: (Operation.ALTER_CONFIGS,),
}


@dataclass(frozen=True, slots=True)
class AclBinding:
    resource_type: ResourceType
    resource_name: str
    pattern_type: PatternType  # LITERAL or PREFIXED
    principal: str  # "User:alice", "User:*"
    host: str  # "*" or an address
    operation: Operation
    permission: Permission  # ALLOW or DENY

    def matches_resource(self, resource_type: ResourceType, name: str) -> bool:
        if self.resource_type != resource_type:
            return False
        if self.pattern_type == PatternType.LITERAL:
            return self.resource_name == name or self.resource_name == WILDCARD
        return self.pattern_type == PatternType.PREFIXED and name.startswith(self.resource_name)

    def applies_to(self, principal: str, host: str) -> bool:
        return self.principal in (principal, WILDCARD_PRINCIPAL) and self.host in (host, WILDCARD)


def validate(binding: AclBinding) -> str | None:
    """Why Kafka refuses to create this binding, or None."""
    if binding.resource_type in (ResourceType.UNKNOWN, ResourceType.ANY):
        return "resource type must be a concrete type"
    if binding.pattern_type not in (PatternType.LITERAL, PatternType.PREFIXED):
        return "pattern type must be LITERAL or PREFIXED"
    if binding.operation in (Operation.UNKNOWN, Operation.ANY):
        return "operation must be a concrete operation"
    if binding.permission not in (Permission.ALLOW, Permission.DENY):
        return "permission type must be ALLOW or DENY"
    kind, sep, name = binding.principal.partition(":")
    if not sep or not kind or not name:
        return f"principal {binding.principal!r} is not PrincipalType:name"
    if not binding.resource_name:
        return "resource name must not be empty"
    if binding.resource_type == ResourceType.CLUSTER and binding.resource_name != CLUSTER_NAME:
        return f"the cluster resource is named {CLUSTER_NAME}"
    if not binding.host:
        return "host must not be empty"
    return None


@dataclass(frozen=True, slots=True)
class AclFilter:
    """DescribeAcls/DeleteAcls's filter: ANY and None match anything; MATCH matches the bindings that
    would apply to the named resource (literal, wildcard and prefixes)."""

    resource_type: ResourceType = ResourceType.ANY
    resource_name: str | None = None
    pattern_type: PatternType = PatternType.ANY
    principal: str | None = None
    host: str | None = None
    operation: Operation = Operation.ANY
    permission: Permission = Permission.ANY

    def matches(self, b: AclBinding) -> bool:
        if self.resource_type != ResourceType.ANY and b.resource_type != self.resource_type:
            return False
        if self.pattern_type == PatternType.MATCH:
            if self.resource_name is not None and not b.matches_resource(b.resource_type, self.resource_name):
                return False
        else:
            if self.pattern_type != PatternType.ANY and b.pattern_type != self.pattern_type:
                return False
            if self.resource_name is not None and b.resource_name != self.resource_name:
                return False
        if self.principal is not None and b.principal != self.principal:
            return False
        if self.host is not None and b.host != self.host:
            return False
        if self.operation != Operation.ANY and b.operation != self.operation:
            return False
        return self.permission == Permission.ANY or b.permission == self.permission

    def invalid(self) -> str | None:
        if self.resource_type == ResourceType.UNKNOWN or self.pattern_type == PatternType.UNKNOWN:
            return "filter has an UNKNOWN element"
        if self.operation == Operation.UNKNOWN or self.permission == Permission.UNKNOWN:
            return "filter has an UNKNOWN element"
        return None


def authorize(
    bindings: Iterable[AclBinding],
    principal: str,
    host: str,
    operation: Operation,
    resource_type: ResourceType,
    name: str,
    *,
    super_users: frozenset[str] = frozenset(),
    allow_if_no_acl: bool = False,
) -> bool:
    """Kafka's decision for one principal, host, operation and resource."""
    if principal in super_users:
        return True
    matching = [b for b in bindings if b.matches_resource(resource_type, name)]
    if not matching:
        return allow_if_no_acl
    applying = [b for b in matching if b.applies_to(principal, host)]
    for b in applying:
        if b.permission == Permission.DENY and b.operation in (operation, Operation.ALL):
            return False
    allowing = (operation, Operation.ALL, *_IMPLIED_BY.get(operation, ()))
    return any(b.permission == Permission.ALLOW and b.operation in allowing for b in applying)


def authorize_any(
    bindings: Iterable[AclBinding],
    principal: str,
    host: str,
    operation: Operation,
    resource_type: ResourceType,
    *,
    super_users: frozenset[str] = frozenset(),
    allow_if_no_acl: bool = False,
) -> bool:
    """Is the operation allowed on at least one resource of the type (Kafka's
    authorizeByResourceType: an idempotent producer needs WRITE on some topic)?"""
    if principal in super_users:
        return True
    bindings = list(bindings)
    of_type = [b for b in bindings if b.resource_type == resource_type]
    if not of_type:
        return allow_if_no_acl
    for b in of_type:
        if b.permission != Permission.ALLOW or not b.applies_to(principal, host):
            continue
        if b.operation not in (operation, Operation.ALL):
            continue
        # A resource this ACL covers, not denied: the ACL's own name (a prefix names itself).
        if authorize(bindings, principal, host, operation, resource_type, b.resource_name):
            return True
    return False

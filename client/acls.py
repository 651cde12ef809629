"""The admin client's ACL calls (CreateAcls, DescribeAcls, DeleteAcls), as a mixin of AsyncAdmin,
with the bindings and filters of Kafka's AdminClient."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from client.errors import KafkaError, error_for
from protocol.acls import Operation, PatternType, Permission, ResourceType
from protocol.apis import ApiKey

if TYPE_CHECKING:
    from client.cluster import KafkaClient

__all__ = [
    "AclAdmin",
    "AclBinding",
    "AclBindingFilter",
    "Operation",
    "PatternType",
    "Permission",
    "ResourceType",
]


@dataclass(frozen=True, slots=True)
class AclBinding:
    resource_type: ResourceType
    name: str
    pattern_type: PatternType
    principal: str
    host: str
    operation: Operation
    permission: Permission


@dataclass(frozen=True, slots=True)
class AclBindingFilter:
    """None and ANY match anything; PatternType.MATCH matches what applies to the named resource."""

    resource_type: ResourceType = ResourceType.ANY
    name: str | None = None
    pattern_type: PatternType = PatternType.ANY
    principal: str | None = None
    host: str | None = None
    operation: Operation = Operation.ANY
    permission: Permission = Permission.ANY

    def to_wire(self) -> dict[str, Any]:
        return {
            "resource_type_filter": self.resource_type,
            "resource_name_filter": self.name,
            "pattern_type_filter": self.pattern_type,
            "principal_filter": self.principal,
            "host_filter": self.host,
            "operation": self.operation,
            "permission_type": self.permission,
        }


def _binding(rtype: int, name: str, pattern: int, a: Any) -> AclBinding:
    return AclBinding(
        ResourceType(rtype),
        name,
        PatternType(pattern),
        a.principal,
        a.host,
        Operation(a.operation),
        Permission(a.permission_type),
    )


class AclAdmin:
    client: KafkaClient

    async def _acl_call(self, api_key: ApiKey, body: dict[str, Any]) -> Any:
        async def attempt() -> Any:
            return await self.client.send(self.client.least_loaded_node(), api_key, body)

        return await self.client.retry(attempt, what=api_key.name)

    async def create_acls(self, bindings: list[AclBinding]) -> list[KafkaError | None]:
        """One result per binding: None, or the broker's refusal."""
        body = {
            "creations": [
                {
                    "resource_type": b.resource_type,
                    "resource_name": b.name,
                    "resource_pattern_type": b.pattern_type,
                    "principal": b.principal,
                    "host": b.host,
                    "operation": b.operation,
                    "permission_type": b.permission,
                }
                for b in bindings
            ]
        }
        r = await self._acl_call(ApiKey.CREATE_ACLS, body)
        return [error_for(x.error_code, x.error_message or "") if x.error_code else None for x in r.results]

    async def describe_acls(self, acl_filter: AclBindingFilter | None = None) -> list[AclBinding]:
        r = await self._acl_call(ApiKey.DESCRIBE_ACLS, (acl_filter or AclBindingFilter()).to_wire())
        if r.error_code:
            raise error_for(r.error_code, r.error_message or "DescribeAcls")
        return [
            _binding(res.resource_type, res.resource_name, res.pattern_type, a)
            for res in r.resources
            for a in res.acls
        ]

    async def delete_acls(self, filters: list[AclBindingFilter]) -> list[list[AclBinding]]:
        """The bindings each filter deleted; a refused filter raises."""
        r = await self._acl_call(ApiKey.DELETE_ACLS, {"filters": [f.to_wire() for f in filters]})
        out = []
        for fr in r.filter_results:
            if fr.error_code:
                raise error_for(fr.error_code, fr.error_message or "DeleteAcls")
            out.append(
                [_binding(m.resource_type, m.resource_name, m.pattern_type, m) for m in fr.matching_acls]
            )
        return out

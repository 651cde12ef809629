"""The admin client's client-quota calls (KIP-546): DescribeClientQuotas, AlterClientQuotas.

An entity is a tuple of (type, name) pairs, type "user" or "client-id"; a name of None is that
type's default (Kafka's `<default>`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from client.cluster import KafkaClient
from client.errors import error_for
from protocol.apis import ApiKey

QuotaEntity = tuple[tuple[str, str | None], ...]
EXACT, DEFAULT, SPECIFIED = 0, 1, 2  # DescribeClientQuotas' match types


class QuotaAdmin:
    client: KafkaClient

    async def _quota_call(self, api_key: ApiKey, body: dict[str, Any]) -> Any:
        async def attempt() -> Any:
            return await self.client.send(self.client.least_loaded_node(), api_key, body)

        return await self.client.retry(attempt, what=api_key.name)

    async def describe_client_quotas(
        self, components: Iterable[tuple[str, int, str | None]] = (), *, strict: bool = False
    ) -> dict[QuotaEntity, dict[str, float]]:
        """The quotas of the entities matching every (type, match type, name) component."""
        body = {
            "components": [{"entity_type": t, "match_type": m, "match": n} for t, m, n in components],
            "strict": strict,
        }
        r = await self._quota_call(ApiKey.DESCRIBE_CLIENT_QUOTAS, body)
        if r.error_code:
            raise error_for(r.error_code, r.error_message or "DescribeClientQuotas")
        return {
            tuple((e.entity_type, e.entity_name) for e in entry.entity): {
                v.key: v.value for v in entry["values"]
            }
            for entry in r.entries or []
        }

    async def alter_client_quotas(
        self,
        changes: Mapping[QuotaEntity, Mapping[str, float | None]],
        *,
        validate_only: bool = False,
    ) -> None:
        """Set each key to its value, or remove it (None). A refused entity raises."""
        body = {
            "entries": [
                {
                    "entity": [{"entity_type": t, "entity_name": n} for t, n in entity],
                    "ops": [
                        {"key": k, "value": 0.0 if v is None else float(v), "remove": v is None}
                        for k, v in ops.items()
                    ],
                }
                for entity, ops in changes.items()
            ],
            "validate_only": validate_only,
        }
        r = await self._quota_call(ApiKey.ALTER_CLIENT_QUOTAS, body)
        for x in r.entries:
            if x.error_code:
                raise error_for(x.error_code, x.error_message or "AlterClientQuotas")

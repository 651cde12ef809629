"""AsyncAdmin: topics, groups and offsets.

    async with AsyncAdmin(bootstrap_servers="127.0.0.1:9092") as admin:
        await admin.create_topics([NewTopic("orders", num_partitions=6)])
        print(await admin.describe_groups(["billing"]))
        print(await admin.describe_share_group_offsets("workers"))   # share groups: share_admin.py
        await admin.reset_group_offsets("billing", "orders", to="earliest")

Topic changes go to the controller; group calls to each group's coordinator (found with
FindCoordinator); offsets lookups to each partition's leader. Retriable errors are retried with
backoff until request_timeout_ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ssl
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from client import log as logs
from client.acls import AclAdmin
from client.cluster import COORDINATION, ClientConfig, KafkaClient
from client.errors import COORDINATOR_ERRORS, METADATA_ERRORS, KafkaError, error_for
from client.offsets import (
    list_offsets_body,
    list_offsets_result,
    offset_commit_body,
    offset_commit_errors,
    offset_fetch_body,
    offset_fetch_result,
)
from client.quotas import QuotaAdmin
from client.security import SecurityConfig
from client.share_admin import ShareGroupAdmin
from client.structs import BrokerNode, OffsetAndMetadata, OffsetSpec, TopicPartition
from protocol.apis import ApiKey
from protocol.consumer_protocol import decode_assignment, decode_subscription
from protocol.errors import ErrorCode, ProtocolDecodeError

log = logs.get("kbroker.client.admin")


@dataclass(frozen=True, slots=True)
class NewTopic:
    name: str
    num_partitions: int = -1  # -1: the broker's default
    replication_factor: int = -1
    configs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class GroupListing:
    group_id: str
    protocol_type: str
    state: str = ""


@dataclass(frozen=True, slots=True)
class MemberDescription:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    topics: tuple[str, ...] = ()  # from its subscription (consumer groups)
    assignment: tuple[TopicPartition, ...] = ()
    # KIP-848 consumer groups (ConsumerGroupDescribe) only: None for classic groups.
    member_epoch: int | None = None
    target_assignment: tuple[TopicPartition, ...] = ()


@dataclass(frozen=True, slots=True)
class GroupDescription:
    group_id: str
    state: str
    protocol_type: str
    protocol: str  # the assignor of a consumer group (KIP-848)
    members: tuple[MemberDescription, ...]
    error_code: int = 0
    # KIP-848 consumer groups (ConsumerGroupDescribe) only: None for classic groups.
    group_epoch: int | None = None
    target_assignment_epoch: int | None = None


TOPIC_RESOURCE, BROKER_RESOURCE = 2, 4  # Kafka's ConfigResource types


@dataclass(frozen=True, slots=True)
class ConfigEntry:
    name: str
    value: str | None
    source: int  # Kafka's ConfigSource: 1 topic override, 4 server.properties, 5 default...
    read_only: bool = False
    sensitive: bool = False
    synonyms: tuple[tuple[str, str | None, int], ...] = ()


class AsyncAdmin(AclAdmin, ShareGroupAdmin, QuotaAdmin):
    def __init__(
        self,
        bootstrap_servers: str | list[str] = "127.0.0.1:9092",
        *,
        client_id: str = "kbroker-admin",
        request_timeout_ms: int = 30_000,
        retry_backoff_ms: int = 100,
        metadata_max_age_ms: int = 300_000,
        security_protocol: str = "PLAINTEXT",
        ssl_context: ssl.SSLContext | None = None,
        sasl_mechanism: str = "PLAIN",
        sasl_plain_username: str | None = None,
        sasl_plain_password: str | None = None,
    ):
        self.client = KafkaClient(
            ClientConfig(
                bootstrap_servers,
                client_id,
                request_timeout_ms,
                metadata_max_age_ms=metadata_max_age_ms,
                retry_backoff_ms=retry_backoff_ms,
                allow_auto_create_topics=False,
                security=SecurityConfig(
                    security_protocol, ssl_context, sasl_mechanism, sasl_plain_username, sasl_plain_password
                ),
            )
        )
        self.client.want_all_topics(True)

    async def start(self) -> None:
        await self.client.start()

    async def close(self) -> None:
        await self.client.close()

    async def __aenter__(self) -> AsyncAdmin:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def timeout(self) -> float:
        return self.client.config.request_timeout_ms / 1000

    # --- cluster and topics ------------------------------------------------------------------

    async def describe_cluster(self) -> dict[str, Any]:
        cluster = await self.client.refresh_metadata()
        return {
            "cluster_id": cluster.cluster_id,
            "controller_id": cluster.controller_id,
            "brokers": sorted(cluster.brokers.values(), key=lambda b: b.node_id),
        }

    async def list_topics(self, *, internal: bool = False) -> dict[str, int]:
        """Topic name -> partition count."""
        cluster = await self.client.refresh_metadata()
        return {
            name: len(t.partitions)
            for name, t in sorted(cluster.topics.items())
            if internal or not t.is_internal
        }

    async def _controller(self) -> int:
        cluster = self.client.cluster
        if cluster.controller_id < 0 or cluster.controller_id not in cluster.brokers:
            await self.client.refresh_metadata()
        controller = self.client.cluster.controller_id
        return controller if controller in self.client.cluster.brokers else self.client.least_loaded_node()

    async def create_topics(
        self,
        topics: Iterable[NewTopic],
        *,
        timeout_ms: int = 30_000,
        validate_only: bool = False,
        exist_ok: bool = False,
        wait: bool = True,
    ) -> None:
        """Create topics (on the controller); with `wait`, until their leaders are in the metadata."""
        topics = list(topics)
        body = {
            "topics": [
                {
                    "name": t.name,
                    "num_partitions": t.num_partitions,
                    "replication_factor": t.replication_factor,
                    "assignments": [],
                    "configs": [{"name": k, "value": v} for k, v in t.configs.items()],
                }
                for t in topics
            ],
            "timeout_ms": timeout_ms,
            "validate_only": validate_only,
        }
        results = await self._to_controller(ApiKey.CREATE_TOPICS, body, "topics")
        failures = {
            n: (c, m)
            for n, (c, m) in results.items()
            if c and not (exist_ok and c == ErrorCode.TOPIC_ALREADY_EXISTS)
        }
        if failures:
            name, (code, message) = next(iter(failures.items()))
            raise error_for(code, f"CreateTopics {name}: {message or ''}".strip())
        if wait and not validate_only:
            names = [t.name for t in topics]
            await self.client.wait_for(
                lambda: all(
                    self.client.cluster.available_partitions(n)
                    and len(self.client.cluster.available_partitions(n))
                    == self.client.cluster.partition_count(n)
                    for n in names
                ),
                self.timeout,
                f"topics {names} to have leaders",
            )

    async def delete_topics(
        self, names: Iterable[str], *, timeout_ms: int = 30_000, missing_ok: bool = False
    ) -> None:
        names = list(names)
        body = {"topic_names": names, "topics": [{"name": n} for n in names], "timeout_ms": timeout_ms}
        results = await self._to_controller(ApiKey.DELETE_TOPICS, body, "responses")
        for name, (code, message) in results.items():
            if code and not (missing_ok and code == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION):
                raise error_for(code, f"DeleteTopics {name}: {message or ''}".strip())
        with contextlib.suppress(KafkaError):
            await self.client.refresh_metadata()

    async def create_partitions(
        self, counts: Mapping[str, int], *, timeout_ms: int = 30_000, validate_only: bool = False
    ) -> None:
        """Raise topics' partition counts (on the controller); waits until the new partitions lead."""
        body = {
            "topics": [{"name": n, "count": c, "assignments": None} for n, c in counts.items()],
            "timeout_ms": timeout_ms,
            "validate_only": validate_only,
        }
        results = await self._to_controller(ApiKey.CREATE_PARTITIONS, body, "results")
        for name, (code, message) in results.items():
            if code:
                raise error_for(code, f"CreatePartitions {name}: {message or ''}".strip())
        if not validate_only:
            await self.client.wait_for(
                lambda: all(len(self.client.cluster.available_partitions(n)) == c for n, c in counts.items()),
                self.timeout,
                f"new partitions of {sorted(counts)} to have leaders",
            )

    async def describe_configs(
        self,
        resource_type: int,
        name: str,
        keys: Iterable[str] | None = None,
    ) -> list[ConfigEntry]:
        """A topic's (resource_type 2) or a broker's (4) configs: value, source, read-only, synonyms."""
        body = {
            "resources": [
                {
                    "resource_type": resource_type,
                    "resource_name": name,
                    "configuration_keys": None if keys is None else list(keys),
                }
            ],
            "include_synonyms": True,
            "include_documentation": False,
        }
        node = int(name) if resource_type == BROKER_RESOURCE and name.isdigit() else None

        async def attempt() -> Any:
            return await self.client.send(
                node if node is not None else self.client.least_loaded_node(), ApiKey.DESCRIBE_CONFIGS, body
            )

        r = await self.client.retry(attempt, what="DescribeConfigs")
        (result,) = r.results
        if result.error_code:
            raise error_for(
                result.error_code, f"DescribeConfigs {name}: {result.error_message or ''}".strip()
            )
        return [
            ConfigEntry(
                c.name,
                c.value,
                c.config_source,
                c.read_only,
                c.is_sensitive,
                tuple((s.name, s.value, s.source) for s in c.synonyms),
            )
            for c in result.configs
        ]

    async def incremental_alter_configs(
        self,
        resource_type: int,
        name: str,
        ops: Iterable[tuple[str, int, str | None]],
        *,
        validate_only: bool = False,
    ) -> None:
        """IncrementalAlterConfigs on one resource: (key, op, value) with op 0 SET, 1 DELETE,
        2 APPEND, 3 SUBTRACT. All or nothing: a bad key or value raises INVALID_CONFIG."""
        body = {
            "resources": [
                {
                    "resource_type": resource_type,
                    "resource_name": name,
                    "configs": [{"name": k, "config_operation": op, "value": v} for k, op, v in ops],
                }
            ],
            "validate_only": validate_only,
        }
        node = int(name) if resource_type == BROKER_RESOURCE and name.isdigit() else None

        async def attempt() -> Any:
            target = node if node is not None else await self._controller()
            return await self.client.send(target, ApiKey.INCREMENTAL_ALTER_CONFIGS, body)

        r = await self.client.retry(attempt, what="IncrementalAlterConfigs")
        for x in r.responses:
            if x.error_code:
                raise error_for(
                    x.error_code, f"IncrementalAlterConfigs {name}: {x.error_message or ''}".strip()
                )

    async def delete_records(self, before: Mapping[TopicPartition, int]) -> dict[TopicPartition, int]:
        """Move partitions' log start offsets to `before` (-1: the end); the new low watermarks."""
        before = {TopicPartition(*tp): o for tp, o in before.items()}
        self.client.add_topics({tp.topic for tp in before})
        await self.client.wait_for(
            lambda: all(self.client.cluster.leader_for(tp) >= 0 for tp in before),
            self.timeout,
            "partition leaders",
        )
        by_node: dict[int, dict[str, list[dict[str, int]]]] = {}
        for tp, offset in before.items():
            by_node.setdefault(self.client.cluster.leader_for(tp), {}).setdefault(tp.topic, []).append(
                {"partition_index": tp.partition, "offset": offset}
            )
        out: dict[TopicPartition, int] = {}
        for node, topics in by_node.items():
            r = await self.client.send(
                node,
                ApiKey.DELETE_RECORDS,
                {"topics": [{"name": t, "partitions": ps} for t, ps in topics.items()], "timeout_ms": 30_000},
            )
            for t in r.topics:
                for p in t.partitions:
                    if p.error_code:
                        raise error_for(p.error_code, f"DeleteRecords {t.name}-{p.partition_index}")
                    out[TopicPartition(t.name, p.partition_index)] = p.low_watermark
        return out

    async def elect_leaders(
        self,
        election_type: int = 0,
        partitions: Iterable[TopicPartition] | None = None,
        *,
        timeout_ms: int = 30_000,
    ) -> dict[TopicPartition, tuple[int, str | None]]:
        """Elect the preferred (0) or an unclean (1) leader of `partitions` (None: every partition;
        then the broker answers only for those it elected or could not) on the controller:
        (error code, message) per partition, ELECTION_NOT_NEEDED where the leader was already right."""
        if partitions is None:
            topics: list[dict[str, Any]] | None = None
        else:
            grouped: dict[str, list[int]] = {}
            for tp in partitions:
                grouped.setdefault(tp[0], []).append(tp[1])
            topics = [{"topic": t, "partition_id": ps} for t, ps in grouped.items()]
        body = {"election_type": election_type, "topic_partitions": topics, "timeout_ms": timeout_ms}

        async def attempt() -> dict[TopicPartition, tuple[int, str | None]]:
            response = await self.client.send(await self._controller(), ApiKey.ELECT_LEADERS, body)
            if response.error_code:
                raise error_for(response.error_code, "ElectLeaders")
            out = {
                TopicPartition(t.topic, p.partition_id): (p.error_code, p.error_message)
                for t in response.replica_election_results
                for p in t.partition_result
            }
            if any(code == ErrorCode.NOT_CONTROLLER for code, _ in out.values()):
                await self.client.refresh_metadata()
                raise error_for(ErrorCode.NOT_CONTROLLER, "ElectLeaders")
            return out

        return await self.client.retry(attempt, what="ElectLeaders", timeout=self.timeout + timeout_ms / 1000)

    async def alter_partition_reassignments(
        self,
        reassignments: dict[TopicPartition, list[int] | None],
        *,
        allow_replication_factor_change: bool = True,
        timeout_ms: int = 30_000,
    ) -> dict[TopicPartition, tuple[int, str | None]]:
        """Move partitions to the replicas given (None: cancel the move in progress) on the
        controller: (error code, message) per partition; the moves run after the answer."""
        grouped: dict[str, list[dict[str, Any]]] = {}
        for tp, replicas in reassignments.items():
            grouped.setdefault(tp[0], []).append({"partition_index": tp[1], "replicas": replicas})
        body = {
            "timeout_ms": timeout_ms,
            "allow_replication_factor_change": allow_replication_factor_change,
            "topics": [{"name": t, "partitions": ps} for t, ps in grouped.items()],
        }

        async def attempt() -> dict[TopicPartition, tuple[int, str | None]]:
            response = await self.client.send(
                await self._controller(), ApiKey.ALTER_PARTITION_REASSIGNMENTS, body
            )
            if response.error_code == ErrorCode.NOT_CONTROLLER:
                await self.client.refresh_metadata()
            if response.error_code:
                raise error_for(response.error_code, "AlterPartitionReassignments")
            return {
                TopicPartition(t.name, p.partition_index): (p.error_code, p.error_message)
                for t in response.responses
                for p in t.partitions
            }

        return await self.client.retry(
            attempt, what="AlterPartitionReassignments", timeout=self.timeout + timeout_ms / 1000
        )

    async def list_partition_reassignments(
        self, partitions: Iterable[TopicPartition] | None = None, *, timeout_ms: int = 30_000
    ) -> dict[TopicPartition, tuple[list[int], list[int], list[int]]]:
        """The moves in progress (of `partitions`, or all): (replicas, adding, removing) each."""
        topics: list[dict[str, Any]] | None = None
        if partitions is not None:
            grouped: dict[str, list[int]] = {}
            for tp in partitions:
                grouped.setdefault(tp[0], []).append(tp[1])
            topics = [{"name": t, "partition_indexes": ps} for t, ps in grouped.items()]
        body = {"timeout_ms": timeout_ms, "topics": topics}

        async def attempt() -> dict[TopicPartition, tuple[list[int], list[int], list[int]]]:
            response = await self.client.send(
                await self._controller(), ApiKey.LIST_PARTITION_REASSIGNMENTS, body
            )
            if response.error_code == ErrorCode.NOT_CONTROLLER:
                await self.client.refresh_metadata()
            if response.error_code:
                raise error_for(response.error_code, "ListPartitionReassignments")
            return {
                TopicPartition(t.name, p.partition_index): (
                    list(p.replicas),
                    list(p.adding_replicas),
                    list(p.removing_replicas),
                )
                for t in response.topics
                for p in t.partitions
            }

        return await self.client.retry(attempt, what="ListPartitionReassignments", timeout=self.timeout)

    async def _to_controller(
        self, api_key: int, body: dict[str, Any], key: str
    ) -> dict[str, tuple[int, str | None]]:
        async def attempt() -> dict[str, tuple[int, str | None]]:
            node = await self._controller()
            response = await self.client.send(node, api_key, body)
            out = {t.name: (t.error_code, t.error_message) for t in response[key]}
            if any(code == ErrorCode.NOT_CONTROLLER for code, _ in out.values()):
                await self.client.refresh_metadata()
                raise error_for(ErrorCode.NOT_CONTROLLER, ApiKey(api_key).name)
            return out

        return await self.client.retry(attempt, what=ApiKey(api_key).name)

    # --- groups ------------------------------------------------------------------------------

    async def list_groups(self, states: Iterable[str] = ()) -> list[GroupListing]:
        """Every group of every broker (in one of `states`, if given: ListGroups v4+ filters)."""
        cluster = await self.client.refresh_metadata()
        states = list(states)

        async def ask(node: int) -> list[GroupListing]:
            r = await self.client.send(
                node, ApiKey.LIST_GROUPS, {"states_filter": states, "types_filter": []}
            )
            if r.error_code:
                raise error_for(r.error_code, "ListGroups")
            return [GroupListing(g.group_id, g.protocol_type, g.group_state) for g in r.groups]

        found = await asyncio.gather(
            *(self.client.retry(functools.partial(ask, n), what="ListGroups") for n in cluster.brokers)
        )
        return sorted({g.group_id: g for gs in found for g in gs}.values(), key=lambda g: g.group_id)

    async def describe_consumer_group(self, group_id: str) -> GroupDescription:
        """A KIP-848 consumer group by ConsumerGroupDescribe: its epochs and each member's epoch,
        assignment and target assignment. GROUP_ID_NOT_FOUND (raised) for a classic group too."""
        _, r = await self._coordinator_call(
            group_id,
            ApiKey.CONSUMER_GROUP_DESCRIBE,
            {"group_ids": [group_id], "include_authorized_operations": False},
            lambda r, _v: r.groups[0].error_code if r.groups else 0,
        )
        g = r.groups[0]
        if g.error_code:
            raise error_for(g.error_code, g.error_message or f"ConsumerGroupDescribe {group_id!r}")

        def tps(assignment: Any) -> tuple[TopicPartition, ...]:
            return tuple(
                sorted(
                    TopicPartition(t.topic_name, p) for t in assignment.topic_partitions for p in t.partitions
                )
            )

        members = tuple(
            MemberDescription(
                m.member_id,
                m.instance_id,
                m.client_id,
                m.client_host,
                tuple(m.subscribed_topic_names),
                tps(m.assignment),
                m.member_epoch,
                tps(m.target_assignment),
            )
            for m in g.members
        )
        return GroupDescription(
            g.group_id,
            g.group_state,
            "consumer",
            g.assignor_name,
            members,
            0,
            g.group_epoch,
            g.assignment_epoch,
        )

    async def _coordinator_call(
        self, group_id: str, api_key: int, body: Any, error_of: Any
    ) -> tuple[int, Any]:
        """A request to the group's coordinator, rediscovering it on NOT_COORDINATOR and
        retrying COORDINATOR_LOAD_IN_PROGRESS."""

        async def attempt() -> tuple[int, Any]:
            node: BrokerNode = await self.client.find_coordinator(group_id)
            version, r = await self.client.send_versioned(node.node_id, api_key, body, purpose=COORDINATION)
            code = error_of(r, version)
            if code in COORDINATOR_ERRORS or code == ErrorCode.COORDINATOR_LOAD_IN_PROGRESS:
                raise error_for(code, f"{ApiKey(api_key).name} {group_id!r}")
            return version, r

        return await self.client.retry(attempt, what=f"{ApiKey(api_key).name} {group_id!r}")

    async def describe_groups(self, group_ids: Iterable[str]) -> dict[str, GroupDescription]:
        out = {}
        for group_id in group_ids:
            _, r = await self._coordinator_call(
                group_id,
                ApiKey.DESCRIBE_GROUPS,
                {"groups": [group_id], "include_authorized_operations": False},
                lambda r, _v: r.groups[0].error_code if r.groups else 0,
            )
            for g in r.groups:
                if g.error_code:
                    raise error_for(g.error_code, f"DescribeGroups {g.group_id!r}")
                out[g.group_id] = GroupDescription(
                    g.group_id,
                    g.group_state,
                    g.protocol_type,
                    g.protocol_data,
                    tuple(_member(m, g.protocol_type) for m in g.members),
                    g.error_code,
                )
        return out

    async def delete_groups(self, group_ids: Iterable[str]) -> dict[str, int]:
        """Delete empty groups; group id -> error code (0: deleted; NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND...)."""
        out = {}
        for group_id in group_ids:
            _, r = await self._coordinator_call(
                group_id,
                ApiKey.DELETE_GROUPS,
                {"groups_names": [group_id]},
                lambda r, _v: r.results[0].error_code if r.results else 0,
            )
            out.update({x.group_id: x.error_code for x in r.results})
        return out

    # --- offsets -----------------------------------------------------------------------------

    async def list_offsets(
        self, specs: Mapping[TopicPartition, int]
    ) -> dict[TopicPartition, tuple[int, int]]:
        """{partition: (offset, timestamp)} for OffsetSpec.EARLIEST / LATEST / MAX_TIMESTAMP or a
        timestamp in ms (the first offset at or after it; -1 if none), asked of each leader."""
        specs = {TopicPartition(*tp): ts for tp, ts in specs.items()}
        self.client.add_topics({tp.topic for tp in specs})
        out: dict[TopicPartition, tuple[int, int]] = {}

        async def attempt() -> None:
            await self.client.wait_for(
                lambda: all(self.client.cluster.leader_for(tp) >= 0 for tp in specs),
                self.timeout,
                "partition leaders",
            )
            by_node: dict[int, dict[TopicPartition, int]] = {}
            for tp, ts in specs.items():
                if tp not in out:
                    by_node.setdefault(self.client.cluster.leader_for(tp), {})[tp] = ts
            for node, part in by_node.items():
                r = await self.client.send(node, ApiKey.LIST_OFFSETS, list_offsets_body(part))
                for tp, (code, offset, ts) in list_offsets_result(r).items():
                    if code in METADATA_ERRORS:
                        await self.client.refresh_metadata()
                        raise error_for(code, f"ListOffsets {tp}")
                    if code:
                        raise error_for(code, f"ListOffsets {tp}")
                    out[tp] = (offset, ts)

        await self.client.retry(attempt, what="ListOffsets")
        return out

    async def list_group_offsets(
        self,
        group_id: str,
        partitions: Iterable[TopicPartition] | None = None,
    ) -> dict[TopicPartition, OffsetAndMetadata]:
        """The group's committed offsets (all of them, or for `partitions`)."""
        tps = None if partitions is None else sorted({TopicPartition(*tp) for tp in partitions})
        version, r = await self._coordinator_call(
            group_id,
            ApiKey.OFFSET_FETCH,
            offset_fetch_body(group_id, tps),
            lambda r, v: offset_fetch_result(r, v, group_id)[0],
        )
        error, found = offset_fetch_result(r, version, group_id)
        if error:
            raise error_for(error, f"OffsetFetch {group_id!r}")
        return {tp: om for tp, (om, code) in found.items() if om is not None and not code}

    async def alter_group_offsets(
        self, group_id: str, offsets: Mapping[TopicPartition, int | OffsetAndMetadata]
    ) -> None:
        """Set a group's committed offsets (the group must have no active members)."""
        to_commit = {
            TopicPartition(*tp): om if isinstance(om, OffsetAndMetadata) else OffsetAndMetadata(int(om))
            for tp, om in offsets.items()
        }
        _, r = await self._coordinator_call(
            group_id,
            ApiKey.OFFSET_COMMIT,
            offset_commit_body(group_id, to_commit),
            lambda r, _v: next((c for c in offset_commit_errors(r).values() if c), 0),
        )
        for tp, code in offset_commit_errors(r).items():
            if code:
                raise error_for(code, f"OffsetCommit {group_id!r} {tp}")

    async def reset_group_offsets(
        self, group_id: str, target: str | Iterable[TopicPartition], *, to: str | int = "earliest"
    ) -> dict[TopicPartition, int]:
        """Move a group's committed offsets of a topic (every partition) or of some partitions
        to "earliest", "latest", or the first offset at or after a timestamp (ms)."""
        if isinstance(target, str):
            self.client.add_topics([target])
            await self.client.wait_for(
                lambda: self.client.cluster.partition_count(target) > 0,
                self.timeout,
                f"metadata of {target!r}",
            )
            tps = [TopicPartition(target, p) for p in self.client.cluster.partitions_for(target) or []]
        else:
            tps = [TopicPartition(*tp) for tp in target]
        spec = (
            {"earliest": OffsetSpec.EARLIEST, "latest": OffsetSpec.LATEST}.get(to, to)
            if isinstance(to, str)
            else to
        )
        if isinstance(spec, str):
            raise ValueError("to must be 'earliest', 'latest' or a timestamp in ms")
        found = await self.list_offsets({tp: spec for tp in tps})
        if spec >= 0:  # by time: partitions without a later record go to their end
            ends = await self.list_offsets(
                {tp: OffsetSpec.LATEST for tp, (off, _) in found.items() if off < 0}
            )
            found.update(ends)
        offsets = {tp: off for tp, (off, _ts) in found.items()}
        await self.alter_group_offsets(group_id, offsets)
        log.info("reset_group_offsets", group=group_id, offsets={str(tp): o for tp, o in offsets.items()})
        return offsets

    async def delete_group_offsets(
        self, group_id: str, partitions: Iterable[TopicPartition]
    ) -> dict[TopicPartition, int]:
        tps = sorted({TopicPartition(*tp) for tp in partitions})
        topics: dict[str, list[dict[str, int]]] = {}
        for tp in tps:
            topics.setdefault(tp.topic, []).append({"partition_index": tp.partition})
        _, r = await self._coordinator_call(
            group_id,
            ApiKey.OFFSET_DELETE,
            {"group_id": group_id, "topics": [{"name": t, "partitions": ps} for t, ps in topics.items()]},
            lambda r, _v: r.error_code,
        )
        if r.error_code:
            raise error_for(r.error_code, f"OffsetDelete {group_id!r}")
        return {
            TopicPartition(t.name, p.partition_index): p.error_code for t in r.topics for p in t.partitions
        }


def _member(m: Any, protocol_type: str) -> MemberDescription:
    topics: tuple[str, ...] = ()
    assignment: tuple[TopicPartition, ...] = ()
    if protocol_type == "consumer":
        with contextlib.suppress(ProtocolDecodeError):
            if m.member_metadata:
                topics = tuple(decode_subscription(m.member_metadata).topics)
        with contextlib.suppress(ProtocolDecodeError):
            if m.member_assignment:
                assignment = tuple(
                    TopicPartition(t, p) for t, p in decode_assignment(m.member_assignment).partitions()
                )
    return MemberDescription(m.member_id, m.group_instance_id, m.client_id, m.client_host, topics, assignment)

"""What the console reads from (and the little it writes to) a Kafka cluster, through kbroker's
own async client only, so it works against kbroker and against any Kafka. Every failure the user
can cause or meet (an unreachable cluster, an offset past the end, a malformed reset) becomes a
`ConsoleError` whose message is the one the page shows."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from client import AsyncAdmin, AsyncConsumer, AsyncProducer, KafkaError, TopicPartition
from client.admin import BROKER_RESOURCE, TOPIC_RESOURCE, ConfigEntry, GroupDescription, MemberDescription
from client.cli import resets
from client.cli.common import CliError
from client.errors import NoBrokersAvailable, UnsupportedVersionError
from client.structs import ConsumerRecord, OffsetSpec
from protocol.apis import ApiKey
from protocol.errors import ErrorCode


class ConsoleError(Exception):
    """What went wrong, in one sentence for the page (never a stack trace)."""


# -- what the pages show -----------------------------------------------------------------------


@dataclass(slots=True)
class PartitionRow:
    partition: int
    leader: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    log_start: int | None = None
    high_watermark: int | None = None
    size: int | None = None


@dataclass(slots=True)
class TopicRow:
    name: str
    partitions: int
    internal: bool
    size: int | None = None


@dataclass(slots=True)
class Member:
    member_id: str
    client_id: str
    host: str
    instance_id: str | None = None
    assignment: list[str] = field(default_factory=list)  # "topic-partition"
    target: list[str] | None = None  # KIP-848: the target assignment (None: classic)
    epoch: int | None = None  # KIP-848 and share: the member epoch


@dataclass(slots=True)
class Group:
    group_id: str
    kind: str  # classic, consumer (KIP-848) or share (KIP-932)
    state: str
    protocol_type: str
    protocol: str
    members: list[Member]
    epoch: int | None = None  # group epoch (KIP-848, share)
    assignment_epoch: int | None = None
    note: str = ""  # what this cluster would not tell (e.g. no DescribeGroups)

    def grid(self) -> tuple[list[str], list[list[bool]]]:
        """The assignment as a partition x member grid: the partitions (rows) and, per row, which
        member (column, in `members` order) holds it."""
        partitions = sorted(
            {p for m in self.members for p in m.assignment}, key=lambda tp: tuple(_tp_key(tp))
        )
        return partitions, [[p in m.assignment for m in self.members] for p in partitions]


@dataclass(slots=True)
class LagRow:
    topic: str
    partition: int
    committed: int | None
    end: int | None
    lag: int | None
    member: str | None


QUOTA_KEYS = ("producer_byte_rate", "consumer_byte_rate", "request_percentage")


@dataclass(slots=True)
class QuotaRow:
    entity: str  # "user=alice, client-id=<default>"
    values: dict[str, float | None]  # QUOTA_KEYS, None where not set
    others: dict[str, float]  # any other key (controller_mutation_rate, ...)


@dataclass(slots=True)
class RecordView:
    partition: int
    offset: int
    timestamp: int
    key: str | None
    value: str | None
    headers: list[tuple[str, str | None]]


def _tp_key(tp: str) -> tuple[str, int]:
    topic, _, p = tp.rpartition("-")
    return (topic, int(p)) if p.isdigit() else (tp, -1)


def render_bytes(data: bytes | None, how: str) -> str | None:
    """Bytes as text (UTF-8, with unprintables escaped), pretty JSON (text if not JSON) or hex."""
    if data is None:
        return None
    if how == "hex":
        return data.hex(" ")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data.hex(" ") if how == "text" else "base64:" + base64.b64encode(data).decode()
    if how == "json":
        with contextlib.suppress(ValueError):
            return json.dumps(json.loads(text), indent=1, ensure_ascii=False)
    return "".join(c if c in string.printable or c.isprintable() else repr(c)[1:-1] for c in text)


def parse_int(text: str | None, what: str, *, minimum: int | None = None) -> int:
    try:
        value = int((text or "").strip())
    except ValueError:
        raise ConsoleError(f"{what} must be a whole number, not {text!r}") from None
    if minimum is not None and value < minimum:
        raise ConsoleError(f"{what} must be at least {minimum}, not {value}")
    return value


class ClusterView:
    """One admin connection for the console's lifetime, opened at first use (and again after a
    failure), plus short-lived consumers and producers for the message browser."""

    def __init__(self, bootstrap: str, security: dict[str, Any] | None = None, timeout_ms: int = 15_000):
        self.bootstrap = bootstrap
        self.security = security or {}
        self.timeout_ms = timeout_ms
        self._admin: AsyncAdmin | None = None
        self._lock = asyncio.Lock()

    async def admin(self) -> AsyncAdmin:
        async with self._lock:
            if self._admin is None:
                admin = AsyncAdmin(
                    self.bootstrap,
                    client_id="kbroker-console",
                    request_timeout_ms=self.timeout_ms,
                    **self.security,
                )
                try:
                    await admin.start()
                    await admin.client.refresh_metadata()
                except (KafkaError, OSError) as e:
                    await admin.close()
                    raise self.unreachable(e) from None
                self._admin = admin
            return self._admin

    def unreachable(self, e: BaseException) -> ConsoleError:
        return ConsoleError(f"The cluster at {self.bootstrap} is unreachable ({e}).")

    async def close(self) -> None:
        if self._admin is not None:
            await self._admin.close()
            self._admin = None

    async def call(self, what: str, coro: Any) -> Any:
        """Await `coro`; a client error becomes a ConsoleError naming `what`."""
        try:
            return await coro
        except ConsoleError:
            raise
        except NoBrokersAvailable as e:
            await self.close()
            raise self.unreachable(e) from None
        except (KafkaError, TimeoutError, OSError) as e:
            raise ConsoleError(f"{what}: {e or type(e).__name__}") from None

    # -- cluster --------------------------------------------------------------------------------

    async def overview(self) -> dict[str, Any]:
        admin = await self.admin()
        info = await self.call("describe the cluster", admin.describe_cluster())
        listeners: dict[int, str] = {}
        for b in info["brokers"]:
            with contextlib.suppress(KafkaError, TimeoutError, OSError):
                entries = await admin.describe_configs(BROKER_RESOURCE, str(b.node_id), ["listeners"])
                listeners[b.node_id] = next((e.value or "" for e in entries if e.name == "listeners"), "")
        return {**info, "listeners": listeners, "bootstrap": self.bootstrap}

    async def broker_config(self, node_id: int, keys: Iterable[str]) -> dict[str, str | None]:
        admin = await self.admin()
        entries = await admin.describe_configs(BROKER_RESOURCE, str(node_id), list(keys))
        return {e.name: e.value for e in entries}

    # -- topics ---------------------------------------------------------------------------------

    async def topics(self) -> list[TopicRow]:
        admin = await self.admin()
        cluster = await self.call("list topics", admin.client.refresh_metadata())
        sizes = await self._sizes()
        rows = []
        for name, t in sorted(cluster.topics.items()):
            size = sum(v for (topic, _), v in sizes.items() if topic == name) if sizes else None
            rows.append(TopicRow(name, len(t.partitions), t.is_internal, size))
        return rows

    async def _sizes(self) -> dict[tuple[str, int], int]:
        """Partition sizes from DescribeLogDirs (every broker; {} where it is not answered)."""
        admin = await self.admin()
        out: dict[tuple[str, int], int] = {}
        for node in list(admin.client.cluster.brokers):
            with contextlib.suppress(KafkaError, TimeoutError, OSError):
                r = await admin.client.send(node, ApiKey.DESCRIBE_LOG_DIRS, {"topics": None})
                for d in r.results:
                    for t in d.topics:
                        for p in t.partitions:
                            if not p.is_future_key:
                                out[(t.name, p.partition_index)] = p.partition_size
        return out

    async def topic(self, name: str) -> tuple[list[PartitionRow], list[ConfigEntry]]:
        admin = await self.admin()
        cluster = await self.call("read metadata", admin.client.refresh_metadata())
        meta = cluster.topics.get(name)
        if meta is None:
            raise ConsoleError(f"There is no topic {name!r}.")
        tps = {TopicPartition(name, p): p for p in meta.partitions}
        starts = await self._offsets(tps, OffsetSpec.EARLIEST)
        ends = await self._offsets(tps, OffsetSpec.LATEST)
        sizes = await self._sizes()
        rows = [
            PartitionRow(
                p,
                pm.leader,
                pm.replicas,
                pm.isr,
                starts.get(TopicPartition(name, p)),
                ends.get(TopicPartition(name, p)),
                sizes.get((name, p)),
            )
            for p, pm in sorted(meta.partitions.items())
        ]
        configs: list[ConfigEntry] = []
        with contextlib.suppress(KafkaError, TimeoutError, OSError):
            configs = await admin.describe_configs(TOPIC_RESOURCE, name)
        return rows, sorted(configs, key=lambda e: e.name)

    async def _offsets(self, tps: Iterable[TopicPartition], spec: int) -> dict[TopicPartition, int]:
        admin = await self.admin()
        want = {tp: spec for tp in tps}
        if not want:
            return {}
        found = await self.call("list offsets", admin.list_offsets(want))
        return {tp: off for tp, (off, _ts) in found.items()}

    # -- messages -------------------------------------------------------------------------------

    async def _partition(self, topic: str, partition: int) -> TopicPartition:
        admin = await self.admin()
        count = (await self.call("list topics", admin.list_topics(internal=True))).get(topic)
        if count is None:
            raise ConsoleError(f"There is no topic {topic!r}.")
        if not 0 <= partition < count:
            raise ConsoleError(
                f"Topic {topic!r} has no partition {partition} (it has {count}: 0..{count - 1})."
            )
        return TopicPartition(topic, partition)

    async def read(
        self,
        topic: str,
        partition: int,
        *,
        offset: int | None = None,
        timestamp_ms: int | None = None,
        limit: int = 50,
        search: str = "",
        how: str = "text",
    ) -> tuple[list[RecordView], str]:
        """Up to `limit` records from an offset (or the first at or after a timestamp) and a note
        for the page; `search` keeps those whose key, value or a header holds it."""
        tp = await self._partition(topic, partition)
        start = (await self._offsets([tp], OffsetSpec.EARLIEST))[tp]
        end = (await self._offsets([tp], OffsetSpec.LATEST))[tp]
        if timestamp_ms is not None:
            offset = (await self._offsets([tp], timestamp_ms))[tp]
            if offset < 0:
                return [], f"No record of {topic}-{partition} at or after timestamp {timestamp_ms}."
        if offset is None:
            offset = max(start, end - limit)
        if offset >= end:
            raise ConsoleError(
                f"Offset {offset} is past the end of {topic}-{partition}: its records are at offsets "
                f"{start}..{end - 1}."
                if end > start
                else f"Offset {offset} is past the end of "
                f"{topic}-{partition}: it holds no records (its next offset is {end})."
            )
        note = ""
        if offset < start:
            note = f"Offset {offset} is before the log start; reading from {start}."
            offset = start
        records = await self._fetch(tp, offset, end, limit, search)
        views = [
            RecordView(
                r.partition,
                r.offset,
                r.timestamp,
                render_bytes(r.key, how),
                render_bytes(r.value, how),
                [(k, render_bytes(v, how)) for k, v in r.headers],
            )
            for r in records
        ]
        return views, note or f"From offset {offset} (the log holds {start}..{end - 1})" + (
            f", matching {search!r}" if search else ""
        )

    async def _fetch(
        self, tp: TopicPartition, offset: int, end: int, limit: int, search: str
    ) -> list[ConsumerRecord]:
        consumer = AsyncConsumer(
            bootstrap_servers=self.bootstrap,
            client_id="kbroker-console",
            enable_auto_commit=False,
            request_timeout_ms=self.timeout_ms,
            **self.security,
        )
        needle = search.encode() if search else b""
        out: list[ConsumerRecord] = []
        try:
            await self.call("connect a consumer", consumer.start())
            consumer.assign([tp])
            consumer.seek(tp, offset)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.timeout_ms / 1000
            position = offset
            while len(out) < limit and position < end and loop.time() < deadline:
                batch = await self.call("fetch", consumer.getmany(tp, timeout_ms=500))
                for r in batch.get(tp, []):
                    position = r.offset + 1
                    if needle and not _holds(r, needle):
                        continue
                    out.append(r)
                    if len(out) >= limit:
                        break
        finally:
            await consumer.close()
        return out

    async def produce(
        self, topic: str, partition: int | None, key: str, value: str, headers: list[tuple[str, str]]
    ) -> tuple[int, int]:
        if partition is not None:
            await self._partition(topic, partition)
        producer = AsyncProducer(
            self.bootstrap, client_id="kbroker-console", request_timeout_ms=self.timeout_ms, **self.security
        )
        try:
            await self.call("connect a producer", producer.start())
            fut = await self.call(
                "produce",
                producer.send(
                    topic,
                    value.encode() if value else None,
                    key.encode() if key else None,
                    partition=partition,
                    headers=[(k, v.encode()) for k, v in headers],
                ),
            )
            meta = await self.call("produce", fut)
        finally:
            await producer.close()
        return meta.partition, meta.offset

    # -- groups ---------------------------------------------------------------------------------

    async def groups(self) -> list[tuple[str, str, str]]:
        """(group id, kind, state) of every group."""
        admin = await self.admin()
        try:
            listed = await admin.list_groups()
        except UnsupportedVersionError:
            raise ConsoleError("This cluster does not serve ListGroups: open a group by its id.") from None
        except (KafkaError, TimeoutError, OSError) as e:
            raise ConsoleError(f"list groups: {e}") from None
        kinds = {"share": "share", "consumer": "consumer", "": "classic"}
        return [(g.group_id, kinds.get(g.protocol_type, g.protocol_type), g.state) for g in listed]

    async def group(self, group_id: str) -> Group:
        """The group as DescribeGroups (classic), ConsumerGroupDescribe (KIP-848) or
        ShareGroupDescribe (KIP-932) sees it, whichever knows it."""
        admin = await self.admin()
        desc: GroupDescription | None = None
        unsupported = []
        try:
            desc = (await admin.describe_groups([group_id]))[group_id]
        except NoBrokersAvailable as e:
            raise self.unreachable(e) from None
        except UnsupportedVersionError:
            unsupported.append("DescribeGroups")
        except KafkaError as e:
            if e.code not in (ErrorCode.GROUP_ID_NOT_FOUND, None):
                raise ConsoleError(f"describe group {group_id!r}: {e}") from None
        if desc is not None and desc.state not in ("Dead", ""):
            return Group(
                group_id,
                "classic",
                desc.state,
                desc.protocol_type,
                desc.protocol,
                [_classic_member(m) for m in desc.members],
            )
        for key, kind in (
            (ApiKey.CONSUMER_GROUP_DESCRIBE, "consumer"),
            (ApiKey.SHARE_GROUP_DESCRIBE, "share"),
        ):
            try:
                _, r = await admin._coordinator_call(
                    group_id,
                    key,
                    {"group_ids": [group_id], "include_authorized_operations": False},
                    lambda r, _v: r.groups[0].error_code if r.groups else 0,
                )
            except UnsupportedVersionError:
                unsupported.append(ApiKey(key).name)
                continue
            except (KafkaError, TimeoutError, OSError):
                continue
            g = r.groups[0] if r.groups else None
            if g is not None and not g.error_code:
                return _modern_group(g, kind)
        if "DescribeGroups" in unsupported:
            return await self._undescribed(group_id, unsupported)
        raise ConsoleError(f"There is no group {group_id!r}.")

    async def _undescribed(self, group_id: str, unsupported: list[str]) -> Group:
        """A group on a cluster that describes none (e.g. librdkafka's mock): its offsets only."""
        committed = await self.committed(group_id)
        if not committed:
            raise ConsoleError(
                f"This cluster cannot describe groups, and group {group_id!r} has no committed offsets."
            )
        return Group(
            group_id,
            "unknown",
            "unknown",
            "",
            "",
            [],
            note="Members are not shown: this cluster serves none of "
            + ", ".join(unsupported)
            + " (see its ApiVersions); offsets and lag come from OffsetFetch and ListOffsets.",
        )

    async def committed(self, group_id: str) -> dict[TopicPartition, int]:
        """The group's committed offsets. Asked for all at once (OffsetFetch with no topics); a
        cluster that answers that with nothing (librdkafka's mock) is asked partition by partition
        of every topic."""
        admin = await self.admin()
        found = await self.call("fetch committed offsets", admin.list_group_offsets(group_id))
        if not found:
            topics = await self.call("list topics", admin.list_topics())
            tps = [TopicPartition(t, p) for t, n in topics.items() for p in range(n)]
            if tps:
                found = await self.call("fetch committed offsets", admin.list_group_offsets(group_id, tps))
        return {tp: om.offset for tp, om in found.items()}

    async def lag(self, group: Group) -> list[LagRow]:
        admin = await self.admin()
        committed = await self.committed(group.group_id)
        owner = {_tp_key(tp): m.member_id for m in group.members for tp in m.assignment}
        tps = sorted(set(committed) | {TopicPartition(*k) for k in owner})
        topics = await self.call("list topics", admin.list_topics(internal=True))
        live = [tp for tp in tps if tp.partition < topics.get(tp.topic, 0)]
        ends = await self._offsets(live, OffsetSpec.LATEST)
        rows = []
        for tp in tps:
            c, e = committed.get(tp), ends.get(tp)
            lag = max(0, e - c) if c is not None and e is not None else None
            rows.append(LagRow(tp.topic, tp.partition, c, e, lag, owner.get((tp.topic, tp.partition))))
        return rows

    async def reset(
        self, group_id: str, topic: str, scenario: str, value: str, *, execute: bool
    ) -> list[tuple[str, int, int | None, int]]:
        """kafka-consumer-groups --reset-offsets for one topic: (topic, partition, current, new)
        per partition; written only with `execute`."""
        group = await self.group(group_id)
        if group.state.lower() not in ("empty", "dead"):
            raise ConsoleError(
                f"Offsets can only be reset while group {group_id!r} is inactive (Empty); it is {group.state}."
            )
        try:
            sc = _scenario(scenario, value)
        except CliError as e:
            raise ConsoleError(str(e)) from None
        admin = await self.admin()
        count = (await self.call("list topics", admin.list_topics(internal=True))).get(topic)
        if count is None:
            raise ConsoleError(f"There is no topic {topic!r}.")
        tps = [TopicPartition(topic, p) for p in range(count)]
        committed = {
            tp: om.offset
            for tp, om in (await self.call("fetch offsets", admin.list_group_offsets(group_id, tps))).items()
        }
        earliest = await self._offsets(tps, OffsetSpec.EARLIEST)
        latest = await self._offsets(tps, OffsetSpec.LATEST)
        by_time = await self._offsets(tps, sc.value) if sc.kind == "time" else None
        new = resets.targets(sc, group_id, tps, committed, earliest, latest, by_time)
        if execute and new:
            await self.call("commit offsets", admin.alter_group_offsets(group_id, new))
        return [(tp.topic, tp.partition, committed.get(tp), off) for tp, off in sorted(new.items())]

    # -- security and transactions --------------------------------------------------------------

    async def acls(self) -> list[Any]:
        admin = await self.admin()
        return list(await self.call("describe ACLs", admin.describe_acls()))

    async def client_quotas(self) -> list[QuotaRow]:
        """Every entity's client quotas (DescribeClientQuotas, no filter), users first."""
        admin = await self.admin()
        described = await self.call("describe client quotas", admin.describe_client_quotas())
        rows = [
            QuotaRow(
                ", ".join(f"{t}={'<default>' if n is None else n}" for t, n in entity),
                {k: values.get(k) for k in QUOTA_KEYS},
                {k: v for k, v in values.items() if k not in QUOTA_KEYS},
            )
            for entity, values in described.items()
        ]
        return sorted(rows, key=lambda r: r.entity)

    async def transactions(self) -> list[dict[str, Any]]:
        admin = await self.admin()
        listed: list[Any] = []
        for node in list(admin.client.cluster.brokers):
            r = await self.call(
                "list transactions",
                admin.client.send(
                    node, ApiKey.LIST_TRANSACTIONS, {"state_filters": [], "producer_id_filters": []}
                ),
            )
            listed += r.transaction_states
        out = []
        for t in listed:
            row: dict[str, Any] = {
                "transactional_id": t.transactional_id,
                "producer_id": t.producer_id,
                "state": t.transaction_state,
            }
            with contextlib.suppress(KafkaError, TimeoutError, OSError):
                coordinator = await admin.client.find_coordinator(t.transactional_id, key_type=1)
                r = await admin.client.send(
                    coordinator.node_id,
                    ApiKey.DESCRIBE_TRANSACTIONS,
                    {"transactional_ids": [t.transactional_id]},
                )
                for d in r.transaction_states:
                    row.update(
                        epoch=d.producer_epoch,
                        timeout_ms=d.transaction_timeout_ms,
                        start_ms=d.transaction_start_time_ms,
                        partitions=[f"{x.topic}-{p}" for x in d.topics for p in x.partitions],
                    )
            out.append(row)
        return out


def _holds(r: ConsumerRecord, needle: bytes) -> bool:
    return (
        needle in (r.key or b"")
        or needle in (r.value or b"")
        or any(needle in k.encode() or needle in (v or b"") for k, v in r.headers)
    )


def _classic_member(m: MemberDescription) -> Member:
    return Member(
        m.member_id,
        m.client_id,
        m.client_host,
        m.group_instance_id,
        sorted((f"{tp.topic}-{tp.partition}" for tp in m.assignment), key=_tp_key),
    )


def _parts(assignment: Any) -> list[str]:
    return sorted(
        (f"{t.topic_name}-{p}" for t in assignment.topic_partitions for p in t.partitions), key=_tp_key
    )


def _modern_group(g: Any, kind: str) -> Group:
    members = [
        Member(
            m.member_id,
            m.client_id,
            m.client_host,
            getattr(m, "instance_id", None),
            _parts(m.assignment),
            _parts(m.target_assignment) if kind == "consumer" else None,
            m.member_epoch,
        )
        for m in g.members
    ]
    return Group(
        g.group_id, kind, g.group_state, kind, g.assignor_name, members, g.group_epoch, g.assignment_epoch
    )


SCENARIOS = ("earliest", "latest", "current", "offset", "shift", "datetime", "duration")


def _scenario(kind: str, value: str) -> resets.Scenario:
    """The reset form's scenario and value as kafka-consumer-groups' Scenario (CliError if bad)."""
    if kind in ("earliest", "latest", "current"):
        return resets.Scenario(kind)
    if kind in ("offset", "shift"):
        try:
            return resets.Scenario(kind, int(value.strip()))
        except ValueError:
            raise CliError(
                f"--{'to-offset' if kind == 'offset' else 'shift-by'} needs a whole number, not {value!r}"
            ) from None
    if kind == "datetime":
        return resets.Scenario("time", resets.parse_datetime(value))
    if kind == "duration":
        return resets.Scenario("time", resets.duration_timestamp(value, resets.now_ms()))
    raise CliError(f"unknown reset scenario {kind!r}: one of {', '.join(SCENARIOS)}")

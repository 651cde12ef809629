"""Blocking ZooKeeper access with kazoo, run in a worker thread: read a `ClusterView` (setting
watches on everything the cluster reacts to), elect a controller, commit a controller's writes."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from kazoo.client import KazooClient
from kazoo.exceptions import BadVersionError, NodeExistsError, NoNodeError

from broker.cluster import znodes as z
from broker.cluster.controller import ClusterView, Op
from broker.cluster.znodes import BrokerInfo, PartitionState, TopicAssignment
from broker.log.producer_ids import BLOCK_SIZE, ProducerIdBlock

Watch = Callable[..., None]


class Fenced(Exception):
    """The controller epoch moved on: this broker is no longer the controller."""


def split_connect(connect: str) -> tuple[str, str]:
    """`host:port,host:port/chroot` -> (hosts, chroot or "")."""
    hosts, slash, chroot = connect.partition("/")
    return hosts, (slash + chroot).rstrip("/") if chroot else ""


def ensure_layout(zk: KazooClient) -> None:
    for path in z.PERSISTENT_PATHS:
        zk.ensure_path(path)
    if zk.exists(z.CONTROLLER_EPOCH) is None:
        with contextlib.suppress(NodeExistsError):
            zk.create(z.CONTROLLER_EPOCH, b"0")


def cluster_id(zk: KazooClient, proposed: str) -> str:
    """The cluster's id: created by the first broker to start, read by every other."""
    try:
        zk.create(z.CLUSTER_ID, z.encode_cluster_id(proposed), makepath=True)
        return proposed
    except NodeExistsError:
        return z.decode_cluster_id(zk.get(z.CLUSTER_ID)[0])


def read_view(zk: KazooClient, watch: Watch) -> tuple[ClusterView, bool]:
    """One pass over the cluster's znodes, pipelined; (view, whether to read again at once)."""
    view = ClusterView()
    again = False
    ids = zk.get_children_async(z.BROKER_IDS, watch=watch)
    topics = zk.get_children_async(z.TOPICS, watch=watch)
    deleting = zk.get_children_async(z.DELETE_TOPICS, watch=watch)
    changes = zk.get_children_async(z.CONFIG_CHANGES, watch=watch)  # a config change wakes every broker
    broker_entities = zk.get_children_async(z.CONFIG_BROKERS)
    group_entities = zk.get_children_async(z.CONFIG_GROUPS)
    subscriptions = zk.get_children_async(z.CONFIG_CLIENT_METRICS)
    feature = zk.get_async(z.FEATURE, watch=watch)
    controller = zk.get_async(z.CONTROLLER, watch=watch)
    epoch = zk.get_async(z.CONTROLLER_EPOCH)
    brokers = [(int(i), zk.get_async(z.broker_path(int(i)))) for i in ids.get() if i.isdigit()]
    names = topics.get()
    assignments = [(t, zk.get_async(z.topic_path(t), watch=watch)) for t in names]
    configs = [(t, zk.get_async(z.config_path(t))) for t in names]
    view.deleting = set(deleting.get())
    with contextlib.suppress(NoNodeError):
        changes.get()
    try:
        data, stat = controller.get()
        view.controller_id, view.controller_session = z.decode_controller(data), stat.ephemeralOwner
    except NoNodeError:
        again |= zk.exists(z.CONTROLLER, watch=watch) is not None
    with contextlib.suppress(NoNodeError):
        view.controller_epoch = int(epoch.get()[0] or b"0")
    for broker_id, result in brokers:
        with contextlib.suppress(NoNodeError):
            view.brokers[broker_id] = BrokerInfo.decode(broker_id, result.get()[0])
    again |= _read_configs(zk, watch, view, broker_entities, group_entities, feature)
    names_of_subscriptions: list[str] = []
    with contextlib.suppress(NoNodeError):
        names_of_subscriptions = subscriptions.get()
    for name, result in [(n, zk.get_async(z.client_metrics_path(n))) for n in names_of_subscriptions]:
        with contextlib.suppress(NoNodeError):
            view.client_metrics[name] = z.decode_topic_config(result.get()[0])
    for name, result in assignments:
        with contextlib.suppress(NoNodeError):
            data, stat = result.get()
            view.topics[name] = TopicAssignment.decode(name, data)
            view.topic_versions[name] = stat.version
    for name, result in configs:
        with contextlib.suppress(NoNodeError):
            view.configs[name] = z.decode_topic_config(result.get()[0])
    states = [
        ((t, p), zk.get_async(z.state_path(t, p), watch=watch))
        for t, a in view.topics.items()
        for p in a.replicas
    ]
    for key, result in states:
        try:
            data, stat = result.get()
            view.states[key] = PartitionState.decode(data)
            view.state_versions[key] = stat.version
        except NoNodeError:
            again |= zk.exists(z.state_path(*key), watch=watch) is not None
    return view, again


def _read_configs(
    zk: KazooClient, watch: Watch, view: ClusterView, broker_entities: Any, group_entities: Any, feature: Any
) -> bool:
    """Dynamic broker configs, group configs and the finalized features, into the view."""
    again = False
    entities: list[str] = []
    with contextlib.suppress(NoNodeError):
        entities = broker_entities.get()
    for entity, result in [(e, zk.get_async(z.broker_config_path(e))) for e in entities]:
        with contextlib.suppress(NoNodeError):
            view.broker_configs[entity] = z.decode_topic_config(result.get()[0])
    try:
        data, stat = feature.get()
        view.features, view.features_epoch = z.decode_features(data), stat.version
    except NoNodeError:
        again |= zk.exists(z.FEATURE, watch=watch) is not None
    groups: list[str] = []
    with contextlib.suppress(NoNodeError):
        groups = group_entities.get()
    for group, result in [(g, zk.get_async(z.group_config_path(g))) for g in groups]:
        with contextlib.suppress(NoNodeError):
            view.group_configs[group] = z.decode_topic_config(result.get()[0])
    return again


def read_topic_config(zk: KazooClient, topic: str) -> dict[str, str] | None:
    """A topic's config overrides as ZooKeeper holds them; None if the topic does not exist
    (Kafka 2.x's AdminZkClient reads both from ZooKeeper, not from a broker's metadata cache)."""
    if zk.exists(z.topic_path(topic)) is None:
        return None
    try:
        data, _ = zk.get(z.config_path(topic))
    except NoNodeError:
        return {}
    return z.decode_topic_config(data)


def write_topic_config(zk: KazooClient, topic: str, configs: dict[str, str]) -> None:
    """A topic's new config overrides and the change notification, in one transaction (as
    Kafka 2.x's AdminZkClient.changeTopicConfig)."""
    exists = zk.exists(z.config_path(topic)) is not None
    tx = zk.transaction()
    if exists:
        tx.set_data(z.config_path(topic), z.encode_topic_config(configs))
    else:
        tx.create(z.config_path(topic), z.encode_topic_config(configs))
    tx.create(z.config_change_prefix(), z.encode_config_change(topic), sequence=True)
    failed = [r for r in tx.commit() if isinstance(r, Exception) and type(r).__name__ != "RolledBackError"]
    if failed:
        raise failed[0]


def write_broker_config(zk: KazooClient, entity: str, configs: dict[str, str]) -> None:
    """A broker's (or the cluster default's) dynamic configs and the change notification, in one
    transaction (as Kafka 2.x's AdminZkClient.changeBrokerConfig)."""
    zk.ensure_path(z.CONFIG_BROKERS)
    _write_entity_config(zk, z.broker_config_path(entity), "brokers", entity, configs)


def write_group_config(zk: KazooClient, group: str, configs: dict[str, str]) -> None:
    zk.ensure_path(z.CONFIG_GROUPS)
    _write_entity_config(zk, z.group_config_path(group), "groups", group, configs)


def write_client_metrics(zk: KazooClient, name: str, configs: dict[str, str]) -> None:
    """A client-metrics subscription's configs ({}: deleted) and the change notification."""
    zk.ensure_path(z.CONFIG_CLIENT_METRICS)
    _write_entity_config(zk, z.client_metrics_path(name), "client-metrics", name, configs)


def _write_entity_config(
    zk: KazooClient, path: str, entity_type: str, entity: str, configs: dict[str, str]
) -> None:
    exists = zk.exists(path) is not None
    tx = zk.transaction()
    if exists:
        tx.set_data(path, z.encode_topic_config(configs))
    else:
        tx.create(path, z.encode_topic_config(configs))
    tx.create(z.config_change_prefix(), z.encode_config_change(entity, entity_type), sequence=True)
    failed = [r for r in tx.commit() if isinstance(r, Exception) and type(r).__name__ != "RolledBackError"]
    if failed:
        raise failed[0]


def write_features(zk: KazooClient, levels: dict[str, int]) -> None:
    try:
        zk.set(z.FEATURE, z.encode_features(levels))
    except NoNodeError:
        zk.create(z.FEATURE, z.encode_features(levels))


def elect(zk: KazooClient, broker_id: int) -> tuple[int, int] | None:
    """Try to become the controller: create the ephemeral /controller and bump /controller_epoch
    in one transaction. (epoch, its znode version) on success, None if another broker won."""
    try:
        data, stat = zk.get(z.CONTROLLER_EPOCH)
    except NoNodeError:
        ensure_layout(zk)
        data, stat = zk.get(z.CONTROLLER_EPOCH)
    epoch = int(data or b"0") + 1
    tx = zk.transaction()
    tx.create(z.CONTROLLER, z.encode_controller(broker_id), ephemeral=True)
    tx.set_data(z.CONTROLLER_EPOCH, str(epoch).encode(), version=stat.version)
    results = tx.commit()
    if any(isinstance(r, Exception) for r in results):
        return None
    return epoch, stat.version + 1


def commit(zk: KazooClient, ops: Sequence[Op], epoch_version: int | None) -> None:
    """Commit ops atomically; with `epoch_version`, only while the controller epoch is unchanged
    (else Fenced). Raises the first failing op's error."""
    tx = zk.transaction()
    if epoch_version is not None:
        tx.check(z.CONTROLLER_EPOCH, epoch_version)
    for op in ops:
        if op.kind == "create":
            tx.create(op.path, op.data)
        elif op.kind == "set":
            tx.set_data(op.path, op.data, version=op.version)
        else:
            tx.delete(op.path, version=op.version)
    results = tx.commit()
    if epoch_version is not None and isinstance(results[0], (BadVersionError, NoNodeError)):
        raise Fenced(f"controller epoch znode version is no longer {epoch_version}")
    failed = [r for r in results if isinstance(r, Exception) and type(r).__name__ != "RolledBackError"]
    if failed:
        raise failed[0]


def claim_producer_id_block(zk: KazooClient, broker_id: int, size: int = BLOCK_SIZE) -> ProducerIdBlock:
    """The block after `/latest_producer_id_block`'s, claimed by a write conditional on the version
    read, as Kafka 2.x's ProducerIdManager does: a broker that loses the race reads again and
    claims the block after the winner's, so no two brokers ever hold overlapping blocks."""
    while True:
        try:
            raw, stat = zk.get(z.LATEST_PRODUCER_ID_BLOCK)
        except NoNodeError:
            with contextlib.suppress(NodeExistsError):
                zk.create(z.LATEST_PRODUCER_ID_BLOCK, b"", makepath=True)
            continue
        last = z.decode_producer_id_block(raw)
        block = (
            last.next_block(broker_id, size)
            if last is not None
            else ProducerIdBlock.starting_at(0, broker_id, size)
        )
        try:
            zk.set(z.LATEST_PRODUCER_ID_BLOCK, z.encode_producer_id_block(block), version=stat.version)
        except BadVersionError:
            continue
        return block


def set_partition_state(
    zk: KazooClient, topic: str, partition: int, state: PartitionState, version: int
) -> int:
    """A leader's ISR change: written only if the state znode is still at `version` (else
    BadVersionError: the controller wrote a newer state). The znode's new version."""
    stat = zk.set(z.state_path(topic, partition), state.encode(), version=version)
    version_after: int = stat.version
    return version_after

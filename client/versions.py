"""Which version of each API the client speaks, and the choice against a broker's ApiVersions.

Pure: no I/O. The client's ranges are the versions whose fields it fills and reads; each
request uses the highest version both sides support (Kafka's `NodeApiVersions.latestUsableVersion`).
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

from client.errors import UnsupportedVersionError
from protocol.apis import ApiKey
from protocol.errors import ErrorCode, ProtocolDecodeError
from protocol.frames import decode_response

# api key -> (lowest, highest) version this client speaks.
CLIENT_VERSIONS: dict[int, tuple[int, int]] = {
    ApiKey.PRODUCE: (3, 13),  # v3+: RecordBatch v2; v13 names topics by id
    ApiKey.FETCH: (4, 18),  # v4+: RecordBatch v2, last stable offset; v13+ topics by id
    ApiKey.LIST_OFFSETS: (1, 10),
    ApiKey.METADATA: (1, 13),
    ApiKey.OFFSET_COMMIT: (2, 9),
    ApiKey.OFFSET_FETCH: (1, 9),  # v8+: batched by group
    ApiKey.FIND_COORDINATOR: (0, 6),  # v4+: batched keys
    ApiKey.JOIN_GROUP: (0, 9),
    ApiKey.HEARTBEAT: (0, 4),
    ApiKey.LEAVE_GROUP: (0, 5),  # v3+: batched members (static leave)
    ApiKey.SYNC_GROUP: (0, 5),
    ApiKey.DESCRIBE_GROUPS: (0, 6),
    ApiKey.LIST_GROUPS: (0, 5),
    ApiKey.API_VERSIONS: (0, 4),
    ApiKey.CREATE_TOPICS: (0, 7),
    ApiKey.DELETE_TOPICS: (0, 6),
    ApiKey.DELETE_GROUPS: (0, 2),
    ApiKey.OFFSET_DELETE: (0, 0),
    ApiKey.OFFSET_FOR_LEADER_EPOCH: (
        2,
        4,
    ),  # the broker's replica fetchers (v2+: fenced by the current epoch)
    ApiKey.DESCRIBE_CONFIGS: (1, 4),  # v1+: sources and synonyms
    ApiKey.INCREMENTAL_ALTER_CONFIGS: (0, 1),
    ApiKey.LIST_CONFIG_RESOURCES: (1, 1),  # v1: by type (kbroker-client-metrics --list)
    ApiKey.CREATE_PARTITIONS: (0, 3),
    ApiKey.DELETE_RECORDS: (0, 2),
    ApiKey.ELECT_LEADERS: (1, 2),  # v1+: the election type (KIP-460)
    ApiKey.ALTER_PARTITION_REASSIGNMENTS: (0, 1),  # v1: allow_replication_factor_change (KIP-860)
    ApiKey.LIST_PARTITION_REASSIGNMENTS: (0, 0),
    ApiKey.CONSUMER_GROUP_HEARTBEAT: (0, 1),  # KIP-848 (client/consumer_group_member.py)
    ApiKey.CONSUMER_GROUP_DESCRIBE: (0, 1),
    # KIP-932 share groups (client/share_consumer.py, client/admin.py)
    ApiKey.SHARE_GROUP_HEARTBEAT: (1, 1),
    ApiKey.SHARE_GROUP_DESCRIBE: (1, 1),
    ApiKey.SHARE_FETCH: (1, 2),  # v2: the RENEW acknowledgement (KIP-1222)
    ApiKey.SHARE_ACKNOWLEDGE: (1, 2),
    ApiKey.DESCRIBE_SHARE_GROUP_OFFSETS: (0, 1),  # v1: lag (KIP-1226)
    ApiKey.ALTER_SHARE_GROUP_OFFSETS: (0, 0),
    ApiKey.DELETE_SHARE_GROUP_OFFSETS: (0, 0),
    # Transactions (client/transactions.py); the fencing error is PRODUCER_FENCED from KIP-588's
    # versions on, INVALID_PRODUCER_EPOCH before (the client takes either).
    ApiKey.INIT_PRODUCER_ID: (0, 4),
    ApiKey.ADD_PARTITIONS_TO_TXN: (0, 3),
    ApiKey.ADD_OFFSETS_TO_TXN: (0, 3),
    ApiKey.END_TXN: (0, 3),
    ApiKey.TXN_OFFSET_COMMIT: (0, 3),
    ApiKey.SASL_HANDSHAKE: (1, 1),  # v1: the tokens go in SaslAuthenticate
    ApiKey.SASL_AUTHENTICATE: (0, 2),
    ApiKey.DESCRIBE_ACLS: (1, 3),  # v1+: pattern types
    ApiKey.CREATE_ACLS: (1, 3),
    ApiKey.DELETE_ACLS: (1, 3),
    ApiKey.DESCRIBE_CLIENT_QUOTAS: (0, 1),
    ApiKey.ALTER_CLIENT_QUOTAS: (0, 1),
    ApiKey.WRITE_TXN_MARKERS: (0, 1),  # the broker's transaction coordinator, to partition leaders
    # Read by kbroker-console (console/cluster.py): sizes, transactions, share groups.
    ApiKey.DESCRIBE_LOG_DIRS: (1, 4),
    ApiKey.LIST_TRANSACTIONS: (0, 1),
    ApiKey.DESCRIBE_TRANSACTIONS: (0, 0),
    ApiKey.SHARE_GROUP_DESCRIBE: (1, 1),
    # KIP-932: a broker's share-partitions, to the share coordinator (broker/share/coordinator_persister.py)
    ApiKey.INITIALIZE_SHARE_GROUP_STATE: (0, 0),
    ApiKey.READ_SHARE_GROUP_STATE: (0, 0),
    ApiKey.WRITE_SHARE_GROUP_STATE: (0, 0),
    ApiKey.DELETE_SHARE_GROUP_STATE: (0, 0),
    ApiKey.READ_SHARE_GROUP_STATE_SUMMARY: (0, 0),
}

# Versions that name topics by id: the client falls back below them when it lacks an id.
TOPIC_ID_VERSIONS: dict[int, int] = {ApiKey.PRODUCE: 13, ApiKey.FETCH: 13}

ApiRanges = Mapping[int, tuple[int, int]]


def usable_version(broker: ApiRanges, api_key: int, *, max_version: int | None = None) -> int:
    """The highest version of `api_key` the broker and the client (capped at `max_version`) share."""
    ours = CLIENT_VERSIONS.get(api_key)
    theirs = broker.get(api_key)
    if ours is None:
        raise UnsupportedVersionError(f"the client does not speak api {api_key}")
    if theirs is None:
        raise UnsupportedVersionError(f"the broker does not serve api {ApiKey(api_key).name}")
    high = min(ours[1], theirs[1], ours[1] if max_version is None else max_version)
    low = max(ours[0], theirs[0])
    if high < low:
        raise UnsupportedVersionError(
            f"{ApiKey(api_key).name}: client speaks v{ours[0]}-{ours[1]}, broker v{theirs[0]}-{theirs[1]}"
        )
    return high


_V0_HEAD = struct.Struct(">ih")  # correlation id, error code


def read_api_versions(frame: bytes, sent_version: int) -> tuple[int, dict[int, tuple[int, int]]]:
    """The error code and api ranges of an ApiVersions answer to a request of `sent_version`.

    Kafka answers a version it does not know with UNSUPPORTED_VERSION in the v0 layout, listing
    its own ApiVersions range; some brokers (the librdkafka mock) answer in a layout that is
    neither. Either way an UNSUPPORTED_VERSION comes back, with whatever ranges could be read.
    """
    if len(frame) >= _V0_HEAD.size and _V0_HEAD.unpack_from(frame)[1] == ErrorCode.UNSUPPORTED_VERSION:
        for version in (0, sent_version):
            try:
                _, body = decode_response(frame, ApiKey.API_VERSIONS, version)
            except ProtocolDecodeError:
                continue
            return body.error_code, {k.api_key: (k.min_version, k.max_version) for k in body.api_keys}
        return ErrorCode.UNSUPPORTED_VERSION, {}
    _, body = decode_response(frame, ApiKey.API_VERSIONS, sent_version)
    return body.error_code, {k.api_key: (k.min_version, k.max_version) for k in body.api_keys}


def retry_version(sent_version: int, ranges: Mapping[int, tuple[int, int]]) -> int | None:
    """After UNSUPPORTED_VERSION: the ApiVersions version to try next, or None to give up."""
    broker = ranges.get(ApiKey.API_VERSIONS)
    if broker is not None and broker[1] < sent_version:
        return broker[1]
    return 0 if sent_version > 0 else None

#!/usr/bin/env python3
"""Capture real Kafka wire frames from real clients, for golden-bytes tests.

What it does
------------
1. Starts the librdkafka *mock cluster* in-process (via confluent-kafka, one
   broker, listening on 127.0.0.1 only).  That mock is a Kafka broker nobody
   on this project wrote; its responses are our "real broker" responses.
2. Starts an asyncio TCP *recording proxy* per client library on
   127.0.0.1:<ephemeral>.  Every request frame (client -> broker) and every
   response frame (broker -> client) is recorded: the bytes after the 4-byte
   big-endian size prefix.  The proxy tracks
   correlation_id -> (api_key, api_version) from each request header so that
   response frames can be named.
3. What is RECORDED is always the original bytes.  What is FORWARDED may be
   changed, so that the clients keep working against the mock:
   a. every  <host bytes> + int32(mock_port)  (Metadata, FindCoordinator, ...)
      is rewritten to the proxy's port (same length);
   b. Metadata controller_id is set to the mock's broker id (the mock
      advertises controller 0 while its only broker is node 1, so admin
      clients would wait for a controller forever);
   c. APIs the mock does not implement (CreateTopics, DeleteTopics,
      DescribeGroups, ListGroups, DeleteGroups, OffsetDelete,
      ConsumerGroupDescribe) are appended to its ApiVersions answers.  When a
      client then sends one of them the proxy records the request and closes
      that connection: only REQUEST frames exist for these APIs, no response
      is ever invented;
   d. for the later kafka-python passes only: an ApiVersions request newer
      than the mock supports (v3+) is answered by the proxy itself, built from
      the mock's ranges (not recorded; kafka-python 3.0.x cannot decode the
      mock's own UNSUPPORTED_VERSION answer).
4. Drives confluent-kafka, kafka-python and aiokafka through their proxies:
   metadata / api versions, produce (keyed, headers, gzip and other codecs),
   idempotent producer (InitProducerId), consumer groups (FindCoordinator,
   JoinGroup, SyncGroup, Heartbeat, OffsetCommit, OffsetFetch, Fetch,
   ListOffsets, LeaveGroup), a KIP-848 consumer (ConsumerGroupHeartbeat) and
   admin calls.
5. Checks every frame against the Apache Kafka message schemas with
   kafka-python's schema-generated codec (decode, re-encode, compare); frames
   that do not decode or re-encode differently are not written (listed under
   "rejected" in the manifest).
6. Writes  <out>/<client>/<NNN>_<apiname>_k<key>_v<version>_<request|response>.bin
   (deduplicated, capped per (client, api, version, direction), total size
   bounded) plus <out>/manifest.json describing each file.

Usage:  python tools/capture_frames.py --out tests/fixtures/frames
Needs:  pip install confluent-kafka aiokafka kafka-python   (see tests/fixtures/README.md)
Every step has a timeout; a watchdog bounds the whole run (--max-seconds).
Only 127.0.0.1 is ever bound or connected to.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import os
import shutil
import struct
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass

log = logging.getLogger("capture")

# Kafka API key -> name (names as in the Apache Kafka message definitions).
API_NAMES = {
    0: "Produce",
    1: "Fetch",
    2: "ListOffsets",
    3: "Metadata",
    4: "LeaderAndIsr",
    5: "StopReplica",
    6: "UpdateMetadata",
    7: "ControlledShutdown",
    8: "OffsetCommit",
    9: "OffsetFetch",
    10: "FindCoordinator",
    11: "JoinGroup",
    12: "Heartbeat",
    13: "LeaveGroup",
    14: "SyncGroup",
    15: "DescribeGroups",
    16: "ListGroups",
    17: "SaslHandshake",
    18: "ApiVersions",
    19: "CreateTopics",
    20: "DeleteTopics",
    21: "DeleteRecords",
    22: "InitProducerId",
    23: "OffsetForLeaderEpoch",
    24: "AddPartitionsToTxn",
    25: "AddOffsetsToTxn",
    26: "EndTxn",
    27: "WriteTxnMarkers",
    28: "TxnOffsetCommit",
    29: "DescribeAcls",
    30: "CreateAcls",
    31: "DeleteAcls",
    32: "DescribeConfigs",
    33: "AlterConfigs",
    34: "AlterReplicaLogDirs",
    35: "DescribeLogDirs",
    36: "SaslAuthenticate",
    37: "CreatePartitions",
    38: "CreateDelegationToken",
    39: "RenewDelegationToken",
    40: "ExpireDelegationToken",
    41: "DescribeDelegationToken",
    42: "DeleteGroups",
    43: "ElectLeaders",
    44: "IncrementalAlterConfigs",
    45: "AlterPartitionReassignments",
    46: "ListPartitionReassignments",
    47: "OffsetDelete",
    48: "DescribeClientQuotas",
    49: "AlterClientQuotas",
    50: "DescribeUserScramCredentials",
    51: "AlterUserScramCredentials",
    55: "DescribeQuorum",
    57: "UpdateFeatures",
    60: "DescribeCluster",
    61: "DescribeProducers",
    64: "UnregisterBroker",
    65: "DescribeTransactions",
    66: "ListTransactions",
    68: "ConsumerGroupHeartbeat",
    69: "ConsumerGroupDescribe",
    71: "GetTelemetrySubscriptions",
    72: "PushTelemetry",
    74: "ListClientMetricsResources",
    75: "DescribeTopicPartitions",
    76: "ShareGroupHeartbeat",
    77: "ShareGroupDescribe",
    78: "ShareFetch",
    79: "ShareAcknowledge",
}

# APIs advertised to clients (in forwarded ApiVersions responses only) when
# the upstream broker does not advertise them: key -> (min, max).
# Ranges follow Apache Kafka 3.x/4.x brokers.
AUGMENT_APIS = {
    15: (0, 6),  # DescribeGroups
    16: (0, 5),  # ListGroups
    19: (0, 7),  # CreateTopics
    20: (0, 6),  # DeleteTopics
    42: (0, 2),  # DeleteGroups
    47: (0, 0),  # OffsetDelete
    69: (0, 1),  # ConsumerGroupDescribe
}

CLIENTS = ("confluent-kafka", "kafka-python", "aiokafka")


def api_name(key: int | None) -> str:
    if key is None:
        return "Unknown"
    return API_NAMES.get(key, f"Api{key}")


# --------------------------------------------------------------------------
# Recording
# --------------------------------------------------------------------------


@dataclass
class Frame:
    seq: int
    client: str
    direction: str  # "request" | "response"
    api_key: int | None
    api_version: int | None
    correlation_id: int
    data: bytes
    conn: int
    scenario: str
    note: str = ""


class Recorder:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.frames: list[Frame] = []
        self.scenario: dict[str, str] = defaultdict(str)

    def add(self, **kw) -> None:
        with self._lock:
            kw.setdefault("scenario", self.scenario[kw["client"]])
            self.frames.append(Frame(seq=len(self.frames), **kw))

    def snapshot(self) -> list[Frame]:
        with self._lock:
            return list(self.frames)


# --------------------------------------------------------------------------
# ApiVersions augmentation (forwarded bytes only)
# --------------------------------------------------------------------------


def _read_uvarint(buf: bytes, pos: int) -> tuple[int, int]:
    shift = 0
    value = 0
    while True:
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def _uvarint(value: int) -> bytes:
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        if value:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def augment_api_versions(frame: bytes, version: int, extra: dict[int, tuple[int, int]]) -> bytes:
    """Return an ApiVersions response frame (incl. 4-byte correlation id
    header) with entries from *extra* appended for keys not already present.
    Error responses and unparsable frames are returned unchanged."""
    try:
        corr = frame[:4]
        body = frame[4:]
        (err,) = struct.unpack_from(">h", body, 0)
        if err != 0:
            return frame
        if version >= 3:
            n1, pos = _read_uvarint(body, 2)
            count = n1 - 1
            start = pos
            keys = set()
            for _ in range(count):
                (k,) = struct.unpack_from(">h", body, pos)
                keys.add(k)
                pos += 6
                ntags, pos = _read_uvarint(body, pos)
                for _ in range(ntags):
                    _tag, pos = _read_uvarint(body, pos)
                    size, pos = _read_uvarint(body, pos)
                    pos += size
            add = [(k, lo, hi) for k, (lo, hi) in sorted(extra.items()) if k not in keys]
            if not add:
                return frame
            entries = body[start:pos] + b"".join(
                struct.pack(">hhh", k, lo, hi) + b"\x00" for k, lo, hi in add
            )
            return corr + body[:2] + _uvarint(count + len(add) + 1) + entries + body[pos:]
        (count,) = struct.unpack_from(">i", body, 2)
        pos = 6
        keys = set()
        for _ in range(count):
            keys.add(struct.unpack_from(">h", body, pos)[0])
            pos += 6
        add = [(k, lo, hi) for k, (lo, hi) in sorted(extra.items()) if k not in keys]
        if not add:
            return frame
        entries = body[6:pos] + b"".join(struct.pack(">hhh", k, lo, hi) for k, lo, hi in add)
        return corr + body[:2] + struct.pack(">i", count + len(add)) + entries + body[pos:]
    except (struct.error, IndexError):
        return frame


def fix_metadata_controller(frame: bytes, version: int) -> bytes:
    """Return a Metadata response frame (incl. correlation id) whose
    controller_id names a listed broker.  The librdkafka mock advertises
    controller_id 0 while its only broker is node 1, so admin clients would
    wait for a controller forever.  Used on forwarded bytes only."""
    if version < 1:
        return frame
    flexible = version >= 9
    try:
        pos = 4
        if flexible:
            ntags, pos = _read_uvarint(frame, pos)
            for _ in range(ntags):
                _t, pos = _read_uvarint(frame, pos)
                size, pos = _read_uvarint(frame, pos)
                pos += size

        def skip_str(pos: int) -> tuple[int, int]:
            if flexible:
                n, pos = _read_uvarint(frame, pos)
                n -= 1
            else:
                (n,) = struct.unpack_from(">h", frame, pos)
                pos += 2
            return pos + max(n, 0), n

        if version >= 3:
            pos += 4  # throttle_time_ms
        if flexible:
            n, pos = _read_uvarint(frame, pos)
            n -= 1
        else:
            (n,) = struct.unpack_from(">i", frame, pos)
            pos += 4
        node_ids = []
        for _ in range(n):
            node_ids.append(struct.unpack_from(">i", frame, pos)[0])
            pos += 4
            pos, _ = skip_str(pos)  # host
            pos += 4  # port
            pos, _ = skip_str(pos)  # rack (v1+)
            if flexible:
                ntags, pos = _read_uvarint(frame, pos)
                for _ in range(ntags):
                    _t, pos = _read_uvarint(frame, pos)
                    size, pos = _read_uvarint(frame, pos)
                    pos += size
        if version >= 2:
            pos, _ = skip_str(pos)  # cluster_id
        (controller,) = struct.unpack_from(">i", frame, pos)
        if node_ids and controller not in node_ids:
            return frame[:pos] + struct.pack(">i", node_ids[0]) + frame[pos + 4 :]
    except (struct.error, IndexError):
        pass
    return frame


def probe_api_ranges(host: str, port: int) -> dict[int, tuple[int, int]]:
    """Ask the upstream broker directly (not recorded) which API keys and
    version ranges it implements, with an ApiVersions v0 request."""
    import socket

    cid = b"kbroker-capture-probe"
    body = struct.pack(">hhih", 18, 0, 1, len(cid)) + cid
    with socket.create_connection((host, port), timeout=5) as s:
        s.settimeout(5)
        s.sendall(struct.pack(">i", len(body)) + body)
        buf = b""
        while len(buf) < 4 or len(buf) < 4 + struct.unpack(">i", buf[:4])[0]:
            chunk = s.recv(65536)
            if not chunk:
                break
            buf += chunk
    return advertised_ranges(buf[4:])


def advertised_ranges(frame: bytes) -> dict[int, tuple[int, int]]:
    """{api_key: (min, max)} from an ApiVersions v0 response frame (incl.
    correlation id); empty on error."""
    try:
        body = frame[4:]
        if struct.unpack_from(">h", body, 0)[0] != 0:
            return {}
        (count,) = struct.unpack_from(">i", body, 2)
        out = {}
        for i in range(count):
            k, lo, hi = struct.unpack_from(">hhh", body, 6 + 6 * i)
            out[k] = (lo, hi)
        return out
    except (struct.error, IndexError):
        return {}


def build_api_versions_response(corr: int, version: int, ranges: dict[int, tuple[int, int]]) -> bytes:
    """Encode a successful ApiVersions response (header v0 + body) at
    *version*.  Only used to answer a client whose ApiVersions version the
    upstream mock cannot answer (see --help of the kafka-python pass); such
    synthesized frames are never recorded."""
    items = sorted(ranges.items())
    out = struct.pack(">ih", corr, 0)
    if version >= 3:
        out += _uvarint(len(items) + 1)
        out += b"".join(struct.pack(">hhh", k, lo, hi) + b"\x00" for k, (lo, hi) in items)
        out += struct.pack(">i", 0) + b"\x00"
        return out
    out += struct.pack(">i", len(items))
    out += b"".join(struct.pack(">hhh", k, lo, hi) for k, (lo, hi) in items)
    if version >= 1:
        out += struct.pack(">i", 0)
    return out


# --------------------------------------------------------------------------
# The recording proxy
# --------------------------------------------------------------------------


async def _read_frame(reader: asyncio.StreamReader) -> bytes | None:
    try:
        head = await reader.readexactly(4)
        (size,) = struct.unpack(">i", head)
        if size < 0 or size > 64 * 1024 * 1024:
            return None
        return await reader.readexactly(size)
    except (asyncio.IncompleteReadError, ConnectionError, OSError):
        return None


class RecordingProxy:
    """One listener on 127.0.0.1:<ephemeral> that forwards to one upstream
    broker and records every frame under the label *client*."""

    _conn_ids = 0

    def __init__(
        self,
        client: str,
        upstream: tuple[str, int],
        recorder: Recorder,
        augment: dict[int, tuple[int, int]] | None = None,
        upstream_ranges: dict[int, tuple[int, int]] | None = None,
        synthesize_api_versions: bool = False,
    ) -> None:
        self.client = client
        self.upstream = upstream
        self.recorder = recorder
        self.augment = augment or {}
        self.port = 0
        self.server: asyncio.base_events.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        # API ranges the upstream broker implements (probed once at start-up)
        self.upstream_ranges = dict(upstream_ranges or {})
        self.upstream_keys: set[int] = set(self.upstream_ranges)
        # Answer ApiVersions requests newer than the upstream supports with a
        # synthesized response (upstream ranges + augmentation) instead of
        # the upstream's v0-format UNSUPPORTED_VERSION error, which some
        # clients (kafka-python 3.x) cannot decode.  Not recorded.
        self.synthesize_api_versions = synthesize_api_versions
        # {api_key: (min, max)} to advertise instead, in synthesized answers
        self.synth_overrides: dict[int, tuple[int, int]] = {}

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self.port

    async def stop(self) -> None:
        if self.server:
            self.server.close()
        for w in list(self.writers):
            w.close()
        if self.server:
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(self.server.wait_closed(), 2)

    def _rewrite(self, data: bytes) -> bytes:
        host, port = self.upstream
        old = host.encode() + struct.pack(">i", port)
        new = host.encode() + struct.pack(">i", self.port)
        return data.replace(old, new) if old in data else data

    async def _handle(self, creader: asyncio.StreamReader, cwriter: asyncio.StreamWriter) -> None:
        RecordingProxy._conn_ids += 1
        conn = RecordingProxy._conn_ids
        self.writers.add(cwriter)
        try:
            ureader, uwriter = await asyncio.wait_for(asyncio.open_connection(*self.upstream), 5)
        except (TimeoutError, OSError):
            cwriter.close()
            self.writers.discard(cwriter)
            return
        self.writers.add(uwriter)
        inflight: dict[int, tuple[int, int]] = {}

        async def c2s() -> None:
            while True:
                data = await _read_frame(creader)
                if data is None or len(data) < 8:
                    return
                key, ver, corr = struct.unpack_from(">hhi", data, 0)
                self.recorder.add(
                    client=self.client,
                    direction="request",
                    api_key=key,
                    api_version=ver,
                    correlation_id=corr,
                    data=data,
                    conn=conn,
                )
                if key in self.augment and self.upstream_keys and key not in self.upstream_keys:
                    # Upstream cannot answer this API: keep the request, drop
                    # the connection (after in-flight answers have drained).
                    log.info(
                        "[%s] captured unsupported request %s v%d; closing conn %d",
                        self.client,
                        api_name(key),
                        ver,
                        conn,
                    )
                    for _ in range(20):
                        if not inflight:
                            break
                        await asyncio.sleep(0.05)
                    return
                if (
                    key == 18
                    and self.synthesize_api_versions
                    and ver > self.upstream_ranges.get(18, (0, 0))[1]
                ):
                    ranges = dict(self.upstream_ranges)
                    for k, r in self.augment.items():
                        ranges.setdefault(k, r)
                    ranges[18] = (0, ver)
                    ranges.update(self.synth_overrides)
                    resp = build_api_versions_response(corr, ver, ranges)
                    log.info("[%s] synthesized ApiVersions v%d answer (not recorded)", self.client, ver)
                    cwriter.write(struct.pack(">i", len(resp)) + resp)
                    await cwriter.drain()
                    continue
                inflight[corr] = (key, ver)
                uwriter.write(struct.pack(">i", len(data)) + data)
                await uwriter.drain()

        async def s2c() -> None:
            while True:
                data = await _read_frame(ureader)
                if data is None or len(data) < 4:
                    return
                (corr,) = struct.unpack_from(">i", data, 0)
                key, ver = inflight.pop(corr, (None, None))
                note = ""
                if key == 18 and len(data) >= 6 and struct.unpack_from(">h", data, 4)[0] == 35:
                    note = (
                        "UNSUPPORTED_VERSION: body and header encoded as ApiVersions v0 "
                        "regardless of request version"
                    )
                self.recorder.add(
                    client=self.client,
                    direction="response",
                    api_key=key,
                    api_version=ver,
                    correlation_id=corr,
                    data=data,
                    conn=conn,
                    note=note,
                )
                out = data
                if key == 18 and ver is not None and self.augment and not note:
                    out = augment_api_versions(out, ver, self.augment)
                if key == 3 and ver is not None:
                    out = fix_metadata_controller(out, ver)
                out = self._rewrite(out)
                cwriter.write(struct.pack(">i", len(out)) + out)
                await cwriter.drain()

        tasks = [asyncio.ensure_future(c2s()), asyncio.ensure_future(s2c())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        except Exception:
            pass
        finally:
            for t in tasks:
                t.cancel()
            for w in (cwriter, uwriter):
                with contextlib.suppress(Exception):
                    w.close()
                self.writers.discard(w)


class ProxyThread:
    """Runs proxies on an event loop in a background thread so that blocking
    clients (kafka-python, confluent-kafka) can run in the main thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro, timeout: float = 10):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def start_proxy(self, proxy: RecordingProxy) -> int:
        return self.run(proxy.start())

    def stop_proxy(self, proxy: RecordingProxy) -> None:
        with contextlib.suppress(Exception):
            self.run(proxy.stop(), 5)


# --------------------------------------------------------------------------
# Helpers for scenarios
# --------------------------------------------------------------------------


class Deadline:
    def __init__(self, seconds: float) -> None:
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        return self.end - time.monotonic()


def step(label: str, fn, *args, **kw):
    """Run one client step; log and swallow its errors (the frames it sent
    are already recorded)."""
    t0 = time.monotonic()
    try:
        res = fn(*args, **kw)
        log.info("  ok    %-40s %.2fs", label, time.monotonic() - t0)
        return res
    except Exception as exc:
        log.info(
            "  error %-40s %.2fs %s: %s", label, time.monotonic() - t0, type(exc).__name__, str(exc)[:160]
        )
        return None


FAILED = object()


async def astep(label: str, coro, timeout: float = 10):
    """Await one client step with a timeout; log and swallow its errors.
    Returns the result, or FAILED."""
    t0 = time.monotonic()
    try:
        res = await asyncio.wait_for(coro, timeout)
        log.info("  ok    %-40s %.2fs", label, time.monotonic() - t0)
        return res
    except BaseException as exc:
        if isinstance(exc, (KeyboardInterrupt, SystemExit)):
            raise
        log.info(
            "  error %-40s %.2fs %s: %s", label, time.monotonic() - t0, type(exc).__name__, str(exc)[:160]
        )
        return FAILED


MESSAGES = [(f"key-{i}".encode(), f"value-{i} ".encode() * (i + 1)) for i in range(5)]


def run_in_thread(fn, timeout: float, label: str) -> None:
    """Run a blocking callable with a hard time bound (the thread is left
    behind as a daemon if it overruns; the process exits via os._exit)."""
    t = threading.Thread(target=step, args=(label, fn), daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        log.info("  timeout %s after %.0fs (left running)", label, timeout)


# --------------------------------------------------------------------------
# confluent-kafka (librdkafka) scenarios
# --------------------------------------------------------------------------


def scenario_confluent(bootstrap: str, rec: Recorder, dl: Deadline, proxy: RecordingProxy) -> None:
    import confluent_kafka
    from confluent_kafka import Consumer, Producer, TopicPartition
    from confluent_kafka.admin import AdminClient, NewTopic

    client = "confluent-kafka"
    common = {
        "bootstrap.servers": bootstrap,
        "client.id": "kbroker-capture-rdkafka",
        "socket.timeout.ms": 5000,
        "log_level": 3,
    }

    def produce(topic, extra, label):
        rec.scenario[client] = label
        p = Producer({**common, "linger.ms": 20, "message.timeout.ms": 8000, **extra})
        step(f"{label} list_topics", p.list_topics, timeout=5)
        for k, v in MESSAGES:
            p.produce(topic, key=k, value=v, headers=[("h", b"1")] if k.endswith(b"0") else None)
        step(f"{label} flush", p.flush, 10)
        # a second, separate batch
        p.produce(topic, key=b"late", value=b"late-value")
        step(f"{label} flush2", p.flush, 10)
        return p

    log.info(
        "confluent-kafka %s / librdkafka %s", confluent_kafka.__version__, confluent_kafka.libversion()[0]
    )
    produce("kb-plain", {"enable.idempotence": True, "compression.type": "none"}, "idempotent-producer")
    produce("kb-gzip", {"compression.type": "gzip", "acks": "all"}, "gzip-producer")
    for codec in ("snappy", "lz4", "zstd"):
        if dl.left() < 120:
            break
        produce(f"kb-{codec}", {"compression.type": codec, "acks": 1}, f"{codec}-producer")

    # classic consumer group
    rec.scenario[client] = "classic-consumer"
    c = Consumer(
        {
            **common,
            "group.id": "kb-rd-classic",
            "auto.offset.reset": "earliest",
            "enable.auto.commit": False,
            "heartbeat.interval.ms": 300,
            "session.timeout.ms": 6000,
            "fetch.wait.max.ms": 100,
            "topic.metadata.refresh.interval.ms": 2000,
        }
    )
    c.subscribe(["kb-plain", "kb-gzip"])
    got = 0
    t_end = time.monotonic() + min(15, max(3, dl.left() - 100))
    first = None
    while time.monotonic() < t_end:
        m = c.poll(0.2)
        if m is not None and not m.error():
            got += 1
            first = first or time.monotonic()
        if first and got >= 12 and time.monotonic() - first > 2.0:
            break
    log.info("  confluent classic consumer got %d messages", got)
    step("classic commit", c.commit, asynchronous=False)
    assignment = c.assignment()
    step("classic committed", c.committed, assignment, timeout=5)
    step("classic watermarks", c.get_watermark_offsets, TopicPartition("kb-plain", 0), timeout=5)
    step(
        "classic offsets_for_times",
        c.offsets_for_times,
        [TopicPartition("kb-plain", 0, int(time.time() * 1000) - 60000)],
        timeout=5,
    )
    step("classic close", c.close)

    # KIP-848 consumer group protocol
    if dl.left() > 90:
        rec.scenario[client] = "kip848-consumer"
        c = Consumer(
            {
                **common,
                "group.id": "kb-rd-848",
                "group.protocol": "consumer",
                "auto.offset.reset": "earliest",
                "enable.auto.commit": False,
                "fetch.wait.max.ms": 100,
            }
        )
        c.subscribe(["kb-plain"])
        got = 0
        t_end = time.monotonic() + 8
        first = None
        while time.monotonic() < t_end:
            m = c.poll(0.2)
            if m is not None and not m.error():
                got += 1
                first = first or time.monotonic()
            if first and got >= 6 and time.monotonic() - first > 1.0:
                break
        log.info("  confluent kip848 consumer got %d messages", got)
        step("kip848 commit", c.commit, asynchronous=False)
        step("kip848 close", c.close)

    # admin (augmented ApiVersions makes librdkafka send APIs the mock lacks)
    rec.scenario[client] = "admin"
    a = AdminClient({**common, "socket.timeout.ms": 3000})

    def wait_all(futs, label, timeout=4):
        items = futs.items() if isinstance(futs, dict) else [(label, futs)]
        for name, f in items:
            step(f"{label} {name}", f.result, timeout)

    wait_all(
        a.create_topics([NewTopic("kb-admin-new", 3, 1)], operation_timeout=2, request_timeout=3),
        "create_topics",
    )
    wait_all(a.delete_topics(["kb-admin-new"], operation_timeout=2, request_timeout=3), "delete_topics")
    wait_all(a.list_consumer_groups(request_timeout=3), "list_consumer_groups")
    wait_all(a.describe_consumer_groups(["kb-rd-classic"], request_timeout=3), "describe_consumer_groups")
    wait_all(a.describe_consumer_groups(["kb-rd-848"], request_timeout=3), "describe_consumer_groups(848)")
    try:
        from confluent_kafka import ConsumerGroupTopicPartitions

        wait_all(
            a.list_consumer_group_offsets([ConsumerGroupTopicPartitions("kb-rd-classic")], request_timeout=3),
            "list_consumer_group_offsets",
        )
        wait_all(
            a.alter_consumer_group_offsets(
                [ConsumerGroupTopicPartitions("kb-rd-classic", [TopicPartition("kb-plain", 0, 1)])],
                request_timeout=3,
            ),
            "alter_consumer_group_offsets",
        )
    except Exception as exc:
        log.info("  group offsets admin skipped: %s", exc)
    wait_all(a.delete_consumer_groups(["kb-rd-classic"], request_timeout=3), "delete_consumer_groups")
    step("admin list_topics", a.list_topics, timeout=5)

    # librdkafka prefers ConsumerGroupDescribe (69) when the broker lists it;
    # a fresh admin client that is NOT told about 69 sends DescribeGroups (15).
    rec.scenario[client] = "admin-classic-describe"
    proxy.augment = {k: v for k, v in proxy.augment.items() if k != 69}
    a = AdminClient({**common, "socket.timeout.ms": 3000})
    wait_all(
        a.describe_consumer_groups(["kb-rd-classic", "kb-rd-848"], request_timeout=3),
        "describe_consumer_groups(classic)",
    )


# --------------------------------------------------------------------------
# kafka-python scenarios
# --------------------------------------------------------------------------


def scenario_kafka_python(
    bootstrap: str,
    rec: Recorder,
    dl: Deadline,
    api_version,
    label_prefix: str,
    group: str,
    admin: bool = True,
    idempotent: bool = True,
    consume_seconds: float = 15,
) -> None:
    import kafka
    from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
    from kafka.admin import NewTopic

    client = "kafka-python"
    common = dict(
        bootstrap_servers=bootstrap,
        client_id="kbroker-capture-kafka-python",
        request_timeout_ms=5000,
        bootstrap_timeout_ms=4000,
        metadata_max_age_ms=60000,
    )
    if api_version is not None:
        common["api_version"] = api_version
    log.info("kafka-python %s api_version=%s", kafka.__version__, api_version)

    def produce(topic, extra, label):
        rec.scenario[client] = label_prefix + label
        p = step(f"{label} init", KafkaProducer, linger_ms=20, max_block_ms=5000, **common, **extra)
        if p is None:
            return
        futs = []
        for i, (k, v) in enumerate(MESSAGES):
            f = step(
                f"{label} send", p.send, topic, key=k, value=v, headers=[("h", b"1")] if i == 0 else None
            )
            if f is not None:
                futs.append(f)
        step(f"{label} flush", p.flush, 8)
        for f in futs[:1]:
            step(f"{label} get", f.get, 5)
        step(f"{label} close", p.close, 3)

    produce("kp-plain", {"acks": "all"}, "producer")
    produce("kp-gzip", {"acks": 1, "compression_type": "gzip"}, "gzip-producer")
    if idempotent:
        produce("kp-idem", {"enable_idempotence": True, "acks": "all"}, "idempotent-producer")

    rec.scenario[client] = label_prefix + "classic-consumer"
    c = step(
        "consumer init",
        KafkaConsumer,
        group_id=group,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        heartbeat_interval_ms=300,
        session_timeout_ms=6000,
        fetch_max_wait_ms=100,
        **common,
    )
    if c is not None:
        c.subscribe(["kp-plain", "kp-gzip"])
        got = 0
        first = None
        t_end = time.monotonic() + consume_seconds
        while time.monotonic() < t_end:
            try:
                recs = c.poll(timeout_ms=300) or {}
            except Exception as exc:
                log.info("  error consumer poll %s: %s", type(exc).__name__, exc)
                recs = {}
                time.sleep(0.3)
            n = sum(len(v) for v in recs.values())
            got += n
            if n and first is None:
                first = time.monotonic()
            if first and got >= 10 and time.monotonic() - first > 2.0:
                break
        log.info("  kafka-python consumer got %d messages", got)
        if got:
            step("consumer commit", c.commit)
            for tp in list(c.assignment())[:2]:
                step("consumer committed", c.committed, tp)
            tps = [TopicPartition("kp-plain", 0)]
            step("consumer end_offsets", c.end_offsets, tps)
            step("consumer beginning_offsets", c.beginning_offsets, tps)
            step("consumer offsets_for_times", c.offsets_for_times, {tps[0]: int(time.time() * 1000) - 60000})
        step("consumer close", c.close)

    if not admin:
        return
    rec.scenario[client] = label_prefix + "admin"
    a = step("admin init", KafkaAdminClient, **common)
    if a is None:
        return
    step("create_topics", a.create_topics, [NewTopic("kp-admin-new", 3, 1)], timeout_ms=2000)
    step("delete_topics", a.delete_topics, ["kp-admin-new"], timeout_ms=2000)
    step("list_groups", a.list_groups)
    step("describe_groups", a.describe_groups, [group])
    step("list_group_offsets", a.list_group_offsets, {group: None})
    step(
        "alter_group_offsets",
        a.alter_group_offsets,
        group,
        {TopicPartition("kp-plain", 0): kafka.OffsetAndMetadata(1, "", -1)},
    )
    step("delete_group_offsets", a.delete_group_offsets, group, [TopicPartition("kp-plain", 0)])
    step("delete_groups", a.delete_groups, [group])
    step("admin close", a.close)


def scenario_kafka_python_all(bootstrap: str, rec: Recorder, dl: Deadline, proxy: RecordingProxy) -> None:
    """kafka-python 3.x passes:
    1. api_version=(2, 3): the newest pin under which kafka-python 3.x talks to
       the mock unaided (it then sends ApiVersions v2, which the mock answers).
    2. older pins (1, 1) and (0, 10, 2): producer + consumer, for older
       request versions (legacy message sets included).
    3. default api_version (auto), unaided: kafka-python sends ApiVersions v4,
       the mock answers UNSUPPORTED_VERSION in a form kafka-python 3.0.x cannot
       decode, so it never gets further.  Kept short: it captures the request.
    4. default api_version with the proxy answering ApiVersions v3+ itself
       (synthesized from the mock's ranges + augmentation, not recorded):
       kafka-python then negotiates the newest versions it shares with the
       mock, and OffsetDelete becomes possible (it needs broker >= 2.4).
       a) a short consumer whose JoinGroup v6 the mock cannot parse (the
          mock drops the connection; only the request is kept);
       b) the full scenario with JoinGroup/SyncGroup capped at v5/v3 in the
          synthesized answer so that the consumer group can form.
    """
    from kafka import KafkaConsumer, KafkaProducer

    client = "kafka-python"
    scenario_kafka_python(bootstrap, rec, dl, (2, 3), "pin-2.3 ", "kb-kp-23")
    for pin, group in (((1, 1), "kb-kp-11"), ((0, 10, 2), "kb-kp-0102")):
        if dl.left() < 70:
            break
        scenario_kafka_python(
            bootstrap,
            rec,
            dl,
            pin,
            f"pin-{'.'.join(map(str, pin))} ",
            group,
            admin=False,
            idempotent=False,
            consume_seconds=8,
        )
    if dl.left() < 40:
        return
    rec.scenario[client] = "default-unaided"
    step(
        "default-unaided producer init",
        KafkaProducer,
        bootstrap_servers=bootstrap,
        client_id="kbroker-capture-kafka-python",
        bootstrap_timeout_ms=1500,
    )
    proxy.synthesize_api_versions = True
    rec.scenario[client] = "default joingroup-v6"
    c = step(
        "joingroup-v6 consumer init",
        KafkaConsumer,
        "kp-plain",
        bootstrap_servers=bootstrap,
        client_id="kbroker-capture-kafka-python",
        group_id="kb-kp-jg6",
        request_timeout_ms=3000,
        bootstrap_timeout_ms=3000,
    )
    if c is not None:
        t_end = time.monotonic() + 2.5
        while time.monotonic() < t_end:
            step("joingroup-v6 poll", c.poll, timeout_ms=300)
        step("joingroup-v6 close", c.close, autocommit=False)
    # the mock parses JoinGroup v6 and SyncGroup v4 (flexible) incorrectly
    proxy.synth_overrides = {11: (0, 5), 14: (0, 3)}
    scenario_kafka_python(bootstrap, rec, dl, None, "default ", "kb-kp-default")


# --------------------------------------------------------------------------
# aiokafka scenarios
# --------------------------------------------------------------------------


async def scenario_aiokafka(bootstrap: str, rec: Recorder, dl: Deadline) -> None:
    import aiokafka
    from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic

    client = "aiokafka"
    common = dict(bootstrap_servers=bootstrap, client_id="kbroker-capture-aiokafka", request_timeout_ms=5000)
    log.info("aiokafka %s", aiokafka.__version__)

    async def produce(topic, extra, label):
        rec.scenario[client] = label
        p = AIOKafkaProducer(linger_ms=20, **common, **extra)
        if await astep(f"{label} start", p.start(), 8) is FAILED:
            await astep(f"{label} stop", p.stop(), 5)
            return
        try:
            futs = []
            for i, (k, v) in enumerate(MESSAGES):
                f = await astep(
                    f"{label} send",
                    p.send(topic, key=k, value=v, headers=[("h", b"1")] if i == 0 else None),
                    5,
                )
                if f is not FAILED:
                    futs.append(f)
            if futs:
                await astep(f"{label} wait", asyncio.gather(*futs), 8)
            await astep(f"{label} send_and_wait", p.send_and_wait(topic, b"late-value", key=b"late"), 5)
        finally:
            await astep(f"{label} stop", p.stop(), 5)

    await produce("ak-plain", {"acks": "all"}, "producer")
    await produce("ak-gzip", {"acks": 1, "compression_type": "gzip"}, "gzip-producer")
    await produce("ak-idem", {"enable_idempotence": True}, "idempotent-producer")

    rec.scenario[client] = "classic-consumer"
    c = AIOKafkaConsumer(
        "ak-plain",
        "ak-gzip",
        group_id="kb-ak-classic",
        auto_offset_reset="earliest",
        enable_auto_commit=False,
        heartbeat_interval_ms=300,
        session_timeout_ms=6000,
        fetch_max_wait_ms=100,
        **common,
    )
    started = await astep("consumer start", c.start(), 10) is not FAILED
    if started:
        try:
            got = 0
            first = None
            t_end = time.monotonic() + 15
            while time.monotonic() < t_end:
                recs = await astep("consumer getmany", c.getmany(timeout_ms=300), 5)
                recs = recs if isinstance(recs, dict) else {}
                n = sum(len(v) for v in recs.values())
                got += n
                if n and first is None:
                    first = time.monotonic()
                if first and got >= 10 and time.monotonic() - first > 2.0:
                    break
            log.info("  aiokafka consumer got %d messages", got)
            await astep("consumer commit", c.commit(), 5)
            for tp in list(c.assignment())[:2]:
                await astep("consumer committed", c.committed(tp), 5)
            tps = [TopicPartition("ak-plain", 0)]
            await astep("consumer end_offsets", c.end_offsets(tps), 5)
            await astep("consumer beginning_offsets", c.beginning_offsets(tps), 5)
            await astep(
                "consumer offsets_for_times",
                c.offsets_for_times({tps[0]: int(time.time() * 1000) - 60000}),
                5,
            )
        finally:
            await astep("consumer stop", c.stop(), 8)
    else:
        await astep("consumer stop", c.stop(), 8)

    rec.scenario[client] = "admin"
    a = AIOKafkaAdminClient(**common)
    if await astep("admin start", a.start(), 8) is FAILED:
        await astep("admin close", a.close(), 5)
        return
    try:
        await astep("create_topics", a.create_topics([NewTopic("ak-admin-new", 3, 1)], timeout_ms=2000), 6)
        await astep("delete_topics", a.delete_topics(["ak-admin-new"], timeout_ms=2000), 6)
        await astep("list_consumer_groups", a.list_consumer_groups(), 6)
        await astep("describe_consumer_groups", a.describe_consumer_groups(["kb-ak-classic"]), 6)
        await astep("list_consumer_group_offsets", a.list_consumer_group_offsets("kb-ak-classic"), 6)
        await astep("find_coordinator", a.find_coordinator("kb-ak-classic"), 6)
    finally:
        await astep("admin close", a.close(), 5)


# --------------------------------------------------------------------------
# Independent check of each frame against the Apache Kafka message schemas
# --------------------------------------------------------------------------


class SchemaChecker:
    """Decode each frame with kafka-python's schema-generated codec (built
    from the Apache Kafka JSON message definitions) and re-encode it.

    status: "roundtrip"      decoded and re-encoded byte-identically
            "trailing_bytes" decoded, but N bytes after the last field
            "mismatch"       decoded, re-encoding differs
            "decode_error"   could not be decoded at this version
            "unchecked"      no codec for this api key in kafka-python
    Frames whose status is decode_error or mismatch are not written as
    fixtures (they are listed under "rejected" in manifest.json)."""

    def __init__(self) -> None:
        self.requests: dict = {}
        self.responses: dict = {}
        try:
            import importlib
            import pkgutil

            import kafka.protocol as kp
            from kafka.protocol.api_message import ApiMessage
        except Exception:
            return
        for mod in pkgutil.walk_packages(kp.__path__, "kafka.protocol."):
            if ".old" in mod.name or "generate_stubs" in mod.name:
                continue
            with contextlib.suppress(Exception):
                importlib.import_module(mod.name)

        def walk(c):
            for sub in c.__subclasses__():
                yield sub
                yield from walk(sub)

        for c in walk(ApiMessage):
            try:
                if c._class_version is not None:
                    continue
                (self.requests if c.is_request() else self.responses)[c.API_KEY] = c
            except Exception:
                pass

    # APIs kafka-python has no codec for; all of their versions are flexible
    ALWAYS_FLEXIBLE = frozenset({68, 69, 71, 72, 76, 77, 78, 79})

    def flexible(self, direction: str, key: int, version: int) -> bool | None:
        """Whether the message body (and, except for ApiVersions responses,
        the header) uses the flexible encoding."""
        if key in self.ALWAYS_FLEXIBLE:
            return True
        cls = (self.requests if direction == "request" else self.responses).get(key)
        if cls is None:
            return None
        return bool(cls.flexible_version_q(version))

    def check(self, fr: Frame) -> tuple[str, str]:
        key, ver, data = fr.api_key, fr.api_version, fr.data
        table = self.requests if fr.direction == "request" else self.responses
        cls = table.get(key)
        if cls is None or ver is None or cls.max_version is None or ver > cls.max_version:
            return "unchecked", "no kafka-python codec for this api/version"
        try:
            if fr.direction == "request":
                msg = cls.decode(data, version=ver, header=True)
                enc = bytes(msg.encode(version=ver, header=True))
                body = data
            else:
                pos = 4
                if key == 18:
                    if struct.unpack_from(">h", data, 4)[0] != 0:
                        ver = 0  # error answers are always encoded as v0
                elif cls.flexible_version_q(ver):
                    ntags, pos = _read_uvarint(data, pos)
                    for _ in range(ntags):
                        _t, pos = _read_uvarint(data, pos)
                        size, pos = _read_uvarint(data, pos)
                        pos += size
                body = data[pos:]
                msg = cls.decode(body, version=ver)
                msg._header = None
                enc = bytes(msg.encode(version=ver))
        except Exception as exc:
            return "decode_error", f"{type(exc).__name__}: {str(exc)[:120]}"
        if enc == body:
            return "roundtrip", ""
        if body.startswith(enc):
            return "trailing_bytes", (
                f"{len(body) - len(enc)} bytes after the last field: {body[len(enc) :].hex()}"
            )
        i = next((i for i in range(min(len(enc), len(body))) if enc[i] != body[i]), min(len(enc), len(body)))
        return "mismatch", (
            f"re-encoding differs at body offset {i} (len {len(body)} vs "
            f"{len(enc)}): got {body[i : i + 12].hex()} expected {enc[i : i + 12].hex()}"
        )


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def write_frames(
    frames: list[Frame],
    out: str,
    cap: int,
    max_bytes: int,
    big_frame: int,
    big_cap: int,
    checker: SchemaChecker,
) -> dict:
    """Write deduplicated, capped, schema-checked frames; return the manifest."""
    for client in CLIENTS:
        d = os.path.join(out, client)
        if os.path.isdir(d):
            shutil.rmtree(d)
    manifest = {"files": [], "rejected": []}
    rejected_seen: dict[tuple, dict] = {}
    per_client_seq: dict[str, int] = defaultdict(int)
    seen: dict[str, set] = defaultdict(set)
    counts: dict[tuple, int] = defaultdict(int)
    big_counts: dict[tuple, int] = defaultdict(int)
    total = 0
    for fr in frames:
        if fr.api_key is None:
            continue  # response to a request we never saw (should not happen)
        digest = hashlib.sha256(fr.data).hexdigest()
        # identical bytes at another api version are a different fixture
        ident = (fr.api_key, fr.api_version, fr.direction, digest)
        if ident in seen[fr.client]:
            continue
        status, detail = checker.check(fr)
        if status in ("decode_error", "mismatch"):
            rkey = (fr.client, fr.direction, fr.api_key, fr.api_version, status)
            if rkey in rejected_seen:
                rejected_seen[rkey]["count"] += 1
            else:
                rejected_seen[rkey] = {
                    "client": fr.client,
                    "direction": fr.direction,
                    "api_key": fr.api_key,
                    "api_name": api_name(fr.api_key),
                    "api_version": fr.api_version,
                    "scenario": fr.scenario,
                    "size": len(fr.data),
                    "check": status,
                    "check_detail": detail,
                    "count": 1,
                    "example_hex": fr.data.hex() if len(fr.data) <= 512 else None,
                }
                manifest["rejected"].append(rejected_seen[rkey])
            continue
        group = (fr.client, fr.api_key, fr.api_version, fr.direction)
        limit = cap
        if fr.api_key == 0:
            # Produce: keep a couple per scenario so every codec is represented
            group += (fr.scenario,)
            limit = min(cap, 2)
        if counts[group] >= limit:
            continue
        if len(fr.data) > big_frame and big_counts[(fr.client, fr.api_key, fr.direction)] >= big_cap:
            continue
        if total + len(fr.data) > max_bytes:
            continue
        seen[fr.client].add(ident)
        counts[group] += 1
        if len(fr.data) > big_frame:
            big_counts[(fr.client, fr.api_key, fr.direction)] += 1
        per_client_seq[fr.client] += 1
        name = (
            f"{per_client_seq[fr.client]:03d}_{api_name(fr.api_key)}"
            f"_k{fr.api_key}_v{fr.api_version}_{fr.direction}.bin"
        )
        d = os.path.join(out, fr.client)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "wb") as fh:
            fh.write(fr.data)
        total += len(fr.data)
        entry = {
            "file": f"{fr.client}/{name}",
            "client": fr.client,
            "direction": fr.direction,
            "api_key": fr.api_key,
            "api_name": api_name(fr.api_key),
            "api_version": fr.api_version,
            "correlation_id": fr.correlation_id,
            "connection": fr.conn,
            "scenario": fr.scenario,
            "size": len(fr.data),
            "sha256": digest,
        }
        flexible = checker.flexible(fr.direction, fr.api_key, fr.api_version)
        if flexible is not None:
            entry["flexible"] = flexible
        entry["check"] = status
        if detail:
            entry["check_detail"] = detail
        if status == "trailing_bytes":
            entry["trailing_bytes"] = int(detail.split()[0])
        if fr.note:
            entry["note"] = fr.note
        manifest["files"].append(entry)
    # pair responses with their request files where both were kept
    req_by = {
        (e["client"], e["connection"], e["correlation_id"]): e["file"]
        for e in manifest["files"]
        if e["direction"] == "request"
    }
    for e in manifest["files"]:
        if e["direction"] == "response":
            r = req_by.get((e["client"], e["connection"], e["correlation_id"]))
            if r:
                e["request_file"] = r
    manifest["total_bytes"] = total
    return manifest


def summarize(manifest: dict) -> str:
    table: dict[tuple, dict[int, set]] = defaultdict(lambda: defaultdict(set))
    for e in manifest["files"]:
        table[(e["api_key"], e["direction"])][e["api_version"]].add(e["client"])
    lines = ["api_key api_name                  dir       versions (clients)"]
    for key, direction in sorted(table):
        vers = table[(key, direction)]
        desc = "; ".join(f"v{v}: {','.join(sorted(c))}" for v, c in sorted(vers.items()))
        lines.append(f"{key:>7} {api_name(key):<25} {direction:<9} {desc}")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="tests/fixtures/frames")
    ap.add_argument(
        "--clients",
        default=",".join(CLIENTS),
        help="comma-separated subset of "
        + ",".join(CLIENTS)
        + " (the --out directory is rewritten: use a scratch --out for subsets)",
    )
    ap.add_argument("--max-seconds", type=float, default=170.0)
    ap.add_argument("--cap", type=int, default=6, help="max frames per (client, api, version, direction)")
    ap.add_argument("--max-bytes", type=int, default=2_800_000)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(message)s",
        datefmt="%H:%M:%S",
    )
    for noisy in ("kafka", "aiokafka", "asyncio"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    clients = [c.strip() for c in args.clients.split(",") if c.strip()]
    dl = Deadline(args.max_seconds - 15)
    rec = Recorder()
    finish_lock = threading.Lock()
    meta: dict = {"generated_by": "tools/capture_frames.py"}

    def finish(code: int) -> None:
        if not finish_lock.acquire(blocking=False):
            return
        manifest = write_frames(
            rec.snapshot(),
            args.out,
            args.cap,
            args.max_bytes,
            big_frame=16 * 1024,
            big_cap=3,
            checker=SchemaChecker(),
        )
        manifest.update(meta)
        with open(os.path.join(args.out, "manifest.json"), "w") as fh:
            # one line per frame, to keep it small and diffable
            fh.write("{\n")
            keys = sorted(manifest)
            for i, k in enumerate(keys):
                v = manifest[k]
                sep = "," if i < len(keys) - 1 else ""
                if isinstance(v, list):
                    rows = [json.dumps(x, sort_keys=True) for x in v]
                    fh.write(f" {json.dumps(k)}: [\n  " + ",\n  ".join(rows) + f"\n ]{sep}\n")
                else:
                    fh.write(f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}{sep}\n")
            fh.write("}\n")
        print(summarize(manifest))
        print(f"wrote {len(manifest['files'])} frames, {manifest['total_bytes']} bytes to {args.out}")
        sys.stdout.flush()
        sys.stderr.flush()
        # librdkafka/kafka-python background threads may block interpreter
        # shutdown; the results are on disk, so leave hard.
        os._exit(code)

    def watchdog() -> None:
        log.info("watchdog: %.0fs elapsed, writing what was captured", args.max_seconds)
        finish(3)

    wd = threading.Timer(args.max_seconds, watchdog)
    wd.daemon = True
    wd.start()

    import confluent_kafka

    versions = meta["versions"] = {
        "confluent-kafka": confluent_kafka.__version__,
        "librdkafka": confluent_kafka.libversion()[0],
        "python": sys.version.split()[0],
    }
    for mod, name in (("kafka", "kafka-python"), ("aiokafka", "aiokafka")):
        try:
            versions[name] = __import__(mod).__version__
        except Exception:
            versions[name] = None
    os.makedirs(args.out, exist_ok=True)

    # the mock cluster (kept alive by this handle for the whole run)
    mock_handle = confluent_kafka.Producer(
        {"test.mock.num.brokers": 1, "bootstrap.servers": "", "log_level": 3}
    )
    md = mock_handle.list_topics(timeout=10)
    broker = next(iter(md.brokers.values()))
    upstream = (broker.host, broker.port)
    log.info("mock cluster broker at %s:%d", *upstream)
    if broker.host not in ("127.0.0.1", "localhost"):
        log.error("mock broker not on loopback; refusing")
        os._exit(2)

    upstream_ranges = probe_api_ranges(*upstream)
    meta["mock_api_versions"] = {str(k): list(r) for k, r in sorted(upstream_ranges.items())}
    log.info(
        "mock implements %s", " ".join(f"{k}:{lo}-{hi}" for k, (lo, hi) in sorted(upstream_ranges.items()))
    )
    pt = ProxyThread()
    runners = {
        "confluent-kafka": lambda bs, px: scenario_confluent(bs, rec, dl, px),
        "kafka-python": lambda bs, px: scenario_kafka_python_all(bs, rec, dl, px),
        "aiokafka": lambda bs, px: asyncio.run(scenario_aiokafka(bs, rec, dl)),
    }
    budgets = {"confluent-kafka": 50, "kafka-python": 85, "aiokafka": 35}
    for client in clients:
        if dl.left() < 10:
            log.info("out of time before %s", client)
            break
        proxy = RecordingProxy(client, upstream, rec, augment=AUGMENT_APIS, upstream_ranges=upstream_ranges)
        port = pt.start_proxy(proxy)
        log.info("== %s via proxy 127.0.0.1:%d", client, port)
        run_in_thread(
            functools.partial(runners[client], f"127.0.0.1:{port}", proxy),
            min(budgets[client], max(5, dl.left())),
            client,
        )
        pt.stop_proxy(proxy)
    finish(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())

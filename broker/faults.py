"""Fault injection for tests: make the broker answer an API with an error, answer late, drop
the connection, or hold a partition's fetches and produces, the way franz-go's kfake
(`ControlKey`) and librdkafka's mock cluster (`rd_kafka_mock_push_request_errors`) let a test
make a real client meet the failures it must survive.

    broker.faults.fail("OffsetCommit", "NOT_COORDINATOR", times=3)
    broker.faults.fail("Produce", "NOT_LEADER_OR_FOLLOWER", match={"topic": "orders"})
    broker.faults.delay("JoinGroup", 8.0, times=1)
    broker.faults.drop_connection("Fetch")
    broker.faults.pause_partition("orders", 0)  # ... resume_partition("orders", 0)
    assert broker.faults.count("fail", "OffsetCommit") == 3
    broker.faults.clear()

The server asks `take` about each request only while a fault is set (`active`): with none, a
request pays one attribute check and the raw fast paths stay on. An error answer is a whole
response of the request's API and version (`error_response`), built from the API's response
declaration: every error code field holds the error, and the arrays that answer the request's
topics, partitions, groups... echo them, as Kafka's `getErrorResponse` does.
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from broker import logging_setup
from protocol.api import Api
from protocol.apis import ALL, APIS, ApiKey
from protocol.errors import ErrorCode
from protocol.frames import RequestHeader
from protocol.schema import INT16, RECORDS, Array, F, Struct

log = logging_setup.get_logger("kbroker.faults")

FAIL, DELAY, DROP, PAUSE = "fail", "delay", "drop", "pause"
MATCH_KEYS = ("group", "topic", "client_id")

ApiName = str | int
ErrorName = str | int


def _norm(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


_API_NAMES: dict[str, ApiKey] = {}
for _api in ALL:
    _API_NAMES[_norm(_api.name)] = ApiKey(_api.key)  # "OffsetCommit"
for _key in ApiKey:
    _API_NAMES[_norm(_key.name)] = _key  # "OFFSET_COMMIT"


def parse_api(api: ApiName) -> ApiKey:
    """An API by Kafka's name ("OffsetCommit", also "OFFSET_COMMIT") or key (8)."""
    if isinstance(api, bool) or not isinstance(api, int | str):
        raise TypeError(f"an API is a name or a key, not {api!r}")
    if isinstance(api, int):
        if api in APIS:
            return ApiKey(api)
        raise ValueError(f"unknown API key {api}: valid keys are {sorted(APIS)}")
    key = _API_NAMES.get(_norm(api))
    if key is None:
        raise ValueError(f"unknown API {api!r}: valid APIs are {', '.join(a.name for a in ALL)}")
    return key


def parse_error(error: ErrorName) -> ErrorCode:
    """An error by Kafka's name ("NOT_COORDINATOR", any case) or code (16); never NONE."""
    if isinstance(error, bool) or not isinstance(error, int | str):
        raise TypeError(f"an error is a name or a code, not {error!r}")
    code: ErrorCode | None
    if isinstance(error, int):
        code = ErrorCode(error) if error in ErrorCode._value2member_map_ else None
    else:
        code = ErrorCode.__members__.get(error.strip().upper().replace("-", "_"))
    if code is None or code == ErrorCode.NONE:
        valid = ", ".join(e.name for e in ErrorCode if e != ErrorCode.NONE)
        raise ValueError(f"unknown error {error!r}: valid errors are {valid}")
    return code


def api_name(key: int) -> str:
    api = APIS.get(key)
    return api.name if api is not None else str(key)


@dataclass(slots=True)
class Fault:
    """One rule: what to do to the next `remaining` requests of `api` that `match` (None: every
    one until cleared)."""

    kind: str  # FAIL, DELAY or DROP
    api: ApiKey
    remaining: int | None
    match: Mapping[str, str] | None = None
    error: ErrorCode | None = None  # FAIL
    seconds: float = 0.0  # DELAY

    def used(self) -> bool:
        """One request taken: whether the rule is now spent."""
        if self.remaining is None:
            return False
        self.remaining -= 1
        return self.remaining <= 0


@dataclass(frozen=True, slots=True)
class Injection:
    """What `take` decided for one request: wait `delay` seconds first, then answer `error`,
    close the connection (`drop`), or (neither) serve the request as usual."""

    delay: float = 0.0
    error: ErrorCode | None = None
    drop: bool = False


@dataclass(slots=True)
class Held:
    """A partition's pause: produces wait on `resumed`; fetches read nothing while `paused`."""

    resumed: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def paused(self) -> bool:
        return not self.resumed.is_set()


class Faults:
    """A broker's fault injector (`Broker.faults`). Not thread-safe: call it from the broker's
    event loop (an in-process broker's test)."""

    __slots__ = ("_by_api", "_resume_hooks", "active", "injected", "paused", "topic_name")

    def __init__(self, topic_name: Callable[[uuid.UUID], str | None] | None = None) -> None:
        self.active = False  # any rule or paused partition: the one thing the request path reads
        self._by_api: dict[int, list[Fault]] = {}
        self.paused: dict[tuple[str, int], Held] = {}
        # How many requests each kind of fault took, by (kind, API name): ("fail", "OffsetCommit").
        self.injected: Counter[tuple[str, str]] = Counter()
        self.topic_name = topic_name  # topic ids (Fetch v13+, Produce v13) to names, for matching
        self._resume_hooks: list[Callable[[str, int], None]] = []

    # -- setting faults ------------------------------------------------------------------------

    def fail(
        self,
        api: ApiName,
        error: ErrorName,
        times: int | None = 1,
        match: Mapping[str, str] | None = None,
    ) -> Fault:
        """Answer the next `times` requests of `api` (None: all, until `clear`) that `match`
        with `error`, in every error field of the API's response."""
        return self._add(Fault(FAIL, parse_api(api), _times(times), _match(match), error=parse_error(error)))

    def delay(
        self, api: ApiName, seconds: float, times: int | None = None, match: Mapping[str, str] | None = None
    ) -> Fault:
        """Serve the next `times` requests of `api` (None: all, until `clear`) `seconds` late."""
        if not seconds > 0:
            raise ValueError(f"a delay is a positive number of seconds, not {seconds!r}")
        return self._add(Fault(DELAY, parse_api(api), _times(times), _match(match), seconds=seconds))

    def drop_connection(
        self, api: ApiName, times: int | None = 1, match: Mapping[str, str] | None = None
    ) -> Fault:
        """Close the connection of the next `times` requests of `api` instead of answering them
        (what came before on that connection is answered; what was pipelined after is lost)."""
        return self._add(Fault(DROP, parse_api(api), _times(times), _match(match)))

    def pause_partition(self, topic: str, partition: int) -> None:
        """Fetches get nothing new from the partition (they wait up to their max_wait as if it
        were empty) and produces to it wait until `resume_partition` or their timeout
        (REQUEST_TIMED_OUT)."""
        self.paused.setdefault((topic, partition), Held())
        self.active = True
        log.info("inject fault", kind=PAUSE, topic=topic, partition=partition)

    def resume_partition(self, topic: str, partition: int) -> None:
        held = self.paused.pop((topic, partition), None)
        if held is not None:
            held.resumed.set()
            for hook in self._resume_hooks:
                hook(topic, partition)
            log.info("resume partition", topic=topic, partition=partition)
        self._refresh()

    def on_resume(self, hook: Callable[[str, int], None]) -> None:
        """Call `hook(topic, partition)` when a partition resumes (the broker wakes its fetches)."""
        self._resume_hooks.append(hook)

    def clear(self) -> None:
        """Remove every rule and resume every paused partition (the counts stay)."""
        self._by_api.clear()
        for topic, partition in list(self.paused):
            self.resume_partition(topic, partition)
        self._refresh()

    def rules(self) -> list[Fault]:
        """The rules still set, in the order they were set (per API)."""
        return [f for rules in self._by_api.values() for f in rules]

    def count(self, kind: str | None = None, api: ApiName | None = None) -> int:
        """Faults injected so far, of a kind ("fail", "delay", "drop", "pause") and/or an API."""
        name = api_name(parse_api(api)) if api is not None else None
        return sum(
            n
            for (k, a), n in self.injected.items()
            if (kind is None or k == kind) and (name is None or a == name)
        )

    def _add(self, fault: Fault) -> Fault:
        self._by_api.setdefault(fault.api, []).append(fault)
        self.active = True
        return fault

    def _refresh(self) -> None:
        self.active = bool(self._by_api or self.paused)

    # -- the request path ----------------------------------------------------------------------

    def take(self, header: RequestHeader, request: Mapping[str, Any], peer: str = "") -> Injection | None:
        """The faults for one request (its first matching delay, then its first matching fail
        or drop, each using up one of its times), logged and counted; None if none applies."""
        rules = self._by_api.get(header.api_key)
        if not rules:
            return None
        delay: Fault | None = None
        act: Fault | None = None
        for f in rules:
            if (delay if f.kind == DELAY else act) is not None:
                continue  # one of each kind per request
            if f.match is not None and not self._matches(f.match, header, request):
                continue
            if f.kind == DELAY:
                delay = f
            else:
                act = f
            if delay is not None and act is not None:
                break
        if delay is None and act is None:
            return None
        name = api_name(header.api_key)
        for taken in (delay, act):
            if taken is None:
                continue
            if taken.used():
                rules.remove(taken)
            self.injected[(taken.kind, name)] += 1
            log.info(
                "inject fault",
                kind=taken.kind,
                api=name,
                api_version=header.api_version,
                error=taken.error.name if taken.error is not None else None,
                seconds=taken.seconds if taken.kind == DELAY else None,
                client_id=header.client_id,
                correlation_id=header.correlation_id,
                peer=peer or None,
                remaining=taken.remaining,
            )
        if not rules:
            del self._by_api[header.api_key]
            self._refresh()
        return Injection(
            delay.seconds if delay is not None else 0.0,
            act.error if act is not None else None,
            act is not None and act.kind == DROP,
        )

    def held(self, topic: str, partition: int, api: str) -> Held | None:
        """The partition's pause, if it is paused (then counted and logged for `api`)."""
        held = self.paused.get((topic, partition))
        if held is not None:
            self.injected[(PAUSE, api)] += 1
            log.info("inject fault", kind=PAUSE, api=api, topic=topic, partition=partition)
        return held

    def _matches(self, match: Mapping[str, str], header: RequestHeader, request: Mapping[str, Any]) -> bool:
        for key, want in match.items():
            if key == "client_id":
                if header.client_id != want:
                    return False
            elif key == "group":
                if want not in set(groups_of(header.api_key, request)):
                    return False
            elif want not in set(topics_of(request, self.topic_name)):
                return False
        return True


def _times(times: int | None) -> int | None:
    if times is not None and (isinstance(times, bool) or not isinstance(times, int) or times < 1):
        raise ValueError(f"times is a count of at least 1, or None for every request: {times!r}")
    return times


def _match(match: Mapping[str, str] | None) -> Mapping[str, str] | None:
    if not match:
        return None
    unknown = set(match) - set(MATCH_KEYS)
    if unknown:
        raise ValueError(f"unknown match keys {sorted(unknown)}: valid keys are {', '.join(MATCH_KEYS)}")
    return dict(match)


# -- what a request names ---------------------------------------------------------------------

_GROUP_FIELDS = ("group_id", "groups", "groups_names", "group_ids")


def groups_of(api_key: int, request: Mapping[str, Any]) -> Iterator[str]:
    """The group ids a decoded request names (a group's requests, OffsetFetch's batch, the
    admin APIs' lists, FindCoordinator's key when it is a group's)."""
    if api_key == ApiKey.FIND_COORDINATOR:
        if request.get("key_type", 0) == 0:
            if request.get("key"):
                yield request["key"]
            yield from request.get("coordinator_keys") or ()
        return
    yield from _strings(request, _GROUP_FIELDS)


def _strings(obj: Any, names: Iterable[str]) -> Iterator[str]:
    """Every string under one of `names` (a string, or an array of strings), at any depth."""
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            if k in names and isinstance(v, str):
                yield v
            elif k in names and isinstance(v, list) and v and isinstance(v[0], str):
                yield from v
            elif isinstance(v, list | Mapping):
                yield from _strings(v, names)
    elif isinstance(obj, list):
        for item in obj:
            if isinstance(item, list | Mapping):
                yield from _strings(item, names)


def topics_of(
    request: Mapping[str, Any], topic_name: Callable[[uuid.UUID], str | None] | None
) -> Iterator[str]:
    """The topics a decoded request names: `topic`, or `name` in an array of topics, and topic
    ids (resolved by `topic_name`), at any depth."""
    yield from _topics(request, False, topic_name)


def _topics(obj: Any, in_topics: bool, topic_name: Callable[[uuid.UUID], str | None] | None) -> Iterator[str]:
    if isinstance(obj, list):
        for item in obj:
            if isinstance(item, Mapping):
                yield from _topics(item, in_topics, topic_name)
            elif in_topics and isinstance(item, str):
                yield item  # DeleteTopics v0-5: topic_names
        return
    if not isinstance(obj, Mapping):
        return
    for k, v in obj.items():
        if isinstance(v, str) and (k == "topic" or (in_topics and k == "name")):
            yield v
        elif k == "topic_id" and isinstance(v, uuid.UUID) and topic_name is not None:
            name = topic_name(v)
            if name is not None:
                yield name
        elif isinstance(v, list | Mapping):
            yield from _topics(v, "topic" in k, topic_name)


# -- error answers ----------------------------------------------------------------------------

# A response array that answers a request array of another name: the request's, in order of
# preference (the first one the version has). Same names pair up without being listed.
_SOURCES: dict[str, tuple[str, ...]] = {
    "responses": ("topic_data", "topics", "topic_names", "resources"),  # Produce, Fetch, Delete/AlterConfigs
    "partition_responses": ("partition_data",),  # Produce
    "partitions": ("partition_indexes",),  # OffsetFetch, WriteTxnMarkers, DescribeProducers
    "results": ("groups_names", "topics", "resources", "creations"),  # DeleteGroups, CreatePartitions...
    "results_by_partition": ("partitions",),  # AddPartitionsToTxn
    "coordinators": ("coordinator_keys",),  # FindCoordinator v4+
    "groups": ("group_ids",),  # ConsumerGroupDescribe
    "transaction_states": ("transactional_ids",),  # DescribeTransactions
    "filter_results": ("filters",),  # DeleteAcls
}
# The same for a response field that echoes a request field of another name.
_KEY_SOURCES: dict[str, tuple[str, ...]] = {"partition_index": ("partition", "index")}  # Fetch
# Per API, response arrays that answer no request array (the error goes in the top-level field).
_NO_SOURCE: dict[int, frozenset[str]] = {
    ApiKey.DESCRIBE_LOG_DIRS: frozenset({"results"}),
}
# Arrays an error answer leaves empty whatever the request has (CreateTopics' configs).
_NEVER_ECHOED = frozenset({"configs"})
# Offsets and watermarks of an error answer: Kafka's "unknown" (-1), not 0.
_UNKNOWN_INT64 = frozenset(
    {"high_watermark", "last_stable_offset", "log_start_offset", "base_offset", "offset", "timestamp"}
)


def error_response(api_key: int, version: int, request: Mapping[str, Any], error: int) -> dict[str, Any]:
    """A whole response of `api_key` v`version` answering `request` with `error`: every error
    code field holds it; arrays that answer the request's arrays echo their keys (topic names
    and ids, partition indexes, group ids...). Top-level scalars take their defaults (a
    JoinGroup error answers no member id), as in Kafka's error responses."""
    api: Api = APIS[api_key]
    skip = _NO_SOURCE.get(api_key, frozenset())
    return _answer(api.response.fields, api.request.fields, request, None, version, error, skip, top=True)


def _answer(
    fields: Iterable[F],
    req_fields: Iterable[F],
    request: Mapping[str, Any] | None,
    key: Any,
    version: int,
    error: int,
    skip: frozenset[str] = frozenset(),
    top: bool = False,
) -> dict[str, Any]:
    """One response struct answering one request struct (`request`) or one element of an array
    of primitives (`key`: the struct's first field of that type takes it)."""
    req = _present(req_fields, version)
    out: dict[str, Any] = {}
    key_placed = key is None
    for f in fields:
        if version not in f.versions():
            continue
        t = f.type
        if isinstance(t, Array):
            out[f.name] = [] if f.name in skip else _array(f, req, request, version, error)
        elif isinstance(t, Struct):
            out[f.name] = f.default_at(version)
        elif t == INT16 and f.name.endswith("error_code"):
            out[f.name] = error
        elif not key_placed and _same_kind(t, key) and "error" not in f.name:
            out[f.name] = key
            key_placed = True
        elif not top and request is not None and (src := _scalar_source(f, req)) is not None:
            out[f.name] = request.get(src)
        elif t == RECORDS:
            out[f.name] = b""
        elif f.name in _UNKNOWN_INT64 and f.default is None:
            out[f.name] = -1
        else:
            out[f.name] = f.default_at(version)
    return out


def _scalar_source(f: F, req: Mapping[str, F]) -> str | None:
    """The request field whose value a response field echoes: the same name, or an alias."""
    for name in (f.name, *_KEY_SOURCES.get(f.name, ())):
        if name in req and req[name].type == f.type:
            return name
    return None


def _present(fields: Iterable[F], version: int) -> dict[str, F]:
    return {f.name: f for f in fields if version in f.versions()}


def _same_kind(t: Any, key: Any) -> bool:
    if isinstance(key, str):
        return bool(t == "string")
    if isinstance(key, uuid.UUID):
        return bool(t == "uuid")
    if isinstance(key, int):
        return t in ("int32", "int64", "int16", "int8")
    return False


def _array(
    f: F, req: Mapping[str, F], request: Mapping[str, Any] | None, version: int, error: int
) -> list[Any]:
    """A response array: one element per element of the request array it answers, if any."""
    assert isinstance(f.type, Array)
    if request is None or f.name in _NEVER_ECHOED:
        return []
    source = next(
        (req[n] for n in (f.name, *_SOURCES.get(f.name, ())) if n in req and isinstance(req[n].type, Array)),
        None,
    )
    if source is None:
        return []
    items = request.get(source.name) or []
    element, src_element = f.type.element, source.type.element  # type: ignore[union-attr]
    if not isinstance(element, Struct):
        return list(items) if element == src_element else []
    if isinstance(src_element, Struct):
        return [_answer(element.fields, src_element.fields, item, None, version, error) for item in items]
    return [_answer(element.fields, (), None, item, version, error) for item in items]

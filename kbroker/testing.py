"""A real Kafka-protocol broker inside a test process: `EmbeddedBroker`.

    async with EmbeddedBroker() as b:           # in the caller's event loop (aiokafka, kbroker's client)
        ...  b.bootstrap_servers                 # "127.0.0.1:PORT", an ephemeral port

    with EmbeddedBroker() as b:                 # on a thread with its own loop (confluent-kafka,
        ...                                      # kafka-python, any blocking client)

Properties: Kafka's names, as a dict (`properties={"log.retention.ms": "1000"}`) and/or as keyword
arguments whose underscores stand for dots (`log_retention_ms=1000`); the keywords win over the
dict, and both over TEST_DEFAULTS. Values may be str, int, float or bool.

Data: a temporary directory, removed at exit, unless `log_dirs=` names one (then kept).

Manual clock: `EmbeddedBroker(manual_clock=True)`; the group coordinator (sessions, rebalance and
join timeouts, offset retention) and the transaction coordinator (transaction timeouts,
transactional id expiry) read `b.clock`, which moves only with `b.clock.advance(seconds)`: the
timers then due fire at once. Everything else (log retention, fetch sessions, quotas, clients'
own timers) keeps the wall clock.

Helpers (kbroker's own client, run on the broker's loop): `create_topic`, `produce`,
`consume_all`, `committed`, `describe_group`, `wait_for_group`; blocking calls on a threaded broker
(`with`), and awaitable ones under `b.aio` in any mode (`await b.aio.produce(...)`).

This module does not import pytest (kbroker.pytest_plugin builds the fixtures on it).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import shutil
import tempfile
import threading
import time
from collections.abc import Coroutine, Iterable, Mapping
from pathlib import Path
from typing import Any, TypeVar, cast

from broker.broker import Broker
from broker.config import Config
from broker.faults import Faults
from broker.group.config import ManualClock
from client import AsyncAdmin, AsyncConsumer, AsyncProducer, NewTopic, TopicPartition
from client.admin import GroupDescription
from client.structs import ConsumerRecord, RecordMetadata

__all__ = [
    "TEST_DEFAULTS",
    "BrokerClock",
    "BrokerNamespace",
    "EmbeddedBroker",
    "Helpers",
    "broker_properties",
]

T = TypeVar("T")
PropertyValue = str | int | float | bool

# Tuned for tests: groups form at once, sessions may be short, one partition per internal topic
# (a fast start), one replica of everything, topics made on first use.
TEST_DEFAULTS: dict[str, str] = {
    "auto.create.topics.enable": "true",
    "num.partitions": "1",
    "default.replication.factor": "1",
    "group.initial.rebalance.delay.ms": "0",
    "group.min.session.timeout.ms": "100",
    "group.max.session.timeout.ms": "300000",
    "group.consumer.min.session.timeout.ms": "100",
    "group.consumer.min.heartbeat.interval.ms": "50",
    "group.consumer.heartbeat.interval.ms": "500",
    "offsets.topic.num.partitions": "1",
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.num.partitions": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
}


def _text(value: PropertyValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def broker_properties(
    properties: Mapping[str, PropertyValue] | None = None, **overrides: PropertyValue
) -> dict[str, str]:
    """TEST_DEFAULTS, then `properties` (Kafka's names), then `overrides` (`_` for `.`)."""
    out = dict(TEST_DEFAULTS)
    out.update({k: _text(v) for k, v in (properties or {}).items()})
    out.update({k.replace("_", "."): _text(v) for k, v in overrides.items()})
    return out


class BrokerClock:
    """`b.clock` of an EmbeddedBroker made with `manual_clock=True`: the coordinators' time."""

    def __init__(self, embedded: EmbeddedBroker) -> None:
        self._embedded = embedded
        self.manual = ManualClock()  # what the broker reads
        self._tasks: set[asyncio.Task[None]] = set()

    def now_ms(self) -> int:
        """The clock's wall time (what commit timestamps and retention read), in ms."""
        return self.manual.wall_ms()

    def advance(self, seconds: float) -> None:
        """Move the clock forward and fire the timers now due. On a threaded broker (`with`):
        back once they fired and what they wrote is durable. Called from the broker's own loop
        (`async with`): the group timers fire before it returns (a classic member past its
        session is gone), what they change through the log (KIP-848 fencing, expired offsets)
        and the transaction checks follow on the loop: `await advance_async(...)` waits for
        those too."""
        embedded = self._embedded
        if not embedded.on_broker_loop():
            embedded.call(self._advance(seconds))
            return
        self.manual.advance_ms(_ms(seconds))
        broker = embedded.broker
        for runtime in broker.groups.runtimes:
            runtime.fire_due_timers()
        task = asyncio.get_running_loop().create_task(broker.fire_due_timers())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def advance_async(self, seconds: float) -> None:
        """Move the clock forward, fire the timers now due and wait until what they wrote is
        durable; from any event loop."""
        await self._embedded.acall(self._advance(seconds))

    async def _advance(self, seconds: float) -> None:
        self.manual.advance_ms(_ms(seconds))
        await self._embedded.broker.fire_due_timers()


def _ms(seconds: float) -> int:
    if seconds < 0:
        raise ValueError("a clock never goes back")
    return round(seconds * 1000)


class Helpers:
    """The fixture's conveniences, as coroutines on the broker's loop (`b.aio`); EmbeddedBroker's
    methods of the same names block on them."""

    def __init__(self, embedded: EmbeddedBroker) -> None:
        self._embedded = embedded
        self._admin: AsyncAdmin | None = None
        self._producer: AsyncProducer | None = None

    # Each public coroutine hops to the broker's loop (acall) and runs its `_` twin there, where the
    # admin and the producer live.

    async def create_topic(
        self, name: str, partitions: int = 1, configs: Mapping[str, str] | None = None
    ) -> None:
        await self._embedded.acall(self._create_topic(name, partitions, configs))

    async def produce(
        self, topic: str, values: Iterable[bytes | str | None], key: bytes | str | None = None
    ) -> list[RecordMetadata]:
        return await self._embedded.acall(self._produce(topic, list(values), key))

    async def consume_all(
        self, topic: str, group: str | None = None, timeout: float = 10.0
    ) -> list[ConsumerRecord]:
        return await self._embedded.acall(self._consume_all(topic, group, timeout))

    async def committed(self, group: str) -> dict[TopicPartition, int]:
        return await self._embedded.acall(self._committed(group))

    async def describe_group(self, group: str) -> GroupDescription:
        return await self._embedded.acall(self._describe_group(group))

    async def wait_for_group(
        self, group: str, state: str = "Stable", members: int | None = None, timeout: float = 10.0
    ) -> GroupDescription:
        return await self._embedded.acall(self._wait_for_group(group, state, members, timeout))

    # -- on the broker's loop ---------------------------------------------------------------------

    async def admin(self) -> AsyncAdmin:
        if self._admin is None:
            self._admin = AsyncAdmin(self._embedded.bootstrap_servers, client_id="kbroker-testing")
            await self._admin.start()
        return self._admin

    async def producer(self) -> AsyncProducer:
        if self._producer is None:
            self._producer = AsyncProducer(
                self._embedded.bootstrap_servers, client_id="kbroker-testing", linger_ms=0
            )
            await self._producer.start()
        return self._producer

    async def close(self) -> None:
        if self._producer is not None:
            await self._producer.close()
            self._producer = None
        if self._admin is not None:
            await self._admin.close()
            self._admin = None

    async def _create_topic(self, name: str, partitions: int, configs: Mapping[str, str] | None) -> None:
        admin = await self.admin()
        await admin.create_topics([NewTopic(name, partitions, 1, dict(configs or {}))])

    async def _produce(
        self, topic: str, values: list[bytes | str | None], key: bytes | str | None
    ) -> list[RecordMetadata]:
        producer = await self.producer()
        k = _bytes(key)
        futures = [await producer.send(topic, _bytes(v), k) for v in values]
        await producer.flush()
        return [await f for f in futures]

    async def _consume_all(self, topic: str, group: str | None, timeout: float) -> list[ConsumerRecord]:
        """Every record in the topic now (from the group's committed offsets if `group` is given,
        the group's offsets then committed at the end), in partition then offset order."""
        consumer = AsyncConsumer(
            bootstrap_servers=self._embedded.bootstrap_servers,
            group_id=group,
            client_id="kbroker-testing",
            enable_auto_commit=False,
            auto_offset_reset="earliest",
            allow_auto_create_topics=False,
        )
        await consumer.start()
        try:
            tps = [TopicPartition(topic, p) for p in sorted(await consumer.partitions_for_topic(topic))]
            ends = await consumer.end_offsets(tps)
            consumer.assign(tps)
            if group is None:
                await consumer.seek_to_beginning(*tps)
            out: dict[TopicPartition, list[ConsumerRecord]] = {tp: [] for tp in tps}
            deadline = time.monotonic() + timeout
            while any([await consumer.position(tp) < ends[tp] for tp in tps]):
                if time.monotonic() > deadline:
                    raise TimeoutError(f"consume_all({topic!r}) did not reach the end in {timeout}s")
                for tp, records in (await consumer.getmany(timeout_ms=100)).items():
                    out[tp].extend(r for r in records if r.offset < ends[tp])
            if group is not None and tps:
                await consumer.commit({tp: ends[tp] for tp in tps})
            return [r for tp in tps for r in out[tp]]
        finally:
            await consumer.close()

    async def _committed(self, group: str) -> dict[TopicPartition, int]:
        admin = await self.admin()
        return {tp: om.offset for tp, om in (await admin.list_group_offsets(group)).items()}

    async def _describe_group(self, group: str) -> GroupDescription:
        admin = await self.admin()
        return (await admin.describe_groups([group]))[group]

    async def _wait_for_group(
        self, group: str, state: str, members: int | None, timeout: float
    ) -> GroupDescription:
        """Poll DescribeGroups until the group is in `state` (with `members` members, if given)."""
        deadline = time.monotonic() + timeout
        while True:
            found = await self._describe_group(group)
            if found.state == state and (members is None or len(found.members) == members):
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(
                    f"group {group!r} is {found.state} with {len(found.members)} members after "
                    f"{timeout}s (waited for {state}"
                    + (f", {members} members)" if members is not None else ")")
                )
            await asyncio.sleep(0.02)


def _bytes(value: bytes | str | None) -> bytes | None:
    return value.encode() if isinstance(value, str) else value


class EmbeddedBroker:
    """One kbroker in this process, on an ephemeral port of `host`: see the module's docstring."""

    def __init__(
        self,
        properties: Mapping[str, PropertyValue] | None = None,
        *,
        log_dirs: str | Path | None = None,
        manual_clock: bool = False,
        host: str = "127.0.0.1",
        port: int = 0,
        start_timeout: float = 30.0,
        **overrides: PropertyValue,
    ) -> None:
        self.properties = broker_properties(properties, **overrides)
        self.properties.setdefault("listeners", f"PLAINTEXT://{host}:{port}")
        Config(self.properties | {"log.dirs": "/nonexistent"})  # a bad property fails here, at once
        self.host = host
        self._log_dirs = Path(log_dirs) if log_dirs is not None else None
        self._data: Path | None = None  # the data dir in use (the temporary one is removed at stop)
        self._clock = BrokerClock(self) if manual_clock else None
        self._start_timeout = start_timeout
        self._broker: Broker | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.aio = Helpers(self)

    # -- state ------------------------------------------------------------------------------------

    @property
    def broker(self) -> Broker:
        """The broker itself (broker.broker.Broker), for what the helpers do not cover."""
        if self._broker is None:
            raise RuntimeError("the embedded broker is not started")
        return self._broker

    @property
    def port(self) -> int:
        return self.broker.bound_ports[self.broker.config.listeners[0].name]

    @property
    def bootstrap_servers(self) -> str:
        """ "host:port" of the first listener."""
        return f"{self.host}:{self.port}"

    @property
    def data_dir(self) -> Path:
        if self._data is None:
            raise RuntimeError("the embedded broker is not started")
        return self._data

    @property
    def clock(self) -> BrokerClock:
        """The coordinators' clock (EmbeddedBroker(manual_clock=True) only)."""
        if self._clock is None:
            raise RuntimeError("this broker keeps the system clock: EmbeddedBroker(manual_clock=True)")
        return self._clock

    @property
    def faults(self) -> Faults:
        """Fault injection: `b.faults.fail("OffsetCommit", "NOT_COORDINATOR", times=3)`, `delay`,
        `drop_connection`, `pause_partition`, `clear`, `count` (broker/faults.py). The injector
        lives on the broker's loop and is not thread-safe: from another thread (a threaded
        broker's test) each method call runs on that loop and returns once done."""
        faults = self.broker.faults
        if self._thread is not None and threading.current_thread() is not self._thread:
            return cast(Faults, OnLoop(faults, self.loop))
        return faults

    def topic(self, name: str) -> str:
        """A topic name for this test: the name itself on a broker of its own (the session fixture's
        namespace prefixes it)."""
        return name

    def group(self, name: str) -> str:
        """A group id for this test (as `topic`)."""
        return name

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            raise RuntimeError("the embedded broker is not started")
        return self._loop

    def on_broker_loop(self) -> bool:
        try:
            return asyncio.get_running_loop() is self._loop
        except RuntimeError:
            return False

    # -- running coroutines on the broker's loop --------------------------------------------------

    def call(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run `coro` on the broker's loop and block until its result (a threaded broker only)."""
        if self._loop is None:
            coro.close()
            raise RuntimeError("the embedded broker is not started")
        if self._thread is None or self.on_broker_loop() or threading.current_thread() is self._thread:
            coro.close()
            raise RuntimeError(
                "a blocking call on a broker running in this event loop would deadlock: "
                "use `await b.aio.<helper>(...)` (or `with EmbeddedBroker()`, on its own thread)"
            )
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def acall(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await `coro` on the broker's loop from any loop."""
        if self.on_broker_loop():
            return await coro
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self.loop))

    # -- async: in the caller's loop --------------------------------------------------------------

    async def start(self) -> EmbeddedBroker:
        """Start in the running loop; back once the broker answers (its groups loaded)."""
        if self._broker is not None:
            raise RuntimeError("the embedded broker is already started")
        self._loop = asyncio.get_running_loop()
        try:
            await self._start()
        except BaseException:
            self._loop = None
            raise
        return self

    async def stop(self) -> None:
        """Stop the broker started by `start`; its temporary data directory goes."""
        if self._thread is not None:
            raise RuntimeError("this broker runs on its own thread: leave its `with` block (or close())")
        try:
            await self._stop()
        finally:
            self._loop = None

    async def __aenter__(self) -> EmbeddedBroker:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # -- sync: on a thread with its own loop ------------------------------------------------------

    def start_in_thread(self) -> EmbeddedBroker:
        """Start on a new thread running a loop of its own; back once the broker answers."""
        if self._broker is not None:
            raise RuntimeError("the embedded broker is already started")
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=_run_loop, args=(loop,), name="kbroker-embedded", daemon=True)
        thread.start()
        self._loop, self._thread = loop, thread
        try:
            asyncio.run_coroutine_threadsafe(self._start(), loop).result(self._start_timeout)
        except BaseException:
            self._end_thread()
            raise
        return self

    def close(self) -> None:
        """Stop a broker started by `start_in_thread`: the broker, then its thread and loop; its
        temporary data directory goes."""
        if self._thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._stop(), self.loop).result(60)
        finally:
            self._end_thread()

    def __enter__(self) -> EmbeddedBroker:
        return self.start_in_thread()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _end_thread(self) -> None:
        loop, thread = self._loop, self._thread
        if loop is not None and thread is not None:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(30)
        self._loop = self._thread = None

    # -- either way -------------------------------------------------------------------------------

    async def _start(self) -> None:
        if self._log_dirs is not None:
            self._data = self._log_dirs
        else:
            self._data = Path(tempfile.mkdtemp(prefix="kbroker-embedded-"))
        broker: Broker | None = None
        try:
            config = Config(self.properties | {"log.dirs": str(self._data)})
            broker = Broker(config, clock=self._clock.manual if self._clock is not None else None)
            await broker.start()
            await broker.groups.wait_loaded()
        except BaseException:
            if broker is not None:
                with contextlib.suppress(Exception):
                    await broker.stop()
            self._remove_data()
            raise
        self._broker = broker

    async def _stop(self) -> None:
        broker = self._broker
        if broker is None:
            return
        try:
            if self._clock is not None:  # what advance() left running
                await asyncio.gather(*self._clock._tasks, return_exceptions=True)
            try:
                await self.aio.close()
            finally:
                await broker.stop()
        finally:
            self._broker = None
            self._remove_data()

    def _remove_data(self) -> None:
        if self._log_dirs is None and self._data is not None:
            shutil.rmtree(self._data, ignore_errors=True)
        self._data = None

    # -- blocking helpers (a threaded broker): see Helpers ----------------------------------------

    def create_topic(self, name: str, partitions: int = 1, configs: Mapping[str, str] | None = None) -> None:
        """Create a topic (one replica) and wait until it has leaders."""
        self.call(self.aio._create_topic(name, partitions, configs))

    def produce(
        self, topic: str, values: Iterable[bytes | str | None], key: bytes | str | None = None
    ) -> list[RecordMetadata]:
        """Write `values` (str as UTF-8) with one `key`, and wait until they are all written."""
        return self.call(self.aio._produce(topic, list(values), key))

    def consume_all(
        self, topic: str, group: str | None = None, timeout: float = 10.0
    ) -> list[ConsumerRecord]:
        """Every record in the topic now, in partition then offset order (with `group`: from its
        committed offsets, which then move to the end)."""
        return self.call(self.aio._consume_all(topic, group, timeout))

    def committed(self, group: str) -> dict[TopicPartition, int]:
        """The group's committed offsets: {TopicPartition: offset}."""
        return self.call(self.aio._committed(group))

    def describe_group(self, group: str) -> GroupDescription:
        """DescribeGroups' answer for `group` (state, protocol, members and their assignments)."""
        return self.call(self.aio._describe_group(group))

    def wait_for_group(
        self, group: str, state: str = "Stable", members: int | None = None, timeout: float = 10.0
    ) -> GroupDescription:
        """Poll until `group` is in `state` with `members` members (any number if None); the
        description, or TimeoutError after `timeout` seconds."""
        return self.call(self.aio._wait_for_group(group, state, members, timeout))


class OnLoop:
    """An object that lives on an event loop, used from another thread: its methods run on the
    loop (call_soon_threadsafe), each call back with the result (or the exception) once done;
    other attributes are read as they are."""

    def __init__(self, target: Any, loop: asyncio.AbstractEventLoop, timeout: float = 30.0) -> None:
        self._target, self._loop, self._timeout = target, loop, timeout

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._target, name)
        if not callable(value):
            return value

        def on_loop(*args: Any, **kwargs: Any) -> Any:
            done: concurrent.futures.Future[Any] = concurrent.futures.Future()

            def run() -> None:
                try:
                    done.set_result(value(*args, **kwargs))
                except BaseException as e:  # the caller's to see, as if it had called it itself
                    done.set_exception(e)

            self._loop.call_soon_threadsafe(run)
            return done.result(self._timeout)

        return on_loop


class BrokerNamespace:
    """One test's view of a shared EmbeddedBroker (the `kafka_broker_session` fixture): `topic` and
    `group` prefix names with the test's own namespace, so tests sharing the broker never see each
    other's topics or groups; everything else is the shared broker's (`bootstrap_servers`,
    `create_topic`, `produce`, `aio`, ...), which takes full names (pass them through `topic`)."""

    def __init__(self, embedded: EmbeddedBroker, prefix: str) -> None:
        self.embedded = embedded
        self.prefix = prefix

    def topic(self, name: str) -> str:
        """`name` in this test's namespace: "<prefix>.<name>"."""
        return f"{self.prefix}.{name}"

    def group(self, name: str) -> str:
        return f"{self.prefix}.{name}"

    def __getattr__(self, name: str) -> Any:
        return getattr(self.embedded, name)


def _run_loop(loop: asyncio.AbstractEventLoop) -> None:
    """The broker thread: its loop until stopped, then whatever is left cancelled and closed."""
    asyncio.set_event_loop(loop)
    try:
        loop.run_forever()
    finally:
        try:
            tasks = asyncio.all_tasks(loop)
            for task in tasks:
                task.cancel()
            if tasks:
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            asyncio.set_event_loop(None)
            loop.close()

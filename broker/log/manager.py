"""The logs of every partition in `log.dirs`: loading and recovery on start, creation, deletion,
and the background work (retention, scheduled flushes, recovery-point checkpoints).

Kafka's files at the top of each log dir: `recovery-point-offset-checkpoint` (the offset up to
which each partition was fsynced, written every `log.flush.offset.checkpoint.interval.ms` and on
shutdown) and `.kafka_cleanshutdown` (written last on a clean shutdown, removed on start). After
an unclean shutdown every segment from a partition's recovery point on is scanned and checked.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import uuid
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from broker import logging_setup
from broker.log.appender import now_ms, out_of_space
from broker.log.checkpoint import TopicPartition, read_checkpoint, write_checkpoint
from broker.log.cleaner import LogCleaner
from broker.log.config import LogConfig
from broker.log.flusher import release_flusher
from broker.log.loader import create_log_files, load_log
from broker.log.log import Log, partition_dir_name
from broker.log.log_dir import LogDirState
from broker.log.segment import fsync_dir

if TYPE_CHECKING:
    from broker.config import Config

log = logging_setup.get_logger("kbroker.log")

RECOVERY_CHECKPOINT = "recovery-point-offset-checkpoint"
REPLICATION_CHECKPOINT = "replication-offset-checkpoint"
LOG_START_CHECKPOINT = "log-start-offset-checkpoint"  # start offsets DeleteRecords moved past a segment base
CLEAN_SHUTDOWN = ".kafka_cleanshutdown"


def parse_partition_dir(name: str) -> TopicPartition | None:
    """`<topic>-<partition>`, or None for anything else (deleted, future, stray directories)."""
    if name.endswith(("-delete", "-future", "-stray")) or "-" not in name:
        return None
    topic, _, part = name.rpartition("-")
    if not topic or not part.isdigit():
        return None
    return TopicPartition(topic, int(part))


class LogManager:
    """Owns every partition's Log and the executor their disk I/O runs in."""

    def __init__(
        self,
        log_dirs: list[Path],
        *,
        retention_check_ms: int = 300_000,
        flush_check_ms: int = (1 << 63) - 1,
        checkpoint_ms: int = 60_000,
        recovery_threads: int = 1,
        io_threads: int = 8,
        producer_expiration_ms: int = 86_400_000,
        cleaner_enabled: bool = True,
        cleaner_backoff_ms: int = 15_000,
    ):
        self.log_dirs = [Path(d) for d in log_dirs]
        self.retention_check_ms = retention_check_ms
        self.flush_check_ms = flush_check_ms
        self.checkpoint_ms = checkpoint_ms
        self.recovery_threads = max(1, recovery_threads)
        self.producer_expiration_ms = producer_expiration_ms
        self.executor = ThreadPoolExecutor(max_workers=max(2, io_threads), thread_name_prefix="kbroker-log")
        self.logs: dict[TopicPartition, Log] = {}
        self._log_dir_of: dict[TopicPartition, Path] = {}
        self._dir_states: dict[Path, LogDirState] = {}
        self._tasks: list[asyncio.Task[Any]] = []
        self.cuts: list[str] = []  # what recovery cut on start, for the log and for tests
        self.cleaner = LogCleaner(self, backoff_ms=cleaner_backoff_ms, enabled=cleaner_enabled)

    @classmethod
    def from_config(cls, config: Config) -> LogManager:
        """With Kafka's settings. The flusher checks flush.ms every log.flush.scheduler.interval.ms,
        but at least every second, so that a topic's flush.ms works without tuning the scheduler."""
        return cls(
            config.log_dirs,
            retention_check_ms=config["log.retention.check.interval.ms"],
            flush_check_ms=min(config["log.flush.scheduler.interval.ms"], 1000),
            checkpoint_ms=config["log.flush.offset.checkpoint.interval.ms"] or 60_000,
            recovery_threads=config["num.recovery.threads.per.data.dir"],
            io_threads=max(8, config["num.io.threads"]),
            producer_expiration_ms=config["producer.id.expiration.ms"],
            cleaner_enabled=config["log.cleaner.enable"] and config["log.cleaner.threads"] > 0,
            cleaner_backoff_ms=config["log.cleaner.backoff.ms"],
        )

    # --- lookup ----------------------------------------------------------------------------

    def get(self, topic: str, partition: int) -> Log | None:
        return self.logs.get(TopicPartition(topic, partition))

    def log_dir_of(self, tp: TopicPartition) -> Path | None:
        return self._log_dir_of.get(tp)

    def _dir_state(self, d: Path) -> LogDirState:
        return self._dir_states.setdefault(d, LogDirState())

    def log_dir_failing(self, d: Path) -> bool:
        """Appends into the directory fail now: one was refused for want of space and none has
        been written since (log_dir.py), or a log in it is offline after another I/O error, until
        a restart (Kafka's offline log directory; DescribeLogDirs answers KAFKA_STORAGE_ERROR)."""
        if self._dir_state(d).out_of_space:
            return True
        return any(
            lg.failed is not None and not out_of_space(lg.failed) and not lg.deleted
            for tp, lg in self.logs.items()
            if self._log_dir_of.get(tp) == d
        )

    def partitions_on_disk(self) -> dict[TopicPartition, Path]:
        """Every partition directory in the log dirs (before loading)."""
        found: dict[TopicPartition, Path] = {}
        for d in self.log_dirs:
            if not d.is_dir():
                continue
            for entry in sorted(d.iterdir()):
                if not entry.is_dir():
                    continue
                if entry.name.endswith("-delete"):
                    shutil.rmtree(entry, ignore_errors=True)
                    continue
                tp = parse_partition_dir(entry.name)
                if tp is not None and tp not in found:
                    found[tp] = entry
        return found

    # --- start and stop --------------------------------------------------------------------

    async def load(
        self,
        config_for: Callable[[str], LogConfig],
        topic_id_for: Callable[[str], uuid.UUID | None] | None = None,
    ) -> dict[TopicPartition, Log]:
        """Load and recover every partition found on disk."""
        loop = asyncio.get_running_loop()
        for d in self.log_dirs:
            d.mkdir(parents=True, exist_ok=True)
        found = await loop.run_in_executor(self.executor, self.partitions_on_disk)
        checkpoints: dict[TopicPartition, int] = {}
        high_watermarks: dict[TopicPartition, int] = {}
        starts: dict[TopicPartition, int] = {}
        clean: dict[Path, bool] = {}
        for d in self.log_dirs:
            checkpoints.update(read_checkpoint(d / RECOVERY_CHECKPOINT))
            high_watermarks.update(read_checkpoint(d / REPLICATION_CHECKPOINT))
            starts.update(read_checkpoint(d / LOG_START_CHECKPOINT))
            clean[d] = (d / CLEAN_SHUTDOWN).exists()
        semaphore = asyncio.Semaphore(self.recovery_threads * len(self.log_dirs))

        async def load_one(tp: TopicPartition, path: Path) -> None:
            async with semaphore:
                config = config_for(tp.topic)
                topic_id = topic_id_for(tp.topic) if topic_id_for else None
                is_clean = clean.get(path.parent, False)
                loaded = await loop.run_in_executor(
                    self.executor, load_log, path, config, topic_id, checkpoints.get(tp), is_clean, now_ms()
                )
                lg = Log(
                    tp.topic,
                    tp.partition,
                    path,
                    config,
                    self.executor,
                    loaded,
                    log_start_offset=starts.get(tp),
                    checkpointed_high_watermark=high_watermarks.get(tp),
                    dir_state=self._dir_state(path.parent),
                )
                self.cuts.extend(loaded.cuts)
                self.logs[tp] = lg
                self._log_dir_of[tp] = path.parent

        await asyncio.gather(*(load_one(tp, path) for tp, path in found.items()))
        for d in self.log_dirs:
            (d / CLEAN_SHUTDOWN).unlink(missing_ok=True)
        log.info("load logs", partitions=len(self.logs), clean=all(clean.values()), cuts=len(self.cuts))
        return dict(self.logs)

    def start(self) -> None:
        """Start the background tasks (retention, flushes, checkpoints, the cleaner)."""
        self.cleaner.start()
        self._tasks = [
            asyncio.get_running_loop().create_task(
                self._every(self.retention_check_ms, self.apply_retention), name="log retention"
            ),
            asyncio.get_running_loop().create_task(
                self._every(self.checkpoint_ms, self.checkpoint_recovery_points), name="log checkpoints"
            ),
        ]
        if self.flush_check_ms < (1 << 40):
            self._tasks.append(
                asyncio.get_running_loop().create_task(
                    self._every(self.flush_check_ms, self.flush_due), name="log flusher"
                )
            )

    async def stop(self) -> None:
        """Stop background work, close every log (finishing and fsyncing writes), write the
        checkpoints and the clean-shutdown marker."""
        await self.cleaner.stop()  # first: its thread reads the segments that close below
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        self._tasks.clear()
        results = await asyncio.gather(*(lg.close() for lg in self.logs.values()), return_exceptions=True)
        failed = any(isinstance(r, BaseException) for r in results) or any(
            lg.failed is not None for lg in self.logs.values()
        )
        loop = asyncio.get_running_loop()
        try:
            await self.checkpoint_recovery_points()
        except OSError as e:
            # A full disk at shutdown: no clean-shutdown marker, so the next start recovers the
            # logs from their segments instead of trusting checkpoints it could not write.
            log.error("fail checkpoint", error=repr(e))
            failed = True
        if not failed:
            for d in self.log_dirs:
                await loop.run_in_executor(self.executor, _touch, d / CLEAN_SHUTDOWN)
        for d in self.log_dirs:  # every log of the dir is closed: its flusher thread may go
            await loop.run_in_executor(self.executor, release_flusher, d)
        self.executor.shutdown(wait=True)
        log.info("close logs", partitions=len(self.logs), clean=not failed)

    async def _every(self, interval_ms: int, job: Callable[[], Awaitable[Any]]) -> None:
        while True:
            await asyncio.sleep(interval_ms / 1000)
            try:
                await job()
            except Exception:
                log.exception("fail background job", job=getattr(job, "__name__", str(job)))

    # --- creating and deleting -------------------------------------------------------------

    def _pick_dir(self) -> Path:
        """The log dir holding the fewest partitions (Kafka's choice for a new partition)."""
        counts = {d: 0 for d in self.log_dirs}
        for d in self._log_dir_of.values():
            counts[d] = counts.get(d, 0) + 1
        return min(self.log_dirs, key=lambda d: counts[d])

    async def create(self, topic: str, partition: int, config: LogConfig, topic_id: uuid.UUID) -> Log:
        tp = TopicPartition(topic, partition)
        existing = self.logs.get(tp)
        if existing is not None:
            return existing
        base = self._pick_dir()
        directory = base / partition_dir_name(topic, partition)
        created = await asyncio.get_running_loop().run_in_executor(
            self.executor, create_log_files, directory, config, topic_id, now_ms()
        )
        lg = Log(topic, partition, directory, config, self.executor, created, dir_state=self._dir_state(base))
        self.logs[tp] = lg
        self._log_dir_of[tp] = base
        log.info("create log", log=lg.name, dir=str(base))
        return lg

    async def delete(self, topic: str, partition: int) -> None:
        tp = TopicPartition(topic, partition)
        lg = self.logs.pop(tp, None)
        self.cleaner.forget(tp, self._log_dir_of.get(tp))
        self._log_dir_of.pop(tp, None)
        if lg is not None:
            await lg.delete()

    def reconfigure(self, topic: str, config: LogConfig) -> None:
        for tp, lg in self.logs.items():
            if tp.topic == topic:
                lg.config = config

    async def delete_records(self, topic: str, partition: int, offset: int) -> int:
        """DeleteRecords on one partition; the new log start offset is checkpointed before the
        answer, so that a restart does not bring the deleted records back."""
        lg = self.logs[TopicPartition(topic, partition)]
        start = await lg.delete_records(offset)
        await self.checkpoint_log_starts()
        return start

    async def checkpoint_log_starts(self) -> None:
        by_dir: dict[Path, dict[TopicPartition, int]] = {d: {} for d in self.log_dirs}
        for tp, lg in self.logs.items():
            if not lg.deleted and lg.segments and lg.log_start_offset > lg.segments[0].base_offset:
                by_dir.setdefault(self._log_dir_of[tp], {})[tp] = lg.log_start_offset
        loop = asyncio.get_running_loop()
        for d, offsets in by_dir.items():
            await loop.run_in_executor(self.executor, write_checkpoint, d / LOG_START_CHECKPOINT, offsets)

    # --- background work -------------------------------------------------------------------

    async def apply_retention(self) -> int:
        """Retention (and forgetting idle idempotent producers) on every log."""
        deleted = 0
        for lg in list(self.logs.values()):
            try:
                deleted += await lg.delete_old_segments()
                lg.producer_state.expire(lg.clock(), self.producer_expiration_ms)
            except Exception:
                log.exception("fail retention", log=lg.name)
        return deleted

    async def flush_due(self) -> None:
        now = None
        for lg in list(self.logs.values()):
            now = now or lg.clock()
            if lg.flush_due(now):
                await lg.flush()

    async def checkpoint_recovery_points(self) -> None:
        """Kafka's `recovery-point-offset-checkpoint` and `replication-offset-checkpoint` (the
        high watermarks, which a restarted replica starts from) in every log dir."""
        by_dir: dict[Path, dict[TopicPartition, int]] = {d: {} for d in self.log_dirs}
        high_watermarks: dict[Path, dict[TopicPartition, int]] = {d: {} for d in self.log_dirs}
        for tp, lg in self.logs.items():
            if lg.deleted:
                continue
            by_dir.setdefault(self._log_dir_of[tp], {})[tp] = lg.recovery_point
            high_watermarks.setdefault(self._log_dir_of[tp], {})[tp] = lg.high_watermark
        loop = asyncio.get_running_loop()
        for d, offsets in by_dir.items():
            await loop.run_in_executor(self.executor, write_checkpoint, d / RECOVERY_CHECKPOINT, offsets)
            await loop.run_in_executor(
                self.executor, write_checkpoint, d / REPLICATION_CHECKPOINT, high_watermarks[d]
            )
        await self.checkpoint_log_starts()


def _touch(path: Path) -> None:
    with open(path, "w") as f:
        f.flush()
        os.fsync(f.fileno())
    fsync_dir(path.parent)

"""Group commit across partitions: one flusher thread per log directory fdatasyncs, in one
pass, every segment file whose appends wait for durability, whichever partition they belong to.

Why a thread of its own rather than an executor job per write: an executor job costs the event
loop a future, a thread hand-off and a wake-up per write, and the fsyncs of fifty offsets
partitions would run as fifty jobs. Here the loop only puts a request on a queue (no wake-up
of its own, no future); the thread takes everything queued, syncs each file once, and hands
the whole pass back to the loop with one `call_soon_threadsafe`.

Like PostgreSQL's commit_delay, a pass that finds fewer requests than the previous one had
sleeps a moment (`SIBLING_WAIT_S`, in the thread: it costs the loop nothing) and takes what
queued meanwhile: closed-loop committers answered together come back together, and one
fsync then covers them all instead of one fsync for the first and another for the rest.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from broker import logging_setup
from broker.log.segment import Segment, fsync_dir
from broker.stats import FSYNC

log = logging_setup.get_logger("kbroker.log")

SIBLING_WAIT_S = 0.0003  # a fsync costs ~150-300 us here: waiting longer than that loses
SYNCFS_MIN_FILES = 4  # a pass over this many files (and directories) syncs their filesystem at once
IDLE_EXIT_S = 10.0  # an idle flusher's thread ends (tests make many log directories)


@dataclass(slots=True)
class SyncRequest:
    """fdatasync `segments` (and fsync `directory`, if set), then call `done(error)` on `loop`."""

    loop: asyncio.AbstractEventLoop
    segments: list[Segment]
    directory: Path | None
    done: Callable[[BaseException | None], None]
    error: BaseException | None = field(default=None)


class Flusher:
    """One thread syncing the files of one log directory in passes (see the module docstring)."""

    def __init__(self, name: str):
        self.name = name
        self._queue: queue.SimpleQueue[SyncRequest | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.passes = 0  # fsync passes made (for tests and the benchmark's figures)
        self.requests = 0  # requests served
        self._last_files = 0  # files and directories the last pass synced

    def submit(self, request: SyncRequest) -> None:
        with self._lock:  # the thread leaves when idle: under the lock, never with a request queued
            self._queue.put(request)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=f"flusher {self.name}", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        get = self._queue.get
        expected = 1
        while True:
            try:
                first = get(timeout=IDLE_EXIT_S)
            except queue.Empty:
                with self._lock:
                    if self._queue.empty():
                        self._thread = None
                        return
                continue
            if first is None:
                return
            batch = [first]
            self._take_queued(batch)
            if len(batch) < expected and self._last_files >= SYNCFS_MIN_FILES:
                # One sleep, then whatever queued meanwhile: waiting on the queue with a timeout
                # instead wakes this thread (and takes the GIL from the loop) once per request.
                # Only after a pass over many files (a syncfs, ~2x a fdatasync's CPU): before a
                # single file's fdatasync the wait costs more than a second pass would
                # (BENCH_ONLY=commits bench_groups.py, interleaved runs on an idle machine, 8
                # committers of one group: median 4.9k commits/s with the wait, 6.0k without,
                # over 5 runs each; 8 groups on 8 partitions: 3.2-3.5k with, 2.6-2.9k without).
                time.sleep(SIBLING_WAIT_S)
                self._take_queued(batch)
            expected = len(batch)
            self._sync(batch)

    def _take_queued(self, batch: list[SyncRequest]) -> None:
        get = self._queue.get_nowait
        while True:
            try:
                item = get()
            except queue.Empty:
                return
            if item is None:
                self._queue.put(None)
                return
            batch.append(item)

    def _sync(self, batch: list[SyncRequest]) -> None:
        started = time.perf_counter()
        segments: dict[int, Segment] = {}
        directories: set[Path] = set()
        for request in batch:
            for seg in request.segments:
                segments.setdefault(id(seg), seg)
            if request.directory is not None:
                directories.add(request.directory)
        failed: dict[int, BaseException] = {}
        for key, seg in segments.items():
            if seg.fd is None:
                try:
                    seg.open()
                except BaseException as e:  # noqa: BLE001  # handed to the log, which goes offline
                    failed[key] = e
                directories.add(seg.dir)
        files = [(key, seg) for key, seg in segments.items() if key not in failed]
        for key, seg in files:  # aborted transactions whose markers this sync makes durable
            if seg.txn_unwritten:
                try:
                    seg.write_txn_index()
                except BaseException as e:  # noqa: BLE001  # handed to the log, which goes offline
                    failed[key] = e
        self._last_files = len(files) + len(directories)
        if self._last_files >= SYNCFS_MIN_FILES and _syncfs is not None:
            # One syncfs per filesystem instead of a fdatasync per file (measured here: 8 files
            # 0.3-1.2 ms against 1.0-2.1 ms one by one); it covers the directories too.
            done: dict[int, BaseException | None] = {}
            for key, seg in files:
                fd = seg.fd
                assert fd is not None  # opened above
                try:
                    dev = os.fstat(fd).st_dev
                    if dev not in done:
                        done[dev] = None if _syncfs(fd) == 0 else OSError(ctypes.get_errno(), "syncfs failed")
                    error = done[dev]
                except BaseException as e:  # noqa: BLE001
                    error = e
                if error is not None:
                    failed[key] = error
            directories.clear()
        else:
            for key, seg in files:
                try:
                    os.fdatasync(seg.fd)  # type: ignore[arg-type]  # opened above
                except BaseException as e:  # noqa: BLE001  # handed to the log, which goes offline
                    failed[key] = e
        dir_errors: dict[Path, BaseException] = {}
        for d in directories:
            try:
                fsync_dir(d)
            except BaseException as e:  # noqa: BLE001
                dir_errors[d] = e
        for request in batch:
            for seg in request.segments:
                if request.error is None:
                    request.error = failed.get(id(seg)) or dir_errors.get(seg.dir)
        FSYNC.observe(time.perf_counter() - started)
        self.passes += 1
        self.requests += len(batch)
        by_loop: dict[asyncio.AbstractEventLoop, list[SyncRequest]] = {}
        for request in batch:
            by_loop.setdefault(request.loop, []).append(request)
        for loop, requests in by_loop.items():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits for these any more
                loop.call_soon_threadsafe(_deliver, requests)

    def stop(self) -> None:
        with self._lock:
            thread, self._thread = self._thread, None
            if thread is not None:
                self._queue.put(None)
        if thread is not None:
            thread.join(timeout=5)


def _find_syncfs() -> Callable[[int], int] | None:
    """Linux's syncfs(2) (Python's os module lacks it), or None where there is none."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.syncfs
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int]
    fn.restype = ctypes.c_int
    return cast("Callable[[int], int]", fn)


_syncfs = _find_syncfs()


def _deliver(requests: list[SyncRequest]) -> None:
    for request in requests:
        try:
            request.done(request.error)
        except Exception:
            log.exception("fail sync continuation")


_flushers: dict[Path, Flusher] = {}
_flushers_lock = threading.Lock()


def flusher_for(log_dir: Path) -> Flusher:
    """The flusher of a log directory (the parent of partition directories), made on first use."""
    with _flushers_lock:
        flusher = _flushers.get(log_dir)
        if flusher is None:
            flusher = _flushers[log_dir] = Flusher(log_dir.name)
        return flusher


def release_flusher(log_dir: Path) -> None:
    """Forget a log directory's flusher and end its thread (its logs are closed: nothing is
    queued), so that a process starting and stopping many brokers keeps neither."""
    with _flushers_lock:
        flusher = _flushers.pop(log_dir, None)
    if flusher is not None:
        flusher.stop()

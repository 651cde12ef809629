"""The durable, segmented, append-only log of each partition, in Kafka's on-disk layout.

Layout (what Kafka's tools read): `<log.dirs>/<topic>-<partition>/` holds
`<base offset, 20 digits>.log` (RecordBatch v2 exactly as produced, but for the base offset and
partition leader epoch, which are outside the CRC), a sparse `.index` and `.timeindex` in Kafka's
entry formats, and `partition.metadata` (the topic id). Each log dir also holds Kafka's
`recovery-point-offset-checkpoint` and, after a clean shutdown, `.kafka_cleanshutdown`.

The Log API (`broker.log.Log`, one per partition, got from `LogManager.get(topic, partition)`):

    await log.append(batch_bytes, durable=True) -> (base_offset, last_offset)
        Append one or more RecordBatch v2 (any base offset; the log assigns offsets by
        rewriting it). CRC and framing are checked (LogError / RecordError carry a Kafka
        error code). With durable=True (the default) it returns once the bytes are written
        and fsynced; concurrent appends share one write and one fsync (group commit).
        durable=False returns once written (acks=1); fsync then follows the flush policy
        (flush.messages / flush.ms, i.e. log.flush.interval.messages / .ms).
    await log.append_records([(key, value), ...], durable=True, compression=0) -> (base, last)
        The same for records given as (key, value) pairs, built into one batch.
    await log.append_batches([PreparedBatch], durable=..., timeout=...) -> AppendInfo
        What Produce uses: batches already checked by `validation.validate_batches`.
    await log.read(offset, max_bytes, min_one=True) -> ReadResult(records, high_watermark, ...)
        Whole stored batches, as bytes, from the batch holding `offset` (never re-encoded);
        OffsetOutOfRange outside [log_start_offset, high_watermark].
    async for header, data in log.batches(start=0): ...
        Every batch from `start` to the high watermark (BatchHeader and its bytes).
    async for key, value in log.read_records(start=0): ...
        Every record (control batches skipped), decoded.
    log.log_start_offset, log.high_watermark (= log end offset once written), log.next_offset,
    log.recovery_point (fsynced up to), log.topic_id, log.config (LogConfig).
    log.add_waiter(future) / remove_waiter(future): the future completes when the high
        watermark next advances (long-polling Fetch).
    await log.offset_for_timestamp(ts), await log.max_timestamp_offset(): ListOffsets.
    log.set_segments([...]): swap the segment list (for the compacting cleaner).
    await log.wait_idle(), await log.flush(): until queued writes are done / everything is fsynced.
    log.stats: appends, group writes and fsyncs (group commit at work).

Modules: `log` (Log: offsets, group commit, reads, retention), `segment` (one segment's files,
its scan and recovery), `index` (Kafka's .index/.timeindex formats), `loader` (opening and
recovering a partition), `io` (the blocking disk work run in the executor), `validation`
(checks on produced batches, legacy conversions), `producer_state` (idempotent producers),
`timestamps` (ListOffsets lookups), `config` (topic configs), `manager` (every partition's log,
checkpoints, background retention and flushes), `producer_ids` (InitProducerId's id blocks),
`checkpoint` (Kafka's offset checkpoint files), `compaction` (which records a clean keeps: pure)
and `cleaner` (the log cleaner for cleanup.policy=compact: its thread, the crash-safe
`.cleaned`/`.swap` segment replacement and its recovery).

Recovery on start (LogManager.load): after a clean shutdown the last segment of each partition
is scanned; after an unclean one every segment from the partition's recovery point on. A scan
checks each batch's length, magic, CRC and offsets, rebuilds the indexes and cuts the file
after the last good batch (a later segment is then deleted, as Kafka does), logging each cut.
Other segments get a cheap check (index sanity and a header walk from the last index entry to
the end of the file) and are fully recovered if it fails. Before any of that, a clean that a
crash interrupted is discarded (`.cleaned` files) or completed (a `.log.swap` file).
"""

from broker.log.checkpoint import TopicPartition
from broker.log.config import LogConfig, TopicConfigError
from broker.log.log import AppendInfo, Log, LogDeleted, LogError, LogOffline, OffsetOutOfRange, ReadResult
from broker.log.manager import LogManager
from broker.log.producer_state import ProducerStateError
from broker.log.validation import PreparedBatch, RecordError

__all__ = [
    "AppendInfo",
    "Log",
    "LogConfig",
    "LogDeleted",
    "LogError",
    "LogManager",
    "LogOffline",
    "OffsetOutOfRange",
    "PreparedBatch",
    "ProducerStateError",
    "ReadResult",
    "RecordError",
    "TopicConfigError",
    "TopicPartition",
]

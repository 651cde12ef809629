"""The `kbroker-offsets` rows decoded straight into Arrow columns, many batches at a time.

The row-at-a-time path (jobs/rows.py `OffsetColumns`) builds a Python object per record and
per field: ~7 µs a record. Here the records of a run of batches are laid end to end in one
buffer and decoded with numpy, one array operation per field for all of them:

1. one loop finds where each record starts (its length varint; the only per-record step that
   cannot be vectorised, as each start depends on the previous length): jobs/_cscan.c where it
   is built, which also does steps 2 and the key lookup of 3 in the same pass (`_scan_c`),
   else Python (`_scan_py`, and `_key_ids`);
2. the varint fields (timestamp and offset deltas, key and value lengths, header count) are
   decoded for all records at once, and checked against each record's length;
3. keys repeat (one per group, topic and partition): each distinct key is decoded once with
   protocol/group_records.py and the records point at it, so `group`, `topic`, `partition`
   are an Arrow `take` from the distinct keys;
4. OffsetCommitValue v0-v3 are fixed layouts but for the metadata string: offsets, leader
   epochs and timestamps are gathered from the buffer as big-endian integers.

With `compact`, only the newest record of each key goes past step 3 (as Kafka's log cleaner
keeps it): for `latest_offsets`, most records never become rows (see `newest_per_key`).
Only the columns asked for are built (a query on `group` and `committed_offset` never builds
`metadata`), and a tombstone's value is never read. What the fast path does not cover (group
metadata values, KIP-848 and share group keys, OffsetCommitValue v4, undecodable bytes) goes
through `OffsetColumns`, record by record, so both paths give the same rows; a run of batches where
any record does not parse is decoded entirely by the slow path, which says why.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import pyarrow as pa

from jobs import rows as R
from jobs.segments import RawBatch, ReadStats, _note_invalid_at
from protocol import consumer_group_records as cgr
from protocol import group_records as gr
from protocol import share_group_records as sgr
from protocol.compression import CODEC_MASK, CompressionError, decompress
from protocol.errors import ProtocolDecodeError
from protocol.records import HEADER_SIZE, TIMESTAMP_TYPE_MASK, CorruptRecordError, decode_batch

_PAD = 32  # zero bytes after the buffer: gathers near its end stay in bounds
_KEY_CACHE_MAX = 200_000
_KINDS = pa.array([R.KIND_OFFSET_COMMIT, R.KIND_GROUP_METADATA, R.KIND_TOMBSTONE, R.KIND_UNKNOWN])
_K_OC, _K_GM, _K_TOMB, _K_UNKNOWN = range(4)
# what a key is, for the record's kind
_KEY_OC, _KEY_GM, _KEY_OTHER, _KEY_BAD, _KEY_CG = range(5)
_NO_KEY = 0  # key id of "record without a key"
_NO_END = np.iinfo(np.int64).max
_SPARK_TYPES = dict(R.OFFSETS_COLUMNS)
_GM_COLUMNS = frozenset(
    {"protocol_type", "generation", "protocol", "leader", "current_state_timestamp", "members"}
)


_CG_COLUMNS = frozenset(R.CONSUMER_GROUP_COLUMNS) | frozenset(R.SHARE_STATE_COLUMNS)  # null here


def _load_cscan() -> ModuleType | None:
    """jobs/_cscan.c, where setup.py could build it and pure Python is not asked for."""
    if os.environ.get("KBROKER_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        from jobs import _cscan  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _cscan
    return module


_cscan = _load_cscan()


class NotFast(Exception):
    """A run of batches the vectorised path does not take; the slow path decodes it."""


def newest_per_key(key_ids: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Indices, in order, of the record with the highest offset of each key id, and of every
    record without a key (id 0, which compaction never removes). By offset, not position:
    a committed transaction's batches come where its marker is, after newer records."""
    order = np.lexsort((offsets, key_ids))
    k = key_ids[order]
    last = np.ones(len(k), bool)
    last[:-1] = k[1:] != k[:-1]
    keep: np.ndarray = order[last | (k == _NO_KEY)]
    keep.sort()
    return keep


def _varints(arr: np.ndarray, pos: np.ndarray, limit: int) -> tuple[np.ndarray, np.ndarray]:
    """The zigzag varints at `pos` (values, lengths in bytes), all at once."""
    pos = np.minimum(pos, limit)
    value = np.zeros(len(pos), np.uint64)
    length = np.zeros(len(pos), np.int64)
    active = np.ones(len(pos), bool)
    for k in range(10):
        b = arr[pos + k].astype(np.uint64)
        value |= np.where(active, (b & 0x7F) << np.uint64(7 * k), 0).astype(np.uint64)
        length += active
        active &= b >= 0x80
        if not active.any():
            break
    else:
        raise NotFast("varint longer than 10 bytes")
    signed = (value >> np.uint64(1)).astype(np.int64) ^ -(value & np.uint64(1)).astype(np.int64)
    return signed, length


def _gather_be(arr: np.ndarray, pos: np.ndarray, width: int, limit: int) -> np.ndarray:
    """Big-endian signed integers of `width` bytes at each of `pos` (any alignment): a view of
    the buffer whose element i is the `width` bytes from byte i, indexed by `pos`."""
    pos = np.minimum(pos, limit)
    view = np.ndarray(shape=(len(arr) - width + 1,), dtype=f">i{width}", buffer=arr, strides=(1,))
    result: np.ndarray = view[pos].astype(np.int64)
    return result


def _timestamps(ms: np.ndarray, valid: np.ndarray | None, arrow_type: pa.DataType) -> pa.Array:
    """Milliseconds since the epoch as Spark's timestamps; null where negative or not `valid`."""
    mask = ms < 0 if valid is None else (~valid | (ms < 0))
    scale = {"ms": 1, "us": 1000, "ns": 1_000_000}[arrow_type.unit]
    return pa.array(ms * scale, type=pa.int64(), mask=mask).view(arrow_type)


def _scan_py(buf: bytes, bounds: Sequence[tuple[int, int, int]], n_total: int) -> tuple[np.ndarray, ...]:
    """Of each of the `n_total` records of the batches at `bounds` (start, end, record count) in
    `buf` (which ends with _PAD zero bytes): timestamp delta, offset delta, key start, key
    length, value start, value length (-1: null); NotFast where it does not decode (see
    jobs/_cscan.c, which does the same in C)."""
    starts = np.empty(n_total, np.int64)
    lengths = np.empty(n_total, np.int64)
    j = 0
    try:
        for start, end, count in bounds:
            pos = start
            for _ in range(count):
                b = buf[pos]
                if b < 0x80:
                    v = b
                    pos += 1
                else:
                    b2 = buf[pos + 1]
                    if b2 < 0x80:
                        v = (b & 0x7F) | (b2 << 7)
                        pos += 2
                    else:
                        v, shift = b & 0x7F, 7
                        pos += 1
                        while True:
                            b = buf[pos]
                            pos += 1
                            v |= (b & 0x7F) << shift
                            if b < 0x80 or shift > 63:
                                break
                            shift += 7
                n = (v >> 1) ^ -(v & 1)
                if n < 1:
                    raise NotFast(f"record length {n}")
                starts[j] = pos
                lengths[j] = n
                j += 1
                pos += n
            if pos != end:
                raise NotFast("records do not fill their batch")
    except IndexError as e:
        raise NotFast("record runs past its batch") from e

    arr = np.frombuffer(buf, np.uint8)
    limit = len(buf) - _PAD
    rend = starts + lengths
    p = starts + 1  # after the attributes byte
    ts_delta, w = _varints(arr, p, limit)
    p = p + w
    off_delta, w = _varints(arr, p, limit)
    p = p + w
    klen, w = _varints(arr, p, limit)
    kstart = p + w
    p = kstart + np.maximum(klen, 0)
    vlen, w = _varints(arr, p, limit)
    vstart = p + w
    p = vstart + np.maximum(vlen, 0)
    hcount, w = _varints(arr, p, limit)
    if not (
        np.array_equal(p + w, rend) and (hcount == 0).all() and (klen >= -1).all() and (vlen >= -1).all()
    ):
        raise NotFast("record fields do not match the record lengths (or records carry headers)")
    return ts_delta, off_delta, kstart, klen, vstart, vlen


class ColumnarDecoder:
    """Decodes runs of raw batches of one `__consumer_offsets` partition into Arrow record
    batches holding `columns` (names of rows.OFFSETS_COLUMNS, in the order wanted)."""

    def __init__(
        self,
        columns: Sequence[str],
        arrow_schema: pa.Schema,
        stats: ReadStats | None = None,
        *,
        compact: bool = False,
    ):
        self.columns = list(columns)
        self.compact = compact
        # with `compact`, per row of the last decode: its key's id (stable over the decoder's
        # life: the key cache is never reset) and offset, to compact several decodes together
        self.row_keys = np.zeros(0, np.int64)
        self.row_offsets = np.zeros(0, np.int64)
        self.need = frozenset(columns)
        self.schema = arrow_schema
        self.stats = stats if stats is not None else ReadStats()
        self._skip_sources: set[str] = set()  # segments cut at a batch that does not decode
        self._slow = R.OffsetColumns()
        self._transactional = np.zeros(0, bool)  # per batch of the last fast decode
        self._reset_keys()

    # --- distinct keys ---------------------------------------------------------------------

    def _reset_keys(self) -> None:
        self._keys: dict[bytes, int] = {}
        self._key_class: list[int] = [_KEY_BAD]
        self._key_fields: dict[str, list[Any]] = {
            "key_type": [None],
            "key_version": [None],
            "group": [None],
            "topic": [None],
            "partition": [None],
            "error": ["record without a key"],
        }
        self._key_arrays: dict[str, pa.Array] = {}
        self._key_class_np = np.array(self._key_class, np.int8)

    def _key_id(self, data: bytes | None) -> int:
        if data is None:
            return _NO_KEY
        known = self._keys.get(data)
        return self._add_key(data) if known is None else known

    def _add_key(self, data: bytes) -> int:
        if cgr.is_consumer_group_key(data) or sgr.is_share_group_key(data):
            # KIP-848 and KIP-932 records go record by record (jobs/rows.py), tombstones included
            self._keys[data] = kid = len(self._key_class)
            self._key_class.append(_KEY_CG)
            for name in ("key_type", "key_version", "group", "topic", "partition", "error"):
                self._key_fields[name].append(None)
            self._key_arrays.clear()
            return kid
        try:
            key: gr.Key | None = gr.decode_key(data)
            error = None
        except (ProtocolDecodeError, ValueError) as e:
            key, error = None, f"key: {e}"
        f = self._key_fields
        kid = len(self._key_class)
        self._keys[data] = kid
        if key is None:
            self._key_class.append(_KEY_BAD)
            for name in ("key_type", "key_version", "group", "topic", "partition"):
                f[name].append(None)
        else:
            self._key_class.append(
                _KEY_OC
                if isinstance(key, gr.OffsetCommitKey)
                else _KEY_GM
                if isinstance(key, gr.GroupMetadataKey)
                else _KEY_OTHER
            )
            f["key_type"].append(key.kind.value)
            f["key_version"].append(key.version)
            f["group"].append(getattr(key, "group", None))
            f["topic"].append(getattr(key, "topic", None))
            f["partition"].append(getattr(key, "partition", None))
        f["error"].append(error)
        self._key_arrays.clear()
        return kid

    def _key_column(self, name: str) -> pa.Array:
        a = self._key_arrays.get(name)
        if a is None:
            a = self._key_arrays[name] = pa.array(self._key_fields[name], type=self.schema.field(name).type)
        return a

    # --- decoding ----------------------------------------------------------------------------

    def decode(self, log_partition: int, batches: Sequence[RawBatch]) -> pa.RecordBatch | None:
        """The rows of the records of `batches` in their ranges, None if there are none."""
        batches = [b for b in batches if b.source not in self._skip_sources]
        if not batches:
            return None
        if len(self._keys) > _KEY_CACHE_MAX and not self.compact:
            self._reset_keys()
        try:
            out = self._fast(log_partition, batches)
        except NotFast:
            out = self._slow_batches(log_partition, batches)
        return out

    def _slow_batches(self, log_partition: int, batches: Sequence[RawBatch]) -> pa.RecordBatch | None:
        """Record by record with jobs/rows.py; a batch that does not decode cuts its segment
        there, as jobs.segments.read_range does."""
        slow = self._slow
        slow.clear()
        keys: list[int] = []
        for raw in batches:
            if raw.source in self._skip_sources:
                continue
            try:
                batch = decode_batch(raw.view, raw.at, check_crc=False)
            except CorruptRecordError as e:
                _note_invalid_at(self.stats, raw.source, raw.at, str(e))
                self._skip_sources.add(raw.source)
                continue
            hi = raw.hi
            slow.transactional = batch.is_transactional
            for offset, timestamp, record in batch:
                if offset < raw.lo or (hi is not None and offset >= hi):
                    continue
                slow.add_record(log_partition, offset, timestamp, record.key, record.value)
                if self.compact:
                    keys.append(self._key_id(record.key))
        self.stats.records += slow.rows
        if not slow.rows:
            return None
        table = self._slow_arrow(slow.cols)
        if self.compact:
            kid = np.array(keys, np.int64)
            offsets = np.array(slow.cols["offset"], np.int64)
            keep = newest_per_key(kid, offsets)
            self.row_keys, self.row_offsets = kid[keep], offsets[keep]
            if len(keep) < table.num_rows:
                table = table.take(pa.array(keep))
        return table

    def _slow_arrow(self, cols: dict[str, list[Any]]) -> pa.RecordBatch:
        from jobs.datasource import to_arrow_columns

        return to_arrow_columns(cols, self.columns, self.schema)

    def _fast(self, log_partition: int, batches: Sequence[RawBatch]) -> pa.RecordBatch | None:
        # 1. the records sections end to end in one buffer
        parts: list[bytes | memoryview] = []
        nb = len(batches)
        counts = np.empty(nb, np.int64)
        base_offset = np.empty(nb, np.int64)
        base_ts = np.empty(nb, np.int64)
        append_time = np.zeros(nb, bool)
        transactional = np.zeros(nb, bool)
        max_ts = np.empty(nb, np.int64)
        lo = np.empty(nb, np.int64)
        hi = np.empty(nb, np.int64)
        bounds: list[tuple[int, int, int]] = []
        at = 0
        for i, raw in enumerate(batches):
            h = raw.header
            body: bytes | memoryview = raw.view[raw.at + HEADER_SIZE : raw.at + h.batch_length + 12]
            if h.attributes & CODEC_MASK:
                try:
                    body = decompress(h.attributes & CODEC_MASK, body)
                except (CompressionError, ValueError) as e:
                    raise NotFast(str(e)) from e
            if h.records_count < 0:
                raise NotFast("negative records count")
            parts.append(body)
            bounds.append((at, at + len(body), h.records_count))
            at += len(body)
            counts[i] = h.records_count
            base_offset[i] = h.base_offset
            base_ts[i] = h.base_timestamp
            append_time[i] = bool(h.attributes & TIMESTAMP_TYPE_MASK)
            transactional[i] = bool(h.attributes & 0x10)  # TRANSACTIONAL_MASK
            max_ts[i] = h.max_timestamp
            lo[i] = raw.lo
            hi[i] = raw.hi if raw.hi is not None else _NO_END
        parts.append(bytes(_PAD))
        buf = b"".join(parts)
        n_total = int(counts.sum())
        if n_total == 0:
            return None

        # 2-3. where each record starts (one record after the other: each start depends on the
        # previous length), its varint fields; with the C scan, its key's id too
        arr = np.frombuffer(buf, np.uint8)
        limit = len(buf) - _PAD
        kid: np.ndarray | None = None
        if _cscan is not None:
            ts_delta, off_delta, kstart, klen, vstart, vlen, kid = self._scan_c(buf, bounds, n_total)
        else:
            ts_delta, off_delta, kstart, klen, vstart, vlen = _scan_py(buf, bounds, n_total)

        bi = np.repeat(np.arange(nb), counts)
        offsets = base_offset[bi] + off_delta
        keep = (offsets >= lo[bi]) & (offsets < hi[bi])
        if not keep.all():
            sel = np.flatnonzero(keep)
            bi, offsets, ts_delta, klen, kstart, vlen, vstart = (
                x[sel] for x in (bi, offsets, ts_delta, klen, kstart, vlen, vstart)
            )
            if kid is not None:
                kid = kid[sel]
        n = len(offsets)
        if n == 0:
            return None

        # 4. keys: each distinct one decoded once
        if kid is None:
            kid = self._key_ids(buf, kstart, klen)
        read = n
        if self.compact:
            sel = newest_per_key(kid, offsets)
            if len(sel) < n:
                bi, offsets, ts_delta, klen, kstart, vlen, vstart, kid = (
                    x[sel] for x in (bi, offsets, ts_delta, klen, kstart, vlen, vstart, kid)
                )
                n = len(sel)
            self.row_keys, self.row_offsets = kid, offsets
        if len(self._key_class_np) != len(self._key_class):
            self._key_class_np = np.array(self._key_class, np.int8)
        kclass = self._key_class_np[kid]

        tomb = vlen < 0
        kind = np.full(n, _K_UNKNOWN, np.int8)
        kind[tomb & ((kclass == _KEY_OC) | (kclass == _KEY_GM))] = _K_TOMB
        oc = (kclass == _KEY_OC) & ~tomb
        slow = ((kclass == _KEY_GM) & ~tomb) | (kclass == _KEY_CG)  # group metadata: record by record

        # 5. OffsetCommitValue v0-v3, gathered where they are
        version = np.where(oc, _gather_be(arr, vstart, 2, limit), -1)
        v3 = version == 3
        mlen_at = vstart + np.where(v3, 14, 10)
        mlen = _gather_be(arr, mlen_at, 2, limit)
        ct_at = mlen_at + 2 + np.maximum(mlen, 0)
        size = ct_at + 8 + np.where(version == 1, 8, 0) - vstart
        good = oc & (version >= 0) & (version <= 3) & (mlen >= 0) & (size <= vlen)
        slow |= oc & ~good
        oc = good
        kind[oc] = _K_OC

        cols: dict[str, pa.Array] = {}
        need = self.need

        def put(name: str, make: Callable[[], pa.Array]) -> None:
            if name in need:
                cols[name] = make()

        put("log_partition", lambda: pa.array(np.full(n, log_partition, np.int32)))
        put("offset", lambda: pa.array(offsets))
        if "timestamp" in need:
            at_bi = append_time[bi]
            cols["timestamp"] = _timestamps(
                np.where(at_bi, max_ts[bi], base_ts[bi] + ts_delta), None, self.schema.field("timestamp").type
            )
        put("kind", lambda: _KINDS.take(pa.array(kind)))
        for name in ("key_type", "key_version", "group", "topic", "partition"):
            if name in need:
                cols[name] = self._key_column(name).take(pa.array(kid))
        put("value_version", lambda: pa.array(version.astype(np.int32), mask=~oc))
        put("committed_offset", lambda: pa.array(_gather_be(arr, vstart + 2, 8, limit), mask=~oc))
        put(
            "leader_epoch",
            lambda: pa.array(
                np.where(v3, _gather_be(arr, vstart + 10, 4, limit), -1).astype(np.int32), mask=~oc
            ),
        )
        if "metadata" in need:
            cols["metadata"] = self._strings(arr, mlen_at + 2, np.where(oc, mlen, 0), oc)
        if "commit_timestamp" in need:
            cols["commit_timestamp"] = _timestamps(
                _gather_be(arr, ct_at, 8, limit), oc, self.schema.field("commit_timestamp").type
            )
        if "expire_timestamp" in need:
            cols["expire_timestamp"] = _timestamps(
                np.where(version == 1, _gather_be(arr, ct_at + 8, 8, limit), -1),
                oc,
                self.schema.field("expire_timestamp").type,
            )
        for name in (_GM_COLUMNS | _CG_COLUMNS) & need:
            cols[name] = pa.nulls(n, self.schema.field(name).type)
        if "error" in need:
            cols["error"] = self._key_column("error").take(pa.array(kid))
        put("replica", lambda: pa.nulls(n, pa.int32()))  # set per range by the reader
        put("transactional", lambda: pa.array(transactional[bi]))
        self._transactional = transactional

        table = pa.RecordBatch.from_arrays([cols[c] for c in self.columns], schema=self.schema)
        if slow.any():
            table = self._patch_slow(
                table,
                log_partition,
                buf,
                slow,
                offsets,
                bi,
                ts_delta,
                append_time,
                max_ts,
                base_ts,
                kstart,
                klen,
                vstart,
                vlen,
            )
        self.stats.records += read
        return table

    def _scan_c(
        self, buf: bytes, bounds: Sequence[tuple[int, int, int]], n_total: int
    ) -> tuple[np.ndarray, ...]:
        """_scan_py's arrays and the records' key ids, by jobs/_cscan.c."""
        assert _cscan is not None
        fields = np.empty((7, n_total), np.int64)
        new: list[bytes] = []
        try:
            _cscan.scan(buf, np.array(bounds, np.int64), fields, self._keys, len(self._key_class), new)
        except ValueError as e:
            raise NotFast(str(e)) from e
        finally:
            for key in new:  # given ids in `_keys` by the scan, in this order
                self._add_key(key)
        return tuple(fields)

    def _key_ids(self, buf: bytes, kstart: np.ndarray, klen: np.ndarray) -> np.ndarray:
        cache_get = self._keys.get
        add_key = self._add_key
        kid_list: list[int] = []
        kid_append = kid_list.append
        for a, ln in zip(kstart.tolist(), klen.tolist(), strict=True):
            if ln < 0:
                kid_append(_NO_KEY)
                continue
            k = buf[a : a + ln]
            known = cache_get(k)
            kid_append(add_key(k) if known is None else known)
        return np.array(kid_list, np.int64)

    def _strings(self, arr: np.ndarray, start: np.ndarray, length: np.ndarray, valid: np.ndarray) -> pa.Array:
        """A string column from (start, length) slices of the buffer; null where not `valid`."""
        ends = np.cumsum(length)
        total = int(ends[-1]) if len(ends) else 0
        offsets = np.zeros(len(length) + 1, np.int32)
        offsets[1:] = ends
        if total:
            idx = np.repeat(start - offsets[:-1], length) + np.arange(total)
            data = arr[idx].tobytes()
        else:
            data = b""
        validity = pa.array(valid).buffers()[1]
        a = pa.StringArray.from_buffers(
            len(length), pa.py_buffer(offsets.tobytes()), pa.py_buffer(data), validity, int((~valid).sum())
        )
        try:
            a.validate(full=True)
        except pa.ArrowInvalid as e:
            raise NotFast(f"metadata is not UTF-8: {e}") from e
        return a

    def _patch_slow(
        self,
        table: pa.RecordBatch,
        log_partition: int,
        buf: bytes,
        slow: np.ndarray,
        offsets: np.ndarray,
        bi: np.ndarray,
        ts_delta: np.ndarray,
        append_time: np.ndarray,
        max_ts: np.ndarray,
        base_ts: np.ndarray,
        kstart: np.ndarray,
        klen: np.ndarray,
        vstart: np.ndarray,
        vlen: np.ndarray,
    ) -> pa.RecordBatch:
        """The rows of `slow` decoded record by record, in their places."""
        rows = self._slow
        rows.clear()
        idx = np.flatnonzero(slow)
        for i in idx.tolist():
            b = bi[i]
            ts = int(max_ts[b]) if append_time[b] else int(base_ts[b] + ts_delta[i])
            key = buf[kstart[i] : kstart[i] + klen[i]] if klen[i] >= 0 else None
            value = buf[vstart[i] : vstart[i] + vlen[i]] if vlen[i] >= 0 else None
            rows.transactional = bool(self._transactional[b])
            rows.add_record(log_partition, int(offsets[i]), ts, key, value)
        patch = self._slow_arrow(rows.cols)
        # rows in order: the fast rows but those, then the slow ones, put back by a take
        fast_idx = np.flatnonzero(~slow)
        combined = pa.Table.from_batches([table.take(pa.array(fast_idx)), patch])
        where = np.empty(len(slow), np.int64)
        where[fast_idx] = np.arange(len(fast_idx))
        where[idx] = len(fast_idx) + np.arange(len(idx))
        return combined.take(pa.array(where)).combine_chunks().to_batches()[0]


def spark_type(column: str) -> str:
    return _SPARK_TYPES[column]


def arrow_schema(columns: Sequence[str]) -> pa.Schema:
    """The Arrow schema of `columns` as Spark's own conversion gives it (timestamps in µs, UTC),
    for reading without a Spark session (tests, benchmarks)."""
    member = pa.struct(
        [
            ("member_id", pa.string()),
            ("group_instance_id", pa.string()),
            ("client_id", pa.string()),
            ("client_host", pa.string()),
            ("rebalance_timeout_ms", pa.int32()),
            ("session_timeout_ms", pa.int32()),
            ("subscribed_topics", pa.list_(pa.string())),
            ("assigned_partitions", pa.list_(pa.struct([("topic", pa.string()), ("partition", pa.int32())]))),
        ]
    )
    simple = {
        "int": pa.int32(),
        "bigint": pa.int64(),
        "string": pa.string(),
        "timestamp": pa.timestamp("us", tz="UTC"),
        "boolean": pa.bool_(),
    }
    return pa.schema([(c, simple.get(_SPARK_TYPES[c]) or pa.list_(member)) for c in columns])

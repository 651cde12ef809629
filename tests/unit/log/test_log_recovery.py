"""Recovery on start: torn and corrupt tails are cut after the last good batch and reported;
indexes are rebuilt when missing or wrong; unclean shutdowns recover from the recovery point."""

from __future__ import annotations

import random
import shutil
import uuid
from pathlib import Path

import pytest

from broker.log import LogConfig, LogManager
from protocol.records import Record, build_batch, iter_batches

SEED = 20240611


def make_batch(i: int) -> bytes:
    # Varying sizes and codecs, so that cuts land everywhere in headers and payloads.
    n = 1 + i % 4
    return build_batch(
        [
            Record(offset_delta=j, key=f"k{i}".encode(), value=bytes([i % 251]) * (20 + 37 * (i % 5)))
            for j in range(n)
        ],
        compression=(i % 3) and 1,
        base_timestamp=1_700_000_000_000 + i,
    )


async def write_log(
    path: Path, batches: int, config: LogConfig | None = None, *, clean: bool = True
) -> LogManager:
    m = LogManager([path])
    await m.load(lambda topic: config or LogConfig())
    lg = await m.create("t", 0, config or LogConfig(), uuid.uuid4())
    for i in range(batches):
        await lg.append(make_batch(i))
    if clean:
        await m.stop()
    else:
        m.executor.shutdown(wait=True)  # a crash: no checkpoint, no clean-shutdown marker
    return m


async def load(path: Path, config: LogConfig | None = None) -> LogManager:
    m = LogManager([path])
    await m.load(lambda topic: config or LogConfig())
    return m


def boundaries(data: bytes) -> list[tuple[int, int]]:
    """(end position, next offset) after each batch."""
    return [(pos + h.size, h.next_offset) for pos, h in iter_batches(data)]


@pytest.fixture
async def pristine(tmp_path):
    src = tmp_path / "pristine"
    await write_log(src, 60, LogConfig(index_interval_bytes=256))
    return src


async def check_cut(pristine: Path, work: Path, damage) -> None:
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(pristine, work)
    seg = work / "t-0" / "00000000000000000000.log"
    original = seg.read_bytes()
    kept_bytes = damage(seg, original)
    damaged_size = seg.stat().st_size
    m = await load(work, LogConfig(index_interval_bytes=256))
    try:
        lg = m.get("t", 0)
        expected = [(end, nxt) for end, nxt in boundaries(original) if end <= kept_bytes]
        keep_end, keep_next = expected[-1] if expected else (0, 0)
        assert lg.next_offset == keep_next
        assert seg.read_bytes() == original[:keep_end]  # every whole batch before the damage
        assert bool(m.cuts) == (keep_end != damaged_size)
        # The rebuilt index agrees with the one written while appending (for what is kept).
        data = b""
        async for _, chunk in lg.batches():
            data += chunk
        assert data == original[:keep_end]
        # And the log takes appends again where it was cut.
        assert (await lg.append(make_batch(0)))[0] == keep_next
    finally:
        await m.stop()


async def test_torn_tail_at_random_positions(pristine, tmp_path):
    size = (pristine / "t-0" / "00000000000000000000.log").stat().st_size
    rng = random.Random(SEED)
    cuts = sorted(rng.sample(range(size), 40)) + [0, size - 1, size]

    def truncate_at(at):
        def damage(seg: Path, original: bytes) -> int:
            seg.write_bytes(original[:at])
            return at

        return damage

    for at in cuts:
        await check_cut(pristine, tmp_path / "work", truncate_at(at))


async def test_corrupt_bytes_at_random_positions(pristine, tmp_path):
    original = (pristine / "t-0" / "00000000000000000000.log").read_bytes()
    starts = [pos for pos, _ in iter_batches(original)]
    rng = random.Random(SEED + 1)
    positions = []
    while len(positions) < 40:
        at = rng.randrange(len(original))
        start = max(s for s in starts if s <= at)
        # The base offset (0-7) and leader epoch (12-15) are not covered by the CRC, in Kafka too;
        # damage to them that keeps offsets increasing is not detectable.
        if at - start < 8 or 12 <= at - start < 16:
            continue
        positions.append(at)

    def flip(at):
        def damage(seg: Path, orig: bytes) -> int:
            data = bytearray(orig)
            data[at] ^= 0x5A
            seg.write_bytes(bytes(data))
            return max(s for s in starts if s <= at)  # the damaged batch goes, those before stay

        return damage

    for at in positions:
        await check_cut(pristine, tmp_path / "work", flip(at))


async def test_trailing_zeros_are_cut(pristine, tmp_path):
    def zeros(seg: Path, original: bytes) -> int:
        seg.write_bytes(original + b"\x00" * 4096)
        return len(original)

    await check_cut(pristine, tmp_path / "work", zeros)


async def test_cut_is_logged_with_position(pristine, tmp_path, capsys):
    work = tmp_path / "work"
    shutil.copytree(pristine, work)
    seg = work / "t-0" / "00000000000000000000.log"
    seg.write_bytes(seg.read_bytes()[:-7])
    m = await load(work)
    assert len(m.cuts) == 1 and "cut " in m.cuts[0] and "00000000000000000000.log" in m.cuts[0]
    await m.stop()
    captured = capsys.readouterr()
    assert "truncate segment" in captured.out + captured.err


async def test_missing_or_garbage_indexes_are_rebuilt(tmp_path):
    config = LogConfig(index_interval_bytes=128, segment_bytes=2000)
    src = tmp_path / "src"
    await write_log(src, 60, config)
    d = src / "t-0"
    indexes = {p.name: p.read_bytes() for p in d.glob("*.index")}
    assert len(indexes) > 2
    first, second = sorted(indexes)[:2]
    (d / first).unlink()
    (d / second).write_bytes(b"\x01" * 13)
    m = await load(src, config)
    try:
        assert m.cuts == []
        assert m.get("t", 0).next_offset > 100
        for name, data in indexes.items():
            assert (d / name).read_bytes() == data
    finally:
        await m.stop()


async def test_unclean_shutdown_recovers_every_segment_and_drops_those_after_damage(tmp_path):
    config = LogConfig(segment_bytes=2000)
    src = tmp_path / "src"
    await write_log(src, 60, config, clean=False)
    d = src / "t-0"
    segs = sorted(d.glob("*.log"))
    assert len(segs) >= 4
    victim = segs[1]
    data = bytearray(victim.read_bytes())
    starts = [pos for pos, _ in iter_batches(bytes(data))]
    data[starts[2] + 30] ^= 0xFF  # inside the third batch's CRC-covered bytes
    victim.write_bytes(bytes(data))
    m = await load(src, config)
    try:
        lg = m.get("t", 0)
        assert [s.base_offset for s in lg.segments] == [int(segs[0].stem), int(victim.stem)]
        assert len(m.cuts) == 1 + len(segs) - 2  # the cut, then every later segment deleted
        assert sorted(d.glob("*.log")) == segs[:2]
        ends = [h.next_offset async for h, _ in lg.batches()]
        assert ends and lg.next_offset == ends[-1]
    finally:
        await m.stop()


async def test_truncated_older_segment_is_detected_after_clean_shutdown(tmp_path):
    config = LogConfig(segment_bytes=2000)
    src = tmp_path / "src"
    await write_log(src, 60, config)
    d = src / "t-0"
    segs = sorted(d.glob("*.log"))
    victim = segs[1]
    victim.write_bytes(victim.read_bytes()[:-25])
    m = await load(src, config)
    try:
        lg = m.get("t", 0)
        assert lg.active.base_offset == int(victim.stem)
        assert m.cuts and "cut" in m.cuts[0]
    finally:
        await m.stop()


async def test_recovery_point_limits_the_scan(tmp_path):
    config = LogConfig(segment_bytes=2000)
    src = tmp_path / "src"
    m = await write_log(src, 60, config, clean=False)
    del m
    # A checkpoint covering every segment but the last, as a periodic checkpoint would write.
    segs = sorted((src / "t-0").glob("*.log"))
    (src / "recovery-point-offset-checkpoint").write_text(f"0\n1\nt 0 {int(segs[-1].stem)}\n")
    m = await load(src, config)
    try:
        assert m.cuts == [] and m.get("t", 0).next_offset > 0
    finally:
        await m.stop()

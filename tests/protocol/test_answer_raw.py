"""protocol/frames.py `answer_raw`: the run of frames the raw handlers take, read past the window
of header bytes it copies at a time."""

from __future__ import annotations

import struct

from protocol.frames import answer_raw


def _frame(api_key: int, body: bytes) -> bytes:
    payload = struct.pack(">hhi", api_key, 3, 7) + body
    return struct.pack(">i", len(payload)) + payload


def _echo(buf: bytearray, start: int, end: int) -> bytes | None:
    return bytes(buf[start:end])


def test_a_run_longer_than_the_window_is_answered_in_order_and_stops_at_another_api() -> None:
    frames = [_frame(12, bytes([i]) * (i % 40 + 2)) for i in range(200)]
    frames.insert(120, _frame(12, b"y" * 5000))  # a frame longer than the window
    other = _frame(3, b"\x00\x00")
    buf = bytearray(b"z" * 300 + b"".join(frames) + other + b"\x00\x00")
    out: list[bytes] = []
    pos = answer_raw(buf, 300, {12: _echo}, out, 1 << 20)
    assert out == [f[4:] for f in frames]
    assert buf[pos : pos + len(other)] == other


def test_it_stops_at_an_incomplete_frame_a_refusal_or_a_size_out_of_bounds() -> None:
    one = _frame(12, b"ab")
    out: list[bytes] = []
    assert answer_raw(bytearray(one + one[:-1]), 0, {12: _echo}, out, 1 << 20) == len(one)
    assert out == [one[4:]]
    assert answer_raw(bytearray(one * 3), 0, {12: lambda b, s, e: None}, [], 1 << 20) == 0
    assert answer_raw(bytearray(one * 3), 0, {12: _echo}, [], 5) == 0
    negative = b"\xff\xff\xff\xf0" + one[4:]
    assert answer_raw(bytearray(negative + one), 0, {12: _echo}, [], 1 << 20) == 0

"""Kafka's record compression codecs, through well-kept libraries only.

The formats match what the Java client writes and reads:

* gzip: a gzip member (stdlib `gzip`); several members are read back to back.
* snappy: the Java client uses snappy-java's `SnappyOutputStream`, the "xerial" framing:
  the magic b"\\x82SNAPPY\\x00", int32 version 1, int32 min-compatible version 1, then blocks
  of (int32 compressed length, raw snappy block), each block holding at most 32 KiB of input.
  librdkafka and some old clients send plain raw snappy instead, so reading accepts both.
* lz4: the LZ4 frame format with independent 64 KiB blocks and no content size or checksums,
  as Kafka's `Lz4BlockOutputStream` writes (Kafka's reader rejects linked blocks). Messages of
  magic 0 carry a frame whose header checksum byte was computed over the magic number too
  (KAFKA-1493); Kafka writes it that way for magic 0 and ignores it when reading magic 0.
* zstd: a zstd frame (`zstandard`); the Java client streams, so frames may lack a content size.
"""

from __future__ import annotations

import enum
import gzip
import struct
import zlib

import lz4.frame
import snappy
import zstandard

from protocol.errors import ProtocolDecodeError

Buffer = bytes | bytearray | memoryview


class Compression(enum.IntEnum):
    """The codec id in bits 0-2 of a batch's (or legacy message's) attributes."""

    NONE = 0
    GZIP = 1
    SNAPPY = 2
    LZ4 = 3
    ZSTD = 4


CODEC_MASK = 0x07


class CompressionError(ProtocolDecodeError):
    """The compressed payload is not valid for its codec, or the codec is unknown."""


# --- snappy (xerial framing) -----------------------------------------------------------------

XERIAL_MAGIC = b"\x82SNAPPY\x00"
_XERIAL_HEADER = XERIAL_MAGIC + struct.pack(">ii", 1, 1)
XERIAL_BLOCK_SIZE = 32 * 1024  # snappy-java's SnappyOutputStream default block size
_BLOCK_LEN = struct.Struct(">i")


def snappy_compress(data: Buffer) -> bytes:
    """Xerial-framed snappy, block for block what snappy-java's `SnappyOutputStream` writes.

    Like snappy-java, no input gives no output at all (not even the header).
    """
    view = memoryview(data)
    if not len(view):
        return b""
    out = [_XERIAL_HEADER]
    for start in range(0, len(view), XERIAL_BLOCK_SIZE):
        block = snappy.compress(bytes(view[start : start + XERIAL_BLOCK_SIZE]))
        out.append(_BLOCK_LEN.pack(len(block)))
        out.append(block)
    return b"".join(out)


def snappy_decompress(data: Buffer) -> bytes:
    """Xerial-framed snappy (the Java client) or raw snappy (librdkafka, old clients)."""
    view = memoryview(data)
    if not len(view):
        return b""
    try:
        if len(view) < 16 or view[:8] != XERIAL_MAGIC:
            plain: bytes = snappy.decompress(bytes(view))
            return plain
        # The version and compat fields (bytes 8-16) are ignored, like snappy-java and
        # kafka-python do: some producers write them little-endian.
        out = []
        pos, end = 16, len(view)
        while pos < end:
            if end - pos < 4:
                raise CompressionError("truncated xerial snappy block length")
            (size,) = _BLOCK_LEN.unpack_from(view, pos)
            pos += 4
            if size < 0 or pos + size > end:
                raise CompressionError("truncated xerial snappy block")
            out.append(snappy.decompress(bytes(view[pos : pos + size])))
            pos += size
        return b"".join(out)
    except CompressionError:
        raise
    except Exception as e:  # snappy raises its own UncompressError and others
        raise CompressionError(f"invalid snappy data: {type(e).__name__} {e}") from e


# --- lz4 (frame format) -----------------------------------------------------------------------

_LZ4_MAGIC = b"\x04\x22\x4d\x18"


def _xxh32(data: bytes) -> int:
    """XXH32 (seed 0) of `data`: the content checksum an LZ4 frame carries in its last 4 bytes.

    Used only for the frame-header checksum byte that magic-0 messages get wrong.
    """
    frame = lz4.frame.compress(data, content_checksum=True, store_size=False)
    return int.from_bytes(frame[-4:], "little")


def _lz4_header_checksum_pos(frame: bytes) -> int:
    if len(frame) < 7 or frame[:4] != _LZ4_MAGIC:
        raise CompressionError("not an LZ4 frame")
    flg = frame[4]
    pos = 6
    if flg & 0x08:  # content size present
        pos += 8
    if flg & 0x01:  # dictionary id present
        pos += 4
    if len(frame) <= pos:
        raise CompressionError("truncated LZ4 frame header")
    return pos


def lz4_compress(data: Buffer, *, broken_header_checksum: bool = False) -> bytes:
    """An LZ4 frame as Kafka's `Lz4BlockOutputStream` writes it (64 KiB independent blocks).

    `broken_header_checksum` reproduces the header checksum of magic-0 messages (KAFKA-1493).
    """
    frame: bytes = lz4.frame.compress(
        bytes(data),
        block_size=lz4.frame.BLOCKSIZE_MAX64KB,
        block_linked=False,
        content_checksum=False,
        store_size=False,
    )
    if broken_header_checksum:
        pos = _lz4_header_checksum_pos(frame)
        hc = (_xxh32(frame[:pos]) >> 8) & 0xFF
        frame = frame[:pos] + bytes((hc,)) + frame[pos + 1 :]
    return frame


def lz4_decompress(data: Buffer, *, ignore_header_checksum: bool = False) -> bytes:
    """One or more LZ4 frames; `ignore_header_checksum` accepts magic-0 frames (KAFKA-1493)."""
    frame = bytes(data)
    try:
        if ignore_header_checksum:
            pos = _lz4_header_checksum_pos(frame)
            hc = (_xxh32(frame[4:pos]) >> 8) & 0xFF
            frame = frame[:pos] + bytes((hc,)) + frame[pos + 1 :]
        out = []
        while frame:
            dctx = lz4.frame.LZ4FrameDecompressor()
            out.append(dctx.decompress(frame))
            if not dctx.eof:
                raise CompressionError("truncated LZ4 frame")
            frame = dctx.unused_data
        return b"".join(out)
    except CompressionError:
        raise
    except RuntimeError as e:  # lz4 reports corrupt frames as RuntimeError
        raise CompressionError(f"invalid LZ4 data: {e}") from e


# --- zstd -------------------------------------------------------------------------------------

_ZSTD_LEVEL = 3  # Kafka's default compression.zstd.level


def zstd_compress(data: Buffer) -> bytes:
    return zstandard.ZstdCompressor(level=_ZSTD_LEVEL).compress(data)


def zstd_decompress(data: Buffer) -> bytes:
    """Every frame in `data`, with or without a content size in the frame header."""
    dctx = zstandard.ZstdDecompressor()
    rest = bytes(data)
    out = []
    try:
        while rest:
            dobj = dctx.decompressobj()
            out.append(dobj.decompress(rest))
            if not dobj.eof:
                raise CompressionError("truncated zstd frame")
            rest = dobj.unused_data
    except zstandard.ZstdError as e:
        raise CompressionError(f"invalid zstd data: {e}") from e
    return b"".join(out)


# --- gzip -------------------------------------------------------------------------------------


def gzip_compress(data: Buffer) -> bytes:
    return gzip.compress(bytes(data), mtime=0)


def gzip_decompress(data: Buffer) -> bytes:
    try:
        return gzip.decompress(bytes(data))
    except (OSError, EOFError, zlib.error) as e:
        raise CompressionError(f"invalid gzip data: {e}") from e


# --- dispatch ---------------------------------------------------------------------------------


def compress(codec: int, data: Buffer, magic: int = 2) -> bytes:
    """Compress `data` as a producer of message format `magic` (0, 1 or 2) would."""
    codec = _codec(codec)
    if codec == Compression.NONE:
        return bytes(data)
    if codec == Compression.GZIP:
        return gzip_compress(data)
    if codec == Compression.SNAPPY:
        return snappy_compress(data)
    if codec == Compression.LZ4:
        return lz4_compress(data, broken_header_checksum=magic == 0)
    if magic < 2:
        raise CompressionError("zstd needs message format 2")
    return zstd_compress(data)


def decompress(codec: int, data: Buffer, magic: int = 2) -> bytes:
    """Decompress a payload of message format `magic` (0, 1 or 2)."""
    codec = _codec(codec)
    if codec == Compression.NONE:
        return bytes(data)
    if codec == Compression.GZIP:
        return gzip_decompress(data)
    if codec == Compression.SNAPPY:
        return snappy_decompress(data)
    if codec == Compression.LZ4:
        return lz4_decompress(data, ignore_header_checksum=magic == 0)
    if magic < 2:
        raise CompressionError("zstd needs message format 2")
    return zstd_decompress(data)


def _codec(codec: int) -> Compression:
    try:
        return Compression(codec)
    except ValueError:
        raise CompressionError(f"unknown compression codec {codec}") from None

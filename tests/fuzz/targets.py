"""Coverage-guided fuzz targets (atheris, libFuzzer's engine) for what reads bytes from outside:

    request      a request frame of any API and version (protocol/frames.py): decoded, then
                 re-encoded; only ProtocolDecodeError / UnsupportedVersion may be raised
    records      a record batch in any codec (protocol/records.py, protocol/compression.py):
                 headers iterated, batches decoded; only CorruptRecordError may be raised
    log          a partition directory of corrupted segment and index files: the log loader
                 (broker/log/loader.py) recovers it, whatever it holds, and raises nothing
    sasl         a SASL exchange (broker/security/sasl.py): handshake, then tokens, for PLAIN
                 and SCRAM; only AuthenticationFailed may be raised

Each target is `one(data: bytes) -> None`; `seeds()` gives its starting corpus (the golden
frames of tests/fixtures/frames, and inputs built here for every API version and codec).
Run them with `python -m tests.fuzz TARGET [libFuzzer flags]` (tests/fuzz/__main__.py).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import struct
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FRAMES = ROOT / "tests" / "fixtures" / "frames"


# -- request frames ---------------------------------------------------------------------------


def request_one(data: bytes) -> None:
    from protocol.errors import ProtocolDecodeError
    from protocol.frames import UnsupportedVersion, decode_request, encode_request

    try:
        header, body = decode_request(data)
    except (ProtocolDecodeError, UnsupportedVersion):
        return
    again = encode_request(header, body)  # what decoded must encode
    header2, _ = decode_request(again)
    assert (header2.api_key, header2.api_version) == (header.api_key, header.api_version)


def request_seeds() -> Iterator[bytes]:
    from protocol.apis import APIS
    from protocol.frames import RequestHeader, encode_request

    for path in sorted(FRAMES.glob("*/*_request.bin")):
        yield path.read_bytes()
    for key, api in sorted(APIS.items()):
        for version in range(api.min_version, api.max_version + 1):
            with contextlib.suppress(Exception):  # a version whose defaults do not build: skip it
                yield encode_request(RequestHeader(key, version, 1, "fuzz"), {})


# -- record batches ----------------------------------------------------------------------------


def records_one(data: bytes) -> None:
    from protocol.records import CorruptRecordError, decode_batches, iter_batches

    with contextlib.suppress(CorruptRecordError):
        for _ in iter_batches(data, check_crc=True):
            pass
    with contextlib.suppress(CorruptRecordError):
        decode_batches(data, check_crc=False)  # past the CRC: the decompressors and record parser


def records_seeds() -> Iterator[bytes]:
    from protocol.compression import Compression
    from protocol.records import Record, build_batch

    for codec in Compression:
        records = [
            Record(offset_delta=i, value=b"value-%d" % i * 3, key=b"k%d" % i, headers=[("h", b"v")])
            for i in range(4)
        ]
        yield bytes(build_batch(records, compression=codec, base_timestamp=1_700_000_000_000))


# -- the log loader ----------------------------------------------------------------------------

_FILES = (".log", ".index", ".timeindex")


def log_one(data: bytes) -> None:
    """`data`: three length-prefixed parts, the .log, .index and .timeindex of segment 0 (a
    fourth byte picks a clean or an unclean start)."""
    from broker.log.config import LogConfig
    from broker.log.loader import load_log

    # What the loader makes durable does not matter here: no fsync, a directory in memory.
    os.fsync = os.fdatasync = _no_fsync
    parts, pos = [], 1
    for _ in _FILES:
        n = int.from_bytes(data[pos : pos + 3], "big") if pos + 3 <= len(data) else 0
        parts.append(data[pos + 3 : pos + 3 + n])
        pos += 3 + n
    clean = bool(data[0] & 1) if data else False
    directory = _log_dir()
    for name in os.listdir(directory):
        (directory / name).unlink()
    for suffix, content in zip(_FILES, parts, strict=True):
        (directory / f"{0:020d}{suffix}").write_bytes(content)
    # small indexes: the loader preallocates them, 10 MB each by default
    loaded = load_log(directory, LogConfig(segment_index_bytes=4096), None, None, clean, 0)
    for seg in loaded.segments:
        seg.close()


_DIR: list[Path] = []


def _log_dir() -> Path:
    if not _DIR:
        base = Path(
            tempfile.mkdtemp(prefix="fuzz-log-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
        )
        atexit.register(shutil.rmtree, base, True)
        (base / "t-0").mkdir()
        _DIR.append(base / "t-0")
    return _DIR[0]


def _no_fsync(fd: int) -> None:
    pass


def log_input(log: bytes, index: bytes = b"", timeindex: bytes = b"", clean: bool = False) -> bytes:
    out = bytearray([1 if clean else 0])
    for part in (log, index, timeindex):
        out += len(part).to_bytes(3, "big") + part
    return bytes(out)


def log_seeds() -> Iterator[bytes]:
    from protocol.records import Record, build_batch

    batches = b"".join(
        bytes(build_batch([Record(offset_delta=0, value=b"v" * 100)], base_offset=i, base_timestamp=1000 + i))
        for i in range(5)
    )
    index = b"".join(struct.pack(">ii", i, i * 100) for i in range(1, 4))
    timeindex = b"".join(struct.pack(">qi", 1000 + i, i) for i in range(1, 4))
    yield log_input(batches, index, timeindex)
    yield log_input(batches, index, timeindex, clean=True)
    yield log_input(batches[:-7])  # a torn last batch
    yield log_input(batches + b"\0" * 64, index + b"\xff" * 5)


# -- SASL --------------------------------------------------------------------------------------

_MECHANISMS = ("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")
_CONFIG = None


def _sasl_config():  # type: ignore[no-untyped-def]
    global _CONFIG
    if _CONFIG is None:
        from broker.security.credentials import CredentialStore
        from broker.security.sasl import SaslConfig
        from broker.security.scram import make_credential

        store = CredentialStore()
        for m in _MECHANISMS[1:]:
            store.set("alice", m, make_credential(m, "secret", salt=b"fuzz-salt"))
        store.set("alice", "PLAIN", make_credential("SCRAM-SHA-256", "secret", salt=b"fuzz-salt"))
        _CONFIG = SaslConfig(_MECHANISMS, store)
    return _CONFIG


def sasl_one(data: bytes) -> None:
    """`data`: a mechanism (its first byte), then tokens separated by 0xFE 0xFE."""
    from broker.security.scram import AuthenticationFailed

    if not data:
        return
    session = _sasl_config().session()
    session.handshake(_MECHANISMS[data[0] % len(_MECHANISMS)], 1)
    for token in data[1:].split(b"\xfe\xfe")[:4]:
        try:
            session.authenticate(token)
        except AuthenticationFailed:
            return


def sasl_seeds() -> Iterator[bytes]:
    yield b"\x00" + b"\0alice\0secret"
    yield b"\x00" + b"admin\0alice\0wrong"
    for i in (1, 2):
        yield bytes([i]) + b"n,,n=alice,r=fyko+d2lbbFgONRv9qkxdawL"
        yield (
            bytes([i]) + b"n,,n=alice,r=abc" + b"\xfe\xfe" + b"c=biws,r=abcdef,p=dGhpcyBpcyBub3QgYSBwcm9vZg=="
        )


# -- the harness's own check -------------------------------------------------------------------


def selfcheck_one(data: bytes) -> None:
    """A planted bug (tests/fuzz/test_fuzz.py): the harness must report it as a crash."""
    if data[:4] == b"kbro" and len(data) > 4 and data[4] == ord("k"):
        raise RuntimeError("planted crash")


def selfcheck_seeds() -> Iterator[bytes]:
    yield b"kbro"


TARGETS: dict[str, tuple[Callable[[bytes], None], Callable[[], Iterator[bytes]]]] = {
    "request": (request_one, request_seeds),
    "records": (records_one, records_seeds),
    "log": (log_one, log_seeds),
    "sasl": (sasl_one, sasl_seeds),
}
SELFCHECK = (selfcheck_one, selfcheck_seeds)

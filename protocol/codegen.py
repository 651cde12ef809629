"""Writes the codecs of every declared message version as source: protocol/_codecs_hot.py (the
APIs of the hot paths and the internal topics' records: compiled by setup.py) and
protocol/_codecs_cold.py (the others).

    python -m protocol.codegen            # rewrites both
    python -m protocol.codegen --check    # exits 1 if one differs from what it would write

protocol/compiled.py generates the same functions at run time and `exec`s them; written into a
module they can be compiled ahead of time (mypyc, see setup.py) and cost nothing at import.
The functions of versions whose code is the same (most neighbouring versions) are written once.
Each declaration's codecs are filed under its fingerprint (`compiled.fingerprint`): a
declaration changed since the file was written does not find them and gets its codecs generated
at run time, as before (`--check` in `make lint` keeps the file current).

Covered: the requests and responses of protocol/apis.py and the records of the internal topics
and of the consumer protocol; any other `Message` (client/lenient.py) is generated at run time.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from protocol import (
    consumer_group_records,
    consumer_protocol,
    group_records,
    share_group_records,
    txn_records,
)
from protocol.apis import ALL, ApiKey
from protocol.compiled import generate
from protocol.schema import Message

# The codecs of the APIs on the hot paths (produce, fetch, groups, offsets, transactions) and of
# the internal topics' records, which setup.py compiles (protocol/native.py); the others'. Apart
# because a C compiler takes minutes over the whole set.
HOT = Path(__file__).with_name("_codecs_hot.py")
COLD = Path(__file__).with_name("_codecs_cold.py")
HOT_APIS = frozenset(
    {
        ApiKey.PRODUCE,
        ApiKey.FETCH,
        ApiKey.LIST_OFFSETS,
        ApiKey.OFFSET_COMMIT,
        ApiKey.OFFSET_FETCH,
        ApiKey.FIND_COORDINATOR,
        ApiKey.JOIN_GROUP,
        ApiKey.HEARTBEAT,
        ApiKey.LEAVE_GROUP,
        ApiKey.SYNC_GROUP,
        ApiKey.API_VERSIONS,
        ApiKey.INIT_PRODUCER_ID,
        ApiKey.ADD_PARTITIONS_TO_TXN,
        ApiKey.ADD_OFFSETS_TO_TXN,
        ApiKey.END_TXN,
        ApiKey.WRITE_TXN_MARKERS,
        ApiKey.TXN_OFFSET_COMMIT,
        ApiKey.CONSUMER_GROUP_HEARTBEAT,
        ApiKey.SHARE_GROUP_HEARTBEAT,
    }
)
COMMAND = "python -m protocol.codegen"
_RECORD_MODULES = (group_records, consumer_group_records, share_group_records, txn_records, consumer_protocol)
# A declaration open-ended upward ("0+") is generated up to this version at most.
_MAX_OPEN_VERSION = 32
_IDENT = re.compile(r"\W")

_HEADER = f'''"""Codecs of declared message versions, {{what}} (protocol/codegen.py): do not edit.

Regenerate with `{COMMAND}`; `make lint` checks it is current.
"""

# ruff: noqa
# fmt: off
import struct as _struct
from uuid import UUID as _UUID

from construct import Container

from protocol.compiled import (
    UVARINT_BYTES as _UV,
    getter as _getter,
    null_build as _null_build,
    read_tags as _read_tags,
    read_uvarint as _uvarint,
    too_many as _too_many,
    truncated as _truncated,
    uuid_from_bytes as _uuid,
    write_tags as _write_tags,
)
from protocol.errors import ProtocolDecodeError as _Err
from protocol.primitives import encode_uvarint as _uv

_NO_TAGS: dict = {{}}
_struct_unpack_from = _struct.unpack_from
_struct_pack = _struct.pack
'''


def messages() -> tuple[list[Message], list[Message]]:
    """Every declaration covered, in a stable order, each once: the hot ones, then the others."""
    hot: list[Message] = []
    cold: list[Message] = []
    for api in ALL:
        (hot if api.key in HOT_APIS else cold).extend([api.request, api.response])
    for module in _RECORD_MODULES:
        for value in vars(module).values():
            items = value.values() if isinstance(value, dict) else [value]
            found = [m for m in items if isinstance(m, Message)]
            (cold if module is consumer_protocol else hot).extend(found)
    return list({id(m): m for m in hot}.values()), list({id(m): m for m in cold}.values())


def _versions(message: Message) -> range:
    v = message.versions
    return range(v.low, min(v.high, v.low + _MAX_OPEN_VERSION) + 1)


def render() -> dict[Path, str]:
    """The text of each generated module."""
    hot, cold = messages()
    return {
        HOT: _render(hot, "compiled ahead of time where the build can"),
        COLD: _render(cold, "not compiled"),
    }


def _render(covered: list[Message], what: str) -> str:
    exprs: dict[str, str] = {}
    blocks: list[str] = []
    footers: list[str] = []
    table: dict[str, list[tuple[int, str]]] = {}
    written: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}  # same code: the same functions
    used: set[str] = set()
    for message in covered:
        fp = message.fingerprint()
        for version in _versions(message):
            ks = message.at(version)
            plain = generate(ks, message.name, version)
            body = "\n".join("\n".join(b[:1] + b[2:]) for b in plain.blocks)  # without the comment
            key = (body + "\n".join(plain.footer), tuple(sorted(plain.exprs.items())))
            prefix = written.get(key)
            if prefix is None:
                prefix = stem = f"_{_IDENT.sub('_', message.name)}_v{version}_"
                n = 1
                while prefix in used:  # another declaration of that name (an older layout)
                    n += 1
                    prefix = f"{stem}{n}_"
                used.add(prefix)
                written[key] = prefix
                module = generate(ks, message.name, version, prefix)
                for name, expr in module.exprs.items():
                    if exprs.setdefault(name, expr) != expr:
                        raise ValueError(f"two constants named {name}")
                blocks += ["\n".join(b) for b in module.blocks]
                footers += module.footer
            table.setdefault(fp, []).append((version, prefix))
    out = [_HEADER.replace("{what}", what)]
    out += [f"{name} = {expr}" for name, expr in exprs.items()]
    out.append("")
    for block in blocks:
        out += ["", block, ""]
    out += footers
    out += ["", "", "CODECS = {"]
    for fp, entries in table.items():
        out.append(f"    {fp!r}: {{")
        out += [f"        {v}: ({p}decode, {p}encode)," for v, p in entries]
        out.append("    },")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--check", action="store_true", help="exit 1 if a file is not current")
    args = ap.parse_args(argv)
    stale = 0
    for target, text in render().items():
        current = target.read_text() if target.exists() else ""
        if current == text:
            continue
        if args.check:
            print(f"{target} is not current: run `{COMMAND}`", file=sys.stderr)
            stale += 1
        else:
            target.write_text(text)
            print(f"wrote {target} ({text.count(chr(10))} lines)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

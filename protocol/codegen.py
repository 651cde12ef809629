"""Writes protocol/_codecs_generated.py: the codecs of every declared message version as source.

    python -m protocol.codegen            # rewrites protocol/_codecs_generated.py
    python -m protocol.codegen --check    # exits 1 if the file differs from what it would write

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
from protocol.apis import ALL
from protocol.compiled import generate
from protocol.schema import Message

TARGET = Path(__file__).with_name("_codecs_generated.py")
COMMAND = "python -m protocol.codegen"
_RECORD_MODULES = (group_records, consumer_group_records, share_group_records, txn_records, consumer_protocol)
# A declaration open-ended upward ("0+") is generated up to this version at most.
_MAX_OPEN_VERSION = 32
_IDENT = re.compile(r"\W")

_HEADER = f'''"""The codecs of every declared message version (protocol/codegen.py): do not edit.

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


def messages() -> list[Message]:
    """Every declaration covered, in a stable order, each once."""
    found: list[Message] = []
    for api in ALL:
        found += [api.request, api.response]
    for module in _RECORD_MODULES:
        for value in vars(module).values():
            items = value.values() if isinstance(value, dict) else [value]
            found += [m for m in items if isinstance(m, Message)]
    return list({id(m): m for m in found}.values())


def _versions(message: Message) -> range:
    v = message.versions
    return range(v.low, min(v.high, v.low + _MAX_OPEN_VERSION) + 1)


def render() -> str:
    exprs: dict[str, str] = {}
    blocks: list[str] = []
    footers: list[str] = []
    table: dict[str, list[tuple[int, str]]] = {}
    written: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}  # same code: the same functions
    used: set[str] = set()
    for message in messages():
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
    out = [_HEADER]
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
    ap.add_argument("--check", action="store_true", help="exit 1 if the file is not current")
    args = ap.parse_args(argv)
    text = render()
    current = TARGET.read_text() if TARGET.exists() else ""
    if args.check:
        if current != text:
            print(f"{TARGET} is not current: run `{COMMAND}`", file=sys.stderr)
            return 1
        return 0
    if current != text:
        TARGET.write_text(text)
        print(f"wrote {TARGET} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

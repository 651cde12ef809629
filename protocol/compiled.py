"""Codecs generated from the declarations: one pair of plain Python functions per message version.

construct walks a tree of objects for every field of every message (`_parsereport`, stream
reads, one `struct` call per integer), which made it the broker's largest CPU cost per request.
The declarations stay the single source of truth: this module reads the `KStruct` that
`Message.at(version)` builds, writes Python source specialised to it, and `exec`s it once:

- `decode(buf, pos) -> (Container, pos)` reads a `bytes` buffer by offset, with one precompiled
  `struct.Struct.unpack_from` per run of consecutive fixed-width fields (the int16/int32 length
  of a following string, bytes or array included), and the common one-byte varint inline;
- `encode(obj, w)` calls `w` (a list's `append`) with the pieces, packing runs of fixed-width
  fields the same way.

The construct codec remains the reference: tests hold the two to identical bytes and identical
decoded values. `source(message, version)` shows the generated code; tracebacks show its lines.

What the generated code must keep from construct (see `schema.KStruct`), and where:
- decoded Containers carry inline fields, then absent fields at their defaults, then tagged
  fields (defaults unless present), then `_unknown_tags` if any: `_Decoder.struct`;
- encoding reads any Mapping or attribute object; a None where the field is not nullable and
  its default is not None takes the default (inline fields only, as `KStruct._build` does);
  tagged fields equal to their default are not written: `_Encoder.struct`;
- every malformed input ends in ProtocolDecodeError: the generated code raises it where construct
  did, and `Message.decode_from` maps what Python raises on short input (IndexError from
  `buf[pos]`, struct.error from `unpack_from`, UnicodeDecodeError) to it.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import keyword
import linecache
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from uuid import UUID, SafeUUID

import construct as cs
from construct import Construct, Container

from protocol import primitives as p
from protocol.errors import ProtocolDecodeError
from protocol.schema import UNKNOWN_TAGS, KStruct, NullableStruct

Decode = Callable[[bytes, int], tuple[Container, int]]
Encode = Callable[[Any, Callable[[bytes], Any]], None]


@dataclass(frozen=True, slots=True)
class Codec:
    """The generated functions of one message version, and their source."""

    name: str
    source: str
    decode: Decode
    encode: Encode


def source(message: Any, version: int) -> str:
    """The generated source of a `Message` at a version, for reading and debugging."""
    return generate(message.at(version), message.name, version).source()


# --- Runtime helpers the generated code calls -------------------------------------------------


def read_uvarint(buf: bytes, pos: int) -> tuple[int, int]:
    """The unsigned varint at pos and the position after it (as `primitives.read_uvarint`)."""
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise ProtocolDecodeError("truncated varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ProtocolDecodeError("varint is too long")


# One-byte varints, the length of nearly every string and array, without a call.
UVARINT_BYTES: tuple[bytes, ...] = tuple(bytes([i]) for i in range(128))


def uvarint(value: int) -> bytes:
    return UVARINT_BYTES[value] if 0 <= value < 128 else p.encode_uvarint(value)


def write_tags(w: Callable[[bytes], Any], entries: list[tuple[int, bytes]]) -> None:
    w(uvarint(len(entries)))
    for tag, data in entries:
        w(uvarint(tag))
        w(uvarint(len(data)))
        w(data)


def read_tags(
    buf: bytes, pos: int, obj: Container, known: dict[int, tuple[str, Callable[[bytes], Any]]], path: str
) -> int:
    """Reads a tagged-field section into obj (known tags decoded, others kept raw)."""
    count, pos = read_uvarint(buf, pos)
    p.check_tag_count(count, len(buf) - pos, path)
    unknown: dict[int, bytes] = {}
    last = -1
    for _ in range(count):
        tag, pos = read_uvarint(buf, pos)
        size, pos = read_uvarint(buf, pos)
        if tag <= last:
            raise ProtocolDecodeError(f"tagged fields out of order at {path}")
        last = tag
        end = pos + size
        if end > len(buf):
            raise ProtocolDecodeError(f"truncated tagged field at {path}")
        data = buf[pos:end]
        pos = end
        entry = known.get(tag)
        if entry is None:
            unknown[tag] = data
        else:
            # Like construct's `parse(data)`: bytes the field does not use are ignored.
            obj[entry[0]] = entry[1](data)
    if unknown:
        obj[UNKNOWN_TAGS] = unknown
    return pos


def getter(obj: Any) -> Callable[..., Any]:
    """`get(name, default)` over a Mapping or any object's attributes (None reads as all-defaults)."""
    if isinstance(obj, Mapping):
        return obj.get
    return lambda name, default=None: getattr(obj, name, default)


def uuid_from_bytes(data: bytes) -> UUID:
    # UUID(bytes=...) validates its arguments at length (~0.8 µs); topic ids are in every Fetch
    # and Metadata partition. This is how UUID's own unpickling fills the two slots.
    value = int.from_bytes(data, "big")
    if not value:
        return p.ZERO_UUID
    u = object.__new__(UUID)
    object.__setattr__(u, "int", value)
    object.__setattr__(u, "is_safe", SafeUUID.unknown)
    return u


def truncated(path: str) -> ProtocolDecodeError:
    return ProtocolDecodeError(f"truncated data at {path}")


def too_many(n: int, remaining: int, path: str) -> ProtocolDecodeError:
    return p.count_error(n, remaining, path)


def null_build(kind: str, path: str) -> cs.ConstructError:
    # The error construct's KString/KBytes/KArray raise for the same mistake.
    return cs.ConstructError(f"null in non-nullable {kind} at {path}")


_RUNTIME: dict[str, Any] = {
    "Container": Container,
    "_Err": ProtocolDecodeError,
    "_uvarint": read_uvarint,
    "_uv": p.encode_uvarint,
    "_UV": UVARINT_BYTES,
    "_read_tags": read_tags,
    "_write_tags": write_tags,
    "_getter": getter,
    "_uuid": uuid_from_bytes,
    "_truncated": truncated,
    "_too_many": too_many,
    "_null_build": null_build,
    "_NO_TAGS": {},
    "_struct_unpack_from": struct.unpack_from,
    "_struct_pack": struct.pack,
}


# --- What each construct is, for the generator --------------------------------------------------

# construct's FormatField formats, as `struct` characters of standard size (">l" is 4 bytes).
_FORMAT_CHARS = {"b": "b", "h": "h", "l": "i", "i": "i", "q": "q", "H": "H", "L": "I", "I": "I", "d": "d"}
_UUID = "16s"
# Arrays of integers up to this many elements (replica lists, partition lists) use a
# precompiled Struct; longer ones format one (struct caches the last hundred).
_SMALL_ARRAY = 32


def _fixed_format(sub: Construct) -> str | None:
    """The struct format of a fixed-width construct, or None."""
    if isinstance(sub, cs.FormatField) and sub.fmtstr[:1] == ">" and sub.fmtstr[1:] in _FORMAT_CHARS:
        return _FORMAT_CHARS[sub.fmtstr[1:]]
    if isinstance(sub, p.Boolean):
        return "?"  # struct's bool: packs truthiness, unpacks any non-zero byte as True, as Boolean
    if isinstance(sub, p.Uuid):
        return _UUID
    return None


def _classic_prefix(sub: Construct) -> str | None:
    """The fixed-width prefix (length or null marker) a construct starts with, if any."""
    if isinstance(sub, p.KString) and not sub.compact:
        return "h"
    if isinstance(sub, (p.KBytes, p.KArray)) and not sub.compact:
        return "i"
    if isinstance(sub, NullableStruct):
        return "b"
    return None


def _kind(sub: Construct) -> str:
    return {p.KString: "string", p.KBytes: "bytes", p.KArray: "array"}.get(type(sub), "value")


def _ident(name: str, index: int) -> str:
    return name if name.isidentifier() else f"f{index}"


def _is_kwarg(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


# --- Source assembly ----------------------------------------------------------------------------


class _Module:
    """The generated functions of one codec, and the constants they refer to by name."""

    def __init__(self, name: str, prefix: str = ""):
        self.name = name
        # Written into a module of many codecs (protocol/codegen.py), the names of this one's
        # functions and constants carry a prefix of their own.
        self.prefix = prefix
        self.ns: dict[str, Any] = dict(_RUNTIME)
        # Source of the names in `ns` this codec added (structs, constants), for such a module.
        self.exprs: dict[str, str] = {}
        self.blocks: list[list[str]] = []
        self.footer: list[str] = []
        self._const_names: dict[Any, str] = {}
        self._count = 0

    def unique(self, stem: str) -> str:
        self._count += 1
        return f"{stem}{self.prefix}{self._count}"

    def struct(self, fmt: str, method: str) -> str:
        """`unpack_from` or `pack` of a precompiled `struct.Struct`, by a readable name."""
        name = f"_{method}_" + fmt.replace("?", "o")
        if name not in self.ns:
            self.ns[name] = getattr(struct.Struct(">" + fmt), method)
            self.exprs[name] = f"_struct.Struct({'>' + fmt!r}).{method}"
        return name

    def array_structs(self, fmt: str, method: str) -> str:
        """A tuple of `unpack_from`/`pack` for arrays of 0.._SMALL_ARRAY-1 elements of fmt."""
        name = f"_{method}_{fmt.replace('?', 'o')}_arrays"
        if name not in self.ns:
            self.ns[name] = tuple(getattr(struct.Struct(f">{n}{fmt}"), method) for n in range(_SMALL_ARRAY))
            self.exprs[name] = (
                f"tuple(_struct.Struct('>%d{fmt}' % n).{method} for n in range({_SMALL_ARRAY}))"
            )
        return name

    def const(self, value: Any, stem: str = "_D") -> str:
        key = (type(value), id(value))
        name = self._const_names.get(key)
        if name is None:
            name = self.unique(stem)
            self._const_names[key] = name
            self.ns[name] = value
            self.exprs[name] = value_source(value)
        return name

    def literal(self, value: Any) -> str:
        """An expression for a value the generated code only reads."""
        if value is None or type(value) in (bool, int, str, bytes):
            return repr(value)
        if type(value) is list and not value:
            return "[]"
        return self.const(value)

    def fresh(self, value: Any) -> str:
        """An expression that makes a new copy of a default, so decoded messages share nothing."""
        if value is None or type(value) in (bool, int, str, bytes):
            return repr(value)
        if isinstance(value, list):
            return "[" + ", ".join(self.fresh(v) for v in value) + "]"
        if isinstance(value, dict):
            return container_expr([(k, self.fresh(v)) for k, v in value.items()])
        return self.const(value)  # immutable: UUID, float

    def source(self) -> str:
        parts = [f"# Generated by protocol/compiled.py from the declaration of {self.name}.\n"]
        parts += ["\n".join(block) + "\n" for block in self.blocks]
        parts += ["\n".join(self.footer) + "\n"] if self.footer else []
        return "\n\n".join(parts)


def value_source(value: Any) -> str:
    """An expression that evaluates to an equal value (a generated module's constant)."""
    if value is None or type(value) in (bool, int, str, bytes):
        return repr(value)
    if type(value) is float and value == value and value not in (float("inf"), float("-inf")):
        return repr(value)
    if type(value) is UUID:
        return f"_UUID({str(value)!r})"
    if type(value) in (list, tuple):
        items = ", ".join(value_source(v) for v in value)
        return f"[{items}]" if type(value) is list else f"({items}{',' if len(value) == 1 else ''})"
    if isinstance(value, dict):  # a Container, or a plain dict of defaults
        items = ", ".join(f"{k!r}: {value_source(v)}" for k, v in value.items())
        return f"Container({{{items}}})" if isinstance(value, Container) else f"{{{items}}}"
    raise TypeError(f"no source for the constant {value!r}")


class _Function:
    def __init__(self, module: _Module, signature: str, doc: str):
        self.lines = [f"def {signature}:", f"    # {doc}"]
        module.blocks.append(self.lines)

    def add(self, indent: int, text: str) -> None:
        self.lines.append("    " * indent + text)


def container_expr(items: list[tuple[str, str]]) -> str:
    names = [k for k, _ in items]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate field names in {names}")
    if all(_is_kwarg(k) for k in names):
        return "Container(" + ", ".join(f"{k}={v}" for k, v in items) + ")"
    return "Container({" + ", ".join(f"{k!r}: {v}" for k, v in items) + "})"


# --- Decoder ------------------------------------------------------------------------------------


class _Decoder:
    """Emits code reading values at `pos` of `buf` (which ends at `end`), advancing `pos`.

    Fields go straight into their Container (`o2['name'] = ...`): cheaper than building it from
    locals at the end, and insertion order is the declaration order, as construct's. Nesting
    level d owns the locals o{d}, a{d}, n{d}, e{d}, x{d}; nested values use d + 1.
    """

    def __init__(self, module: _Module, fn: _Function):
        self.m, self.fn = module, fn

    def unpack(self, run: list[tuple[str, str]], ind: int) -> None:
        """One unpack_from for a run of fixed-width values; empties the run."""
        if not run:
            return
        fmt = "".join(f for f, _ in run)
        targets = ", ".join(v for _, v in run)
        self.fn.add(
            ind, f"{targets}{',' if len(run) == 1 else ''} = {self.m.struct(fmt, 'unpack_from')}(buf, pos)"
        )
        self.fn.add(ind, f"pos += {struct.calcsize('>' + fmt)}")
        for f, v in run:
            if f == _UUID:
                self.fn.add(ind, f"{v} = _uuid({v})")
        run.clear()

    def struct(self, ks: KStruct, target: str, ind: int, d: int, path: str) -> None:
        o = target if target.isidentifier() else f"o{d}"
        self.fn.add(ind, f"{target} = Container()" if o == target else f"{target} = {o} = Container()")
        run: list[tuple[str, str]] = []
        for name, sub, _ in ks.inline:
            key = f"{o}[{name!r}]"
            fmt = _fixed_format(sub)
            if fmt is not None:
                run.append((fmt, key))
                continue
            prefix = _classic_prefix(sub)
            if prefix is not None:
                # The length (or null marker) joins the run of fixed fields before it.
                run.append((prefix, f"n{d}"))
                self.unpack(run, ind)
                self.body(sub, key, f"n{d}", ind, d, f"{path}.{name}")
            else:
                self.unpack(run, ind)
                self.value(sub, key, ind, d + 1, f"{path}.{name}")
        self.unpack(run, ind)
        for name, default in ks.absent:
            self.fn.add(ind, f"{o}[{name!r}] = {self.m.fresh(default)}")
        for name, _, default in ks.tagged.values():
            self.fn.add(ind, f"{o}[{name!r}] = {self.m.fresh(default)}")
        if ks.flexible:
            self.fn.add(ind, "if buf[pos]:  # tagged fields")
            self.fn.add(ind + 1, f"pos = _read_tags(buf, pos, {o}, {self.tag_table(ks, path)}, {path!r})")
            self.fn.add(ind, "else:")
            self.fn.add(ind + 1, "pos += 1")

    def tag_table(self, ks: KStruct, path: str) -> str:
        """A module-level {tag: (name, decoder)} for the struct's known tagged fields."""
        if not ks.tagged:
            return "_NO_TAGS"
        entries = []
        for tag in ks.tag_order:
            name, sub, _ = ks.tagged[tag]
            fn_name = self.m.unique(f"_decode_tag_{name}_")
            fn = _Function(
                self.m, f"{fn_name}(buf)", f"tagged field {tag} of {path}, read from its own bytes"
            )
            fn.add(1, "end = len(buf)")
            fn.add(1, "pos = 0")
            _Decoder(self.m, fn).value(sub, "value", 1, 1, f"{path}.{name}")
            fn.add(1, "return value")
            entries.append(f"{tag}: ({name!r}, {fn_name})")
        table = self.m.unique("_TAGS")
        self.m.footer.append(f"{table} = {{{', '.join(entries)}}}")
        return table

    def value(self, sub: Construct, var: str, ind: int, d: int, path: str) -> None:
        """One value of any construct, alone (not merged with neighbours), into var."""
        fmt = _fixed_format(sub)
        if fmt is not None:
            self.unpack([(fmt, var)], ind)
        elif isinstance(sub, KStruct):
            self.struct(sub, var, ind, d, path)
        elif (prefix := _classic_prefix(sub)) is not None:
            self.unpack([(prefix, f"n{d}")], ind)
            self.body(sub, var, f"n{d}", ind, d, path)
        elif isinstance(sub, (p.KString, p.KBytes, p.KArray)):  # compact
            n = f"n{d}"
            self.fn.add(ind, f"{n} = buf[pos]")
            self.fn.add(ind, f"if {n} > 127:")
            self.fn.add(ind + 1, f"{n}, pos = _uvarint(buf, pos)")
            self.fn.add(ind, "else:")
            self.fn.add(ind + 1, "pos += 1")
            self.body(sub, var, n, ind, d, path)
        else:
            raise TypeError(f"cannot compile {sub!r} at {path}")

    def body(self, sub: Construct, var: str, n: str, ind: int, d: int, path: str) -> None:
        """What follows a length (n: the int16/int32 length, or compact length + 1) or marker."""
        if isinstance(sub, NullableStruct):
            self.fn.add(ind, f"if {n} < 0:")
            self.fn.add(ind + 1, f"{var} = None")
            self.fn.add(ind, "else:")
            self.struct(sub.inner, var, ind + 1, d + 1, path)
            return
        compact = sub.compact
        self.fn.add(ind, f"if {'not ' + n if compact else n + ' < 0'}:")
        if sub.nullable:
            self.fn.add(ind + 1, f"{var} = None")
            self.fn.add(ind, "else:")
            ind += 1
        else:
            self.fn.add(ind + 1, f'raise _Err("null in non-nullable {_kind(sub)} at {path}")')
        if compact:
            self.fn.add(ind, f"{n} -= 1")
        if isinstance(sub, p.KArray):
            self.array_items(sub.item, var, n, ind, d, path)
            return
        self.fn.add(ind, f"e{d} = pos + {n}")
        self.fn.add(ind, f"if e{d} > end:")
        self.fn.add(ind + 1, f"raise _truncated({path!r})")
        decode = ".decode()" if isinstance(sub, p.KString) else ""
        self.fn.add(ind, f"{var} = buf[pos:e{d}]{decode}")
        self.fn.add(ind, f"pos = e{d}")

    def array_items(self, item: Construct, var: str, n: str, ind: int, d: int, path: str) -> None:
        # A count above Kafka's bound, or whose elements (each its fewest bytes) cannot fit the
        # bytes left, is a lie that must not make us loop or allocate: `primitives.check_count`,
        # written out with literals (compiled, they cost a comparison).
        size = p.min_size(item)
        fits = f"{n} > end - pos" if size == 1 else f"{n} * {size} > end - pos"
        self.fn.add(ind, f"if {n} > {p.MAX_ARRAY_ELEMENTS} or {fits}:")
        self.fn.add(ind + 1, f"raise _too_many({n}, end - pos, {path!r})")
        fmt = _fixed_format(item)
        if fmt is not None and fmt != _UUID:
            small = self.m.array_structs(fmt, "unpack_from")
            self.fn.add(
                ind,
                f"{var} = list({small}[{n}](buf, pos) if {n} < {_SMALL_ARRAY} "
                f"else _struct_unpack_from('>%d{fmt}' % {n}, buf, pos))",
            )
            self.fn.add(ind, f"pos += {struct.calcsize('>' + fmt)} * {n}")
            return
        items = var if var.isidentifier() else f"a{d}"
        self.fn.add(ind, f"{var} = []" if items == var else f"{var} = {items} = []")
        self.fn.add(ind, f"for _ in range({n}):")
        self.value(item, f"x{d}", ind + 1, d + 1, path + "[]")
        self.fn.add(ind + 1, f"{items}.append(x{d})")


# --- Encoder ------------------------------------------------------------------------------------


class _Encoder:
    """Emits code passing the bytes of values to `w`; the same naming scheme as `_Decoder`."""

    def __init__(self, module: _Module, fn: _Function):
        self.m, self.fn = module, fn

    def pack(self, run: list[tuple[str, str]], ind: int) -> None:
        """One pack for a run of fixed-width values; empties the run."""
        if not run:
            return
        fmt = "".join(f for f, _ in run)
        self.fn.add(ind, f"w({self.m.struct(fmt, 'pack')}({', '.join(e for _, e in run)}))")
        run.clear()

    def struct(self, ks: KStruct, obj: str, ind: int, d: int, path: str) -> None:
        g = f"g{d}"
        self.fn.add(ind, f"{g} = {obj}.get if isinstance({obj}, dict) else _getter({obj})")
        run: list[tuple[str, str]] = []
        for i, (name, sub, default) in enumerate(ks.inline):
            var = f"v{d}_{_ident(name, i)}"
            fpath = f"{path}.{name}"
            if default is not None and not getattr(sub, "nullable", False):
                # None where the field cannot be null means "the default" (KStruct._build).
                self.fn.add(ind, f"{var} = {g}({name!r})")
                self.fn.add(ind, f"if {var} is None:")
                self.fn.add(ind + 1, f"{var} = {self.m.literal(default)}")
                self.field(sub, var, run, False, ind, d, fpath)
            else:
                self.fn.add(ind, f"{var} = {g}({name!r}, {self.m.literal(default)})")
                self.field(sub, var, run, True, ind, d, fpath)
        self.pack(run, ind)
        if ks.flexible:
            self.tags(ks, g, ind, d, path)

    def tags(self, ks: KStruct, g: str, ind: int, d: int, path: str) -> None:
        t, u = f"t{d}", f"u{d}"
        if not ks.tagged:
            self.fn.add(ind, f"{u} = {g}({UNKNOWN_TAGS!r}, None)")
            self.fn.add(ind, f"if {u}:")
            self.fn.add(ind + 1, f"_write_tags(w, sorted({u}.items()))")
            self.fn.add(ind, "else:")
            self.fn.add(ind + 1, "w(b'\\x00')  # no tagged fields")
            return
        self.fn.add(ind, f"{t} = []")
        for tag in ks.tag_order:
            name, sub, default = ks.tagged[tag]
            default_expr = self.m.literal(default)
            self.fn.add(ind, f"{u} = {g}({name!r}, {default_expr})")
            self.fn.add(
                ind, f"if not {u} == {default_expr}:  # tagged fields at their default are not written"
            )
            self.fn.add(ind + 1, f"{t}.append(({tag}, {self.tag_encoder(sub, tag, f'{path}.{name}')}({u})))")
        self.fn.add(ind, f"{u} = {g}({UNKNOWN_TAGS!r}, None)")
        self.fn.add(ind, f"if {u}:")
        self.fn.add(ind + 1, f"{t}.extend({u}.items())")
        self.fn.add(ind + 1, f"{t}.sort()")
        self.fn.add(ind, f"if {t}:")
        self.fn.add(ind + 1, f"_write_tags(w, {t})")
        self.fn.add(ind, "else:")
        self.fn.add(ind + 1, "w(b'\\x00')")

    def tag_encoder(self, sub: Construct, tag: int, path: str) -> str:
        name = self.m.unique(f"_encode_tag_{path.rsplit('.', 1)[-1]}_")
        fn = _Function(self.m, f"{name}(value)", f"tagged field {tag} at {path}, as its own bytes")
        fn.add(1, "out = []")
        fn.add(1, "w = out.append")
        _Encoder(self.m, fn).value(sub, "value", 1, 1, path)
        fn.add(1, "return b''.join(out)")
        return name

    def value(self, sub: Construct, var: str, ind: int, d: int, path: str) -> None:
        """One value alone: an array element or a tagged field (no None-means-default here)."""
        run: list[tuple[str, str]] = []
        self.field(sub, var, run, True, ind, d, path)
        self.pack(run, ind)

    def field(
        self,
        sub: Construct,
        var: str,
        run: list[tuple[str, str]],
        may_be_none: bool,
        ind: int,
        d: int,
        path: str,
    ) -> None:
        """Code for one value; fixed-width parts go to `run`, to be packed with their neighbours."""
        fmt = _fixed_format(sub)
        if fmt == _UUID:
            self.pack(run, ind)
            self.fn.add(ind, f"w({var}.bytes)")
        elif fmt is not None:
            run.append((fmt, var))
        elif isinstance(sub, KStruct):
            self.pack(run, ind)
            self.struct(sub, var, ind, d + 1, path)
        elif isinstance(sub, NullableStruct):
            self.pack(run, ind)
            self.fn.add(ind, f"if {var} is None:")
            self.fn.add(ind + 1, "w(b'\\xff')")
            self.fn.add(ind, "else:")
            self.fn.add(ind + 1, "w(b'\\x01')")
            self.struct(sub.inner, var, ind + 1, d + 1, path)
        elif isinstance(sub, (p.KString, p.KBytes, p.KArray)):
            self.sized(sub, var, run, may_be_none, ind, d, path)
        else:
            raise TypeError(f"cannot compile {sub!r} at {path}")

    def sized(
        self,
        sub: p.KString | p.KBytes | p.KArray,
        var: str,
        run: list[tuple[str, str]],
        may_be_none: bool,
        ind: int,
        d: int,
        path: str,
    ) -> None:
        """A string, bytes or array: its length (or null), then its contents."""
        if not sub.nullable and may_be_none:
            self.fn.add(ind, f"if {var} is None:")
            self.fn.add(ind + 1, f"raise _null_build({_kind(sub)!r}, {path!r})")
        data = var
        if isinstance(sub, p.KString):
            data = f"{var}_bytes"
            none = f"None if {var} is None else " if sub.nullable else ""
            self.fn.add(ind, f"{data} = {none}{var}.encode()")
        size = f"len({data})"
        if sub.compact:
            self.pack(run, ind)
            if sub.nullable:
                self.fn.add(ind, f"if {data} is None:")
                self.fn.add(ind + 1, "w(b'\\x00')")
                self.fn.add(ind, "else:")
                ind += 1
            self.fn.add(ind, f"n{d} = {size} + 1")
            self.fn.add(ind, f"w(_UV[n{d}] if n{d} < 128 else _uv(n{d}))")
        else:
            run.append(
                (
                    "h" if isinstance(sub, p.KString) else "i",
                    f"-1 if {data} is None else {size}" if sub.nullable else size,
                )
            )
            self.pack(run, ind)
            if sub.nullable:
                self.fn.add(ind, f"if {data} is not None:")
                ind += 1
        if isinstance(sub, p.KArray):
            self.array_items(sub.item, data, ind, d, path)
        else:
            self.fn.add(ind, f"w({data})")

    def array_items(self, item: Construct, var: str, ind: int, d: int, path: str) -> None:
        fmt = _fixed_format(item)
        if fmt is not None and fmt != _UUID:
            small = self.m.array_structs(fmt, "pack")
            self.fn.add(
                ind,
                f"w({small}[len({var})](*{var}) if len({var}) < {_SMALL_ARRAY} "
                f"else _struct_pack('>%d{fmt}' % len({var}), *{var}))",
            )
            return
        self.fn.add(ind, f"for x{d} in {var}:")
        self.value(item, f"x{d}", ind + 1, d + 1, path + "[]")


# --- Compiling ----------------------------------------------------------------------------------


_compiled = itertools.count(1)


def generate(ks: KStruct, message: str, version: int, prefix: str = "") -> _Module:
    """The generated functions of one message version: `{prefix}decode`, `{prefix}encode`."""
    name = f"{message} v{version}"
    module = _Module(name, prefix)
    dec = _Function(
        module,
        f"{prefix}decode(buf, pos)",
        f"{name}: the message at buf[pos:] -> (Container, end position)",
    )
    dec.add(1, "end = len(buf)")
    _Decoder(module, dec).struct(ks, "obj", 1, 0, message)
    dec.add(1, "return obj, pos")
    enc = _Function(module, f"{prefix}encode(obj, w)", f"{name}: passes the bytes of obj, in pieces, to w")
    _Encoder(module, enc).struct(ks, "obj", 1, 0, message)
    return module


def fingerprint(message: Any) -> str:
    """What identifies a declaration (a `Message`): the key of its codecs in the generated module,
    so that a declaration changed since (or another one of the same name, as client/lenient.py
    makes) never gets codecs generated from something else."""
    text = f"{message.name}|{message.api_key}|{message.valid}|{message.flexible}|{message.fields!r}"
    return hashlib.sha1(text.encode()).hexdigest()[:20]


def load_codec(message: Any, version: int) -> Codec:
    """The codec of a message version: from protocol/_codecs_hot.py or _codecs_cold.py (written
    by `python -m protocol.codegen`; the first compiled where the build could) when they hold
    this declaration, else generated and `exec`ed now."""
    table = _generated().get(message.fingerprint())
    pair = None if table is None else table.get(version)
    if pair is not None:
        return Codec(f"{message.name} v{version}", "", pair[0], pair[1])
    return compile_struct(message.at(version), message.name, version)


@functools.cache
def _generated() -> dict[str, dict[int, tuple[Decode, Encode]]]:
    from protocol._codecs_cold import CODECS as COLD
    from protocol._codecs_hot import CODECS as HOT

    return {**COLD, **HOT}


def compile_struct(ks: KStruct, message: str, version: int) -> Codec:
    """Generates, compiles and loads the codec of one message version."""
    name = f"{message} v{version}"
    module = generate(ks, message, version)
    text = module.source()
    # Unique: client/lenient.py declares a second message of the same name.
    filename = f"<codec {name} #{next(_compiled)}>"
    namespace = dict(module.ns)
    exec(compile(text, filename, "exec"), namespace)
    # Tracebacks through generated code show its lines.
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    return Codec(name, text, namespace["decode"], namespace["encode"])

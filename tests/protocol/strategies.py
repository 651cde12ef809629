"""Hypothesis strategies derived from the message declarations themselves."""

from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace

from construct import Container
from hypothesis import strategies as st

from protocol.schema import (
    BOOL,
    BYTES,
    FLOAT64,
    INT8,
    INT16,
    INT32,
    INT64,
    RECORDS,
    STRING,
    UINT16,
    UINT32,
    UNKNOWN_TAGS,
    UUID,
    Array,
    F,
    Message,
    Struct,
)

_PRIMITIVES = {
    INT8: st.integers(-(2**7), 2**7 - 1),
    INT16: st.integers(-(2**15), 2**15 - 1),
    INT32: st.integers(-(2**31), 2**31 - 1),
    INT64: st.integers(-(2**63), 2**63 - 1),
    UINT16: st.integers(0, 2**16 - 1),
    UINT32: st.integers(0, 2**32 - 1),
    FLOAT64: st.floats(allow_nan=False),
    BOOL: st.booleans(),
    STRING: st.text(max_size=12),
    BYTES: st.binary(max_size=16),
    RECORDS: st.binary(max_size=16),
    UUID: st.uuids(),
}

# Sizes past 127, whose compact lengths take a two-byte varint.
_WIDE = {
    STRING: st.text(max_size=12) | st.text(min_size=127, max_size=140),
    BYTES: st.binary(max_size=16) | st.binary(min_size=127, max_size=140),
    RECORDS: st.binary(max_size=16) | st.binary(min_size=127, max_size=140),
}


@dataclass(frozen=True)
class Options:
    """Ways to stretch the generated values beyond plain valid messages."""

    unknown_tags: bool = False  # structs of flexible versions carry `_unknown_tags`
    wide: bool = False  # long strings, bytes and integer arrays
    sloppy: bool = False  # missing fields, None anywhere, attribute objects, stray fields


PLAIN = Options()


def _primitive(t: str, opts: Options) -> st.SearchStrategy:
    return _WIDE[t] if opts.wide and t in _WIDE else _PRIMITIVES[t]


def _field(f: F, version: int, opts: Options, flexible: bool) -> st.SearchStrategy:
    t = f.type
    if isinstance(t, Array):
        element = t.element
        if isinstance(element, Struct):
            items = struct_of(element.fields, version, opts, flexible)
            s = st.lists(st.none() | items if opts.sloppy else items, max_size=3)
        else:
            items = _primitive(element, opts)
            if opts.sloppy:
                items = st.none() | items
            s = st.lists(items, max_size=3)
            if opts.wide and element != UUID:
                s = s | st.lists(items, min_size=127, max_size=130)
    elif isinstance(t, Struct):
        s = struct_of(t.fields, version, opts, flexible)
    else:
        s = _primitive(t, opts)
    if f.nullable_in(version) or t == RECORDS or opts.sloppy:
        s = st.none() | s
    return s


def _unknown_tags(fields: tuple, version: int) -> st.SearchStrategy:
    known = {f.tag for f in fields if f.tag is not None and version in f.versions()}
    tags = st.integers(0, 300).filter(lambda t: t not in known)  # past 127: two-byte tags
    return st.dictionaries(tags, st.binary(max_size=6), min_size=1, max_size=3)


def struct_of(
    fields: tuple, version: int, opts: Options = PLAIN, flexible: bool = False
) -> st.SearchStrategy:
    present = {f.name: _field(f, version, opts, flexible) for f in fields if version in f.versions()}
    if not opts.sloppy:
        s = st.fixed_dictionaries(present)
    else:
        # Any field may be missing; fields of other versions may be there (and are ignored).
        absent = {f.name: st.integers(0, 5) for f in fields if version not in f.versions()}
        s = st.fixed_dictionaries({}, optional={**present, **absent})
    if opts.unknown_tags and flexible:
        s = st.tuples(s, st.none() | _unknown_tags(fields, version)).map(_with_tags)
    if opts.sloppy:
        s = st.tuples(s, st.sampled_from([dict, Container, SimpleNamespace])).map(lambda a: a[1](**a[0]))
    return s


def _with_tags(pair: tuple[dict, dict | None]) -> dict:
    value, tags = pair
    return value if tags is None else {**value, UNKNOWN_TAGS: tags}


def message(msg: Message, version: int, opts: Options = PLAIN) -> st.SearchStrategy:
    return struct_of(msg.fields, version, opts, msg.is_flexible(version))

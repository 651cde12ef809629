"""Hypothesis strategies derived from the message declarations themselves."""

from __future__ import annotations

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


def _field(f: F, version: int) -> st.SearchStrategy:
    t = f.type
    if isinstance(t, Array):
        element = t.element
        items = struct_of(element.fields, version) if isinstance(element, Struct) else _PRIMITIVES[element]
        s = st.lists(items, max_size=3)
    elif isinstance(t, Struct):
        s = struct_of(t.fields, version)
    else:
        s = _PRIMITIVES[t]
    if f.nullable_in(version) or t == RECORDS:
        s = st.none() | s
    return s


def struct_of(fields: tuple, version: int) -> st.SearchStrategy:
    return st.fixed_dictionaries({f.name: _field(f, version) for f in fields if version in f.versions()})


def message(msg: Message, version: int) -> st.SearchStrategy:
    return struct_of(msg.fields, version)

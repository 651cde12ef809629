"""The client's optional C accelerator (client/_crecords.c): record decoding and murmur2.

`pip install` builds it when a C compiler and the Python headers are there (setup.py,
`optional=True`); without it, or with KBROKER_PURE_PYTHON=1 in the environment, the client uses
its pure-Python code, which behaves the same (tests/client/test_records_decoders.py).
"""

from __future__ import annotations

import os
from types import ModuleType

ENV_PURE = "KBROKER_PURE_PYTHON"


def load() -> ModuleType | None:
    """The compiled module, or None (not built, or pure Python asked for)."""
    if os.environ.get(ENV_PURE, "") not in ("", "0"):
        return None
    try:
        from client import _crecords  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _crecords
    return module


accelerator = load()

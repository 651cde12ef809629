"""Which modules run compiled (mypyc, built by setup.py), and the pure-Python fallback.

`make install` compiles the modules of `COMPILED` with mypyc where it can (a C compiler and
the Python headers): each `.py` gets a `.so` beside it, which Python imports first. Nothing
else changes: the compiled module is the same source, checked by the same tests.

The finder `install()` puts first on `sys.meta_path` (imported by protocol/__init__.py, before
any of these modules) imports the `.py` instead of the `.so`:

- always, with `KBROKER_PURE_PYTHON=1` (CI runs the tests that way as well);
- when one of them has a `.py` newer than its `.so` (edited since the build: the compiled copy
  would run stale code until the next `make install`), with a warning;
- when the build left no shared runtime (`*__mypyc*.so`) beside the package.

All of them or none (see `_PureFinder`).

No standard-library module but `os`, `sys` and importlib here: setup.py reads `COMPILED` from
this file before anything is installed.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

# The hot modules compiled by setup.py, in the order given to mypyc. Not protocol.primitives:
# its classes extend construct's, which a compiled class cannot (their instances lose their
# attribute dict); its hot functions (varints) are small.
COMPILED: tuple[str, ...] = (
    "protocol._codecs_hot",
    "protocol.frames",
    "protocol.records",
    # the commit path of broker/ (docs/performance.md, "The compiled build")
    "broker.group.records",
    "broker.group.offsets.store",
    "broker.group.offsets.retention",
    "broker.group.offsets.manager",
    "broker.group.shard",
    "broker.group.runtime",
    "broker.apis.offset_commit",
    "broker.group.events",
    "broker.group.service",
    "broker.apis.heartbeat",
    # the heartbeat's session push (and a commit's group checks)
    "broker.group.config",
    "broker.group.timers",
    "broker.group.classic.manager",
    # the Produce path (docs/performance.md, "A raw Produce path")
    "broker.log.validation",
    "broker.apis.produce",
    "broker.apis.produce_raw",
    "broker.log.appender",
)
# How setup.py groups them: one mypyc extension (and gcc -O level) per group. The generated
# codecs are ~20,000 lines of untyped code: -O1 builds them in a fraction of -O3's time.
GROUPS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("protocol._codecs_hot",), "1"),
    (("protocol.frames", "protocol.records"), "3"),
    (COMPILED[3:-4], "2"),
    (COMPILED[-4:], "2"),  # apart: built without rebuilding the group before it
)
PURE_ENV = "KBROKER_PURE_PYTHON"
_ROOT = Path(__file__).resolve().parent.parent


def pure_forced() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _source(name: str) -> Path:
    return _ROOT.joinpath(*name.split(".")).with_suffix(".py")


def compiled_path(name: str) -> Path | None:
    """The built extension of a module of COMPILED, if there is one beside its source."""
    src = _source(name)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = src.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def shared_runtimes() -> list[Path]:
    """The shared libraries of the mypyc groups (beside the packages, or beside the module for a
    group of one module)."""
    folders = sorted({_source(name).parent for name in COMPILED})
    return [p for folder in [_ROOT, *folders] for p in folder.glob("*__mypyc*")]


def _has_runtime() -> bool:
    return bool(shared_runtimes())


class _PureFinder:
    """Finds the `.py` of the modules of COMPILED when their `.so` must not be used (see above).

    All or none: mypyc compiles them as one group whose modules call one another (and use one
    another's classes) inside the compiled code, so one module's source next to the others'
    compiled copies would not be the code that runs, or would not fit it."""

    def __init__(self, force: bool):
        self.force = force or not _has_runtime()
        if not self.force:
            edited = [n for n in COMPILED if stale(n)]
            if edited:
                warnings.warn(
                    f"{', '.join(edited)} edited since the build: running the sources of "
                    f"{', '.join(COMPILED)} (make install compiles them again)",
                    stacklevel=3,
                )
                self.force = True

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not self.force or name not in COMPILED:
            return None
        src = _source(name)
        if compiled_path(name) is None or not src.exists():
            return None  # nothing compiled: the normal import finds the source
        return importlib.util.spec_from_file_location(name, src)


def stale(name: str) -> bool:
    """Is the source newer than its compiled copy? That copy is the module's `.so` (a shim) and
    its group's shared runtime (the code): an incremental build rewrites the runtime only."""
    built = compiled_path(name)
    if built is None:
        return False
    times = [built.stat().st_mtime, *(r.stat().st_mtime for r in shared_runtimes())]
    return _source(name).stat().st_mtime > max(times)


def install() -> None:
    """Put the finder first, once (a no-op for a checkout that was never compiled)."""
    if any(isinstance(f, _PureFinder) for f in sys.meta_path):
        return
    if not any(compiled_path(name) for name in COMPILED):
        return
    sys.meta_path.insert(0, _PureFinder(pure_forced()))


def running_compiled() -> dict[str, bool]:
    """Each module of COMPILED: imported from its extension? (for benchmarks and tests)."""
    out = {}
    for name in COMPILED:
        module = sys.modules.get(name)
        if module is None:
            module = importlib.import_module(name)
        out[name] = not str(getattr(module, "__file__", "")).endswith(".py")
    return out

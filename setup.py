"""The compiled parts of the package, each optional: where they cannot be built, the same
modules run as pure Python.

- client/_crecords.c: the C accelerator of the client's record decoder (client/records.py falls
  back to its Python decoder).
- jobs/_cscan.c: the per-record loop of the Spark data source's columnar decoder
  (jobs/columnar.py falls back to its Python loop).
- The hot modules of protocol/native.py's `COMPILED`, compiled with mypyc (in its `GROUPS`): the
  generated codecs of the hot APIs, framing, records, and the commit and heartbeat path of
  broker/ (group shard, runtime, offsets, handlers). All or none: if one fails to build, none is kept. `KBROKER_PURE_PYTHON=1`
  builds none (and removes those of an earlier build), as when mypyc is missing or no C compiler
  is there. The build time is printed.

Everything else is in pyproject.toml.
"""

from __future__ import annotations

import runpy
import sys
import time
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
NATIVE = runpy.run_path(str(ROOT / "protocol" / "native.py"))
COMPILED: tuple[str, ...] = NATIVE["COMPILED"]


def _say(text: str) -> None:
    print(f"kbroker build: {text}", file=sys.stderr, flush=True)


def _remove_built() -> None:
    """The compiled copies of an earlier build (they would be imported instead of the sources)."""
    for name in COMPILED:
        path = NATIVE["compiled_path"](name)
        while path is not None:
            path.unlink()
            path = NATIVE["compiled_path"](name)
    for shared in NATIVE["shared_runtimes"]():
        shared.unlink()


def _current() -> bool:
    """Every module compiled after its source last changed (a second `pip install` of make
    install's, for another extra, need not compile them again)."""
    if not NATIVE["shared_runtimes"]():
        return False
    return all(NATIVE["compiled_path"](name) and not NATIVE["stale"](name) for name in COMPILED)


def _mypyc_extensions() -> list[Extension]:
    if NATIVE["pure_forced"]():
        _remove_built()
        _say(f"{NATIVE['PURE_ENV']}=1: pure Python, nothing compiled with mypyc")
        return []
    if _current():
        _say("the mypyc modules are compiled and current: kept")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        _say(f"mypyc is not available ({e}): pure Python")
        return []
    started = time.perf_counter()
    # pip builds in an environment of its own, without the package's dependencies (construct...):
    # what they are is not known there, and need not be (Any, as for any untyped library). The
    # type check proper is `make lint`'s; the generated codecs are untyped by design.
    config = ROOT / "build" / "mypyc.ini"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        "[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n"
        "[mypy-protocol._codecs_hot]\nignore_errors = True\n"
    )
    extensions: list[Extension] = []
    for names, opt_level in NATIVE["GROUPS"]:
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in names]
        try:
            extensions += mypycify(["--config-file", str(config), *paths], opt_level=opt_level, verbose=False)
        except BaseException as e:  # a type error mypyc refuses, anything: the sources still run
            _say(f"mypyc could not translate {', '.join(names)} ({e!r}): pure Python")
            return []
    _say(f"mypyc translated {len(COMPILED)} modules to C in {time.perf_counter() - started:.1f} s")
    # A group's shared runtime is named after its modules: one of a former list of them would stay.
    runtimes = {ext.name.rsplit(".", 1)[-1] for ext in extensions}
    for shared in NATIVE["shared_runtimes"]():
        if shared.name.split(".", 1)[0] not in runtimes:
            shared.unlink()
    for ext in extensions:
        ext._kbroker_mypyc = True  # type: ignore[attr-defined]
    return extensions


class BuildExt(build_ext):
    """The mypyc extensions all or none; the build time printed."""

    def build_extensions(self) -> None:
        mypyc = [e for e in self.extensions if getattr(e, "_kbroker_mypyc", False)]
        others = [e for e in self.extensions if e not in mypyc]
        self.extensions = others
        super().build_extensions()
        if not mypyc:
            return
        started = time.perf_counter()
        try:
            for ext in mypyc:
                self.build_extension(ext)
        except Exception as e:  # no compiler, no headers, a compiler error: pure Python
            for ext in mypyc:
                built = Path(self.get_ext_fullpath(ext.name))
                if built.exists():
                    built.unlink()
            _remove_built()
            _say(f"compiling the mypyc modules failed ({e!r}): pure Python")
            return
        self.extensions = others + mypyc
        _say(f"compiled {len(mypyc)} mypyc extensions in {time.perf_counter() - started:.1f} s")


setup(
    ext_modules=[
        Extension("client._crecords", ["client/_crecords.c"], optional=True, extra_compile_args=["-O2"]),
        Extension("jobs._cscan", ["jobs/_cscan.c"], optional=True, extra_compile_args=["-O2"]),
        *_mypyc_extensions(),
    ],
    cmdclass={"build_ext": BuildExt},
)

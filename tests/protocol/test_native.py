"""The compiled build and its pure-Python fallback (protocol/native.py): KBROKER_PURE_PYTHON=1
runs the sources, a source edited since the build runs instead of its stale compiled copy."""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
import tomllib

import pytest

from protocol import native

ROOT = native._ROOT
SHOW = "from protocol import native; print(sorted(native.running_compiled().items()))"


def _running(pure: bool) -> list[tuple[str, bool]]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    out = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return eval(out.stdout)  # a list of (name, bool) printed by SHOW


def test_pure_python_forced_runs_every_source() -> None:
    assert _running(pure=True) == [(name, False) for name in sorted(native.COMPILED)]


@pytest.mark.skipif(
    not all(native.compiled_path(n) for n in native.COMPILED), reason="not compiled (no C compiler?)"
)
def test_the_compiled_build_runs_compiled() -> None:
    edited = [n for n in native.COMPILED if native.stale(n)]
    if edited:
        pytest.skip(f"edited since the build: {edited}")
    assert _running(pure=False) == [(name, True) for name in sorted(native.COMPILED)]


@pytest.fixture
def fake_build(tmp_path, monkeypatch):
    """A package `fakepkg.mod` with a source and a 'compiled' copy (not importable: only found)."""
    (tmp_path / "fakepkg").mkdir()
    src = tmp_path / "fakepkg" / "mod.py"
    src.write_text("X = 1\n")
    so = src.with_suffix(importlib.machinery.EXTENSION_SUFFIXES[0])
    so.write_bytes(b"")
    shared = tmp_path / "abc__mypyc.so"
    shared.write_bytes(b"")
    monkeypatch.setattr(native, "_ROOT", tmp_path)
    monkeypatch.setattr(native, "COMPILED", ("fakepkg.mod",))
    os.utime(src, (1_000_000, 1_000_000))
    os.utime(so, (2_000_000, 2_000_000))
    os.utime(shared, (2_000_000, 2_000_000))
    return src, so


def test_finder_keeps_a_current_build_and_skips_a_stale_or_forced_one(fake_build) -> None:
    src, _ = fake_build
    assert native._PureFinder(force=False).find_spec("fakepkg.mod") is None  # the .so is current
    assert native._PureFinder(force=True).find_spec("other.mod") is None  # not one of COMPILED
    forced = native._PureFinder(force=True).find_spec("fakepkg.mod")
    assert forced is not None and forced.origin == str(src)
    os.utime(src, (3_000_000, 3_000_000))  # edited since the build
    with pytest.warns(UserWarning, match="edited since the build"):
        finder = native._PureFinder(force=False)
    stale = finder.find_spec("fakepkg.mod")
    assert stale is not None and stale.origin == str(src)
    os.utime(src, (1_000_000, 1_000_000))
    for shared in src.parent.parent.glob("*__mypyc*"):
        shared.unlink()  # a build that left no runtime: the sources
    lost = native._PureFinder(force=False).find_spec("fakepkg.mod")
    assert lost is not None and lost.origin == str(src)


def test_coverage_leaves_out_exactly_the_compiled_modules() -> None:
    # A compiled module is not traced: left in, it counts as uncovered and the suite's floor fails
    # on the build instead of the tests (it did, at 81.56%, when three modules joined COMPILED).
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    omitted = set(config["tool"]["coverage"]["run"]["omit"]) - {"protocol/_codecs_cold.py"}
    assert omitted == {name.replace(".", "/") + ".py" for name in native.COMPILED}

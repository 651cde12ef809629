"""docs/testing-your-app.md's examples run as written: every Python block that starts with a
`# test_*.py` line is written to that file in a directory outside the repository, and pytest runs
them there (strict asyncio mode: no pytest configuration), with kbroker's plugin. A block marked
`(needs fault injection)` runs once broker/faults.py is there (merged from its branch)."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import ROOT

pytestmark = pytest.mark.interop

PAGE = ROOT / "docs" / "testing-your-app.md"
_BLOCK = re.compile(r"^```python\n(# (test_\w+\.py)([^\n]*)\n.*?)^```", re.MULTILINE | re.DOTALL)


def examples() -> dict[str, str]:
    faults = importlib.util.find_spec("broker.faults") is not None
    return {
        name: code
        for code, name, note in _BLOCK.findall(PAGE.read_text(encoding="utf-8"))
        if faults or "needs fault injection" not in note
    }


def test_the_page_has_its_examples() -> None:
    assert len(examples()) >= 6


def test_the_examples_pass(tmp_path: Path) -> None:
    for name, code in examples().items():
        (tmp_path / name).write_text(code)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTEST_ADDOPTS", None)
    # The plugin by its entry point once the installed metadata has it, else named here (not both:
    # pytest refuses a module registered twice).
    installed = any(ep.name == "kbroker" for ep in importlib.metadata.entry_points(group="pytest11"))
    plugin = [] if installed else ["-p", "kbroker.pytest_plugin"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin, "."],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert f"{len(examples())} passed" in run.stdout

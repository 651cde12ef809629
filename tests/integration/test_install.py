"""A lean install: `pip install kbroker` is the protocol, the broker and the client; cluster mode
(kazoo) and the Spark jobs (pyspark, pandas, matplotlib) are the extras `kbroker[cluster]` and
`kbroker[jobs]`. The broker's Docker image installs `kbroker[cluster]` and nothing of Spark."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from protocol.apis import ApiKey
from tests.helpers import ROOT, BrokerProcess, RawConnection

pytestmark = pytest.mark.slow

# What the Dockerfile copies before `pip install`: the same tree is installed here.
SOURCES = ["pyproject.toml", "README.md", "protocol", "broker", "client"]


def _pip_install_plain(tmp_path: Path) -> Path:
    """`pip install .` (no extras) into a fresh venv; returns its python.

    The venv is made without pip (seconds saved) and the suite's pip installs into it (--python):
    the same resolution of the core dependencies as a user's `pip install .`.
    """
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:  # a copy: building writes build/ and *.egg-info next to the sources
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, src / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            str(src),
        ],
        check=True,
        timeout=300,
    )
    return python


def _importable(python: Path, module: str, cwd: Path) -> bool:
    return (
        subprocess.run([str(python), "-c", f"import {module}"], cwd=cwd, capture_output=True).returncode == 0
    )


def test_plain_install_serves_without_spark_or_kazoo(tmp_path, monkeypatch):
    monkeypatch.delenv("PYTHONPATH", raising=False)  # only the venv's own packages
    python = _pip_install_plain(tmp_path)
    away = tmp_path / "run"  # not the repository: `python -m` must find the installed packages
    away.mkdir()
    for extra in ("pyspark", "pandas", "matplotlib", "kazoo"):
        assert not _importable(python, extra, away), f"{extra} came with a plain install"
    assert _importable(python, "client", away)

    bp = BrokerProcess(tmp_path / "data", python=python, cwd=away).start()
    try:

        async def api_versions() -> int:
            c = await RawConnection.open(bp.port)
            try:
                r = await c.request(
                    ApiKey.API_VERSIONS, 3, {"client_software_name": "lean", "client_software_version": "1"}
                )
                return r.error_code
            finally:
                await c.close()

        assert asyncio.run(api_versions()) == 0
    finally:
        assert bp.stop() == 0

    # Cluster mode without its extra: a clear error naming it, exit 2, as for a bad config value.
    done = subprocess.run(
        [
            str(python),
            "-m",
            "broker",
            "--override",
            "zookeeper.connect=127.0.0.1:1",
            "--override",
            f"log.dirs={tmp_path / 'zk-data'}",
            "--override",
            "listeners=PLAINTEXT://127.0.0.1:0",
        ],
        cwd=away,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "kbroker[cluster]" in done.stderr and "zookeeper.connect" in done.stderr


def _docker_engine() -> str | None:
    """Why the image cannot be built here, or None if it can."""
    if shutil.which("docker") is None:
        return "no docker command"
    info = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=60)
    if info.returncode != 0:
        return f"no Docker engine: {(info.stderr or info.stdout).strip().splitlines()[-1:]}"
    return None


def _base_image() -> str:
    return next(
        line.split()[1] for line in (ROOT / "Dockerfile").read_text().splitlines() if line.startswith("FROM ")
    )


def _base_image_missing(base: str) -> str | None:
    """Why the Dockerfile's base image cannot be had (no registry reachable), or None."""
    if subprocess.run(["docker", "image", "inspect", base], capture_output=True).returncode == 0:
        return None
    pulled = subprocess.run(["docker", "pull", base], capture_output=True, text=True, timeout=600)
    if pulled.returncode == 0:
        return None
    return f"the base image {base} is not here and cannot be pulled: {pulled.stderr.strip()[-300:]}"


def test_broker_image_is_lean(capsys):
    why = _docker_engine() or _base_image_missing(_base_image())
    if why is not None:
        pytest.skip(f"cannot build the broker image: {why}")
    tag = "kbroker-image-size-test:latest"
    built = subprocess.run(
        ["docker", "build", "-t", tag, str(ROOT)], capture_output=True, text=True, timeout=1800
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    try:
        size = int(
            subprocess.run(
                ["docker", "image", "inspect", "--format", "{{.Size}}", tag],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
        )
        with capsys.disabled():  # printed in every run, not only with -s
            print(f"\nbroker image {tag}: {size / 2**20:.0f} MiB ({size} bytes)")
        run = ["docker", "run", "--rm", tag, "python", "-c"]
        assert subprocess.run([*run, "import kazoo, broker, client"], capture_output=True).returncode == 0
        assert subprocess.run([*run, "import pyspark"], capture_output=True).returncode != 0, (
            "Spark in the image"
        )
    finally:
        subprocess.run(["docker", "image", "rm", "-f", tag], capture_output=True)

"""The jobs as a person runs them: `make jobs` (spark-submit, local master) and `python -m jobs`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.jobs.golden import FIXTURE_DIR

ROOT = Path(__file__).resolve().parent.parent.parent


def test_missing_log_dir_is_a_clear_error(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "jobs", "--data", str(tmp_path / "nope"), "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "no such log dir" in r.stderr


@pytest.mark.slow
def test_make_jobs_writes_parquet_and_the_report(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FIXTURE_DIR, data, ignore=shutil.ignore_patterns("*.py"))
    reports = tmp_path / "reports"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYSPARK", "SPARK"))}
    r = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "jobs",
            f"DATA={data}",
            f"REPORTS={reports}",
            "SPARK_MASTER=local[1]",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    page = (reports / "index.html").read_text()
    for section in ("Latest committed offsets", "Consumer lag", "Commit rate", "Rebalance history", "g3"):
        assert section in page
    for name in (
        "latest_offsets",
        "consumer_lag",
        "consumer_lag_by_group",
        "commit_rate",
        "commit_rate_by_group",
        "rebalance_history",
        "rebalance_history_by_group",
    ):
        assert list((reports / name).glob("*.parquet")), name
    assert len(list((reports / "img").glob("*.png"))) == 5

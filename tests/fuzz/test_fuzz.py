"""The fuzz targets (tests/fuzz/targets.py), each for a few seconds under atheris in a subprocess:
no crash, no hang (-timeout), no memory growth (-rss_limit_mb, and the resident size at the end
against the one once the seeds ran). `make fuzz` runs them longer, keeping the corpus."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.fuzz.targets import ROOT, TARGETS

pytest.importorskip("atheris")

SECONDS = 4
GROWTH_MB = 64  # more than this past the seeded start, over a few seconds, is a leak


def _fuzz(target: str, tmp_path, seconds: int = SECONDS) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    flags = [f"-max_total_time={seconds}", "-timeout=10", "-rss_limit_mb=1024", "-print_final_stats=1"]
    return subprocess.run(
        [sys.executable, "-m", "tests.fuzz", target, str(tmp_path / "corpus"), *flags],
        cwd=tmp_path,  # where a crash input is written
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=180,
    )


def test_the_harness_reports_a_planted_crash(tmp_path):
    proc = _fuzz("selfcheck", tmp_path, seconds=30)
    assert proc.returncode != 0
    crashes = list(tmp_path.glob("crash-*"))
    assert crashes and crashes[0].read_bytes()[:5] == b"kbrok"
    assert "planted crash" in proc.stdout + proc.stderr


@pytest.mark.parametrize("target", sorted(TARGETS))
def test_fuzz_target_runs_clean(target, tmp_path):
    proc = _fuzz(target, tmp_path)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    assert not list(tmp_path.glob("crash-*")) and not list(tmp_path.glob("timeout-*")), out[-4000:]
    executed = int(re.search(r"stat::number_of_executed_units:\s+(\d+)", out)[1])
    assert executed > 10, out[-2000:]
    rss = [int(m) for m in re.findall(r"(?:INITED|DONE|pulse|NEW|REDUCE).*?rss: (\d+)Mb", out)]
    assert rss and rss[-1] - rss[0] < GROWTH_MB, f"resident size grew from {rss[0]} to {rss[-1]} MB"

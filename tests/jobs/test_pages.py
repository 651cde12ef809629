"""Must show 5: headless Chromium (Debian's `chromium`) renders the monitor page and the report
page. The rendered DOM has each group's row, the screenshot has a chart drawn in it (pixels of
the chart's line color), and the screenshots are written under the test's tmp dir
(`monitor.png`, `report.png`) for a person to look at."""

from __future__ import annotations

import shutil
import subprocess
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from jobs import synthetic as syn
from jobs.lag import LagEvaluator
from jobs.monitor import MonitorState, render_page

pytestmark = pytest.mark.slow

LINE_RGB = (0x2B, 0x6C, 0xB0)  # the sparkline's stroke, and the report's first plot color
T0 = 1_700_000_000_000


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail(
            "no chromium: run `make install` (tools/install_system_deps.sh installs Debian's chromium)"
        )
    return path


def render(page: Path, png: Path, tmp: Path) -> str:
    """The page's DOM after Chromium rendered it; its screenshot in `png`."""
    base = [
        chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--user-data-dir={tmp / 'chromium-profile'}",
        "--window-size=1400,1800",
    ]
    dom = subprocess.run([*base, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    shot = subprocess.run(
        [*base, f"--screenshot={png}", page.as_uri()], capture_output=True, text=True, timeout=120
    )
    assert shot.returncode == 0 and png.stat().st_size > 0, shot.stderr[-2000:]
    return dom.stdout


def line_pixels(png: Path) -> int:
    import matplotlib.image as mpimg

    img = (mpimg.imread(png)[..., :3] * 255).round().astype(int)
    close = np.abs(img - np.array(LINE_RGB)).sum(axis=2) <= 30
    return int(close.sum())


def test_monitor_page_in_chromium(tmp_path: Path) -> None:
    ev = LagEvaluator(window=3)
    state = MonitorState(ev)
    groups = ["billing", "search", "fraud-detector"]
    for i in range(20):
        now = T0 + i * 1000
        ev.log_end("t", 0, 100 + 10 * i)
        for n, g in enumerate(groups):
            ev.commit(g, "t", 0, 100 + (10 - 3 * n) * i, now)
        state.changes.extend(c.as_dict() for c in ev.evaluate(now))
        for g in groups:
            state.history.setdefault(g, deque()).append((now, ev.group_lag(ev.groups[g]) or 0))
    state.batch_id = 20
    page = tmp_path / "monitor.html"
    page.write_text(render_page(state, T0 + 20_000, 5))
    dom = render(page, tmp_path / "monitor.png", tmp_path)
    for g in groups:
        assert f'<tr class="group" data-group="{g}">' in dom
    assert dom.count("<polyline") == len(groups)
    assert "WARNING" in dom  # the groups that fall behind
    assert line_pixels(tmp_path / "monitor.png") > 200  # the sparklines are drawn


def test_report_page_in_chromium(spark, tmp_path: Path) -> None:
    from jobs import consumer_lag, latest_offsets
    from jobs.runner import Context, run_jobs

    data = tmp_path / "data"
    syn.write_commit_workload(data, records=3000, log_partitions=2, groups=6, topics=2, partitions=2)
    for t in range(2):
        for p in range(2):
            syn.write_data_topic(data, f"topic-{t}", p, 20_000 + 1000 * p)  # past every commit: lag >= 0
    ctx = Context(spark, str(data), tmp_path / "reports", top=20, cache=False)
    page = run_jobs(ctx, [latest_offsets, consumer_lag], "index.html")
    dom = render(page, tmp_path / "report.png", tmp_path)
    for g in range(6):
        assert f"group-{g:04d}" in dom
    assert "<img" in dom and "lag_by_group.png" in dom
    lags = [r["lag"] for r in spark.read.parquet(str(tmp_path / "reports" / "consumer_lag")).collect()]
    assert lags and min(lags) >= 0 and max(lags) > 0  # a picture of real lag
    assert line_pixels(tmp_path / "report.png") > 500  # the bar chart is drawn in the first plot color

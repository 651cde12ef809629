from __future__ import annotations

import shutil

import pytest

from tests.helpers import BrokerProcess, start_broker


@pytest.fixture
async def broker(tmp_path):
    """A broker in this test's event loop, on an ephemeral port."""
    b = await start_broker(tmp_path / "data")
    try:
        yield b
    finally:
        await b.stop()


@pytest.fixture
def broker_process(tmp_path):
    """A broker as a real process (for real clients, signals and kill -9)."""
    bp = BrokerProcess(tmp_path / "data").start()
    try:
        yield bp
    finally:
        bp.stop()


def _java_available() -> bool:
    return shutil.which("java") is not None


@pytest.fixture(scope="session")
def spark():
    if not _java_available():
        pytest.fail("Spark needs Java 17: run `make install` (tools/install_system_deps.sh installs it)")
    from jobs import build_session

    session = build_session(
        "kbroker-tests",
        "local[2]",
        progress=False,
        conf={
            "spark.ui.enabled": "false",
            "spark.sql.shuffle.partitions": "4",
            "spark.default.parallelism": "2",
            "spark.driver.memory": "2g",
            "spark.sql.adaptive.enabled": "false",
        },
    )
    session.sparkContext.setLogLevel("ERROR")
    try:
        yield session
    finally:
        session.stop()


# `make test` runs the suite on two pytest-xdist workers (`-n 2 --dist loadgroup`): most tests wait
# on sockets and timers, not on the CPU. A worker runs an xdist_group's tests one after another,
# and the groups below keep apart what must not overlap:
# - "heavy": the tests that hold a Spark session (one JVM on one worker, not one per worker), the
#   spark-submit run of `make jobs`, and the kill -9 / chaos loops, whose deadlines assume they do
#   not share the machine with each other; run back to back, they take about half the suite, so the
#   other worker does the rest meanwhile;
# - a module whose tests share a module-scoped fixture (a secured broker, certificates, a recorded
#   workload) stays on one worker, so the fixture is set up once, as in a serial run.
# Without xdist (a plain `pytest`), the marks change nothing.
_HEAVY_FILES = ("tests/jobs/test_cli.py", "tests/cluster/test_replication_chaos.py")


def _xdist_group(item: pytest.Item) -> str | None:
    path = item.nodeid.split("::", 1)[0]
    if "spark" in item.fixturenames or path in _HEAVY_FILES or "kill_9" in item.name:
        return "heavy"
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    if any(d[-1].scope in ("module", "package") for d in defs if d):
        return path
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        group = _xdist_group(item)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))

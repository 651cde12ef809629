from __future__ import annotations

import shutil

import pytest
import structlog

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
# on sockets and timers, not on the CPU. A worker runs a scope's tests one after another, and the
# scopes below keep apart what must not overlap:
# - "netfaults": the network-fault tests, one after another (below);
# - "heavy": the tests that hold a Spark session (one JVM on one worker, not one per worker), the
#   spark-submit run of `make jobs`, and the kill -9 / chaos loops, whose deadlines assume they do
#   not share the machine with each other; back to back they take about half the suite, so the
#   other worker runs the rest meanwhile;
# - a module whose tests share a module-scoped fixture (a secured broker, certificates) stays on one
#   worker, so the fixture is set up once, as in a serial run.
# The scheduler sees node ids only (the workers collect), hence the lists; a test that uses `spark`
# or a module-scoped fixture outside them gets a warning at collection (it would still pass, only
# slower: a second Spark session, a fixture set up twice). xdist's own xdist_group marks are not
# used: with pytest 9.2 they no longer reach the node ids (pytest-xdist 3.8 renames `_nodeid`).
_SPARK_FILES = frozenset(
    f"tests/{name}.py"
    for name in (
        "cluster/test_coordinator_chaos",
        "jobs/test_cli",  # spark-submit, not the session: as CPU-hungry
        "jobs/test_end_to_end",
        "jobs/test_golden",
        "jobs/test_kip848_jobs",
        "jobs/test_monitor",
        "jobs/test_monitor_restart",
        "jobs/test_network",
        "jobs/test_pages",
        "jobs/test_pushdown",
        "jobs/test_share_groups_job",
        "jobs/test_share_state_source",
        "jobs/test_storms",
        "jobs/test_stream",
        "jobs/test_transactions",
    )
)
_CHAOS_FILES = frozenset(
    {"tests/cluster/test_replication_chaos.py", "tests/cluster/test_secure_cluster_chaos.py"}
)
# ZooKeeper and three brokers in network namespaces, faults held for minutes: one at a time, but
# beside the heavy scope (they wait on held faults more than they use the CPU), so that the two
# long scopes do not run back to back on one worker.
_NETFAULT_FILES = frozenset(
    {
        "tests/netfaults/test_partitions.py",
        "tests/netfaults/test_isolated_leader.py",
        "tests/netfaults/test_latency.py",
    }
)
_SHARED_FIXTURE_FILES = frozenset(
    f"tests/{name}.py"
    for name in (
        "console/test_browser",
        "console/test_live",
        "security/test_acl_matrix",
        "security/test_clients",
        "security/test_failures",
        "security/test_fuzz_handshake",
        "security/test_listener_settings",
        "security/test_kafkajs",
        "unit/security/test_tls_transport",
    )
)


def xdist_scope(nodeid: str) -> str:
    """The unit of work a worker takes whole: "heavy", a module, or the test alone."""
    path, _, name = nodeid.partition("::")
    if path in _NETFAULT_FILES:
        return "netfaults"
    if path in _SPARK_FILES or path in _CHAOS_FILES or "kill_9" in name:
        return "heavy"
    if path in _SHARED_FIXTURE_FILES:
        return path
    return nodeid


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        scope = xdist_scope(item.nodeid)
        info = getattr(item, "_fixtureinfo", None)
        defs = [d[-1] for d in info.name2fixturedefs.values() if d] if info is not None else []
        if "spark" in item.fixturenames and scope != "heavy":
            item.warn(
                pytest.PytestWarning("uses `spark`: add its module to _SPARK_FILES in tests/conftest.py")
            )
        elif any(d.scope in ("module", "package") for d in defs) and scope == item.nodeid:
            item.warn(
                pytest.PytestWarning(
                    "uses a module-scoped fixture: add its module to _SHARED_FIXTURE_FILES in tests/conftest.py"
                )
            )


try:
    from xdist.scheduler import LoadGroupScheduling
except ImportError:  # pytest-xdist is in the test extra; without it the suite runs in one process
    pass
else:

    class _SuiteScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if "@" in nodeid.rpartition("]")[2]:  # an xdist_group mark that did reach the node id
                return super()._split_scope(nodeid)
            return xdist_scope(nodeid)

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
        return _SuiteScheduling(config, log) if config.getvalue("dist") == "loadgroup" else None


def pytest_configure(config: pytest.Config) -> None:
    # structlog's default renderer (in-process brokers of the tests do not configure structlog) draws
    # a logged exception with rich's syntax-highlighted traceback when rich is installed: measured,
    # that was 90% of the CPU of the cleaner's crash-at-every-step test (one logged crash per step).
    # Plain tracebacks, the same text otherwise. In place: loggers bound at import (broker modules'
    # `get_logger`) hold this very list.
    processors = structlog.get_config()["processors"]
    if isinstance(processors[-1], structlog.dev.ConsoleRenderer):
        processors[-1] = structlog.dev.ConsoleRenderer(exception_formatter=structlog.dev.plain_traceback)
    # kbroker's fixtures (kbroker/pytest_plugin.py): an installed kbroker registers them by its
    # pytest11 entry point; a checkout whose installed metadata predates it registers them here.
    import kbroker.pytest_plugin

    if not config.pluginmanager.is_registered(kbroker.pytest_plugin):
        config.pluginmanager.register(kbroker.pytest_plugin, "kbroker")

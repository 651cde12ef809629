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

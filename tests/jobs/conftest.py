"""One local SparkSession for every Spark test of the session: local[2], few shuffle partitions,
no UI, no progress bar."""

from __future__ import annotations

import shutil

import pytest


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

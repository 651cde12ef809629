"""A SparkSession for the jobs: the data sources registered, the right Python on the executors,
and the project's code shipped to them when the master is not local."""

from __future__ import annotations

import os
import sys
import tempfile
import zipfile
from pathlib import Path

from pyspark.sql import SparkSession

from jobs.datasource import register

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_PACKAGES = ("jobs", "protocol", "client")  # client: the alerts writer's producer


def default_master() -> str | None:
    """None under spark-submit (its --master holds); local[*] when run as a plain script."""
    return None if "PYSPARK_GATEWAY_PORT" in os.environ else "local[*]"


def build_session(
    app_name: str = "kbroker-jobs",
    master: str | None = None,
    *,
    progress: bool = True,
    conf: dict[str, str] | None = None,
) -> SparkSession:
    """The session, with `kbroker-offsets` and `kbroker-log-end` registered. Spark's console
    progress bar is on unless `progress` is false."""
    # Executors run the data sources in Python: the same interpreter (and venv) as the driver.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = SparkSession.builder.appName(app_name)
    master = master or default_master()
    if master:
        builder = builder.master(master)
    settings: dict[str, str] = {}
    if master and master.startswith("local"):
        # a local run talks to itself only: the loopback address, whatever the host name resolves to
        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        settings.update({"spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1"})
    settings.update(
        {
            "spark.ui.showConsoleProgress": "true" if progress else "false",
            "spark.sql.session.timeZone": "UTC",
            "spark.pyspark.python": os.environ["PYSPARK_PYTHON"],
            # kbroker-offsets takes equality filters (jobs/datasource.py OffsetsReader.pushFilters)
            "spark.sql.python.filterPushdown.enabled": "true",
        }
    )
    settings.update(conf or {})
    for key, value in settings.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    register(spark)
    if not (spark.sparkContext.master or "local").startswith("local"):
        ship_code(spark)
    return spark


def ship_code(spark: SparkSession) -> Path:
    """Zip jobs/ and protocol/ and add the zip to the executors' Python path. Their other
    dependencies (construct, crc32c, the codecs: see pyproject.toml) must be installed there."""
    out = Path(tempfile.mkdtemp(prefix="kbroker-jobs-")) / "kbroker_jobs.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for package in SHIPPED_PACKAGES:
            for path in sorted((ROOT / package).rglob("*.py")):
                z.write(path, path.relative_to(ROOT).as_posix())
    spark.sparkContext.addPyFile(str(out))
    return out

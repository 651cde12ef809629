"""`kbroker-alerts`: a Python data source writer that produces rows to a Kafka topic with the
project's own `client.AsyncProducer`, so that any Kafka consumer can subscribe to the alerts.

    changes.write.format("kbroker-alerts").option("bootstrap", "127.0.0.1:9092").mode("append").save()
    changes.writeStream.format("kbroker-alerts").option("bootstrap", ...).option("checkpointLocation", ...)

Each row becomes one record: the value is the row as JSON (timestamps as ISO-8601 text), the
key is the row's `group` column when it has one (alerts of one group stay in order, in one
partition). Options: `bootstrap` (required), `topic` (default `__lag_alerts`; created on first
use, with the broker's default partition count), `acks` (default all).
Every task waits until its records are acknowledged before it reports success: a failed write
fails the task (Spark retries it), so an alert is written at least once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pyspark.sql.datasource import DataSource, DataSourceStreamWriter, DataSourceWriter, WriterCommitMessage
from pyspark.sql.types import StructType

ALERTS_FORMAT = "kbroker-alerts"
DEFAULT_TOPIC = "__lag_alerts"


def _json_default(v: Any) -> Any:
    if isinstance(v, dt.datetime | dt.date):
        return v.isoformat()
    if hasattr(v, "asDict"):
        return v.asDict(recursive=True)
    return str(v)


def encode_row(row: Any) -> tuple[bytes | None, bytes]:
    """(key, value) of a row: its group, and the whole row as JSON."""
    d = row.asDict(recursive=True) if hasattr(row, "asDict") else dict(row)
    group = d.get("group")
    return (None if group is None else str(group).encode()), json.dumps(d, default=_json_default).encode()


async def produce(
    bootstrap: str, topic: str, records: list[tuple[bytes | None, bytes]], acks: str | int = "all"
) -> int:
    from client.admin import AsyncAdmin, NewTopic
    from client.producer import AsyncProducer

    if not records:
        return 0
    async with AsyncAdmin(bootstrap, client_id="kbroker-alerts") as admin:
        # created here (the broker's default partitions), so that it does not depend on auto-creation
        await admin.create_topics([NewTopic(topic)], exist_ok=True)
    async with AsyncProducer(bootstrap, client_id="kbroker-alerts", acks=acks, linger_ms=0) as producer:
        futures = [await producer.send(topic, value, key) for key, value in records]
        for f in futures:
            await f  # raises if the record was not acknowledged
    return len(records)


@dataclass
class Written(WriterCommitMessage):
    records: int


class _AlertsProducer:
    """What the batch and the streaming writer share: each task produces its rows."""

    def __init__(self, options: Mapping[str, str]):
        self.bootstrap = options.get("bootstrap") or options.get("path") or ""
        if not self.bootstrap:
            raise ValueError("kbroker-alerts needs .option('bootstrap', 'host:port,...')")
        self.topic = options.get("topic", DEFAULT_TOPIC)
        acks = options.get("acks", "all")
        self.acks: str | int = acks if acks == "all" else int(acks)

    def write(self, iterator: Iterator[Any]) -> Written:
        records = [encode_row(r) for r in iterator]
        return Written(asyncio.run(produce(self.bootstrap, self.topic, records, self.acks)))


class AlertsWriter(_AlertsProducer, DataSourceWriter):
    pass


# Not an AlertsWriter: the two Spark bases declare commit/abort with different signatures.
class AlertsStreamWriter(_AlertsProducer, DataSourceStreamWriter):
    # batchId: Spark's name for the argument
    def commit(self, messages: list[WriterCommitMessage | None], batchId: int) -> None:
        pass

    def abort(self, messages: list[WriterCommitMessage | None], batchId: int) -> None:
        pass


class AlertsDataSource(DataSource):
    @classmethod
    def name(cls) -> str:
        return ALERTS_FORMAT

    def writer(self, schema: StructType, overwrite: bool) -> DataSourceWriter:
        return AlertsWriter(self.options)

    def streamWriter(self, schema: StructType, overwrite: bool) -> DataSourceStreamWriter:
        return AlertsStreamWriter(self.options)

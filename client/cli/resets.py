"""The offset-reset scenarios of kafka-consumer-groups, as pure functions: which target each
partition gets, clamped into the log's [earliest, latest] as Kafka clamps it. No I/O."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from client.cli.common import CliError
from client.structs import TopicPartition

_DURATION = re.compile(r"^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Scenario:
    """One of --to-earliest, --to-latest, --to-current, --to-offset N, --shift-by N,
    --to-datetime, --by-duration (both as a timestamp in ms), --from-file."""

    kind: str
    value: int = 0
    file_offsets: dict[tuple[str | None, TopicPartition], int] | None = None


def parse_duration(text: str) -> timedelta:
    """ISO-8601 durations as Kafka's --by-duration takes them: PnDTnHnMnS."""
    m = _DURATION.match(text.strip())
    if not m or text.strip().upper() in ("P", "PT") or text.strip().upper().endswith("T"):
        raise CliError(f"invalid duration {text!r}: expected ISO-8601 like P1DT2H30M")
    sign, days, hours, minutes, seconds = m.groups()
    d = timedelta(
        days=int(days or 0), hours=int(hours or 0), minutes=int(minutes or 0), seconds=float(seconds or 0)
    )
    return -d if sign else d


def parse_datetime(text: str) -> int:
    """'YYYY-MM-DDTHH:mm:SS.sss' (local time, as Kafka reads it) or with a zone ('Z', '+02:00');
    epoch milliseconds."""
    try:
        dt = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise CliError(f"invalid date-time {text!r}: expected YYYY-MM-DDTHH:mm:SS.sss[+zone]") from None
    if dt.tzinfo is None:
        dt = dt.astimezone()  # local, as Kafka's tool assumes
    return int(dt.timestamp() * 1000)


def duration_timestamp(text: str, now_ms: int) -> int:
    return now_ms - int(parse_duration(text).total_seconds() * 1000)


def parse_offsets_file(text: str) -> dict[tuple[str | None, TopicPartition], int]:
    """Kafka's reset CSV: `topic,partition,offset`, or `group,topic,partition,offset` lines."""
    out: dict[tuple[str | None, TopicPartition], int] = {}
    for n, row in enumerate(csv.reader(io.StringIO(text)), 1):
        if not row or not "".join(row).strip():
            continue
        try:
            if len(row) == 3:
                out[(None, TopicPartition(row[0].strip(), int(row[1])))] = int(row[2])
            elif len(row) == 4:
                out[(row[0].strip(), TopicPartition(row[1].strip(), int(row[2])))] = int(row[3])
            else:
                raise ValueError
        except ValueError:
            raise CliError(
                f"line {n} of the offsets file is not topic,partition,offset: {','.join(row)}"
            ) from None
    return out


def targets(
    scenario: Scenario,
    group: str,
    partitions: list[TopicPartition],
    current: dict[TopicPartition, int],
    earliest: dict[TopicPartition, int],
    latest: dict[TopicPartition, int],
    by_time: dict[TopicPartition, int] | None = None,
) -> dict[TopicPartition, int]:
    """The new committed offset of each partition. `by_time` holds the first offset at or after
    the scenario's timestamp (-1: none, so the log end)."""

    def clamp(tp: TopicPartition, offset: int) -> int:
        return max(earliest[tp], min(latest[tp], offset))

    out: dict[TopicPartition, int] = {}
    for tp in partitions:
        if scenario.kind == "earliest":
            out[tp] = earliest[tp]
        elif scenario.kind == "latest":
            out[tp] = latest[tp]
        elif scenario.kind == "current":
            out[tp] = current.get(tp, latest[tp])
        elif scenario.kind == "offset":
            out[tp] = clamp(tp, scenario.value)
        elif scenario.kind == "shift":
            out[tp] = clamp(tp, current.get(tp, latest[tp]) + scenario.value)
        elif scenario.kind == "time":
            found = (by_time or {}).get(tp, -1)
            out[tp] = latest[tp] if found < 0 else found
        elif scenario.kind == "file":
            offsets = scenario.file_offsets or {}
            given = offsets.get((group, tp), offsets.get((None, tp)))
            if given is not None:
                out[tp] = clamp(tp, given)
        else:
            raise CliError(f"unknown reset scenario {scenario.kind}")
    return out


def now_ms() -> int:
    return int(datetime.now(UTC).timestamp() * 1000)

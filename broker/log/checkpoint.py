"""Kafka's offset checkpoint files (`recovery-point-offset-checkpoint`,
`cleaner-offset-checkpoint`): version 0, a count, then `topic partition offset` lines, replaced
atomically (written aside, fsynced, renamed)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from broker import logging_setup
from broker.log.segment import fsync_dir

log = logging_setup.get_logger("kbroker.log")


class TopicPartition(NamedTuple):
    topic: str
    partition: int


def read_checkpoint(path: Path) -> dict[TopicPartition, int]:
    """Kafka's offset checkpoint file: version 0, a count, then `topic partition offset` lines."""
    try:
        lines = path.read_text().splitlines()
    except FileNotFoundError:
        return {}
    try:
        if int(lines[0]) != 0:
            return {}
        count = int(lines[1])
        out = {}
        for line in lines[2 : 2 + count]:
            topic, part, offset = line.split(" ")
            out[TopicPartition(topic, int(part))] = int(offset)
        return out
    except (IndexError, ValueError):
        log.warning("ignore checkpoint", path=str(path), reason="malformed")
        return {}


def write_checkpoint(path: Path, offsets: dict[TopicPartition, int]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    body = "".join(f"{tp.topic} {tp.partition} {o}\n" for tp, o in sorted(offsets.items()))
    with open(tmp, "w") as f:
        f.write(f"0\n{len(offsets)}\n{body}")
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)
    fsync_dir(path.parent)

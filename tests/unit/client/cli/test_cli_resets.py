"""The reset scenarios of kbroker-consumer-groups as pure functions, and the tools' parsing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from client.cli.common import CliError, split_config, table
from client.cli.resets import Scenario, parse_duration, parse_offsets_file, targets
from client.structs import TopicPartition

A, B = TopicPartition("t", 0), TopicPartition("t", 1)
EARLIEST, LATEST = {A: 10, B: 0}, {A: 50, B: 5}


@pytest.mark.parametrize(
    ("scenario", "want"),
    [
        (Scenario("earliest"), {A: 10, B: 0}),
        (Scenario("latest"), {A: 50, B: 5}),
        (Scenario("current"), {A: 20, B: 5}),  # no commit on B: its log end
        (Scenario("offset", 30), {A: 30, B: 5}),
        (Scenario("offset", 0), {A: 10, B: 0}),
        (Scenario("shift", -15), {A: 10, B: 0}),
        (Scenario("shift", 100), {A: 50, B: 5}),
        (Scenario("time", 123), {A: 42, B: 5}),  # B has no record at or after the time: its end
        (Scenario("file", file_offsets={(None, A): 7, ("other", B): 1}), {A: 10}),
    ],
)
def test_targets_are_clamped_into_the_log(scenario, want):
    assert targets(scenario, "g", [A, B], {A: 20}, EARLIEST, LATEST, {A: 42, B: -1}) == want


def test_durations_and_files():
    assert parse_duration("P1DT2H30M") == timedelta(days=1, hours=2, minutes=30)
    assert parse_duration("PT15S") == timedelta(seconds=15)
    for bad in ("P", "PT", "1D", "yesterday", "P1H"):
        with pytest.raises(CliError):
            parse_duration(bad)
    assert parse_offsets_file("t,0,5\ng,t,1,6\n\n") == {(None, A): 5, ("g", B): 6}
    with pytest.raises(CliError, match="line 1"):
        parse_offsets_file("t,zero,5\n")


def test_config_lists_and_tables():
    assert split_config("a=1,cleanup.policy=[compact,delete],b=") == {
        "a": "1",
        "cleanup.policy": "compact,delete",
        "b": "",
    }
    with pytest.raises(CliError):
        split_config("novalue")
    assert table(["A", "LONGER"], [[1, None], ["xyz", 2]]) == "A   LONGER\n1   -\nxyz 2"

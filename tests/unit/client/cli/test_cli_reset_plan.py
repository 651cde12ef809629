"""The reset planning both group tools share: each takes only its own scenario options, and both
read them into the same scenarios."""

from __future__ import annotations

import pytest

from client.cli import consumer_groups, share_groups
from client.cli.common import CliError
from client.cli.reset_plan import parse_topics, scenario
from client.cli.resets import Scenario

BASE = ["--bootstrap-server", "127.0.0.1:9092", "--reset-offsets", "--group", "g", "--topic", "t"]


@pytest.mark.parametrize("tool", [consumer_groups, share_groups])
@pytest.mark.parametrize(
    ("options", "want"),
    [
        (["--to-earliest"], Scenario("earliest")),
        (["--to-latest"], Scenario("latest")),
        (["--to-offset", "7"], Scenario("offset", 7)),
        (["--to-datetime", "2023-11-14T22:13:20Z"], Scenario("time", 1_700_000_000_000)),
    ],
)
def test_both_tools_read_the_common_scenarios_alike(tool, options, want):
    assert scenario(tool.build_parser().parse_args([*BASE, *options])) == want


def test_only_the_consumer_tool_shifts_and_names_what_it_takes(capsys):
    args = consumer_groups.build_parser().parse_args([*BASE, "--shift-by", "-3"])
    assert scenario(args) == Scenario("shift", -3)
    with pytest.raises(SystemExit):
        share_groups.build_parser().parse_args([*BASE, "--shift-by", "-3"])
    assert "--shift-by" in capsys.readouterr().err
    with pytest.raises(CliError, match=r"--to-offset or --to-datetime$"):
        scenario(share_groups.build_parser().parse_args(BASE))
    with pytest.raises(CliError, match=r"--to-current, .* --by-duration or --from-file$"):
        scenario(consumer_groups.build_parser().parse_args(BASE))


def test_topic_options():
    assert parse_topics(["a", "b:0,2"]) == [("a", None), ("b", [0, 2])]
    for bad in (":1", "a:x"):
        with pytest.raises(CliError):
            parse_topics([bad])

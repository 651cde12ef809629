"""The jobs against a real broker: a generated workload (many groups, commits, rebalances, group
and offset deletions, a deleted group coming back; compaction and offset expiry when the broker
has them, see tests/jobs/workload.py), then the jobs' answers compared with the broker's own:
OffsetFetch, DescribeGroups and the members' generations, ListOffsets. The same answers must come
from the data dir read live while the broker writes, from a copy taken while it writes, and from
a copy with torn tails."""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from jobs import analysis as A
from jobs.segments import OFFSETS_TOPIC, list_segments, partition_dirs
from tests.jobs.workload import Answers, LoopThread, Workload, compaction_available, run_workload

pytestmark = pytest.mark.slow

# what the rebalance summary says of where a group stands, as opposed to its history
ANSWER_FIELDS = ("state", "generation", "members", "member_ids", "protocol", "leader")


@dataclass
class Results:
    offsets: dict[str, dict[tuple[str, int], tuple[int, int, str]]]
    summary: dict[str, dict]
    log_end: dict[tuple[str, int], int]
    lag: dict[tuple[str, str, int], int | None]
    group_lag: dict[str, int | None]


def compute(spark, data_dir: str) -> Results:
    offsets = spark.read.format("kbroker-offsets").load(data_dir).cache()
    log_end = spark.read.format("kbroker-log-end").load(data_dir).cache()
    try:
        latest = A.latest_offsets(offsets).cache()
        got: dict[str, dict] = {}
        for r in latest.collect():
            got.setdefault(r["group"], {})[(r["topic"], r["partition"])] = (
                r["committed_offset"],
                r["leader_epoch"],
                r["metadata"],
            )
        summary = {
            r["group"]: r.asDict() for r in A.rebalance_summary(A.rebalance_history(offsets)).collect()
        }
        ends = {(r["topic"], r["partition"]): r["log_end_offset"] for r in log_end.collect()}
        plag = A.partition_lag(latest, log_end).cache()
        lag = {(r["group"], r["topic"], r["partition"]): r["lag"] for r in plag.collect()}
        glag = {r["group"]: r["total_lag"] for r in A.group_lag(plag).collect()}
        return Results(got, summary, ends, lag, glag)
    finally:
        offsets.unpersist()
        log_end.unpersist()


def slow_copy(src: Path, dst: Path) -> None:
    """Copy a data dir file by file, in small pieces, while the broker keeps writing to it."""
    for root, _dirs, files in os.walk(src):
        target = dst / Path(root).relative_to(src)
        target.mkdir(parents=True, exist_ok=True)
        for name in files:
            try:
                with open(Path(root) / name, "rb") as fin, open(target / name, "wb") as fout:
                    while chunk := fin.read(4096):
                        fout.write(chunk)
                        time.sleep(0.0005)
            except FileNotFoundError:
                continue  # rolled or deleted meanwhile


def tear_tails(data_dir: Path) -> int:
    """Append a torn batch (a real batch's first bytes) to the last segment of every partition."""
    torn = 0
    for pdir in partition_dirs(data_dir):
        segs = list_segments(pdir.path)
        if not segs:
            continue
        first = next((s for s in segs if s.size > 0), None)
        if first is None:
            continue
        with open(first.path, "rb") as f:
            head = f.read(80)
        cut = 30 + torn % 40  # a header cut short, or a batch running past the end
        with open(segs[-1].path, "ab") as f:
            f.write(head[:cut])
        torn += 1
    return torn


@dataclass
class Run:
    wl: Workload
    answers: Answers
    final: Results
    live: Results
    copied: Results
    torn: Results
    final_dir: Path
    moved: set[str]  # groups that rebalanced while the live dir was read and copied


@pytest.fixture(scope="module")
def run(spark, tmp_path_factory) -> Run:
    base = tmp_path_factory.mktemp("e2e")
    loop = LoopThread()
    copy_dir = base / "copied-while-writing"

    def during_noise(wl: Workload) -> tuple[Results, set[str]]:
        before = loop.run(wl.generations())
        live = compute(spark, str(wl.broker.data_dir))  # read while the broker writes
        slow_copy(wl.broker.data_dir, copy_dir)
        after = loop.run(wl.generations())
        # a group that rebalanced meanwhile (a member dropped under load) has no single answer
        return live, {g for g in before if after.get(g) != before[g]}

    try:
        wl, answers, (live, moved) = run_workload(loop, base / "data", during_noise)
        final_dir = base / "final"
        for _ in range(5):  # the broker is idle: the copy holds the state it answered
            try:
                shutil.copytree(wl.broker.data_dir, final_dir)
            except (shutil.Error, OSError):  # the log cleaner swapped segment files in under the copy: again
                shutil.rmtree(final_dir, ignore_errors=True)
                continue
            if loop.run(wl.generations()) == answers.generations:
                break
            shutil.rmtree(final_dir)  # a group rebalanced meanwhile (a member dropped under load)
            answers = loop.run(wl.answers())
        loop.run(wl.close())
        wl.broker.stop()
    finally:
        loop.close()
    print(
        "workload:",
        wl.commits,
        "commits,",
        wl.rebalances,
        "settled generations,",
        len(wl.groups),
        "groups;",
        wl.features,
        "; moved during the live read:",
        moved or "none",
    )
    torn_dir = base / "torn"
    shutil.copytree(final_dir, torn_dir)
    assert tear_tails(torn_dir) > 5
    return Run(
        wl,
        answers,
        compute(spark, str(final_dir)),
        live,
        compute(spark, str(copy_dir)),
        compute(spark, str(torn_dir)),
        final_dir,
        moved,
    )


def check_offsets(results: Results, answers: Answers, groups) -> None:
    for g in groups:
        assert results.offsets.get(g, {}) == answers.offsets[g], g


def test_workload_was_rich(run: Run) -> None:
    wl = run.wl
    assert len(wl.groups) >= 15 and wl.commits >= 100 and wl.rebalances >= 15
    segments = [len(list_segments(p.path)) for p in partition_dirs(run.final_dir, OFFSETS_TOPIC)]
    assert max(segments) >= 3 and sum(segments) > len(segments)  # reads that cross segments


def test_latest_offsets_equal_offset_fetch(run: Run) -> None:
    check_offsets(run.final, run.answers, run.wl.groups)
    for g in run.wl.deleted - {"reborn"}:
        assert g not in run.final.offsets
    assert run.final.offsets["offdel"] and all(t != "clicks" for t, _ in run.final.offsets["offdel"])
    assert {e for _o, e, _m in run.final.offsets["simple-epochs"].values()} == {7}


def test_rebalance_history_matches_the_broker(run: Run) -> None:
    summary, described = run.final.summary, run.answers.described
    assert run.answers.generations  # groups with live members
    for g, generation in run.answers.generations.items():
        s = summary[g]
        error, state, protocol, members = described[g]
        assert (error, state) == (0, "Stable"), g
        assert s["state"] == "stable" and s["generation"] == generation, (g, s, generation)
        assert set(s["member_ids"]) == members and s["protocol"] == protocol and s["leader"] in members
    for g in ("empty-0", "empty-1", "offdel"):
        assert described[g][1] == "Empty" and summary[g]["state"] == "empty" and summary[g]["members"] == 0
    for g in ("deleted-0", "deleted-1"):
        assert described[g][1] == "Dead" or described[g][0] != 0
        assert summary[g]["state"] == "deleted" and summary[g]["deletions"] == 1
    reborn = summary["reborn"]
    assert reborn["generation"] == run.answers.generations["reborn"] <= 3
    assert summary["grow-0"]["max_members"] == 3
    if compaction_available():
        # the cleaner keeps only each group's newest record (a tombstone followed by a new
        # incarnation goes too): the history is shorter, its end the same
        assert summary["grow-0"]["rebalances"] >= 1 and reborn["incarnation"] in (0, 1)
    else:
        assert summary["grow-0"]["rebalances"] >= 3
        assert reborn["incarnation"] == 1 and reborn["deletions"] == 1
    assert not any(g.startswith("simple") for g in summary)  # simple groups write no metadata


def test_lag_is_log_end_minus_committed(run: Run) -> None:
    for tp, end in run.answers.log_end.items():
        assert run.final.log_end[tp] == end, tp
    for g, parts in run.answers.offsets.items():
        for (t, p), (off, _e, _m) in parts.items():
            assert run.final.lag[(g, t, p)] == run.answers.log_end[(t, p)] - off
        if parts:
            assert run.final.group_lag[g] == sum(
                run.answers.log_end[tp] - o for tp, (o, _e, _m) in parts.items()
            )


def test_same_answers_from_torn_tails(run: Run) -> None:
    assert run.torn.offsets == run.final.offsets
    assert run.torn.summary == run.final.summary
    assert run.torn.log_end == run.final.log_end
    assert run.torn.lag == run.final.lag


@pytest.mark.parametrize("which", ["live", "copied"])
def test_same_answers_while_the_broker_writes(run: Run, which: str) -> None:
    results: Results = getattr(run, which)
    quiet = run.wl.groups - {"noise"}
    check_offsets(results, run.answers, quiet)
    assert len(run.moved) <= 2, run.moved
    for g, s in run.final.summary.items():  # where each group stands (the history may be compacted since)
        if g not in run.moved:
            got = {k: results.summary[g][k] for k in ANSWER_FIELDS}
            assert got == {k: s[k] for k in ANSWER_FIELDS}, g
    for tp, end in run.answers.log_end.items():
        assert results.log_end[tp] == end
    # the group committing meanwhile: a value it really committed, never ahead of the final one
    for tp, (off, _e, _m) in results.offsets.get("noise", {}).items():
        assert off in run.wl.noise_commits[tp] and off <= run.answers.offsets["noise"][tp][0]


def test_report_from_the_workload(spark, run: Run, tmp_path: Path) -> None:
    from jobs import run_all
    from jobs.runner import Context, run_jobs

    ctx = Context(spark, str(run.final_dir), tmp_path / "reports", top=20)
    try:
        page = run_jobs(ctx, run_all.ALL, "index.html")
    finally:
        ctx.close()
    html = page.read_text()
    for title in ("Latest committed offsets", "Consumer lag", "Commit rate", "Rebalance history", "grow-0"):
        assert title in html
    images = sorted(p.name for p in (tmp_path / "reports" / "img").glob("*.png"))
    assert images == [
        "commit_rate.png",
        "generations.png",
        "lag_by_group.png",
        "members.png",
        "time_rebalancing.png",
    ]
    assert all(p.stat().st_size > 10_000 for p in (tmp_path / "reports" / "img").glob("*.png"))
    latest = spark.read.parquet(str(tmp_path / "reports" / "latest_offsets"))
    assert latest.count() == sum(len(v) for v in run.answers.offsets.values())
    summary = {
        r["group"]: r["generation"]
        for r in spark.read.parquet(str(tmp_path / "reports" / "rebalance_history_by_group")).collect()
    }
    assert all(summary[g] == gen for g, gen in run.answers.generations.items())

"""flightdeck.analyze() on the committed jobs: the scenarios' expected verdicts, and the CLI's own reports."""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path

import pytest

import flightdeck
from conftest import DATA, SCENARIOS, TORCH, expected, fixture_jobs, job_id, scenario_dirs


@pytest.mark.parametrize("scenario", scenario_dirs(), ids=lambda p: p.name)
def test_scenario_matches_its_expectation(scenario: Path) -> None:
    want = expected(scenario)
    result = flightdeck.analyze(scenario)
    assert result.verdict == want["verdict"]
    assert result.attribution_state == ("STOP" if want["verdict"] == "stop" else "CONTINUE")
    assert [(c.rank, c.kind) for c in result.culprits] == [(c["rank"], c["kind"]) for c in want["culprits"]]
    assert result.hanging_ranks == sorted(c["rank"] for c in want["culprits"])
    assert [v.rank for v in result.victims] == want["victims"]
    # Every expected frontier item is there, by the rules of tst_scenarios: seq None matches any seq of the PG,
    # and only the fields the expectation names are compared.
    for w in want["frontier"]:
        assert any(f.pg_name == w["pg_name"] and (w["seq"] is None or f.seq == w["seq"])
                   and all(getattr(f, k) == v for k, v in w.items() if k not in ("pg_name", "seq"))
                   for f in result.frontier), w
    cycles = [sorted(c["ranks"]) for c in result.report()["analysis"]["deadlocks"]]
    for d in want["deadlocks"]:
        assert d in cycles
    for c in result.culprits:
        assert c.reason, c
        assert isinstance(c.pg, (int, type(None))) and isinstance(c.seq, (int, type(None)))


def test_culprit_fields_follow_the_report() -> None:
    result = flightdeck.analyze(SCENARIOS / "cascade-across-pgs")
    (culprit,) = result.culprits
    (reported,) = result.report()["analysis"]["culprits"]
    assert (culprit.rank, culprit.kind, culprit.reason, culprit.pg, culprit.seq) == (
        reported["rank"], reported["kind"], reported["reason"], reported["pg"], reported["seq"])
    assert (culprit.pg_name, culprit.pg_desc) == ("1", "TENSOR_MODEL_PARALLEL_GROUP")
    assert result.verdict == "continue" and result.hanging_ranks == [0]


@pytest.mark.parametrize("job", fixture_jobs(), ids=job_id)
def test_report_equals_the_cli_json(job: Path, cli) -> None:
    ours = flightdeck.analyze(job).report()
    theirs = cli.report(job)
    assert ours["analysis"] == theirs["analysis"]
    # Everything else too, but the time each was written.
    ours.pop("created_at"), theirs.pop("created_at")
    assert ours == theirs


@pytest.mark.parametrize("job", [SCENARIOS / "order-deadlock", DATA / "dumps" / "health", TORCH / "rank-exits"],
                         ids=job_id)
def test_text_equals_the_cli_text(job: Path, cli) -> None:
    result = flightdeck.analyze(job)
    assert result.text() == cli.text(job)
    assert result.text(verbose=True, health_check=True) == cli.text(job, "-v", "-c")


def test_real_torch_dumps() -> None:
    # A real PyTorch 2.13 job (docs/torch-jobs.md): rank 3 exited, its peers wait for it.
    job = TORCH / "rank-exits"
    result = flightdeck.analyze(job)
    assert result.verdict in ("continue", "stop")
    assert 3 in result.hanging_ranks
    assert 3 in result.missing_ranks
    report = result.report()
    assert report["analysis"]["hanging_ranks"] == result.hanging_ranks
    assert json.loads(json.dumps(report)) == report  # plain JSON values only


def test_single_file_and_prefix_are_found_as_the_cli_finds_them(tmp_path: Path) -> None:
    src = SCENARIOS / "stops-issuing"
    whole = flightdeck.analyze(src)
    single = flightdeck.analyze(src / "_dump_1")
    assert [d for d in single.report()["analysis"]["process_groups"]]  # one rank's view of its PGs
    prefixed = tmp_path / "run"
    prefixed.mkdir()
    for f in src.glob("_dump_*"):
        shutil.copy(f, prefixed / f.name.replace("_dump_", "nccl_trace_rank_"))
    by_prefix = flightdeck.analyze(str(prefixed / "nccl_trace_rank_"))
    assert by_prefix.hanging_ranks == whole.hanging_ranks
    assert by_prefix.verdict == whole.verdict


def test_archive(tmp_path: Path) -> None:
    src = SCENARIOS / "type-mismatch"
    archive = tmp_path / "job.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        for f in sorted(src.glob("_dump_*")):
            tar.add(f, arcname=f"job/{f.name}")
    assert flightdeck.analyze(archive).report()["analysis"] == flightdeck.analyze(src).report()["analysis"]


def test_world_size_names_ranks_without_dumps(tmp_path: Path) -> None:
    src = SCENARIOS / "healthy"
    result = flightdeck.analyze(src, world_size=6)
    assert result.world_size == 6
    assert result.missing_ranks == [4, 5]


def test_no_dumps_raises_load_error_naming_the_folder(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not a dump")
    with pytest.raises(flightdeck.LoadError) as caught:
        flightdeck.analyze(tmp_path)
    assert str(tmp_path) in str(caught.value)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(flightdeck.LoadError, match="does-not-exist"):
        flightdeck.analyze(tmp_path / "does-not-exist")


def test_unreadable_files_among_good_ones_are_listed(tmp_path: Path) -> None:
    for f in (SCENARIOS / "healthy").glob("_dump_*"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "_dump_2").write_bytes((DATA / "bad" / "truncated").read_bytes())
    result = flightdeck.analyze(tmp_path)
    assert any("_dump_2" in str(e) for e in result.load_errors)
    assert all(isinstance(e, flightdeck.LoadError) for e in result.load_errors)

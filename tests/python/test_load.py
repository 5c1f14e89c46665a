"""flightdeck.load(): every dump as Python values, equal to pickle.load's where pickle can read it and to the
CLI's --debug JSON everywhere, and never executing what a hostile pickle asks for."""

from __future__ import annotations

import base64
import json
import math
import os
import pickle
import shutil
from pathlib import Path
from typing import Any

import pytest

import flightdeck
from conftest import DATA, SCENARIOS, TORCH, fixture_jobs, job_id


def as_dump_json(value: Any) -> Any:
    """A pickle.load() value by the rules of docs/dump-json.md, in Python."""
    if isinstance(value, (list, tuple)):
        return [as_dump_json(v) for v in value]
    if isinstance(value, dict):
        return {(k if isinstance(k, str) else json.dumps(as_dump_json(k), separators=(",", ":"))): as_dump_json(v)
                for k, v in value.items()}
    if isinstance(value, (bytes, bytearray)):
        return {"__bytes__": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
    return value


def pickled_jobs():
    # invalid_utf8 is left to the --debug comparison: pickle.load itself refuses its strings.
    return [p for p in fixture_jobs()
            if p.name != "invalid_utf8" and all(f.read_bytes()[:1] == b"\x80" for f in p.glob("_dump_*"))]


@pytest.mark.parametrize("job", pickled_jobs(), ids=job_id)
def test_load_equals_pickle_load(job: Path) -> None:
    loaded = flightdeck.load(job)
    files = sorted(job.glob("_dump_*"))
    assert len(loaded.dumps) == len(files)
    for f in files:
        with f.open("rb") as handle:
            want = as_dump_json(pickle.load(handle))  # the committed fixtures are plain data
        dump = loaded.dumps[int(f.name.rsplit("_", 1)[1])]
        assert dump.data == want, f
        assert dump.entries == (want.get("entries", []) if isinstance(want, dict) else want)
        assert dump.format == "pickle"


@pytest.mark.parametrize("job", fixture_jobs(), ids=job_id)
def test_load_equals_the_cli_debug_json(job: Path, cli, tmp_path: Path) -> None:
    done = cli.run("--fr-path", str(job), "--debug", "--debug-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    loaded = flightdeck.load(job)
    for rank, dump in loaded.dumps.items():
        exported = json.loads((tmp_path / (Path(dump.path).name + ".json")).read_text(errors="surrogateescape"))
        assert dump.data == exported, dump.path


def test_dump_fields() -> None:
    job = flightdeck.load(DATA / "dumps" / "v2_10_cpp")
    assert sorted(job.dumps) == [0, 1, 2, 3]
    dump = job.dumps[0]
    assert dump.version == "2.10"
    assert dump.entries and isinstance(dump.entries[0], dict)
    for key in ("record_id", "pg_id", "collective_seq_id", "profiling_name", "state", "process_group",
                "input_sizes", "input_dtypes", "frames"):
        assert key in dump.entries[0], key
    assert isinstance(dump.entries[0]["process_group"], list)  # a tuple in the pickle
    assert dump.pg_config and all("desc" in v for v in dump.pg_config.values())
    assert dump.pg_status
    assert job.missing_ranks == [] and job.errors == []


def test_old_dumps_keys_that_are_not_strings() -> None:
    # Format 1.4 keys pg_config by integer: the key is its JSON text (docs/dump-json.md).
    job = flightdeck.load(DATA / "dumps" / "v1_4_intpg")
    for dump in job.dumps.values():
        assert dump.pg_config and all(isinstance(k, str) and k.isdigit() for k in dump.pg_config)


def test_real_torch_dumps_list_the_missing_rank() -> None:
    job = flightdeck.load(TORCH / "rank-exits")
    assert sorted(job.dumps) == [0, 1, 2, 4, 5]
    assert job.missing_ranks == [3]
    for dump in job.dumps.values():
        assert dump.entries and all("profiling_name" in e for e in dump.entries)


class RunsCode:
    """What an attacker puts in a pickle: unpickling calls os.system."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("protocol", [0, 2, 4, 5])
def test_hostile_pickle_raises_and_runs_nothing(tmp_path: Path, protocol: int) -> None:
    marker = tmp_path / "ran"
    hostile = tmp_path / "_dump_0"
    hostile.write_bytes(pickle.dumps({"version": "2.10", "entries": [RunsCode(marker)]}, protocol=protocol))
    for call in (flightdeck.load, flightdeck.analyze):
        with pytest.raises(flightdeck.LoadError) as caught:
            call(hostile)
        message = str(caught.value)
        assert message.startswith(f"{hostile}: byte ")
        if protocol == 0:  # text pickles: torch never writes them, so they are refused by their protocol
            assert "unsupported pickle protocol" in message, message
        else:
            assert "GLOBAL" in message and "refused" in message, message
        assert caught.value.path == str(hostile)
    assert not marker.exists()


def test_hostile_pickle_among_good_dumps_is_listed_and_skipped(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    for f in (SCENARIOS / "healthy").glob("_dump_*"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "_dump_3").write_bytes(pickle.dumps([RunsCode(marker)], protocol=4))
    job = flightdeck.load(tmp_path)
    assert sorted(job.dumps) == [0, 1, 2]
    (error,) = job.errors
    assert error.path == str(tmp_path / "_dump_3") and error.rank == 3
    assert "STACK_GLOBAL" in str(error)
    assert job.unreadable_ranks == [3]
    assert not marker.exists()


def test_truncated_and_empty_files(tmp_path: Path) -> None:
    # A dump cut short loads up to the cut (docs/dump-format.md), and the cut is an error of the job.
    job = flightdeck.load(DATA / "bad" / "truncated")
    (dump,) = job.dumps.values()
    assert dump.partial and len(dump.entries) == 4
    (error,) = job.errors
    assert str(error).startswith(str(DATA / "bad" / "truncated") + ": byte 2602: truncated")
    with pytest.raises(flightdeck.LoadError, match="empty: empty file"):
        flightdeck.load(DATA / "bad" / "empty")
    with pytest.raises(flightdeck.LoadError, match=str(tmp_path)):
        flightdeck.load(tmp_path)


def test_deep_nesting_is_refused_not_a_crash() -> None:
    with pytest.raises(flightdeck.LoadError, match="deep|nest"):
        flightdeck.load(DATA / "bad" / "deep_tuple1")


def test_self_containing_list_is_refused(tmp_path: Path) -> None:
    loop = []
    loop.append(loop)
    # Under a key the loader does not read, so the dump loads and only its conversion meets the loop.
    dump = {"version": "2.10", "pg_config": {}, "pg_status": {}, "entries": [], "extra": loop}
    (tmp_path / "_dump_0").write_bytes(pickle.dumps(dump, protocol=4))
    assert flightdeck.analyze(tmp_path).verdict == "no_hang"
    with pytest.raises(flightdeck.LoadError, match="_dump_0: values nest deeper than 256 levels"):
        flightdeck.load(tmp_path / "_dump_0")

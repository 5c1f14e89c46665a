"""Shared fixtures of the flightdeck package's tests (docs/python.md, "Tests").

The tests run against the installed package (`pip install .`). Comparisons with flightdeck-cli run the CLI
named by FLIGHTDECK_CLI (.ci/run sets it to the release build's); without it they skip, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict, List

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"
SCENARIOS = DATA / "scenarios"
TORCH = DATA / "torch"


def scenario_dirs() -> List[Path]:
    return sorted(p for p in SCENARIOS.iterdir() if (p / "expected-report.json").is_file())


def fixture_jobs() -> List[Path]:
    """Every committed job a CLI analysis runs on: scenarios, the schema fixtures, the torch dumps."""
    jobs = scenario_dirs()
    jobs += sorted(p for p in (DATA / "dumps").iterdir() if p.is_dir())
    # A torch job is a folder of dumps, or (one job in both formats) its pickle/ and json/ subfolders.
    for job in sorted(p for p in TORCH.iterdir() if p.is_dir()):
        formats = [job / f for f in ("pickle", "json") if (job / f).is_dir()]
        jobs += formats or [job]
    return jobs


def job_id(path: Path) -> str:
    return str(path.relative_to(DATA))


def expected(scenario: Path) -> Dict[str, Any]:
    return json.loads((scenario / "expected-report.json").read_text())


class Cli:
    def __init__(self, path: str) -> None:
        self.path = path

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([self.path, *args], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "LC_ALL": "C.UTF-8"})

    def report(self, fr_path: Path) -> Dict[str, Any]:
        done = self.run("--fr-path", str(fr_path), "--format", "json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def text(self, fr_path: Path, *flags: str) -> str:
        done = self.run("--fr-path", str(fr_path), *flags)
        assert done.returncode == 0, done.stderr
        return done.stdout


@pytest.fixture(scope="session")
def cli() -> Cli:
    path = os.environ.get("FLIGHTDECK_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("flightdeck-cli not built: set FLIGHTDECK_CLI to compare with it")
    return Cli(path)

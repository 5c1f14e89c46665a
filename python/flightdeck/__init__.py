"""FlightDeck for Python: read PyTorch Flight Recorder dumps without executing them, and attribute a hang.

    import flightdeck
    result = flightdeck.analyze("/shared/job/dumps")
    print(result.verdict, result.hanging_ranks)      # "continue" [9, 14]
    for c in result.culprits:
        print(c.rank, c.kind, c.reason)

``analyze()`` runs the same pipeline as ``flightdeck-cli`` (the same C++ core, compiled into this package):
``Result.report()`` is the dict ``flightdeck-cli --format json`` prints and ``Result.text()`` its text report.
``load()`` is a safe replacement for ``pickle.load`` on dumps. ``flightdeck.nvrx`` is a drop-in for NVRx's
``CollectiveAnalyzer``. Both release the GIL while they read and analyse, and may be called from any thread.
See docs/python.md.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from . import _flightdeck

__all__ = [
    "analyze",
    "load",
    "Result",
    "Culprit",
    "Victim",
    "FrontierItem",
    "Job",
    "Dump",
    "LoadError",
    "__version__",
]

__version__: str = _flightdeck.version

PathLike = Union[str, "os.PathLike[str]"]
DEFAULT_PATTERN = "_dump_*"


class LoadError(ValueError):
    """No dump could be read, or one dump could not be read (in ``Job.errors``).

    The message names the file and what is wrong: a code-running opcode with its byte offset, a truncated
    file, no dump files in the folder. ``path`` is the file (or the folder) it is about.
    """

    def __init__(self, message: str, path: Optional[str] = None, rank: Optional[int] = None) -> None:
        super().__init__(message)
        self.path = path
        self.rank = rank if rank is not None and rank >= 0 else None


@dataclass(frozen=True)
class Culprit:
    """A rank the analysis holds responsible, and why (docs/attribution.md)."""

    rank: int
    kind: str  # "stopped_issuing", "missing_dump", "mismatch", ... (docs/report-schema.md)
    reason: str
    pg: Optional[int]  # index into report()["analysis"]["process_groups"]; None when unknown
    seq: Optional[int]  # the collective_seq_id (p2p: p2p_seq_id) where it is missing or odd
    pg_name: Optional[str] = None
    pg_desc: Optional[str] = None


@dataclass(frozen=True)
class Victim:
    """A rank blocked behind culprits."""

    rank: int
    pg: Optional[int]
    seq: Optional[int]
    waits_on: List[int]
    root_causes: List[int]


@dataclass(frozen=True)
class FrontierItem:
    """Where the job diverged: a PG and the collective in it that root-cause ranks never reached."""

    pg: Optional[int]
    pg_name: Optional[str]
    pg_desc: Optional[str]
    seq: Optional[int]
    p2p: bool
    status: str  # "not_entered", "in_progress", "type_mismatch", ...
    op: str
    sizes: str
    dtypes: str
    missing_ranks: List[int]
    stuck_ranks: List[int]
    mismatched_ranks: List[int]
    detail: str


class Result:
    """One job analysed: the verdict, the culprits and the CLI's reports of it. Immutable."""

    __slots__ = ("_native",)

    def __init__(self, native: "_flightdeck.Analysed") -> None:
        self._native = native

    @property
    def verdict(self) -> str:
        """``"continue"`` (isolate the culprits and restart), ``"stop"`` (a restart would hang again), or
        ``"no_hang"``."""
        return self._native.verdict

    @property
    def attribution_state(self) -> str:
        """``"STOP"`` when the verdict is stop, else ``"CONTINUE"``: NVRx's names for what to do next."""
        return self._native.attribution_state

    @property
    def reason(self) -> str:
        """One paragraph a human can check against the evidence."""
        return self._native.reason

    @property
    def hanging_ranks(self) -> List[int]:
        """The culprits' ranks, sorted: what fr_attribution.py prints as ``hanging ranks: [..]``."""
        return self._native.hanging_ranks

    @property
    def culprits(self) -> List[Culprit]:
        return [Culprit(**c) for c in self._native.culprits]

    @property
    def victims(self) -> List[Victim]:
        return [Victim(**v) for v in self._native.victims]

    @property
    def frontier(self) -> List[FrontierItem]:
        return [FrontierItem(**f) for f in self._native.frontier]

    @property
    def notes(self) -> List[str]:
        """Caveats of the analysis: rolled-over buffers, only active entries, ..."""
        return self._native.notes

    @property
    def warnings(self) -> List[str]:
        """Job-level notes of the loader: an inferred prefix, a second file for a rank, ..."""
        return self._native.warnings

    @property
    def load_errors(self) -> List[LoadError]:
        """The files that could not be read (the others were analysed)."""
        return [LoadError(message, path) for path, message in self._native.load_errors]

    @property
    def world_size(self) -> int:
        return self._native.world_size

    @property
    def missing_ranks(self) -> List[int]:
        """Ranks of the world with no dump file at all."""
        return self._native.missing_ranks

    def report(self) -> Dict[str, Any]:
        """The report as ``flightdeck-cli --format json`` prints it, as a dict (docs/report-schema.md)."""
        return self._native.report()

    def text(self, verbose: bool = False, health_check: bool = False) -> str:
        """The CLI's text report (``-v`` and ``-c`` as ``verbose`` and ``health_check``)."""
        return self._native.text(verbose, health_check)

    def __repr__(self) -> str:
        return f"<flightdeck.Result {self.verdict} hanging_ranks={self.hanging_ranks}>"


def _raise_unusable(fr_path: str, pattern: str, errors: List[Tuple[str, str]]) -> None:
    # The CLI's rule (app/cli/main.cpp): one error about fr_path itself says it all; else every error and the
    # line fr_attribution.py raises.
    if len(errors) == 1 and errors[0][0] == fr_path:
        raise LoadError(errors[0][1], fr_path)
    lines = [message for _, message in errors]
    lines.append(f"No files at {fr_path} (pattern {pattern}) were processed successfully.")
    raise LoadError("\n".join(lines), errors[0][0] if len(errors) == 1 else fr_path)


def analyze(fr_path: PathLike, pattern: str = DEFAULT_PATTERN, world_size: Optional[int] = None) -> Result:
    """Load and analyse the dumps ``fr_path`` names, as ``flightdeck-cli --fr-path`` does.

    ``fr_path`` is a folder (files matching ``pattern``), a single file, a path prefix as in
    ``TORCH_FR_DUMP_TEMP_FILE``, or an archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip).
    ``world_size`` says how many ranks the job has where the dumps do not (Gloo).
    Raises LoadError when no dump can be read; files that cannot be read among others are in
    ``Result.load_errors``.
    """
    path = os.fspath(fr_path)
    if world_size is not None and world_size < 0:
        raise ValueError("world_size must not be negative")
    native = _flightdeck.analyse(path, pattern, world_size or 0)
    if not native.usable:
        _raise_unusable(path, pattern, native.load_errors)
    return Result(native)


class Dump:
    """One rank's dump, as Python values by the rules of docs/dump-json.md (``flightdeck-cli --debug``)."""

    __slots__ = ("rank", "path", "format", "partial", "warnings", "data")

    def __init__(self, item: Mapping[str, Any]) -> None:
        self.rank: int = item["rank"]
        self.path: str = item["path"]
        self.format: str = item["format"]  # "pickle" or "json"
        self.partial: bool = item["partial"]  # cut short; the cut is in Job.errors
        self.warnings: List[str] = item["warnings"]
        self.data: Any = item["data"]  # the whole dump: a dict (a list for 2.2-era dumps)

    def _get(self, key: str, default: Any) -> Any:
        return self.data.get(key, default) if isinstance(self.data, dict) else default

    @property
    def entries(self) -> List[Dict[str, Any]]:
        """The ring buffer's entries, oldest first, each a dict of the dump's fields."""
        if isinstance(self.data, list):
            return self.data
        return self._get("entries", [])

    @property
    def pg_config(self) -> Dict[str, Any]:
        return self._get("pg_config", {})

    @property
    def pg_status(self) -> Dict[str, Any]:
        return self._get("pg_status", {})

    @property
    def version(self) -> Optional[str]:
        return self._get("version", None)

    def __repr__(self) -> str:
        return f"<flightdeck.Dump rank {self.rank}: {len(self.entries)} entries, {self.path}>"


class Job:
    """Every dump of a job, read without executing anything."""

    __slots__ = ("source", "pattern", "prefix", "world_size", "dumps", "missing_ranks", "unreadable_ranks",
                 "errors", "warnings")

    def __init__(self, native: Mapping[str, Any]) -> None:
        self.source: str = native["source"]
        self.pattern: str = native["pattern"]
        self.prefix: str = native["prefix"]
        self.world_size: int = native["world_size"]
        self.dumps: Dict[int, Dump] = {item["rank"]: Dump(item) for item in native["dumps"]}
        self.missing_ranks: List[int] = native["missing_ranks"]  # in the world, but no file at all
        self.unreadable_ranks: List[int] = native["unreadable_ranks"]  # a file, but it could not be read
        self.errors: List[LoadError] = [LoadError(message, path, rank) for path, rank, message in native["errors"]]
        self.warnings: List[str] = native["warnings"]

    def __repr__(self) -> str:
        return f"<flightdeck.Job {len(self.dumps)} dumps, {len(self.errors)} errors, {self.source}>"


def load(fr_path: PathLike, pattern: str = DEFAULT_PATTERN) -> Job:
    """Read every dump ``fr_path`` names (as ``analyze`` finds them), the safe ``pickle.load`` for dumps.

    Pickles are decoded by FlightDeck's own decoder, which refuses every opcode that would import or call code.
    Raises LoadError when no dump can be read; files that cannot be read among others are in ``Job.errors``.
    """
    path = os.fspath(fr_path)
    native = _flightdeck.load(path, pattern)
    if not native["dumps"]:
        _raise_unusable(path, pattern, [(p, m) for p, _, m in native["errors"]])
    return Job(native)

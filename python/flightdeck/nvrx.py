"""A drop-in for NVRx's ``fr_attribution.CollectiveAnalyzer`` and ``fr_support.analyze_fr_dump``.

Switching is one changed import line::

    # from nvidia_resiliency_ext.attribution.trace_analyzer.fr_attribution import CollectiveAnalyzer
    from flightdeck.nvrx import CollectiveAnalyzer, AttributionState

    analyzer = CollectiveAnalyzer({"fr_path": "/dumps", "pattern": "_dump_*"})
    payload, state = analyzer.run_sync({"fr_path": "/dumps"})     # or: await analyzer.run({...})
    payload["analysis_text"]   # the PG table fr_attribution.py prints
    payload["hanging_ranks"]   # "hanging ranks: [9, 14]"

The shapes are NVRx's. The answers are FlightDeck's: ``hanging_ranks`` are the culprits of its analysis (not
the union of the table's "Missing Ranks"), and the state is ``STOP`` when its verdict is stop (a restart would
hang again: a collective mismatch, an order deadlock, or nothing that can be isolated). fr_attribution.py's
own code always answers ``CONTINUE``, although its skill document describes ``STOP`` as "unrecoverable".
Files are never unpickled: dumps are read by FlightDeck's decoder, which refuses code-running opcodes.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from dataclasses import dataclass
from enum import Enum, auto
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from . import DEFAULT_PATTERN, LoadError, Result, analyze

__all__ = ["AttributionState", "CollectiveAnalyzer", "FRAnalysisResult", "analyze_fr_dump"]

logger = logging.getLogger(__name__)

Args = Union[argparse.Namespace, Mapping[str, Any]]
Payload = Dict[str, str]


class AttributionState(Enum):
    """What an orchestrator should do next, as NVRx names it."""

    STOP = auto()
    CONTINUE = auto()


@dataclass
class FRAnalysisResult:
    """NVRx's result of analysing one flight recorder dump (fr_support.FRAnalysisResult)."""

    analysis_text: str  # process-group table (hanging/completed ranks per PG)
    hanging_ranks: str  # "hanging ranks: [...]"


def _normalize(args: Any) -> Dict[str, Any]:
    # NVRx's normalize_attribution_args: a Namespace or any Mapping becomes a plain dict.
    if isinstance(args, argparse.Namespace):
        return dict(vars(args))
    if isinstance(args, Mapping):
        return dict(args)
    raise TypeError(f"run() / run_sync() args must be a Namespace or a mapping, not {type(args).__name__}")


class CollectiveAnalyzer:
    """Analyses the Flight Recorder dumps that ``fr_path`` names, with NVRx's arguments and results.

    Keys read: ``fr_path``, ``pattern`` (default ``_dump_*``), ``verbose`` (per-rank tables in the text),
    ``health_check`` (GPU/NIC health in the text), ``llm_analyze``, ``model``, ``base_url`` (FlightDeck's LLM
    client, with NVRx's environment variables: NVRX_LLM_MODEL, NVRX_LLM_BASE_URL, LLM_API_KEY,
    LLM_API_KEY_FILE; docs/llm.md) and ``debug`` (accepted; FlightDeck writes no JSON beside the dumps, see
    ``flightdeck-cli --debug``). A run's own args are used when given, else the constructor's, as in NVRx.
    Nothing is kept between runs.
    """

    def __init__(self, args: Args) -> None:
        self._init_config = _normalize(args)

    @property
    def init_config(self) -> Dict[str, Any]:
        """The constructor's arguments, as a dict."""
        return dict(self._init_config)

    def _config(self, args: Optional[Args]) -> Dict[str, Any]:
        return _normalize(args) if args is not None else dict(self._init_config)

    def analyze(self, args: Optional[Args] = None) -> Tuple[Payload, AttributionState, Result]:
        """What ``run_sync`` returns, plus FlightDeck's full Result."""
        cfg = self._config(args)
        fr_path = cfg.get("fr_path")
        if not fr_path:
            raise ValueError("fr_path is required")
        pattern = cfg.get("pattern") or DEFAULT_PATTERN
        result = analyze(fr_path, pattern)
        native = result._native
        if cfg.get("verbose") or cfg.get("health_check"):
            # fr_attribution.py prints these to stderr, outside the payload; a library logs them.
            logger.info("%s", native.text(bool(cfg.get("verbose")), bool(cfg.get("health_check"))))
        text = native.table()
        if cfg.get("llm_analyze"):
            native = native.with_llm(cfg.get("model") or "", cfg.get("base_url") or "")
            result = Result(native)
            llm = native.llm
            if llm["error"]:
                # fr_attribution.py keeps the table when the LLM fails.
                logger.warning("LLM analysis failed: %s", llm["error"])
            else:
                text = llm["answer"]  # as fr_attribution.py: the model's answer replaces the table
        state = AttributionState.STOP if result.attribution_state == "STOP" else AttributionState.CONTINUE
        return {"analysis_text": text, "hanging_ranks": native.hanging_ranks_line()}, state, result

    def run_sync(self, args: Optional[Args] = None) -> Tuple[Payload, AttributionState]:
        """Analyses and returns ``({"analysis_text": ..., "hanging_ranks": "hanging ranks: [..]"}, state)``.

        Raises ValueError (flightdeck.LoadError) when no file could be read, as fr_attribution.py does.
        """
        payload, state, _ = self.analyze(args)
        return payload, state

    async def run(self, args: Optional[Args] = None) -> Tuple[Payload, AttributionState]:
        """``run_sync`` on a worker thread, so the event loop goes on while the dumps are read."""
        return await asyncio.to_thread(self.run_sync, args)


def analyze_fr_dump_sync(dump_path: str) -> Optional[FRAnalysisResult]:
    """``analyze_fr_dump`` without an event loop."""
    try:
        payload, _ = CollectiveAnalyzer({"fr_path": dump_path, "pattern": DEFAULT_PATTERN}).run_sync()
    except (LoadError, ValueError, OSError) as e:
        logger.warning("FR dump analysis failed for %s: %s", dump_path, e)
        return None
    return FRAnalysisResult(analysis_text=payload["analysis_text"], hanging_ranks=payload["hanging_ranks"])


async def analyze_fr_dump(dump_path: str) -> Optional[FRAnalysisResult]:
    """NVRx's ``fr_support.analyze_fr_dump``: the table and the hanging ranks, or None on any error."""
    return await asyncio.to_thread(analyze_fr_dump_sync, dump_path)

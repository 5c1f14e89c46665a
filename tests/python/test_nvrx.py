"""flightdeck.nvrx: NVRx's CollectiveAnalyzer / analyze_fr_dump shapes, FlightDeck's answers."""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

import flightdeck
from flightdeck.nvrx import AttributionState, CollectiveAnalyzer, FRAnalysisResult, analyze_fr_dump
from conftest import SCENARIOS, TORCH, expected, scenario_dirs

ARGS = {"fr_path": "", "pattern": "_dump_*", "verbose": False, "health_check": False, "llm_analyze": False,
        "model": None, "base_url": None, "debug": False}


@pytest.mark.parametrize("scenario", scenario_dirs(), ids=lambda p: p.name)
def test_run_sync_shapes_and_state(scenario: Path) -> None:
    analyzer = CollectiveAnalyzer({**ARGS, "fr_path": str(scenario)})
    payload, state = analyzer.run_sync({**ARGS, "fr_path": str(scenario)})
    assert set(payload) == {"analysis_text", "hanging_ranks"}
    want = expected(scenario)
    ranks = sorted(c["rank"] for c in want["culprits"])
    assert payload["hanging_ranks"] == f"hanging ranks: {ranks}"
    assert isinstance(state, AttributionState)
    assert state is (AttributionState.STOP if want["verdict"] == "stop" else AttributionState.CONTINUE)
    result = flightdeck.analyze(scenario)
    assert payload["analysis_text"] == result._native.table()
    if want["verdict"] != "no_hang":
        assert payload["analysis_text"].startswith("PGID")
        assert "Missing Ranks" in payload["analysis_text"].splitlines()[0]


def test_the_table_is_fr_attribution_s_table(cli) -> None:
    job = SCENARIOS / "cascade-across-pgs"
    payload, _ = CollectiveAnalyzer({"fr_path": str(job)}).run_sync()
    # flightdeck-cli prints the same table (its fr_attribution.py-compatible output) between its other lines.
    assert payload["analysis_text"].strip() in cli.text(job)
    header, *rows = payload["analysis_text"].strip().splitlines()
    assert [c.strip() for c in header.split("|")] == ["PGID", "Process Group Desc", "Op Type", "Size", "Dtype",
                                                     "Missing Ranks"]
    assert rows and all(len(r.split("|")) == 6 for r in rows)


def test_namespace_args_and_run_args_override_the_constructor() -> None:
    ns = argparse.Namespace(**{**ARGS, "fr_path": str(SCENARIOS / "healthy")})
    analyzer = CollectiveAnalyzer(ns)
    assert analyzer.init_config["fr_path"] == str(SCENARIOS / "healthy")
    payload, state = analyzer.run_sync(ns)
    assert payload["hanging_ranks"] == "hanging ranks: []" and state is AttributionState.CONTINUE
    payload, state = analyzer.run_sync(argparse.Namespace(**{**ARGS, "fr_path": str(SCENARIOS / "order-deadlock")}))
    assert payload["hanging_ranks"] == "hanging ranks: [0, 1]" and state is AttributionState.STOP
    with pytest.raises(TypeError):
        analyzer.run_sync(42)


def test_a_reused_analyzer_keeps_no_state() -> None:
    analyzer = CollectiveAnalyzer({"fr_path": str(SCENARIOS / "healthy")})
    a = str(SCENARIOS / "stops-issuing")
    b = str(SCENARIOS / "size-mismatch")
    first = analyzer.run_sync({"fr_path": a})
    analyzer.run_sync({"fr_path": b})
    assert analyzer.run_sync({"fr_path": a}) == first
    assert CollectiveAnalyzer({"fr_path": a}).run_sync() == first


def test_async_run() -> None:
    job = str(SCENARIOS / "order-deadlock")
    analyzer = CollectiveAnalyzer({"fr_path": job})

    async def both():
        return await asyncio.gather(analyzer.run({"fr_path": job}), analyzer.run({"fr_path": job}))

    one, two = asyncio.run(both())
    assert one == two == analyzer.run_sync({"fr_path": job})


def test_no_files_raise_value_error_as_fr_attribution_does(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="_dump_: no file, directory or prefix"):
        CollectiveAnalyzer({"fr_path": str(tmp_path / "_dump_")}).run_sync()
    (tmp_path / "_dump_0").write_bytes(b"")
    with pytest.raises(ValueError, match="No files at .* were processed successfully"):
        CollectiveAnalyzer({"fr_path": str(tmp_path)}).run_sync()


def test_analyze_fr_dump() -> None:
    got = asyncio.run(analyze_fr_dump(str(TORCH / "rank-exits")))
    assert isinstance(got, FRAnalysisResult)
    assert "3" in got.hanging_ranks and got.hanging_ranks.startswith("hanging ranks: [")
    assert got.analysis_text.startswith("PGID")
    assert asyncio.run(analyze_fr_dump("/nonexistent/dumps")) is None


class FakeLlm(BaseHTTPRequestHandler):
    """An OpenAI-compatible /chat/completions that names ranks 0 and 1."""

    requests = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        FakeLlm.requests.append((self.path, self.headers.get("Authorization"), body))
        answer = {"model": "fake-model", "choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": "Ranks 0 and 1 deadlock.\nhanging ranks: {0, 1}"}}]}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def test_llm_analyze_uses_the_core_client_and_its_environment(monkeypatch) -> None:
    server = HTTPServer(("127.0.0.1", 0), FakeLlm)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        monkeypatch.setenv("LLM_API_KEY", "test-key")
        monkeypatch.setenv("NVRX_LLM_BASE_URL", f"http://127.0.0.1:{server.server_port}/v1")
        job = str(SCENARIOS / "order-deadlock")
        analyzer = CollectiveAnalyzer({"fr_path": job, "llm_analyze": True, "model": "some/model"})
        payload, state = analyzer.run_sync()
        assert payload["analysis_text"] == "Ranks 0 and 1 deadlock.\nhanging ranks: {0, 1}"
        assert payload["hanging_ranks"] == "hanging ranks: [0, 1]"
        assert state is AttributionState.STOP
        path, auth, body = FakeLlm.requests[-1]
        assert path == "/v1/chat/completions" and auth == "Bearer test-key"
        assert body["model"] == "some/model"
        # Only findings leave the machine, never the dumps.
        assert "frames" not in json.dumps(body)
    finally:
        server.shutdown()


def test_llm_failure_keeps_the_table(monkeypatch) -> None:
    monkeypatch.setenv("LLM_API_KEY", "test-key")
    job = str(SCENARIOS / "order-deadlock")
    # Plain http to a host that is not loopback is refused before any byte is sent (docs/llm.md).
    payload, state = CollectiveAnalyzer({"fr_path": job, "llm_analyze": True,
                                         "base_url": "http://example.invalid/v1"}).run_sync()
    assert payload["analysis_text"].startswith("PGID")
    assert state is AttributionState.STOP

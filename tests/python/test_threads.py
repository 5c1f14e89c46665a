"""Calls from several threads at once finish with the results each gives alone (the GIL is released while the
core reads and analyses)."""

from __future__ import annotations

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import flightdeck
from conftest import SCENARIOS, TORCH, scenario_dirs


def summary(path):
    result = flightdeck.analyze(path)
    report = result.report()
    report.pop("created_at")
    return result.verdict, result.hanging_ranks, report, result.text()


def test_threads_analysing_different_jobs_agree_with_one_thread() -> None:
    jobs = scenario_dirs() + [TORCH / "rank-exits"]
    alone = {job: summary(job) for job in jobs}
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(3):
            together = dict(zip(jobs, pool.map(summary, jobs)))
            assert together == alone


def test_threads_loading_and_analysing_at_once() -> None:
    job = SCENARIOS / "p2p-pipeline-hang"
    want_entries = {r: d.entries for r, d in flightdeck.load(job).dumps.items()}
    want = summary(job)
    start = threading.Barrier(4)
    failures = []

    def loads():
        start.wait()
        for _ in range(5):
            got = {r: d.entries for r, d in flightdeck.load(job).dumps.items()}
            if got != want_entries:
                failures.append("load")

    def analyses():
        start.wait()
        for _ in range(5):
            if summary(job) != want:
                failures.append("analyze")

    threads = [threading.Thread(target=t) for t in (loads, loads, analyses, analyses)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


def test_the_gil_is_released_while_analysing() -> None:
    # With a switch interval far longer than the calls, a waiting Python thread runs only when the thread
    # holding the GIL lets it go: it counts inside analyze() and load() only if they release it.
    job = TORCH / "rank-exits"
    stop = threading.Event()
    ticks = [0]
    waiting = threading.Event()

    def count():
        waiting.set()
        while not stop.is_set():
            ticks[0] += 1

    old = sys.getswitchinterval()
    sys.setswitchinterval(0.5)
    counter = threading.Thread(target=count)
    try:
        counter.start()
        waiting.wait()
        before = ticks[0]
        flightdeck.analyze(job)
        flightdeck.load(job)
        during = ticks[0] - before
    finally:
        stop.set()
        counter.join()
        sys.setswitchinterval(old)
    assert during > 0

#!/usr/bin/env python3
"""Speed of the flightdeck Python package against flightdeck-cli and against pickle.load (docs/python.md).

Prints figures, checks nothing. Makes (or reuses) fr-synth's 256-rank job, then, alternating the contenders in
one run so that load from other processes falls on all of them alike:
  - flightdeck-cli --fr-path JOB (a process: start, load, analyse, print the report) vs
    flightdeck.analyze(JOB) and flightdeck.analyze(JOB).text() in this process;
  - pickle.load of every file, one after the other, keeping each (what a Python service holds) vs
    flightdeck.load(JOB) (every entry as Python dicts); each in a fresh interpreter.

    tools/bench/python_bench.py --cli build/release/app/cli/flightdeck-cli --synth build/release/tools/synth/fr-synth
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import flightdeck


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def make_job(synth: str, out: Path, ranks: int, entries: int) -> Path:
    job = out / f"synth-{ranks}x{entries}"
    if not (job / f"_dump_{ranks - 1}").exists():
        subprocess.run([synth, "--out", str(job), "--ranks", str(ranks), "--entries", str(entries), "--stacks",
                        "--timing", "--stuck-rank", "13"], check=True, stdout=subprocess.DEVNULL)
    return job


# Each load runs in a fresh interpreter, which times itself: a heap that just held (and freed) millions of
# objects slows the next contender's allocations, and whichever runs second would pay for the first.
PICKLE_LOAD = """
import pickle, sys, time
files = sys.argv[1:]
start = time.perf_counter()
keep = []
for f in files:
    with open(f, "rb") as handle:
        keep.append(pickle.load(handle))
print(time.perf_counter() - start)
"""
FLIGHTDECK_LOAD = """
import flightdeck, sys, time
start = time.perf_counter()
job = flightdeck.load(sys.argv[1])
print(time.perf_counter() - start)
"""


def in_fresh_interpreter(script: str, *args: str) -> float:
    done = subprocess.run([sys.executable, "-c", script, *args], check=True, capture_output=True, text=True)
    return float(done.stdout.strip().splitlines()[-1])


def report(name: str, times, base=None) -> None:
    med = statistics.median(times)
    rel = f"  {med / base:5.2f}x" if base else ""
    print(f"  {name:<38} median {med * 1000:8.1f} ms  min {min(times) * 1000:8.1f} ms{rel}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", required=True, help="flightdeck-cli")
    parser.add_argument("--synth", help="fr-synth, to make the job (else --job)")
    parser.add_argument("--job", help="an existing job folder")
    parser.add_argument("--ranks", type=int, default=256)
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "flightdeck-python-bench"))
    args = parser.parse_args()
    if args.job:
        job = Path(args.job)
    elif args.synth:
        job = make_job(args.synth, Path(args.work), args.ranks, args.entries)
    else:
        parser.error("give --synth or --job")
    files = sorted(job.glob("_dump_*"))
    size = sum(f.stat().st_size for f in files)
    print(f"job: {job} ({len(files)} files, {size / 1e6:.0f} MB); load average {os.getloadavg()[0]:.1f}; "
          f"{args.repeat} rounds, alternating")

    # Warm the page cache and every code path once.
    subprocess.run([args.cli, "--fr-path", str(job)], check=False, stdout=subprocess.DEVNULL)
    flightdeck.analyze(job)

    cli, analyze, analyze_text, fd_load, pk_load = [], [], [], [], []
    for _ in range(args.repeat):
        cli.append(timed(lambda: subprocess.run([args.cli, "--fr-path", str(job)], stdout=subprocess.DEVNULL)))
        analyze.append(timed(lambda: flightdeck.analyze(job)))
        analyze_text.append(timed(lambda: flightdeck.analyze(job).text()))
        fd_load.append(in_fresh_interpreter(FLIGHTDECK_LOAD, str(job)))
        pk_load.append(in_fresh_interpreter(PICKLE_LOAD, *map(str, files)))

    base = statistics.median(cli)
    print("analysis (relative to flightdeck-cli):")
    report("flightdeck-cli --fr-path (process)", cli, base)
    report("flightdeck.analyze()", analyze, base)
    report("flightdeck.analyze().text()", analyze_text, base)
    base = statistics.median(pk_load)
    print("reading every entry into Python objects (relative to pickle.load):")
    report("pickle.load of every file (kept)", pk_load, base)
    report("flightdeck.load()", fd_load, base)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""ctest driver: live diagnosis through torch's debug server (docs/capture.md).

Starts live_job.py --debug-server twice (gloo ranks that call torch.distributed.debug.start_debug_server(),
which lists every rank's worker server in the job's TCPStore):
- one rank stuck before a collective: `capture --store MASTER_ADDR:MASTER_PORT` must capture every rank, each
  taken from its key, and name the stuck rank; `--again-after` must say hung; --hosts at the frontend's port
  and at MASTER_PORT, and --store at the frontend's port, must say what those ports are;
- one rank that sleeps before each collective: `--again-after` must say advancing, with that rank slow.
Exit 0 when all holds, 1 otherwise, 77 (skip) with one line when torch (or the frontend's jinja2 and aiohttp)
is not importable.

    check_store_capture.py PYTHON_WITH_TORCH FLIGHTDECK_CLI WORK_DIR
"""

import json
import os
import shutil
import subprocess
import sys

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
WORLD, STUCK, SLOW = 4, 2, 1


def fail(msg):
    print("FAIL: " + msg)
    return 1


def cli_run(cli, *args, timeout=120):
    run = subprocess.run([cli, "capture", *args], capture_output=True, text=True, timeout=timeout)
    sys.stdout.write(run.stderr)
    return run


def port_of(work, name):
    with open(os.path.join(work, name)) as f:
        return int(f.read())


def check_stuck(cli, work):
    store = "127.0.0.1:%d" % port_of(work, "store_port")
    frontend = "127.0.0.1:%d" % port_of(work, "frontend_port")
    out = os.path.join(work, "out")
    run = cli_run(cli, "--store", store, "--out", out, "--timeout", "20", "--format", "json", "--exit-code")
    if run.returncode != 1:
        return fail("capture --store exited %d (1 = a hang was found)" % run.returncode)
    report = json.loads(run.stdout)
    if report["job"]["dump_count"] != WORLD or report["analysis"]["hanging_ranks"] != [STUCK]:
        return fail("capture --store read %d dumps and named %s; expected %d and [%d]"
                    % (report["job"]["dump_count"], report["analysis"]["hanging_ranks"], WORLD, STUCK))
    lines = [l for l in run.stderr.splitlines() if "fr_trace_json" in l and "http://" in l]
    if len(lines) != WORLD:
        return fail("expected one line per rank naming its stored address, got %s" % lines)
    print("ok store: %d ranks from debug_server/rank<N>, named [%d]" % (WORLD, STUCK))

    run = cli_run(cli, "--hosts", frontend, "--out", os.path.join(work, "out-frontend"), "--timeout", "5")
    if run.returncode != 2 or "debug frontend" not in run.stderr or "--store" not in run.stderr:
        return fail("--hosts at the frontend's port: exit %d, %r" % (run.returncode, run.stderr))
    run = cli_run(cli, "--hosts", store, "--out", os.path.join(work, "out-store"), "--timeout", "2")
    if run.returncode != 2 or "is a TCPStore" not in run.stderr or "no answer" in run.stderr:
        return fail("--hosts at MASTER_PORT: exit %d, %r" % (run.returncode, run.stderr))
    run = cli_run(cli, "--store", frontend, "--out", os.path.join(work, "out-store-frontend"), "--timeout", "2")
    if run.returncode != 2 or "debug frontend" not in run.stderr:
        return fail("--store at the frontend's port: exit %d, %r" % (run.returncode, run.stderr))
    print("ok ports: the frontend's and the store's port are named as such")

    run = cli_run(cli, "--store", store, "--out", os.path.join(work, "out-again"), "--timeout", "20",
                  "--again-after", "2", "--format", "json")
    if run.returncode != 0:
        return fail("capture --again-after exited %d" % run.returncode)
    progress = json.loads(run.stdout).get("progress")
    if not progress or progress["state"] != "hung" or progress["advanced_ranks"] or progress["slow_ranks"]:
        return fail("--again-after on a stuck job: %s" % progress)
    print("ok hung: %s" % progress["summary"])
    return 0


def check_slow(cli, work):
    store = "127.0.0.1:%d" % port_of(work, "store_port")
    run = cli_run(cli, "--store", store, "--out", os.path.join(work, "out"), "--timeout", "20",
                  "--again-after", "3.5", "--format", "json")
    if run.returncode != 0:
        return fail("capture --again-after exited %d" % run.returncode)
    report = json.loads(run.stdout)
    progress = report.get("progress")
    if not progress or progress["state"] != "advancing" or progress["slow_ranks"] != [SLOW]:
        return fail("--again-after on a slow job: %s" % progress)
    if sorted(progress["advanced_ranks"]) != list(range(WORLD)):
        return fail("every rank should have advanced: %s" % progress)
    print("ok slow: %s" % progress["summary"])
    return 0


def with_job(python, work, extra, check, cli):
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        job = subprocess.Popen([python, os.path.join(HERE, "live_job.py"), work, "--debug-server", "--world",
                                str(WORLD), "--duration", "200"] + extra,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    except OSError as e:
        print("SKIP: cannot run %s (%s); see tests/torch/requirements.txt" % (python, e))
        return SKIP
    try:
        first = job.stdout.readline().strip()
        if job.poll() == SKIP or first.startswith("SKIP"):
            print(first or "SKIP: torch is not importable")
            return SKIP
        if not first.startswith("READY"):
            return fail("the job did not come up: %r (see %s/rank_*.log)" % (first, work))
        return check(cli, work)
    finally:
        job.stdin.close()  # the job ends its ranks
        job.wait(timeout=60)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    python, cli, work = sys.argv[1:]
    try:
        probe = subprocess.run([python, "-c", "import torch, jinja2, aiohttp"], capture_output=True, text=True)
    except OSError:  # no such interpreter: build/torch-venv was never made
        probe = None
    if probe is None or probe.returncode != 0:
        print("SKIP: %s cannot import torch, jinja2 and aiohttp (tests/torch/requirements.txt)" % python)
        return SKIP
    rc = with_job(python, os.path.join(work, "stuck"), ["--hang", str(STUCK)], check_stuck, cli)
    if rc == 0:
        rc = with_job(python, os.path.join(work, "slow"), ["--slow", str(SLOW)], check_slow, cli)
    return rc


if __name__ == "__main__":
    sys.exit(main())

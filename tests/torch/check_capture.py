#!/usr/bin/env python3
"""ctest driver: live capture from a real hung torch job (docs/capture.md).

Starts live_job.py (gloo ranks inside torch's worker_main(), one Unix socket each, one rank stopped before a
collective), runs `flightdeck-cli capture --socket '<dir>/worker_*.sock'` while the job hangs, and checks
that every rank was captured into a new capture-<UTC time> folder and that the hung rank is the one named.
Then captures rank 0 over TCP (--hosts). Then stops rank 3 (SIGSTOP) and checks that a second capture names it as not answering, its dump missing.
Then follows <dir>/dumps with `flightdeck-cli --watch` while the job's ranks write their dumps there over
time (half-written for a while, the hung rank last), and checks that the verdict it prints updates until the
set is complete and then names the hung rank.
Exit 0 when all holds, 1 otherwise, 77 (skip) with one line when torch is not importable.

    check_capture.py PYTHON_WITH_TORCH FLIGHTDECK_CLI WORK_DIR
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
WORLD, HANG, SILENT = 4, 2, 3


def fail(msg):
    print("FAIL: " + msg)
    return 1


def check_capture(cli, work):
    out = os.path.join(work, "out")
    run = subprocess.run([cli, "capture", "--socket", os.path.join(work, "worker_*.sock"), "--out", out,
                          "--timeout", "20", "--format", "json", "--exit-code"], capture_output=True, text=True,
                         timeout=120)
    sys.stdout.write(run.stderr)
    if run.returncode != 1:
        return fail("capture exited %d (1 = a hang was found)" % run.returncode), None
    report = json.loads(run.stdout)
    folders = [n for n in os.listdir(out)]
    if len(folders) != 1 or not folders[0].startswith("capture-"):
        return fail("expected one capture-<time> folder in %s, found %s" % (out, folders)), None
    folder = os.path.join(out, folders[0])
    files = sorted(os.listdir(folder))
    if files != ["_dump_%d.json" % r for r in range(WORLD)]:
        return fail("captured files %s" % files), None
    named = report["analysis"]["hanging_ranks"]
    if report["job"]["dump_count"] != WORLD or named != [HANG]:
        return fail("capture read %d dumps and named %s; expected %d and [%d]"
                    % (report["job"]["dump_count"], named, WORLD, HANG)), None
    print("ok capture: %d ranks into %s, named %s" % (WORLD, folders[0], named))
    return 0, folder


def check_tcp(cli, work):
    """capture --hosts reaches rank 0's TCP worker server (torch's _WorkerServer(host, port))."""
    with open(os.path.join(work, "tcp_port_0")) as f:
        port = int(f.read())
    out = os.path.join(work, "out-tcp")
    run = subprocess.run([cli, "capture", "--hosts", "127.0.0.1:%d" % port, "--out", out, "--timeout", "10",
                          "--format", "json"], capture_output=True, text=True, timeout=60)
    sys.stdout.write(run.stderr)
    if run.returncode != 0:
        return fail("capture --hosts exited %d" % run.returncode)
    folders = os.listdir(out)
    if len(folders) != 1 or os.listdir(os.path.join(out, folders[0])) != ["_dump_0.json"]:
        return fail("capture --hosts wrote %s" % folders)
    print("ok tcp: rank 0 captured over 127.0.0.1:%d" % port)
    return 0


def check_silent_rank(cli, work, pid):
    """A process stopped hard (SIGSTOP: its worker server's thread cannot answer either) is named as silent."""
    out = os.path.join(work, "out-silent")
    os.kill(pid, signal.SIGSTOP)
    try:
        run = subprocess.run([cli, "capture", "--socket", os.path.join(work, "worker_*.sock"), "--out", out,
                              "--timeout", "2", "--format", "json"], capture_output=True, text=True, timeout=60)
    finally:
        os.kill(pid, signal.SIGCONT)
    sys.stdout.write(run.stderr)
    if run.returncode != 0:
        return fail("capture with rank %d stopped exited %d" % (SILENT, run.returncode))
    report = json.loads(run.stdout)
    lines = [l for l in run.stderr.splitlines() if ("rank %d (" % SILENT) in l]
    if len(lines) != 1 or "no answer" not in lines[0]:
        return fail("expected one 'no answer' line for rank %d, got %s" % (SILENT, lines))
    if SILENT not in report["analysis"]["missing_ranks"]:
        return fail("the analysis does not count rank %d's dump as missing: %s"
                    % (SILENT, report["analysis"]["missing_ranks"]))
    if not any("did not answer its worker server" in e["message"] for e in report["job"]["load_errors"]):
        return fail("no load error says that rank %d did not answer its worker server" % SILENT)
    print("ok silent rank: rank %d (SIGSTOP) reported as not answering, its dump missing" % SILENT)
    return 0


def check_watch(cli, work):
    """--watch follows <dir>/dumps while the job's ranks write their dumps there over time, the hung rank last."""
    watched = os.path.join(work, "dumps")
    with open(os.path.join(work, "watch.out"), "w+") as out, open(os.path.join(work, "watch.err"), "w+") as err:
        # gloo dumps do not name the world: --world-size says how many dumps make the set complete
        proc = subprocess.Popen([cli, "--watch", watched, "-p", "_dump_*.json", "--watch-timeout", "40", "--world-size", str(WORLD),
                                 "--format", "json", "--exit-code"], stdout=out, stderr=err, text=True)
        time.sleep(0.5)
        open(os.path.join(work, "dump_now"), "w").close()  # the job starts dumping
        proc.wait(timeout=90)
        out.seek(0)
        err.seek(0)
        stdout, lines = out.read(), err.readlines()
    status = [l.strip() for l in lines if "verdict:" in l]
    sys.stdout.write("".join(lines))
    if proc.returncode != 1:
        return fail("--watch exited %d" % proc.returncode)
    if len(status) < 2:
        return fail("--watch printed %d status line(s); expected one per arrival" % len(status))
    if "hanging ranks: [%d]" % HANG not in status[-1] or "missing: -" not in status[-1]:
        return fail("last status line: %s" % status[-1])
    if "hanging ranks: [%d]" % HANG in status[0]:
        return fail("the first status already named rank %d before its dump arrived: %s" % (HANG, status[0]))
    if any("error" in l.lower() for l in lines):
        return fail("a half-written dump was reported as an error")
    if json.loads(stdout)["analysis"]["hanging_ranks"] != [HANG]:
        return fail("--watch's final report does not name rank %d" % HANG)
    print("ok watch: %d updates while the job dumped, the last names [%d]" % (len(status), HANG))
    return 0


def rank_pid(work, rank):
    with open(os.path.join(work, "pid_%d" % rank)) as f:
        return int(f.read())


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    python, cli, work = sys.argv[1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        job = subprocess.Popen([python, os.path.join(HERE, "live_job.py"), work, "--world", str(WORLD), "--hang",
                                str(HANG), "--duration", "240"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    except OSError as e:
        print("SKIP: cannot run %s (%s); see tests/torch/requirements.txt" % (python, e))
        return SKIP
    try:
        first = job.stdout.readline().strip()
        if job.poll() == SKIP or first.startswith("SKIP"):
            print(first or "SKIP: torch is not importable")
            return SKIP
        if not first.startswith("READY"):
            return fail("the job did not come up: %r" % first)
        rc, _ = check_capture(cli, work)
        if not rc:
            rc = check_tcp(cli, work)
        if not rc:
            rc = check_silent_rank(cli, work, rank_pid(work, SILENT))
        if not rc:
            rc = check_watch(cli, work)
    finally:
        job.stdin.close()  # the job ends its ranks
        job.wait(timeout=60)
    return rc


if __name__ == "__main__":
    sys.exit(main())

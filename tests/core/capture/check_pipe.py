#!/usr/bin/env python3
"""ctest driver: `flightdeck-cli capture --pipe` against fake NCCL ranks (docs/capture.md).

A real NCCL job cannot run on this CPU-only machine, so each "rank" here is a thread that does what
ProcessGroupNCCL does with TORCH_NCCL_DEBUG_INFO_PIPE_FILE: it makes the FIFO <stem><rank>.pipe, keeps it open
for reading (non-blocking, polled), and when something is written to it, writes its dump to
TORCH_FR_DUMP_TEMP_FILE<rank> with a plain write, not atomically. The dumps are the 4 ranks of the
stops-issuing scenario (tests/data/scenarios; rank 2 stops issuing). Faults:
  rank 0 writes its dump in three parts, 0.4 s apart (a growing, half-written file is not an error);
  rank 1 has a stale dump from an earlier trigger before this one (only the new one may be taken);
  rank 4's pipe has no reader (the process is gone);
  rank 5 reads the trigger but writes only half a pickle (cut short);
  pipe_6.pipe is a regular file (never written to).
Checks: ranks 0-3 captured with their own bytes, one line for each bad rank, the analysis names rank 2,
the dump files and the decoy are unchanged, and nothing is written outside --out.

    check_pipe.py FLIGHTDECK_CLI SCENARIO_DIR WORK_DIR
"""

import errno
import json
import os
import shutil
import subprocess
import sys
import threading
import time


def fail(msg):
    print("FAIL: " + msg)
    return 1


class FakeRank(threading.Thread):
    def __init__(self, stem, prefix, rank, dump, parts=1, pause=0.0):
        super().__init__(daemon=True)
        self.pipe = "%s%d.pipe" % (stem, rank)
        self.out = "%s%d" % (prefix, rank)
        self.dump, self.parts, self.pause = dump, parts, pause
        os.mkfifo(self.pipe)
        self.fd = os.open(self.pipe, os.O_RDONLY | os.O_NONBLOCK)
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                got = os.read(self.fd, 128)
            except BlockingIOError:
                got = b""
            if got:
                step = -(-len(self.dump) // self.parts)
                with open(self.out, "wb") as f:  # like DebugInfoWriter: a plain, non-atomic write
                    for i in range(0, len(self.dump), step):
                        f.write(self.dump[i:i + step])
                        f.flush()
                        time.sleep(self.pause)
                return
            time.sleep(0.05)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    cli, scenario, work = sys.argv[1:]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    stem, prefix, out = os.path.join(work, "pipe_"), os.path.join(work, "trace_"), os.path.join(work, "out")
    dumps = {r: open(os.path.join(scenario, "_dump_%d" % r), "rb").read() for r in range(4)}
    with open(prefix + "1", "wb") as f:
        f.write(dumps[0])  # stale: from an earlier trigger, and not rank 1's
    old = time.time() - 60
    os.utime(prefix + "1", (old, old))
    ranks = [FakeRank(stem, prefix, 0, dumps[0], parts=3, pause=0.4)]
    ranks += [FakeRank(stem, prefix, r, dumps[r]) for r in (1, 2, 3)]
    ranks.append(FakeRank(stem, prefix, 5, dumps[3][: len(dumps[3]) // 2]))
    os.mkfifo(stem + "4.pipe")  # nobody reads it
    with open(stem + "6.pipe", "w") as f:
        f.write("decoy\n")
    for r in ranks:
        r.start()
    before = set(os.listdir(work))
    run = subprocess.run([cli, "capture", "--pipe", stem, "--dump-prefix", prefix, "--out", out, "--timeout", "4",
                          "--format", "json"], capture_output=True, text=True, timeout=60)
    for r in ranks:
        r.stop.set()
    sys.stdout.write(run.stderr)
    if run.returncode != 0:
        return fail("capture exited %d" % run.returncode)
    report = json.loads(run.stdout)
    folders = os.listdir(out)
    if len(folders) != 1 or not folders[0].startswith("capture-"):
        return fail("expected one capture-<time> folder in %s, found %s" % (out, folders))
    folder = os.path.join(out, folders[0])
    files = sorted(os.listdir(folder))
    if files != ["_dump_%d" % r for r in range(4)]:
        return fail("captured files %s" % files)
    for r in range(4):
        if open(os.path.join(folder, "_dump_%d" % r), "rb").read() != dumps[r]:
            return fail("_dump_%d is not rank %d's dump as written (a stale or half-written file was taken)" % (r, r))
    lines = run.stderr.splitlines()
    expect = {4: "no process reads", 5: "truncated pickle", 6: "not a named pipe"}
    for r, text in expect.items():
        hits = [l for l in lines if ("pipe_%d.pipe" % r) in l and text in l]
        if len(hits) != 1:
            return fail("expected one line about pipe_%d.pipe saying %r" % (r, text))
    if open(stem + "6.pipe").read() != "decoy\n":
        return fail("the regular file pipe_6.pipe was written to")
    written_by_ranks = {"trace_%d" % r for r in (0, 1, 2, 3, 5)}
    stray = set(os.listdir(work)) - before - {"out"} - written_by_ranks
    if stray:
        return fail("files appeared outside --out: %s" % sorted(stray))
    if open(prefix + "5", "rb").read() != dumps[3][: len(dumps[3]) // 2]:
        return fail("rank 5's dump file was changed")
    named = report["analysis"]["hanging_ranks"]
    if 2 not in named:
        return fail("the analysis of the capture names %s, not rank 2" % named)
    if report["job"]["dump_count"] != 4:
        return fail("the analysis read %d dumps, expected 4" % report["job"]["dump_count"])
    print("ok pipe capture: ranks 0-3 captured into %s, bad ranks one line each, names %s" % (folders[0], named))
    return 0


if __name__ == "__main__":
    sys.exit(main())

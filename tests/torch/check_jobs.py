#!/usr/bin/env python3
"""ctest driver: runs the real torch jobs once (fr_jobs.py, all scenarios at once), then asks flightdeck-cli
about each job folder, pickle and JSON, and checks that it read every file and named exactly the ranks at
fault (expected.json). One line per scenario and format; exit 0 when all agree, 1 otherwise, 77 (ctest's
skip code) with one line when torch is not importable.

    check_jobs.py PYTHON_WITH_TORCH FLIGHTDECK_CLI WORK_DIR
"""

import json
import os
import subprocess
import sys

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))

# Scenarios whose attribution FlightDeck does not get right yet, with why (docs/torch-jobs.md). Their files
# must still all load and the missing dump must still be reported; the culprit check is reported, not
# enforced. Remove an entry as soon as the analysis handles it.
KNOWN_GAPS = {}


def analyse(cli, folder, pattern):
    run = subprocess.run([cli, "--fr-path", folder, "-p", pattern, "--format", "json"], capture_output=True,
                         text=True, timeout=120)
    if run.returncode not in (0, 1):
        return None, "flightdeck-cli exited %d: %s" % (run.returncode, run.stderr.strip()[:300])
    return json.loads(run.stdout), ""


def check(cli, job_dir, fmt, pattern):
    expected = json.load(open(os.path.join(job_dir, "expected.json")))
    folder = os.path.join(job_dir, fmt)
    files = sorted(n for n in os.listdir(folder) if not n.endswith(".tmp"))
    report, err = analyse(cli, folder, pattern)
    if report is None:
        return False, err
    job = report["job"]
    problems = []
    if job["load_errors"]:
        problems.append("load errors: %s" % job["load_errors"])
    if job["dump_count"] != len(files):
        problems.append("read %d of %d files" % (job["dump_count"], len(files)))
    if job["missing_ranks"] != expected["no_dump"]:
        problems.append("missing ranks %s, expected %s" % (job["missing_ranks"], expected["no_dump"]))
    named = report["analysis"]["hanging_ranks"]
    gap = KNOWN_GAPS.get(expected["scenario"])
    culprit_line = "named %s, expected %s" % (named, expected["culprits"])
    if named != expected["culprits"]:
        if gap:
            culprit_line += " (KNOWN GAP: %s)" % gap
        else:
            problems.append(culprit_line)
    # fr_jobs.py dumps whole recorders: a note that they hold only active entries would misread gloo's retired work.
    if any("only active" in n for n in report["analysis"].get("notes", [])):
        problems.append("claims the dumps hold only active entries")
    wanted = expected.get("stragglers")
    if wanted is not None:
        stragglers = sorted({s["rank"] for s in report["analysis"].get("stragglers", [])})
        if stragglers != sorted(wanted):
            problems.append("stragglers %s, expected %s" % (stragglers, sorted(wanted)))
        else:
            culprit_line += ", stragglers %s" % stragglers
    # Where the dumps cannot tell which culprit is wrong, the report must say so rather than pick one.
    if expected.get("ambiguous") and "ambiguous" not in report["analysis"]["reason"]:
        problems.append("names %s without saying the dumps cannot tell which is wrong" % named)
    verdict = report["analysis"]["verdict"]
    if not expected["culprits"] and verdict != "no_hang":
        problems.append("verdict %s on a healthy job" % verdict)
    ok = not problems
    return ok, "%d files, %s, verdict %s%s" % (len(files), culprit_line, verdict,
                                                 "" if ok else ": " + "; ".join(problems))


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    python, cli, work = sys.argv[1:]
    if not os.path.exists(python):
        print("SKIP: no Python with torch at %s (scripts/torch-venv.sh makes it)" % python)
        return SKIP
    gen = subprocess.run([python, os.path.join(HERE, "fr_jobs.py"), work], capture_output=True, text=True,
                         timeout=300)
    if gen.returncode == SKIP:
        print(gen.stdout.strip() or "SKIP: torch is not importable")
        return SKIP
    sys.stdout.write(gen.stdout)
    if gen.returncode != 0:
        print("fr_jobs.py failed (%d): %s" % (gen.returncode, gen.stderr.strip()[-2000:]))
        return 1
    failed = 0
    for name in sorted(os.listdir(work)):
        job_dir = os.path.join(work, name)
        if not os.path.isfile(os.path.join(job_dir, "expected.json")):
            continue
        for fmt, pattern in (("pickle", "_dump_*"), ("json", "_dump_*.json")):
            ok, line = check(cli, job_dir, fmt, pattern)
            failed += not ok
            print("%-4s %-18s %-6s %s" % ("ok" if ok else "FAIL", name, fmt, line))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs fr-synth on a tiny job and checks every file: pickle.loads accepts it, the schema looks like 2.10,
and tests/data/generate.py's FrPickleWriter re-encodes it to the same bytes (so both writers agree on the
C++ pickler layout). Usage: check_synth.py FR_SYNTH OUT_DIR GENERATE_PY"""

import importlib.util
import os
import pickle
import shutil
import subprocess
import sys


def main():
    exe, out, gen_path = sys.argv[1:4]
    spec = importlib.util.spec_from_file_location("fd_generate", gen_path)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    failures = 0
    for args in (["--ranks", "16", "--entries", "50", "--stacks", "--timing", "--stuck-rank", "5",
                  "--missing-rank", "3"],
                 ["--ranks", "6", "--entries", "30", "--seed", "7"]):
        shutil.rmtree(out, ignore_errors=True)
        subprocess.run([exe, "--out", out] + args, check=True)
        ranks = int(args[1])
        names = sorted(os.listdir(out))
        expected = ["_dump_%d" % r for r in range(ranks) if not ("--missing-rank" in args and r == 3)]
        if names != sorted(expected):
            print("unexpected files:", names)
            failures += 1
        for name in names:
            with open(os.path.join(out, name), "rb") as f:
                data = f.read()
            obj = pickle.loads(data)
            if obj["version"] != "2.10" or not obj["entries"]:
                print(name, "bad content")
                failures += 1
            n = len(obj["entries"])
            if n != int(args[3]) and not ("--stuck-rank" in args and name == "_dump_5"):
                print(name, "has", n, "entries")
                failures += 1
            if gen.FrPickleWriter.dumps(gen.share_like_cpp(obj)) != data:
                print(name, "differs from FrPickleWriter's bytes")
                failures += 1
    shutil.rmtree(out, ignore_errors=True)
    print("ok" if not failures else "%d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Writes the dump pairs `flightdeck-cli compare` is tested on (tests/cli, docs/attribution.md "Two snapshots"):
three gloo ranks as torch 2.13's fr_trace_json gives them, captured twice.

- hung/: nothing moved between the captures (30 s apart); rank 2 never entered the collective the others wait in.
- advancing/: every rank completed three more collectives in 5 s; rank 2 was the one the others waited on both
  times: slow, not stuck.
- other-job/: a second capture of another run (same shape, other creation times): compare must refuse it.

    make_snapshots.py    (writes beside itself; the output is committed)
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
WORLD = 3
T0 = 1796164896000000000


def entry(rank, seq, done, t0):
    return {"collective_seq_id": seq, "input_dtypes": ["Float"], "input_sizes": [[4]], "is_p2p": False,
            "op_id": seq, "output_dtypes": ["Float"], "output_sizes": [[4]], "p2p_seq_id": 0, "pg_id": 0,
            "process_group": ["0", "default_pg"], "profiling_name": "gloo:all_reduce", "record_id": seq - 1,
            "retired": done, "state": "scheduled", "thread_id": "1407", "thread_name": "python",
            "time_created_ns": t0 + seq * 1000000 + rank, "time_discovered_completed_ns": 0,
            "time_discovered_started_ns": 0, "timeout_ms": 600000}


def dump(rank, completed, t0):
    # Ranks 0 and 1 entered the next all_reduce; rank 2 had not issued it yet.
    entered = completed + (1 if rank != 2 else 0)
    return {"comm_lib_version": "", "entries": [entry(rank, s, s <= completed, t0) for s in range(1, entered + 1)],
            "nccl_comm_state": {}, "pg_config": {"": {"desc": "", "name": "", "ranks": "[0, 1, 2]"}},
            "pg_status": {"0": {"last_completed_collective": str(completed), "last_enqueued_collective": str(entered),
                                "last_started_collective": "-1"}}, "version": "2.10"}


def write(case, folder, completed, t0=T0):
    path = os.path.join(HERE, case, folder)
    os.makedirs(path, exist_ok=True)
    for rank in range(WORLD):
        with open(os.path.join(path, "_dump_%d.json" % rank), "w") as f:
            json.dump(dump(rank, completed, t0), f, sort_keys=True, separators=(",", ":"))


write("hung", "capture-20261201T100000Z", 3)
write("hung", "capture-20261201T100030Z", 3)
write("advancing", "capture-20261201T110000Z", 3)
write("advancing", "capture-20261201T110005Z", 6)
write("other-job", "capture-20261201T120000Z", 3)
write("other-job", "capture-20261201T120010Z", 4, T0 + 777000000000)

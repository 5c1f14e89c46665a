#!/usr/bin/env python3
"""Writes the seed corpus: small pickles shaped like Flight Recorder dumps (C++ pickler style and Python
pickle.dump protocols 2-5) plus JSON dumps (torch's shape, and one with frames, escapes and non-ASCII text for the
typed JSON reader). Synthetic values only; run from anywhere."""
import json
import os
import pickle
import struct

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
os.makedirs(here, exist_ok=True)

frame = {"name": "train_step", "filename": "train.py", "line": 42}
entry = {
    "frames": [frame, frame],
    "record_id": 7, "pg_id": 0, "process_group": ("0", "default_pg"),
    "thread_name": "pt_nccl_watchdg", "thread_id": "140230", "collective_seq_id": 12, "p2p_seq_id": 0,
    "op_id": 40, "profiling_name": "nccl:all_reduce", "time_created_ns": 1700000000000000000,
    "duration_ms": 1.5, "input_sizes": [[1024, 4096]], "input_dtypes": ["BFloat16"],
    "output_sizes": [[1024, 4096]], "output_dtypes": ["BFloat16"], "state": "completed",
    "time_discovered_started_ns": None, "time_discovered_completed_ns": 1700000000000500000,
    "retired": True, "timeout_ms": 600000, "is_p2p": False,
}
dump = {
    "version": "2.10",
    "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0, 1]"}},
    "comm_lib_version": "2.21.5",
    "pg_status": {"0": {"last_enqueued_collective": 12, "last_started_collective": -1,
                        "last_completed_collective": 12}},
    "entries": [entry, dict(entry, record_id=8, state="scheduled", retired=False)],
}
for proto in (2, 3, 4, 5):
    with open(os.path.join(here, f"dump_proto{proto}.pickle"), "wb") as f:
        f.write(pickle.dumps(dump, protocol=proto))
with open(os.path.join(here, "old_list_format.pickle"), "wb") as f:
    f.write(pickle.dumps([{"seq_id": 1, "time_created_us": 5, "state": "scheduled"}], protocol=2))
with open(os.path.join(here, "int_keys.pickle"), "wb") as f:
    f.write(pickle.dumps({"pg_config": {0: [0, 1], 1: [2, 3]}, "big": 2**70, "neg": -2**70,
                          "b": b"\x00\xff", "f": float("nan"), "s": "caf\xe9"}, protocol=4))
# What the C++ pickler writes: BINUNICODE + BINPUT, containers BINPUT after their contents, LONG1 length 8.
cpp = bytearray(b"\x80\x02}(X\x07\x00\x00\x00versionq\x00X\x04\x00\x00\x002.10q\x01")
cpp += b"X\x07\x00\x00\x00entriesq\x02](}(X\x04\x00\x00\x00nameq\x03X\x01\x00\x00\x00fq\x04u"
cpp += b"r\x00\x01\x00\x00h\x03j\x00\x01\x00\x00\x8a\x08" + struct.pack("<q", 1700000000000000000)
cpp += b"G" + struct.pack(">d", 1.25) + b"N\x88\x89K\x01M\x00\x01J\xff\xff\xff\xff\x86eu."
with open(os.path.join(here, "cpp_pickler.pickle"), "wb") as f:
    f.write(bytes(cpp))
with open(os.path.join(here, "dump.json"), "w") as f:
    json.dump(dict(dump, entries=[dict(entry, frames=None)]), f, sort_keys=True, separators=(",", ":"))
# What the typed JSON reader takes: torch's shape (pg_status values as strings, no frames), then frames, escapes,
# raw and escaped non-ASCII, nulls and floats in the places the schema allows them.
torch_entry = {k: (list(v) if isinstance(v, tuple) else v) for k, v in entry.items() if k != "frames"}
torch_entry["time_discovered_started_ns"] = 0
torch_dump = dict(dump, entries=[torch_entry, dict(torch_entry, record_id=8, state="scheduled", retired=False)],
                  pg_status={"0": {k: str(v) for k, v in dump["pg_status"]["0"].items()}})
with open(os.path.join(here, "torch_dump.json"), "w") as f:
    json.dump(torch_dump, f, sort_keys=True, separators=(",", ":"))
rich_entry = dict(torch_entry, frames=[frame, {"name": "f\u00e9\"q\"", "filename": "donn\u00e9es/\u65e5.py", "line": 7}],
                  profiling_name="nccl:all_reduce \u00e9\U0001f600\n", thread_name=None, duration_ms=None, seq_id=-3,
                  time_created_us=5)
with open(os.path.join(here, "frames_escapes.json"), "w") as f:
    f.write(json.dumps(dict(torch_dump, entries=[rich_entry, torch_entry]), indent=1, ensure_ascii=True))


#!/usr/bin/env python3
"""Writes the hang-attribution scenario jobs to tests/data/scenarios/<case>/ with their expected findings.

Run: python3 tests/data/scenarios.py [--out DIR]

Each case is a small job (4 ranks) written as C++-pickler-exact dumps (_dump_<rank>, FrPickleWriter from
generate.py) plus expected-report.json: the stable findings flightdeck-cli must produce (verdict, culprits
with their kind, victims, frontier PG + seq + ranks). The expectations are written here by hand from how
each job was built, not captured from FlightDeck's output. Deterministic: fixed timestamps, sorted output.
"""

import argparse
import json
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import FrPickleWriter  # noqa: E402

T0 = 1_700_000_000_000_000_000


class JobSim:
    """Per-rank Flight Recorder entries in the 2.10 schema, with pg_status derived from them."""

    def __init__(self, world, timing=False):
        self.world = world
        self.timing = timing
        self.pgs = {}            # name -> (desc, ranks)
        self.local = {}          # name -> local pg id (same on every rank: created in the same order)
        self.entries = {r: [] for r in range(world)}
        self.coll = {}           # (rank, pg) -> last collective_seq_id
        self.p2p = {}            # (rank, pg) -> last p2p_seq_id
        self.last_kind = {}      # (rank, pg) -> "coll" | "p2p": what pg_status counts
        self.drop_status = {}    # rank -> PG names left out of its pg_status
        self.open_groups = {}    # (rank, pg) -> seq of a coalesced group opened but not closed
        self.counts_inner = set()  # ranks whose writer counts an open group's inner ops in last_enqueued
        self.health = {}

    def pg(self, name, desc, ranks):
        self.local[name] = len(self.pgs)
        self.pgs[name] = (desc, sorted(ranks))

    def _entry(self, rank, pg, op, state, in_sizes, dtype, out_sizes, p2p):
        key = (rank, pg)
        if p2p:
            self.p2p[key] = self.p2p.get(key, 0) + 1
            self.last_kind[key] = "p2p"
        elif not op.endswith("_coalesced") and op != "nccl:coalesced" or True:
            pass
        rid = len(self.entries[rank])
        t = T0 + rid * 1_000_000 + rank
        started = state in ("started", "completed") and self.timing
        e = {
            "record_id": rid, "pg_id": self.local[pg], "process_group": (pg, self.pgs[pg][0]),
            "thread_name": "pt_nccl_watchdg", "thread_id": "140000000000",
            "collective_seq_id": self.coll.get(key, 0), "p2p_seq_id": self.p2p.get(key, 0),
            "op_id": rid + 1, "profiling_name": op, "time_created_ns": t,
        }
        if self.timing:
            e["duration_ms"] = 1.5 if state == "completed" else None
        e.update({
            "input_sizes": in_sizes, "input_dtypes": [dtype] if in_sizes else [],
            "output_sizes": out_sizes if out_sizes is not None else in_sizes,
            "output_dtypes": [dtype] if in_sizes else [], "state": state,
            "time_discovered_started_ns": t + 10 if started else None,
            "time_discovered_completed_ns": t + 20 if state == "completed" else None,
            "retired": state == "completed", "timeout_ms": 600000, "is_p2p": p2p,
        })
        if self.timing and e["duration_ms"] is None:
            del e["duration_ms"]
        self.entries[rank].append(e)
        return e

    def coll_op(self, pg, op, states, sizes=None, dtype="BFloat16", out=None, per_rank=None):
        """One collective on every member; states: rank -> state, or None for "not issued"."""
        for r in self.pgs[pg][1]:
            st = states.get(r, "completed") if isinstance(states, dict) else states
            if st is None:
                continue
            key = (r, pg)
            self.coll[key] = self.coll.get(key, 0) + 1
            self.last_kind[key] = "coll"
            o, s, d, ou = op, sizes if sizes is not None else [[1024]], dtype, out
            if per_rank and r in per_rank:
                o, s, d, ou = per_rank[r].get("op", o), per_rank[r].get("sizes", s), per_rank[r].get("dtype", d), per_rank[r].get("out", ou)
            self._entry(r, pg, o, st, s, d, ou, False)

    def coalesced(self, pg, inner_op, n, state="completed", terminator="nccl:ALLGATHER_coalesced", partial=None):
        """A non-p2p coalesced group: n inner entries that stay scheduled, then the terminator.
        partial: rank -> k, a rank that stopped after recording k inner entries and before the terminator
        (k = 0: before the group, so before startCoalescing bumped the seq)."""
        for r in self.pgs[pg][1]:
            k = (partial or {}).get(r, n)
            if k == 0:
                continue
            key = (r, pg)
            self.coll[key] = self.coll.get(key, 0) + 1
            self.last_kind[key] = "coll"
            for _ in range(k):
                self._entry(r, pg, inner_op, "scheduled", [[64]], "BFloat16", [[64 * len(self.pgs[pg][1])]], False)
            if k < n:
                self.open_groups[key] = self.coll[key]
                continue
            self._entry(r, pg, terminator, state, [], "BFloat16", [], False)

    def send_recv(self, pg, src, dst, send_state="completed", recv_state="completed", sizes=None):
        ranks = self.pgs[pg][1]
        ls, ld = ranks.index(src), ranks.index(dst)
        if send_state is not None:
            self._entry(src, pg, f"nccl:send {ls}->{ld}", send_state, sizes or [[512]], "BFloat16", None, True)
        if recv_state is not None:
            self._entry(dst, pg, f"nccl:recv {ld}<-{ls}", recv_state, sizes or [[512]], "BFloat16", None, True)

    def p2p_batch(self, pg, pairs, state="completed"):
        """batch_isend_irecv: inner send/recv entries stay scheduled; a nccl:coalesced terminator per rank."""
        touched = []
        for src, dst in pairs:
            self.send_recv(pg, src, dst, "scheduled", "scheduled")
            touched += [src, dst]
        for r in sorted(set(touched)):
            self._entry(r, pg, "nccl:coalesced", state, [], "BFloat16", [], True)

    def status(self, rank):
        out = {}
        for name in self.pgs:
            if rank not in self.pgs[name][1] or name in self.drop_status.get(rank, ()):
                continue
            key = (rank, name)
            kind = self.last_kind.get(key, "coll")
            mine = [e for e in self.entries[rank] if e["process_group"][0] == name and e["is_p2p"] == (kind == "p2p")]
            if key in self.open_groups and rank not in self.counts_inner:
                # PyTorch moves last_enqueued when the group's terminator is enqueued, not for its inner ops
                mine = [e for e in mine if e["collective_seq_id"] != self.open_groups[key]]
            seq = (lambda e: e["p2p_seq_id"]) if kind == "p2p" else (lambda e: e["collective_seq_id"])
            enq = max((seq(e) for e in mine), default=0)
            pending = [seq(e) for e in mine if e["state"] != "completed" and not self._inner(rank, e)]
            comp = (min(pending) - 1) if pending else enq
            started = max((seq(e) for e in mine if e["state"] in ("started", "completed")), default=-1) if self.timing else -1
            out[str(self.local[name])] = {"last_enqueued_collective": enq, "last_started_collective": started,
                                          "last_completed_collective": comp}
        return out

    def _inner(self, rank, e):
        later = self.entries[rank][e["record_id"] + 1:]
        for x in later:
            if x["process_group"][0] != e["process_group"][0]:
                continue
            if x["profiling_name"].endswith("coalesced"):
                return True
            if x["is_p2p"] != e["is_p2p"] or x["state"] != "scheduled":
                return False
        return False

    def write(self, out_dir, missing=(), only_active=False, roll=None):
        os.makedirs(out_dir, exist_ok=True)
        for r in range(self.world):
            if r in missing:
                continue
            entries = self.entries[r]
            if only_active:
                entries = [e for e in entries if e["state"] != "completed"]
            if roll:
                entries = entries[roll.get(r, 0):]
            top = {
                "version": "2.10",
                "pg_config": {n: {"name": n, "desc": d, "ranks": str(rs)} for n, (d, rs) in self.pgs.items() if r in rs},
                "comm_lib_version": "2.21.5",
                "pg_status": self.status(r),
                "entries": entries,
            }
            if r in self.health:
                top["health_check_results"] = self.health[r]
            with open(os.path.join(out_dir, f"_dump_{r}"), "wb") as f:
                f.write(FrPickleWriter.dumps(top))


def world4(timing=False, names=("0", "1", "2")):
    j = JobSim(4, timing)
    j.pg(names[0], "default_pg", [0, 1, 2, 3])
    j.pg(names[1], "TENSOR_MODEL_PARALLEL_GROUP", [0, 1])
    j.pg(names[2], "TENSOR_MODEL_PARALLEL_GROUP", [2, 3])
    return j


def warmup(j, steps=5, names=("0", "1", "2")):
    for _ in range(steps):
        j.coll_op(names[1], "nccl:all_reduce", "completed")
        j.coll_op(names[2], "nccl:all_reduce", "completed")
        j.coll_op(names[0], "nccl:all_reduce", "completed")


def expect(verdict, culprits=(), victims=(), frontier=(), deadlocks=()):
    return {"verdict": verdict,
            "culprits": [{"rank": r, "kind": k} for r, k in culprits],
            "victims": sorted(victims),
            "frontier": [dict(pg_name=p, seq=s, **kw) for p, s, kw in frontier],
            "deadlocks": [sorted(d) for d in deadlocks]}


def case_healthy(d):
    j = world4()
    warmup(j, 8)
    j.write(d)
    return expect("no_hang")


def case_stops_issuing(d):
    j = world4()
    warmup(j)
    j.coll_op("0", "nccl:all_reduce", {0: "scheduled", 1: "scheduled", 2: None, 3: "scheduled"})
    j.write(d, only_active=True)
    return expect("continue", [(2, "stopped_issuing")], [0, 1, 3], [("0", 6, {"missing_ranks": [2]})])


def case_missing_dump(d):
    j = world4()
    warmup(j)
    j.coll_op("0", "nccl:all_reduce", {0: "scheduled", 1: "scheduled", 2: "scheduled", 3: None})
    j.write(d, missing=(3,))
    return expect("continue", [(3, "missing_dump")], [0, 1, 2], [("0", 6, {"missing_ranks": [3]})])


def case_broken_gpu(d):
    j = world4()
    warmup(j)
    j.coll_op("0", "nccl:all_reduce", {0: "completed", 1: "completed", 2: "scheduled", 3: "completed"})
    j.coll_op("0", "nccl:all_reduce", "scheduled")
    j.write(d)
    return expect("continue", [(2, "broken_gpu")], [0, 1, 3], [("0", 6, {"stuck_ranks": [2]})])


def mismatch_case(d, per_rank, odd, kind_status):
    j = world4()
    warmup(j)
    # a correct pending all_gather first (out = in x 4): must not be flagged
    j.coll_op("0", "nccl:_all_gather_base", "scheduled", sizes=[[8]], out=[[32]])
    j.coll_op("0", "nccl:all_reduce", "scheduled", sizes=[[2048]], per_rank=per_rank)
    j.write(d)
    return expect("stop", [(odd, "mismatch")], [r for r in range(4) if r != odd],
                  [("0", 7, {"mismatched_ranks": [odd], "status": kind_status})])


def case_size_mismatch(d):
    return mismatch_case(d, {1: {"sizes": [[1024]]}}, 1, "size_mismatch")


def case_dtype_mismatch(d):
    return mismatch_case(d, {3: {"dtype": "Float"}}, 3, "dtype_mismatch")


def case_type_mismatch(d):
    return mismatch_case(d, {0: {"op": "nccl:_all_gather_base", "out": [[8192]]}}, 0, "type_mismatch")


def case_order_deadlock(d):
    j = JobSim(4)
    j.pg("0", "default_pg", [0, 1, 2, 3])
    j.pg("10", "DATA_PARALLEL_GROUP", [0, 1])
    j.pg("11", "EXPERT_MODEL_PARALLEL_GROUP", [0, 1])
    for _ in range(3):
        j.coll_op("10", "nccl:all_reduce", "completed")
        j.coll_op("11", "nccl:all_to_all", "completed")
        j.coll_op("0", "nccl:all_reduce", "completed")
    # rank 0 enters PG 10 first, rank 1 enters PG 11 first: each waits for the other
    j.coll_op("10", "nccl:all_reduce", {0: "scheduled", 1: None})
    j.coll_op("11", "nccl:all_to_all", {0: None, 1: "scheduled"})
    # ranks 2 and 3 wait in the next default_pg collective for ranks 0 and 1
    j.coll_op("0", "nccl:all_reduce", {0: None, 1: None, 2: "scheduled", 3: "scheduled"})
    j.write(d)
    return expect("stop", [(0, "deadlocked"), (1, "deadlocked")], [2, 3],
                  [("10", 4, {"missing_ranks": [1]}), ("11", 4, {"missing_ranks": [0]})], deadlocks=[[0, 1]])


def case_p2p_pipeline_hang(d):
    j = JobSim(4)
    j.pg("0", "default_pg", [0, 1, 2, 3])
    j.pg("pp", "PIPELINE_MODEL_PARALLEL_GROUP", [0, 1, 2, 3])
    for _ in range(3):
        for s in range(3):
            j.send_recv("pp", s, s + 1)
        for s in range(3, 0, -1):
            j.send_recv("pp", s, s - 1)
        j.coll_op("0", "nccl:all_reduce", "completed")
    # next micro-batch: stage 2 never issues its recv from 1 nor its send to 3
    j.send_recv("pp", 0, 1)
    j.send_recv("pp", 1, 2, send_state="scheduled", recv_state=None)
    j.send_recv("pp", 2, 3, send_state=None, recv_state="scheduled")
    j.send_recv("pp", 1, 0, send_state=None, recv_state="scheduled")
    j.write(d, only_active=True)
    return expect("continue", [(2, "stopped_issuing")], [0, 1, 3],
                  [("pp", None, {"missing_ranks": [2], "p2p": True})])


def case_coalesced_healthy(d):
    j = world4()
    warmup(j, 3)
    j.coalesced("0", "nccl:all_gather", 3)
    j.p2p_batch("1", [(0, 1), (1, 0)])
    j.coll_op("0", "nccl:all_reduce", "completed")
    j.coalesced("2", "nccl:reduce_scatter", 2, terminator="nccl:REDUCE_SCATTER_coalesced")
    j.write(d)
    return expect("no_hang")


def case_rolled_over_healthy(d):
    j = world4()
    warmup(j, 12)
    # a busy rank holds fewer steps: each rank's ring buffer starts at a different point
    j.write(d, roll={0: 3, 1: 9, 2: 14, 3: 20})
    return expect("no_hang")


def case_timing_started_stuck(d):
    j = world4(timing=True)
    warmup(j)
    j.coll_op("0", "nccl:all_reduce", {0: "started", 1: "started", 2: "scheduled", 3: "started"})
    j.write(d)
    return expect("continue", [(2, "gpu_stalled")], [0, 1, 3], [("0", 6, {"stuck_ranks": [2]})])


def case_non_integer_pg_names(d):
    names = ("world", "tp:a", "tp:b")
    j = world4(names=names)
    j.pg("dp/replica", "DATA_PARALLEL_GROUP", [1, 3])
    warmup(j, 4, names)
    j.coll_op("dp/replica", "nccl:all_reduce", "completed")
    j.coll_op("dp/replica", "nccl:all_reduce", {1: None, 3: "scheduled"})
    j.coll_op("world", "nccl:all_reduce", {0: "scheduled", 1: None, 2: "scheduled", 3: None})
    # rank 2's pg_status lacks its TP group, where nothing is pending: it must not be blamed
    j.drop_status[2] = ("tp:b",)
    j.write(d, only_active=True)
    return expect("continue", [(1, "stopped_issuing")], [0, 2, 3],
                  [("dp/replica", 2, {"missing_ranks": [1]})])


def case_stuck_mid_coalesced(d):
    # Three data-parallel pairs each run a coalesced all_gather (3 inner ops + ALLGATHER_coalesced). In the
    # last one ranks 3 and 4 stopped inside the coalescing region (3 recorded 2 inner ops, 4 recorded 1, no
    # terminator: nothing was launched) and rank 5 stopped before it. Their partners 0, 1, 2 closed the group
    # and wait in it. Inner ops are not a collective of their own: 3, 4, 5 have not entered collective 4 of
    # their PG, which is no type mismatch (all_gather against ALLGATHER_coalesced) and no rank inside a
    # collective. Rank 4's writer counts inner ops in last_enqueued_collective (PyTorch does not): the missing
    # terminator must still win.
    j = JobSim(6)
    j.pg("0", "default_pg", list(range(6)))
    for name, pair in (("1", [0, 3]), ("2", [1, 4]), ("3", [2, 5])):
        j.pg(name, "DATA_PARALLEL_GROUP", pair)
    for _ in range(3):
        for name in ("1", "2", "3"):
            j.coalesced(name, "nccl:all_gather", 3)
        j.coll_op("0", "nccl:all_reduce", "completed")
    j.coalesced("1", "nccl:all_gather", 3, "scheduled", partial={3: 2})
    j.coalesced("2", "nccl:all_gather", 3, "scheduled", partial={4: 1})
    j.coalesced("3", "nccl:all_gather", 3, "scheduled", partial={5: 0})
    j.counts_inner.add(4)
    j.write(d)
    return expect("continue", [(3, "stopped_issuing"), (4, "stopped_issuing"), (5, "stopped_issuing")], [0, 1, 2],
                  [("1", 4, {"missing_ranks": [3], "status": "not_entered"}),
                   ("2", 4, {"missing_ranks": [4], "status": "not_entered"}),
                   ("3", 4, {"missing_ranks": [5], "status": "not_entered"})])


def case_cascade_across_pgs(d):
    # Rank 0 stops before step 4 (timing on). CPUs enqueue asynchronously, so the others go on issuing while
    # their GPUs block, and a GPU blocked in one op never runs the ops enqueued after it:
    #   rank 1: TP [0,1] step 4 waits on 0 (started); its DP [1,3,5] step 4 queues behind it (scheduled)
    #   rank 2: DP [0,2] step 4 waits on 0 (started)
    #   ranks 3, 5: DP [1,3,5] step 4 is their first pending op and every member entered it (started), but
    #     member 1's GPU is still in TP step 4: they wait on 1
    #   rank 4: TP [4,5] step 5, every member entered, is its first pending op (started); member 5's GPU is
    #     still in DP step 4: it waits on 5 (chain 4 -> 5 -> 1 -> 0)
    #   TP [2,3] step 5 and TP [4,5] step 5 wait behind earlier ops on both members.
    # Nothing but rank 0 explains the hang: exactly 0 is the culprit, everyone else a victim.
    j = JobSim(6, timing=True)
    j.pg("0", "default_pg", list(range(6)))
    j.pg("1", "TENSOR_MODEL_PARALLEL_GROUP", [0, 1])
    j.pg("2", "TENSOR_MODEL_PARALLEL_GROUP", [2, 3])
    j.pg("3", "TENSOR_MODEL_PARALLEL_GROUP", [4, 5])
    j.pg("4", "DATA_PARALLEL_GROUP", [0, 2])
    j.pg("5", "DATA_PARALLEL_GROUP", [1, 3, 5])
    for _ in range(3):
        for name in ("1", "2", "3"):
            j.coll_op(name, "nccl:all_reduce", "completed")
        j.coll_op("4", "nccl:all_reduce", "completed")
        j.coll_op("5", "nccl:all_reduce", "completed")
        j.coll_op("0", "nccl:all_reduce", "completed")
    # step 4
    j.coll_op("1", "nccl:all_reduce", {0: None, 1: "started"})
    j.coll_op("2", "nccl:all_reduce", "completed")
    j.coll_op("3", "nccl:all_reduce", "completed")
    j.coll_op("4", "nccl:all_reduce", {0: None, 2: "started"})
    j.coll_op("5", "nccl:all_reduce", {1: "scheduled", 3: "started", 5: "started"})
    # step 5: the CPUs that are not stuck issued the next TP all_reduce
    j.coll_op("1", "nccl:all_reduce", {0: None, 1: "scheduled"})
    j.coll_op("2", "nccl:all_reduce", {2: "scheduled", 3: "scheduled"})
    j.coll_op("3", "nccl:all_reduce", {4: "started", 5: "scheduled"})
    j.write(d)
    return expect("continue", [(0, "stopped_issuing")], [1, 2, 3, 4, 5],
                  [("1", 4, {"missing_ranks": [0]}), ("4", 4, {"missing_ranks": [0]})])


CASES = {
    "healthy": case_healthy,
    "stops-issuing": case_stops_issuing,
    "missing-dump": case_missing_dump,
    "broken-gpu": case_broken_gpu,
    "size-mismatch": case_size_mismatch,
    "dtype-mismatch": case_dtype_mismatch,
    "type-mismatch": case_type_mismatch,
    "order-deadlock": case_order_deadlock,
    "p2p-pipeline-hang": case_p2p_pipeline_hang,
    "coalesced-healthy": case_coalesced_healthy,
    "rolled-over-healthy": case_rolled_over_healthy,
    "timing-started-stuck": case_timing_started_stuck,
    "non-integer-pg-names": case_non_integer_pg_names,
    "stuck-mid-coalesced": case_stuck_mid_coalesced,
    "cascade-across-pgs": case_cascade_across_pgs,
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "scenarios"))
    args = ap.parse_args()
    for name, fn in CASES.items():
        d = os.path.join(args.out, name)
        shutil.rmtree(d, ignore_errors=True)
        expected = fn(d)
        expected["case"] = name
        with open(os.path.join(d, "expected-report.json"), "w") as f:
            json.dump(expected, f, indent=2, sort_keys=True)
            f.write("\n")
    print(f"wrote {len(CASES)} scenarios to {args.out}")


if __name__ == "__main__":
    main()

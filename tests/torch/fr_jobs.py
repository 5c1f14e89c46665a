#!/usr/bin/env python3
"""Real PyTorch jobs with injected faults, for FlightDeck's tests (docs/torch-jobs.md).

Each scenario is a multi-process gloo job on 127.0.0.1 (4 to 16 ranks, one process per rank) with the
Flight Recorder on. Every rank that is still alive dumps its recorder from a thread of its own, the way the
real dump-on-timeout does, as a pickle (<job>/pickle/_dump_<rank>) and as JSON (<job>/json/_dump_<rank>.json),
then the process ends. <job>/expected.json says which ranks are at fault.

torch is imported once; every rank of every scenario is a fork of this process, so a run costs one torch
import (seconds) plus the scenarios' own time, all scenarios running at once.

    fr_jobs.py OUT [--scenario NAME ...] [--list]

Exit status 77 (ctest's skip code) with one line on stdout when torch is not importable.
"""

import argparse
import json
import os
import shutil
import sys
import threading
import time
import traceback

SKIP = 77

# Before torch is imported: the recorder reads these when the first process group is created.
os.environ.setdefault("TORCH_FR_BUFFER_SIZE", "2000")
os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")
# torch warns once per process that numpy is absent; the tests do not need it.
import warnings  # noqa: E402

warnings.filterwarnings("ignore", message=".*NumPy.*")


class Scenario:
    def __init__(self, name, world, culprits, body, what, exits=(), stragglers=None, grid=None, ambiguous=False):
        self.name = name
        self.world = world
        self.culprits = culprits  # ranks at fault; [] for a healthy job
        self.body = body
        self.what = what
        self.exits = list(exits)  # ranks that end before dumping: no file expected from them
        # ranks analysis.stragglers must name (each at least once); None: the job does not test stragglers
        self.stragglers = stragglers
        self.grid = grid  # (tp, descs): a TP x DP grid instead of two halves; descs names the groups "tp"/"dp"
        self.ambiguous = ambiguous  # the dumps cannot tell which of the culprits is wrong: the report must say so

    def expected_dumps(self):
        return self.world - len(self.exits)


class Ctx:
    """What a rank's body needs: torch, its groups, and ready() to say it reached its final state."""

    def __init__(self, torch, dist, rank, world, sync_dir, grid=None):
        self.torch = torch
        self.dist = dist
        self.rank = rank
        self.world = world
        self.sync_dir = sync_dir
        # Groups are created on every rank in the same order (new_group is collective).
        if grid:
            # Megatron's layout: TP groups of consecutive ranks, DP groups of stride tp.
            tp, descs = grid
            self.tp = self.dp = None
            for start in range(0, world, tp):
                g = dist.new_group(list(range(start, start + tp)), group_desc="tp" if descs else None)
                if start <= rank < start + tp:
                    self.tp = g
            for first in range(tp):
                g = dist.new_group(list(range(first, world, tp)), group_desc="dp" if descs else None)
                if rank % tp == first:
                    self.dp = g
            self.half = self.tp
        else:
            # Two halves.
            half = world // 2
            lower = dist.new_group(list(range(half)))
            upper = dist.new_group(list(range(half, world)))
            self.half = lower if rank < half else upper

    def tensor(self, n=4):
        return self.torch.ones(n)

    def ready(self):
        """This rank is about to block, idle or exit: the dumpers wait for every rank to say so."""
        path = os.path.join(self.sync_dir, "ready_%d" % self.rank)
        with open(path, "w") as f:
            f.write(str(time.time()))

    def idle(self):
        self.ready()
        threading.Event().wait()

    def warm_up(self):
        """A few steps of ordinary traffic on both PGs, so that the dumps have history."""
        t = self.tensor()
        for _ in range(2):
            self.dist.all_reduce(t)
            self.dist.all_reduce(t, group=self.half)
        self.dist.all_gather([self.tensor() for _ in range(self.world)], t)
        self.dist.broadcast(t, src=0)


def healthy(c):
    c.warm_up()
    c.dist.barrier()
    c.idle()


def stops_issuing(c):
    c.warm_up()
    if c.rank == 5:
        c.idle()  # sleeps before the collective: the dump shows it never issued it
    c.ready()
    c.dist.all_reduce(c.tensor())


def skips_one(c):
    c.warm_up()
    t = c.tensor()
    for step in range(3):
        if c.rank == 2 and step == 1:
            continue  # gloo pairs rank 2's next all_reduce with the others' skipped one
        if step == 2:
            c.ready()
        c.dist.all_reduce(t)
    c.idle()


def size_mismatch(c):
    c.warm_up()
    c.ready()
    c.dist.all_reduce(c.tensor(8 if c.rank == 1 else 4))


def rank_exits(c):
    c.warm_up()
    if c.rank == 3:
        c.ready()
        os._exit(1)  # no dump: a rank that died writes nothing
    c.ready()
    c.dist.all_reduce(c.tensor())


def async_queued(c):
    c.warm_up()
    if c.rank == 1:
        c.idle()
    works = [c.dist.all_reduce(c.tensor(), async_op=True) for _ in range(3)]
    c.ready()
    for w in works:
        w.wait()


def subgroup_cascade(c):
    c.warm_up()
    # Rank 6 stops issuing in the upper half's all_reduce; its half waits there, the lower half goes on to
    # the next world collective and waits for the upper half.
    if c.rank == 6:
        c.idle()
    c.ready()
    c.dist.all_reduce(c.tensor(), group=c.half)
    c.dist.all_reduce(c.tensor())


def tp2_dp3(c):
    """TP2 x DP3 on 6 ranks (rank = tp + 2 * dp), created on every rank in the same order."""
    tp = [c.dist.new_group([2 * d, 2 * d + 1]) for d in range(3)]
    dp = [c.dist.new_group([t, t + 2, t + 4]) for t in range(2)]
    return tp[c.rank // 2], dp[c.rank % 2]


def steps_with_straggler(c, slow_rank, steps=100, delay_s=0.030):
    """Per step a TP all_reduce then a DP all_reduce; slow_rank sleeps delay_s before each collective
    (a throttled GPU, a slow data loader): the job goes on, always waiting for it."""
    tp, dp = tp2_dp3(c)
    t = c.tensor()
    for _ in range(steps):
        for group in (tp, dp):
            if c.rank == slow_rank:
                time.sleep(delay_s)
            c.dist.all_reduce(t, group=group)
    c.dist.barrier()
    c.idle()


def straggler(c):
    steps_with_straggler(c, slow_rank=3)


def straggler_control(c):
    steps_with_straggler(c, slow_rank=-1)


def order_swap(c):
    c.warm_up()
    # Every rank all_reduces in its half, then in the world; rank 5 the other way round. Its half waits for it
    # in the half's all_reduce, it waits for them in the world's: a cycle whose odd rank is 5.
    c.ready()
    if c.rank == 5:
        c.dist.all_reduce(c.tensor())
        c.dist.all_reduce(c.tensor(), group=c.half)
    else:
        c.dist.all_reduce(c.tensor(), group=c.half)
        c.dist.all_reduce(c.tensor())


def grid_step(c, t):
    """One step of a TP x DP job: a TP all_reduce, a DP all_reduce, a world all_reduce (the loss)."""
    c.dist.all_reduce(t, group=c.tp)
    c.dist.all_reduce(t, group=c.dp)
    c.dist.all_reduce(t)


def grid_order_swap(c):
    t = c.tensor()
    grid_step(c, t)
    c.ready()
    c.dist.all_reduce(t, group=c.tp)
    if c.rank == 9:  # the world's all_reduce before its DP group's
        c.dist.all_reduce(t)
        c.dist.all_reduce(t, group=c.dp)
    else:
        c.dist.all_reduce(t, group=c.dp)
        c.dist.all_reduce(t)


def extra_collective(c):
    c.warm_up()
    c.ready()
    c.dist.all_reduce(c.tensor(), group=c.half)
    if c.rank == 2:  # one all_reduce more in its half than its peers
        c.dist.all_reduce(c.tensor(), group=c.half)
    c.dist.all_reduce(c.tensor())


def grid_extra_collective(c):
    t = c.tensor()
    grid_step(c, t)
    c.ready()
    c.dist.all_reduce(t, group=c.tp)
    if c.rank == 13:
        c.dist.all_reduce(t, group=c.tp)
    c.dist.all_reduce(t, group=c.dp)
    c.dist.all_reduce(t)


def order_tie(c):
    # Ranks 0 and 1 share two groups; each issues their all_reduces in its own order. Two ranks, no third to
    # say which order the program has: the dumps cannot tell which of them is wrong.
    a = c.dist.new_group([0, 1], group_desc="pair_a")
    b = c.dist.new_group([0, 1], group_desc="pair_b")
    c.warm_up()
    if c.rank > 1:
        c.idle()
    t = c.tensor()
    for g in (a, b):
        c.dist.all_reduce(t, group=g)
    c.ready()
    first, second = (a, b) if c.rank == 0 else (b, a)
    c.dist.all_reduce(t, group=first)
    c.dist.all_reduce(t, group=second)


def swap_in_pg(c):
    # Within ONE PG (the world): every rank all_reduces, then broadcasts; rank 3 broadcasts first. Each
    # collective_seq_id then holds another op on rank 3 than on its peers.
    c.warm_up()
    t = c.tensor()
    c.ready()
    if c.rank == 3:
        c.dist.broadcast(t, src=0)
        c.dist.all_reduce(t)
    else:
        c.dist.all_reduce(t)
        c.dist.broadcast(t, src=0)
    c.idle()


def grid_exits(dead):
    def body(c):
        t = c.tensor()
        grid_step(c, t)
        if c.rank in dead:
            c.ready()
            os._exit(1)  # no dump: a rank that died writes nothing
        c.ready()
        grid_step(c, t)
        c.idle()
    return body


SCENARIOS = [
    Scenario("healthy", 4, [], healthy, "every rank finishes every collective, then idles"),
    Scenario("stops-issuing", 8, [5], stops_issuing, "rank 5 sleeps before a world all_reduce"),
    Scenario("skips-one", 4, [2], skips_one, "rank 2 skips one world all_reduce out of three"),
    Scenario("size-mismatch", 4, [1], size_mismatch, "rank 1 all_reduces 8 elements, the others 4"),
    Scenario("rank-exits", 6, [3], rank_exits, "rank 3 exits before a world all_reduce (no dump)", exits=[3]),
    Scenario("async-queued", 4, [1], async_queued,
             "rank 1 sleeps; the others queue three async all_reduces behind the hung first one"),
    Scenario("subgroup-cascade", 8, [6], subgroup_cascade,
             "rank 6 sleeps before its half's all_reduce; the other half waits in the next world all_reduce"),
    Scenario("straggler", 6, [], straggler,
             "TP2 x DP3, 100 steps; rank 3 sleeps 30 ms before every collective", stragglers=[3]),
    Scenario("straggler-control", 6, [], straggler_control, "TP2 x DP3, 100 steps, nobody sleeps", stragglers=[]),


    Scenario("order-swap", 8, [5], order_swap,
             "rank 5 all_reduces in the world before its half; every other rank in its half first"),
    Scenario("grid-order-swap", 16, [9], grid_order_swap,
             "TP 4 x DP 4: rank 9 issues the world all_reduce before its DP group's", grid=(4, True)),
    Scenario("extra-collective", 8, [2], extra_collective,
             "rank 2 issues one all_reduce more in its half before the world all_reduce"),
    Scenario("grid-extra-collective", 16, [13], grid_extra_collective,
             "TP 4 x DP 4: rank 13 issues one TP all_reduce more than its TP peers", grid=(4, False)),
    Scenario("order-tie", 4, [0, 1], order_tie,
             "ranks 0 and 1 share two groups and issue their all_reduces in opposite orders: no majority",
             ambiguous=True),
    Scenario("swap-in-pg", 8, [3], swap_in_pg,
             "rank 3 broadcasts, then all_reduces in the world; every other rank the other way round"),
    Scenario("grid-rank-exits", 8, [6], grid_exits({6}),
             "TP 4 x DP 2 (groups without descs): rank 6 exits before a step's TP all_reduce (no dump)",
             exits=[6], grid=(4, False)),
    Scenario("grid-two-exit", 16, [5, 10], grid_exits({5, 10}),
             "TP 4 x DP 4: ranks 5 and 10 exit before a step's TP all_reduce (no dumps)",
             exits=[5, 10], grid=(4, True)),
]


def write_atomically(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def dumper(c10d, job_dir, sync_dir, rank, world, settle_s, cap_at):
    """The rank's own dump thread: waits until every rank said ready (or the cap), then dumps.

    The process stays up afterwards: a rank that exited right after its dump would reset its gloo peers'
    connections, and a peer still dumping would then record its pending collective as completed (with an
    error). The parent ends every rank once all expected dumps are there."""
    while time.time() < cap_at:
        if all(os.path.exists(os.path.join(sync_dir, "ready_%d" % r)) for r in range(world)):
            break
        time.sleep(0.05)
    time.sleep(settle_s)
    write_atomically(os.path.join(job_dir, "pickle", "_dump_%d" % rank), c10d._dump_fr_trace())
    write_atomically(os.path.join(job_dir, "json", "_dump_%d.json" % rank), c10d._dump_fr_trace_json())


def run_rank(torch, scenario, rank, job_dir, settle_s, cap_at):
    import datetime

    import torch.distributed as dist
    import torch._C._distributed_c10d as c10d

    sync_dir = os.path.join(job_dir, "sync")
    log = open(os.path.join(job_dir, "log", "rank_%d.txt" % rank), "w", buffering=1)
    os.dup2(log.fileno(), 2)
    threading.Thread(target=dumper, args=(c10d, job_dir, sync_dir, rank, scenario.world, settle_s, cap_at),
                     daemon=True).start()
    dist.init_process_group("gloo", init_method="file://" + os.path.join(sync_dir, "store"), rank=rank,
                            world_size=scenario.world, timeout=datetime.timedelta(seconds=600))
    try:
        scenario.body(Ctx(torch, dist, rank, scenario.world, sync_dir, scenario.grid))
    except Exception:  # a peer died: gloo raises; the rank stays up so that its dumper still dumps
        traceback.print_exc(file=log)
    threading.Event().wait()


def start_job(torch, scenario, out, settle_s, cap_s):
    job_dir = os.path.join(out, scenario.name)
    shutil.rmtree(job_dir, ignore_errors=True)
    for sub in ("pickle", "json", "log", "sync"):
        os.makedirs(os.path.join(job_dir, sub))
    with open(os.path.join(job_dir, "expected.json"), "w") as f:
        json.dump({"scenario": scenario.name, "world_size": scenario.world, "culprits": scenario.culprits,
                   "what": scenario.what, "no_dump": scenario.exits, "stragglers": scenario.stragglers,


                   "what": scenario.what, "no_dump": scenario.exits, "ambiguous": scenario.ambiguous,
                   "torch": torch.__version__}, f, indent=1)
    cap_at = time.time() + cap_s
    pids = []
    for rank in range(scenario.world):
        pid = os.fork()
        if pid == 0:
            try:
                run_rank(torch, scenario, rank, job_dir, settle_s, cap_at)
            finally:
                os._exit(3)
        pids.append(pid)
    return pids


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", help="folder that receives one subfolder per scenario")
    ap.add_argument("--scenario", action="append", help="run only these (repeatable)")
    ap.add_argument("--list", action="store_true", help="print the scenario names and exit")
    ap.add_argument("--settle", type=float, default=1.0, help="seconds between 'all ranks ready' and the dump")
    ap.add_argument("--cap", type=float, default=90.0, help="dump anyway after this many seconds")
    args = ap.parse_args()
    if args.list:
        print("\n".join(s.name for s in SCENARIOS))
        return 0
    if not args.out:
        ap.error("OUT is required")
    try:
        import torch
        import torch.distributed as dist
        import torch._C._distributed_c10d as c10d
        # The first dump with stack traces imports torch._inductor (10 s and more on a busy machine); done
        # here once, every rank's fork inherits it.
        import torch._inductor  # noqa: F401
    except Exception as e:  # ImportError, or a broken install
        print("SKIP: torch is not importable by %s (%s); see tests/torch/requirements.txt" % (sys.executable, e))
        return SKIP
    if not dist.is_gloo_available() or not hasattr(c10d, "_dump_fr_trace"):
        print("SKIP: torch %s lacks gloo or the Flight Recorder dump bindings" % torch.__version__)
        return SKIP

    chosen = [s for s in SCENARIOS if not args.scenario or s.name in args.scenario]
    started = time.time()
    running = {s.name: start_job(torch, s, args.out, args.settle, args.cap) for s in chosen}
    deadline = started + args.cap + 30
    while running and time.time() < deadline:
        for s in chosen:
            if s.name in running and dumps_written(args.out, s) >= s.expected_dumps():
                end_ranks(running.pop(s.name))
        ended = reap()
        for pids in running.values():
            pids[:] = [p for p in pids if p not in ended]  # never signal a reaped (maybe reused) pid
        time.sleep(0.05)
    for pids in running.values():  # cap reached: whatever dumped, dumped
        end_ranks(pids)
    for s in chosen:
        print("%-18s %d ranks, %d dumps" % (s.name, s.world, dumps_written(args.out, s)))
    print("%d job(s) in %.1f s (torch %s)" % (len(chosen), time.time() - started, torch.__version__))
    return 1 if running else 0


def dumps_written(out, scenario):
    """Complete dumps of the job: a rank writes its pickle, then its JSON, each renamed into place."""
    return len([n for n in os.listdir(os.path.join(out, scenario.name, "json")) if n.endswith(".json")])


def end_ranks(pids):
    for pid in pids:  # only this job's own children, none reaped yet
        os.kill(pid, 9)
        os.waitpid(pid, 0)


def reap():
    """Collects ranks that ended on their own (so that they do not linger as zombies); returns their pids."""
    ended = set()
    try:
        while True:
            pid = os.waitpid(-1, os.WNOHANG)[0]
            if not pid:
                break
            ended.add(pid)
    except ChildProcessError:
        pass
    return ended


if __name__ == "__main__":
    sys.exit(main())

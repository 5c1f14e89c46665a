#!/usr/bin/env python3
"""A real gloo job that hangs and stays up, for live capture tests (docs/capture.md).

Every rank runs inside torch.distributed.elastic.control_plane.worker_main() with
TORCH_WORKER_SERVER_SOCKET=<dir>/worker_<rank>.sock, so torch's own worker server answers on a Unix socket.
After a warm-up, rank HANG sleeps before a world all_reduce and the others block in it. Touching <dir>/dump_now makes every rank
write its recorder into <dir>/dumps/ over a few seconds (dump_on_request). When every rank is
in place the script prints "READY <dir>" and keeps the job up until its stdin closes or DURATION passes,
then ends its ranks.

    live_job.py DIR [--world N] [--hang RANK] [--duration S]

Exit status 77 with one line when torch is not importable.
"""

import argparse
import datetime
import os
import sys
import threading
import time

SKIP = 77
os.environ.setdefault("TORCH_FR_BUFFER_SIZE", "2000")
os.environ.setdefault("GLOO_SOCKET_IFNAME", "lo")
import warnings  # noqa: E402

warnings.filterwarnings("ignore", message=".*NumPy.*")


def dump_on_request(work, rank, world, hang):
    """Once <dir>/dump_now exists, write this rank's recorder (JSON) to <dir>/dumps/_dump_<rank>.json: the ranks
    one after another, 2.5 s apart (longer than the watch's 1 s settle time), the hung rank last, each file in
    two halves 0.6 s apart. Dumps that land over time, half-written for a while, as on a shared filesystem;
    from a thread of its own, like the real dump on timeout, while the main thread is blocked."""
    from torch._C import _distributed_c10d as c10d

    while not os.path.exists(os.path.join(work, "dump_now")):
        time.sleep(0.1)
    order = [r for r in range(world) if r != hang] + [hang]
    time.sleep(2.5 * order.index(rank))
    data = c10d._dump_fr_trace_json()  # bytes in torch 2.13
    with open(os.path.join(work, "dumps", "_dump_%d.json" % rank), "wb") as f:
        f.write(data[: len(data) // 2])
        f.flush()
        time.sleep(0.6)
        f.write(data[len(data) // 2:])


def rank_main(torch, dist, control_plane, work, rank, world, hang):
    os.environ["TORCH_WORKER_SERVER_SOCKET"] = os.path.join(work, "worker_%d.sock" % rank)
    log = open(os.path.join(work, "rank_%d.log" % rank), "w", buffering=1)
    os.dup2(log.fileno(), 2)
    with control_plane.worker_main():
        dist.init_process_group("gloo", init_method="file://" + os.path.join(work, "store"), rank=rank,
                                world_size=world, timeout=datetime.timedelta(seconds=600))
        t = torch.ones(4)
        for _ in range(3):
            dist.all_reduce(t)
        dist.broadcast(t, src=0)
        with open(os.path.join(work, "pid_%d" % rank), "w") as f:
            f.write(str(os.getpid()))
        if rank == 0:  # also a TCP worker server, as _WorkerServer(host, port) gives one: for capture --hosts
            from torch._C._distributed_c10d import _WorkerServer
            import socket
            probe = socket.socket()
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
            probe.close()
            tcp_server = _WorkerServer("127.0.0.1", port)  # noqa: F841 (kept alive with the rank)
            with open(os.path.join(work, "tcp_port_0"), "w") as f:
                f.write(str(port))
        threading.Thread(target=dump_on_request, args=(work, rank, world, hang), daemon=True).start()
        open(os.path.join(work, "ready_%d" % rank), "w").close()
        if rank == hang:
            threading.Event().wait()  # stops issuing: never reaches the all_reduce below
        dist.all_reduce(t)
        threading.Event().wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--world", type=int, default=4)
    ap.add_argument("--hang", type=int, default=2)
    ap.add_argument("--duration", type=float, default=120.0)
    args = ap.parse_args()
    try:
        import torch
        import torch.distributed as dist
        import torch.distributed.elastic.control_plane as control_plane
    except Exception as e:
        print("SKIP: torch is not importable by %s (%s); see tests/torch/requirements.txt" % (sys.executable, e))
        return SKIP
    os.makedirs(os.path.join(args.dir, "dumps"), exist_ok=True)
    for name in os.listdir(args.dir):  # the worker server refuses a socket path that exists
        if name.startswith(("worker_", "ready_", "pid_", "store", "dump_now", "tcp_port_")):
            os.unlink(os.path.join(args.dir, name))
    pids = []
    for rank in range(args.world):
        pid = os.fork()
        if pid == 0:
            try:
                rank_main(torch, dist, control_plane, args.dir, rank, args.world, args.hang)
            finally:
                os._exit(3)
        pids.append(pid)
    deadline = time.time() + args.duration
    ready = lambda: all(os.path.exists(os.path.join(args.dir, n))  # noqa: E731
                        for r in range(args.world) for n in ("ready_%d" % r, "worker_%d.sock" % r))
    while not ready() and time.time() < deadline:
        time.sleep(0.05)
    if ready():
        time.sleep(0.5)  # the blocked ranks are inside their all_reduce by now
        print("READY %s" % args.dir, flush=True)
        # Up until the test closes our stdin (or the duration passes).
        threading.Thread(target=lambda: (sys.stdin.read(), os.kill(os.getpid(), 15)), daemon=True).start()
        try:
            time.sleep(max(0.0, deadline - time.time()))
        except KeyboardInterrupt:
            pass
    else:
        print("FAILED: the job did not come up", flush=True)
    for pid in pids:  # only our own children
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return 0


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    sys.exit(main())

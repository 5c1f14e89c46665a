#!/usr/bin/env python3
"""A real gloo job that hangs and stays up, for live capture tests (docs/capture.md).

Every rank runs inside torch.distributed.elastic.control_plane.worker_main() with
TORCH_WORKER_SERVER_SOCKET=<dir>/worker_<rank>.sock, so torch's own worker server answers on a Unix socket.
After a warm-up, rank HANG sleeps before a world all_reduce and the others block in it. Touching <dir>/dump_now makes every rank
write its recorder into <dir>/dumps/ over a few seconds (dump_on_request). When every rank is
in place the script prints "READY <dir>" and keeps the job up until its stdin closes or DURATION passes,
then ends its ranks.

    live_job.py DIR [--world N] [--hang RANK] [--duration S]
    live_job.py DIR --debug-server [--world N] (--hang RANK | --slow RANK) [--duration S]

With --debug-server the ranks rendezvous through a TCPStore (env://, MASTER_ADDR=127.0.0.1 and a free
MASTER_PORT written to <dir>/store_port) and call torch.distributed.debug.start_debug_server(), as torch
suggests: every rank's worker server on an ephemeral port, listed in the store under debug_server/rank<N>, and
rank 0's HTML frontend on the port in <dir>/frontend_port (it needs jinja2 and aiohttp:
tests/torch/requirements.txt). --hang RANK stops that rank before a collective; --slow RANK makes it sleep
2.5 s before each of an endless series of all_reduces, so the job advances, slowly.

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


def free_port():
    import socket
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def debug_server_rank(torch, dist, work, rank, world, hang, slow, frontend_port):
    """One rank of a job that calls start_debug_server(); see the module's help."""
    from torch.distributed.debug import start_debug_server
    import torch.distributed.debug as debug

    os.environ["RANK"] = str(rank)
    log = open(os.path.join(work, "rank_%d.log" % rank), "w", buffering=1)
    os.dup2(log.fileno(), 2)
    dist.init_process_group("gloo", init_method="env://", rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=600))
    start_debug_server(port=frontend_port)
    if rank == 0 and debug._DEBUG_SERVER_PROC is not None:  # the frontend's process, for the parent to end
        with open(os.path.join(work, "frontend_pid"), "w") as f:
            f.write(str(debug._DEBUG_SERVER_PROC.pid))
    t = torch.ones(4)
    for _ in range(3):
        dist.all_reduce(t)
    with open(os.path.join(work, "pid_%d" % rank), "w") as f:
        f.write(str(os.getpid()))
    open(os.path.join(work, "ready_%d" % rank), "w").close()
    if rank == hang:
        threading.Event().wait()  # stops issuing: never reaches the all_reduce below
    while True:
        if rank == slow:
            # Long beside a capture, which reaches the ranks one by one: a snapshot seldom catches it issuing.
            time.sleep(2.5)
        dist.all_reduce(t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--world", type=int, default=4)
    ap.add_argument("--hang", type=int, default=2)
    ap.add_argument("--duration", type=float, default=120.0)
    ap.add_argument("--debug-server", action="store_true")
    ap.add_argument("--slow", type=int, default=-1)
    args = ap.parse_args()
    if args.debug_server and args.slow >= 0:
        args.hang = -1
    try:
        import torch
        import torch.distributed as dist
        import torch.distributed.elastic.control_plane as control_plane
    except Exception as e:
        print("SKIP: torch is not importable by %s (%s); see tests/torch/requirements.txt" % (sys.executable, e))
        return SKIP
    os.makedirs(os.path.join(args.dir, "dumps"), exist_ok=True)
    for name in os.listdir(args.dir):  # the worker server refuses a socket path that exists
        if name.startswith(("worker_", "ready_", "pid_", "store", "dump_now", "tcp_port_", "frontend_")):
            os.unlink(os.path.join(args.dir, name))
    pids = []
    if args.debug_server:
        store_port, frontend_port = free_port(), free_port()
        os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(store_port), WORLD_SIZE=str(args.world))
        with open(os.path.join(args.dir, "store_port"), "w") as f:
            f.write(str(store_port))
        with open(os.path.join(args.dir, "frontend_port"), "w") as f:
            f.write(str(frontend_port))
    for rank in range(args.world):
        pid = os.fork()
        if pid == 0:
            try:
                if args.debug_server:
                    debug_server_rank(torch, dist, args.dir, rank, args.world, args.hang, args.slow, frontend_port)
                else:
                    rank_main(torch, dist, control_plane, args.dir, rank, args.world, args.hang)
            finally:
                os._exit(3)
        pids.append(pid)
    deadline = time.time() + args.duration
    marks = ("ready_%d",) if args.debug_server else ("ready_%d", "worker_%d.sock")
    ready = lambda: all(os.path.exists(os.path.join(args.dir, n % r))  # noqa: E731
                        for r in range(args.world) for n in marks)
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
    frontend = os.path.join(args.dir, "frontend_pid")
    if os.path.exists(frontend):  # rank 0's frontend process, which a killed rank 0 leaves behind
        try:
            os.kill(int(open(frontend).read()), 9)
        except (OSError, ValueError):
            pass
    for pid in pids:  # only our own children
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    return 0


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    sys.exit(main())

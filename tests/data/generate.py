#!/usr/bin/env python3
"""Writes FlightDeck's test fixtures under tests/data/ (dumps/, bad/) and the expected JSON for each.

Run: python3 tests/data/generate.py            (writes next to this script)
     python3 tests/data/generate.py --check    (regenerates into a temp dir and fails if any byte differs)
     python3 tests/data/generate.py --verify-real DIR   (re-encodes real C++ dumps, reports byte identity)

Standard library only. Deterministic: fixed seeds, fixed timestamps, no dependence on the clock, the locale,
dict hashing or the file system order, so regenerating gives identical bytes (see README.md).

Layout of this file, so new scenarios are easy to add:
  1. FrPickleWriter     - bytes exactly like PyTorch's C++ pickler (torch/csrc/jit/serialization/pickler.cpp)
  2. SafeUnpickler      - a tiny decoder of the safe opcode subset, used to cross-check and to read what
                          pickle.loads refuses (strings that are not valid UTF-8)
  3. to_expected_json   - the lossless JSON our exporter must produce (core/exporting/ValueJsonWriter.h)
  4. JobBuilder / make_dump - builds per-rank dump objects for every schema version
  5. scenarios          - one function per fixture; add yours to SCENARIOS
"""

import argparse
import base64
import filecmp
import io
import json
import math
import os
import pickle
import random
import re
import shutil
import struct
import sys
import tempfile

# ----------------------------------------------------------------------------------------------------------
# 1. FrPickleWriter
# ----------------------------------------------------------------------------------------------------------


class Shared:
    """Marks a container the C++ side holds more than one reference to (IValue use_count > 1).

    pickler.cpp memoizes such containers by pointer: the first time it writes the container in full and
    *then* a BINPUT; later uses are a BINGET. In Flight Recorder dumps that is every frame dict (they live in
    the `all_frames` vector as well as in each entry's `frames` list) and the top-level dict. Python objects
    have no use count, so the builder wraps those objects in Shared(); identity (the same Shared object) is
    what makes a later use a BINGET.
    """

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class FrPickleWriter:
    """Emits the byte layout of PyTorch's C++ pickler (protocol 2, no FRAME).

    - dict: EMPTY_DICT MARK k v ... SETITEMS (MARK/SETITEMS even when empty)
    - list: EMPTY_LIST MARK ... APPENDS (even when empty)
    - tuple: EMPTY_TUPLE / TUPLE1 / TUPLE2 / TUPLE3 / MARK ... TUPLE, never memoized
    - str: BINUNICODE + BINPUT, memoized by value (a repeat is BINGET); the bytes are not validated, so a
      Python str holding surrogateescape code points (U+DC80..U+DCFF) is written as the raw invalid bytes
    - int: BININT1 (0..255), BININT2 (..65535), BININT (other int32), else LONG1 with 8 bytes
    - float: BINFLOAT big-endian; bool: NEWTRUE/NEWFALSE; None: NONE
    - memo ids from 0; BINPUT/BINGET up to 255, then LONG_BINPUT/LONG_BINGET (u32 LE)
    - Shared(container): written in full followed by BINPUT, then BINGET
    """

    def __init__(self):
        self._out = io.BytesIO()
        self._next_memo = 0
        self._strings = {}  # bytes -> memo id
        self._shared = {}  # id(Shared) -> memo id
        self._keep = []  # keeps Shared objects alive so their id() stays unique

    # Public API ------------------------------------------------------------------------------------------
    @classmethod
    def dumps(cls, obj):
        w = cls()
        w._write(b"\x80\x02")
        w.push(obj)
        w._write(b".")
        return w._out.getvalue()

    def push(self, v):
        if isinstance(v, Shared):
            key = id(v)
            if key in self._shared:
                self._binget(self._shared[key])
                return
            self.push(v.value)
            self._keep.append(v)
            self._shared[key] = self._binput()
        elif v is None:
            self._write(b"N")
        elif v is True:
            self._write(b"\x88")
        elif v is False:
            self._write(b"\x89")
        elif isinstance(v, int):
            self._int(v)
        elif isinstance(v, float):
            self._write(b"G" + struct.pack(">d", v))
        elif isinstance(v, str):
            self._str(v.encode("utf-8", "surrogateescape"))
        elif isinstance(v, RawStr):
            self._str(v.data)
        elif isinstance(v, dict):
            self._write(b"}(")
            for k, item in v.items():
                self.push(k)
                self.push(item)
            self._write(b"u")
        elif isinstance(v, list):
            self._write(b"](")
            for item in v:
                self.push(item)
            self._write(b"e")
        elif isinstance(v, tuple):
            if len(v) == 0:
                self._write(b")")
            elif len(v) <= 3:
                for item in v:
                    self.push(item)
                self._write({1: b"\x85", 2: b"\x86", 3: b"\x87"}[len(v)])
            else:
                self._write(b"(")
                for item in v:
                    self.push(item)
                self._write(b"t")
        else:
            raise TypeError("FrPickleWriter cannot write %r" % type(v))

    # Internals ---------------------------------------------------------------------------------------------
    def _write(self, b):
        self._out.write(b)

    def _int(self, n):
        if 0 <= n <= 0xFF:
            self._write(b"K" + struct.pack("<B", n))
        elif 0 <= n <= 0xFFFF:
            self._write(b"M" + struct.pack("<H", n))
        elif -(2**31) <= n < 2**31:
            self._write(b"J" + struct.pack("<i", n))
        else:
            self._write(b"\x8a\x08" + struct.pack("<q", n))

    def _str(self, data):
        if data in self._strings:
            self._binget(self._strings[data])
            return
        self._write(b"X" + struct.pack("<I", len(data)) + data)
        self._strings[data] = self._binput()

    def _binput(self):
        memo = self._next_memo
        self._next_memo += 1
        if memo <= 0xFF:
            self._write(b"q" + struct.pack("<B", memo))
        else:
            self._write(b"r" + struct.pack("<I", memo))
        return memo

    def _binget(self, memo):
        if memo <= 0xFF:
            self._write(b"h" + struct.pack("<B", memo))
        else:
            self._write(b"j" + struct.pack("<I", memo))


class RawStr:
    """A string given as raw bytes (written as-is by FrPickleWriter, even when not valid UTF-8)."""

    __slots__ = ("data",)

    def __init__(self, data):
        self.data = data


def share_like_cpp(obj, frame_dicts=None):
    """Wraps a decoded dump (e.g. from pickle.loads) so FrPickleWriter reproduces the C++ bytes.

    The C++ pickler puts a BINPUT after the top-level dict and after every frame dict (see Shared). Frame dicts
    that are the same Python object (pickle.loads keeps memo sharing) map to the same Shared.
    """
    if frame_dicts is None:
        frame_dicts = {}
    if not isinstance(obj, dict):
        return obj  # the 2.2-era list is not held twice by the C++ side (inferred; no real sample)
    out = {}
    for k, v in obj.items():
        if k == "entries" and isinstance(v, list):
            v = [_share_entry(e, frame_dicts) for e in v]
        out[k] = v
    return Shared(out)


def _share_entry(e, frame_dicts):
    if not isinstance(e, dict) or "frames" not in e:
        return e
    e = dict(e)
    frames = []
    for f in e["frames"]:
        if id(f) not in frame_dicts:
            frame_dicts[id(f)] = (Shared(f), f)  # keep f alive so id() stays unique
        frames.append(frame_dicts[id(f)][0])
    e["frames"] = frames
    return e


# ----------------------------------------------------------------------------------------------------------
# 2. SafeUnpickler: safe opcode subset, strings decoded with surrogateescape
# ----------------------------------------------------------------------------------------------------------


class _Mark:
    pass


class SafeUnpickler:
    """Decodes the opcodes genuine and re-saved dumps use; refuses GLOBAL/REDUCE/etc.

    Unlike pickle.loads it accepts BINUNICODE bytes that are not valid UTF-8 (decoded with surrogateescape,
    which is what the expected JSON escapes as \\udcNN). Tuples stay tuples. Iterative, no recursion.
    """

    def __init__(self, data):
        self.d = data
        self.p = 0

    def _take(self, n):
        if self.p + n > len(self.d):
            raise ValueError("truncated at %d" % self.p)
        b = self.d[self.p : self.p + n]
        self.p += n
        return b

    def _pop_mark(self, stack):
        for i in range(len(stack) - 1, -1, -1):
            if stack[i] is _Mark:
                items = stack[i + 1 :]
                del stack[i:]
                return items
        raise ValueError("no MARK")

    def load(self):
        stack, memo = [], {}
        while True:
            op = self._take(1)
            if op == b"\x80":
                self._take(1)
            elif op == b"\x95":  # FRAME
                self._take(8)
            elif op == b".":
                return stack.pop()
            elif op == b"}":
                stack.append({})
            elif op == b"]":
                stack.append([])
            elif op == b")":
                stack.append(())
            elif op == b"(":
                stack.append(_Mark)
            elif op == b"u":
                items = self._pop_mark(stack)
                d = stack[-1]
                for i in range(0, len(items), 2):
                    d[items[i]] = items[i + 1]
            elif op == b"s":
                v = stack.pop()
                k = stack.pop()
                stack[-1][k] = v
            elif op == b"e":
                items = self._pop_mark(stack)
                stack[-1].extend(items)
            elif op == b"a":
                v = stack.pop()
                stack[-1].append(v)
            elif op == b"t":
                stack.append(tuple(self._pop_mark(stack)))
            elif op in (b"\x85", b"\x86", b"\x87"):
                n = op[0] - 0x84
                items = stack[-n:]
                del stack[-n:]
                stack.append(tuple(items))
            elif op == b"X":
                (n,) = struct.unpack("<I", self._take(4))
                stack.append(self._take(n).decode("utf-8", "surrogateescape"))
            elif op == b"\x8c":
                n = self._take(1)[0]
                stack.append(self._take(n).decode("utf-8", "surrogateescape"))
            elif op == b"\x8d":
                (n,) = struct.unpack("<Q", self._take(8))
                stack.append(self._take(n).decode("utf-8", "surrogateescape"))
            elif op == b"C":
                n = self._take(1)[0]
                stack.append(self._take(n))
            elif op == b"B":
                (n,) = struct.unpack("<I", self._take(4))
                stack.append(self._take(n))
            elif op == b"K":
                stack.append(self._take(1)[0])
            elif op == b"M":
                stack.append(struct.unpack("<H", self._take(2))[0])
            elif op == b"J":
                stack.append(struct.unpack("<i", self._take(4))[0])
            elif op == b"\x8a":
                n = self._take(1)[0]
                stack.append(int.from_bytes(self._take(n), "little", signed=True))
            elif op == b"\x8b":
                (n,) = struct.unpack("<i", self._take(4))
                stack.append(int.from_bytes(self._take(n), "little", signed=True))
            elif op == b"G":
                stack.append(struct.unpack(">d", self._take(8))[0])
            elif op == b"N":
                stack.append(None)
            elif op == b"\x88":
                stack.append(True)
            elif op == b"\x89":
                stack.append(False)
            elif op == b"q":
                memo[self._take(1)[0]] = stack[-1]
            elif op == b"r":
                memo[struct.unpack("<I", self._take(4))[0]] = stack[-1]
            elif op == b"\x94":  # MEMOIZE
                memo[len(memo)] = stack[-1]
            elif op == b"h":
                stack.append(memo[self._take(1)[0]])
            elif op == b"j":
                stack.append(memo[struct.unpack("<I", self._take(4))[0]])
            else:
                raise ValueError("opcode %r at %d not in the safe subset" % (op, self.p - 1))


def safe_loads(data):
    return SafeUnpickler(data).load()


def opcodes_used(data):
    """Names of the opcodes in a pickle, found by parsing only (never executing). Stops at the first error
    (bad files) and then lists what came before it plus "<error>"."""
    import pickletools

    names = set()
    pos = 0
    while pos < len(data):
        op = pickletools.code2op.get(chr(data[pos]))
        if op is None:
            names.add("<error>")
            break
        names.add(op.name)
        pos += 1
        arg = op.arg
        if arg is None:
            pass
        elif arg.n >= 0:
            pos += arg.n
        elif arg.name in ("unicodestring4", "long4", "bytes4"):
            pos += 4 + int.from_bytes(data[pos : pos + 4], "little")
        elif arg.name in ("unicodestring1", "long1", "bytes1"):
            pos += 1 + data[pos]
        elif arg.name in ("unicodestring8", "bytes8", "bytearray8"):
            pos += 8 + int.from_bytes(data[pos : pos + 8], "little")
        elif arg.name == "stringnl_noescape_pair":
            for _ in range(2):
                pos = data.index(b"\n", pos) + 1
        else:
            names.add("<unsupported %s>" % arg.name)
            break
        if op.name == "STOP":
            break
    if pos > len(data) or (pos == len(data) and "STOP" not in names):
        names.add("<error>")
    return sorted(names)


# ----------------------------------------------------------------------------------------------------------
# 3. Expected JSON (the lossless export)
# ----------------------------------------------------------------------------------------------------------


def _jsonable(v):
    """Python value -> value json.dumps renders the way our exporter must: tuples as lists, bytes as
    {"__bytes__": base64}, NaN/Infinity as strings. Iterative for depth safety is not needed here: fixtures
    that nest deeper than json can handle get no expected file."""
    if isinstance(v, Shared):
        v = v.value
    if isinstance(v, RawStr):
        return v.data.decode("utf-8", "surrogateescape")
    if isinstance(v, dict):
        return {_key(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (bytes, bytearray)):
        return {"__bytes__": base64.b64encode(bytes(v)).decode("ascii")}
    if isinstance(v, float) and not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    return v


def _key(k):
    # Non-string keys become their JSON text (int 0 -> "0", True -> "true", None -> "null").
    if isinstance(k, str):
        return k
    if isinstance(k, RawStr):
        return k.data.decode("utf-8", "surrogateescape")
    return json.dumps(_jsonable(k))


_SURROGATE = re.compile("[\udc80-\udcff]")


def to_expected_json(obj):
    text = json.dumps(_jsonable(obj), indent=1, ensure_ascii=False)
    # ensure_ascii=False keeps valid non-ASCII as UTF-8 but would leave lone surrogates raw (unencodable):
    # write those as the JSON escape \udcNN (lowercase hex, like json's own escapes).
    text = _SURROGATE.sub(lambda m: "\\u%04x" % ord(m.group()), text)
    return (text + "\n").encode("utf-8")


# ----------------------------------------------------------------------------------------------------------
# 4. Building dumps: JobBuilder records logical entries (2.10 field names), make_dump shapes them per version
# ----------------------------------------------------------------------------------------------------------

T0_NS = 1_760_000_000_000_000_000  # fixed wall clock (2025-10-09), never time.time()


def vtuple(version):
    """'2.10' -> (2, 10); None (the 2.2-era list) -> (0, 0). Minor versions compare as integers."""
    if version is None:
        return (0, 0)
    major, minor = version.split(".")
    return (int(major), int(minor))


class Pg:
    """A process group: `name` keys pg_config, `pg_id` is the local id keying pg_status (same on all members
    here, as when every rank creates its groups in the same order)."""

    def __init__(self, name, desc, ranks, pg_id, timeout_ms=600000):
        self.name, self.desc, self.ranks, self.pg_id, self.timeout_ms = name, desc, sorted(ranks), pg_id, timeout_ms

    def local(self, global_rank):
        return self.ranks.index(global_rank)


class FramePool:
    """A few distinct frame dicts; each is one Shared object so every use after the first is a BINGET."""

    def __init__(self, rng, count, prefix="model"):
        self.frames = []
        for i in range(count):
            f = {
                "name": "%s_fn_%d" % (prefix, i),
                "filename": "/workspace/%s/layer_%d.py" % (prefix, i % 37),
                "line": rng.randrange(1, 3000),
            }
            self.frames.append(Shared(f))
        self.rng = rng

    def stack(self, depth):
        # innermost first, like FR; a common outer part (the training loop) plus a random inner part
        outer = self.frames[:3]
        inner = [self.rng.choice(self.frames[3:]) for _ in range(max(0, depth - len(outer)))]
        return inner + outer


class JobBuilder:
    """Issues collectives/p2p/coalesced groups on process groups and records, per rank, the entries the
    Flight Recorder would hold (canonical 2.10 field names; make_dump renames/drops per version)."""

    def __init__(self, world, pgs, seed=1, timing=False, frames=None, stack_depth=5, thread_name="pt_main_thread"):
        self.world, self.pgs = world, pgs
        self.rng = random.Random(seed)
        self.timing = timing
        self.frames = frames
        self.stack_depth = stack_depth
        self.thread_name = thread_name
        self.entries = {r: [] for r in range(world)}
        self._record = {r: 0 for r in range(world)}
        self._coll = {}
        self._p2p = {}
        self._op = {}
        self._clock = T0_NS

    def _tick(self):
        self._clock += 1_000_000 + self.rng.randrange(0, 500_000)
        return self._clock

    def _entry(self, rank, pg, name, ins, outs, dtype, state, is_p2p, coll_seq, p2p_seq, t):
        key = (rank, pg.name)
        self._op[key] = self._op.get(key, 0) + 1
        e = {}
        if self.frames is not None:
            e["frames"] = self.frames.stack(self.stack_depth)
        e["record_id"] = self._record[rank]
        self._record[rank] += 1
        e["pg_id"] = pg.pg_id
        e["process_group"] = (pg.name, pg.desc)
        e["thread_name"] = self.thread_name
        e["thread_id"] = str(140_000_000_000_000 + rank * 1000)
        e["collective_seq_id"] = coll_seq
        e["p2p_seq_id"] = p2p_seq
        e["op_id"] = self._op[key]
        e["profiling_name"] = name
        created = t + rank * 1_000 + self.rng.randrange(0, 1000)
        e["time_created_ns"] = created
        if self.timing and state == "completed":
            e["duration_ms"] = round(self.rng.uniform(0.01, 40.0), 3)
        e["input_sizes"] = [list(s) for s in ins]
        e["input_dtypes"] = [dtype] * len(ins)
        e["output_sizes"] = [list(s) for s in outs]
        e["output_dtypes"] = [dtype] * len(outs)
        e["state"] = state
        started = created + 50_000 if (state == "started" or (state == "completed" and self.timing)) else None
        completed = created + 2_000_000 if state == "completed" else None
        e["time_discovered_started_ns"] = started
        e["time_discovered_completed_ns"] = completed
        e["retired"] = state == "completed"
        e["timeout_ms"] = pg.timeout_ms
        e["is_p2p"] = is_p2p
        self.entries[rank].append(e)
        return e

    def _states(self, pg, state, states, skip):
        out = {}
        for r in pg.ranks:
            if skip and r in skip:
                continue
            out[r] = (states or {}).get(r, state)
        return out

    def collective(self, pg, name, ins, outs=None, dtype="BFloat16", state="completed", states=None, skip=()):
        """One collective on every member of pg; `skip` ranks never issue it (a stuck or diverged rank)."""
        t = self._tick()
        outs = ins if outs is None else outs
        for r, st in self._states(pg, state, states, skip).items():
            seq = self._coll[(r, pg.name)] = self._coll.get((r, pg.name), 0) + 1
            self._entry(r, pg, name, ins, outs, dtype, st, False, seq, self._p2p.get((r, pg.name), 0), t)

    def p2p(self, pg, src, dst, sizes, dtype="BFloat16", state="completed"):
        """A send on global rank src and the matching recv on dst; names use ranks local to the PG."""
        t = self._tick()
        ls, ld = pg.local(src), pg.local(dst)
        for r, name in ((src, "nccl:send %d->%d" % (ls, ld)), (dst, "nccl:recv %d<-%d" % (ld, ls))):
            seq = self._p2p[(r, pg.name)] = self._p2p.get((r, pg.name), 0) + 1
            self._entry(r, pg, name, [sizes], [sizes], dtype, state, True, self._coll.get((r, pg.name), 0), seq, t)

    def coalesced(self, pg, optype, ops, dtype="BFloat16", state="completed", record_inner=True):
        """A coalesced group of non-p2p ops: inner entries (2.7+) stay `scheduled` forever, the terminator
        `nccl:<OPTYPE>_coalesced` has empty sizes and the real state. One collective_seq_id for the group."""
        t = self._tick()
        for r in pg.ranks:
            seq = self._coll[(r, pg.name)] = self._coll.get((r, pg.name), 0) + 1
            p2p_seq = self._p2p.get((r, pg.name), 0)
            if record_inner:
                for name, ins, outs in ops:
                    self._entry(r, pg, name, ins, outs, dtype, "scheduled", False, seq, p2p_seq, t)
            self._entry(r, pg, "nccl:%s_coalesced" % optype, [], [], dtype, state, False, seq, p2p_seq, t)

    def batch_p2p(self, pg, pairs, sizes, dtype="BFloat16", state="completed"):
        """batch_isend_irecv: the p2p ops then the terminator `nccl:coalesced` on every rank involved."""
        t = self._tick()
        involved = sorted({r for pair in pairs for r in pair})
        for src, dst in pairs:
            ls, ld = pg.local(src), pg.local(dst)
            for r, name in ((src, "nccl:send %d->%d" % (ls, ld)), (dst, "nccl:recv %d<-%d" % (ld, ls))):
                seq = self._p2p[(r, pg.name)] = self._p2p.get((r, pg.name), 0) + 1
                self._entry(r, pg, name, [sizes], [sizes], dtype, "scheduled", True, self._coll.get((r, pg.name), 0), seq, t)
        for r in involved:
            self._entry(r, pg, "nccl:coalesced", [], [], dtype, state, True,
                        self._coll.get((r, pg.name), 0), self._p2p.get((r, pg.name), 0), t)


def pg_status_for(rank_entries):
    """pg_status as the C++ side keeps it: per local pg id, last enqueued/started/completed collective seq."""
    status = {}
    for e in rank_entries:
        s = status.setdefault(e["pg_id"], {"last_enqueued_collective": -1, "last_started_collective": -1,
                                           "last_completed_collective": -1})
        seq = e["collective_seq_id"]
        if e["is_p2p"]:
            continue
        s["last_enqueued_collective"] = max(s["last_enqueued_collective"], seq)
        if e["time_discovered_started_ns"] is not None:
            s["last_started_collective"] = max(s["last_started_collective"], seq)
        if e["state"] == "completed":
            s["last_completed_collective"] = max(s["last_completed_collective"], seq)
    return {str(k): status[k] for k in sorted(status)}


def make_dump(version, rank, pgs, entries, *, comm_lib_version="2.21.5", only_active=False, frames=True,
              health=None, extra=None, nccl_comm_state=None):
    """The object one rank's Flight Recorder would pickle, shaped for `version`.

    version: None (PyTorch 2.2: a bare list), "1.0", "1.1".."1.4", "2.0".."2.10", or a newer string (keys of
    2.10 plus `extra`). pgs: the Pg objects this rank belongs to. entries: JobBuilder.entries[rank].
    Returns the top-level object, wrapped in Shared (the C++ side holds it twice) except the list form.
    """
    v = vtuple(version)
    status = pg_status_for(entries)
    if only_active:
        entries = [e for e in entries if e["state"] != "completed"]
    if v < (2, 7):
        # before 2.7 the ops inside a non-p2p coalesced group were not recorded
        entries = [e for e in entries if not (not e["is_p2p"] and e["state"] == "scheduled" and _is_inner(e, entries))]
    shaped = [_shape_entry(e, v, frames) for e in entries]
    if version is None:
        return shaped
    top = {}
    if v == (1, 0):
        # pre-2.0 top-level key order is not known from a sample: 1.0 puts entries first on purpose, so a
        # reader cannot rely on order
        top["entries"] = shaped
        top["version"] = version
        return Shared(top)
    top["version"] = version
    if v < (2, 0):
        if v >= (1, 2):
            top["pg_config"] = {pg.pg_id: list(pg.ranks) for pg in pgs}  # int keys, int ranks
        top["entries"] = shaped
        if nccl_comm_state is not None:
            top["nccl_comm_state"] = nccl_comm_state
        return Shared(top)
    top["pg_config"] = {pg.name: {"name": pg.name, "desc": pg.desc, "ranks": str(list(pg.ranks))} for pg in pgs}
    if (2, 6) <= v <= (2, 9):
        top["nccl_version"] = comm_lib_version
    elif v >= (2, 10):
        top["comm_lib_version"] = comm_lib_version
    if v >= (2, 3):
        top["pg_status"] = status
    top["entries"] = shaped
    if nccl_comm_state is not None:
        top["nccl_comm_state"] = nccl_comm_state
    if health is not None:
        top["health_check_results"] = health
    for k, val in (extra or {}).items():
        top[k] = val
    return Shared(top)


def _is_inner(e, entries):
    # an inner op of a coalesced group: a later entry with the same pg and seq ends in _coalesced
    return any(o is not e and o["pg_id"] == e["pg_id"] and o["collective_seq_id"] == e["collective_seq_id"]
               and o["profiling_name"].endswith("_coalesced") for o in entries)


def _shape_entry(e, v, frames):
    out = {}
    has_frames = frames and "frames" in e
    if v >= (1, 1) and has_frames:
        out["frames"] = e["frames"]
    if v >= (1, 2):
        out["record_id"] = e["record_id"]
    out["pg_id"] = e["pg_id"]
    if v >= (2, 0):
        out["process_group"] = e["process_group"]
        if v >= (2, 9):
            out["thread_name"] = e["thread_name"]
            out["thread_id"] = e["thread_id"]
        out["collective_seq_id"] = e["collective_seq_id"]
        out["p2p_seq_id"] = e["p2p_seq_id"]
    else:
        out["seq_id"] = e["collective_seq_id"] if not e["is_p2p"] else e["p2p_seq_id"]
    if v >= (1, 2):
        out["op_id"] = e["op_id"]
    out["profiling_name"] = e["profiling_name"]
    if v >= (1, 1):
        out["time_created_ns"] = e["time_created_ns"]
        if "duration_ms" in e:
            out["duration_ms"] = e["duration_ms"]
    else:
        out["time_created_us"] = e["time_created_ns"] // 1000
    out["input_sizes"] = e["input_sizes"]
    if v >= (2, 0):
        out["input_dtypes"] = e["input_dtypes"]
    out["output_sizes"] = e["output_sizes"]
    if v >= (2, 0):
        out["output_dtypes"] = e["output_dtypes"]
    out["state"] = e["state"]
    if v >= (1, 1):
        out["time_discovered_started_ns"] = e["time_discovered_started_ns"]
        out["time_discovered_completed_ns"] = e["time_discovered_completed_ns"]
    out["retired"] = e["retired"]
    if v >= (2, 2):
        out["timeout_ms"] = e["timeout_ms"]
    if v >= (2, 0):
        out["is_p2p"] = e["is_p2p"]
    if v < (1, 1) and has_frames:
        out["frames"] = e["frames"]  # 2.2-era/1.0: frames last (inferred order)
    return out


def to_nlohmann_json(dump):
    """What _dump_nccl_trace_json() returns: nlohmann::json::dump() -> compact, keys sorted (std::map), no
    frames, process_group as a 2-array, pg_status values as strings, unknown discovered times 0, entries
    omitted when empty. No trailing newline."""
    top = dump.value if isinstance(dump, Shared) else dump
    out = {}
    for k, v in top.items():
        if k == "pg_status":
            v = {pid: {sk: str(sv) for sk, sv in s.items()} for pid, s in v.items()}
        elif k == "entries":
            v = [_json_entry(e) for e in v]
            if not v:
                continue
        out[k] = v
    return json.dumps(_jsonable(out), sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _json_entry(e):
    j = {}
    for k, v in e.items():
        if k == "frames":
            continue
        if k in ("time_discovered_started_ns", "time_discovered_completed_ns") and v is None:
            v = 0
        j[k] = list(v) if isinstance(v, tuple) else v
    return j


# ----------------------------------------------------------------------------------------------------------
# 5. Scenarios. Each function takes an Output and writes files; add new ones to SCENARIOS.
# ----------------------------------------------------------------------------------------------------------


class Output:
    """Writes fixtures under root and records, for the manifest, what each file is."""

    def __init__(self, root):
        self.root = root
        self.manifest = {}

    def _path(self, rel):
        p = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        return p

    def raw(self, rel, data, note, expected=None):
        with open(self._path(rel), "wb") as f:
            f.write(data)
        info = {"note": note, "size": len(data)}
        if expected is not None:
            exp_rel = os.path.join("expected", rel + ".expected.json")
            with open(self._path(exp_rel), "wb") as f:
                f.write(to_expected_json(expected))
            info["expected"] = exp_rel
        self.manifest[rel] = info
        return info

    def pickle(self, rel, data, note, expect=True):
        """A pickle fixture; its expected JSON comes from decoding the bytes (SafeUnpickler, cross-checked
        with pickle.loads whenever pickle.loads accepts the file)."""
        expected = None
        if expect:
            expected = safe_loads(data)
            try:
                ref = pickle.loads(data)
            except UnicodeDecodeError:
                ref = None  # invalid UTF-8: pickle.loads refuses, SafeUnpickler's surrogateescape is the reference
            if ref is not None and ref != expected:
                raise AssertionError("SafeUnpickler disagrees with pickle.loads on " + rel)
        info = self.raw(rel, data, note, expected)
        info["format"] = "pickle"
        info["opcodes"] = opcodes_used(data)
        return info

    def json(self, rel, data, note):
        info = self.raw(rel, data, note, json.loads(data.decode("utf-8")))
        info["format"] = "json"
        return info


def cpp(obj):
    return FrPickleWriter.dumps(obj)


# The standard 4-rank job: TP=2 x PP=2, default PG, PP groups with non-integer names, p2p between stages,
# a coalesced all_gather group, a batch_isend_irecv, and at the end rank 3 stuck: it never issues the last
# all_reduce the others are waiting in.
def standard_pgs():
    g0 = Pg("0", "default_pg", [0, 1, 2, 3], 0)
    tp = [Pg("1", "TENSOR_MODEL_PARALLEL_GROUP", [0, 1], 1, 180000), Pg("2", "TENSOR_MODEL_PARALLEL_GROUP", [2, 3], 1, 180000)]
    # PP groups: non-integer names, and a timeout of 1000 days (someone "disabling" it): an int past int32
    # that Python re-saves as a 5-byte LONG1 while the C++ pickler always writes 8 bytes
    pp = [Pg("pp_a91f", "PIPELINE_MODEL_PARALLEL_GROUP", [0, 2], 2, 86_400_000_000),
          Pg("pp_5c07", "PIPELINE_MODEL_PARALLEL_GROUP", [1, 3], 2, 86_400_000_000)]
    return g0, tp, pp


def standard_job(seed, timing, frames, steps=2, hang=True):
    g0, tp, pp = standard_pgs()
    rng = random.Random(seed)
    pool = FramePool(rng, 40) if frames else None
    job = JobBuilder(4, [g0] + tp + pp, seed=seed, timing=timing, frames=pool, stack_depth=5)
    for _ in range(steps):
        for g in tp:
            job.collective(g, "nccl:_all_gather_base", [[1024, 512]], [[2048, 512]])
        for g in pp:
            job.p2p(g, g.ranks[0], g.ranks[1], [4, 1024, 512])
        for g in tp:
            job.collective(g, "nccl:_reduce_scatter_base", [[2048, 512]], [[1024, 512]])
        for g in pp:
            job.p2p(g, g.ranks[1], g.ranks[0], [4, 1024, 512])
        job.collective(g0, "nccl:all_reduce", [[4096]], dtype="Float")
    job.coalesced(g0, "ALLGATHER", [("nccl:all_gather", [[64]], [[256]]), ("nccl:all_gather", [[32]], [[128]])])
    job.batch_p2p(g0, [(0, 1), (2, 3)], [256])
    if hang:
        for g in tp:
            job.collective(g, "nccl:_all_gather_base", [[1024, 512]], [[2048, 512]])
        job.collective(g0, "nccl:all_reduce", [[4096]], dtype="Float", state="started" if timing else "scheduled",
                       skip=(3,))
    return job, g0, tp, pp


def member_pgs(rank, g0, tp, pp):
    return [g for g in [g0] + tp + pp if rank in g.ranks]


def scenario_v2_10(out):
    job, g0, tp, pp = standard_job(seed=210, timing=True, frames=True)
    objs = {}
    for r in range(4):
        obj = make_dump("2.10", r, member_pgs(r, g0, tp, pp), job.entries[r])
        data = cpp(obj)
        out.pickle("dumps/v2_10_cpp/_dump_%d" % r, data,
                   "2.10, C++ pickler bytes, stack traces, timing on; rank 3 stuck (absent from the last all_reduce)")
        objs[r] = pickle.loads(data)
    for p in (2, 3, 4, 5):
        for r in range(4):
            out.pickle("dumps/v2_10_repickled_p%d/_dump_%d" % (p, r), pickle.dumps(objs[r], protocol=p),
                       "v2_10_cpp/_dump_%d loaded and re-saved by Python pickle protocol %d" % (r, p))
    for r in range(4):
        obj = make_dump("2.10", r, member_pgs(r, g0, tp, pp), job.entries[r])
        out.json("dumps/v2_10_json/_dump_%d.json" % r, to_nlohmann_json(obj),
                 "the v2_10_cpp job as _dump_nccl_trace_json() writes it (nlohmann::json::dump)")


def scenario_versions(out):
    # Same job shape in each historical layout. Timing off, so completed entries skip `started`.
    cases = [
        ("v2_2_list", None, True, False, "PyTorch 2.2: top-level list, seq_id, time_created_us, frames last"),
        ("v1_0", "1.0", True, False, "1.0: {entries, version} (entries first), seq_id, time_created_us"),
        ("v1_4_intpg", "1.4", False, False, "1.4: pg_config {int pg_id: [int ranks]}, record_id, op_id, nccl_comm_state"),
        ("v2_3", "2.3", False, False, "2.3: pg_status with int values, timeout_ms, no thread fields"),
        ("v2_9", "2.9", False, True, "2.9: nccl_version, thread fields, only active entries (like the NVRx dumps)"),
    ]
    for name, version, frames, only_active, note in cases:
        job, g0, tp, pp = standard_job(seed=300 + len(name), timing=False, frames=frames, steps=1)
        for r in range(4):
            extra = {}
            if version == "1.4":
                extra["nccl_comm_state"] = {"5e0b27a1c9d04a7f": {"nranks": "4", "rank": str(r), "commHash": "6781522870399271550"}}
            obj = make_dump(version, r, member_pgs(r, g0, tp, pp), job.entries[r], only_active=only_active, **extra)
            out.pickle("dumps/%s/_dump_%d" % (name, r), cpp(obj), note)


def scenario_v2_11(out):
    job, g0, tp, pp = standard_job(seed=211, timing=True, frames=False, steps=1)
    for r in range(2):
        entries = [dict(e, stream_id=7 + r) for e in job.entries[r]]  # unknown entry key, appended last
        extra = {"fr_build_info": {"git_sha": "0f1e2d3c", "clock_offset_ns": -5_000_000_000,
                                   "ratios": [0.1, 2.0, 1.5e-05, -0.0, 1e+300],
                                   "tuples": [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)]}}
        obj = make_dump("2.11", r, member_pgs(r, g0, tp, pp), entries, extra=extra)
        out.pickle("dumps/v2_11_unknown/_dump_%d" % r, cpp(obj),
                   "unknown version 2.11: 2.10 keys plus unknown top-level `fr_build_info` (negative LONG1, floats) "
                   "and unknown entry key `stream_id`; ranks 0-1 of the standard job only")


def scenario_health(out):
    job, g0, tp, pp = standard_job(seed=42, timing=False, frames=False, steps=1)
    for r in range(4):
        if r == 3:
            health = {"gpu": {"status": "Failed", "output": "GPU 3: Xid 79, GPU has fallen off the bus"},
                      "nic": {"status": "Healthy", "output": "mlx5_3: port 1 ACTIVE"}}
        else:
            health = {"gpu": {"status": "Healthy", "output": ""},
                      "nic": {"status": "Healthy", "output": "mlx5_%d: port 1 ACTIVE" % r}}
        obj = make_dump("2.10", r, member_pgs(r, g0, tp, pp), job.entries[r], only_active=True, health=health)
        # NVRx adds the key from Python, so the file is a Python pickle (protocol 4, its default)
        out.pickle("dumps/health/_dump_%d" % r, pickle.dumps(pickle.loads(cpp(obj)), protocol=4),
                   "NVRx style: only active entries + health_check_results; rank 3 GPU Failed (and stuck)")


def single_rank_job(seed, n, timing=False, frames=None, depth=5, names=("nccl:all_reduce",)):
    g = Pg("0", "default_pg", [0], 0)
    job = JobBuilder(1, [g], seed=seed, timing=timing, frames=frames, stack_depth=depth)
    for i in range(n):
        job.collective(g, names[i % len(names)], [[1024 * (1 + i % 3)]], dtype="Float")
    return job, g


def scenario_big_memo(out):
    rng = random.Random(7)
    job, g = single_rank_job(7, 40, frames=FramePool(rng, 200, prefix="deep"), depth=12,
                             names=("nccl:all_reduce", "nccl:broadcast", "nccl:all_gather"))
    out.pickle("dumps/big_memo/_dump_0", cpp(make_dump("2.10", 0, [g], job.entries[0])),
               "> 300 memoized strings and frame dicts: LONG_BINPUT/LONG_BINGET for strings and containers")


def scenario_invalid_utf8(out):
    sx = lambda b: b.decode("utf-8", "surrogateescape")  # noqa: E731
    frames = [
        Shared({"name": sx(b"fn_\xe2\x82"), "filename": sx(b"/home/caf\xe9/train.py"), "line": 12}),  # cut 3-byte seq; latin-1
        Shared({"name": sx(b"surrogate_\xed\xa0\x80"), "filename": "/workspace/données/日本.py", "line": 7}),  # UTF-8-encoded surrogate is invalid too
    ]
    g = Pg("0", "défaut_pg", [0], 0)
    job = JobBuilder(1, [g], seed=8, thread_name=sx(b"pt_autograd_\xff\xfe"))
    job.collective(g, "nccl:all_reduce", [[8]], dtype="Float")
    job.collective(g, "nccl:broadcast", [[8]], dtype="Float", state="scheduled")
    for e in job.entries[0]:
        e["frames"] = frames
    out.pickle("dumps/invalid_utf8/_dump_0", cpp(make_dump("2.10", 0, [g], job.entries[0])),
               "BINUNICODE bytes that are not UTF-8 (pickle.loads refuses; expected JSON uses surrogateescape)")


def scenario_repickled_1000plus(out):
    job, g = single_rank_job(9, 2500, names=("nccl:all_reduce", "nccl:all_gather", "nccl:reduce_scatter"))
    keep = ("record_id", "collective_seq_id", "profiling_name")
    entries = [{k: e[k] for k in keep} for e in job.entries[0]]  # sparse entries keep the fixture small
    comm_state = {"comm_%04d" % i: i for i in range(1100)}
    obj = {"version": "2.10", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0]"}},
           "comm_lib_version": "2.21.5", "entries": entries, "nccl_comm_state": comm_state}
    out.pickle("dumps/repickled_1000plus/_dump_0", pickle.dumps(obj, protocol=4),
               "Python protocol 4: 2500 sparse entries (APPENDS batches of 1000 + 500) and a 1100-key dict "
               "(SETITEMS batches)")


def tiny_dump(world, rank, version="2.10"):
    g = Pg("0", "default_pg", list(range(world)), 0)
    job = JobBuilder(world, [g], seed=world)
    job.collective(g, "nccl:all_reduce", [[16]], dtype="Float")
    return make_dump(version, rank, [g], job.entries[rank])


def scenario_naming(out):
    layouts = {}
    for d, prefix, world in (("numeric_sort", "_dump_", 12), ("nccl_trace", "nccl_trace_rank_", 4),
                             ("comm_lib_trace", "comm_lib_trace_rank_", 4), ("torchtitan", "rank_", 4)):
        for r in range(world):
            out.pickle("naming/%s/%s%d" % (d, prefix, r), cpp(tiny_dump(world, r)), "tiny dump, naming case")
        layouts[d] = {"prefix": prefix, "ranks": {str(r): ["%s%d" % (prefix, r)] for r in range(world)}}
    out.pickle("naming/single_file/trace-7", cpp(tiny_dump(8, 7)), "a lone dump for rank 7 of 8")
    layouts["single_file"] = {"prefix": "trace-", "ranks": {"7": ["trace-7"]}}
    for r in range(2):
        out.pickle("naming/duplicate_rank/_dump_%d" % r, cpp(tiny_dump(2, r)), "tiny dump")
    out.json("naming/duplicate_rank/_dump_1.json", to_nlohmann_json(tiny_dump(2, 1)),
             "rank 1 again, as JSON (what NVRx --debug leaves beside a pickle)")
    layouts["duplicate_rank"] = {"prefix": "_dump_", "ranks": {"0": ["_dump_0"], "1": ["_dump_1", "_dump_1.json"]},
                                 "note": "two files claim rank 1; they hold the same data"}
    for r in range(2):
        out.pickle("naming/extra_files/_dump_%d" % r, cpp(tiny_dump(2, r)), "tiny dump")
    out.raw("naming/extra_files/fault_injection.log", b"Fault ranks: [1]\nRank 1, fault_type: GPU_ERROR\n",
            "not a dump: a log file next to the dumps")
    layouts["extra_files"] = {"prefix": "_dump_", "ranks": {"0": ["_dump_0"], "1": ["_dump_1"]},
                              "not_dumps": ["fault_injection.log"]}
    data = (json.dumps(layouts, indent=1, sort_keys=True) + "\n").encode()
    with open(out._path("expected/naming.json"), "wb") as f:
        f.write(data)


DEEP_LEVELS = 100_000


def scenario_bad(out):
    job, g0, tp, pp = standard_job(seed=210, timing=True, frames=True)
    real = cpp(make_dump("2.10", 0, member_pgs(0, g0, tp, pp), job.entries[0]))
    out.pickle("bad/truncated", real[: len(real) // 2], "v2_10_cpp/_dump_0 cut in the middle", expect=False)
    out.pickle("bad/no_stop", real[:-1], "v2_10_cpp/_dump_0 without its final STOP", expect=False)
    out.raw("bad/empty", b"", "empty file")
    out.raw("bad/garbage", random.Random(1234).randbytes(4096), "4096 random bytes (seed 1234)")
    # The canonical malicious pickle, written by hand and never loaded by anything: GLOBAL posix.system,
    # an argument tuple, REDUCE. The command is harmless anyway.
    cmd = b"echo flightdeck-must-never-execute-this"

    def evil_call(memo):
        return (b"cposix\nsystem\nq" + bytes([memo]) + b"X" + struct.pack("<I", len(cmd)) + cmd + b"q"
                + bytes([memo + 1]) + b"\x85q" + bytes([memo + 2]) + b"Rq" + bytes([memo + 3]))

    out.pickle("bad/global_reduce", b"\x80\x02" + evil_call(0) + b".",
               "GLOBAL posix system + REDUCE (os.system payload): must be refused, never executed", expect=False)
    # The same call hidden inside an otherwise genuine-looking dump, as the value of an entry key.
    head = b"\x80\x02}(X\x07\x00\x00\x00versionq\x00X\x04\x00\x00\x002.10q\x01X\x07\x00\x00\x00entriesq\x02](}(" \
           b"X\x0e\x00\x00\x00profiling_nameq\x03" + evil_call(4) + b"ue" + b"u."
    out.pickle("bad/global_in_entry", head, "a REDUCE call as an entry value inside a dump-shaped dict", expect=False)
    obj = make_dump("2.10", 0, member_pgs(0, g0, tp, pp), job.entries[0])
    wrong = dict(obj.value)
    wrong["entries"] = [dict(e) for e in wrong["entries"]]
    wrong["entries"][1]["collective_seq_id"] = "7"
    out.pickle("bad/wrong_type_seq_id", cpp(Shared(wrong)), "entries[1].collective_seq_id is the string \"7\"")
    wrong = dict(obj.value)
    wrong["entries"] = {"0": wrong["entries"][0]}
    out.pickle("bad/entries_is_dict", cpp(Shared(wrong)), "`entries` is a dict, not a list")
    out.pickle("bad/huge_binunicode", b"\x80\x02X\xff\xff\xff\xffabc", "BINUNICODE claiming 4 GiB - 1 bytes, 3 present",
               expect=False)
    out.pickle("bad/huge_binunicode8", b"\x80\x04\x8d\x00\x00\x00\x00\x00\x00\x00\x40abc",
               "BINUNICODE8 claiming 2^62 bytes", expect=False)
    out.pickle("bad/binget_undefined", b"\x80\x02}(X\x01\x00\x00\x00aq\x00h\x05u.", "BINGET of a memo id never put",
               expect=False)
    out.pickle("bad/setitems_no_mark", b"\x80\x02}K\x01K\x02u.", "SETITEMS with no MARK", expect=False)
    # Deepest nesting per byte: NONE then TUPLE1 repeated wraps it DEEP_LEVELS times (1 byte per level).
    out.pickle("bad/deep_tuple1", b"\x80\x02N" + b"\x85" * DEEP_LEVELS + b".",
               "%d nested 1-tuples (reject with a depth limit, no stack overflow)" % DEEP_LEVELS, expect=False)
    jtext = to_nlohmann_json(obj)
    out.raw("bad/truncated.json", jtext[: len(jtext) // 2], "v2_10_json/_dump_0.json cut in the middle")
    out.raw("bad/garbage.json", b'{"version": "2.10", "entries": [1, 2,, }\x00\xff', "not JSON")


SCENARIOS = [scenario_v2_10, scenario_versions, scenario_v2_11, scenario_health, scenario_big_memo,
             scenario_invalid_utf8, scenario_repickled_1000plus, scenario_naming, scenario_bad]


# ----------------------------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------------------------

GENERATED_DIRS = ("dumps", "bad", "naming", "expected")


def generate(root):
    for d in GENERATED_DIRS:
        shutil.rmtree(os.path.join(root, d), ignore_errors=True)
    out = Output(root)
    for s in SCENARIOS:
        s(out)
    data = (json.dumps(out.manifest, indent=1, sort_keys=True) + "\n").encode()
    with open(out._path("expected/manifest.json"), "wb") as f:
        f.write(data)
    return out


def verify_real(directory):
    """Re-encodes every dump under directory with FrPickleWriter; reports files that are not byte-identical."""
    same = differ = 0
    for dirpath, _dirs, files in sorted(os.walk(directory)):
        for name in sorted(files):
            if not name.startswith("_dump_"):
                continue
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                data = f.read()
            obj = pickle.loads(data)
            if safe_loads(data) != obj:
                print("SafeUnpickler differs:", path)
            if FrPickleWriter.dumps(share_like_cpp(obj)) == data:
                same += 1
            else:
                differ += 1
                print("not byte-identical:", path)
    print("%d byte-identical, %d different" % (same, differ))
    return differ == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="regenerate into a temp dir and compare with the tree")
    ap.add_argument("--verify-real", metavar="DIR", help="check FrPickleWriter against real C++ dumps in DIR")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    if args.verify_real:
        return 0 if verify_real(args.verify_real) else 1
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            generate(tmp)
            bad = []
            for d in GENERATED_DIRS:
                cmp = filecmp.dircmp(os.path.join(tmp, d), os.path.join(here, d))
                bad += _diffs(cmp, d)
            for b in bad:
                print("differs:", b)
            print("identical" if not bad else "%d differences" % len(bad))
            return 1 if bad else 0
    generate(here)
    return 0


def _diffs(cmp, prefix):
    out = [os.path.join(prefix, n) for n in cmp.left_only + cmp.right_only + cmp.funny_files]
    _match, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
    out += [os.path.join(prefix, n) for n in mismatch + errors]
    for name, sub in sorted(cmp.subdirs.items()):
        out += _diffs(sub, os.path.join(prefix, name))
    return out


if __name__ == "__main__":
    sys.exit(main())

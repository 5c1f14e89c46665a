#!/usr/bin/env python3
"""Writes the archive fuzzer's seed corpus into OUTDIR: tar (plain, gzip, xz, bzip2) and zip archives of the
decoder seeds in tools/fuzz/corpus, plus the hostile shapes ArchiveReader refuses (a link, a "..", a nested
archive), so the fuzzer starts from every branch. Written at run time, never committed."""
import io
import os
import sys
import tarfile
import zipfile

here = os.path.dirname(os.path.abspath(__file__))
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
seeds = sorted(os.listdir(os.path.join(here, "corpus")))[:3]
dumps = [(f"job/_dump_{i}", open(os.path.join(here, "corpus", name), "rb").read()) for i, name in enumerate(seeds)]


def tar_bytes(members, mode="w", extra=None):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode, format=tarfile.PAX_FORMAT) as t:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 1700000000
            t.addfile(info, io.BytesIO(data))
        for info in extra or []:
            t.addfile(info)
    return buf.getvalue()


def link(name, target, kind):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    return info


corpus = {
    "job.tar": tar_bytes(dumps),
    "job.tar.gz": tar_bytes(dumps, "w:gz"),
    "job.tar.xz": tar_bytes(dumps, "w:xz"),
    "job.tar.bz2": tar_bytes(dumps, "w:bz2"),
    "symlink.tar": tar_bytes(dumps[:1], extra=[link("job/_dump_9", "/etc/passwd", tarfile.SYMTYPE)]),
    "hardlink.tar": tar_bytes(dumps[:1], extra=[link("job/_dump_9", "job/_dump_0", tarfile.LNKTYPE)]),
    "dotdot.tar": tar_bytes([("job/../../_dump_0", dumps[0][1])]),
    "nested.tar": tar_bytes([("job/inner.tar.gz", tar_bytes(dumps[:1], "w:gz"))]),
}
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in dumps:
        z.writestr(name, data)
corpus["job.zip"] = buf.getvalue()
for name, data in corpus.items():
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)

#!/usr/bin/env python3
"""Writes a troff man page from a program's --help and --version (QCommandLineParser layout), so the
man page never drifts from the binary. Standard library only; the output is reproducible (no date
unless SOURCE_DATE_EPOCH is set, gzip without name and timestamp).

  make-manpage.py --exe build/app/cli/flightdeck-cli --name flightdeck-cli --summary "..." -o out.1.gz
  make-manpage.py --help-file help.txt --version-text "x 1.0" --name x --summary "..." -o out.1
"""
import argparse
import datetime
import gzip
import os
import re
import subprocess
import sys

SECTION = re.compile(r"^(\S[^:]*):\s*$")           # "Options:", "Arguments:", "Examples:"
ENTRY = re.compile(r"^\s{1,8}(\S.*?)(?:\s{2,}(.*))?$")  # "  -x, --foo <v>   description"


def esc(text):
    """Escapes text for troff: backslashes, hyphens (so they copy-paste as ASCII), leading control chars."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    if text.startswith((".", "'")):
        text = "\\&" + text
    return text


def run(exe, arg):
    # An English, untranslated page whatever the build machine's locale.
    env = dict(os.environ, LC_ALL="C.UTF-8", LANGUAGE="", QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([exe, arg], env=env, capture_output=True, text=True, timeout=60)
    if out.returncode != 0 or not out.stdout.strip():
        # Warn instead of failing: this runs in every build, and a broken --help must not stop the others'
        # work; packaging/check-package.sh rejects a page without an OPTIONS section.
        print(f"make-manpage: warning: '{exe} {arg}' exited {out.returncode} with no usable output",
              file=sys.stderr)
        return ""
    return out.stdout


def parse(help_text):
    """Splits help into usage, description paragraphs, and sections of (term, text) entries or raw lines."""
    lines = help_text.rstrip().splitlines()
    usage, description, sections = "", [], []
    i = 0
    if lines and lines[0].startswith("Usage:"):
        usage = lines[0][len("Usage:"):].strip()
        i = 1
    while i < len(lines) and not SECTION.match(lines[i]):
        description.append(lines[i].strip())
        i += 1
    for line in lines[i:]:
        header = SECTION.match(line)
        if header:
            sections.append((header.group(1), []))
            continue
        entries = sections[-1][1]
        entry = ENTRY.match(line)
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            entries.append(("", ""))
        elif entry and (indent <= 8 and (line.lstrip().startswith("-") or sections[-1][0] == "Arguments")):
            entries.append((entry.group(1), entry.group(2) or ""))
        elif entries and entries[-1][0]:
            term, text = entries[-1]
            entries[-1] = (term, (text + " " + line.strip()).strip())
        else:
            entries.append((None, line.rstrip()))
    return usage, description, sections


def paragraphs(lines):
    out, para = [], []
    for line in lines + [""]:
        if line:
            para.append(line)
        elif para:
            out.append(" ".join(para))
            para = []
    return out


def render(name, summary, version, usage, description, sections):
    date = ""
    if "SOURCE_DATE_EPOCH" in os.environ:
        stamp = datetime.datetime.fromtimestamp(int(os.environ["SOURCE_DATE_EPOCH"]), datetime.timezone.utc)
        date = stamp.strftime("%Y-%m-%d")
    out = [f'.TH {name.upper()} 1 "{date}" "{esc(version)}" "User Commands"',
           ".SH NAME", f"{esc(name)} \\- {esc(summary)}",
           ".SH SYNOPSIS", f".B {esc(name)}"]
    # QCommandLineParser prints argv[0], i.e. the build-tree path; the page names the installed command.
    words = usage.split(None, 1)
    if words and os.path.basename(words[0]) == name:
        usage = words[1] if len(words) > 1 else ""
    if usage:
        out.append(esc(usage))
    if description:
        out.append(".SH DESCRIPTION")
        for para in paragraphs(description):
            out += [".PP", esc(para)]
    for title, entries in sections:
        out.append(f".SH {esc(title.upper())}")
        raw = []  # consecutive free-form lines (e.g. an exit code table) stay one preformatted block
        for term, text in entries + [("", "")]:
            if term is None:
                raw.append(esc(text.strip()))
                continue
            if raw:
                out += [".PP", ".nf"] + raw + [".fi"]
                raw = []
            if term:
                out += [".TP", f".B {esc(term)}", esc(text)]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--exe")
    parser.add_argument("--help-file")
    parser.add_argument("--version-text")
    parser.add_argument("--name", required=True)
    parser.add_argument("--summary", required=True)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    if args.exe:
        help_text = run(args.exe, "--help")
        version = args.version_text or (run(args.exe, "--version").splitlines() or [args.name])[0]
    elif args.help_file:
        with open(args.help_file, encoding="utf-8") as f:
            help_text = f.read()
        version = args.version_text or args.name
    else:
        parser.error("--exe or --help-file is required")
    page = render(args.name, args.summary, version.strip(), *parse(help_text)).encode("utf-8")
    if args.output.endswith(".gz"):
        with open(args.output, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz:
            gz.write(page)
    else:
        with open(args.output, "wb") as f:
            f.write(page)


if __name__ == "__main__":
    main()

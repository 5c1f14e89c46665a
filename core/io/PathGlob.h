#pragma once

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace fd {

// Python's fnmatch.fnmatchcase(name, pattern) on POSIX: `*` any run of characters, `?` one character,
// `[seq]` / `[!seq]` a set with `a-z` ranges, everything else literal (a backslash too). A `[` without a
// closing `]` is a literal `[`. Case-sensitive. Code points, not UTF-16 units, as in Python.
bool fnmatchCase(const QString& name, const QString& pattern);

// True when `s` holds one of glob's magic characters (`*`, `?`, `[`), as glob.has_magic().
bool hasGlobMagic(const QString& s);

// What glob.glob(os.path.join(root, pattern)) matches, for paths given relative to `root` with '/' between
// components (docs/cli.md, "Patterns"). Each component of the pattern matches one component of the path;
// a wildcard component does not match names starting with '.' unless it starts with '.' itself; `**` is
// not recursive (fr_attribution.py does not pass recursive=True), so it matches like `*`.
class PathGlob
{
public:
    explicit PathGlob(const QString& pattern);

    // The pattern's components, empty ones (from "a//b" or a trailing '/') dropped.
    const QStringList& components() const { return m_parts; }
    int depth() const { return int(m_parts.size()); }

    // Whether the name of a folder or file at `level` (0: directly in root) matches that component.
    bool matchesComponent(int level, const QString& name) const;
    // Whether a whole relative path ("node00/_dump_3") matches: as many components, each matching.
    bool matches(const QString& relativePath) const;

private:
    QStringList m_parts;
};

} // namespace fd

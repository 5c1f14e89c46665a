#include "PathGlob.h"

#include <optional>

namespace fd {

namespace {

// One token of a compiled fnmatch pattern: a literal, `?`, `*`, or a bracket set.
struct Token
{
    enum Kind
    {
        Literal,
        AnyOne,
        Star,
        Set
    } kind = Literal;
    char32_t ch = 0;
    bool negated = false;
    std::vector<std::pair<char32_t, char32_t>> ranges; // inclusive; a reversed range matches nothing

    bool matchesOne(char32_t c) const
    {
        switch (kind) {
        case Literal:
            return c == ch;
        case AnyOne:
            return true;
        case Set: {
            bool in = false;
            for (const auto& [lo, hi] : ranges)
                in = in || (lo <= c && c <= hi);
            return in != negated;
        }
        case Star:
            break;
        }
        return false;
    }
};

// Parses the set that starts after the '[' at `open`, the way fnmatch.translate does: a leading '!' negates,
// a ']' right after '[' or '[!' is a member, `x-y` is a range, a '-' first or last is literal. Returns the
// index after the closing ']', or nothing when there is none (then '[' is a literal).
std::optional<std::size_t> parseSet(const std::u32string& p, std::size_t open, Token& set)
{
    std::size_t j = open + 1;
    if (j < p.size() && p[j] == U'!')
        ++j;
    if (j < p.size() && p[j] == U']')
        ++j;
    while (j < p.size() && p[j] != U']')
        ++j;
    if (j >= p.size())
        return std::nullopt;
    set.kind = Token::Set;
    std::size_t k = open + 1;
    if (p[k] == U'!') {
        set.negated = true;
        ++k;
    }
    while (k < j) {
        if (k + 2 < j && p[k + 1] == U'-') {
            set.ranges.emplace_back(p[k], p[k + 2]);
            k += 3;
        } else {
            set.ranges.emplace_back(p[k], p[k]);
            ++k;
        }
    }
    return j + 1;
}

std::vector<Token> compile(const std::u32string& p)
{
    std::vector<Token> out;
    for (std::size_t i = 0; i < p.size();) {
        Token t;
        if (p[i] == U'*') {
            t.kind = Token::Star;
            if (out.empty() || out.back().kind != Token::Star)
                out.push_back(t);
            ++i;
            continue;
        }
        if (p[i] == U'?') {
            t.kind = Token::AnyOne;
            ++i;
        } else if (p[i] == U'[') {
            if (auto next = parseSet(p, i, t)) {
                i = *next;
            } else {
                t = Token{};
                t.ch = U'[';
                ++i;
            }
        } else {
            t.ch = p[i++];
        }
        out.push_back(std::move(t));
    }
    return out;
}

// Every token but `*` consumes exactly one character, so the classic greedy match with one backtracking
// point (the last `*`) is exact and linear in practice.
bool matchTokens(const std::vector<Token>& tokens, const std::u32string& s)
{
    std::size_t ti = 0, si = 0;
    std::size_t starToken = std::u32string::npos, starText = 0;
    while (si < s.size()) {
        if (ti < tokens.size() && tokens[ti].kind == Token::Star) {
            starToken = ti++;
            starText = si;
        } else if (ti < tokens.size() && tokens[ti].matchesOne(s[si])) {
            ++ti;
            ++si;
        } else if (starToken != std::u32string::npos) {
            ti = starToken + 1;
            si = ++starText;
        } else {
            return false;
        }
    }
    while (ti < tokens.size() && tokens[ti].kind == Token::Star)
        ++ti;
    return ti == tokens.size();
}

bool isHidden(const QString& name)
{
    return name.startsWith(QLatin1Char('.'));
}

} // namespace

bool fnmatchCase(const QString& name, const QString& pattern)
{
    return matchTokens(compile(pattern.toStdU32String()), name.toStdU32String());
}

bool hasGlobMagic(const QString& s)
{
    return s.contains(QLatin1Char('*')) || s.contains(QLatin1Char('?')) || s.contains(QLatin1Char('['));
}

PathGlob::PathGlob(const QString& pattern) : m_parts(pattern.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {}

bool PathGlob::matchesComponent(int level, const QString& name) const
{
    if (level < 0 || level >= m_parts.size())
        return false;
    const QString& part = m_parts[level];
    if (!hasGlobMagic(part))
        return part == name; // glob checks a literal component for existence: hidden names included
    // glob._glob1: wildcards skip hidden names unless the pattern itself starts with '.'.
    if (isHidden(name) && !isHidden(part))
        return false;
    return fnmatchCase(name, part);
}

bool PathGlob::matches(const QString& relativePath) const
{
    const QStringList names = relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (names.size() != m_parts.size())
        return false;
    for (int i = 0; i < names.size(); ++i) {
        if (!matchesComponent(i, names[i]))
            return false;
    }
    return true;
}

} // namespace fd

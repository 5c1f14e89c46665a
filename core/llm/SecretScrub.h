#pragma once

#include <QString>
#include <QStringList>

namespace fd {

// Everything a server sends back can carry the API key: an answer that echoes it, an error body that quotes
// the Authorization header, upper-cased, base64-encoded (HTTP Basic) or URL-encoded. A SecretScrubber knows
// the key's forms and replaces each with "[redacted]" in any text before it is printed, shown or written
// (docs/llm.md, "The key").
class SecretScrubber
{
public:
    explicit SecretScrubber(const QString& secret);

    QString scrub(const QString& text) const;
    // The length of the longest end of `text` that some form of the key starts with: what a later piece of a
    // text cut into pieces may complete into a form.
    qsizetype formStartAtEnd(const QString& text) const;

private:
    QStringList m_anyCase;   // matched case-insensitively: the key, URL- and hex-encoded, JSON-escaped
    QStringList m_exactCase; // base64 and base64url, at each of the three byte alignments
    qsizetype m_longest = 0;
};

// Scrubs text that arrives in pieces (a streamed answer): feed() returns what is safe to show now and keeps
// back an end that a later piece may complete into a form of the key (ordinary text ends in none, so it flows
// through at once); finish() returns the rest.
class StreamScrubber
{
public:
    explicit StreamScrubber(const QString& secret) : m_scrubber(secret) {}

    QString feed(const QString& piece);
    QString finish();

private:
    SecretScrubber m_scrubber;
    QString m_held;
};

} // namespace fd

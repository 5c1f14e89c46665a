#include "SecretScrub.h"

#include <QByteArray>
#include <QUrl>

#include <algorithm>

namespace fd {

namespace {

// Below this a "key" is an ordinary word, and its encodings a few letters that ordinary text holds.
constexpr qsizetype kMinimumKey = 4;
constexpr qsizetype kMinimumEncodedKey = 8;

const QString& redacted()
{
    static const QString text = QStringLiteral("[redacted]");
    return text;
}

// The characters of base64(prefix + key) that depend on the key's bytes alone, for a prefix of 0, 1 or 2
// bytes: whatever the key is embedded in ("user:key" in HTTP Basic), one of the three is in its encoding.
QStringList base64Cores(const QByteArray& key)
{
    QStringList out;
    for (int prefix = 0; prefix < 3; ++prefix) {
        const QByteArray data = QByteArray(prefix, '\0') + key;
        const qsizetype first = (8 * prefix + 5) / 6;
        const qsizetype last = (8 * (prefix + key.size())) / 6; // exclusive
        for (auto options : {QByteArray::Base64Encoding, QByteArray::Base64UrlEncoding}) {
            const QString encoded = QString::fromLatin1(data.toBase64(options));
            out << encoded.mid(first, last - first);
        }
    }
    return out;
}

QString percentEveryByte(const QByteArray& key)
{
    QString out;
    for (const char c : key)
        out += QStringLiteral("%%1").arg(static_cast<unsigned char>(c), 2, 16, QLatin1Char('0'));
    return out;
}

} // namespace

SecretScrubber::SecretScrubber(const QString& secret)
{
    const QString key = secret.trimmed();
    if (key.size() < kMinimumKey)
        return;
    m_anyCase << key;
    if (key.size() >= kMinimumEncodedKey) {
        const QByteArray utf8 = key.toUtf8();
        m_anyCase << QString::fromLatin1(QUrl::toPercentEncoding(key)) << percentEveryByte(utf8)
                  << QString::fromLatin1(utf8.toHex())
                  << QString(key).replace(QLatin1Char('/'), QLatin1String("\\/"));
        m_exactCase = base64Cores(utf8);
    }
    m_anyCase.removeDuplicates();
    m_exactCase.removeDuplicates();
    for (const QStringList* forms : {&m_anyCase, &m_exactCase})
        for (const QString& f : *forms)
            m_longest = std::max(m_longest, f.size());
}

QString SecretScrubber::scrub(const QString& text) const
{
    QString out = text;
    for (const QString& form : m_anyCase)
        out.replace(form, redacted(), Qt::CaseInsensitive);
    for (const QString& form : m_exactCase)
        out.replace(form, redacted(), Qt::CaseSensitive);
    return out;
}

qsizetype SecretScrubber::formStartAtEnd(const QString& text) const
{
    for (qsizetype k = std::min(text.size(), m_longest - 1); k > 0; --k) {
        const QStringView end = QStringView(text).right(k);
        for (const QString& form : m_anyCase)
            if (form.size() > k && form.startsWith(end, Qt::CaseInsensitive))
                return k;
        for (const QString& form : m_exactCase)
            if (form.size() > k && form.startsWith(end, Qt::CaseSensitive))
                return k;
    }
    return 0;
}

QString StreamScrubber::feed(const QString& piece)
{
    m_held = m_scrubber.scrub(m_held + piece);
    const qsizetype keep = m_scrubber.formStartAtEnd(m_held);
    const QString ready = m_held.left(m_held.size() - keep);
    m_held = m_held.right(keep);
    return ready;
}

QString StreamScrubber::finish()
{
    const QString rest = m_scrubber.scrub(m_held);
    m_held.clear();
    return rest;
}

} // namespace fd

// What isValidUtf8 accepts, wherever in a string the byte that decides it lies: the check reads whole words
// first, so a non-ASCII byte must count at every offset, inside a word, across two and in the tail.

#include "core/model/Utf8Text.h"

#include <QTest>

#include <string>

using namespace fd;

class TstUtf8Text : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void asciiAtEveryLength()
    {
        for (std::size_t n = 0; n <= 80; ++n)
            QVERIFY(isValidUtf8(std::string(n, 'a')));
    }

    void aStrayByteAnywhereIsInvalid()
    {
        for (std::size_t n = 1; n <= 80; ++n)
            for (std::size_t at = 0; at < n; ++at) {
                std::string s(n, 'a');
                s[at] = char(0x80); // a continuation byte with no lead
                QVERIFY2(!isValidUtf8(s), qPrintable(QStringLiteral("length %1, at %2").arg(n).arg(at)));
            }
    }

    void aSequenceAnywhereIsValid()
    {
        const std::string euro = "\xe2\x82\xac";
        for (std::size_t n = 0; n <= 77; ++n)
            for (std::size_t at = 0; at <= n; ++at) {
                std::string s(n, 'a');
                s.insert(at, euro);
                QVERIFY2(isValidUtf8(s), qPrintable(QStringLiteral("length %1, at %2").arg(n).arg(at)));
                s.erase(at + 2, 1); // cut short
                QVERIFY(!isValidUtf8(s));
            }
    }
};

QTEST_GUILESS_MAIN(TstUtf8Text)
#include "tst_utf8text.moc"

#include "HttpResponseParser.h"

#include <QCoreApplication>
#include <QList>

#include <algorithm>

namespace fd {

namespace {

struct HttpResponseParserText
{
    Q_DECLARE_TR_FUNCTIONS(fd::HttpResponseParser)
};

constexpr qsizetype kMaxHeadBytes = 64 * 1024;
// A chunk-size line is a hex number and optional extensions: a longer line is not HTTP.
constexpr qsizetype kMaxChunkLineBytes = 4096;

} // namespace

HttpResponseParser::State HttpResponseParser::fail(const QString& message)
{
    m_state = State::Failed;
    m_error = message;
    m_buffer.clear();
    return m_state;
}

QByteArray HttpResponseParser::header(const QByteArray& lowerCaseName) const
{
    const QList<QByteArray> lines = m_head.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == lowerCaseName)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

HttpResponseParser::State HttpResponseParser::feed(const QByteArray& bytes)
{
    if (m_state != State::Incomplete)
        return m_state;
    m_buffer.append(bytes);
    if (!m_headDone && parseHead() != State::Incomplete)
        return m_state;
    return m_headDone ? parseBody() : m_state;
}

HttpResponseParser::State HttpResponseParser::parseHead()
{
    const qsizetype end = m_buffer.indexOf("\r\n\r\n");
    if (end < 0) {
        if (m_buffer.size() > kMaxHeadBytes)
            return fail(HttpResponseParserText::tr("the response headers are longer than %1 bytes")
                            .arg(kMaxHeadBytes));
        return m_state;
    }
    m_head = m_buffer.left(end);
    m_buffer.remove(0, end + 4);
    m_headDone = true;
    const QList<QByteArray> status = m_head.left(m_head.indexOf('\r')).split(' ');
    bool ok = false;
    if (status.size() >= 2 && status[0].startsWith("HTTP/1."))
        m_status = status[1].toInt(&ok);
    if (!ok)
        return fail(HttpResponseParserText::tr("not an HTTP response (it starts with \"%1\")")
                        .arg(QString::fromLatin1(m_head.left(40).toPercentEncoding(" /:.,"))));
    if (m_status >= 300 && m_status < 400)
        return fail(HttpResponseParserText::tr(
                        "the server answered with a redirect (HTTP %1), which capture does not follow")
                        .arg(m_status));
    m_chunked = header("transfer-encoding").toLower().contains("chunked");
    const QByteArray length = header("content-length");
    if (!length.isEmpty() && !m_chunked) {
        m_contentLength = length.toLongLong(&ok);
        if (!ok || m_contentLength < 0)
            return fail(HttpResponseParserText::tr("bad Content-Length \"%1\"")
                            .arg(QString::fromLatin1(length.left(40))));
        if (m_contentLength > m_maxBody)
            return fail(HttpResponseParserText::tr("the answer is %1 bytes, over the %2-byte cap")
                            .arg(m_contentLength)
                            .arg(m_maxBody));
        m_body.reserve(
            qsizetype(m_contentLength)); // one allocation of the announced size, not a doubling series
    }
    return m_state;
}

HttpResponseParser::State HttpResponseParser::parseBody()
{
    if (m_chunked)
        return parseChunks();
    m_body.append(m_buffer);
    m_buffer.clear();
    if (m_body.size() > m_maxBody)
        return fail(HttpResponseParserText::tr("the answer is over the %1-byte cap").arg(m_maxBody));
    if (m_contentLength >= 0 && m_body.size() >= m_contentLength) {
        m_body.truncate(m_contentLength);
        m_state = State::Done;
    }
    return m_state;
}

HttpResponseParser::State HttpResponseParser::parseChunks()
{
    // A chunk's data goes into the body as it arrives, so the buffer holds at most a size line and one read
    // (never a second copy of a large chunk). Whole chunks are read from a moving position and the buffer is
    // cut once at the end: removing each from the front would move the rest every time. Every turn of the
    // loop consumes bytes or stops.
    qsizetype pos = 0;
    while (m_state == State::Incomplete) {
        const qsizetype available = m_buffer.size() - pos;
        if (m_chunkLeft > 0) {
            const qsizetype take = qsizetype(std::min<qint64>(m_chunkLeft, available));
            if (take == 0)
                break;
            m_body.append(m_buffer.constData() + pos, take);
            pos += take;
            m_chunkLeft -= take;
            continue;
        }
        if (m_chunkDataEnds) {
            if (available < 2)
                break;
            if (m_buffer[pos] != '\r' || m_buffer[pos + 1] != '\n')
                return fail(HttpResponseParserText::tr("a chunk of a chunked answer does not end with CRLF"));
            pos += 2;
            m_chunkDataEnds = false;
            continue;
        }
        const qsizetype lineEnd = m_buffer.indexOf("\r\n", pos);
        if (lineEnd < 0) {
            if (available > kMaxChunkLineBytes)
                return fail(HttpResponseParserText::tr(
                                "a chunk-size line of a chunked answer is longer than %1 bytes")
                                .arg(kMaxChunkLineBytes));
            break;
        }
        QByteArray sizeField = m_buffer.mid(pos, lineEnd - pos);
        if (const qsizetype semi = sizeField.indexOf(';'); semi >= 0)
            sizeField.truncate(semi);
        sizeField = sizeField.trimmed();
        // At most 15 hex digits: a larger size is over every cap, and nothing computed from it can overflow.
        bool ok = !sizeField.isEmpty() && sizeField.size() <= 15;
        const qint64 size = ok ? sizeField.toLongLong(&ok, 16) : -1;
        if (!ok || size < 0)
            return fail(HttpResponseParserText::tr("bad chunk size \"%1\" in a chunked answer")
                            .arg(QString::fromLatin1(sizeField.left(40).toPercentEncoding())));
        if (size > m_maxBody - m_body.size())
            return fail(HttpResponseParserText::tr("the answer is over the %1-byte cap").arg(m_maxBody));
        pos = lineEnd + 2;
        if (size == 0) {
            m_state = State::Done; // trailers, if any, are ignored
            pos = m_buffer.size();
            break;
        }
        m_chunkLeft = size;
        m_chunkDataEnds = true;
    }
    m_buffer.remove(0, pos);
    return m_state;
}

HttpResponseParser::State HttpResponseParser::finish()
{
    if (m_state != State::Incomplete)
        return m_state;
    if (!m_headDone)
        return fail(m_buffer.isEmpty() && m_head.isEmpty()
                        ? HttpResponseParserText::tr("the connection closed without an answer")
                        : HttpResponseParserText::tr("the connection closed inside the headers"));
    if (m_chunked || m_contentLength >= 0)
        return fail(HttpResponseParserText::tr("the answer was cut off after %1 bytes").arg(m_body.size()));
    m_state = State::Done;
    return m_state;
}

} // namespace fd

#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace fd {

// Incremental parser for one HTTP/1.1 response, as torch's worker server (cpp-httplib) sends it: a status
// line, headers, then a body of Content-Length bytes, or a body that ends when the server closes. Chunked
// bodies are decoded too (sizes checked against the cap before any arithmetic, docs/hostile-input.md).
// Redirects are an error (capture follows none), and so is a body over the cap.
class HttpResponseParser
{
public:
    enum class State
    {
        Incomplete, // feed more bytes
        Done,       // status() and body() are final
        Failed      // error() says why
    };

    explicit HttpResponseParser(std::int64_t maxBodyBytes) : m_maxBody(maxBodyBytes) {}

    State feed(const QByteArray& bytes);
    // The connection closed: a body without Content-Length ends here; anything else still open is truncated.
    State finish();

    State state() const { return m_state; }
    int status() const { return m_status; }
    const QByteArray& body() const { return m_body; }
    QByteArray header(const QByteArray& lowerCaseName) const;
    const QString& error() const { return m_error; }
    // Bytes received but not yet parsed into the body: at most a header block or a chunk-size line plus the
    // last read, so an answer is held once in memory, not twice.
    qsizetype pendingBytes() const { return m_buffer.size(); }

private:
    State fail(const QString& message);
    State parseHead();
    State parseBody();
    State parseChunks();

    std::int64_t m_maxBody;
    QByteArray m_buffer;
    QByteArray m_head;
    QByteArray m_body;
    int m_status = 0;
    std::int64_t m_contentLength = -1;
    bool m_chunked = false;
    qint64 m_chunkLeft = 0;       // data bytes of the current chunk still to come
    bool m_chunkDataEnds = false; // the CRLF after a chunk's data is still to come
    bool m_headDone = false;
    State m_state = State::Incomplete;
    QString m_error;
};

} // namespace fd

#pragma once

#include <QByteArray>
#include <QList>

namespace fd {

// One server-sent event: the joined "data:" lines of an event block.
struct SseEvent
{
    QByteArray event; // "event:" field, empty for the default "message"
    QByteArray data;
};

// Incremental text/event-stream parser. Network reads split lines anywhere, so bytes are buffered until a
// full line arrives; an event is complete at the blank line that ends it. Comments (": keep-alive") and
// "id:"/"retry:" fields are skipped: an OpenAI stream only needs the data.
class SseParser
{
public:
    // Feeds raw bytes; returns the events completed by them, in order.
    QList<SseEvent> feed(const QByteArray& bytes);
    // At end of stream: returns a last event whose terminating blank line never came.
    QList<SseEvent> finish();
    qsizetype bufferedBytes() const { return m_buffer.size(); }

private:
    void takeLine(QByteArray line, QList<SseEvent>& out);
    void dispatch(QList<SseEvent>& out);

    QByteArray m_buffer;
    QByteArray m_event;
    QByteArray m_data;
    bool m_hasData = false;
};

} // namespace fd

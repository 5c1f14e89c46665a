#include "SseParser.h"

#include <utility>

namespace fd {

QList<SseEvent> SseParser::feed(const QByteArray& bytes)
{
    QList<SseEvent> out;
    m_buffer.append(bytes);
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', start);
        if (nl < 0)
            break;
        takeLine(m_buffer.mid(start, nl - start), out);
        start = nl + 1;
    }
    m_buffer.remove(0, start);
    return out;
}

QList<SseEvent> SseParser::finish()
{
    QList<SseEvent> out;
    if (!m_buffer.isEmpty())
        takeLine(std::exchange(m_buffer, {}), out);
    dispatch(out);
    return out;
}

void SseParser::takeLine(QByteArray line, QList<SseEvent>& out)
{
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.startsWith(':'))
        return;
    const qsizetype colon = line.indexOf(':');
    const QByteArray field = colon < 0 ? line : line.left(colon);
    QByteArray value = colon < 0 ? QByteArray() : line.mid(colon + 1);
    if (value.startsWith(' '))
        value.remove(0, 1);
    if (field == "data") {
        if (m_hasData)
            m_data.append('\n');
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_event = value;
    }
}

void SseParser::dispatch(QList<SseEvent>& out)
{
    if (m_hasData)
        out.append(SseEvent{m_event, m_data});
    m_event.clear();
    m_data.clear();
    m_hasData = false;
}

} // namespace fd

#include "TraceEvents.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace fd {

namespace {

constexpr std::size_t kChunk = 1 << 20;

} // namespace

TraceEventWriter::TraceEventWriter(Sink sink) : m_sink(std::move(sink))
{
    m_buffer.reserve(kChunk + 4096);
    m_buffer += "{\"traceEvents\":[";
}

void TraceEventWriter::begin(std::string_view ph, const QString& name, const char* category, int pid, int tid)
{
    if (m_events++ > 0)
        m_buffer += ",";
    m_buffer += "\n{\"name\":";
    quoted(name.toStdString());
    if (category) {
        m_buffer += ",\"cat\":";
        quoted(category);
    }
    m_buffer += ",\"ph\":\"";
    m_buffer += ph;
    m_buffer += "\",\"pid\":";
    m_buffer += std::to_string(pid);
    m_buffer += ",\"tid\":";
    m_buffer += std::to_string(tid);
}

void TraceEventWriter::end()
{
    m_buffer += "}";
    if (m_buffer.size() >= kChunk)
        flush();
}

void TraceEventWriter::flush()
{
    m_bytes += m_buffer.size();
    if (m_ok && !m_sink(m_buffer))
        m_ok = false;
    m_buffer.clear();
}

void TraceEventWriter::number(double us)
{
    // Microseconds to the nanosecond: what the dumps' clocks give.
    char buf[40];
    const int n = std::snprintf(buf, sizeof buf, "%.3f", std::isfinite(us) ? us : 0.0);
    m_buffer.append(buf, std::size_t(n));
}

void TraceEventWriter::quoted(std::string_view text)
{
    m_buffer += '"';
    for (const char c : text) {
        switch (c) {
        case '"':
            m_buffer += "\\\"";
            break;
        case '\\':
            m_buffer += "\\\\";
            break;
        case '\n':
            m_buffer += "\\n";
            break;
        case '\t':
            m_buffer += "\\t";
            break;
        case '\r':
            m_buffer += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
                m_buffer += buf;
            } else {
                m_buffer += c;
            }
        }
    }
    m_buffer += '"';
}

void TraceEventWriter::members(const TraceArgs& items)
{
    bool first = true;
    for (const auto& [key, value] : items.items()) {
        if (!first)
            m_buffer += ",";
        first = false;
        quoted(key);
        m_buffer += ":";
        if (const auto* i = std::get_if<std::int64_t>(&value))
            m_buffer += std::to_string(*i);
        else
            quoted(std::get<std::string>(value));
    }
}

void TraceEventWriter::args(const TraceArgs& args)
{
    m_buffer += ",\"args\":{";
    members(args);
    m_buffer += "}";
}

void TraceEventWriter::nameAndOrder(const char* track, int pid, int tid, const QString& name, int sortIndex)
{
    const QString prefix = QLatin1String(track) + QLatin1Char('_');
    begin("M", prefix + QStringLiteral("name"), nullptr, pid, tid);
    args(TraceArgs().add("name", name));
    end();
    begin("M", prefix + QStringLiteral("sort_index"), nullptr, pid, tid);
    args(TraceArgs().add("sort_index", std::int64_t(sortIndex)));
    end();
}

void TraceEventWriter::processName(int pid, const QString& name)
{
    nameAndOrder("process", pid, 0, name, pid);
}

void TraceEventWriter::threadName(int pid, int tid, const QString& name, int sortIndex)
{
    nameAndOrder("thread", pid, tid, name, sortIndex);
}

void TraceEventWriter::complete(const QString& name, const char* category, int pid, int tid, double ts,
                                double dur, const TraceArgs& a)
{
    begin("X", name, category, pid, tid);
    m_buffer += ",\"ts\":";
    number(ts);
    m_buffer += ",\"dur\":";
    number(dur);
    args(a);
    end();
}

void TraceEventWriter::instant(const QString& name, const char* category, int pid, int tid, double ts,
                               const TraceArgs& a)
{
    begin("i", name, category, pid, tid);
    m_buffer += ",\"s\":\"t\",\"ts\":";
    number(ts);
    args(a);
    end();
}

void TraceEventWriter::flowEnd(std::string_view ph, std::string_view extra, std::size_t id, int pid, int tid,
                               double ts)
{
    begin(ph, QStringLiteral("waits on"), "wait", pid, tid);
    m_buffer += extra;
    m_buffer += ",\"id\":" + std::to_string(id) + ",\"ts\":";
    number(ts);
    end();
}

void TraceEventWriter::flow(std::size_t id, int fromPid, int fromTid, double fromTs, int toPid, int toTid,
                            double toTs)
{
    flowEnd("s", {}, id, fromPid, fromTid, fromTs);
    flowEnd("f", ",\"bp\":\"e\"", id, toPid, toTid, toTs);
}

void TraceEventWriter::finish(const TraceArgs& metadata)
{
    m_buffer += "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{";
    members(metadata);
    m_buffer += "}}\n";
    flush();
}

} // namespace fd

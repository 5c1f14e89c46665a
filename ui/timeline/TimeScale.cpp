#include "TimeScale.h"

#include <algorithm>

namespace fd {

TimeScale::TimeScale(double start, double end, double width)
    : m_start(start), m_end(end > start ? end : start + 1), m_width(width > 1 ? width : 1)
{
}

TimeScale TimeScale::zoomed(double factor, double anchorPixel) const
{
    const double anchor = toValue(anchorPixel);
    const double newSpan = span() / factor;
    const double start = anchor - anchorPixel / m_width * newSpan;
    return {start, start + newSpan, m_width};
}

TimeScale TimeScale::panned(double pixels) const
{
    const double delta = pixels * span() / m_width;
    return {m_start + delta, m_end + delta, m_width};
}

TimeScale TimeScale::clamped(double lo, double hi, double minSpan) const
{
    const double full = std::max(hi - lo, 1e-9);
    double s = std::clamp(span(), std::min(minSpan, full), full);
    double start = std::clamp(m_start, lo, hi - s);
    // Narrowing to minSpan keeps the centre where it was.
    if (s != span())
        start = std::clamp(m_start + (span() - s) / 2, lo, hi - s);
    return {start, start + s, m_width};
}

} // namespace fd

#pragma once

namespace fd {

// Maps a visible range of the timeline's x domain (sequence numbers or nanoseconds) onto `width` pixels.
// A small value type so the zoom/pan maths is tested without a widget.
class TimeScale
{
public:
    TimeScale() = default;
    TimeScale(double start, double end, double width);

    double start() const { return m_start; }
    double end() const { return m_end; }
    double span() const { return m_end - m_start; }
    double width() const { return m_width; }
    double pixelsPerUnit() const { return m_width / span(); }

    double toPixel(double value) const { return (value - m_start) * m_width / span(); }
    double toValue(double pixel) const { return m_start + pixel * span() / m_width; }

    // factor > 1 zooms in, keeping the value under `anchorPixel` where it is.
    TimeScale zoomed(double factor, double anchorPixel) const;
    TimeScale panned(double pixels) const;
    TimeScale withWidth(double width) const { return {m_start, m_end, width}; }
    TimeScale withRange(double start, double end) const { return {start, end, m_width}; }
    // Keeps the visible range inside [lo, hi] and no narrower than minSpan (as far as possible).
    TimeScale clamped(double lo, double hi, double minSpan) const;

    bool operator==(const TimeScale& other) const = default;

private:
    double m_start = 0;
    double m_end = 1;
    double m_width = 1;
};

} // namespace fd

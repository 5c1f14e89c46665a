#include "TimelineSettings.h"

#include <QSettings>

#include <array>
#include <cmath>
#include <utility>

namespace fd {

namespace {

constexpr std::array kXModes{std::pair{TimelineXMode::Sequence, "sequence"},
                             std::pair{TimelineXMode::WallTime, "wallTime"}};
constexpr std::array kOrders{std::pair{LaneOrder::ByRank, "rank"}, std::pair{LaneOrder::ByPg, "pg"},
                             std::pair{LaneOrder::ByProgress, "progress"}};

template <typename Enum, std::size_t N>
Enum fromName(const std::array<std::pair<Enum, const char*>, N>& names, const QString& name, Enum fallback)
{
    for (const auto& [value, text] : names)
        if (name == QLatin1String(text))
            return value;
    return fallback;
}

template <typename Enum, std::size_t N>
QString toName(const std::array<std::pair<Enum, const char*>, N>& names, Enum value)
{
    for (const auto& [v, text] : names)
        if (v == value)
            return QLatin1String(text);
    return {};
}

const QString kXModeKey = QStringLiteral("timeline/xMode");
const QString kOrderKey = QStringLiteral("timeline/laneOrder");
const QString kLaneHeightKey = QStringLiteral("timeline/laneHeight");

} // namespace

TimelinePrefs loadTimelinePrefs()
{
    const QSettings settings;
    TimelinePrefs prefs;
    prefs.xMode = fromName(kXModes, settings.value(kXModeKey).toString(), prefs.xMode);
    prefs.order = fromName(kOrders, settings.value(kOrderKey).toString(), prefs.order);
    bool ok = false;
    const double height = settings.value(kLaneHeightKey).toDouble(&ok);
    if (ok && std::isfinite(height) && height > 0)
        prefs.laneHeight = height;
    return prefs;
}

void saveTimelineOptions(const TimelineOptions& options)
{
    QSettings settings;
    settings.setValue(kXModeKey, toName(kXModes, options.xMode));
    settings.setValue(kOrderKey, toName(kOrders, options.order));
}

void saveTimelineLaneHeight(double pixels)
{
    QSettings().setValue(kLaneHeightKey, pixels);
}

} // namespace fd

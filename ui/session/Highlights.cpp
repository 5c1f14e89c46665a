#include "Highlights.h"

#include <QCoreApplication>

#include <algorithm>

namespace fd {

bool Highlights::isCulprit(int rank) const
{
    return std::binary_search(culprits.begin(), culprits.end(), rank);
}

bool Highlights::isVictim(int rank) const
{
    return std::binary_search(victims.begin(), victims.end(), rank);
}

QString Highlights::culpritReason(int rank) const
{
    auto it = std::lower_bound(culprits.begin(), culprits.end(), rank);
    if (it == culprits.end() || *it != rank)
        return {};
    const auto i = static_cast<std::size_t>(it - culprits.begin());
    return i < culpritReasons.size() ? culpritReasons[i] : QString();
}

QString verdictName(Highlights::Verdict v)
{
    switch (v) {
    case Highlights::Verdict::NoHang: return QCoreApplication::translate("fd::Highlights", "No hang");
    case Highlights::Verdict::Continue: return QCoreApplication::translate("fd::Highlights", "Continue");
    case Highlights::Verdict::Stop: return QCoreApplication::translate("fd::Highlights", "Stop");
    case Highlights::Verdict::Unknown: break;
    }
    return QCoreApplication::translate("fd::Highlights", "Not analysed");
}

} // namespace fd

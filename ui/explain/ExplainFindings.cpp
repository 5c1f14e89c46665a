#include "ExplainFindings.h"

#include "core/analysis/Analysis.h"

#include <QCoreApplication>

namespace fd {

QString explainVerdictText(const Analysis& analysis)
{
    QString name;
    switch (analysis.verdict) {
    case Verdict::NoHang:
        name = QCoreApplication::translate("fd::ExplainFindings", "No hang");
        break;
    case Verdict::Continue:
        name = QCoreApplication::translate("fd::ExplainFindings", "CONTINUE");
        break;
    case Verdict::Stop:
        name = QCoreApplication::translate("fd::ExplainFindings", "STOP");
        break;
    case Verdict::Unknown:
        name = QCoreApplication::translate("fd::ExplainFindings", "Unknown");
        break;
    }
    if (analysis.reason.isEmpty())
        return name;
    return QCoreApplication::translate("fd::ExplainFindings", "%1: %2").arg(name, analysis.reason);
}

} // namespace fd

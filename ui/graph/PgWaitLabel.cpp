#include "PgWaitLabel.h"

#include <QCoreApplication>

namespace fd {

QString pgWaitLabel(PgWaitKind kind)
{
    switch (kind) {
    case PgWaitKind::Cycle:
        return QCoreApplication::translate("fd::PgWaitLabel", "cycle");
    case PgWaitKind::WaitsOn:
        break;
    }
    return QCoreApplication::translate("fd::PgWaitLabel", "waits on");
}

} // namespace fd

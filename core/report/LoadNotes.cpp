#include "LoadNotes.h"

#include "core/model/Job.h"

#include <QHash>

#include <vector>

namespace fd {

namespace {

constexpr qsizetype kFilesNamed = 3;

} // namespace

QStringList loaderNotes(const Job& job)
{
    QStringList out;
    for (const QString& w : job.warnings)
        out << w;
    // Each distinct warning once, in the order of the first dump that gave it, with the files that gave it.
    std::vector<QString> order;
    QHash<QString, QStringList> files;
    for (const RankDump& d : job.dumps)
        for (const QString& w : d.warnings) {
            QStringList& list = files[w];
            if (list.isEmpty())
                order.push_back(w);
            list << d.filePath;
        }
    for (const QString& w : order) {
        const QStringList& list = files.value(w);
        if (list.size() == 1) {
            out << QStringLiteral("%1: %2").arg(list.front(), w);
            continue;
        }
        QStringList named = list.mid(0, kFilesNamed);
        if (list.size() > kFilesNamed)
            named << QStringLiteral("and %1 more").arg(list.size() - kFilesNamed);
        out << QStringLiteral("%1 (%2 dumps: %3)")
                   .arg(w, QString::number(list.size()), named.join(QStringLiteral(", ")));
    }
    return out;
}

} // namespace fd

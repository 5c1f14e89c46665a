#include "RecentJobs.h"

#include <QMenu>
#include <QSettings>

namespace fd {

namespace {
constexpr int kMaxRecent = 10;
const QString kRecentKey = QStringLiteral("recentJobs");
} // namespace

RecentJobs::RecentJobs(QMenu* menu, OpenFunction open, QObject* parent)
    : QObject(parent), m_menu(menu), m_open(std::move(open))
{
    refresh();
}

QStringList RecentJobs::paths() const
{
    return QSettings().value(kRecentKey).toStringList();
}

void RecentJobs::remember(const QString& path)
{
    if (path.isEmpty())
        return;
    QStringList recent = paths();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    QSettings().setValue(kRecentKey, recent);
    refresh();
}

void RecentJobs::refresh()
{
    m_menu->clear();
    const QStringList recent = paths();
    for (const QString& path : recent)
        m_menu->addAction(path, this, [this, path] { m_open(path); });
    m_menu->setEnabled(!recent.isEmpty());
}

} // namespace fd

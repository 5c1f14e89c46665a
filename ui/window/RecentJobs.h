#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QMenu;

namespace fd {

// The "Open recent" menu and the list behind it (QSettings "recentJobs", newest first, at most ten).
class RecentJobs : public QObject
{
    Q_OBJECT
public:
    using OpenFunction = std::function<void(const QString& path)>;
    RecentJobs(QMenu* menu, OpenFunction open, QObject* parent = nullptr);

    void remember(const QString& path);
    QStringList paths() const;

private:
    void refresh();

    QMenu* m_menu;
    OpenFunction m_open;
};

} // namespace fd

#pragma once

#include "ui/session/Session.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace fd {

class CollectiveRanksModel;
class StackModel;

// The selected collective on every member rank (state, sizes, dtypes, times) and the stack of the selected
// rank's record.
class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void showCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p, int rank);
    // An entry older than the loaded window (read again from its dump for the timeline): no collective the
    // analysis indexed, so no table of its ranks; what is known of it, under the tables.
    void showOlderEntry(const QString& title, const QString& description);
    QString title() const;
    CollectiveRanksModel* ranksModel() const { return m_ranks; }
    StackModel* stackModel() const { return m_stack; }

private:
    void showStackOfRow(int row);
    Session m_session;
    QLabel* m_title;
    CollectiveRanksModel* m_ranks;
    StackModel* m_stack;
    QTableView* m_ranksView;
    QTableView* m_stackView;
    QLabel* m_stackStatus;
};

} // namespace fd

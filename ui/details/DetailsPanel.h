#pragma once

#include "core/io/RankHistory.h"
#include "ui/session/Session.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace fd {

class CollectiveRanksModel;
class StackModel;

// The selected collective on every member rank (state, sizes, dtypes, times) and the stack of the selected
// rank's record; or an entry older than the loaded window, on its rank's row, with its stack.
class DetailsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit DetailsPanel(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void showCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p, int rank);
    // An entry older than the loaded window (read again from its dump for the timeline): no collective the
    // analysis indexed, so the table has its rank's row alone, and a note says where it was read from; its
    // stack is read from the rank's whole file on a worker (StackModel::setFileEntry()).
    void showOlderEntry(const HistoryEntryRef& entry);
    QString title() const;
    // Under the title: where an older entry was read from; empty for a collective.
    QString note() const;
    CollectiveRanksModel* ranksModel() const { return m_ranks; }
    StackModel* stackModel() const { return m_stack; }

private:
    void showStackOfRow(int row);
    Session m_session;
    QLabel* m_title;
    QLabel* m_note;
    CollectiveRanksModel* m_ranks;
    StackModel* m_stack;
    QTableView* m_ranksView;
    QTableView* m_stackView;
    QLabel* m_stackStatus;
};

} // namespace fd

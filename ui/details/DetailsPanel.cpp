#include "DetailsPanel.h"

#include "TableViews.h"
#include "ui/models/CollectiveRanksModel.h"
#include "ui/models/StackModel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace fd {

DetailsPanel::DetailsPanel(QWidget* parent)
    : QWidget(parent), m_title(new QLabel(this)), m_note(new QLabel(this)),
      m_ranks(new CollectiveRanksModel(this)), m_stack(new StackModel(this)),
      m_ranksView(makeTableView(m_ranks, this)), m_stackView(makeTableView(m_stack, this)),
      m_stackStatus(new QLabel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setTextFormat(Qt::PlainText);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_title->setText(tr("Click a box in the timeline to see that collective on every rank."));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_note->hide();
    // Below the stack table: the entry's thread and op id, or why the table is empty (its frames are being
    // read, or could not be).
    m_stackStatus->setTextFormat(Qt::PlainText);
    m_stackStatus->setWordWrap(true);
    m_stackStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stackStatus->hide();
    connect(m_stack, &StackModel::captionChanged, this, [this](const QString& caption) {
        m_stackStatus->setText(caption);
        m_stackStatus->setVisible(!caption.isEmpty());
    });
    // A frame is read by its function and file: those columns share the width; the index and line fit their
    // digits (a stack has a few dozen rows, so fitting them costs nothing).
    QHeaderView* stackHeader = m_stackView->horizontalHeader();
    stackHeader->setStretchLastSection(false);
    stackHeader->setSectionResizeMode(StackModel::IndexColumn, QHeaderView::ResizeToContents);
    stackHeader->setSectionResizeMode(StackModel::FunctionColumn, QHeaderView::Stretch);
    stackHeader->setSectionResizeMode(StackModel::FileColumn, QHeaderView::Stretch);
    stackHeader->setSectionResizeMode(StackModel::LineColumn, QHeaderView::ResizeToContents);
    auto* stackPane = new QWidget(this);
    auto* stackLayout = new QVBoxLayout(stackPane);
    stackLayout->setContentsMargins(0, 0, 0, 0);
    stackLayout->addWidget(m_stackView, 1);
    stackLayout->addWidget(m_stackStatus);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_ranksView);
    split->addWidget(stackPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    layout->addWidget(m_title);
    layout->addWidget(m_note);
    layout->addWidget(split, 1);
    connect(m_ranksView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showStackOfRow(current.row()); });
}

void DetailsPanel::setSession(const Session& session)
{
    m_session = session;
    m_ranks->setSession(session);
    m_stack->setSession(session);
    m_ranks->setCollective(kNoPg, Entry::kAbsent);
    m_note->hide();
}

void DetailsPanel::showCollective(std::uint32_t pgIndex, std::int64_t seq, bool p2p, int rank)
{
    if (!m_session.job)
        return;
    m_ranks->setCollective(pgIndex, seq, p2p);
    m_note->clear();
    m_note->hide();
    const auto* c = m_session.analysis->collectiveIndex.get(pgIndex, seq, p2p);
    const QString op = c ? m_session.job->str(c->op) : QString();
    m_title->setText(tr("%1 %2#%3 on %4")
                         .arg(op, p2p ? tr("p2p ") : QString())
                         .arg(seq)
                         .arg(m_session.analysis->pgLabel(pgIndex)));
    const int row = std::max(0, m_ranks->rowOfRank(rank));
    if (m_ranks->rowCount() > 0)
        m_ranksView->selectRow(row);
    showStackOfRow(row);
}

void DetailsPanel::showOlderEntry(const HistoryEntryRef& entry)
{
    if (!m_session.job || !entry.history || entry.dump >= m_session.job->dumps.size())
        return;
    const RankDump& dump = m_session.job->dumps[entry.dump];
    const Entry& e = entry.get();
    m_ranks->setOlderEntry(entry);
    m_title->setText(tr("%1 %2#%3 on %4: an older entry of rank %5")
                         .arg(entry.history->str(e.profilingName), e.isP2p ? tr("p2p ") : QString())
                         .arg(e.isP2p ? e.p2pSeqId : e.collectiveSeqId)
                         .arg(m_session.analysis->pgLabel(e.pgIndex))
                         .arg(dump.rank));
    const QLocale locale;
    m_note->setText(tr("Entry %1 of %2 in %3: older than the window the analysis judged, read again from "
                       "the file")
                        .arg(locale.toString(qulonglong(entry.fileIndex() + 1)),
                             locale.toString(qulonglong(entry.history->fileEntries())), dump.filePath));
    m_note->show();
    if (m_ranks->rowCount() > 0)
        m_ranksView->selectRow(0);
    showStackOfRow(0);
}

QString DetailsPanel::title() const
{
    return m_title->text();
}

QString DetailsPanel::note() const
{
    return m_note->text();
}

void DetailsPanel::showStackOfRow(int row)
{
    if (const std::optional<HistoryEntryRef>& older = m_ranks->olderEntry())
        m_stack->setFileEntry(older->dump, older->fileIndex());
    else
        m_stack->setEntry(m_ranks->entryAt(row));
}

} // namespace fd

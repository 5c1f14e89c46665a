#pragma once

#include "SessionTableModel.h"
#include "core/io/RankOrigins.h"
#include "ui/support/LatestResult.h"

#include <optional>

namespace fd {

// The stack frames of one entry, innermost first.
//
// The GUI loads a job without the entries' origins (DetailLevel::Times): when the entry's rank left them in
// its file, the model reads that rank's origins again on a worker (io/RankOrigins.h) and shows them when they
// arrive; until then, and when they cannot be read, it has no rows and caption() says why. The last few ranks
// read are kept.
class StackModel : public SessionTableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        IndexColumn,
        FunctionColumn,
        FileColumn,
        LineColumn,
        ColumnCount
    };
    using Roles = ItemRoles;

    explicit StackModel(QObject* parent = nullptr);
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    void setEntry(std::optional<EntryRef> ref);

    // One line under the frames: the entry's thread, op id and timeout, and why there are no frames (being
    // read, none recorded, the file changed, ...) when there are none. Empty without an entry.
    QString caption() const { return m_caption; }

Q_SIGNALS:
    void captionChanged(const QString& caption);

protected:
    void rebuild() override;
    int rows() const override { return int(m_frames.size()); }
    int columns() const override { return ColumnCount; }
    QString headerText(int column) const override;

private:
    struct ReadRank
    {
        std::size_t dump;
        RankOriginsResult result;
    };
    const ReadRank* findRead(std::size_t dump) const;
    void startReading(std::size_t dump);
    void keepRead(std::size_t dump, RankOriginsResult result);
    QString frameText(StrId id) const;
    QStringList originParts(const EntryOrigin& origin) const;
    void setCaption(const QString& caption);

    std::optional<EntryRef> m_ref;
    std::span<const StackFrame> m_frames;
    std::shared_ptr<const RankOrigins> m_shownOrigins; // where m_frames' strings are; null: the job's pools

    // Ranks read again, in the order they were read, for m_readJob.
    std::vector<ReadRank> m_read;
    std::shared_ptr<const Job> m_readJob;
    std::optional<std::size_t> m_reading; // the dump being read on a worker
    LatestResult m_reader;
    QString m_caption;
};

} // namespace fd

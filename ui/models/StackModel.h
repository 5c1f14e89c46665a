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
// arrive; until then, and when they cannot be read, it has no rows and caption() says why. An entry the
// loaded window left out (setFileEntry()) never had its origin loaded: its rank's whole file is read so.
// The last few ranks read are kept.
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
    // The entry `fileIndex` of dump `dump`'s file, counted from its first: one the loaded window left out
    // (HistoryEntryRef::fileIndex()).
    void setFileEntry(std::uint32_t dump, std::uint64_t fileIndex);

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
    // An entry: index `entry` of its dump's loaded entries, or of its file's (OriginsOf).
    struct Shown
    {
        std::uint32_t dump = 0;
        std::uint64_t entry = 0;
        OriginsOf of = OriginsOf::LoadedEntries;

        // Both are answered by one read of the same dump's origins.
        bool sameRead(std::uint32_t otherDump, OriginsOf otherOf) const
        {
            return dump == otherDump && of == otherOf;
        }
    };
    // The origins of one dump read again, numbered as `of` says.
    struct ReadRank
    {
        std::uint32_t dump;
        OriginsOf of;
        RankOriginsResult result;
    };
    void show(std::optional<Shown> shown);
    const ReadRank* findRead(const Shown& shown) const;
    void startReading(const Shown& shown);
    void keepRead(const Shown& shown, RankOriginsResult result);
    QString frameText(StrId id) const;
    QStringList originParts(const EntryOrigin& origin) const;
    void setCaption(const QString& caption);

    std::optional<Shown> m_shown;
    std::span<const StackFrame> m_frames;
    std::shared_ptr<const RankOrigins> m_shownOrigins; // where m_frames' strings are; null: the job's pools

    // Ranks read again, in the order they were read, for m_readJob.
    std::vector<ReadRank> m_read;
    std::shared_ptr<const Job> m_readJob;
    std::optional<Shown> m_reading; // the dump being read on a worker (its entry: unused)
    LatestResult m_reader;
    QString m_caption;
};

} // namespace fd

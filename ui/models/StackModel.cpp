#include "StackModel.h"

#include "ui/support/Format.h"

#include <QFileInfo>

namespace fd {

namespace {
// Ranks whose frames stay in memory once read (a rank read for its window's entries and for its whole file
// counts twice): a person compares a few ranks of one collective, back and forth.
constexpr std::size_t kKeptRanks = 8;
} // namespace

StackModel::StackModel(QObject* parent) : SessionTableModel(parent) {}

void StackModel::setEntry(std::optional<EntryRef> ref)
{
    show(ref ? std::optional<Shown>(Shown{ref->dump, ref->entry, OriginsOf::LoadedEntries}) : std::nullopt);
}

void StackModel::setFileEntry(std::uint32_t dump, std::uint64_t fileIndex)
{
    show(Shown{dump, fileIndex, OriginsOf::FileEntries});
}

void StackModel::show(std::optional<Shown> shown)
{
    m_shown = shown;
    resetRows();
}

void StackModel::rebuild()
{
    m_frames = {};
    m_shownOrigins.reset();
    if (m_readJob != m_session.job) { // another job: what was read belongs to the old one
        m_reader.cancel();
        m_read.clear();
        m_reading.reset();
        m_readJob = m_session.job;
    }
    if (!m_session.job || !m_shown || m_shown->dump >= m_session.job->dumps.size()) {
        setCaption({});
        return;
    }
    const RankDump& dump = m_session.job->dumps[m_shown->dump];
    const auto entry = std::size_t(m_shown->entry);
    const EntryOrigin* origin = nullptr;
    // The job holds the origins of the entries it loaded, when it loaded them; never of those its window
    // left out.
    if (m_shown->of == OriginsOf::LoadedEntries && !dump.originsInFile) {
        origin = &dump.originOf(entry);
    } else if (const ReadRank* read = findRead(*m_shown)) {
        if (const auto* error = std::get_if<LoadError>(&read->result)) {
            setCaption(tr("The stack frames could not be read: %1").arg(error->toString()));
            return;
        }
        m_shownOrigins = std::get<std::shared_ptr<const RankOrigins>>(read->result);
        origin = &m_shownOrigins->origin(entry);
    } else {
        startReading(*m_shown);
        setCaption(tr("Reading the stack frames of rank %1 from %2…")
                       .arg(dump.rank)
                       .arg(QFileInfo(dump.filePath).fileName()));
        return;
    }
    m_frames = m_shownOrigins ? m_shownOrigins->frames(entry) : m_session.job->pools->stack(origin->frames);
    QStringList caption = originParts(*origin);
    if (m_frames.empty())
        caption << (dump.hasStackTraces ? tr("No stack frames were recorded for this entry.")
                                        : tr("This rank's dump carries no stack frames."));
    setCaption(caption.join(QStringLiteral(" · ")));
}

QStringList StackModel::originParts(const EntryOrigin& origin) const
{
    QStringList parts;
    if (origin.threadName != 0 || origin.threadId != 0)
        parts << tr("thread %1 (%2)").arg(frameText(origin.threadName), frameText(origin.threadId));
    if (origin.opId != Entry::kAbsent)
        parts << tr("op id %1").arg(origin.opId);
    if (origin.timeoutMs != Entry::kAbsent)
        parts << tr("timeout %1").arg(formatDurationNs(double(origin.timeoutMs) * 1e6));
    return parts;
}

const StackModel::ReadRank* StackModel::findRead(const Shown& shown) const
{
    for (const ReadRank& r : m_read) {
        if (shown.sameRead(r.dump, r.of))
            return &r;
    }
    return nullptr;
}

void StackModel::startReading(const Shown& shown)
{
    if (m_reading && m_reading->sameRead(shown.dump, shown.of))
        return; // already on its way
    m_reading = shown;
    std::shared_ptr<const Job> job = m_session.job;
    // Never inline: even a small file may sit on a slow disk or deep in a compressed archive.
    m_reader.run(
        this, false, [job, shown] { return readRankOrigins(*job, job->dumps[shown.dump], shown.of); },
        [this, shown](RankOriginsResult result) {
            m_reading.reset();
            keepRead(shown, std::move(result));
            if (m_shown && m_shown->sameRead(shown.dump, shown.of))
                resetRows();
        });
}

void StackModel::keepRead(const Shown& shown, RankOriginsResult result)
{
    if (m_read.size() >= kKeptRanks)
        m_read.erase(m_read.begin());
    m_read.push_back({shown.dump, shown.of, std::move(result)});
}

void StackModel::setCaption(const QString& caption)
{
    if (caption == m_caption)
        return;
    m_caption = caption;
    Q_EMIT captionChanged(m_caption);
}

QString StackModel::frameText(StrId id) const
{
    return m_shownOrigins ? m_shownOrigins->str(id) : m_session.job->str(id);
}

QString StackModel::headerText(int column) const
{
    switch (Columns(column)) {
    case IndexColumn:
        return tr("#");
    case FunctionColumn:
        return tr("Function");
    case FileColumn:
        return tr("File");
    case LineColumn:
        return tr("Line");
    case ColumnCount:
        break;
    }
    return {};
}

QVariant StackModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    if (role != Qt::DisplayRole && role != Roles::SortRole && role != Qt::ToolTipRole)
        return {};
    const StackFrame& f = m_frames[std::size_t(index.row())];
    switch (Columns(index.column())) {
    case IndexColumn:
        return index.row();
    case FunctionColumn:
        return frameText(f.name);
    case FileColumn:
        return frameText(f.filename);
    case LineColumn:
        return f.line;
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace fd

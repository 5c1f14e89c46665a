#pragma once

#include "Entry.h"
#include "RankLists.h"
#include "SequencePool.h"
#include "StringTable.h"

#include <QString>
#include <QStringList>

#include <span>
#include <vector>

namespace fd {

// The interned data every dump of a job shares: strings, shape lists, dtype lists, stacks and the PGs entries
// name.
class JobPools
{
public:
    StringTable strings;
    // A shape list is stored flat: [count, len0, d0..., len1, d1..., ...].
    SequencePool<std::int64_t> shapeLists;
    SequencePool<StrId> dtypeLists;
    SequencePool<StackFrame> stacks;
    RankLists rankLists;            // pg_config member lists
    SequencePool<EntryPg> entryPgs; // each a list of one; id 0 (empty) is EntryPg{}

    QString str(StrId id) const { return strings.qstring(id); }
    std::vector<std::vector<std::int64_t>> shapes(ShapesId id) const;
    // "[[4096, 1, 5120], [8]]", as Python prints it.
    QString shapesText(ShapesId id) const;
    QStringList dtypes(DtypesId id) const;
    std::span<const StackFrame> stack(StackId id) const { return stacks.get(id); }
    std::span<const int> ranks(RankListId id) const { return rankLists.get(id); }
    EntryPg entryPg(EntryPgId id) const
    {
        const auto pg = entryPgs.get(id);
        return pg.empty() ? EntryPg{} : pg.front();
    }
    // Total number of elements of all tensors in the list.
    std::int64_t numel(ShapesId id) const;

    ShapesId internShapes(const std::vector<std::vector<std::int64_t>>& shapes);
    std::size_t memoryUsage() const;
};

} // namespace fd

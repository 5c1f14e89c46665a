#include "JobPools.h"

#include <QStringBuilder>

namespace fd {

const char* entryStateName(EntryState s)
{
    switch (s) {
    case EntryState::Scheduled:
        return "scheduled";
    case EntryState::Started:
        return "started";
    case EntryState::Completed:
        return "completed";
    case EntryState::Unknown:
        return "unknown";
    }
    return "unknown";
}

std::vector<std::vector<std::int64_t>> JobPools::shapes(ShapesId id) const
{
    std::vector<std::vector<std::int64_t>> out;
    const auto flat = shapeLists.get(id);
    if (flat.empty())
        return out;
    std::size_t pos = 1;
    out.reserve(static_cast<std::size_t>(flat[0]));
    for (std::int64_t i = 0; i < flat[0] && pos < flat.size(); ++i) {
        const auto len = static_cast<std::size_t>(flat[pos++]);
        out.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(pos),
                         flat.begin() + static_cast<std::ptrdiff_t>(pos + len));
        pos += len;
    }
    return out;
}

QString JobPools::shapesText(ShapesId id) const
{
    QString text = QStringLiteral("[");
    bool firstShape = true;
    for (const auto& shape : shapes(id)) {
        if (!firstShape)
            text += QStringLiteral(", ");
        firstShape = false;
        text += QLatin1Char('[');
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (d)
                text += QStringLiteral(", ");
            text += QString::number(shape[d]);
        }
        text += QLatin1Char(']');
    }
    return text + QLatin1Char(']');
}

QStringList JobPools::dtypes(DtypesId id) const
{
    QStringList out;
    for (StrId s : dtypeLists.get(id))
        out << strings.qstring(s);
    return out;
}

std::int64_t JobPools::numel(ShapesId id) const
{
    std::int64_t total = 0;
    for (const auto& shape : shapes(id)) {
        std::int64_t n = 1;
        for (std::int64_t d : shape)
            n *= d;
        total += n;
    }
    return total;
}

ShapesId JobPools::internShapes(const std::vector<std::vector<std::int64_t>>& list)
{
    if (list.empty())
        return 0;
    std::vector<std::int64_t> flat;
    flat.push_back(static_cast<std::int64_t>(list.size()));
    for (const auto& shape : list) {
        flat.push_back(static_cast<std::int64_t>(shape.size()));
        flat.insert(flat.end(), shape.begin(), shape.end());
    }
    return shapeLists.intern(flat);
}

std::size_t JobPools::memoryUsage() const
{
    return strings.memoryUsage() + shapeLists.memoryUsage() + dtypeLists.memoryUsage() +
           stacks.memoryUsage() + rankLists.memoryUsage() + entryPgs.memoryUsage();
}

} // namespace fd

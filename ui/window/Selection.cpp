#include "Selection.h"

namespace fd {

Selection::Selection(QObject* parent) : QObject(parent) {}

void Selection::selectPg(std::uint32_t pgIndex)
{
    if (pgIndex == m_pg)
        return;
    m_pg = pgIndex;
    Q_EMIT pgChanged(pgIndex);
    if (pgIndex != kNoPg)
        Q_EMIT pgShown(pgIndex);
}

void Selection::selectCollective(const Collective& collective)
{
    if (collective == m_collective)
        return;
    m_collective = collective;
    Q_EMIT collectiveChanged(collective);
    if (collective.pgIndex != kNoPg)
        Q_EMIT pgShown(collective.pgIndex);
}

void Selection::clearCollective()
{
    m_collective = {};
}

} // namespace fd

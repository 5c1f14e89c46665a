#pragma once

#include <Qt>

namespace fd {

// Item roles shared by every model of the ui library, so views, proxies and tests ask for the same thing
// the same way whatever model they hold.
struct ItemRoles
{
    enum Role : int
    {
        SortRole = Qt::UserRole + 1, // a value that sorts naturally (numbers as numbers)
        RankRole,                    // global rank, int
        PgIndexRole,                 // index into Job::processGroups, uint
        SeqRole,                     // collective or p2p sequence id, qlonglong
        StateRole,                   // fd::EntryState as int
        HighlightRole,               // bool: culprit rank / frontier PG / error finding
        FilterRole,                  // text a filter proxy matches
        P2pRole,                     // bool: the row is a p2p op (SeqRole is then its p2p_seq_id)
    };
};

} // namespace fd

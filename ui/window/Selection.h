#pragma once

#include "core/analysis/Analysis.h"

#include <QObject>

#include <cstdint>

namespace fd {

// What the user has selected, one object every view follows: a process group, and a collective (with the rank
// it was picked on, -1 for none). Clicks anywhere go in through the slots; views connect to the signals, so
// no one pushes a selection into each view by hand. A signal is emitted only when the selection changes.
class Selection : public QObject
{
    Q_OBJECT

public:
    struct Collective
    {
        std::uint32_t pgIndex = kNoPg;
        std::int64_t seq = kNoSeq; // collective_seq_id, or p2p_seq_id when p2p
        bool p2p = false;
        int rank = -1;
        bool operator==(const Collective&) const = default;
    };

    explicit Selection(QObject* parent = nullptr);

    std::uint32_t pg() const { return m_pg; }
    const Collective& collective() const { return m_collective; }

public Q_SLOTS:
    // kNoPg: every PG.
    void selectPg(std::uint32_t pgIndex);
    // Also makes its PG the one the charts show (pgShown), without filtering the other views to it.
    void selectCollective(const fd::Selection::Collective& collective);
    // A new job: no collective is selected (no signal: the views are given the new session anyway). The PG
    // stays until the controls, reset with the session, select another.
    void clearCollective();

Q_SIGNALS:
    void pgChanged(std::uint32_t pgIndex);
    void collectiveChanged(const fd::Selection::Collective& collective);
    // The PG whose charts to show: the selected PG, or the selected collective's.
    void pgShown(std::uint32_t pgIndex);

private:
    std::uint32_t m_pg = kNoPg;
    Collective m_collective;
};

} // namespace fd

Q_DECLARE_METATYPE(fd::Selection::Collective)

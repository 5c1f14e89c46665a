#pragma once

#include "core/analysis/Analysis.h"

#include <QFont>
#include <QPalette>
#include <QSize>

class QPainter;

namespace fd {

// One evidence panel (core's Analysis::evidence): the PG's members as rows, the collectives around
// the divergence as columns, each cell filled with the member's state, the proof cells outlined in the
// culprit colour and the peers' cells they are set against in the frontier colour. The caption under the
// grid says in words what the outlined cells show. The same picture in the Evidence dock and in the report.
class EvidencePicture
{
public:
    // Rows beyond this many are summarised in one line: culprits always get a row, then the rows holding
    // proof or witness cells, then the others.
    static constexpr std::size_t kMaxRows = 12;

    EvidencePicture(const Analysis& analysis, const Evidence& evidence, const QFont& font);

    QSize size() const { return m_size; }
    // The members given a row, top to bottom: the culprits first.
    std::vector<int> ranksShown() const;
    // Paints at `topLeft` (the panel takes size()).
    void paint(QPainter& painter, QPoint topLeft, const QPalette& palette) const;

private:
    const Analysis& m_analysis;
    const Evidence& m_evidence;
    QFont m_font;
    QFont m_bold;
    std::vector<std::size_t> m_rows; // indices into m_evidence.members, in the order shown
    int m_labelWidth = 0;
    int m_cellWidth = 0;
    int m_cellHeight = 0;
    int m_titleHeight = 0;
    QSize m_size;
};

// Several panels side by side, wrapping at a width: at most `maxPanels`, then "and N more findings".
struct EvidenceSheet
{
    struct Panel
    {
        QPoint at;            // relative to the sheet's top left
        std::size_t evidence; // index into Analysis::evidence
    };
    std::vector<Panel> panels;
    int hidden = 0; // findings beyond maxPanels
    QSize size;
};
inline constexpr int kSheetGap = 12;
// The order a reader meets the findings in: each culprit's own (Analysis::evidenceFor, by culprit rank)
// first, then the others in frontier order. On a job with several culprits the first frontier item is often a
// collective that merely waits behind them; the proof is in the culprits' own PGs. Indices into evidence.
std::vector<std::size_t> evidenceReadingOrder(const Analysis& analysis);
EvidenceSheet layoutEvidenceSheet(const Analysis& analysis, const QFont& font, int width,
                                  std::size_t maxPanels = 8);
void paintEvidenceSheet(QPainter& painter, QPoint topLeft, const EvidenceSheet& sheet,
                        const Analysis& analysis, const QFont& font, const QPalette& palette);

} // namespace fd

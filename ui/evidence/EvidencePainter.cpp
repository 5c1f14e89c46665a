#include "EvidencePainter.h"

#include "PictureFrame.h"
#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace fd {

namespace {

// lupdate files EvidenceText::tr() strings under the context named here, the one they are looked up in.
struct EvidenceText
{
    Q_DECLARE_TR_FUNCTIONS(fd::EvidencePicture)
};

using picture::kPad;

BoxState boxStateOf(MemberState s)
{
    switch (s) {
    case MemberState::NotEntered:
        return BoxState::NeverEntered;
    case MemberState::Scheduled:
        return BoxState::Scheduled;
    case MemberState::Started:
        return BoxState::Started;
    case MemberState::Completed:
        return BoxState::Completed;
    case MemberState::NoDump:
    case MemberState::Unknown:
        break;
    }
    return BoxState::Unknown;
}

bool isCulprit(const Evidence& e, int rank)
{
    return std::binary_search(e.culprits.begin(), e.culprits.end(), rank);
}

QString titleOf(const Analysis& a, const Evidence& e)
{
    const QString what =
        e.isP2p ? EvidenceText::tr("p2p op %1").arg(e.seq) : EvidenceText::tr("collective %1").arg(e.seq);
    return EvidenceText::tr("%1 · %2").arg(a.pgLabel(e.pgIndex), what);
}

QString hiddenMembersText(std::size_t hidden)
{
    return EvidenceText::tr("and %n more member(s) not shown", nullptr, int(hidden));
}

} // namespace

EvidencePicture::EvidencePicture(const Analysis& analysis, const Evidence& evidence, const QFont& font)
    : m_analysis(analysis), m_evidence(evidence), m_font(font), m_bold(font)
{
    m_bold.setBold(true);
    const Evidence& e = evidence;
    // The rows that carry the story first (culprits, proof and witness cells), then the others in rank order
    // until the panel is full. Culprits always, shown on top: in a PG of 512 peers the culprit's rank may
    // come after a dozen of them (16384 ranks: rank 9000 among 8192, 8200, ...), below a docked panel's fold.
    // The other rows in rank order; when a whole PG of peers witnesses against them, the first few.
    std::vector<std::size_t> culpritRows, keyRows, otherRows;
    for (std::size_t r = 0; r < e.members.size(); ++r) {
        bool key = false;
        for (std::size_t c = 0; c < e.seqs.size() && !key; ++c)
            key = e.cell(r, c).role != CellRole::Context;
        (isCulprit(e, e.members[r]) ? culpritRows : key ? keyRows : otherRows).push_back(r);
    }
    m_rows = culpritRows;
    for (const std::vector<std::size_t>* rows : {&keyRows, &otherRows})
        for (std::size_t r : *rows)
            if (m_rows.size() < kMaxRows)
                m_rows.push_back(r);
    std::sort(m_rows.begin() + std::ptrdiff_t(culpritRows.size()), m_rows.end());

    const QFontMetrics fm(m_font), bm(m_bold);
    m_cellHeight = fm.height() + 6;
    for (std::size_t r : m_rows)
        m_labelWidth =
            std::max(m_labelWidth, bm.horizontalAdvance(EvidenceText::tr("rank %1").arg(e.members[r])));
    m_labelWidth += 2 * kPad;
    m_cellWidth = 44;
    for (std::int64_t seq : e.seqs)
        m_cellWidth = std::max(m_cellWidth, fm.horizontalAdvance(QString::number(seq)) + 2 * kPad);
    m_titleHeight = bm.height() + 4;
    const int gridWidth = m_labelWidth + int(e.seqs.size()) * m_cellWidth;
    const int textWidth =
        std::max({bm.horizontalAdvance(titleOf(analysis, e)), fm.horizontalAdvance(e.caption),
                  fm.horizontalAdvance(hiddenMembersText(e.members.size() - m_rows.size()))});
    m_size = picture::frameSize(fm, gridWidth, textWidth, m_titleHeight, m_cellHeight, m_rows.size(),
                                e.members.size() > m_rows.size());
}

std::vector<int> EvidencePicture::ranksShown() const
{
    std::vector<int> out;
    for (std::size_t r : m_rows)
        out.push_back(m_evidence.members[r]);
    return out;
}

void EvidencePicture::paint(QPainter& p, QPoint topLeft, const QPalette& pal) const
{
    const Evidence& e = m_evidence;
    int y = picture::beginPicture(p, topLeft, m_size, pal, m_bold, m_titleHeight, titleOf(m_analysis, e));

    // Column headers: the sequence ids, the diverging one in bold.
    const int x0 = kPad + m_labelWidth;
    for (std::size_t c = 0; c < e.seqs.size(); ++c) {
        p.setFont(e.seqs[c] == e.seq ? m_bold : m_font);
        p.drawText(QRect(x0 + int(c) * m_cellWidth, y, m_cellWidth, m_cellHeight), Qt::AlignCenter,
                   QString::number(e.seqs[c]));
    }
    y += m_cellHeight;

    struct Outline
    {
        QRect rect;
        CellRole role;
    };
    std::vector<Outline> outlines; // on top of every fill, so neighbours do not cover them
    for (std::size_t row : m_rows) {
        const int rank = e.members[row];
        const bool culprit = isCulprit(e, rank);
        p.setFont(culprit ? m_bold : m_font);
        p.setPen(culprit ? theme::culprit(pal) : pal.color(QPalette::Text));
        p.drawText(QRect(kPad, y, m_labelWidth - kPad, m_cellHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   EvidenceText::tr("rank %1").arg(rank));
        for (std::size_t c = 0; c < e.seqs.size(); ++c) {
            const EvidenceCell& cell = e.cell(row, c);
            const QRect r(x0 + int(c) * m_cellWidth + 1, y + 1, m_cellWidth - 2, m_cellHeight - 2);
            const BoxState state = boxStateOf(cell.state);
            p.fillRect(r, theme::stateBrush(state, pal));
            if (const QBrush hatch = theme::stateHatch(state, pal); hatch.style() != Qt::NoBrush)
                p.fillRect(r, hatch);
            if (cell.odd) {
                p.setFont(m_bold);
                p.setPen(pal.color(QPalette::Text));
                p.drawText(r, Qt::AlignCenter, QStringLiteral("≠"));
            }
            if (cell.role != CellRole::Context)
                outlines.push_back({r, cell.role});
        }
        y += m_cellHeight;
    }
    p.setBrush(Qt::NoBrush);
    for (const Outline& o : outlines) {
        const bool proof = o.role == CellRole::Proof;
        p.setPen(QPen(proof ? theme::culprit(pal) : theme::frontier(pal), proof ? 3 : 2));
        p.drawRect(o.rect.adjusted(1, 1, -1, -1));
    }

    const std::size_t hidden = e.members.size() - m_rows.size();
    picture::endPicture(p, y, m_font, pal, hidden ? hiddenMembersText(hidden) : QString(), e.caption);
}

std::vector<std::size_t> evidenceReadingOrder(const Analysis& analysis)
{
    std::vector<std::size_t> order;
    order.reserve(analysis.evidence.size());
    auto add = [&order](std::size_t i) {
        if (std::find(order.begin(), order.end(), i) == order.end())
            order.push_back(i);
    };
    for (const Culprit& c : analysis.culprits)
        if (const Evidence* own = analysis.evidenceFor(c.rank))
            add(std::size_t(own - analysis.evidence.data()));
    for (std::size_t i = 0; i < analysis.evidence.size(); ++i)
        add(i);
    return order;
}

EvidenceSheet layoutEvidenceSheet(const Analysis& analysis, const QFont& font, int width,
                                  std::size_t maxPanels)
{
    EvidenceSheet sheet;
    int x = 0, y = 0, rowHeight = 0;
    const std::vector<std::size_t> order = evidenceReadingOrder(analysis);
    for (std::size_t n = 0; n < order.size(); ++n) {
        const std::size_t i = order[n];
        if (sheet.panels.size() == maxPanels) {
            sheet.hidden = int(order.size() - n);
            break;
        }
        const QSize size = EvidencePicture(analysis, analysis.evidence[i], font).size();
        if (x > 0 && x + size.width() > width) { // next row
            x = 0;
            y += rowHeight + kSheetGap;
            rowHeight = 0;
        }
        sheet.panels.push_back({QPoint(x, y), i});
        x += size.width() + kSheetGap;
        rowHeight = std::max(rowHeight, size.height());
        sheet.size = sheet.size.expandedTo(QSize(x - kSheetGap, y + rowHeight));
    }
    if (sheet.hidden > 0)
        sheet.size.rheight() += QFontMetrics(font).height() + kSheetGap;
    return sheet;
}

void paintEvidenceSheet(QPainter& p, QPoint topLeft, const EvidenceSheet& sheet, const Analysis& analysis,
                        const QFont& font, const QPalette& palette)
{
    for (const EvidenceSheet::Panel& panel : sheet.panels)
        EvidencePicture(analysis, analysis.evidence[panel.evidence], font)
            .paint(p, topLeft + panel.at, palette);
    if (sheet.hidden > 0) {
        p.save();
        p.setFont(font);
        p.setPen(palette.color(QPalette::Text));
        p.drawText(QPoint(topLeft.x(), topLeft.y() + sheet.size.height() - QFontMetrics(font).descent()),
                   EvidenceText::tr("and %n more finding(s)", nullptr, sheet.hidden));
        p.restore();
    }
}

} // namespace fd

#pragma once

#include "ui/session/Session.h"

#include <QFontMetricsF>
#include <QGraphicsItem>
#include <QStringList>

namespace fd {

// A process group: description, name, size, stuck/missing counts and the culprit ranks it holds. Or an
// aggregate of PGs of one description and status (PgGraphLayout): "DP × 32", their ranks, "32 waiting".
class PgNodeItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 1
    };
    PgNodeItem(const Session& session, std::vector<std::uint32_t> pgs);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    std::uint32_t pgIndex() const { return m_pg; } // the first PG of an aggregate
    const std::vector<std::uint32_t>& pgs() const { return m_pgs; }
    bool isAggregate() const { return m_pgs.size() > 1; }
    QString title() const { return m_title; }
    bool isFrontier() const { return m_frontier; }
    const std::vector<int>& unhealthyRanks() const { return m_unhealthy; }
    QString statusText() const { return m_status; }
    // The status as painted in a text column `width` wide: whole parts on at most two lines.
    QStringList statusLines(const QFontMetricsF& metrics, double width) const;
    static QFont statusFont(const QWidget* widget);
    static constexpr int kTextLines = 4; // title, ranks, two of status
    QString healthBadge() const;         // "1 unhealthy", empty when no member failed a health check
    void setSelectedPg(bool selected);

private:
    // A red "1 ✗" pill at the right end of `line`; returns its width.
    double paintHealthBadge(QPainter* p, const QRectF& line, const QPalette& pal,
                            const QWidget* widget) const;

    std::uint32_t m_pg;
    std::vector<std::uint32_t> m_pgs;
    QString m_title;
    QString m_subtitle;
    QString m_status;
    QStringList m_statusParts; // "culprit 517", "1 missing", "1023 stuck", ...
    std::vector<int> m_culprits;
    std::vector<int> m_unhealthy; // members that failed an NVRx health check
    bool m_frontier = false;
    bool m_hang = false;
    bool m_selectedPg = false;
};

// An edge between two PG nodes: shared ranks (thin, no arrow) or "ranks of one wait on the other" (bold
// arrow in the frontier colour).
class PgEdgeItem : public QGraphicsItem
{
public:
    enum
    {
        Type = UserType + 2
    };
    enum class Kind : std::uint8_t
    {
        SharedRanks,
        WaitsOn
    };
    PgEdgeItem(const PgNodeItem* from, const PgNodeItem* to, Kind kind, QString label);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    Kind kind() const { return m_kind; }

private:
    QPainterPath path() const;
    QPointF m_a;
    QPointF m_b;
    Kind m_kind;
    QString m_label;
};

} // namespace fd

#pragma once

#include "TimelineLayout.h"

#include <QWidget>

class QComboBox;
class QSpinBox;

namespace fd {

// The timeline's options as a row of controls: x axis, lane order, PG filter, rank range.
class TimelineControls : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineControls(QWidget* parent = nullptr);
    void setSession(const Session& session);
    TimelineOptions options() const;
    void setPgFilter(std::uint32_t pgIndex);
    void toggleXMode();
    // The preferences a new session keeps (MainWindow stores them: TimelineSettings.h).
    void setXMode(TimelineXMode mode);
    void setLaneOrder(LaneOrder order);
    QComboBox* pgCombo() const { return m_pg; }

Q_SIGNALS:
    void optionsChanged(const fd::TimelineOptions& options);

private:
    void emitChanged();
    QComboBox* m_xMode;
    QComboBox* m_order;
    QComboBox* m_groupKind;
    QComboBox* m_pg;
    QSpinBox* m_rankMin;
    QSpinBox* m_rankMax;
    bool m_updating = false;
};

} // namespace fd

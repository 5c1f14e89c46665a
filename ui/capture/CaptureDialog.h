#pragma once

#include "core/capture/CaptureRequest.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fd {

// File › Capture from running job…: where the job's ranks listen (the job's store, where torch's debug server
// lists them; worker-server sockets; a host:port list; or NCCL dump pipes), where the capture folder goes,
// and how long each rank has to answer (docs/capture.md). The last values are remembered (QSettings group
// "capture").
class CaptureDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CaptureDialog(QWidget* parent = nullptr);

    CaptureRequest request() const;
    void setRequest(const CaptureRequest& request); // tests and a repeated capture

public Q_SLOTS:
    void accept() override;

private:
    void sourceChanged();

    QComboBox* m_source = nullptr;
    QLineEdit* m_target = nullptr;
    QLineEdit* m_store = nullptr; // MASTER_ADDR:MASTER_PORT, for the debug server's worker list
    QString m_lastStore;
    QLineEdit* m_dumpPrefix = nullptr;
    QLineEdit* m_out = nullptr;
    QSpinBox* m_timeout = nullptr;
    QCheckBox* m_allowRemote = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace fd

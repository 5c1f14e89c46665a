#include "CaptureDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fd {

namespace {

const char* const kGroup = "capture";

} // namespace

CaptureDialog::CaptureDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Capture from running job"));
    setObjectName(QStringLiteral("captureDialog"));

    m_source = new QComboBox(this);
    m_source->setObjectName(QStringLiteral("source"));
    m_source->addItem(tr("torch debug server (start_debug_server), through the job's store"),
                      int(CaptureRequest::Source::Store));
    m_source->addItem(tr("torch worker servers on Unix sockets"), int(CaptureRequest::Source::SocketGlob));
    m_source->addItem(tr("torch worker servers on host:port"), int(CaptureRequest::Source::HostList));
    m_source->addItem(tr("NCCL dump pipes on this node"), int(CaptureRequest::Source::Pipe));
    m_target = new QLineEdit(this);
    m_target->setObjectName(QStringLiteral("target"));
    m_store = new QLineEdit(this);
    m_store->setObjectName(QStringLiteral("store"));
    m_store->setPlaceholderText(tr("e.g. 127.0.0.1:29500"));
    m_dumpPrefix = new QLineEdit(this);
    m_dumpPrefix->setObjectName(QStringLiteral("dumpPrefix"));
    m_dumpPrefix->setPlaceholderText(tr("TORCH_FR_DUMP_TEMP_FILE of the ranks"));
    m_out = new QLineEdit(this);
    m_out->setObjectName(QStringLiteral("out"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Folder for the capture"), m_out->text());
        if (!dir.isEmpty())
            m_out->setText(dir);
    });
    m_timeout = new QSpinBox(this);
    m_timeout->setObjectName(QStringLiteral("timeout"));
    m_timeout->setRange(1, 3600);
    m_timeout->setSuffix(tr(" s"));
    m_allowRemote = new QCheckBox(tr("Allow worker servers on other hosts"), this);
    m_allowRemote->setObjectName(QStringLiteral("allowRemote"));
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_error->hide();

    auto* outRow = new QHBoxLayout;
    outRow->addWidget(m_out, 1);
    outRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("&Ranks:"), m_source);
    form->addRow(tr("Job's &store (MASTER_ADDR:MASTER_PORT):"), m_store);
    form->addRow(tr("&Where:"), m_target);
    form->addRow(tr("&Dump prefix:"), m_dumpPrefix);
    auto* outLabel = new QLabel(tr("&Save into:"), this); // a row of a layout gets no buddy by itself
    outLabel->setBuddy(m_out);
    form->addRow(outLabel, outRow);
    form->addRow(tr("&Timeout per rank:"), m_timeout);
    form->addRow(QString(), m_allowRemote);
    auto* note =
        new QLabel(tr("The capture goes into a new capture-<UTC time> folder there, then opens like a "
                      "dump folder. A rank that does not answer is listed under Load problems."),
                   this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Capture"));
    connect(buttons, &QDialogButtonBox::accepted, this, &CaptureDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    connect(m_source, &QComboBox::currentIndexChanged, this, &CaptureDialog::sourceChanged);
    QSettings qs;
    qs.beginGroup(QLatin1String(kGroup));
    CaptureRequest last;
    last.source = CaptureRequest::Source(qs.value(QStringLiteral("source"), int(last.source)).toInt());
    last.target = qs.value(QStringLiteral("target")).toString();
    m_lastStore = qs.value(QStringLiteral("store")).toString();
    if (last.source == CaptureRequest::Source::Store)
        last.target = m_lastStore;
    last.dumpPrefix = qs.value(QStringLiteral("dumpPrefix"), dumpPrefixFromEnvironment()).toString();
    last.options.outDir = qs.value(QStringLiteral("out"), QDir::homePath()).toString();
    last.options.perRankTimeoutMs = qs.value(QStringLiteral("timeoutSec"), 10).toInt() * 1000;
    setRequest(last);
    // The usual change between two captures: where the ranks listen.
    if (last.source == CaptureRequest::Source::Store)
        m_store->setFocus();
    else
        m_target->setFocus();
}

void CaptureDialog::sourceChanged()
{
    const auto source = CaptureRequest::Source(m_source->currentData().toInt());
    m_dumpPrefix->setEnabled(source == CaptureRequest::Source::Pipe);
    m_allowRemote->setEnabled(source == CaptureRequest::Source::HostList ||
                              source == CaptureRequest::Source::Store);
    m_store->setEnabled(source == CaptureRequest::Source::Store);
    m_target->setEnabled(source != CaptureRequest::Source::Store);
    switch (source) {
    case CaptureRequest::Source::Store:
        m_target->setPlaceholderText(QString());
        break;
    case CaptureRequest::Source::SocketGlob:
        m_target->setPlaceholderText(tr("glob of TORCH_WORKER_SERVER_SOCKET, e.g. /tmp/job/worker_*.sock"));
        break;
    case CaptureRequest::Source::HostList:
        m_target->setPlaceholderText(
            tr("host:port list in rank order, e.g. 127.0.0.1:25999,127.0.0.1:26000"));
        break;
    case CaptureRequest::Source::Pipe:
        m_target->setPlaceholderText(
            tr("TORCH_NCCL_DEBUG_INFO_PIPE_FILE of the ranks, e.g. /tmp/nccl_pipe_"));
        break;
    }
}

CaptureRequest CaptureDialog::request() const
{
    CaptureRequest r;
    r.source = CaptureRequest::Source(m_source->currentData().toInt());
    r.target = (r.source == CaptureRequest::Source::Store ? m_store : m_target)->text().trimmed();
    r.dumpPrefix = m_dumpPrefix->text().trimmed();
    r.allowRemote = m_allowRemote->isChecked();
    r.options.outDir = m_out->text().trimmed();
    r.options.perRankTimeoutMs = m_timeout->value() * 1000;
    return r;
}

void CaptureDialog::setRequest(const CaptureRequest& request)
{
    m_source->setCurrentIndex(std::max(0, m_source->findData(int(request.source))));
    if (request.source == CaptureRequest::Source::Store) {
        m_store->setText(request.target);
    } else {
        m_target->setText(request.target);
        m_store->setText(m_lastStore);
    }
    m_dumpPrefix->setText(request.dumpPrefix);
    m_allowRemote->setChecked(request.allowRemote);
    m_out->setText(request.options.outDir);
    m_timeout->setValue(request.options.perRankTimeoutMs / 1000);
    sourceChanged();
}

void CaptureDialog::accept()
{
    const CaptureRequest r = request();
    QString error;
    if (r.target.isEmpty())
        error = r.source == CaptureRequest::Source::Store
                    ? tr("Give the job's store, MASTER_ADDR:MASTER_PORT.")
                    : tr("Say where the ranks listen.");
    else if (r.source == CaptureRequest::Source::Pipe && r.dumpPrefix.isEmpty())
        error = tr("A pipe capture needs the ranks' dump prefix (TORCH_FR_DUMP_TEMP_FILE).");
    else if (r.options.outDir.isEmpty())
        error = tr("Choose a folder for the capture.");
    if (!error.isEmpty()) {
        m_error->setText(error);
        m_error->show();
        return;
    }
    QSettings qs;
    qs.beginGroup(QLatin1String(kGroup));
    qs.setValue(QStringLiteral("source"), int(r.source));
    qs.setValue(r.source == CaptureRequest::Source::Store ? QStringLiteral("store")
                                                          : QStringLiteral("target"),
                r.target);
    qs.setValue(QStringLiteral("dumpPrefix"), r.dumpPrefix);
    qs.setValue(QStringLiteral("out"), r.options.outDir);
    qs.setValue(QStringLiteral("timeoutSec"), r.options.perRankTimeoutMs / 1000);
    QDialog::accept();
}

} // namespace fd

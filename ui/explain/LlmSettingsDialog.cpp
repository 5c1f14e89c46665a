#include "LlmSettingsDialog.h"

#include "ExplainSettings.h"
#include "core/llm/LlmKeyStore.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fd {

LlmSettingsDialog::LlmSettingsDialog(const LlmSettings& current, const QString& sessionKey, QWidget* parent)
    : QDialog(parent), m_current(current), m_sessionKey(sessionKey)
{
    setWindowTitle(tr("LLM Settings"));
    setObjectName(QStringLiteral("llmSettingsDialog"));

    m_baseUrl = new QLineEdit(this);
    m_baseUrl->setObjectName(QStringLiteral("baseUrl"));
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("model"));
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("apiKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setClearButtonEnabled(true);
    // Password managers and IMEs should not learn the key.
    m_key->setInputMethodHints(Qt::ImhHiddenText | Qt::ImhNoPredictiveText | Qt::ImhSensitiveData);
    m_remember = new QCheckBox(tr("&Remember the key on this computer"), this);
    m_remember->setObjectName(QStringLiteral("remember"));
    m_keyNote = new QLabel(this);
    m_keyNote->setWordWrap(true);
    m_keyNote->setForegroundRole(QPalette::PlaceholderText);
    m_totalTimeout = new QSpinBox(this);
    m_totalTimeout->setObjectName(QStringLiteral("totalTimeout"));
    m_totalTimeout->setRange(5, 3600);
    m_totalTimeout->setSuffix(tr(" s"));
    m_totalTimeout->setToolTip(tr("The whole request, retries and waits included, gives up after this long "
                                  "whatever the server does."));
    m_totalTimeout->setValue(explainsettings::totalTimeoutSec());
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_error->hide();

    QSettings qs;
    qs.beginGroup(QLatin1String(explainsettings::kGroup));
    m_baseUrl->setText(qs.value(QLatin1String(explainsettings::kBaseUrlKey)).toString());
    m_model->setText(qs.value(QLatin1String(explainsettings::kModelKey)).toString());

    auto* form = new QFormLayout;
    form->addRow(tr("&Base URL:"), m_baseUrl);
    form->addRow(tr("&Model:"), m_model);
    form->addRow(tr("API &key:"), m_key);
    form->addRow(QString(), m_remember);
    form->addRow(tr("&Give up after:"), m_totalTimeout);

    auto* privacy = new QLabel(
        tr("Only the analysis findings (verdict, frontier, culprits, victims, mismatches, health) are sent, "
           "never the dump files. Plain http:// is accepted only for a server on this machine."),
        this);
    privacy->setWordWrap(true);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &LlmSettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &LlmSettingsDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    // Outside the form: QFormLayout gives word-wrapped labels too little height and they overlap.
    layout->addWidget(m_keyNote);
    layout->addWidget(privacy);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    setMinimumWidth(520);
    refreshPlaceholders();
}

void LlmSettingsDialog::setHomeDir(const QString& homeDir)
{
    m_homeDir = homeDir;
    refreshPlaceholders();
}

void LlmSettingsDialog::refreshPlaceholders()
{
    // Placeholders show what an empty field means: the environment or the built-in default, not QSettings.
    const LlmSettings fallback = resolveLlmSettings({}, {}, m_homeDir);
    m_baseUrl->setPlaceholderText(fallback.baseUrl);
    m_model->setPlaceholderText(fallback.model);
    const QString keyPath = QDir::toNativeSeparators(storedApiKeyPath(m_homeDir));
    m_remember->setChecked(QFile::exists(storedApiKeyPath(m_homeDir)));

    // Say where the key comes from, never what it is.
    QString current;
    if (!m_sessionKey.isEmpty()) {
        m_key->setPlaceholderText(tr("empty: keep this session's key"));
        current = tr("A key entered earlier is kept in memory for this session.");
    } else if (!m_current.apiKey.isEmpty()) {
        m_key->setPlaceholderText(tr("empty: keep the current key"));
        current = tr("Current key from %1.").arg(m_current.keySourceDescription);
    } else {
        m_key->setPlaceholderText(tr("no key yet"));
        current = tr("No key found in LLM_API_KEY, LLM_API_KEY_FILE, ~/.llm_api_key or "
                     "~/.config/nvrx/llm_api_key.");
    }
    // The path sits in this wrapping note rather than in the checkbox, where a long home would be cut off.
    m_keyNote->setText(current + QLatin1Char('\n') +
                       tr("A remembered key is saved to %1, readable only by you; otherwise it is kept in "
                          "memory until FlightDeck quits.")
                           .arg(keyPath));
}

bool LlmSettingsDialog::apply(QString* error)
{
    LlmSettings probe;
    probe.baseUrl = m_baseUrl->text().trimmed();
    if (!probe.baseUrl.isEmpty()) {
        if (const auto problem = checkEndpointSecurity(probe.endpoint())) {
            *error = problem->message;
            return false;
        }
    }

    const QString typed = m_key->text().trimmed();
    QString failure;
    if (m_remember->isChecked()) {
        // Ticking "remember" later also keeps a key typed earlier in this session.
        const QString toStore = typed.isEmpty() ? m_sessionKey : typed;
        if (!toStore.isEmpty() && !storeApiKey(toStore, &failure, m_homeDir)) {
            *error = failure;
            return false;
        }
    } else {
        if (!forgetStoredApiKey(&failure, m_homeDir)) {
            *error = failure;
            return false;
        }
        // Forgetting the file must not take away the key this session is using right now.
        if (typed.isEmpty() && m_sessionKey.isEmpty() && m_current.keySource == LlmKeySource::ConfigFile)
            m_sessionKey = m_current.apiKey;
    }
    // A freshly typed key is used at once, even when the environment names another one.
    if (!typed.isEmpty())
        m_sessionKey = typed;

    explainsettings::save(m_baseUrl->text(), m_model->text(), m_totalTimeout->value());
    return true;
}

void LlmSettingsDialog::accept()
{
    QString error;
    if (!apply(&error)) {
        m_error->setText(scrubSecret(error, m_key->text().trimmed()));
        m_error->show();
        return;
    }
    m_key->clear(); // do not keep the key in a widget longer than needed
    QDialog::accept();
}

} // namespace fd

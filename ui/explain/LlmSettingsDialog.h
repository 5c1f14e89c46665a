#pragma once

#include "core/llm/LlmSettings.h"

#include <QDialog>

class QCheckBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fd {

// Settings > LLM...: base URL, model, API key and the overall deadline for the Explain panel.
// Base URL and model go to QSettings (group "llm"); empty fields mean "the default or NVRX_LLM_* from the
// environment", shown as placeholders. The key is written to ~/.config/nvrx/llm_api_key (owner-only) only
// when "remember" is ticked; otherwise it lives in memory for this session and a previously remembered key
// is forgotten. The key field never shows a stored key: it is empty with a note saying where the current
// key comes from.
class LlmSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    // `current`: what the panel uses now; `sessionKey`: a key kept in memory from an earlier visit.
    explicit LlmSettingsDialog(const LlmSettings& current, const QString& sessionKey = {},
                               QWidget* parent = nullptr);

    // Tests point the key file at a temporary home. Call before exec()/accept().
    void setHomeDir(const QString& homeDir);

    // After accept(): the key to keep in memory for this session (empty: use what the key files and the
    // environment give).
    QString sessionKey() const { return m_sessionKey; }

    QLineEdit* baseUrlEdit() const { return m_baseUrl; }
    QLineEdit* modelEdit() const { return m_model; }
    QLineEdit* keyEdit() const { return m_key; }
    QCheckBox* rememberBox() const { return m_remember; }
    QSpinBox* totalTimeoutEdit() const { return m_totalTimeout; }

public Q_SLOTS:
    void accept() override;

private:
    void refreshPlaceholders();
    bool apply(QString* error);

    LlmSettings m_current;
    QString m_sessionKey;
    QString m_homeDir;
    QLineEdit* m_baseUrl = nullptr;
    QLineEdit* m_model = nullptr;
    QLineEdit* m_key = nullptr;
    QCheckBox* m_remember = nullptr;
    QSpinBox* m_totalTimeout = nullptr;
    QLabel* m_keyNote = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace fd

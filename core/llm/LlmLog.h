#pragma once

#include <QLoggingCategory>

namespace fd {

// "fd.llm": quiet by default (the CLI and GUI show failures themselves); QT_LOGGING_RULES="fd.llm.info=true"
// traces requests, retries and outcomes. Nothing logged here ever contains the API key
// or the Authorization header; request bodies are logged by size only because they hold the user's findings.
Q_DECLARE_LOGGING_CATEGORY(lcLlm)

} // namespace fd

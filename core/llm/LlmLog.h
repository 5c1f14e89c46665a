#pragma once

#include <QLoggingCategory>

namespace fd {

// "fd.llm": enable with QT_LOGGING_RULES="fd.llm.debug=true". Nothing logged here ever contains the API key
// or the Authorization header; request bodies are logged by size only because they hold the user's findings.
Q_DECLARE_LOGGING_CATEGORY(lcLlm)

} // namespace fd

#include "LlmLog.h"

namespace fd {

Q_LOGGING_CATEGORY(lcLlm, "fd.llm", QtWarningMsg)

} // namespace fd

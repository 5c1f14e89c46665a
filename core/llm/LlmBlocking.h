#pragma once

#include "LlmError.h"
#include "LlmSettings.h"
#include "LlmTypes.h"

#include <functional>
#include <optional>

namespace fd {

struct LlmResult
{
    std::optional<LlmAnswer> answer;
    std::optional<LlmError> error;
    bool ok() const { return answer.has_value(); }
};

// For the CLI: runs one LlmClient request in a local QEventLoop and returns when it is done. Needs a
// QCoreApplication. With settings.stream and an `onChunk`, text is handed over as it arrives (print it
// and flush); the returned answer still holds all of it.
LlmResult askLlmBlocking(const LlmSettings& settings, const LlmMessages& messages,
                         const std::function<void(const QString&)>& onChunk = {});

} // namespace fd

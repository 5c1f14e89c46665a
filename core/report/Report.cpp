#include "Report.h"

namespace fd {

const char* Report::attributionState() const
{
    return analysis && analysis->verdict == Verdict::Stop ? "STOP" : "CONTINUE";
}

} // namespace fd

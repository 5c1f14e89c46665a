// libFuzzer entry point for HttpResponseParser, the capture's HTTP client: the input is a worker server's
// answer, fed in pieces whose size the first byte chooses (a server decides how its bytes arrive). Whatever
// the answer, the parser ends in one state, never holds a body over its cap nor more than a header block and
// one piece of unparsed bytes, and costs no more than linear time (CostBudget).

#include "CostBudget.h"

#include "core/capture/HttpResponseParser.h"

#include <QByteArray>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const fd::fuzz::CostBudget budget(size);
    constexpr std::int64_t kCap = 16 << 10;
    constexpr qsizetype kHeadLimit = 64 * 1024; // the parser's own limit on the header block
    const std::size_t piece = std::size_t(data[0]) * 3 + 1;
    fd::HttpResponseParser parser(kCap);
    const char* bytes = reinterpret_cast<const char*>(data + 1);
    const std::size_t n = size - 1;
    for (std::size_t at = 0; at < n && parser.state() == fd::HttpResponseParser::State::Incomplete;
         at += piece) {
        const std::size_t len = std::min(piece, n - at);
        parser.feed(QByteArray(bytes + at, qsizetype(len)));
        if (parser.body().size() > kCap + qsizetype(piece))
            std::abort(); // the cap is checked as bytes arrive, at most one piece late
        if (parser.state() == fd::HttpResponseParser::State::Incomplete &&
            parser.pendingBytes() > kHeadLimit + qsizetype(piece) + 4096)
            std::abort(); // unparsed bytes pile up: the answer would be held twice
    }
    const fd::HttpResponseParser::State end = parser.finish();
    if (end == fd::HttpResponseParser::State::Incomplete)
        std::abort();
    if (end == fd::HttpResponseParser::State::Failed && parser.error().isEmpty())
        std::abort();
    if (end == fd::HttpResponseParser::State::Done && parser.body().size() > kCap + qsizetype(piece))
        std::abort();
    return 0;
}

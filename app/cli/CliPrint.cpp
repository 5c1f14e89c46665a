#include "CliPrint.h"

namespace fd::cli {

void print(FILE* f, const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), f);
    std::fflush(f);
}

void printLine(FILE* f, const QString& line)
{
    print(f, line + QLatin1Char('\n'));
}

} // namespace fd::cli

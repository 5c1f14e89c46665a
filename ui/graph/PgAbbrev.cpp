#include "PgAbbrev.h"

#include <QStringList>

#include <array>
#include <utility>

namespace fd {

namespace {

// Names whose words alone would mislead: in the expert groups "MODEL" means expert-model parallel.
constexpr std::array<std::pair<const char*, const char*>, 7> kExact{{
    {"EXPERT_MODEL_PARALLEL_GROUP", "EP"},
    {"EXPERT_TENSOR_PARALLEL_GROUP", "ETP"},
    {"EXPERT_DATA_PARALLEL_GROUP", "EDP"},
    {"EXPERT_TENSOR_AND_MODEL_PARALLEL_GROUP", "ETP+EP"},
    {"EXPERT_TENSOR_MODEL_PIPELINE_PARALLEL_GROUP", "ETP+EP+PP"},
    {"INTRA_DISTRIBUTED_OPTIMIZER_INSTANCE_GROUP", "DistOpt"},
    {"POSITION_EMBEDDING_GROUP", "PosEmb"},
}};

// Word -> short form for the rest of Megatron-LM's parallel_state names. "MODEL" alone is model parallel
// (MODEL_PARALLEL_GROUP -> MP); after TENSOR or PIPELINE it is part of their name.
constexpr std::array<std::pair<const char*, const char*>, 7> kWords{{
    {"TENSOR", "TP"},
    {"DATA", "DP"},
    {"PIPELINE", "PP"},
    {"CONTEXT", "CP"},
    {"CP", "CP"},
    {"EMBEDDING", "Emb"},
    {"MODEL", "MP"},
}};

QString lookup(const auto& table, const QString& key)
{
    for (const auto& [from, to] : table)
        if (key == QLatin1String(from))
            return QLatin1String(to);
    return {};
}

} // namespace

QString abbreviatePgDesc(const QString& desc)
{
    if (const QString exact = lookup(kExact, desc); !exact.isEmpty())
        return exact;
    if (!desc.endsWith(QLatin1String("_GROUP")) && !desc.contains(QLatin1String("_GROUP_")))
        return desc;
    // Only well-known shapes are shortened: every word must be known, else the text stays as it is.
    QStringList parts;
    bool afterQualifier = false;
    for (const QString& w : desc.split(QLatin1Char('_'), Qt::SkipEmptyParts)) {
        if (w == QLatin1String("GROUP") || w == QLatin1String("PARALLEL") || w == QLatin1String("AND") ||
            w == QLatin1String("WITH"))
            continue;
        if (w == QLatin1String("MODEL") && afterQualifier) {
            afterQualifier = false;
            continue;
        }
        const QString s = lookup(kWords, w);
        if (s.isEmpty())
            return desc;
        afterQualifier = w == QLatin1String("TENSOR") || w == QLatin1String("PIPELINE");
        if (!parts.contains(s))
            parts << s;
    }
    return parts.isEmpty() ? desc : parts.join(QLatin1Char('+'));
}

} // namespace fd

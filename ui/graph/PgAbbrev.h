#pragma once

#include <QString>

namespace fd {

// Short names for Megatron-style process-group descriptions, so node titles and band labels stay readable
// in exported pictures: TENSOR_AND_DATA_PARALLEL_GROUP_WITH_CP -> "TP+DP+CP". Unknown descriptions come back
// unchanged (the painter elides them); the full text always stays in tooltips.
QString abbreviatePgDesc(const QString& desc);

} // namespace fd

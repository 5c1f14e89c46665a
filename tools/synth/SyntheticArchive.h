#pragma once

#include "SyntheticJob.h"

#include <QString>

namespace fd {

// Writes the job as one .tar.zst (members _dump_<rank>, in rank order) without its unpacked files ever
// touching disk: ranks are generated a batch at a time on the job's threads and each batch is compressed into
// the archive before the next is made, so memory holds one batch whatever the job's size. A 16,384-rank job
// of 20,000-entry buffers (about 70 GB of dumps) does not fit on a development disk unpacked; its archive
// does.
SyntheticJob::WriteResult writeSyntheticArchive(const SyntheticJob& job, const QString& archivePath);

} // namespace fd

#include "HeapRetention.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace fd {

void keepFreedHeapForReuse()
{
#ifdef __GLIBC__
    // Setting one threshold turns off glibc's adjustment of both, so both are set: a thread's heap is at most
    // 64 MB, so it is never trimmed; a mapping per allocation above 128 KB would fault its pages anew each
    // time.
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
}

} // namespace fd

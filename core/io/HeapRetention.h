#pragma once

namespace fd {

// For a process that loads a job and exits (flightdeck-cli, bench): keep the heap that a file's reading frees
// for the next file instead of giving it back to the kernel. glibc returns the free top of a loader thread's
// heap (megabytes per file at 20,000 entries: the memo, the value tree, the thread's entry buffers growing
// again) after each file, and touching it again for the next one costs a page fault per 4 KB: on a job of
// 1024 ranks x 20,000 entries, three times the faults the mapped dumps and the job itself need, and 40% of
// the process' system time. The peak is the same either way: what is kept is reused by the next file.
// Allocations of up to 32 MB then come from the heap, not from mappings of their own.
void keepFreedHeapForReuse();

} // namespace fd

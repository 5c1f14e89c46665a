#pragma once

#include <cstddef>

namespace fd {

// Reading a memory-mapped file that another process cuts short raises SIGBUS on the first page past the new
// end, and the default action kills the program. Ranks rewrite their dumps in place, so a dump being loaded
// can shrink under the reader (docs/hostile-input.md). While a mapping is guarded, a SIGBUS inside it maps a
// page of zeros over the vanished page (the systemd journal's technique: mmap is a plain system call on
// Linux, safe to make from the handler) and marks the mapping as cut; the reader then resumes, finishes on
// zeros, and its owner reports the file as changed instead of using what it read. A SIGBUS anywhere else goes
// to the handler that was there before (a sanitizer's, or the default: the program still dies on a real bus
// error).
class MappedFileGuard
{
public:
    // Guards [begin, begin + size). active() is false when every slot is taken (the caller then reads the
    // file into memory instead of mapping it).
    MappedFileGuard(const void* begin, std::size_t size);
    ~MappedFileGuard(); // stops guarding; call before unmapping
    MappedFileGuard(const MappedFileGuard&) = delete;
    MappedFileGuard& operator=(const MappedFileGuard&) = delete;

    bool active() const { return m_slot >= 0; }
    // A page of the mapping vanished while it was read (the file shrank): what was read is not the file.
    bool cut() const;

    // How many mappings can be guarded at once (loading runs one per thread; tests fill them all).
    static constexpr int kSlots = 256;

private:
    int m_slot = -1;
};

} // namespace fd

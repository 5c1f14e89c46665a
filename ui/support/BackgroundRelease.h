#pragma once

#include "LatestResult.h"

#include "core/threads/ThreadHandoff.h"

#include <memory>
#include <utility>

namespace fd {

// Destroys `value` on a worker thread. Replacing a large job's view data (a timeline layout of millions of
// boxes, say) would otherwise free it on the GUI thread, which takes tens of milliseconds. `value` must own
// only thread-agnostic data (containers, shared pointers to immutable results), never QObjects.
template <typename T> void releaseInBackground(T&& value)
{
    auto holder = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    runInPool([holder = std::move(holder)]() mutable {
        detail::yieldToGuiThread();
        holder.reset();
    });
}

} // namespace fd

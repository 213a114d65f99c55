#pragma once
// What happens to a background job, for benchmarks and tests: when it started, when a newer
// request superseded it, when its work returned on the pool thread, and whether its result was
// applied or dropped. `tilelens --bench-supersede` measures from Superseded to Returned how long
// a superseded job keeps working after the user moved on.

#include <QtGlobal>
#include <chrono>
#include <functional>

namespace tilelens::gui {

struct JobEvent
{
    enum class Kind
    {
        Started,
        Superseded, // a newer job replaced it (or it was cancelled): its result will be dropped
        Returned,   // its work returned on the pool thread (stamped there)
        Applied,
        Dropped,
    };
    Kind kind = Kind::Started;
    quint64 job = 0;
    std::chrono::steady_clock::time_point at;
    double processCpuMs = 0; // CPU time of the whole process at `at` (getrusage)
};

using JobObserver = std::function<void(const JobEvent&)>;

// The process's CPU time so far (user + system, all threads), in ms.
double processCpuMs();

// An event of `kind` for `job`, stamped now on the calling thread.
JobEvent stampJobEvent(JobEvent::Kind kind, quint64 job);

} // namespace tilelens::gui

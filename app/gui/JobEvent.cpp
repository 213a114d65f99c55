#include "JobEvent.h"

#include <sys/resource.h>

namespace tilelens::gui {

double processCpuMs()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto ms = [](const timeval& t) {
        return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3;
    };
    return ms(usage.ru_utime) + ms(usage.ru_stime);
}

JobEvent stampJobEvent(JobEvent::Kind kind, quint64 job)
{
    JobEvent e;
    e.kind = kind;
    e.job = job;
    e.at = std::chrono::steady_clock::now();
    e.processCpuMs = processCpuMs();
    return e;
}

} // namespace tilelens::gui

#include "WorkerPool.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <algorithm>
#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tilelens::gui {

void lowerWorkerPriority()
{
    // Once per pool thread: a little below the GUI thread, which then gets a
    // core first when both want one (Linux: nice is per thread, and the
    // differ's own threads inherit it).
    thread_local const bool lowered = [] {
#ifdef Q_OS_LINUX
        setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), kWorkerNice);
#endif
        return true;
    }();
    Q_UNUSED(lowered);
}

QThreadPool* workerPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        // A selection's sources and diff load at the same time.
        pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
        pool.setObjectName(QStringLiteral("tilelensWorkers"));
        // Drained when the application object goes, before exit() destroys
        // statics: a task still parsing or diffing then would use the
        // parser's and differ's static tables after they are freed (the pool
        // itself, constructed before them, is destroyed after them).
        qAddPostRoutine([] {
            pool.clear();
            pool.waitForDone();
        });
        return true;
    }();
    Q_UNUSED(configured);
    return &pool;
}

QThreadPool* backgroundPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount()));
        pool.setObjectName(QStringLiteral("tilelensBackground"));
        qAddPostRoutine([] { // as workerPool()'s
            pool.clear();
            pool.waitForDone();
        });
        return true;
    }();
    Q_UNUSED(configured);
    return &pool;
}

} // namespace tilelens::gui

#include "common/WorkerPool.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>
#include <algorithm>
#ifdef Q_OS_LINUX
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace tilelens {

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

namespace {

// Sizes and names a pool once, and drains it when the application object goes, before exit()
// destroys statics: a task still parsing or diffing then would use the parser's and differ's
// static tables after they are freed (the pool itself, constructed before them, is destroyed
// after them).
template <QThreadPool* (*Pool)()>
bool setUpPool(QThreadPool& pool, int minThreads, const QString& name)
{
    pool.setMaxThreadCount(std::max(minThreads, QThread::idealThreadCount()));
    pool.setObjectName(name);
    qAddPostRoutine([] {
        Pool()->clear();
        Pool()->waitForDone();
    });
    return true;
}

} // namespace

QThreadPool* workerPool()
{
    static QThreadPool pool;
    // A selection's sources and diff load at the same time.
    static const bool configured =
        setUpPool<workerPool>(pool, 2, QStringLiteral("tilelensWorkers"));
    Q_UNUSED(configured);
    return &pool;
}

QThreadPool* backgroundPool()
{
    static QThreadPool pool;
    static const bool configured =
        setUpPool<backgroundPool>(pool, 1, QStringLiteral("tilelensBackground"));
    Q_UNUSED(configured);
    return &pool;
}

} // namespace tilelens

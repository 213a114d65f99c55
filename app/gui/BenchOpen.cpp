#include "BenchOpen.h"

#include "MainWindow.h"
#include "SyntheticPair.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>
#include <cstdio>
#include <ctime>
#include <functional>

namespace tilelens::gui {
namespace {

constexpr int kHeartbeatMs = 2;

// CPU time of the calling thread: a stall with little of it was spent waiting
// (other processes on the cores, locks), not working.
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

qint64 peakRssKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

BenchOpenResult run(const std::function<void(MainWindow&)>& open, const QElapsedTimer& launch,
                    int timeoutMs)
{
    BenchOpenResult r;
    MainWindow window(MainWindow::Options{false});
    window.resize(1600, 1000);
    window.show();
    window.showInspector();
    r.windowShownMs = launch.elapsed();
    QObject::connect(&window.session(), &InspectorSession::diffChanged, &window, [&] {
        if (const auto analysis = window.session().diff(); analysis && !r.diffArrivedMs) {
            r.diffArrivedMs = launch.elapsed();
            r.diffComputeMs = analysis->elapsed.count();
        }
    });
    QObject::connect(&window, &MainWindow::sourcesShown, &window,
                     [&] { r.sourcesShownMs = launch.elapsed(); });

    // Stalls are measured from the open on: building the window is launch.
    QElapsedTimer sinceTick;
    sinceTick.start();
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    double lastCpu = threadCpuMs();
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const qint64 stall = sinceTick.elapsed() - kHeartbeatMs;
        const double cpu = threadCpuMs();
        if (stall > r.longestStallMs) {
            r.longestStallMs = stall;
            r.longestStallCpuMs = qint64(cpu - lastCpu);
        }
        lastCpu = cpu;
        sinceTick.restart();
    });
    heartbeat.start(kHeartbeatMs);
    open(window);
    QDeadlineTimer deadline(timeoutMs);
    while (window.isLoading() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
    window.showInspector();
    // The aligned panes painted once: a synchronous repaint of the window.
    window.repaint();
    r.firstPaintMs = launch.elapsed();
    // A few more turns so a stall right after the paint is measured too.
    QDeadlineTimer settle(100);
    while (!settle.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    r.ok = !window.isLoading() && window.session().diffResult() != nullptr;
    if (const diff::DiffResult* result = window.session().diffResult())
        r.divergences = static_cast<int>(result->divergences.size());
    r.peakRssKb = peakRssKb();
    return r;
}

} // namespace

BenchOpenResult benchOpen(const QString& path, const QElapsedTimer& launch, int timeoutMs)
{
    return run([&](MainWindow& w) { w.openWorkspace(path); }, launch, timeoutMs);
}

BenchOpenResult benchOpenPair(const QString& reference, const QString& generated,
                              const QElapsedTimer& launch, int timeoutMs)
{
    return run([&](MainWindow& w) { w.openIrPair(reference, generated); }, launch, timeoutMs);
}

int runBenchOpen(const QString& path, const QElapsedTimer& launch, int syntheticOps)
{
    BenchOpenResult r;
    if (syntheticOps > 0) {
        QTemporaryDir dir;
        const SyntheticPair pair =
            writeSyntheticPair(kernelFilesIn(path), syntheticOps, dir.path());
        if (!pair.ok()) {
            std::fprintf(stderr, "tilelens: no kernel entries (*.mlir) in %s\n",
                         path.toLocal8Bit().constData());
            return 3;
        }
        std::printf("bench-open: synthetic pair, %d ops per side, %d planted changes "
                    "(written %lld ms after launch)\n",
                    pair.opsPerSide, pair.plantedChanges, static_cast<long long>(launch.elapsed()));
        // Launch -> painted counts from here: writing the files is not the app's work.
        QElapsedTimer start;
        start.start();
        r = benchOpenPair(pair.reference, pair.generated, start);
    } else {
        std::printf("bench-open: %s\n", path.toLocal8Bit().constData());
        r = benchOpen(path, launch);
    }
    std::printf("window shown: %lld ms after launch\n", static_cast<long long>(r.windowShownMs));
    std::printf("sources shown: %lld ms\n", static_cast<long long>(r.sourcesShownMs));
    std::printf("diff arrived: %lld ms (worker: %lld ms read+parse+diff)\n",
                static_cast<long long>(r.diffArrivedMs), static_cast<long long>(r.diffComputeMs));
    std::printf("first aligned diff painted: %lld ms after launch (GUI apply after arrival: "
                "%lld ms)\n",
                static_cast<long long>(r.firstPaintMs),
                static_cast<long long>(r.diffArrivedMs ? r.firstPaintMs - r.diffArrivedMs : 0));
    std::printf("longest event-loop stall: %lld ms (GUI thread CPU in it: %lld ms)\n",
                static_cast<long long>(r.longestStallMs),
                static_cast<long long>(r.longestStallCpuMs));
    std::printf("peak RSS: %.1f MB\n", double(r.peakRssKb) / 1024.0);
    std::printf("divergences: %d\n", r.divergences);
    std::fflush(stdout);
    if (!r.ok) {
        std::fprintf(stderr, "tilelens: %s did not load a diff\n", path.toLocal8Bit().constData());
        return 3;
    }
    return 0;
}

} // namespace tilelens::gui

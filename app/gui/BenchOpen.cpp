#include "BenchOpen.h"

#include "MainWindow.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFile>
#include <QTimer>
#include <cstdio>

namespace tilelens::gui {
namespace {

constexpr int kHeartbeatMs = 2;

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

} // namespace

BenchOpenResult benchOpen(const QString& path, const QElapsedTimer& launch, int timeoutMs)
{
    BenchOpenResult r;
    MainWindow window(MainWindow::Options{false});
    window.resize(1600, 1000);
    window.show();
    window.showInspector();
    r.windowShownMs = launch.elapsed();

    // Stalls are measured from the open on: building the window is launch.
    QElapsedTimer sinceTick;
    sinceTick.start();
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        r.longestStallMs = std::max(r.longestStallMs, sinceTick.elapsed() - kHeartbeatMs);
        sinceTick.restart();
    });
    heartbeat.start(kHeartbeatMs);
    window.openWorkspace(path);
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

int runBenchOpen(const QString& path, const QElapsedTimer& launch)
{
    const BenchOpenResult r = benchOpen(path, launch);
    std::printf("bench-open: %s\n", path.toLocal8Bit().constData());
    std::printf("window shown: %lld ms after launch\n", static_cast<long long>(r.windowShownMs));
    std::printf("first aligned diff painted: %lld ms after launch\n",
                static_cast<long long>(r.firstPaintMs));
    std::printf("longest event-loop stall: %lld ms\n", static_cast<long long>(r.longestStallMs));
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

#pragma once
// `tilelens --bench-open PATH`: opens PATH in an (offscreen-capable) main
// window and prints launch -> first aligned diff painted (ms), peak RSS and
// the longest event-loop stall while loading (a 2 ms QTimer heartbeat
// measures the gaps between its ticks).

#include <QElapsedTimer>
#include <QString>

namespace tilelens::gui {

struct BenchOpenResult
{
    bool ok = false;
    qint64 windowShownMs = 0;  // since \a launch: the empty window is up
    qint64 firstPaintMs = 0;   // since \a launch
    qint64 longestStallMs = 0; // largest gap between heartbeats minus the period
    qint64 peakRssKb = 0;      // VmHWM, 0 where /proc is missing
    int divergences = 0;
};

BenchOpenResult benchOpen(const QString& path, const QElapsedTimer& launch, int timeoutMs = 120000);

// Runs benchOpen and prints the numbers; exit code 0, or 3 when loading
// did not finish or no diff was produced.
int runBenchOpen(const QString& path, const QElapsedTimer& launch);

} // namespace tilelens::gui

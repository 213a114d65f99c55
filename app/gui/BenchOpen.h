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
    qint64 windowShownMs = 0;     // since \a launch: the empty window is up
    qint64 firstPaintMs = 0;      // since \a launch
    qint64 longestStallMs = 0;    // largest gap between heartbeats minus the period
    qint64 longestStallCpuMs = 0; // GUI thread CPU time within that gap
    qint64 peakRssKb = 0;         // VmHWM, 0 where /proc is missing
    int divergences = 0;
    // Where the time goes (ms since launch; 0 when not reached):
    qint64 diffArrivedMs = 0;  // the worker's PairAnalysis reached the GUI thread
    qint64 diffComputeMs = 0;  // inside the worker: read + parse + diff + links
    qint64 sourcesShownMs = 0; // all four panes hold their text
};

BenchOpenResult benchOpen(const QString& path, const QElapsedTimer& launch, int timeoutMs = 120000);
// The same for a plain two-file comparison of \a reference and \a generated.
BenchOpenResult benchOpenPair(const QString& reference, const QString& generated,
                              const QElapsedTimer& launch, int timeoutMs = 120000);

// Runs benchOpen and prints the numbers; exit code 0, or 3 when loading
// did not finish or no diff was produced. With \a syntheticOps > 0, \a path
// is a directory of kernels (*.mlir) replicated into a pair of about that
// many ops per side (see SyntheticPair.h), written to a temporary directory.
int runBenchOpen(const QString& path, const QElapsedTimer& launch, int syntheticOps = 0);

} // namespace tilelens::gui

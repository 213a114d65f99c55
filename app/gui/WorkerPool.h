#pragma once
// The thread pool for the inspector's own background work (discovery, file
// loading, parsing and diffing). Not QThreadPool::globalInstance(): Qt's
// raster paint engine splits some drawing over the global pool and waits for
// it, so a second-long diff there froze painting for as long (measured:
// 500-600 ms stalls on a 2x100k-op pair on 2 cores).

class QThreadPool;

namespace tilelens::gui {

QThreadPool* workerPool();

// Niceness of the pool's threads (Linux), relative to the GUI thread's 0.
constexpr int kWorkerNice = 5;

// Call first in each task run on workerPool(): lowers the priority of the
// pool thread it runs on (once per thread).
void lowerWorkerPriority();

// The pool for background work nobody waits on while the inspector loads:
// the dashboard's live IR verdict of every kernel, which diffs every variant
// again (for a single-kernel workspace or an IR pair, the very diff the
// inspector is computing). Not the global pool, for the raster engine's sake
// (above), and below the inspector's workers: on the 2x100k-op pair this
// second diff on the global pool at the GUI's priority made the first paint
// 40% slower and the longest stall a wait for a core.
QThreadPool* backgroundPool();

// Niceness of the background pool's threads (Linux).
constexpr int kBackgroundNice = 19;

// Call first in each task run on backgroundPool() (once per thread).
void lowerBackgroundPriority();

} // namespace tilelens::gui

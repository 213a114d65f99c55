#pragma once
// TileLens's own thread pools for background work (discovery, file loading, parsing, diffing,
// built-in pipeline stages). Not QThreadPool::globalInstance(): Qt's raster paint engine splits
// some drawing over the global pool and waits for it, so a second-long diff there froze
// painting for as long (measured: 500-600 ms stalls on a 2x100k-op pair on 2 cores). Qt Core
// only, so the pipeline's built-in stages use the same pools in the GUI and in the CLI.

class QThreadPool;

namespace tilelens {

// The pool for the inspector's own work (a selection's files and diff, opening a workspace).
QThreadPool* workerPool();

// Niceness of the pool's threads (Linux), relative to the GUI thread's 0.
constexpr int kWorkerNice = 5;

// Call first in each task run on workerPool() or backgroundPool(): lowers the priority of the
// pool thread it runs on (once per thread).
void lowerWorkerPriority();

// The pool for background work of whole workspaces (the dashboard's live IR verdict of every
// kernel, the built-in pipeline stages), which may take long: not workerPool(), where it would
// hold up the inspector's loads, nor Qt's global pool (above). Tasks call
// lowerWorkerPriority() too.
QThreadPool* backgroundPool();

} // namespace tilelens

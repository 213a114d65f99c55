#pragma once
// Confinement of the paths a stage writes (log_copy, outputs, verdict_file,
// TileLens' own .tilelens/ records) to its workspace (issue 14, S3). A path
// is judged the way the kernel will resolve it when it is opened: `..` and
// every symbolic link on it resolved, including a dangling last one, and
// components that do not exist yet kept as written.

#include <QString>

namespace tilelens::pipeline {

// `absolutePath` with every symbolic link resolved; missing components are kept.
// Empty when a link loop (more than 40 links) makes it unresolvable.
QString physicalPath(const QString& absolutePath);

// True when `absolutePath` (a glob is judged by its part before the first wildcard)
// resolves to `kernelDir` or below it. `resolved` receives where it resolves to.
bool isInsideWorkspace(const QString& kernelDir, const QString& absolutePath,
                       QString* resolved = nullptr);

} // namespace tilelens::pipeline

#pragma once
// Helpers for the panel tests: copies of the bundled examples in a temp dir
// and a session opened on a path.

#include "InspectorSession.h"

#include <QString>
#include <memory>

namespace tilelens::test {

// Copies every file below `from` into `to` (created); false on any I/O error.
bool copyTree(const QString& from, const QString& to);

// A session whose workspace is discoverWorkspace(path), with `kernel` selected
// (-1: none).
std::unique_ptr<gui::InspectorSession> openSession(const QString& path, int kernel = 0);

// Index of the kernel named `name` in the session's workspace, -1 when absent.
int kernelIndex(const gui::InspectorSession& session, const QString& name);

} // namespace tilelens::test

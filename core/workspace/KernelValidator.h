#pragma once
// `validate --scope kernel`: the file and content checks of TileGym's
// validate_kernel.sh (port-workspace.md §3.7) that need no GPU and no cargo.
// The in-tree checks (crate, wrapper, registration, test wiring) run when a
// TileGym checkout is given; the built library and its `nm` symbols are never
// checked here.

#include "workspace/ValidationResult.h"

#include <QString>

namespace tilelens::ws {

// A missing kernel directory is an input error (exit 3), not a FAIL.
ValidationResult validateKernelDir(const QString& kernelDir,
                                   const QString& tilegymRoot = QString());

} // namespace tilelens::ws
